// traincalc — cli/main.cpp
// The command-line tool on the same core: scenario JSON in, estimate JSON (or a Markdown
// report) out; catalog listings; URL hashes. All file and console I/O lives here, not in core/.
//
// Index of this file:
// [SECTION] Usage text
// [SECTION] Arguments
// [SECTION] Input and error output
// [SECTION] Commands: estimate, gpus, models, hash
// [SECTION] main()
//
// Exit codes: 0 success; 2 invalid input (bad arguments, unreadable file, bad JSON, bad
// field), with {"errors":[{"field":...,"message":...}]} on stdout; 1 internal failure.

#include "core/catalog.h"
#include "core/estimate.h"
#include "core/json_write.h"
#include "core/explain.h"
#include "core/limits.h"
#include "core/safe_text.h"
#include "core/scenario.h"
#include "core/url.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace traincalc;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Usage text
//-----------------------------------------------------------------------------

const char kUsage[] =
    "traincalc — GPU training time, memory and cost estimator\n"
    "\n"
    "usage:\n"
    "  traincalc estimate FILE|-  [--text] [--lang en|zh] [--catalog FILE]\n"
    "      Reads a scenario (JSON, DESIGN.md keys) and prints the estimate as JSON,\n"
    "      or as a Markdown report with --text.\n"
    "  traincalc gpus   [--json] [--catalog FILE]   List the GPU catalog.\n"
    "  traincalc models [--json] [--catalog FILE]   List the model catalog.\n"
    "  traincalc hash FILE|-  [--embed] [--lang en|zh] [--catalog FILE]\n"
    "      Prints the URL hash (#s=...) that opens the page on this scenario.\n"
    "  traincalc --help\n"
    "\n"
    "  --catalog FILE   a provider catalog {\"mode\":\"extend\"|\"replace\",\"gpus\":[...],\"models\":[...]}\n"
    "                   merged over the built-in one.\n"
    "  --lang en|zh     language of warnings, errors and the report (default en).\n"
    "\n"
    "exit status: 0 success, 2 invalid input (errors as JSON on stdout), 1 internal failure.\n";

//-----------------------------------------------------------------------------
// [SECTION] Arguments
//-----------------------------------------------------------------------------

struct Args {
    std::string command;
    std::string file;
    std::string catalog_file;
    Lang lang = Lang::en;
    std::string lang_text;             // as given, for the hash
    bool text = false;
    bool json = false;
    bool embed = false;
    bool help = false;
};

//-----------------------------------------------------------------------------
// [SECTION] Input and error output
//-----------------------------------------------------------------------------

int print_errors(const std::vector<FieldError>& errors, Lang lang) {
    std::cout << errors_to_json(errors, lang, 2) << "\n";
    return 2;
}

int usage_error(const std::string& en, const std::string& zh, Lang lang) {
    std::cerr << kUsage;
    return print_errors({FieldError{"arguments", en, zh}}, lang);
}

// Whole file (or stdin for "-") as text, at most `max_bytes` (core/limits.h, as in the page).
// False with one error naming `field` when it is missing, a directory, unreadable or longer
// (an endless stream such as /dev/zero stops at max_bytes + 1).
bool read_input(const std::string& path, size_t max_bytes, const char* field, const char* what_en,
                const char* what_zh, std::string& out, std::vector<FieldError>& errors) {
    out.clear();
    const std::string shown = "\"" + plain_text(path) + "\"";
    auto fail = [&](const std::string& en, const std::string& zh) {
        errors.push_back({field, "cannot read " + shown + ": " + en, "无法读取 " + shown + "：" + zh});
        return false;
    };
    std::FILE* f = stdin;
    if (path != "-") {
        struct stat st;
        if (::stat(path.c_str(), &st) != 0) return fail(std::strerror(errno), std::strerror(errno));
        if (S_ISDIR(st.st_mode)) return fail("it is a directory", "这是一个目录");
        f = std::fopen(path.c_str(), "rb");
        if (!f) return fail(std::strerror(errno), std::strerror(errno));
    }
    char buf[64 * 1024];
    bool failed = false;
    while (out.size() <= max_bytes) {
        const size_t want = std::min(sizeof buf, max_bytes + 1 - out.size());
        const size_t n = std::fread(buf, 1, want, f);
        out.append(buf, n);
        if (n < want) { failed = std::ferror(f) != 0; break; }
    }
    const int read_errno = errno;
    if (f != stdin) std::fclose(f);
    if (failed) return fail(std::strerror(read_errno), std::strerror(read_errno));
    if (out.size() > max_bytes) { // the rest is never read: the size is only known to be over
        const std::string max = plain_number(static_cast<double>(max_bytes));
        errors.push_back({field, shown + ": " + what_en + " is too long: more than " + max + " bytes",
                          shown + "：" + what_zh + "过长：超过 " + max + " 字节"});
        out.clear();
        return false;
    }
    return true;
}

bool parse_args(int argc, char** argv, Args& a, std::vector<FieldError>& errors) {
    std::vector<std::string> positional;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        auto value = [&](const char* name, std::string& out) {
            if (i + 1 >= argc) {
                errors.push_back({"arguments", std::string(name) + " needs a value", std::string(name) + " 需要一个值"});
                return;
            }
            out = argv[++i];
        };
        if (arg == "--help" || arg == "-h" || arg == "help") a.help = true;
        else if (arg == "--text") a.text = true;
        else if (arg == "--json") a.json = true;
        else if (arg == "--embed") a.embed = true;
        else if (arg == "--catalog") value("--catalog", a.catalog_file);
        else if (arg == "--lang") {
            value("--lang", a.lang_text);
            if (a.lang_text == "zh") a.lang = Lang::zh;
            else if (a.lang_text != "en" && !a.lang_text.empty())
                errors.push_back({"arguments", "--lang must be en or zh, got \"" + a.lang_text + "\"",
                                  "--lang 必须是 en 或 zh，实际为 \"" + a.lang_text + "\""});
        } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
            errors.push_back({"arguments", "unknown option \"" + arg + "\"", "未知的选项 \"" + arg + "\""});
        } else positional.push_back(arg);
    }
    if (!positional.empty()) a.command = positional[0];
    if (positional.size() > 1) a.file = positional[1];
    if (positional.size() > 2)
        errors.push_back({"arguments", "too many arguments: \"" + positional[2] + "\"",
                          "参数过多：\"" + positional[2] + "\""});
    return errors.empty();
}

// The built-in catalog with the provider's catalog (if any) merged over it.
bool load_catalog(const Args& a, Catalog& out, std::vector<FieldError>& errors) {
    CatalogResult builtin = parse_catalog(builtin_catalog_json());
    for (const FieldError& e : builtin.errors) std::cerr << "built-in catalog: " << e.message << "\n";
    out = std::move(builtin.catalog);
    if (a.catalog_file.empty()) return true;
    std::string text;
    if (!read_input(a.catalog_file, limits::kMaxCatalogBytes, "catalog", "the catalog", "目录", text, errors))
        return false;
    CatalogResult merged = merge_catalog(out, text);
    out = std::move(merged.catalog);
    for (FieldError& e : merged.errors) {
        e.field = e.field.empty() ? "catalog" : "catalog." + e.field;
        errors.push_back(std::move(e));
    }
    return errors.empty();
}

// Reads and validates the scenario named by the FILE argument.
bool load_scenario(const Args& a, const Catalog& catalog, Scenario& out, std::vector<FieldError>& errors) {
    if (a.file.empty()) {
        errors.push_back({"arguments", a.command + " needs a scenario FILE (or - for stdin)",
                          a.command + " 需要一个场景文件 FILE（或用 - 表示标准输入）"});
        return false;
    }
    std::string text;
    if (!read_input(a.file, limits::kMaxScenarioBytes, "file", "the scenario", "场景", text, errors)) return false;
    ScenarioResult r = scenario_from_json(text, catalog);
    errors = std::move(r.errors);
    if (!errors.empty()) return false;
    errors = validate(r.scenario, catalog);
    out = std::move(r.scenario);
    return errors.empty();
}

//-----------------------------------------------------------------------------
// [SECTION] Commands
//-----------------------------------------------------------------------------

int cmd_estimate(const Args& a) {
    Catalog catalog;
    std::vector<FieldError> errors;
    Scenario s;
    if (!load_catalog(a, catalog, errors) || !load_scenario(a, catalog, s, errors)) return print_errors(errors, a.lang);
    Estimate e = estimate(s, catalog);
    if (!e.ok) return print_errors(e.errors, a.lang);
    if (a.text) std::cout << report_markdown(e, catalog, a.lang); // with the computed remedies when it does not fit
    else std::cout << estimate_to_json(e, a.lang) << "\n";
    return 0;
}

int cmd_hash(const Args& a) {
    Catalog catalog;
    std::vector<FieldError> errors;
    Scenario s;
    if (!load_catalog(a, catalog, errors) || !load_scenario(a, catalog, s, errors)) return print_errors(errors, a.lang);
    const std::string link = encode_hash(s, a.embed, a.lang_text);
    std::vector<FieldError> too_long = check_hash_length(link); // the page would refuse it
    if (!too_long.empty()) return print_errors(too_long, a.lang);
    std::cout << link << "\n";
    return 0;
}

// Left-aligned column text padded to `width` display columns (ASCII catalog ids and names).
// Provider text is made terminal-safe first (no escapes, one line, cut between characters).
std::string pad(const std::string& raw, size_t width) {
    const std::string text = plain_text(raw, 60);
    return text.size() >= width ? text + " " : text + std::string(width - text.size(), ' ');
}

std::string num(double v) { return plain_number(v); }

// Parameters in billions, one decimal: "7.6".
std::string billions(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v / 1e9);
    return buf;
}

int cmd_gpus(const Args& a) {
    Catalog catalog;
    std::vector<FieldError> errors;
    if (!load_catalog(a, catalog, errors)) return print_errors(errors, a.lang);
    if (a.json) {
        std::cout << gpus_to_json(catalog.gpus) << "\n";
        return 0;
    }
    std::cout << pad("id", 14) << pad("name", 34) << pad("GiB", 6) << pad("TFLOPS16", 10) << pad("FP8", 8)
              << pad("CNY/h", 8) << "CC\n";
    for (const GpuSpec& g : catalog.gpus)
        std::cout << pad(g.id, 14) << pad(g.name, 34) << pad(num(g.memory_gib), 6) << pad(num(g.tflops_16bit), 10)
                  << pad(num(g.tflops_fp8), 8) << pad(num(g.price_cny_per_hour), 8) << num(g.compute_capability)
                  << "\n";
    return 0;
}

int cmd_models(const Args& a) {
    Catalog catalog;
    std::vector<FieldError> errors;
    if (!load_catalog(a, catalog, errors)) return print_errors(errors, a.lang);
    if (a.json) {
        std::cout << models_to_json(catalog.models) << "\n";
        return 0;
    }
    std::cout << pad("id", 22) << pad("params(B)", 10) << pad("active(B)", 10) << pad("layers", 7) << pad("hidden", 7)
              << pad("heads", 6) << pad("kv", 4) << pad("vocab", 8) << "context\n";
    for (const ModelSpec& m : catalog.models)
        std::cout << pad(m.id, 22) << pad(billions(m.params), 10)
                  << pad(billions(m.active_params > 0 ? m.active_params : m.params), 10) << pad(num(m.layers), 7)
                  << pad(num(m.hidden), 7) << pad(num(m.heads), 6) << pad(num(m.kv_heads > 0 ? m.kv_heads : m.heads), 4)
                  << pad(num(m.vocab), 8) << num(m.context) << "\n";
    return 0;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] main()
//-----------------------------------------------------------------------------

int main(int argc, char** argv) {
    Args a;
    std::vector<FieldError> errors;
    bool ok = parse_args(argc, argv, a, errors);
    if (a.help || (ok && a.command.empty())) {
        std::cout << kUsage;
        return a.help ? 0 : 2;
    }
    if (!ok) {
        std::cerr << kUsage;
        return print_errors(errors, a.lang);
    }
    if (a.command == "estimate") return cmd_estimate(a);
    if (a.command == "hash") return cmd_hash(a);
    if (a.command == "gpus") return cmd_gpus(a);
    if (a.command == "models") return cmd_models(a);
    return usage_error("unknown command \"" + a.command + "\" (estimate, gpus, models, hash)",
                       "未知的命令 \"" + a.command + "\"（estimate、gpus、models、hash）", a.lang);
}

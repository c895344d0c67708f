// traincalc — cli/main.cpp
// The command-line tool on the same core: scenario JSON in, estimate JSON (or a Markdown
// report) out; catalog listings; URL hashes. All file and console I/O lives here, not in core/.
//
// Index of this file:
// [SECTION] Usage text
// [SECTION] Arguments
// [SECTION] Input and error output
// [SECTION] Commands: estimate, largest-batch, gpus, models, hash
// [SECTION] Commands: import, export (configs of LLaMA-Factory, axolotl, DeepSpeed, Transformers/TRL)
// [SECTION] main()
//
// Exit codes: 0 success; 2 invalid input (bad arguments, unreadable file, bad JSON, bad
// field), with {"errors":[{"field":...,"message":...}]} on stdout; 1 internal failure.

#include "cli/mcp.h"
#include "cli/yaml_json.h"
#include "core/catalog.h"
#include "core/config_export.h"
#include "core/config_import.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/inverse.h"
#include "core/json_read.h"
#include "core/json_write.h"
#include "core/limits.h"
#include "core/safe_text.h"
#include "core/scenario.h"
#include "core/url.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <sys/stat.h>
#include <system_error>
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
    "  traincalc estimate FILE|- [FILE...]  [--kind K] [--text] [--inverse] [--lang en|zh] [--catalog FILE]\n"
    "      Reads a scenario (JSON, docs/design.md keys) and prints the estimate as JSON,\n"
    "      or as a Markdown report with --text. Each further FILE (and a FILE that is not a\n"
    "      scenario) is a config imported over it: see import. --inverse adds the inverse answers.\n"
    "  traincalc import FILE [FILE...]  [--kind K] [--lang en|zh] [--catalog FILE]\n"
    "      Reads LLaMA-Factory or axolotl YAML, a DeepSpeed JSON, Transformers/TRL training\n"
    "      arguments or a model's config.json (each over the previous; a scenario JSON first is\n"
    "      the base) and prints the scenario with the keys applied, resolved, ignored and unused.\n"
    "      --kind auto|llamafactory|axolotl|deepspeed|hf_training_args|hf_config (default auto).\n"
    "  traincalc export --format llamafactory|deepspeed|accelerate|launch FILE [FILE...]\n"
    "  traincalc export --out DIR FILE [FILE...]\n"
    "      Estimates the scenario (files as for estimate) and writes the plan as a config:\n"
    "      one format to stdout, or every format into DIR (made if missing). Notes go to stderr.\n"
    "  traincalc mcp [--catalog FILE]\n"
    "      Model Context Protocol server on stdin/stdout (JSON-RPC 2.0, one message a line):\n"
    "      tools estimate, compare_gpus, import_config, export_config.\n"
    "  traincalc largest-batch FILE|-  [--text] [--lang en|zh] [--catalog FILE]\n"
    "      The inverse questions on the scenario's cards: the largest micro-batch and the\n"
    "      longest sequence that fit (and the strategy), the most tokens `budget` buys, the\n"
    "      cheapest GPU × cards × plan meeting `deadline_hours`. JSON, or lines with --text.\n"
    "  traincalc gpus   [--json] [--catalog FILE]   List the GPU catalog.\n"
    "  traincalc models [--json] [--catalog FILE]   List the model catalog.\n"
    "  traincalc hash FILE|-  [--embed] [--lang en|zh] [--catalog FILE]\n"
    "      Prints the URL hash (#s=...) that opens the page on this scenario.\n"
    "  traincalc --help\n"
    "\n"
    "  --catalog FILE   a provider catalog "
    "{\"mode\":\"extend\"|\"replace\",\"gpus\":[...],\"models\":[...]}\n"
    "                   merged over the built-in one.\n"
    "  --lang en|zh     language of warnings, errors and the report (default en).\n"
    "\n"
    "exit status: 0 success, 2 invalid input (errors as JSON on stdout), 1 internal failure.\n";

//-----------------------------------------------------------------------------
// [SECTION] Arguments
//-----------------------------------------------------------------------------

struct Args {
    std::string command;
    std::string file;               // the first FILE
    std::vector<std::string> files; // every FILE (estimate, import, export take several)
    std::string kind_text;          // --kind
    std::string format_text;        // --format
    std::string out_dir;            // --out
    std::string catalog_file;
    Lang lang = Lang::en;
    std::string lang_text; // as given, for the hash
    bool text = false;
    bool json = false;
    bool embed = false;
    bool help = false;
    bool inverse = false; // estimate --inverse
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
        if (n < want) {
            failed = std::ferror(f) != 0;
            break;
        }
    }
    const int read_errno = errno;
    if (f != stdin) std::fclose(f);
    if (failed) return fail(std::strerror(read_errno), std::strerror(read_errno));
    if (out.size() > max_bytes) { // the rest is never read: the size is only known to be over
        FieldError e = detail::over_cap_error(field, what_en, what_zh, max_bytes); // the page's words too
        e.message = shown + ": " + e.message;
        e.message_zh = shown + "：" + e.message_zh;
        errors.push_back(std::move(e));
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
                errors.push_back(
                    {"arguments", std::string(name) + " needs a value", std::string(name) + " 需要一个值"});
                return;
            }
            out = argv[++i];
        };
        if (arg == "--help" || arg == "-h" || arg == "help")
            a.help = true;
        else if (arg == "--text")
            a.text = true;
        else if (arg == "--json")
            a.json = true;
        else if (arg == "--embed")
            a.embed = true;
        else if (arg == "--inverse")
            a.inverse = true;
        else if (arg == "--catalog")
            value("--catalog", a.catalog_file);
        else if (arg == "--kind")
            value("--kind", a.kind_text);
        else if (arg == "--format")
            value("--format", a.format_text);
        else if (arg == "--out")
            value("--out", a.out_dir);
        else if (arg == "--lang") {
            value("--lang", a.lang_text);
            if (a.lang_text == "zh")
                a.lang = Lang::zh;
            else if (a.lang_text != "en" && !a.lang_text.empty())
                errors.push_back({"arguments", "--lang must be en or zh, got \"" + a.lang_text + "\"",
                                  "--lang 必须是 en 或 zh，实际为 \"" + a.lang_text + "\""});
        } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
            errors.push_back({"arguments", "unknown option \"" + arg + "\"", "未知的选项 \"" + arg + "\""});
        } else
            positional.push_back(arg);
    }
    if (!positional.empty()) a.command = positional[0];
    if (positional.size() > 1) a.file = positional[1];
    for (size_t i = 1; i < positional.size(); ++i) a.files.push_back(positional[i]);
    const bool many = a.command == "estimate" || a.command == "import" || a.command == "export";
    if (positional.size() > 2 && !many)
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

// One FILE read over `cur`: a scenario JSON (patched over it), or a config (--kind, or told apart by
// its keys) imported over it. YAML is converted to JSON first, keeping each key's line.
bool load_one(const Args& a, const std::string& path, const Catalog& catalog, Scenario& cur,
              ConfigImport* report, std::vector<FieldError>& errors) {
    std::string text;
    // A FILE is a scenario or a config, told apart only once read: the cap names neither.
    if (!read_input(path, limits::kMaxImportFileBytes, "file", "the file", "文件", text, errors))
        return false;
    ConfigKind kind = ConfigKind::detect;
    if (!a.kind_text.empty() && !config_kind_from_string(a.kind_text, kind)) {
        errors.push_back(
            {"arguments",
             "--kind must be auto, llamafactory, axolotl, deepspeed, hf_training_args or hf_config, got \"" +
                 plain_text(a.kind_text) + "\"",
             "--kind 必须是 auto、llamafactory、axolotl、deepspeed、hf_training_args 或 hf_config，实际为 "
             "\"" +
                 plain_text(a.kind_text) + "\""});
        return false;
    }
    // With several files, each error says which one it comes from.
    const std::string name = a.files.size() > 1 ? plain_text(path) : "";
    auto named = [&](std::vector<FieldError> list) {
        for (FieldError& e : list) {
            if (!name.empty()) {
                e.message = name + ": " + e.message;
                e.message_zh = name + "：" + e.message_zh;
            }
            errors.push_back(std::move(e));
        }
        return false;
    };
    const bool json = looks_like_json(text);
    ScenarioResult as_scenario;
    if (json && a.kind_text.empty()) {
        as_scenario = scenario_patch(cur, text, catalog);
        if (as_scenario.errors.empty()) {
            cur = std::move(as_scenario.scenario);
            return true;
        }
    }
    YamlJson y;
    if (json)
        y.json = text;
    else {
        y = yaml_to_json(text);
        if (!y.errors.empty()) return named(y.errors);
    }
    ConfigImport r = import_config(y.json, kind, cur, catalog, y.lines);
    // Neither a scenario nor a known config: the scenario's own errors say more.
    if (r.kind == ConfigKind::detect && json && !as_scenario.errors.empty()) return named(as_scenario.errors);
    if (!r.errors.empty()) {
        if (report) *report = r;
        return named(r.errors);
    }
    cur = r.scenario;
    if (report) *report = std::move(r);
    return true;
}

// Reads and validates the scenario named by the FILE arguments (each over the previous).
bool load_scenario(const Args& a, const Catalog& catalog, Scenario& out, std::vector<FieldError>& errors) {
    if (a.files.empty()) {
        errors.push_back({"arguments", a.command + " needs a scenario FILE (or - for stdin)",
                          a.command + " 需要一个场景文件 FILE（或用 - 表示标准输入）"});
        return false;
    }
    Scenario cur;
    for (const std::string& f : a.files)
        if (!load_one(a, f, catalog, cur, nullptr, errors)) return false;
    errors = validate(cur, catalog);
    out = std::move(cur);
    return errors.empty();
}

// What a command reads before it runs: the catalog and, for the commands that take a scenario,
// the validated scenario; `errors` (empty when both loaded) is what the command prints instead.
struct Inputs {
    Catalog catalog;
    Scenario scenario;
    std::vector<FieldError> errors;
};

// The one preamble of every command: catalog, then (with_scenario) the FILE arguments, validated.
Inputs load_inputs(const Args& a, bool with_scenario) {
    Inputs in;
    if (load_catalog(a, in.catalog, in.errors) && with_scenario)
        load_scenario(a, in.catalog, in.scenario, in.errors);
    return in;
}

//-----------------------------------------------------------------------------
// [SECTION] Commands
//-----------------------------------------------------------------------------

int cmd_estimate(const Args& a) {
    const Inputs in = load_inputs(a, true);
    if (!in.errors.empty()) return print_errors(in.errors, a.lang);
    const Catalog& catalog = in.catalog;
    const Scenario& s = in.scenario;
    Estimate e = estimate(s, catalog);
    if (!e.ok) return print_errors(e.errors, a.lang);
    if (a.text)
        std::cout << report_markdown(e, catalog, a.lang); // with the computed remedies when it does not fit
    else if (a.inverse)
        std::cout << estimate_to_json(e, a.lang, inverse_questions(s, catalog), catalog) << "\n";
    else
        std::cout << estimate_to_json(e, a.lang) << "\n";
    return 0;
}

int cmd_largest_batch(const Args& a) {
    const Inputs in = load_inputs(a, true);
    if (!in.errors.empty()) return print_errors(in.errors, a.lang);
    const Catalog& catalog = in.catalog;
    const Scenario& s = in.scenario;
    const InverseResult r = inverse_questions(s, catalog);
    if (!r.ok) return print_errors(r.errors, a.lang);
    if (a.text)
        for (const std::string& line : explain(r, catalog, a.lang))
            std::cout << plain_text(line, 4096) << "\n";
    else
        std::cout << inverse_to_json(r, catalog, a.lang) << "\n";
    return 0;
}

int cmd_hash(const Args& a) {
    const Inputs in = load_inputs(a, true);
    if (!in.errors.empty()) return print_errors(in.errors, a.lang);
    const std::string link = encode_hash(in.scenario, a.embed, a.lang_text);
    std::vector<FieldError> too_long = check_hash_length(link); // the page would refuse it
    if (!too_long.empty()) return print_errors(too_long, a.lang);
    std::cout << link << "\n";
    return 0;
}

// Left-aligned column text padded to `width` display columns: a provider's "H800 80G（云星算力）" takes 2
// columns a CJK character, not its 3 bytes. Provider text is made terminal-safe first (no escapes, one
// line, cut between characters).
std::string pad(const std::string& raw, size_t width) {
    const std::string text = plain_text(raw, 60);
    const size_t columns = display_width(text);
    return columns >= width ? text + " " : text + std::string(width - columns, ' ');
}

std::string num(double v) {
    return plain_number(v);
}

// Parameters in billions, one decimal: "7.6".
std::string billions(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v / 1e9);
    return buf;
}

int cmd_gpus(const Args& a) {
    const Inputs in = load_inputs(a, false);
    if (!in.errors.empty()) return print_errors(in.errors, a.lang);
    const Catalog& catalog = in.catalog;
    if (a.json) {
        std::cout << gpus_to_json(catalog.gpus) << "\n";
        return 0;
    }
    std::cout << pad("id", 14) << pad("name", 34) << pad("GiB", 6) << pad("TFLOPS16", 10) << pad("FP8", 8)
              << pad("CNY/h", 8) << "CC\n";
    for (const GpuSpec& g : catalog.gpus)
        std::cout << pad(g.id, 14) << pad(g.name, 34) << pad(num(g.memory_gib), 6)
                  << pad(num(g.tflops_16bit), 10) << pad(num(g.tflops_fp8), 8)
                  << pad(num(g.price_cny_per_hour), 8) << num(g.compute_capability) << "\n";
    return 0;
}

int cmd_models(const Args& a) {
    const Inputs in = load_inputs(a, false);
    if (!in.errors.empty()) return print_errors(in.errors, a.lang);
    const Catalog& catalog = in.catalog;
    if (a.json) {
        std::cout << models_to_json(catalog.models) << "\n";
        return 0;
    }
    std::cout << pad("id", 22) << pad("params(B)", 10) << pad("active(B)", 10) << pad("layers", 7)
              << pad("hidden", 7) << pad("heads", 6) << pad("kv", 4) << pad("vocab", 8) << "context\n";
    for (const ModelSpec& m : catalog.models)
        std::cout << pad(m.id, 22) << pad(billions(m.params), 10)
                  << pad(billions(m.active_params > 0 ? m.active_params : m.params), 10)
                  << pad(num(m.layers), 7) << pad(num(m.hidden), 7) << pad(num(m.heads), 6)
                  << pad(num(m.kv_heads > 0 ? m.kv_heads : m.heads), 4) << pad(num(m.vocab), 8)
                  << num(m.context) << "\n";
    return 0;
}

//-----------------------------------------------------------------------------
// [SECTION] Commands: import, export
//-----------------------------------------------------------------------------

// {"scenario": …, "imports": [{"file", "kind", "applied", "resolved", "ignored", "unused", "errors"}],
// "errors": […]}
int cmd_import(const Args& a) {
    const Inputs in = load_inputs(a, false);
    if (!in.errors.empty()) return print_errors(in.errors, a.lang);
    const Catalog& catalog = in.catalog;
    if (a.files.empty())
        return usage_error("import needs a config FILE", "import 需要一个配置文件 FILE", a.lang);
    std::vector<FieldError> errors;
    Scenario cur;
    nlohmann::json imports = nlohmann::json::array();
    for (const std::string& f : a.files) {
        ConfigImport r;
        r.kind = ConfigKind::detect;
        const bool ok = load_one(a, f, catalog, cur, &r, errors);
        nlohmann::json one = nlohmann::json::parse(config_import_to_json(r, a.lang), nullptr, false);
        if (one.is_object()) {
            one.erase("scenario");
            one["file"] = plain_text(f);
            if (r.applied.empty() && r.resolved.empty() && r.errors.empty() && ok) one["kind"] = "scenario";
            imports.push_back(std::move(one));
        }
        if (!ok) break;
    }
    if (errors.empty()) errors = validate(cur, catalog);
    nlohmann::json out = nlohmann::json::object();
    out["scenario"] = nlohmann::json::parse(scenario_to_json(cur), nullptr, false);
    out["imports"] = std::move(imports);
    out["errors"] = nlohmann::json::parse(errors_to_json(errors, a.lang), nullptr, false)["errors"];
    std::cout << detail::dump_safe(out, 2) << "\n";
    return errors.empty() ? 0 : 2;
}

int cmd_export(const Args& a) {
    ExportFormat format = ExportFormat::llamafactory;
    if (a.out_dir.empty() && !export_format_from_string(a.format_text, format))
        return usage_error(
            "export needs --format llamafactory, deepspeed, accelerate or launch (or --out DIR), got \"" +
                plain_text(a.format_text) + "\"",
            "export 需要 --format llamafactory、deepspeed、accelerate 或 launch（或 --out DIR），实际为 \"" +
                plain_text(a.format_text) + "\"",
            a.lang);
    const Inputs in = load_inputs(a, true);
    if (!in.errors.empty()) return print_errors(in.errors, a.lang);
    const Catalog& catalog = in.catalog;
    const Scenario& s = in.scenario;
    Estimate e = estimate(s, catalog);
    if (!e.ok) return print_errors(e.errors, a.lang);
    auto notes = [&](const ConfigExport& x) {
        for (const ExportNote& n : x.notes)
            std::cerr << x.file_name << ": " << (a.lang == Lang::zh ? n.zh : n.en) << "\n";
    };
    if (a.out_dir.empty()) {
        ConfigExport x = export_config(e, format);
        notes(x);
        std::cout << x.text;
        return 0;
    }
    // The output directory is made as `mkdir -p` would (LLaMA-Factory's output_dir, cmake -B, hf download
    // --local-dir do the same); what stops it or a file is said with the OS's reason.
    std::error_code mkdir_error;
    std::filesystem::create_directories(a.out_dir, mkdir_error);
    if (mkdir_error)
        return print_errors(
            {FieldError{"out",
                        "cannot create the directory \"" + plain_text(a.out_dir) +
                            "\": " + mkdir_error.message(),
                        "无法创建目录 \"" + plain_text(a.out_dir) + "\"：" + mkdir_error.message()}},
            a.lang);
    for (int i = 0; i < kExportFormatCount; ++i) {
        ConfigExport x = export_config(e, static_cast<ExportFormat>(i));
        const std::string path = a.out_dir + "/" + x.file_name;
        errno = 0;
        std::ofstream f(path, std::ios::binary);
        const int open_errno = errno;
        if (!(f << x.text) || !f.flush()) {
            const int err = open_errno ? open_errno : errno ? errno : EIO; // the stream keeps no reason
            return print_errors(
                {FieldError{"out", "cannot write \"" + plain_text(path) + "\": " + std::strerror(err),
                            "无法写入 \"" + plain_text(path) + "\"：" + std::strerror(err)}},
                a.lang);
        }
        notes(x);
        std::cout << path << "\n";
    }
    return 0;
}

int cmd_mcp(const Args& a) {
    const Inputs in = load_inputs(a, false);
    if (!in.errors.empty()) return print_errors(in.errors, a.lang);
    const Catalog& catalog = in.catalog;
    return run_mcp(std::cin, std::cout, catalog);
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
    if (a.command == "largest-batch") return cmd_largest_batch(a);
    if (a.command == "gpus") return cmd_gpus(a);
    if (a.command == "models") return cmd_models(a);
    if (a.command == "import") return cmd_import(a);
    if (a.command == "export") return cmd_export(a);
    if (a.command == "mcp") return cmd_mcp(a);
    return usage_error("unknown command \"" + a.command +
                           "\" (estimate, largest-batch, import, export, mcp, gpus, models, hash)",
                       "未知的命令 \"" + a.command +
                           "\"（estimate、largest-batch、import、export、mcp、gpus、models、hash）",
                       a.lang);
}

// traincalc — tests/test_cli.cpp
// Runs the real `traincalc` binary (path in TRAINCALC_CLI) and checks exit codes and output.
// Golden outputs: every tests/scenarios/NAME.json is run as `traincalc estimate NAME.json`
// and its stdout compared, as parsed JSON with a relative tolerance on numbers, with
// tests/golden/NAME.json. Inputs named bad_*.json must exit 2 with {"errors":[...]}.
//
// Regenerating the goldens after an intended change in the estimator (review the diff!):
//   TRAINCALC_UPDATE_GOLDEN=1 build/native/bin/traincalc_tests -tc="cli: golden*"
//   git diff tests/golden
//
// Index of this file:
// [SECTION] Running the binary
// [SECTION] Tolerant JSON comparison
// [SECTION] Golden scenarios
// [SECTION] Commands and arguments
// [SECTION] Hostile input: directories, endless streams, caps, trailing bytes, long links, names

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using Json = nlohmann::json;

//-----------------------------------------------------------------------------
// [SECTION] Running the binary
//-----------------------------------------------------------------------------
namespace {

struct Run {
    int exit_code = -1;
    std::string out; // stdout only; stderr goes to /dev/null
};

// `args` is passed to the shell as written: quote paths that may hold spaces.
Run run_cli(const std::string& args, const std::string& stdin_text = "") {
    std::string cmd = "'" + std::string(TRAINCALC_CLI) + "' " + args + " 2>/dev/null";
    // A unique file per call (mkstemp): two test runs at once never read each other's input.
    std::string tmp;
    if (!stdin_text.empty()) {
        std::string pattern = (fs::temp_directory_path() / "traincalc_cli_stdin_XXXXXX").string();
        const int fd = mkstemp(&pattern[0]);
        REQUIRE_MESSAGE(fd >= 0, "cannot create a temporary file from " << pattern);
        tmp = pattern;
        size_t written = 0;
        while (written < stdin_text.size()) {
            const ssize_t w = write(fd, stdin_text.data() + written, stdin_text.size() - written);
            if (w <= 0) break;
            written += size_t(w);
        }
        close(fd);
        REQUIRE_MESSAGE(written == stdin_text.size(), "cannot write " << tmp);
        cmd += " < '" + tmp + "'";
    }
    Run r;
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE_MESSAGE(p != nullptr, "cannot run " << cmd);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    int status = pclose(p);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (!tmp.empty()) std::remove(tmp.c_str());
    return r;
}

std::string source_path(const std::string& relative) {
    return "'" + (fs::path(TRAINCALC_SOURCE_DIR) / relative).string() + "'";
}

//-----------------------------------------------------------------------------
// [SECTION] Tolerant JSON comparison
//-----------------------------------------------------------------------------

// Empty when equal; else the path of the first difference and both values. Numbers match
// within a relative 1e-6. Under "explain" and in warnings[].message strings are not compared
// (the wording is pinned by tests/test_explain.cpp; here the structure, codes and numbers matter).
std::string json_diff(const Json& want, const Json& got, const std::string& path = "$") {
    const bool explanation =
        path.rfind("$.explain", 0) == 0 || (path.rfind("$.warnings", 0) == 0 && path.size() > 8 &&
                                            path.compare(path.size() - 8, 8, ".message") == 0);
    if (explanation && want.is_string() && got.is_string()) return "";
    if (want.is_number() && got.is_number()) {
        double a = want.get<double>(), b = got.get<double>();
        double tol = 1e-6 * std::max(std::fabs(a), std::fabs(b)) + 1e-9;
        return std::fabs(a - b) <= tol ? "" : path + ": want " + want.dump() + ", got " + got.dump();
    }
    if (want.type() != got.type()) return path + ": want " + want.dump() + ", got " + got.dump();
    if (want.is_object()) {
        for (auto it = want.begin(); it != want.end(); ++it) {
            if (!got.contains(it.key())) return path + "." + it.key() + ": missing";
            std::string d = json_diff(it.value(), got[it.key()], path + "." + it.key());
            if (!d.empty()) return d;
        }
        for (auto it = got.begin(); it != got.end(); ++it)
            if (!want.contains(it.key())) return path + "." + it.key() + ": unexpected key";
        return "";
    }
    if (want.is_array()) {
        if (want.size() != got.size())
            return path + ": want " + std::to_string(want.size()) + " items, got " +
                   std::to_string(got.size());
        for (size_t i = 0; i < want.size(); ++i) {
            std::string d = json_diff(want[i], got[i], path + "[" + std::to_string(i) + "]");
            if (!d.empty()) return d;
        }
        return "";
    }
    return want == got ? "" : path + ": want " + want.dump() + ", got " + got.dump();
}

// Path of the first null value; empty when there is none.
std::string first_null(const Json& j, const std::string& path = "$") {
    if (j.is_null()) return path;
    if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it) {
            std::string p = first_null(it.value(), path + "." + it.key());
            if (!p.empty()) return p;
        }
    if (j.is_array())
        for (size_t i = 0; i < j.size(); ++i) {
            std::string p = first_null(j[i], path + "[" + std::to_string(i) + "]");
            if (!p.empty()) return p;
        }
    return "";
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Golden scenarios
//-----------------------------------------------------------------------------

TEST_CASE("cli: golden outputs of tests/scenarios/*.json") {
    const bool update = std::getenv("TRAINCALC_UPDATE_GOLDEN") != nullptr;
    fs::path scenarios = fs::path(TRAINCALC_SOURCE_DIR) / "tests" / "scenarios";
    fs::path golden = fs::path(TRAINCALC_SOURCE_DIR) / "tests" / "golden";
    int count = 0;
    for (const fs::directory_entry& e : fs::directory_iterator(scenarios)) {
        if (e.path().extension() != ".json") continue;
        ++count;
        const std::string name = e.path().stem().string();
        CAPTURE(name);
        Run r = run_cli("estimate '" + e.path().string() + "'");
        const bool bad = name.rfind("bad_", 0) == 0;
        CHECK(r.exit_code == (bad ? 2 : 0));
        Json got = Json::parse(r.out, nullptr, false);
        REQUIRE_MESSAGE(!got.is_discarded(), "stdout is not JSON: " << r.out);
        if (bad) {
            REQUIRE(got.contains("errors"));
            CHECK(got["errors"].is_array());
            CHECK(!got["errors"].empty());
        }
        // Never NaN or Infinity: they are not JSON (the parse above fails) and nlohmann writes them as null.
        CHECK_MESSAGE(first_null(got).empty(), "null at " << first_null(got));
        fs::path want_path = golden / (name + ".json");
        if (update) {
            std::ofstream(want_path) << got.dump(2) << "\n";
            continue;
        }
        std::ifstream f(want_path);
        REQUIRE_MESSAGE(f.good(), "no golden " << want_path << ": run with TRAINCALC_UPDATE_GOLDEN=1");
        Json want = Json::parse(f, nullptr, false);
        REQUIRE(!want.is_discarded());
        std::string diff = json_diff(want, got);
        CHECK_MESSAGE(diff.empty(), diff);
    }
    CHECK(count >= 5);
}

//-----------------------------------------------------------------------------
// [SECTION] Commands and arguments
//-----------------------------------------------------------------------------

TEST_CASE("cli: largest-batch and estimate --inverse answer the inverse questions") {
    const std::string scenario =
        R"({"model":"qwen2.5-7b","gpu":"A100-80G","cards":8,"budget":2000,"deadline_hours":48})";
    Run r = run_cli("largest-batch -", scenario);
    CHECK(r.exit_code == 0);
    Json j = Json::parse(r.out, nullptr, false);
    REQUIRE(!j.is_discarded());
    CHECK(j["micro_batch"]["found"] == true);
    CHECK(j["micro_batch"]["value"].get<int>() >= 1);
    CHECK(j["seq_len"]["found"] == true);
    CHECK(j["budget"]["found"] == true);
    CHECK(j["budget"]["cost_total"].get<double>() <= 2000);
    CHECK(j["budget"]["next_cost_total"].get<double>() > 2000);
    CHECK(j["deadline"]["found"] == true);
    CHECK(j["explain"][0].get<std::string>().rfind("Largest micro-batch that fits on 8 cards: ", 0) == 0);
    r = run_cli("largest-batch --text --lang zh -", scenario);
    CHECK(r.exit_code == 0);
    CHECK(r.out.rfind("8 张卡上放得下的最大微批：", 0) == 0);
    r = run_cli("estimate --inverse -", scenario);
    CHECK(r.exit_code == 0);
    j = Json::parse(r.out, nullptr, false);
    REQUIRE(!j.is_discarded());
    CHECK(j["inverse"]["micro_batch"]["value"] ==
          Json::parse(run_cli("largest-batch -", scenario).out)["micro_batch"]["value"]);
    CHECK(j.contains("memory"));
    r = run_cli("largest-batch -", R"({"cards":3,"tp":2})");
    CHECK(r.exit_code == 2);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["errors"][0]["message"] == "cards (3) must be a multiple of tp × pp (2)");
}

TEST_CASE("cli: --help, no arguments, bad arguments") {
    Run r = run_cli("--help");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("traincalc estimate FILE|-") != std::string::npos);

    r = run_cli("");
    CHECK(r.exit_code == 2);

    r = run_cli("fly");
    CHECK(r.exit_code == 2);
    Json j = Json::parse(r.out, nullptr, false);
    REQUIRE(!j.is_discarded());
    CHECK(j["errors"][0]["field"] == "arguments");
    CHECK(j["errors"][0]["message"] ==
          "unknown command \"fly\" (estimate, largest-batch, import, export, mcp, gpus, models, hash)");

    r = run_cli("estimate --lang fr -");
    CHECK(r.exit_code == 2);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["errors"][0]["message"] == "--lang must be en or zh, got \"fr\"");

    r = run_cli("estimate --frobnicate x.json");
    CHECK(r.exit_code == 2);

    r = run_cli("estimate /nonexistent/scenario.json");
    CHECK(r.exit_code == 2);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["errors"][0]["field"] == "file");
    CHECK(j["errors"][0]["message"] ==
          "cannot read \"/nonexistent/scenario.json\": No such file or directory");

    r = run_cli("estimate");
    CHECK(r.exit_code == 2);
}

TEST_CASE("cli: estimate from stdin, --lang zh errors, --text") {
    Run r = run_cli("estimate -", R"({"cards": 2})");
    CHECK(r.exit_code == 0);
    CHECK(!Json::parse(r.out, nullptr, false).is_discarded());

    r = run_cli("estimate --lang zh -", R"({"cards": 0})");
    CHECK(r.exit_code == 2);
    Json j = Json::parse(r.out, nullptr, false);
    REQUIRE(!j.is_discarded());
    CHECK(j["errors"][0]["field"] == "cards");
    CHECK(j["errors"][0]["message"] == "cards 必须是 1 到 65536 之间的整数，实际为 0");

    r = run_cli("estimate --text " + source_path("tests/scenarios/worked_example_7b_a100.json"));
    CHECK(r.exit_code == 0);
    CHECK(!r.out.empty());
}

TEST_CASE("cli: gpus and models, text and JSON, with a provider catalog") {
    Run r = run_cli("gpus");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("A100-80G") != std::string::npos);

    r = run_cli("gpus --json");
    CHECK(r.exit_code == 0);
    Json builtin = Json::parse(r.out, nullptr, false);
    REQUIRE(builtin.is_array());
    REQUIRE(!builtin.empty());
    CHECK(builtin[0].contains("tflops_16bit"));

    r = run_cli("gpus --json --catalog " + source_path("tests/catalogs/provider.json"));
    CHECK(r.exit_code == 0);
    Json merged = Json::parse(r.out, nullptr, false);
    REQUIRE(merged.is_array());
    CHECK(merged.size() == builtin.size() + 1); // one replaced, one new
    bool replaced = false;
    for (const Json& g : merged)
        if (g["id"] == "A100-80G") replaced = g["price_cny_per_hour"] == 5.5;
    CHECK(replaced);

    r = run_cli("gpus --catalog " + source_path("tests/catalogs/provider_bad.json"));
    CHECK(r.exit_code == 2);
    Json j = Json::parse(r.out, nullptr, false);
    REQUIRE(!j.is_discarded());
    CHECK(j["errors"][0]["field"] == "catalog.gpus[0].memory_gib");

    r = run_cli("models");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("qwen2.5-7b") != std::string::npos);
    r = run_cli("models --json");
    CHECK(r.exit_code == 0);
    CHECK(Json::parse(r.out, nullptr, false).is_array());
}

TEST_CASE("cli: hash") {
    Run r = run_cli("hash -", R"({"cards": 8})");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "#s=eyJjYXJkcyI6OH0\n"); // {"cards":8}
    r = run_cli("hash --embed --lang zh -", "{}");
    CHECK(r.out == "#s=e30&embed=1&lang=zh\n");
    r = run_cli("hash -", "{\"cards\": -1}");
    CHECK(r.exit_code == 2);
}

//-----------------------------------------------------------------------------
// [SECTION] Hostile input: directories, endless streams, caps, trailing bytes, long links, names
//-----------------------------------------------------------------------------
namespace {

// A file under the temp directory holding exactly `bytes` (NULs included); its quoted path.
std::string temp_file(const std::string& name, const std::string& bytes) {
    fs::path p = fs::temp_directory_path() / ("traincalc_cli_" + name);
    std::ofstream(p, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return "'" + p.string() + "'";
}

// Exit 2 with an error whose field is `field` and whose message contains `part`.
void check_error(const Run& r, const std::string& field, const std::string& part) {
    CHECK(r.exit_code == 2);
    Json j = Json::parse(r.out, nullptr, false);
    REQUIRE(!j.is_discarded());
    REQUIRE(j["errors"].is_array());
    REQUIRE(!j["errors"].empty());
    CHECK(j["errors"][0]["field"] == field);
    CHECK(j["errors"][0]["message"].get<std::string>().find(part) != std::string::npos);
}

} // namespace

TEST_CASE("cli: a directory, an endless stream, an unreadable path exit 2 with a JSON error") {
    const std::string dir = "'" + fs::temp_directory_path().string() + "'";
    check_error(run_cli("estimate " + dir), "file", "it is a directory");
    check_error(run_cli("estimate /dev/zero"), "file", "the file is too long: more than 1048576 bytes");
    check_error(run_cli("import /dev/zero"), "file",
                "\"/dev/zero\": the file is too long: more than 1048576 bytes");
    check_error(run_cli("estimate - < /dev/zero"), "file", "more than 1048576 bytes");
    check_error(run_cli("gpus --catalog " + dir), "catalog", "it is a directory");
    check_error(run_cli("gpus --catalog /dev/zero"), "catalog",
                "the catalog is too long: more than 8388608 bytes");
    check_error(run_cli("hash /dev/zero"), "file", "too long");
    check_error(run_cli("estimate /nonexistent/x.json"), "file", "No such file or directory");
}

TEST_CASE("cli: size caps as in the page; trailing bytes after the document") {
    // 1 MiB + a few bytes of scenario text: refused unread, whatever it holds.
    const std::string big = "{\"model\":\"" + std::string(1024 * 1024, 'x') + "\"}";
    check_error(run_cli("estimate " + temp_file("big.json", big)), "file", "more than 1048576 bytes");
    const std::string big_catalog = "{\"prices_date\":\"" + std::string(8 * 1024 * 1024, 'x') + "\"}";
    check_error(run_cli("gpus --catalog " + temp_file("big_catalog.json", big_catalog)), "catalog",
                "more than");

    const std::string nul_junk("{\"cards\":2}\0junk", 16);
    check_error(run_cli("estimate " + temp_file("nul.json", nul_junk)), "", "NUL byte at byte offset 11");
    check_error(run_cli("estimate -", nul_junk), "", "NUL byte at byte offset 11");
    check_error(run_cli("gpus --catalog " + temp_file("nul_catalog.json", std::string("{}\0", 3))), "catalog",
                "NUL byte");
}

TEST_CASE("cli: tiny inputs that would underflow are errors naming the field; no -0 in output") {
    check_error(run_cli("estimate -", R"({"utilization": 1e-310})"), "utilization", "from 0.001 to 1");
    check_error(run_cli("estimate -", R"({"scaling_efficiency": 5e-324})"), "scaling_efficiency", "0.001");
    check_error(run_cli("estimate -", R"({"tokens_per_second_per_gpu": 5e-324})"),
                "tokens_per_second_per_gpu", "0 (not set) or a number from 0.001");
    check_error(run_cli("estimate -", R"({"cny_per_usd": 5e-324, "price": {"currency": "USD"}})"),
                "cny_per_usd", "0 (not set) or a number from 0.01 to 1000");

    Run r = run_cli("estimate -", R"({"fixed_hours": -0.0, "upload_gb": -0.0})");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("-0.0") == std::string::npos);
    CHECK(r.out.find(":-0") == std::string::npos);
    r = run_cli("hash -", R"({"fixed_hours": -0.0})");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "#s=eyJmaXhlZF9ob3VycyI6MC4wfQ\n"); // {"fixed_hours":0.0}
}

TEST_CASE("cli: hash never writes a link longer than the page reads (64 KiB)") {
    // A custom card with a 60,000-byte name would make an 80 KB link: validate() refuses the text.
    std::string s =
        R"({"gpu": {"name": ")" + std::string(60000, 'n') + R"(", "memory_gib": 80, "tflops_16bit": 312}})";
    Run r = run_cli("hash " + temp_file("long_link.json", s));
    check_error(r, "gpu.name", "a link holds at most");
    CHECK(r.out.find("#s=") == std::string::npos);
    s = R"({"gpu": {"name": ")" + std::string(40000, 'n') + R"(", "memory_gib": 80, "tflops_16bit": 312}})";
    r = run_cli("hash " + temp_file("long_link_ok.json", s));
    CHECK(r.exit_code == 0);
    CHECK(r.out.size() <= 64 * 1024 + 2); // '#', the link, '\n'
}

TEST_CASE("cli: names in --text and listings are escaped, stripped of escapes and cut on characters") {
    std::string emoji;
    for (int i = 0; i < 5000; ++i) emoji += "\xF0\x9F\x98\x80";
    const std::string catalog =
        R"j({"mode":"extend","gpus":[{"id":"EVIL","name":"<img src=x onerror=alert(1)> \u001b[31mred [x](http://e)",)j"
        R"("memory_gib":80,"tflops_16bit":312,"verified":false}],"models":[{"id":"emoji","name":")" +
        emoji + R"(","layers":2,"hidden":64,"heads":4,"vocab":100,"params":1e6}]})";
    const std::string path = temp_file("hostile_catalog.json", catalog);
    Run r = run_cli("estimate --text --catalog " + path + " -",
                    R"({"gpu":"EVIL","model":"emoji","method":"full"})");
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("<img") == std::string::npos);
    CHECK(r.out.find("&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
    CHECK(r.out.find("[x](") == std::string::npos);
    CHECK(r.out.find('\x1B') == std::string::npos);
    CHECK(r.out.find(emoji.substr(0, 400)) == std::string::npos); // cut
    CHECK(r.out.find("\xE2\x80\xA6") != std::string::npos);       // with "…"
    CHECK(
        !Json::parse(Json(r.out).dump(), nullptr, false).is_discarded()); // valid UTF-8 (dump throws if not)

    r = run_cli("gpus --catalog " + path);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find('\x1B') == std::string::npos);
    r = run_cli("models --catalog " + path);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find('\x1B') == std::string::npos);
}

TEST_CASE("cli: gpus and models pad CJK names by display width (2 columns a wide character), not bytes") {
    const std::string path = temp_file(
        "cjk_catalog.json",
        R"({"mode":"extend","gpus":[{"id":"H800-YX","name":"H800 80G（云星算力）","memory_gib":80,)"
        R"("tflops_16bit":989,"compute_capability":9.0,"price_cny_per_hour":9.5}],)"
        R"("models":[{"id":"千问-7b","name":"千问 7B","params":7.6e9,"layers":28,"hidden":3584,"heads":28,)"
        R"("kv_heads":4,"ffn":18944,"vocab":152064,"context":32768}]})");
    auto line_with = [](const std::string& out, const std::string& start) {
        const size_t at = out.find("\n" + start);
        return at == std::string::npos ? std::string() : out.substr(at + 1, out.find('\n', at + 1) - at - 1);
    };
    Run r = run_cli("gpus --catalog " + path);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.rfind("id            name                              GiB   TFLOPS16  FP8     CNY/h   CC\n",
                      0) == 0);
    // The name takes 20 columns (8 ASCII, 6 wide): 14 spaces bring "80" under "GiB", column 48.
    CHECK(line_with(r.out, "H800-YX") ==
          "H800-YX       H800 80G（云星算力）              80    989       0       9.5     9");
    r = run_cli("models --catalog " + path);
    REQUIRE(r.exit_code == 0);
    CHECK(line_with(r.out, "千问-7b") ==
          "千问-7b               7.6       7.6       28     3584   28    4   152064  32768");
}

//-----------------------------------------------------------------------------
// [SECTION] Configs: import, estimate of configs, export (core/config_import.h, core/config_export.h)
//-----------------------------------------------------------------------------

TEST_CASE("cli: import a LLaMA-Factory YAML, estimate it with a DeepSpeed JSON, export the plan") {
    Run r = run_cli("import " + source_path("tests/configs/llamafactory_qwen_lora_sft.yaml"));
    REQUIRE(r.exit_code == 0);
    Json j = Json::parse(r.out, nullptr, false);
    REQUIRE(j.is_object());
    CHECK(j["errors"] == Json::array());
    CHECK(j["scenario"]["seq_len"] == 4096);
    CHECK(j["scenario"]["model"] == "qwen2.5-7b");
    REQUIRE(j["imports"].size() == 1);
    CHECK(j["imports"][0]["kind"] == "llamafactory");
    CHECK(j["imports"][0]["ignored"][0]["key"] == "max_samples");

    // Several files, each over the previous: the YAML's batch fills the DeepSpeed file's "auto".
    r = run_cli("import " + source_path("tests/configs/llamafactory_qwen_lora_sft.yaml") + " " +
                source_path("tests/configs/deepspeed_z2_auto.json"));
    REQUIRE(r.exit_code == 0);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["scenario"]["zero"] == 2);
    CHECK(j["scenario"]["offload"] == "optimizer");
    CHECK(j["scenario"]["micro_batch"] == 2);
    CHECK(j["imports"][1]["kind"] == "deepspeed");

    r = run_cli("estimate " + source_path("tests/configs/llamafactory_qwen_lora_sft.yaml") + " " +
                source_path("tests/configs/deepspeed_z2_auto.json"));
    REQUIRE(r.exit_code == 0);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["memory"]["per_gpu_gib"].get<double>() > 0);

    r = run_cli("export --format deepspeed " + source_path("tests/configs/deepspeed_z3_offload.json"));
    REQUIRE(r.exit_code == 0);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["zero_optimization"]["stage"] == 3);
    CHECK(j["train_batch_size"] == 64);

    const fs::path dir = fs::temp_directory_path() / ("traincalc_export_" + std::to_string(getpid()));
    fs::create_directories(dir);
    r = run_cli("export --out '" + dir.string() + "' " +
                source_path("tests/configs/axolotl_llama3_qlora.yaml"));
    REQUIRE(r.exit_code == 0);
    for (const char* f : {"traincalc_llamafactory.yaml", "traincalc_deepspeed.json",
                          "traincalc_accelerate_fsdp.yaml", "traincalc_launch.sh"})
        CHECK_MESSAGE(fs::file_size(dir / f) > 100, f);
    fs::remove_all(dir);
}

TEST_CASE("cli: export --out makes a missing directory; what it cannot write says the OS's reason") {
    const fs::path root = fs::temp_directory_path() / ("traincalc_export_out_" + std::to_string(getpid()));
    fs::remove_all(root);
    const std::string config = source_path("tests/configs/axolotl_llama3_qlora.yaml");
    // A directory that does not exist, two levels deep, is made (as mkdir -p).
    Run r = run_cli("export --out '" + (root / "exp_moe" / "run1").string() + "' " + config);
    REQUIRE(r.exit_code == 0);
    CHECK(fs::file_size(root / "exp_moe" / "run1" / "traincalc_llamafactory.yaml") > 100);
    // A file where the directory should be: the directory named, and why.
    std::ofstream(root / "a_file") << "x";
    r = run_cli("export --out '" + (root / "a_file" / "sub").string() + "' " + config);
    CHECK(r.exit_code == 2);
    Json j = Json::parse(r.out, nullptr, false);
    CHECK(j["errors"][0]["field"] == "out");
    CHECK(j["errors"][0]["message"] ==
          "cannot create the directory \"" + (root / "a_file" / "sub").string() + "\": Not a directory");
    r = run_cli("export --lang zh --out '" + (root / "a_file" / "sub").string() + "' " + config);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["errors"][0]["message"] ==
          "无法创建目录 \"" + (root / "a_file" / "sub").string() + "\"：Not a directory");
    // A file that cannot be written: its path, and why.
    fs::create_directories(root / "blocked" / "traincalc_llamafactory.yaml");
    r = run_cli("export --out '" + (root / "blocked").string() + "' " + config);
    CHECK(r.exit_code == 2);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["errors"][0]["message"] ==
          "cannot write \"" + (root / "blocked").string() + "/traincalc_llamafactory.yaml\": Is a directory");
    fs::remove_all(root);
}

TEST_CASE("cli: bad configs exit 2 with errors naming the key and line; bad --kind and --format") {
    Run r = run_cli("import -", "finetuning_type: lora\nper_device_train_batch_size: 0\n");
    CHECK(r.exit_code == 2);
    Json j = Json::parse(r.out, nullptr, false);
    REQUIRE(j["errors"].size() == 1);
    CHECK(j["errors"][0]["field"] == "per_device_train_batch_size");
    CHECK(j["errors"][0]["message"] ==
          "per_device_train_batch_size (line 2) → micro_batch must be an integer from 1 to 65536, got 0");
    r = run_cli("estimate -", "finetuning_type: lora\ncutoff_len: [1\n");
    CHECK(r.exit_code == 2);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["errors"][0]["message"] == "YAML: line 2, column 13: this '[' is not closed by ']'");
    r = run_cli("import --kind yaml -", "a: 1\n");
    CHECK(r.exit_code == 2);
    r = run_cli("export --format pdf -", "{}");
    CHECK(r.exit_code == 2);
    j = Json::parse(r.out, nullptr, false);
    CHECK(j["errors"][0]["message"] ==
          "export needs --format llamafactory, deepspeed, accelerate or launch (or --out DIR), got \"pdf\"");
}

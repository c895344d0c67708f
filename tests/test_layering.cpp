// traincalc — tests/test_layering.cpp
// The layering rules of docs/design.md, checked on the sources: core/ sees no ImGui, SDL,
// Emscripten or I/O; ui/ sees no SDL or Emscripten (web/ is the only platform seam).
//
// Index of this file:
// [SECTION] Source scanning
// [SECTION] Rules

#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

//-----------------------------------------------------------------------------
// [SECTION] Source scanning
//-----------------------------------------------------------------------------
namespace {

struct Hit {
    std::string file;
    int line;
    std::string text;
};

std::vector<fs::path> sources(const char* folder, std::initializer_list<const char*> extensions) {
    std::vector<fs::path> out;
    fs::path dir = fs::path(TRAINCALC_SOURCE_DIR) / folder;
    if (!fs::exists(dir)) return out;
    for (const fs::directory_entry& e : fs::directory_iterator(dir))
        for (const char* ext : extensions)
            if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
    return out;
}

// True when `needle` occurs in `code` not preceded by an identifier character
// ("puts(" must not match "time_inputs(").
bool contains_token(const std::string& code, const std::string& needle) {
    for (size_t at = code.find(needle); at != std::string::npos; at = code.find(needle, at + 1)) {
        char before = at > 0 ? code[at - 1] : ' ';
        if (!(std::isalnum(static_cast<unsigned char>(before)) || before == '_')) return true;
    }
    return false;
}

// Calls fn(file name, line number, line) for every line of `files`.
template <class Fn> void for_each_line(const std::vector<fs::path>& files, Fn fn) {
    for (const fs::path& p : files) {
        std::ifstream f(p);
        std::string line;
        int n = 0;
        while (std::getline(f, line)) fn(p.filename().string(), ++n, line);
    }
}

// Lines containing any of `needles`, outside // comments (a comment may name what is banned).
std::vector<Hit> scan(const std::vector<fs::path>& files, std::initializer_list<const char*> needles) {
    std::vector<Hit> hits;
    for_each_line(files, [&](const std::string& file, int n, const std::string& line) {
        std::string code = line.substr(0, line.find("//"));
        for (const char* needle : needles)
            if (contains_token(code, needle)) hits.push_back({file, n, line});
    });
    return hits;
}

void report(const std::vector<Hit>& hits) {
    for (const Hit& h : hits) MESSAGE(h.file << ":" << h.line << ": " << h.text);
    CHECK(hits.empty());
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Rules
//-----------------------------------------------------------------------------

TEST_CASE("layering: core/ has no ImGui, SDL, Emscripten or I/O") {
    std::vector<fs::path> core = sources("core", {".h", ".cpp"});
    REQUIRE(core.size() >= 6);
    report(scan(core, {"imgui",        "SDL",       "emscripten", "EMSCRIPTEN", "<fstream>", "<iostream>",
                       "<filesystem>", "fopen",     "freopen",    "fread",      "fwrite",    "fprintf",
                       "fputs",        "fgets",     "printf(",    "puts(",      "FILE*",     "FILE *",
                       "std::cout",    "std::cerr", "getenv",     "system("}));
}

TEST_CASE("layering: ui/ has no SDL or Emscripten") {
    std::vector<fs::path> ui = sources("ui", {".h", ".cpp", ".inc"});
    report(scan(ui, {"SDL", "emscripten", "EMSCRIPTEN"}));
}

// The include graph itself (issue 10): a layer includes only the layers below it.
static std::vector<Hit> includes_from(const std::vector<fs::path>& files,
                                      std::initializer_list<const char*> layers) {
    std::vector<Hit> hits;
    for_each_line(files, [&](const std::string& file, int n, const std::string& line) {
        const size_t at = line.find("#include");
        if (at == std::string::npos || line.find("//") < at) return;
        for (const char* layer : layers)
            if (line.find(std::string("\"") + layer + "/") != std::string::npos ||
                line.find(std::string("<") + layer + "/") != std::string::npos)
                hits.push_back({file, n, line});
    });
    return hits;
}

TEST_CASE("layering: includes go down only (core ← ui ← web; cli and tools on core or ui)") {
    std::vector<fs::path> core = sources("core", {".h", ".cpp"});
    std::vector<fs::path> ui = sources("ui", {".h", ".cpp", ".inc"});
    std::vector<fs::path> cli = sources("cli", {".h", ".cpp"});
    REQUIRE(!core.empty());
    REQUIRE(!ui.empty());
    report(includes_from(core, {"ui", "web", "cli", "tools"}));
    report(includes_from(ui, {"web", "cli", "tools"}));
    report(includes_from(cli, {"ui", "web", "tools"}));
    // And the rule can fail: a web include in a ui-like file is found.
    const fs::path probe = fs::temp_directory_path() /
                           ("traincalc_layering_probe_" + std::to_string(std::random_device{}()) + ".cpp");
    { std::ofstream(probe) << "#include \"web/main.h\"\n"; }
    CHECK(includes_from({probe}, {"web"}).size() == 1);
    fs::remove(probe);
}

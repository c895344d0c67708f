// traincalc — tests/test_limits.cpp
// Input size caps (core/limits.h): every parser refuses text over its cap before parsing, with
// one error; raw NUL bytes (trailing bytes after the document) are refused; errors are capped.
//
// Index of this file:
// [SECTION] Helpers
// [SECTION] Caps per parser
// [SECTION] Trailing bytes after the document
// [SECTION] Error count cap

#include "core/catalog.h"
#include "core/hf_import.h"
#include "core/limits.h"
#include "core/scenario.h"
#include "core/url.h"
#include "fixtures.h"

#include <doctest/doctest.h>

#include <string>

using namespace traincalc;

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------
namespace {

// A JSON object {"name":"xxx…"} of exactly `bytes` bytes.
std::string object_of_size(const char* key, size_t bytes) {
    const std::string head = std::string("{\"") + key + "\":\"", tail = "\"}";
    return head + std::string(bytes - head.size() - tail.size(), 'x') + tail;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Caps per parser
//-----------------------------------------------------------------------------

TEST_CASE("limits: a scenario over 1 MiB is refused before parsing, one error naming it") {
    const std::string over = object_of_size("model", limits::kMaxScenarioBytes + 1);
    ScenarioResult r = scenario_from_json(over, fixtures::builtin_catalog());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "");
    CHECK(r.errors[0].message == "the scenario is too long: 1048577 bytes, at most 1048576");
    CHECK(r.errors[0].message_zh == "场景过长：1048577 字节，最多 1048576 字节");
    r = scenario_patch(Scenario{}, over, fixtures::builtin_catalog());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message.find("too long") != std::string::npos);
    // At the cap it is parsed (an unknown model id: a field error, not a size error).
    r = scenario_from_json(object_of_size("model", limits::kMaxScenarioBytes), fixtures::builtin_catalog());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "model");
}

TEST_CASE("limits: a catalog over 8 MiB, a config.json over 1 MiB, a hash over 64 KiB") {
    const std::string catalog = object_of_size("prices_date", limits::kMaxCatalogBytes + 1);
    CatalogResult c = parse_catalog(catalog);
    REQUIRE(c.errors.size() == 1);
    CHECK(c.errors[0].message == "the catalog is too long: 8388609 bytes, at most 8388608");
    c = merge_catalog(fixtures::builtin_catalog(), catalog);
    REQUIRE(c.errors.size() == 1);
    CHECK(c.errors[0].message.find("too long") != std::string::npos);
    CHECK(c.catalog.gpus.size() == fixtures::builtin_catalog().gpus.size()); // the base is kept
    CHECK(parse_catalog(object_of_size("prices_date", limits::kMaxCatalogBytes)).errors.empty());

    ModelResult m = model_from_hf_config(object_of_size("model_type", limits::kMaxConfigBytes + 1));
    REQUIRE(m.errors.size() == 1);
    CHECK(m.errors[0].message == "the config.json is too long: 1048577 bytes, at most 1048576");

    CHECK(check_hash_length("#" + std::string(limits::kMaxHashBytes, 'A')).empty());
    std::vector<FieldError> e = check_hash_length(std::string(limits::kMaxHashBytes + 1, 'A'));
    REQUIRE(e.size() == 1);
    CHECK(e[0].field == "s");
    CHECK(e[0].message == "the link is too long: 65537 bytes, at most 65536");
    HashState st = decode_hash("#s=" + std::string(limits::kMaxHashBytes, 'A'), fixtures::builtin_catalog());
    CHECK_FALSE(st.has_scenario);
    REQUIRE(st.scenario.errors.size() == 1);
    CHECK(st.scenario.errors[0].message == "the link is too long: 65538 bytes, at most 65536");
    CHECK(limits::kMaxImportFileBytes >= limits::kMaxScenarioBytes);
    CHECK(limits::kMaxImportFileBytes >= limits::kMaxConfigBytes);
}

//-----------------------------------------------------------------------------
// [SECTION] Trailing bytes after the document
//-----------------------------------------------------------------------------

TEST_CASE("limits: {\"cards\":2}\\0junk is an error in every parser (the parser stopped at NUL)") {
    const std::string text("{\"cards\":2}\0junk", 16);
    ScenarioResult r = scenario_from_json(text, fixtures::builtin_catalog());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "");
    CHECK(r.errors[0].message == "not valid JSON: a NUL byte at byte offset 11");
    CHECK(r.errors[0].message_zh == "不是有效的 JSON：字节偏移 11 处有 NUL 字节");
    CHECK(scenario_patch(Scenario{}, text, fixtures::builtin_catalog()).errors.size() == 1);
    CHECK(parse_catalog(std::string("{}\0{\"gpus\":1}", 13)).errors.size() == 1);
    CHECK(merge_catalog(fixtures::builtin_catalog(), std::string("{}\0", 3)).errors.size() == 1);
    CHECK(model_from_hf_config(std::string("{}\0", 3)).errors.size() == 1);
    // Trailing text without a NUL was already refused by the parser; a BOM is still accepted.
    CHECK(scenario_from_json("{\"cards\":2} junk", fixtures::builtin_catalog()).errors.size() == 1);
    CHECK(scenario_from_json("\xEF\xBB\xBF{\"cards\":2}", fixtures::builtin_catalog()).errors.empty());
    // Through a link: no scenario.
    CHECK_FALSE(decode_hash("#s=" + base64url_encode(text), fixtures::builtin_catalog()).has_scenario);
}

//-----------------------------------------------------------------------------
// [SECTION] Error count cap
//-----------------------------------------------------------------------------

TEST_CASE("limits: 50,000 unknown keys answer 100 errors and a count, not 50,000") {
    std::string text = "{";
    for (int i = 0; i < 50000; ++i) text += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":0"; // under 1 MiB
    text += "}";
    ScenarioResult r = scenario_from_json(text, fixtures::builtin_catalog());
    REQUIRE(r.errors.size() == limits::kMaxErrors + 1);
    CHECK(r.errors[0].message == "unknown key \"k0\"");
    CHECK(r.errors.back().field == "");
    CHECK(r.errors.back().message == "… and 49900 more errors");
    CHECK(r.errors.back().message_zh == "……另有 49900 个错误");

    std::string catalog = "{\"gpus\":[";
    for (int i = 0; i < 100000; ++i) catalog += i ? ",1" : "1";
    catalog += "]}";
    CatalogResult c = parse_catalog(catalog);
    REQUIRE(c.errors.size() == limits::kMaxErrors + 1);
    CHECK(c.errors.back().message == "… and 99900 more errors");
    c = merge_catalog(fixtures::builtin_catalog(), catalog);
    REQUIRE(c.errors.size() == limits::kMaxErrors + 1);
    CHECK(c.catalog.gpus.size() == fixtures::builtin_catalog().gpus.size());
}

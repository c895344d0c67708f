// traincalc — tests/test_url.cpp
// The URL hash: base64url vectors, short links, round trips, and hostile input.
//
// Index of this file:
// [SECTION] base64url
// [SECTION] encode_hash() / decode_hash() round trips
// [SECTION] Hostile input

#include "core/limits.h"
#include "core/url.h"

#include <doctest/doctest.h>

#include <string>

using namespace traincalc;

// From test_scenario.cpp.
void check_same_scenario(const Scenario& a, const Scenario& b);
Scenario every_field_changed();

namespace {
Catalog url_catalog() {
    CatalogResult r = parse_catalog(R"({"gpus":[
        {"id":"A100-80G","name":"A100","memory_gib":80,"tflops_16bit":312},
        {"id":"H100","name":"H100","memory_gib":80,"tflops_16bit":989}],
        "models":[{"id":"qwen2.5-7b","layers":28,"hidden":3584,"heads":28,"vocab":152064,"params":7.62e9},
                  {"id":"llama-3.1-8b","layers":32,"hidden":4096,"heads":32,"vocab":128256,"params":8.03e9}]})");
    REQUIRE(r.errors.empty());
    return r.catalog;
}
} // namespace

//-----------------------------------------------------------------------------
// [SECTION] base64url
//-----------------------------------------------------------------------------

TEST_CASE("base64url: RFC 4648 vectors, no padding written, padding accepted") {
    CHECK(base64url_encode("") == "");
    CHECK(base64url_encode("f") == "Zg");
    CHECK(base64url_encode("fo") == "Zm8");
    CHECK(base64url_encode("foo") == "Zm9v");
    CHECK(base64url_encode("foobar") == "Zm9vYmFy");
    CHECK(base64url_encode(std::string("\xfb\xff", 2)) == "-_8");
    std::string out;
    CHECK(base64url_decode("Zm9vYmFy", out));
    CHECK(out == "foobar");
    CHECK(base64url_decode("Zm8=", out));
    CHECK(out == "fo");
    CHECK(base64url_decode("-_8", out));
    CHECK(out == std::string("\xfb\xff", 2));
    CHECK_FALSE(base64url_decode("Zm9v+", out)); // '+' is standard base64, not base64url
    CHECK_FALSE(base64url_decode("Z", out));     // one sextet is no byte
    CHECK_FALSE(base64url_decode("Zm 9v", out));
    std::string all;
    for (int i = 0; i < 256; ++i) all += static_cast<char>(i);
    CHECK(base64url_decode(base64url_encode(all), out));
    CHECK(out == all);
}

//-----------------------------------------------------------------------------
// [SECTION] encode_hash() / decode_hash() round trips
//-----------------------------------------------------------------------------

TEST_CASE("encode_hash: a default scenario is the shortest link") {
    CHECK(encode_hash(Scenario{}, false, "") == "#s=e30"); // "{}"
    CHECK(encode_hash(Scenario{}, true, "zh") == "#s=e30&embed=1&lang=zh");
    // An embed with export and import keeps "io=1" in the links it writes (a tester, 2026-12-08: the
    // first edit dropped it, and Back came to a frame without its Training configs section).
    CHECK(encode_hash(Scenario{}, true, "zh", true) == "#s=e30&embed=1&io=1&lang=zh");
    CHECK(encode_hash(Scenario{}, false, "zh", true) == "#s=e30&lang=zh"); // not embedded: no such flag
    const HashState io = decode_hash(encode_hash(Scenario{}, true, "en", true), url_catalog());
    CHECK(io.embed);
    CHECK(io.embed_io);
    Scenario s;
    s.cards = 8;
    std::string json;
    REQUIRE(base64url_decode(encode_hash(s, false, "").substr(3), json));
    CHECK(json == R"({"cards":8})");
    s = Scenario{};
    s.tokens = 1e9; // a data key writes data_input too, so it is never inferred differently
    REQUIRE(base64url_decode(encode_hash(s, false, "").substr(3), json));
    CHECK(json == R"({"data_input":"samples","tokens":1000000000.0})");
    s = Scenario{};
    s.price_daily = 50;
    REQUIRE(base64url_decode(encode_hash(s, false, "").substr(3), json));
    CHECK(json == R"({"price":{"daily":50.0}})");
}

TEST_CASE("decode_hash(encode_hash(s)) == s, field by field") {
    Catalog cat = url_catalog();
    Scenario s = every_field_changed();
    HashState st = decode_hash(encode_hash(s, true, "en"), cat);
    CHECK(st.has_scenario);
    for (const FieldError& e : st.scenario.errors) MESSAGE(e.field << ": " << e.message);
    CHECK(st.scenario.errors.empty());
    CHECK(st.embed);
    CHECK(st.lang == "en");
    check_same_scenario(st.scenario.scenario, s);

    Scenario ids;
    ids.model_id = "llama-3.1-8b";
    ids.gpu_id = "H100";
    ids.cards = 16;
    ids.data_input = DataInput::tokens;
    ids.loss = LossImpl::bf16; // the loss picker's choice travels in the link
    st = decode_hash(encode_hash(ids, false, "").substr(1), cat); // without '#'
    CHECK(st.has_scenario);
    CHECK(st.scenario.errors.empty());
    CHECK(st.scenario.scenario.loss == LossImpl::bf16);
    CHECK_FALSE(st.embed);
    CHECK(st.lang.empty());
    check_same_scenario(st.scenario.scenario, ids);
}

TEST_CASE("decode_hash: no scenario, other parameters") {
    Catalog cat = url_catalog();
    HashState st = decode_hash("", cat);
    CHECK_FALSE(st.has_scenario);
    CHECK(st.scenario.errors.empty());
    st = decode_hash("#embed=1&lang=zh&utm_source=blog", cat);
    CHECK_FALSE(st.has_scenario);
    CHECK(st.embed);
    CHECK(st.lang == "zh");
    st = decode_hash("#lang=fr", cat);
    CHECK(st.lang.empty());
    // A language tag as people write it in a link: its language, any case, any region or script.
    for (const char* zh : {"zh-CN", "zh-cn", "ZH", "zh_Hans", "zh-TW"}) {
        CHECK(decode_hash(std::string("#embed=1&lang=") + zh, cat).lang == "zh");
    }
    CHECK(decode_hash("#lang=en-US", cat).lang == "en");
    for (const char* other : {"zhx", "z", "", "e", "fr-CN", "enGB", "zh-CN&lang=fr"}) {
        CHECK_MESSAGE(decode_hash(std::string("#lang=") + other, cat).lang.empty(), other);
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Hostile input: never a crash; has_scenario false or errors set
//-----------------------------------------------------------------------------

TEST_CASE("decode_hash: garbage, bad base64, bad UTF-8, scripts, huge input") {
    Catalog cat = url_catalog();
    HashState st = decode_hash("#s=!!!notbase64", cat);
    CHECK_FALSE(st.has_scenario);
    REQUIRE(st.scenario.errors.size() == 1);
    CHECK(st.scenario.errors[0].field == "s");
    CHECK(st.scenario.errors[0].message == "the link is damaged: the scenario is not valid base64url");
    CHECK(st.scenario.errors[0].message_zh == "链接已损坏：场景数据不是有效的 base64url");

    st = decode_hash("#s=" + base64url_encode("{\"model\":\"\xff\xfe\"}"), cat);
    CHECK_FALSE(st.has_scenario);
    REQUIRE(st.scenario.errors.size() == 1);
    CHECK(st.scenario.errors[0].message == "the link is damaged: the scenario is not valid UTF-8 text");

    st = decode_hash("#s=" + base64url_encode("<script>alert(1)</script>"), cat);
    CHECK_FALSE(st.has_scenario);
    REQUIRE(st.scenario.errors.size() == 1);
    CHECK(st.scenario.errors[0].message == "not valid JSON: syntax error at byte offset 0");

    // Script text inside a valid scenario is data: an unknown id, reported, never run.
    st = decode_hash("#s=" + base64url_encode(R"({"model":"<img src=x onerror=alert(1)>","cards":4})"), cat);
    CHECK(st.has_scenario);
    REQUIRE(st.scenario.errors.size() == 1);
    CHECK(st.scenario.errors[0].field == "model");
    CHECK(st.scenario.scenario.model_id == "qwen2.5-7b");
    CHECK(st.scenario.scenario.cards == 4);

    st = decode_hash("#s=" + base64url_encode("[1,2,3]"), cat);
    CHECK_FALSE(st.has_scenario);
    REQUIRE(st.scenario.errors.size() == 1);

    std::string huge = "#s=" + std::string(1 << 20, 'A');
    st = decode_hash(huge, cat);
    CHECK_FALSE(st.has_scenario);
    REQUIRE(st.scenario.errors.size() == 1);
    CHECK(st.scenario.errors[0].message == "the link is too long: 1048578 bytes, at most 65536");
    CHECK(st.scenario.errors[0].message_zh == "链接过长：1048578 字节，最多 65536 字节");

    st = decode_hash("#s=&s=&&&===&embed", cat);
    CHECK_FALSE(st.has_scenario);
    st = decode_hash(std::string("#s=\0\0\0", 6), cat);
    CHECK_FALSE(st.has_scenario);
    // Deeply nested JSON within the cap.
    st = decode_hash("#s=" + base64url_encode(std::string(40000, '[')), cat);
    CHECK_FALSE(st.has_scenario);
    st = decode_hash(
        "#s=" + base64url_encode("{\"quotes\":" + std::string(20000, '[') + std::string(20000, ']') + "}"),
        cat);
    CHECK(st.has_scenario);
    CHECK(st.scenario.errors.size() == 1);
}

TEST_CASE("validate: free text that could not fit in a link is refused; at the limit the link fits") {
    CatalogResult c = parse_catalog(builtin_catalog_json());
    REQUIRE(c.errors.empty());
    // A custom model and card whose every text field is at its share of the limit, in the
    // costliest characters (a control character is written as \u00XX: 6 bytes).
    Scenario s;
    s.model_id = "";
    s.model = *c.catalog.find_model("qwen2.5-7b");
    s.gpu_id = "";
    s.gpu = *c.catalog.find_gpu("A100-80G");
    const size_t share = limits::kMaxScenarioTextJsonBytes / 10 / 6;
    const std::string costly(share, '\x01');
    for (std::string* t : {&s.model.name, &s.model.source, &s.gpu.name, &s.gpu.source, &s.gpu.price_source})
        *t = costly;
    for (Quote& q : s.quotes) {
        q.name = costly;
        q.price_per_card_hour = 9.5;
    }
    REQUIRE(validate(s, c.catalog).empty());
    const std::string hash = encode_hash(s, true, "zh");
    CHECK(check_hash_length(hash).empty());
    CHECK(hash.size() <= limits::kMaxHashBytes);
    HashState st = decode_hash(hash, c.catalog);
    CHECK(st.scenario.errors.empty());
    // 66 KB of name (the fuzzer's finding): refused with one message naming the cause.
    s.gpu.name = std::string(66000, 'x');
    std::vector<FieldError> errors = validate(s, c.catalog);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].field == "gpu.name");
    // 66,000 + four texts and three quote names of 716 control characters (4,296 bytes each) + the
    // catalog entries' ids "qwen2.5-7b" and "A100-80G" (18).
    CHECK(errors[0].message == "the names, ids and sources take 96090 bytes (gpu.name 66000); a link holds "
                               "at most 43008: shorten them");
    CHECK(errors[0].message_zh ==
          "名称、id 和来源共 96090 字节（gpu.name 占 66000），链接最多容纳 43008 字节：请缩短");
}

TEST_CASE("decode_hash: a link whose text could not fit in the link written back is refused, naming it") {
    // The fuzzer's finding (2026-12-05): a compact link of 65,215 bytes holding a 48,858-byte quote
    // name read without errors, and the page's link for it (every quote field written) was 65,778
    // bytes, over what the page reads back.
    const Catalog cat = url_catalog();
    const std::string name(48858, 'W');
    const std::string text =
        R"({"price":{"hourly":2},"quotes":[{"name":")" + name + R"(","price_per_card_hour":3}]})";
    const std::string hash = "#s=" + base64url_encode(text);
    REQUIRE(check_hash_length(hash).empty());
    const HashState st = decode_hash(hash, cat);
    CHECK(st.has_scenario);
    REQUIRE(st.scenario.errors.size() == 1);
    CHECK(st.scenario.errors[0].field == "quotes[0].name");
    // The name and the default ids, "qwen2.5-7b" and "A100-80G".
    CHECK(st.scenario.errors[0].message == "the names, ids and sources take 48876 bytes (quotes[0].name "
                                           "48858); a link holds at most 43008: shorten them");
    // At the limit it reads, and the link written back reads too.
    const size_t ids = Scenario{}.model_id.size() + Scenario{}.gpu_id.size();
    const std::string fits = R"({"quotes":[{"name":")" +
                             std::string(limits::kMaxScenarioTextJsonBytes - ids, 'W') +
                             R"(","price_per_card_hour":3}]})";
    const HashState ok = decode_hash("#s=" + base64url_encode(fits), cat);
    REQUIRE(ok.scenario.errors.empty());
    const HashState back = decode_hash(encode_hash(ok.scenario.scenario, true, "zh"), cat);
    CHECK(back.scenario.errors.empty());
    CHECK(scenario_to_json(back.scenario.scenario) == scenario_to_json(ok.scenario.scenario));
}

TEST_CASE("a link in dollars keeps an amount equal to a yuan default ($0.8/kWh stays $0.8)") {
    // The reader converts the amounts a dollar scenario leaves out from the yuan defaults; the
    // writer writes every amount of a dollar scenario, so none is left out by being equal to one.
    const Catalog cat = url_catalog();
    Scenario s;
    s.currency = Currency::usd;
    s.electricity_per_kwh = 0.8; // equal to the yuan default, meant in dollars
    s.rack_per_month = 375;
    s.ops_per_month = 10;
    const HashState back = decode_hash(encode_hash(s, false, ""), cat);
    REQUIRE(back.scenario.errors.empty());
    CHECK(back.scenario.scenario.currency == Currency::usd);
    CHECK(back.scenario.scenario.electricity_per_kwh == 0.8);
    CHECK(back.scenario.scenario.rack_per_month == 375);
    CHECK(back.scenario.scenario.ops_per_month == 10);
    CHECK(scenario_to_json(back.scenario.scenario) == scenario_to_json(s));
    // A yuan scenario's link still leaves its defaults out.
    CHECK(encode_hash(Scenario{}, false, "") == "#s=e30");
}

// traincalc — tests/test_json_read.cpp
// core/json_read.h: parsing with limits (size, NUL), syntax errors with their byte offset, number
// text that reads back exactly, strings cut between characters, values described without dumping.
// Error texts checked exactly, in both languages.
//
// Index of this file:
// [SECTION] parse_json()
// [SECTION] Numbers and strings in messages
#include "core/json_read.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

using namespace traincalc;
using namespace traincalc::detail;

//-----------------------------------------------------------------------------
// [SECTION] parse_json()
//-----------------------------------------------------------------------------

TEST_CASE("json_read: parse_json refuses too long, NUL bytes and bad syntax with one exact message") {
    Json j;
    std::vector<FieldError> errors;
    CHECK(parse_json(R"({"cards": 8})", 100, "the scenario", "场景", j, errors));
    CHECK(errors.empty());
    CHECK(j["cards"] == 8);

    CHECK_FALSE(parse_json(std::string(101, ' '), 100, "the scenario", "场景", j, errors));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].message == "the scenario is too long: 101 bytes, at most 100");
    CHECK(errors[0].message_zh == "场景过长：101 字节，最多 100 字节");

    errors.clear();
    CHECK_FALSE(parse_json(std::string("{\"cards\":2}\0junk", 16), 100, "x", "x", j, errors));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].message == "not valid JSON: a NUL byte at byte offset 11");
    CHECK(errors[0].message_zh == "不是有效的 JSON：字节偏移 11 处有 NUL 字节");

    errors.clear();
    CHECK_FALSE(parse_json(R"({"cards": 8,})", 100, "x", "x", j, errors));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].message == "not valid JSON: syntax error at byte offset 12");
    CHECK(errors[0].message_zh == "不是有效的 JSON：语法错误位于字节偏移 12");

    errors.clear();
    CHECK_FALSE(parse_json("", 100, "x", "x", j, errors));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].message == "not valid JSON: the text is empty");
}

TEST_CASE("json_read: deep nesting and huge numbers parse without a crash") {
    Json j;
    std::vector<FieldError> errors;
    const std::string deep = std::string(2000, '[') + std::string(2000, ']');
    CHECK(parse_json(deep, 1 << 20, "x", "x", j, errors));
    CHECK(parse_json("[1e400]", 100, "x", "x", j, errors) == false); // out of double range: refused
}

//-----------------------------------------------------------------------------
// [SECTION] Numbers and strings in messages
//-----------------------------------------------------------------------------

TEST_CASE("json_read: format_plain gives the shortest text that reads back, never -0") {
    CHECK(format_plain(0.0) == "0");
    CHECK(format_plain(-0.0) == "0");
    CHECK(format_plain(65536) == "65536");
    CHECK(format_plain(1e15) == "1e15");
    CHECK(format_plain(1e-5) == "1e-5");
    CHECK(format_plain(0.1) == "0.1");
    CHECK(format_plain(2.5e8) == "2.5e8");
    for (double v : {0.1, 1.0 / 3, 6.02214076e23, 5e-324, 1.7976931348623157e308, -123.456})
        CHECK(std::strtod(format_plain(v).c_str(), nullptr) == v);
}

TEST_CASE("json_read: strings are cut between UTF-8 characters; values are described, not dumped") {
    CHECK(truncate_utf8("abc", 10) == "abc");
    CHECK(truncate_utf8("显存显存", 7) == "显存…"); // 3 bytes each: never half a character
    CHECK(valid_utf8(truncate_utf8("显存显存", 7)));
    CHECK_FALSE(valid_utf8("\xE6\x98"));
    CHECK(describe_value(Json::parse(R"("H800")"), false) == "\"H800\"");
    CHECK(describe_value(Json::parse("[1,2]"), false) == "an array");
    CHECK(describe_value(Json::parse("{}"), true) == "对象");
    CHECK(describe_value(Json::parse("-0.0"), false) == "0");
    CHECK(describe_value(Json::parse(std::string("\"") + std::string(100, 'x') + "\""), false).size() < 70);
}

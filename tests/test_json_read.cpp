// traincalc — tests/test_json_read.cpp
// core/json_read.h: parsing with limits (size, NUL), syntax errors with their byte offset, number
// text that reads back exactly, strings cut between characters, values described without dumping.
// Error texts checked exactly, in both languages. dump_safe(): our writer gives nlohmann's dump() text.
//
// Index of this file:
// [SECTION] parse_json()
// [SECTION] Numbers and strings in messages
// [SECTION] dump_safe(): the text of nlohmann's dump()
#include "core/json_read.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
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

//-----------------------------------------------------------------------------
// [SECTION] dump_safe(): the text of nlohmann's dump()
//-----------------------------------------------------------------------------

namespace {
// nlohmann's own text: what dump_safe() replaced, and must still give.
std::string nlohmann_dump(const Json& j, int indent) {
    return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}
} // namespace

TEST_CASE("dump_safe: numbers as nlohmann writes them, -0.0 as 0, NaN and infinity as null") {
    const std::pair<double, const char*> cases[] = {
        {1.0, "1.0"},
        {0.1, "0.1"},
        {-2.5, "-2.5"},
        {123.456, "123.456"},
        {999999999999999.0, "999999999999999.0"},
        {1e15, "1e+15"},
        {1e16, "1e+16"},
        {1.5e16, "1.5e+16"},
        {123456789012345.6, "123456789012345.6"},
        {0.001, "0.001"},
        {0.0001, "0.0001"},
        {0.00001, "1e-05"},
        {1.25e-7, "1.25e-07"},
        {2.39665e18, "2.39665e+18"},
        {1.7976931348623157e308, "1.7976931348623157e+308"},
        {5e-324, "5e-324"},
        {0.30000000000000004, "0.30000000000000004"},
        {1.0 / 3.0, "0.3333333333333333"},
        {0.0, "0.0"},
        {-0.0, "0"},
        {std::nan(""), "null"},
        {std::numeric_limits<double>::infinity(), "null"},
    };
    for (const auto& c : cases) {
        const double v = c.first;
        const auto& text = c.second; // a named reference: C++17 lambdas (CAPTURE) take no structured binding
        CAPTURE(text);
        CHECK(dump_safe(Json(v)) == text);
        if (!(v == 0 && std::signbit(v))) CHECK(nlohmann_dump(Json(v), -1) == text);
    }
    CHECK(dump_safe(Json(std::int64_t{-9223372036854775807 - 1})) == "-9223372036854775808");
    CHECK(dump_safe(Json(std::uint64_t{18446744073709551615u})) == "18446744073709551615");
    CHECK(dump_safe(Json(0)) == "0");
}

TEST_CASE("dump_safe: strings escaped, broken UTF-8 replaced as nlohmann replaces it") {
    CHECK(dump_safe(Json("a\"b\\c/")) == "\"a\\\"b\\\\c/\"");
    CHECK(dump_safe(Json(std::string("\b\t\n\f\r\x01\x1f\x7f", 8))) ==
          "\"\\b\\t\\n\\f\\r\\u0001\\u001f\x7f\"");
    CHECK(dump_safe(Json(std::string("\0", 1))) == "\"\\u0000\"");
    CHECK(dump_safe(Json("训练 ¥30/h 🚀")) == "\"训练 ¥30/h 🚀\"");
    // One U+FFFD per broken sequence; the byte that broke it starts the next.
    CHECK(dump_safe(Json(std::string("a\xff") + "b")) == "\"a\xEF\xBF\xBD"
                                                         "b\"");
    CHECK(dump_safe(Json(std::string("\xe8\xae") + "x")) == "\"\xEF\xBF\xBDx\"");
    CHECK(dump_safe(Json(std::string("\xe8\xae"))) == "\"\xEF\xBF\xBD\"");
    CHECK(dump_safe(Json(std::string("\xc0\xaf"))) == "\"\xEF\xBF\xBD\xEF\xBF\xBD\""); // overlong
    CHECK(dump_safe(Json(std::string("\xed\xa0\x80"))) ==
          "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""); // surrogate
    CHECK(dump_safe(Json(std::string("\xf4\x90\x80\x80"))) ==
          nlohmann_dump(Json(std::string("\xf4\x90\x80\x80")), -1));
}

// The digits of a written double: "-1.25e-07" -> 3.
int significant_digits(const std::string& text) {
    std::string digits;
    for (char c : text.substr(0, text.find('e')))
        if (c >= '0' && c <= '9') digits += c;
    const size_t first = digits.find_first_not_of('0'), last = digits.find_last_not_of('0');
    return first == std::string::npos ? 1 : static_cast<int>(last - first + 1);
}

TEST_CASE("dump_safe: random trees give nlohmann's text but for doubles Grisu2 wrote long") {
    std::mt19937_64 rng(20261204);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
    auto random_double = [&]() -> double {
        switch (pick(4)) {
        case 0: { // any finite bit pattern, subnormals included
            for (;;) {
                const std::uint64_t bits = rng();
                double d;
                std::memcpy(&d, &bits, sizeof d);
                if (std::isfinite(d) && d != 0) return d;
            }
        }
        case 1:
            return static_cast<double>(pick(2000000) - 1000000) / std::pow(10.0, pick(12)); // decimals
        case 2:
            return std::ldexp(static_cast<double>(pick(1 << 20) + 1), pick(120) - 60); // binary fractions
        default:
            return static_cast<double>(rng() >> pick(64)) * (pick(2) ? 1e-3 : 7.0); // wide integers
        }
    };
    auto random_string = [&]() {
        static const char* pieces[] = {"a",        "\"",       "\\",   "\n",       "\x01", "\x7f", "训",
                                       "¥",        "🚀",        "\xff", "\xe8",     "\xae", "\xc0", "\xed\xa0",
                                       "\xf0\x9f", "\xf4\x90", "\x80", "\xe0\x80", "é"};
        std::string s;
        for (int n = pick(8); n > 0; --n) s += pieces[pick(19)];
        return s;
    };
    std::function<Json(int, bool)> random_value = [&](int depth, bool doubles) -> Json {
        const int kind = depth > 3 ? pick(6) : pick(8);
        switch (kind) {
        case 0:
            return nullptr;
        case 1:
            return pick(2) == 0;
        case 2:
            return static_cast<std::int64_t>(rng());
        case 3:
            return rng();
        case 4:
            return doubles ? Json(random_double()) : Json(pick(1000) / 8.0); // eighths: no Grisu2 miss
        case 5:
            return random_string();
        case 6: {
            Json a = Json::array();
            for (int n = pick(4); n > 0; --n) a.push_back(random_value(depth + 1, doubles));
            return a;
        }
        default: {
            Json o = Json::object();
            for (int n = pick(4); n > 0; --n) o[random_string()] = random_value(depth + 1, doubles);
            return o;
        }
        }
    };
    // Strings, integers, structure, indentation: the same text.
    int text_differs = 0;
    for (int i = 0; i < 20000; ++i) {
        const Json j = random_value(0, false);
        for (int indent : {-1, 0, 2}) {
            const std::string ours = dump_safe(j, indent), theirs = nlohmann_dump(j, indent);
            if (ours != theirs && ++text_differs <= 3) {
                CAPTURE(theirs);
                CHECK(ours == theirs);
            }
        }
    }
    CHECK(text_differs == 0);
    // With any doubles: the same values read back, never longer.
    int value_differs = 0, longer = 0;
    for (int i = 0; i < 20000; ++i) {
        const Json j = random_value(0, true);
        const std::string ours = dump_safe(j), theirs = nlohmann_dump(j, -1);
        value_differs += parse_json_text(ours) != parse_json_text(theirs);
        longer += ours.size() > theirs.size();
    }
    CHECK(value_differs == 0);
    CHECK(longer == 0);
    // Doubles alone: they read back exactly, with the fewest digits that do; nlohmann's text is the
    // same for ~99% of them (the rest: its Grisu2 wrote more digits, or a farther last digit).
    int same = 0, wrong = 0;
    const int n = 200000;
    for (int i = 0; i < n; ++i) {
        const double d = random_double();
        const std::string ours = dump_safe(Json(d));
        same += ours == nlohmann_dump(Json(d), -1);
        char fewer[40];
        const int digits = significant_digits(ours);
        std::snprintf(fewer, sizeof fewer, "%.*e", digits - 2, d);
        const bool reads_back = std::strtod(ours.c_str(), nullptr) == d;
        const bool fewer_reads_back = digits > 1 && std::strtod(fewer, nullptr) == d;
        if ((!reads_back || fewer_reads_back) && ++wrong <= 3) {
            CAPTURE(ours);
            CAPTURE(fewer);
            CHECK(reads_back);
            CHECK_FALSE(fewer_reads_back);
        }
    }
    MESSAGE(same << " of " << n << " random doubles written as nlohmann writes them");
    CHECK(wrong == 0);
    CHECK(same > n * 97 / 100);
}

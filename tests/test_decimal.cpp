// traincalc — tests/test_decimal.cpp
// core/decimal.h: parse_decimal() reads what it should, stops where it should, and rounds every
// text to the same double as glibc's strtod (correctly rounded, ties to even): golden cases,
// then texts made to be hard (midpoints between neighbouring doubles, written out exactly, and
// a hair either side of them; the subnormals; the edge of overflow) and random ones.
#include "core/decimal.h"
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

using namespace traincalc;

namespace {

// What parse_decimal reads of `text`: the characters it read, and the double (bits compared).
struct Read {
    long used;
    double value;
};
Read read(const char* text) {
    double v = -12345.0; // untouched when nothing is read
    const char* end = parse_decimal(text, &v);
    return {long(end - text), v};
}

bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// The same double as glibc's strtod, and the same characters read.
void check_as_strtod(const std::string& text) {
    char* end = nullptr;
    const double want = std::strtod(text.c_str(), &end);
    const Read got = read(text.c_str());
    INFO("text: ", text.size() > 120 ? text.substr(0, 120) + "…" : text);
    CHECK(got.used == end - text.c_str());
    if (got.used > 0) CHECK(same_bits(got.value, want)); // else strtod's 0, and nothing set here
}

} // namespace

TEST_CASE("parse_decimal: what it reads and where it stops") {
    CHECK(read("0").used == 1);
    CHECK(read("42").value == 42.0);
    CHECK(read("-2.5").value == -2.5);
    CHECK(read("+7").value == 7.0);
    CHECK(read("5.").used == 2);
    CHECK(read("5.").value == 5.0);
    CHECK(read(".25").value == 0.25);
    CHECK(read("1e3").value == 1000.0);
    CHECK(read("1E-3").value == 0.001);
    CHECK(read("2.5e+2x").used == 6);
    CHECK(read("2.5e+2x").value == 250.0);
    CHECK(read("7e").used == 1); // an exponent without digits is not read
    CHECK(read("7e+").used == 1);
    CHECK(read("000123.4500").value == 123.45);
    CHECK(read("1,000").used == 1); // no thousands separator: the caller takes those out
    CHECK(same_bits(read("-0").value, -0.0));
    CHECK(same_bits(read("0e999999999999").value, 0.0));
}

TEST_CASE("parse_decimal: no number, nothing read, nothing set") {
    for (const char* text : {"", "-", "+", ".", "-.", "e5", ".e5", " 5", "abc", "inf", "nan", "Infinity"}) {
        INFO("text: '", text, "'");
        const Read r = read(text);
        CHECK(r.used == 0);
        CHECK(r.value == -12345.0);
    }
    // Hexadecimal is not read past its 0 (strtod would read 0x10 as 16).
    CHECK(read("0x10").used == 1);
    CHECK(read("0x10").value == 0.0);
}

TEST_CASE("parse_decimal: the edges of the double range") {
    CHECK(read("1.7976931348623157e308").value == DBL_MAX);
    CHECK(read("1.7976931348623158e308").value == DBL_MAX);  // below the midpoint to 2^1024
    CHECK(std::isinf(read("1.7976931348623159e308").value)); // above it
    CHECK(std::isinf(read("1e309").value));
    CHECK(std::isinf(read("-1e99999999999").value));
    CHECK(read("-1e99999999999").value < 0);
    CHECK(read("2.2250738585072014e-308").value == DBL_MIN);
    CHECK(read("4.9406564584124654e-324").value == std::nextafter(0.0, 1.0));
    CHECK(read("2.4703282292062328e-324").value == std::nextafter(0.0, 1.0)); // above half of it
    CHECK(read("2.4703282292062327e-324").value == 0.0);                      // below half of it
    CHECK(read("1e-400").value == 0.0);
    CHECK(read("0.1").value == 0.1);
    CHECK(read("0.30000000000000004").value == 0.1 + 0.2);
}

TEST_CASE("parse_decimal: the same double as glibc's strtod, golden hard cases") {
    for (const char* text :
         {"9007199254740993",               // 2^53 + 1: a tie, to the even 2^53
          "9007199254740995",               // 2^53 + 3: a tie, up to 2^53 + 4
          "9007199254740993.0000000000001", // a hair above the tie
          "2.2250738585072011e-308",        // the one that hung PHP and Java
          "2.2250738585072012e-308",
          "1.00000000000000011102230246251565404236316680908203125", // 1 + 2^-53: a tie, to 1
          "1.00000000000000011102230246251565404236316680908203124",
          "1.00000000000000011102230246251565404236316680908203126",
          "1.00000000000000011102230246251565404236316680908203125" // the tie, then a 1 past 800 digits
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "1",
          "7.2e9", "123456789012345678901234567890", "1e23", "8.589973e9", "4.35e-6", "1448997445238699",
          "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000001"}) {
        check_as_strtod(text);
    }
}

TEST_CASE("parse_decimal: midpoints between doubles, written out exactly, and a hair either side") {
    // A midpoint of two doubles has at most 54 significant bits and a binary exponent glibc's
    // long double (64-bit significand, wider range) holds exactly, and glibc prints a long double
    // exactly: its decimal is the tie itself. 768 digits hold any of them.
    std::mt19937_64 rng(20261202);
    std::uniform_int_distribution<int> exponent(-1074, 1023);
    std::string text(1100, '\0');
    int checked = 0;
    for (int i = 0; i < 3000; i++) {
        // Random doubles across the range, and the subnormals' and the powers of two's edges.
        double x;
        if (i % 10 == 0)
            x = std::ldexp(1.0, exponent(rng)); // a power of two: its step below is half
        else if (i % 10 == 1)
            x = std::ldexp(double(rng() >> 12), -1074); // a subnormal
        else
            x = std::ldexp(1.0 + double(rng() >> 11) / 9007199254740992.0, exponent(rng));
        if (!std::isfinite(x) || x == 0) continue;
        const double next = std::nextafter(x, HUGE_VAL);
        if (!std::isfinite(next)) continue;
        const long double mid = (static_cast<long double>(x) + static_cast<long double>(next)) / 2;
        for (long double v : {mid, std::nextafter(mid, 0.0L), std::nextafter(mid, HUGE_VALL)}) {
            std::snprintf(text.data(), text.size(), "%.800Le", v);
            check_as_strtod(text.c_str());
            checked++;
        }
        // The tie and a 1 after 900 more zeros (past the 800 digits kept): above the tie, so up.
        std::snprintf(text.data(), text.size(), "%.800Le", mid);
        std::string above = text.c_str();
        above.insert(above.find('e'), std::string(900, '0') + "1");
        check_as_strtod(above);
        // Rounded to 17 and to 15 significant digits: what JSON and links carry.
        std::snprintf(text.data(), text.size(), "%.17g", x);
        check_as_strtod(text.c_str());
        std::snprintf(text.data(), text.size(), "%.15g", x);
        check_as_strtod(text.c_str());
    }
    CHECK(checked > 8000);
}

TEST_CASE("parse_decimal: the same double as glibc's strtod, random texts") {
    std::mt19937_64 rng(42);
    for (int i = 0; i < 20000; i++) {
        std::string text;
        if (rng() % 4 == 0) text += '-';
        const int int_digits = int(rng() % 25), frac_digits = int(rng() % 25);
        for (int k = 0; k < int_digits; k++) text += char('0' + rng() % 10);
        if (frac_digits || rng() % 2) {
            text += '.';
            for (int k = 0; k < frac_digits; k++) text += char('0' + rng() % 10);
        }
        if (rng() % 2) text += "e" + std::to_string(int(rng() % 700) - 350);
        check_as_strtod(text);
    }
}

// traincalc — tests/test_format.cpp
// core/format.h: 万/亿 grouping in Chinese, compact money for chart ticks, the colon by language.
// Golden strings: exact expected text.
#include "core/format.h"
#include <doctest/doctest.h>
#include <limits>

using namespace traincalc;

TEST_CASE("format_number_zh: 万, 亿 and 万亿 grouping") {
    CHECK(format_number_zh(25000) == "2.5 万");
    CHECK(format_number_zh(4.8e8) == "4.8 亿");
    CHECK(format_number_zh(7.5e7) == "7,500 万");
    CHECK(format_number_zh(1.2e13) == "12 万亿");
    CHECK(format_number_zh(7.62e9) == "76.2 亿");
    CHECK(format_number_zh(-25000) == "−2.5 万");
}

TEST_CASE("format_number_zh: small numbers, rounding at a unit boundary, huge and bad values") {
    CHECK(format_number_zh(9999) == "9,999");
    CHECK(format_number_zh(512) == "512");
    CHECK(format_number_zh(0.25) == "0.25");
    CHECK(format_number_zh(0) == "0");
    CHECK(format_number_zh(99996) == "10 万"); // rounded first: not "9,999.6 万"
    CHECK(format_number_zh(99994000) == "1 亿");
    CHECK(format_number_zh(1.05e19) == "1.05e19"); // 万亿亿 reads worse than an exponent
    CHECK(format_number_zh(std::numeric_limits<double>::quiet_NaN()) == "0");
    CHECK(format_number_zh(std::numeric_limits<double>::infinity()) == "0");
    CHECK(format_number_zh(123456, 2) == "12 万");
}

TEST_CASE("format_quantity: English keeps format_number, Chinese groups") {
    CHECK(format_quantity(4.8e8, Lang::en) == "4.8e8");
    CHECK(format_quantity(4.8e8, Lang::zh) == "4.8 亿");
    CHECK(format_quantity(25000, Lang::en) == "25,000");
    CHECK(format_quantity(25000, Lang::zh) == "2.5 万");
    CHECK(format_quantity(2971, Lang::zh) == "2,971");
}

TEST_CASE("format_money_compact: short tick labels") {
    CHECK(format_money_compact(3200, Currency::cny, Lang::en) == "¥3,200");
    CHECK(format_money_compact(3200, Currency::cny, Lang::zh) == "¥3,200");
    CHECK(format_money_compact(25000, Currency::cny, Lang::en) == "¥25k");
    CHECK(format_money_compact(368640, Currency::cny, Lang::en) == "¥370k");
    CHECK(format_money_compact(368640, Currency::cny, Lang::zh) == "¥37 万");
    CHECK(format_money_compact(4.8e6, Currency::usd, Lang::en) == "$4.8M");
    CHECK(format_money_compact(4.8e8, Currency::cny, Lang::zh) == "¥4.8 亿");
    CHECK(format_money_compact(1.2e9, Currency::usd, Lang::en) == "$1.2B");
    CHECK(format_money_compact(-25000, Currency::cny, Lang::en) == "−¥25k");
    CHECK(format_money_compact(std::numeric_limits<double>::quiet_NaN(), Currency::cny, Lang::en) == "¥0");
}

TEST_CASE("round_significant: round values for a slider's drag; bad and extreme values") {
    CHECK(round_significant(31428.57, 2) == 31000);
    CHECK(round_significant(21.6e6, 2) == 22e6);
    CHECK(round_significant(7.6193, 2) == doctest::Approx(7.6).epsilon(1e-15));
    CHECK(round_significant(0.10049, 2) == doctest::Approx(0.1).epsilon(1e-15));
    CHECK(round_significant(9.96, 2) == 10);              // up a decade
    CHECK(round_significant(1e8, 2) == 1e8);              // powers of ten stay exact
    CHECK(round_significant(123.456, 0) == 100);          // at least one digit
    CHECK(round_significant(0.1 + 0.2, 17) == 0.1 + 0.2); // 17 digits: as it is
    CHECK(round_significant(1e300, 2) == 1e300);
    CHECK(round_significant(4.9e-324, 3) == 4.9e-324); // 10^326 overflows: as it is
    CHECK(round_significant(0, 2) == 0);
    CHECK(round_significant(-5, 2) == 0);
    CHECK(round_significant(std::numeric_limits<double>::quiet_NaN(), 2) == 0);
    CHECK(round_significant(std::numeric_limits<double>::infinity(), 2) ==
          std::numeric_limits<double>::infinity());
}

TEST_CASE("colon: full-width in Chinese, ASCII and a space in English") {
    CHECK(std::string(colon(Lang::zh)) == "：");
    CHECK(std::string(colon(Lang::en)) == ": ");
}

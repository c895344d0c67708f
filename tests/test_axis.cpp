// traincalc — tests/test_axis.cpp
// core/axis.h: log or focused axes with at least four round, labelled ticks.
#include "core/axis.h"
#include <cmath>
#include <doctest/doctest.h>
#include <limits>
#include <vector>

using namespace traincalc;

namespace {
std::vector<double> ticks_of(const AxisTicks& t) {
    return std::vector<double>(t.ticks, t.ticks + t.count);
}

// Every axis: 4..12 ascending ticks, the range from the first to the last, every value inside.
void check_axis(const AxisTicks& t, double lo, double hi) {
    REQUIRE(t.count >= 4);
    REQUIRE(t.count <= AxisTicks::kMaxTicks);
    for (int i = 1; i < t.count; i++) CHECK(t.ticks[i] > t.ticks[i - 1]);
    CHECK(t.lo == doctest::Approx(t.ticks[0]));
    CHECK(t.hi == doctest::Approx(t.ticks[t.count - 1]));
    CHECK(t.lo <= lo * (1 + 1e-12));
    CHECK(t.hi >= hi * (1 - 1e-12));
    CHECK(t.at(t.lo) == doctest::Approx(0.0));
    CHECK(t.at(t.hi) == doctest::Approx(1.0));
}
} // namespace

TEST_CASE("axis_ticks: cost from ¥2,000 to ¥368,640 is logarithmic with decade ticks") {
    const AxisTicks t = axis_ticks(2000, 368640);
    check_axis(t, 2000, 368640);
    CHECK(t.log);
    CHECK(ticks_of(t) == std::vector<double>{1000, 10000, 100000, 1000000});
    // The 1–16 card range (¥2,000 → ¥4,000) is no longer a flat line: it spans a visible share.
    CHECK(t.at(4000) - t.at(2000) == doctest::Approx(std::log10(2.0) / 3));
}

TEST_CASE("axis_ticks: a wide span uses every decade, or every other") {
    AxisTicks t = axis_ticks(0.5, 3000);
    check_axis(t, 0.5, 3000);
    CHECK(ticks_of(t) == std::vector<double>{0.1, 1, 10, 100, 1000, 10000});
    t = axis_ticks(1, 1e20);
    check_axis(t, 1, 1e20);
    CHECK(t.count == 11); // 1e0, 1e2 … 1e20
}

TEST_CASE("axis_ticks: under 10× the axis is linear, focused on the values, with round steps") {
    AxisTicks t = axis_ticks(23.4, 31.7);
    check_axis(t, 23.4, 31.7);
    CHECK_FALSE(t.log);
    CHECK(ticks_of(t) == std::vector<double>{22, 24, 26, 28, 30, 32});
    t = axis_ticks(100, 100); // one value: a window around it
    check_axis(t, 100, 100);
    CHECK_FALSE(t.log);
    t = axis_ticks(0.2, 1.5); // near zero: starts at zero
    check_axis(t, 0.2, 1.5);
    CHECK(t.ticks[0] == 0.0);
    t = axis_ticks(1, 1000, false); // log refused
    check_axis(t, 1, 1000);
    CHECK_FALSE(t.log);
}

TEST_CASE("axis_ticks: bad input gives a plain 0..1 axis") {
    for (double bad :
         {-1.0, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
        const AxisTicks t = axis_ticks(bad, 5);
        CHECK(t.count >= 4);
        CHECK(t.lo == 0.0);
        CHECK(t.hi == doctest::Approx(1.0));
    }
}

// traincalc — core/axis.cpp
// Round tick values for the charts (see axis.h).
//
// Index of this file:
// [SECTION] Linear axis
// [SECTION] Log axis
// [SECTION] axis_ticks()
#include "axis.h"
#include <cmath>

namespace traincalc {

float AxisTicks::at(double v) const {
    double t = 0.5;
    if (log) {
        const double a = std::log10(lo), b = std::log10(hi);
        t = b > a ? (std::log10(v > lo ? v : lo) - a) / (b - a) : 0.5;
    } else {
        t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
    }
    return static_cast<float>(t < 0 ? 0 : (t > 1 ? 1 : t));
}

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Linear axis
//-----------------------------------------------------------------------------

// The largest 1, 2, 2.5 or 5 × 10^k not above `raw`: at most 2× smaller than raw, so four raw
// steps give at most ten round ones.
double nice_step_below(double raw) {
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    static const double kMantissas[] = {5, 2.5, 2, 1};
    for (double m : kMantissas)
        if (m * p <= raw * (1 + 1e-12)) return m * p;
    return p;
}

AxisTicks linear_axis(double lo, double hi) {
    AxisTicks t;
    if (!(hi - lo > 1e-9 * std::fabs(hi))) { // one value: a ±10% window around it
        const double pad = lo != 0 ? std::fabs(lo) * 0.1 : 1.0;
        lo -= pad;
        hi += pad;
    }
    if (lo >= 0 && lo - (hi - lo) < 0 && lo < 0.1 * hi) lo = 0; // near zero: start at zero
    const double step = nice_step_below((hi - lo) / 4);
    t.lo = std::floor(lo / step + 1e-9) * step;
    t.hi = std::ceil(hi / step - 1e-9) * step;
    for (double v = t.lo; v <= t.hi + step * 1e-6 && t.count < AxisTicks::kMaxTicks; v += step)
        t.ticks[t.count++] = std::fabs(v) < step * 1e-9 ? 0.0 : v;
    t.hi = t.ticks[t.count - 1];
    return t;
}

//-----------------------------------------------------------------------------
// [SECTION] Log axis
//-----------------------------------------------------------------------------

// Ticks m × 10^k for m in `mantissas`, k every `stride` decades, from the largest ≤ lo to the
// smallest ≥ hi. False when they would be fewer than 4 or more than kMaxTicks.
bool log_ticks(double lo, double hi, const double* mantissas, int n, int stride, AxisTicks& t) {
    t = AxisTicks();
    t.log = true;
    const int k0 = static_cast<int>(std::floor(std::log10(lo) + 1e-12));
    const int k1 = static_cast<int>(std::ceil(std::log10(hi) - 1e-12));
    const int first = k0 - ((k0 % stride) + stride) % stride; // decades on the stride's grid
    double below = 0;                                         // largest tick ≤ lo
    for (int k = first; k <= k1 + stride; k += stride) {
        for (int i = 0; i < n; i++) {
            const double v = mantissas[i] * std::pow(10.0, k);
            if (v <= lo * (1 + 1e-12)) {
                below = v;
                continue;
            }
            if (t.count == 0) {
                if (below <= 0) return false;
                t.ticks[t.count++] = below;
            }
            if (t.count >= AxisTicks::kMaxTicks) return false;
            t.ticks[t.count++] = v;
            if (v >= hi * (1 - 1e-12)) {
                t.lo = t.ticks[0];
                t.hi = v;
                return t.count >= 4;
            }
        }
    }
    return false;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] axis_ticks()
//-----------------------------------------------------------------------------

AxisTicks axis_ticks(double min_value, double max_value, bool allow_log) {
    if (!std::isfinite(min_value) || !std::isfinite(max_value) || min_value < 0 || max_value < 0)
        return linear_axis(0, 1);
    if (min_value > max_value) {
        const double m = min_value;
        min_value = max_value;
        max_value = m;
    }
    if (allow_log && min_value > 0 && max_value >= 10 * min_value && max_value < 1e300) {
        // The coarsest grid with at least four ticks: decades, then 1-3, 1-2-5, then every digit.
        static const double kOne[] = {1}, kOneThree[] = {1, 3}, kOneTwoFive[] = {1, 2, 5};
        AxisTicks t;
        for (int stride = 1; stride <= 64; stride *= 2)
            if (log_ticks(min_value, max_value, kOne, 1, stride, t)) return t;
        if (log_ticks(min_value, max_value, kOneThree, 2, 1, t)) return t;
        if (log_ticks(min_value, max_value, kOneTwoFive, 3, 1, t)) return t;
    }
    return linear_axis(min_value, max_value);
}

} // namespace traincalc

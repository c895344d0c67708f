// traincalc — core/axis.h
// Chart axes that read: a log axis when the values span ten times or more (time and cost against
// 1 … 4,096 cards), else a linear axis focused on the values' range, with round ticks (1-2-5
// steps) and at least four of them, so the 1–16 card range is never a flat line.
#pragma once

namespace traincalc {

struct AxisTicks {
    static constexpr int kMaxTicks = 12;
    bool log = false;      // log10 scale
    double lo = 0, hi = 1; // the axis range, widened to the outer ticks
    int count = 0;         // ticks[0..count), ascending, all within [lo, hi]
    double ticks[kMaxTicks] = {};
    float at(double v) const; // 0 at lo, 1 at hi (clamped); log axes take log10
};

// Ticks for values in [min_value, max_value]. Non-finite or negative input gives a 0..1 axis;
// allow_log = false forces a linear axis. Always 4 ≤ count ≤ 12.
AxisTicks axis_ticks(double min_value, double max_value, bool allow_log = true);

} // namespace traincalc

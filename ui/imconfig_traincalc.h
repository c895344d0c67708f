// traincalc — ui/imconfig_traincalc.h
// Dear ImGui's user config (IMGUI_USER_CONFIG, set for the imgui target in CMakeLists.txt): ImGui's
// math wrappers on functions the program links anyway, instead of musl's float ones.
//
// Why: ImGui draws arcs with cosf/sinf and sizes circles with acosf, and its log sliders call
// logf/powf. In the page those pulled in musl's sinf, cosf, acosf, logf and __rem_pio2f, whose
// Payne-Hanek reduction (for angles up to 2^127) carries ~3.5 KB of 2/π's bits: 48 table entries
// at start-up and a few circle sizes cost the page 5,135 bytes gzip (271,846 -> 266,711). Here sin/cos is a
// short series (ImGui's angles are a few turns at most), acos the Abramowitz and Stegun polynomial, and
// log/pow the double ones the estimator links already. The native builds (UI tests) use the same functions,
// so they draw what the page draws. Accuracy (tests/test_ui_math.cpp): sin/cos within 1e-7 of the double
// value on [-64π, 64π]; acos within 2.2e-8 on [-1, 1] (one float ulp once rounded); ImGui's circle sizes as
// with acosf.
//
// Index of this file:
// [SECTION] Math wrappers (ImGui's IMGUI_DISABLE_DEFAULT_MATH_FUNCTIONS contract)
#pragma once
#include <math.h>

//-----------------------------------------------------------------------------
// [SECTION] Math wrappers (ImGui's IMGUI_DISABLE_DEFAULT_MATH_FUNCTIONS contract)
//-----------------------------------------------------------------------------

#define IMGUI_DISABLE_DEFAULT_MATH_FUNCTIONS

// sin(x) for ImGui's angles (a few turns; huge ones lose digits in the reduction, which ImGui
// never draws): reduced to [-π/2, π/2] in double, then Taylor to x^15
// (remainder (π/2)^17/17! < 6e-12, far below a float's 6e-8).
static inline double ImTcSin(double x) {
    const double pi = 3.14159265358979323846;
    double y = x - 2.0 * pi * floor(x * (0.5 / pi) + 0.5); // [-π, π]
    if (y > 0.5 * pi)
        y = pi - y; // sin(π - y) = sin(y)
    else if (y < -0.5 * pi)
        y = -pi - y;
    const double y2 = y * y;
    return y * (1.0 +
                y2 * (-1.0 / 6.0 +
                      y2 * (1.0 / 120.0 +
                            y2 * (-1.0 / 5040.0 +
                                  y2 * (1.0 / 362880.0 +
                                        y2 * (-1.0 / 39916800.0 +
                                              y2 * (1.0 / 6227020800.0 + y2 * (-1.0 / 1307674368000.0))))))));
}
// acos(x) on [-1, 1] (clamped): Abramowitz and Stegun 4.4.46, |error| < 2.2e-8 (2.18e-8 at 0);
// acos(-x) = π - acos(x).
static inline double ImTcAcos(double x) {
    const double a = fmin(fabs(x), 1.0);
    const double p =
        1.5707963050 +
        a * (-0.2145988016 +
             a * (0.0889789874 +
                  a * (-0.0501743046 +
                       a * (0.0308918810 + a * (-0.0170881256 + a * (0.0066700901 + a * -0.0012624911))))));
    const double r = sqrt(1.0 - a) * p;
    return x < 0.0 ? 3.14159265358979323846 - r : r;
}

#define ImFabs(X) fabsf(X)
#define ImSqrt(X) sqrtf(X)
#define ImFmod(X, Y) fmodf((X), (Y))
#define ImCos(X) ((float)ImTcSin((double)(X) + 1.57079632679489661923))
#define ImSin(X) ((float)ImTcSin((double)(X)))
#define ImAcos(X) ((float)ImTcAcos((double)(X)))
#define ImAtan2(Y, X) atan2f((Y), (X)) // ColorPicker4 only, which the page does not link
#define ImAtof(STR) atof(STR)
#define ImCeil(X) ceilf(X)
static inline float ImPow(float x, float y) {
    return (float)pow((double)x, (double)y);
}
static inline double ImPow(double x, double y) {
    return pow(x, y);
}
static inline float ImLog(float x) {
    return (float)log((double)x);
}
static inline double ImLog(double x) {
    return log(x);
}
static inline int ImAbs(int x) {
    return x < 0 ? -x : x;
}
static inline float ImAbs(float x) {
    return fabsf(x);
}
static inline double ImAbs(double x) {
    return fabs(x);
}
static inline float ImSign(float x) {
    return (x < 0.0f) ? -1.0f : (x > 0.0f) ? 1.0f : 0.0f;
}
static inline double ImSign(double x) {
    return (x < 0.0) ? -1.0 : (x > 0.0) ? 1.0 : 0.0;
}
static inline float ImRsqrt(float x) {
    return 1.0f / sqrtf(x);
}
static inline double ImRsqrt(double x) {
    return 1.0 / sqrt(x);
}

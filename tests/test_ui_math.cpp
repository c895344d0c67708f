// traincalc — tests/test_ui_math.cpp
// ImGui's math wrappers (ui/imconfig_traincalc.h) against the C library: sin/cos and acos as
// accurate as a float, log/pow on the double functions, and ImGui's own circle tables built from them.
#include "imgui.h"
#include "imgui_internal.h"
#include <cmath>
#include <doctest/doctest.h>

TEST_CASE("ImSin and ImCos are within 1e-7 of sin and cos over many turns") {
    const double pi = 3.14159265358979323846;
    double worst = 0.0;
    for (int i = -200000; i <= 200000; ++i) {
        const float a = (float)(i * (64.0 * pi / 200000.0)); // [-64π, 64π]
        worst = std::fmax(worst, std::fabs((double)ImSin(a) - std::sin((double)a)));
        worst = std::fmax(worst, std::fabs((double)ImCos(a) - std::cos((double)a)));
    }
    CHECK(worst < 1e-7);
    // Exact where ImGui's tables start: cos 0 = 1, sin 0 = 0.
    CHECK(ImCos(0.0f) == 1.0f);
    CHECK(ImSin(0.0f) == 0.0f);
    CHECK(ImSin(-0.5f) == doctest::Approx(std::sin(-0.5)).epsilon(1e-7));
}

TEST_CASE("ImAcos is within 2.2e-8 of acos on [-1, 1], one float ulp once rounded, and clamps outside") {
    double worst = 0.0;
    int beyond_ulp = 0;
    for (int i = -100000; i <= 100000; ++i) {
        const double x = i / 100000.0;
        const double exact = std::acos(x);
        worst = std::fmax(worst, std::fabs(ImTcAcos(x) - exact));
        const double ulp = (double)std::nextafter((float)exact, 4.0f) - (double)(float)exact;
        beyond_ulp += std::fabs((double)ImAcos((float)x) - std::acos((double)(float)x)) > ulp;
    }
    CHECK(worst < 2.2e-8); // Abramowitz and Stegun give 2e-8 for their 10-digit coefficients: 2.18e-8 at 0
    CHECK(beyond_ulp == 0);
    CHECK(ImAcos(1.0f) == 0.0f);
    CHECK(ImAcos(1.5f) == 0.0f);
    CHECK(ImAcos(-1.5f) == doctest::Approx(3.14159265358979).epsilon(1e-7));
}

TEST_CASE("ImLog and ImPow on floats give the float of the double result") {
    CHECK(ImLog(10.0f) == (float)std::log(10.0));
    CHECK(ImPow(10.0f, 0.1f) == (float)std::pow(10.0, (double)0.1f));
    CHECK(ImPow(2.0, 10.0) == 1024.0);
    CHECK(ImAbs(-3) == 3);
    CHECK(ImSign(-0.25f) == -1.0f);
    CHECK(ImRsqrt(4.0f) == 0.5f);
}

TEST_CASE("ImGui's circle tables built on them match the C library's") {
    ImGuiContext* ctx = ImGui::CreateContext();
    ImDrawListSharedData data;
    const int n = IM_ARRAYSIZE(data.ArcFastVtx);
    for (int i = 0; i < n; ++i) {
        const double a = (double)((float)i * 2 * IM_PI / (float)n);
        CHECK(data.ArcFastVtx[i].x == doctest::Approx(std::cos(a)).epsilon(1e-6));
        CHECK(data.ArcFastVtx[i].y == doctest::Approx(std::sin(a)).epsilon(1e-6));
    }
    // The segment counts ImGui derives (through ImAcos) are those of acosf: the default
    // tessellation error, every radius it tabulates.
    data.SetCircleTessellationMaxError(0.30f);
    for (int r = 1; r < IM_ARRAYSIZE(data.CircleSegmentCounts); ++r) {
        const float rad = (float)r;
        const int libc =
            ImClamp(IM_ROUNDUP_TO_EVEN((int)std::ceil(IM_PI / std::acos(1 - ImMin(0.30f, rad) / rad))),
                    IM_DRAWLIST_CIRCLE_AUTO_SEGMENT_MIN, IM_DRAWLIST_CIRCLE_AUTO_SEGMENT_MAX);
        CAPTURE(r);
        CHECK((int)data.CircleSegmentCounts[r] == libc);
    }
    ImGui::DestroyContext(ctx);
}

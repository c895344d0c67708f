// traincalc — tests/test_ui_contrast.cpp
// Every text colour the page uses has at least 4.5:1 contrast (WCAG 2.1 AA) on the page
// background, in the light and the dark theme.
#include "ui/widgets.h"
#include "ui_harness.h"
#include <cmath>
#include <doctest/doctest.h>

using namespace traincalc;

namespace {
// WCAG 2.1 relative luminance and contrast ratio.
double luminance(const ImVec4& c) {
    auto ch = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * ch(c.x) + 0.7152 * ch(c.y) + 0.0722 * ch(c.z);
}
double contrast(const ImVec4& a, const ImVec4& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::fmax(la, lb) + 0.05) / (std::fmin(la, lb) + 0.05);
}
} // namespace

TEST_CASE("text colours have at least 4.5:1 contrast on the background, light and dark") {
    for (bool dark : {false, true}) {
        traincalc_test::Page page(1280, 800, 1, Lang::en);
        page.app.dark = dark;
        page.frame(); // the theme is applied by draw_app
        CAPTURE(dark);
        const ImGuiStyle& st = ImGui::GetStyle();
        const ImVec4 bg = st.Colors[ImGuiCol_WindowBg];
        CHECK(contrast(st.Colors[ImGuiCol_Text], bg) >= 4.5);
        CHECK(contrast(st.Colors[ImGuiCol_TextDisabled], bg) >= 4.5);  // labels, sub-lines
        CHECK(contrast(st.Colors[ImGuiCol_PlotHistogram], bg) >= 4.5); // section titles
        ImGui::GetIO().UserData = &page.app; // the status colours follow the app's theme
        CHECK(contrast(ui::color_ok(), bg) >= 4.5);
        CHECK(contrast(ui::color_bad(), bg) >= 4.5);
        CHECK(contrast(ui::color_warn(), bg) >= 4.5);
        // Text on buttons and headers (their fill blended over the background).
        const ImVec4 b = st.Colors[ImGuiCol_Button], h = st.Colors[ImGuiCol_Header];
        const ImVec4 button(b.x * b.w + bg.x * (1 - b.w), b.y * b.w + bg.y * (1 - b.w),
                            b.z * b.w + bg.z * (1 - b.w), 1);
        const ImVec4 header(h.x * h.w + bg.x * (1 - h.w), h.y * h.w + bg.y * (1 - h.w),
                            h.z * h.w + bg.z * (1 - h.w), 1);
        CHECK(contrast(st.Colors[ImGuiCol_Text], button) >= 4.5);
        CHECK(contrast(st.Colors[ImGuiCol_Text], header) >= 4.5);
    }
}

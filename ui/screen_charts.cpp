// traincalc — ui/screen_charts.cpp
// Time and cost against card count (app.curve from cards_curve()), drawn with ImDrawList:
// log-scale card axis (1, 2, 4 … 4,096); time and cost axes from core axis_ticks(): logarithmic
// when the values span ten times or more, else focused on their range, with gridlines and at
// least four labelled round ticks. Counts that do not fit in memory are drawn hollow and grey.
// The current count is marked; hover shows the point.
#include "core/axis.h"
#include "core/format.h"
#include "widgets.h"
#include <cmath>

namespace traincalc {
namespace ui {

namespace {

enum class Series { time, cost };

double value_of(const CurvePoint& p, Series s) {
    return s == Series::time ? p.wall_hours : p.cost_total;
}

// A tick label: hours in the page's language, money compact ("¥25k", "¥2.5 万").
const char* tick_label(const App& app, Series s, double v) {
    return s == Series::time ? fhours(app, v)
                             : fmt("%s", format_money_compact(v, app.scenario.currency, app.lang).c_str());
}

} // namespace

static void chart(App& app, const char* title, Series series) {
    const std::vector<CurvePoint>& curve = app.curve;
    ImGui::TextUnformatted(title);
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = is_phone() ? 150.0f : 170.0f;
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(title, ImVec2(width, height));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p0, ImVec2(p0.x + width, p0.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg));
    if (curve.empty()) return;

    double lo = 0, hi = 0;
    bool any = false;
    for (const CurvePoint& p : curve) {
        const double v = value_of(p, series);
        if (!(v > 0)) continue;
        if (!any || v < lo) lo = v;
        if (!any || v > hi) hi = v;
        any = true;
    }
    if (!any) return;
    const AxisTicks y = axis_ticks(lo, hi);
    // The widest tick label sets the left margin; half a card label the right one.
    float label_w = 0;
    for (int i = 0; i < y.count; i++) {
        const float w = ImGui::CalcTextSize(tick_label(app, series, y.ticks[i])).x;
        label_w = w > label_w ? w : label_w;
    }
    const float pad_l = label_w + 8, pad_b = ImGui::GetFontSize() + 4,
                pad_t = ImGui::GetFontSize() * 0.5f + 2;
    const float pad_r = ImGui::CalcTextSize("4096").x * 0.5f + 4;
    const ImVec2 a(p0.x + pad_l, p0.y + pad_t), b(p0.x + width - pad_r, p0.y + height - pad_b);
    const int n = static_cast<int>(curve.size());
    auto px = [&](int i) { return n > 1 ? a.x + (b.x - a.x) * i / (n - 1) : (a.x + b.x) * 0.5f; };
    auto py = [&](double v) { return b.y - (b.y - a.y) * y.at(v); };

    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    // Gridlines at every labelled tick (faint), card gridlines at every count, then the axes.
    const ImU32 faint = (grid & ~IM_COL32_A_MASK) |
                        (static_cast<ImU32>(((grid >> IM_COL32_A_SHIFT) & 0xFF) / 2) << IM_COL32_A_SHIFT);
    for (int i = 0; i < y.count; i++) {
        const float ty = py(y.ticks[i]);
        dl->AddLine(ImVec2(a.x, ty), ImVec2(b.x, ty), faint);
        const char* label = tick_label(app, series, y.ticks[i]);
        const ImVec2 ts = ImGui::CalcTextSize(label);
        dl->AddText(ImVec2(a.x - 4 - ts.x, ty - ts.y * 0.5f), text, label);
    }
    for (int i = 0; i < n; i++) dl->AddLine(ImVec2(px(i), a.y), ImVec2(px(i), b.y), faint);
    dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, b.y), grid);
    dl->AddLine(ImVec2(a.x, a.y), ImVec2(a.x, b.y), grid);
    // X labels: every point when there is room, else every other one.
    const int step = (b.x - a.x) / (n > 1 ? n - 1 : 1) < ImGui::CalcTextSize("4096").x + 4 ? 2 : 1;
    for (int i = 0; i < n; i += step) {
        const char* label = fmt("%d", curve[i].cards);
        const float tw = ImGui::CalcTextSize(label).x;
        dl->AddText(ImVec2(px(i) - tw * 0.5f, b.y + 2), text, label);
    }

    // The current card count (nearest curve point).
    int current = -1;
    for (int i = 0; i < n; i++)
        if (curve[i].cards <= app.scenario.cards) current = i;
    if (current >= 0)
        dl->AddLine(ImVec2(px(current), a.y), ImVec2(px(current), b.y), IM_COL32(120, 120, 120, 160), 1.0f);

    const ImU32 line = series == Series::time ? IM_COL32(66, 133, 244, 255) : IM_COL32(52, 168, 83, 255);
    const ImU32 off = IM_COL32(170, 170, 170, 255);
    for (int i = 0; i + 1 < n; i++) {
        const double v0 = value_of(curve[i], series), v1 = value_of(curve[i + 1], series);
        if (!(v0 > 0) || !(v1 > 0)) continue;
        dl->AddLine(ImVec2(px(i), py(v0)), ImVec2(px(i + 1), py(v1)),
                    curve[i].fits && curve[i + 1].fits ? line : off, 2.0f);
    }
    for (int i = 0; i < n; i++) {
        const double v = value_of(curve[i], series);
        if (!(v > 0)) continue;
        if (curve[i].fits)
            dl->AddCircleFilled(ImVec2(px(i), py(v)), 3.5f, line);
        else
            dl->AddCircle(ImVec2(px(i), py(v)), 3.5f, off);
    }
    if (ImGui::IsItemHovered() && n > 0) {
        const float mx = ImGui::GetIO().MousePos.x;
        int best = 0;
        for (int i = 1; i < n; i++)
            if (std::fabs(px(i) - mx) < std::fabs(px(best) - mx)) best = i;
        const CurvePoint& p = curve[best];
        ImGui::SetTooltip("%s", fmt("%d %s · %s · %s%s", p.cards, T(app, Str::cards_unit),
                                    fhours(app, p.wall_hours), fmoney(app, p.cost_total),
                                    p.fits ? "" : fmt(" · %s", T(app, Str::does_not_fit))));
    }
}

bool draw_charts(App& app) {
    if (app.curve.empty()) return false;
    section(T(app, Str::chart_title));
    if (!is_phone() && ImGui::GetContentRegionAvail().x > 600.0f && ImGui::BeginTable("charts", 2)) {
        ImGui::TableNextColumn();
        chart(app, T(app, Str::chart_time), Series::time);
        ImGui::TableNextColumn();
        chart(app, T(app, Str::chart_cost), Series::cost);
        ImGui::EndTable();
    } else {
        chart(app, T(app, Str::chart_time), Series::time);
        chart(app, T(app, Str::chart_cost), Series::cost);
    }
    text_wrapped_colored(color_dim(), T(app, Str::chart_axes_note));
    return false;
}

} // namespace ui
} // namespace traincalc

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

// A tick label: money compact ("¥25k", "¥2.5 万"); hours in the page's language, on a linear axis
// all in its top tick's unit ("0 h" under "35 h", not "0 s"), on a log axis each in its own.
const char* tick_label(const App& app, Series s, const AxisTicks& y, double v) {
    if (s == Series::cost) return fmt("%s", format_money_compact(v, app.scenario.currency, app.lang).c_str());
    if (y.log || y.count == 0) return fhours(app, v);
    return fmt("%s", format_hours_as(v, y.ticks[y.count - 1], app.lang).c_str());
}

// The plot area of one chart and its two mappings (card index → x, value → y), shared by the
// pieces below so they agree on where a point is drawn.
struct Plot {
    ImDrawList* dl = nullptr;
    ImVec2 a, b; // top-left and bottom-right corners of the plot area, screen pixels
    int n = 0;   // curve points
    AxisTicks y;
    float px(int i) const { return n > 1 ? a.x + (b.x - a.x) * i / (n - 1) : (a.x + b.x) * 0.5f; }
    float py(double v) const { return b.y - (b.y - a.y) * y.at(v); }
};
} // namespace

// The positive values' range; false when there is none to draw (a log axis needs v > 0).
static bool value_range(const std::vector<CurvePoint>& curve, Series series, double* lo, double* hi) {
    bool any = false;
    for (const CurvePoint& p : curve) {
        const double v = value_of(p, series);
        if (!(v > 0)) continue;
        if (!any || v < *lo) *lo = v;
        if (!any || v > *hi) *hi = v;
        any = true;
    }
    return any;
}

// The widest tick label sets the left margin; half a card label the right one.
static void place_plot(const App& app, Series series, ImVec2 p0, float width, float height, Plot* plot) {
    float label_w = 0;
    for (int i = 0; i < plot->y.count; i++) {
        const float w = ImGui::CalcTextSize(tick_label(app, series, plot->y, plot->y.ticks[i])).x;
        label_w = w > label_w ? w : label_w;
    }
    const float pad_l = label_w + 8, pad_b = ImGui::GetFontSize() + 4,
                pad_t = ImGui::GetFontSize() * 0.5f + 2;
    const float pad_r = ImGui::CalcTextSize("4096").x * 0.5f + 4;
    plot->a = ImVec2(p0.x + pad_l, p0.y + pad_t);
    plot->b = ImVec2(p0.x + width - pad_r, p0.y + height - pad_b);
}

// Gridlines at every labelled tick (faint), card gridlines at every count, the axes, their labels
// and the current card count: the frame a reader reads the points against.
static void draw_axes(const App& app, Series series, const Plot& p) {
    const std::vector<CurvePoint>& curve = app.curve;
    ImDrawList* dl = p.dl;
    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 faint = (grid & ~IM_COL32_A_MASK) |
                        (static_cast<ImU32>(((grid >> IM_COL32_A_SHIFT) & 0xFF) / 2) << IM_COL32_A_SHIFT);
    for (int i = 0; i < p.y.count; i++) {
        const float ty = p.py(p.y.ticks[i]);
        dl->AddLine(ImVec2(p.a.x, ty), ImVec2(p.b.x, ty), faint);
        const char* label = tick_label(app, series, p.y, p.y.ticks[i]);
        const ImVec2 ts = ImGui::CalcTextSize(label);
        dl->AddText(ImVec2(p.a.x - 4 - ts.x, ty - ts.y * 0.5f), text, label);
    }
    for (int i = 0; i < p.n; i++) dl->AddLine(ImVec2(p.px(i), p.a.y), ImVec2(p.px(i), p.b.y), faint);
    dl->AddLine(ImVec2(p.a.x, p.b.y), ImVec2(p.b.x, p.b.y), grid);
    dl->AddLine(ImVec2(p.a.x, p.a.y), ImVec2(p.a.x, p.b.y), grid);
    // X labels: every point when there is room, else every other one.
    const int step = (p.b.x - p.a.x) / (p.n > 1 ? p.n - 1 : 1) < ImGui::CalcTextSize("4096").x + 4 ? 2 : 1;
    for (int i = 0; i < p.n; i += step) {
        const char* label = fmt("%d", curve[i].cards);
        const float tw = ImGui::CalcTextSize(label).x;
        dl->AddText(ImVec2(p.px(i) - tw * 0.5f, p.b.y + 2), text, label);
    }
    // The current card count (nearest curve point).
    int current = -1;
    for (int i = 0; i < p.n; i++)
        if (curve[i].cards <= app.scenario.cards) current = i;
    if (current >= 0)
        dl->AddLine(ImVec2(p.px(current), p.a.y), ImVec2(p.px(current), p.b.y), IM_COL32(120, 120, 120, 160),
                    1.0f);
}

// The line and its points: counts that do not fit in memory hollow and grey.
static void draw_points(const App& app, Series series, const Plot& p) {
    const std::vector<CurvePoint>& curve = app.curve;
    const ImU32 line = series == Series::time ? IM_COL32(66, 133, 244, 255) : IM_COL32(52, 168, 83, 255);
    const ImU32 off = IM_COL32(170, 170, 170, 255);
    for (int i = 0; i + 1 < p.n; i++) {
        const double v0 = value_of(curve[i], series), v1 = value_of(curve[i + 1], series);
        if (!(v0 > 0) || !(v1 > 0)) continue;
        p.dl->AddLine(ImVec2(p.px(i), p.py(v0)), ImVec2(p.px(i + 1), p.py(v1)),
                      curve[i].fits && curve[i + 1].fits ? line : off, 2.0f);
    }
    for (int i = 0; i < p.n; i++) {
        const double v = value_of(curve[i], series);
        if (!(v > 0)) continue;
        if (curve[i].fits)
            p.dl->AddCircleFilled(ImVec2(p.px(i), p.py(v)), 3.5f, line);
        else
            p.dl->AddCircle(ImVec2(p.px(i), p.py(v)), 3.5f, off);
    }
}

// Hover shows the point nearest the mouse in x: cards, time, cost, and whether it fits.
static void point_tooltip(const App& app, const Plot& p) {
    if (!ImGui::IsItemHovered() || p.n <= 0) return;
    const float mx = ImGui::GetIO().MousePos.x;
    int best = 0;
    for (int i = 1; i < p.n; i++)
        if (std::fabs(p.px(i) - mx) < std::fabs(p.px(best) - mx)) best = i;
    const CurvePoint& c = app.curve[best];
    ImGui::SetTooltip("%s",
                      fmt("%s · %s · %s%s", cards_text(app, c.cards), fhours(app, c.wall_hours),
                          fmoney(app, c.cost_total), c.fits ? "" : fmt(" · %s", T(app, Str::does_not_fit))));
}

// The chart as text over it, for a screen reader and Ctrl+F (the canvas draws only pixels): "Wall-clock
// time by card count: 1 card 8.17 h; 2 cards 5.11 h; …; 4096 cards 2.05 h (does not fit)". Written
// into a fixed buffer: a steady frame allocates nothing.
static void chart_text(App& app, const char* title, Series series, const ImVec2& min, const ImVec2& max) {
    const bool zh = app.lang == Lang::zh;
    char buf[2048];
    int n = std::snprintf(buf, sizeof buf, "%s%s%s%s", title, zh ? "" : " ", T(app, Str::chart_points),
                          colon(app.lang));
    for (size_t i = 0; i < app.curve.size() && n > 0 && n < int(sizeof buf); i++) {
        const CurvePoint& c = app.curve[i];
        const double v = value_of(c, series);
        n += std::snprintf(buf + n, sizeof buf - size_t(n), "%s%s %s%s",
                           i == 0 ? ""
                           : zh   ? "；"
                                  : "; ",
                           cards_text(app, c.cards), series == Series::time ? fhours(app, v) : fmoney(app, v),
                           c.fits ? "" : fmt(zh ? "（%s）" : " (%s)", T(app, Str::does_not_fit)));
    }
    if (n > 0) sem_text(app, Role::text, buf, buf + std::min(n, int(sizeof buf) - 1), min, max);
}

// One chart: the background always (it holds the place), the rest when there is a value to draw.
static void chart(App& app, const char* title, Series series) {
    ImGui::TextUnformatted(title);
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = is_phone() ? 150.0f : 170.0f;
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(title, ImVec2(width, height));
    Plot plot;
    plot.dl = ImGui::GetWindowDrawList();
    plot.dl->AddRectFilled(p0, ImVec2(p0.x + width, p0.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg));
    double lo = 0, hi = 0;
    if (app.curve.empty() || !value_range(app.curve, series, &lo, &hi)) return;
    plot.y = axis_ticks(lo, hi);
    plot.n = static_cast<int>(app.curve.size());
    place_plot(app, series, p0, width, height, &plot);
    draw_axes(app, series, plot);
    draw_points(app, series, plot);
    point_tooltip(app, plot);
    chart_text(app, title, series, p0, ImVec2(p0.x + width, p0.y + height));
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

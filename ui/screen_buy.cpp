// traincalc — ui/screen_buy.cpp
// Rent versus buy: the owning cost of a card per month (depreciation, power, rack, operations)
// against renting the same hours, and the break-even hours per month (app.estimate.buy).
#include "widgets.h"

namespace traincalc {
namespace ui {

static bool draw_ownership_inputs(App& app) {
    Scenario& s = app.scenario;
    bool changed = false;
    // 0 in the box means "the catalog's street price" (stored as -1 in the scenario).
    double purchase = s.purchase_price < 0 ? 0 : s.purchase_price;
    if (input_double(app, T(app, Str::purchase_price), "purchase_price", &purchase, "%.0f",
                     T(app, Str::purchase_help), nullptr, &kMoneyUnit)) {
        s.purchase_price = purchase > 0 ? purchase : -1;
        changed = true;
    }
    changed |= input_double(app, T(app, Str::depreciation_months), "depreciation_months",
                            &s.depreciation_months, "%.3g");
    changed |= input_double(app, T(app, Str::electricity), "electricity_per_kwh", &s.electricity_per_kwh,
                            "%.3g", nullptr, nullptr, &kMoneyUnit);
    changed |= input_double(app, T(app, Str::pue), "pue", &s.pue, "%.3g", T(app, Str::pue_help));
    changed |= input_double(app, T(app, Str::rack), "rack_per_month", &s.rack_per_month, "%.4g", nullptr,
                            nullptr, &kMoneyUnit);
    changed |= input_double(app, T(app, Str::ops), "ops_per_month", &s.ops_per_month, "%.4g", nullptr,
                            nullptr, &kMoneyUnit);
    changed |=
        input_double(app, T(app, Str::hours_used), "hours_per_month_used", &s.hours_per_month_used, "%.4g");
    return changed;
}

// Two horizontal bars on one scale: owning and renting a card for a month of planned use.
static void draw_bars(App& app, const BuyResult& b) {
    const double top = b.own_per_month > b.rent_per_month ? b.own_per_month : b.rent_per_month;
    if (!(top > 0)) return;
    const float label_w =
        ImGui::CalcTextSize(T(app, Str::own_month)).x > ImGui::CalcTextSize(T(app, Str::rent_month)).x
            ? ImGui::CalcTextSize(T(app, Str::own_month)).x
            : ImGui::CalcTextSize(T(app, Str::rent_month)).x;
    const struct {
        Str label;
        double v;
        ImU32 color;
    } bars[] = {
        {Str::own_month, b.own_per_month, IM_COL32(171, 71, 188, 255)},
        {Str::rent_month, b.rent_per_month, IM_COL32(66, 133, 244, 255)},
    };
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (const auto& bar : bars) {
        ImGui::TextUnformatted(T(app, bar.label));
        ImGui::SameLine(label_w + ImGui::GetStyle().ItemSpacing.x * 2);
        const char* value = fmoney(app, bar.v);
        const float full = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(value).x - 8;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float w = full > 0 ? full * static_cast<float>(bar.v / top) : 0;
        const float h = ImGui::GetTextLineHeight();
        dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), bar.color);
        ImGui::Dummy(ImVec2(w, h));
        ImGui::SameLine();
        ImGui::TextUnformatted(value);
        // One node a bar, read whole ("Own, per card-month ¥4,333.13"): drawn only, it went unsaid.
        sem_text(app, Role::text, after_label(T(app, bar.label), value), nullptr, ImGui::GetItemRectMin(),
                 ImGui::GetItemRectMax());
    }
}

bool draw_buy(App& app) {
    section(T(app, Str::buy_section_title)); // the headline card above is "Rent or buy"
    bool changed = false;
    if (has_result(app)) {
        const BuyResult& b = shown_estimate(app).buy;
        // An owning bar without depreciation, or a renting bar at ¥0, would lie.
        if (b.purchase_known && b.rent_known) draw_bars(app, b);
        text_wrapped_colored(color_dim(), fmt("%s %s · %s %s", T(app, Str::depreciation),
                                              b.purchase_known ? fmoney(app, b.depreciation_per_month) : "?",
                                              T(app, Str::power), fmoney(app, b.power_per_month)));
        // No purchase price (a provider entry often has none): depreciation 0 would make buying
        // look cheaper; no rental price (a card not offered for rent): renting would look free. The
        // verdict is "unknown" until the missing price is entered.
        if (const char* why = buy_unknown_reason(b, app.lang))
            text_wrapped_colored(color_warn(), why);
        else if (b.break_even_hours_per_month > 0)
            text_wrapped(fmt(T(app, Str::break_even_fmt), fnum(b.break_even_hours_per_month)));
        else
            text_wrapped(T(app, Str::break_even_never));
        // The verdict names the hours it assumes: a one-off run is not 300 hours a month.
        if (b.purchase_known && b.rent_known)
            text_wrapped_colored(b.buying_cheaper ? color_ok() : color_dim(),
                                 fbuy_verdict(app, shown_estimate(app)));
    }
    if (disclosure(app, fmt("%s##own", T(app, Str::ownership_inputs)), T(app, Str::ownership_inputs),
                   &app.section_open(Section::ownership), false))
        changed |= draw_ownership_inputs(app);
    return changed;
}

} // namespace ui
} // namespace traincalc

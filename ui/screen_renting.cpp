// traincalc — ui/screen_renting.cpp
// Before renting: a checklist tied to this scenario (pilot run, nvidia-smi, compute capability,
// interconnect, bandwidth, fees, deposit, data handling) and up to three providers' quotes side by
// side with each one's total (app.estimate.quotes[i]).
//
// Index of this file:
// [SECTION] Checklist
// [SECTION] Quotes
// [SECTION] draw_renting()
#include "core/format.h"
#include "widgets.h"

namespace traincalc {
namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Checklist
//-----------------------------------------------------------------------------

// One tick box with a wrapped line and a dim detail line about this scenario.
static void check_item(App& app, int i, const char* text, const char* detail, bool alarm = false) {
    ImGui::PushID(i);
    checkbox(app, "##tick", text, &app.checklist[i]);
    ImGui::SameLine();
    ImGui::BeginGroup();
    const size_t sentence = app.sem.size();
    text_wrapped(text);
    // Its checkbox is named by it: its text twin stays for the eye and Ctrl+F, not read a second time.
    if (app.sem.size() > sentence) app.sem[sentence].state = 1;
    if (detail) text_wrapped_colored(alarm ? color_bad() : color_dim(), detail);
    ImGui::EndGroup();
    ImGui::PopID();
}

static void draw_checklist(App& app) {
    const Scenario& s = app.scenario;
    const Estimate& e = shown_estimate(app);
    const bool result = has_result(app);
    check_item(app, 0, T(app, Str::chk_pilot),
               result && e.time.pilot_extrapolated_hours > 0
                   ? after_label(T(app, Str::chk_pilot_result), fhours(app, e.time.pilot_extrapolated_hours))
                   : T(app, Str::chk_pilot_enter));
    check_item(app, 1, T(app, Str::chk_smi),
               // memory.total is the card's whole memory in MiB (an A100 80GB prints 81920 MiB): not the
               // usable 77.6 GiB the plan counts after the driver's reserve, which it was once said to read.
               result ? fmt(T(app, Str::chk_smi_expect), fnum(e.memory.capacity_gib * 1024),
                            fgib(e.memory.capacity_gib), fgib(e.memory.usable_gib))
                      : nullptr);
    const bool no_bf16 =
        has_warning(e, WarningCode::no_bf16); // the estimate's rule (compute capability ≥ 8.0)
    // The command itself, copyable: the number it prints is the one to compare with.
    ImGui::Indent(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x);
    static const std::string kSmi =
        "nvidia-smi --query-gpu=name,memory.total,memory.used,driver_version --format=csv";
    copyable_line(app, kSmi, 100);
    ImGui::Unindent(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x);
    check_item(app, 2, T(app, Str::chk_cc),
               result && e.gpu.compute_capability > 0
                   ? after_label(T(app, Str::chk_cc_this), fmt("%.1f", e.gpu.compute_capability))
                   : nullptr,
               no_bf16);
    if (s.cards > 1)
        check_item(app, 3, T(app, Str::chk_nvlink),
                   fmt("%d × %s%s%s", s.cards, gpu_display_name(e.gpu, app.lang).c_str(), colon(app.lang),
                       e.gpu.nvlink_gbps > 0 ? fmt("NVLink %s GB/s", fnum(e.gpu.nvlink_gbps))
                                             : T(app, Str::pcie_only)));
    check_item(app, 4, T(app, Str::chk_bandwidth),
               result ? fmt("%s Mbit/s → %s %s", fnum(s.upload_mbps), T(app, Str::upload_takes),
                            fhours(app, e.time.upload_hours))
                      : nullptr);
    check_item(app, 5, T(app, Str::chk_fees),
               fmt("%s %s/GB·%s · %s %s/GB", T(app, Str::storage_fee), fmoney(app, s.storage_per_gb_month),
                   T(app, Str::month), T(app, Str::traffic_fee), fmoney(app, s.traffic_per_gb)));
    check_item(app, 6, T(app, Str::chk_deposit), nullptr);
    check_item(app, 7, T(app, Str::chk_data), nullptr);
}

//-----------------------------------------------------------------------------
// [SECTION] Quotes
//-----------------------------------------------------------------------------

static bool cell_double(App& app, const char* id, const char* name, double* v, const char* format,
                        const BoxUnit* unit) {
    ImGui::SetNextItemWidth(-FLT_MIN);
    return number_box(app, id, name, v, format, false, nullptr, unit);
}

static bool draw_quotes(App& app) {
    Scenario& s = app.scenario;
    bool changed = false;
    // The amounts' currency, said where they are typed (the currency's radios are sections above).
    text_wrapped_colored(color_dim(), fmt(T(app, Str::quotes_help), display_name(s.currency, app.lang)));
    if (!ImGui::BeginTable("quotes", 4, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp))
        return false;
    ImGui::TableSetupColumn("##what", ImGuiTableColumnFlags_WidthStretch, 1.3f);
    for (int q = 0; q < 3; q++)
        ImGui::TableSetupColumn(fmt("##q%d", q), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    struct Row {
        Str label;
        double Quote::*field;
        const char* format;
        const BoxUnit* unit; // a rate's: a letter after it is a unit (BoxUnit::sized); money's: its words
    };
    static constexpr BoxUnit kMbps{"Mbit/s", 1, true};
    const Row rows[] = {
        {Str::q_price, &Quote::price_per_card_hour, kFormatMoney, nullptr},
        {Str::q_min_hours, &Quote::min_billed_hours, "%.3g", nullptr},
        {Str::q_bandwidth, &Quote::bandwidth_mbps, "%.4g", &kMbps},
        {Str::q_storage, &Quote::storage_per_gb_month, "%.3g", &kMoneyUnit},
        {Str::q_traffic, &Quote::traffic_per_gb, "%.3g", &kMoneyUnit},
        {Str::q_deposit, &Quote::deposit, "%.0f", &kMoneyUnit},
    };
    // "Provider 1": the name box's name and hint. A quote's provider as its cells are read, inputs
    // and results alike: the name typed, else that (a screen reader heard "Per card-hour, Provider 1"
    // beside "#1, Total").
    const auto numbered = [&](int q) { return fmt("%s %d", T(app, Str::provider), q + 1); };
    const auto provider = [&](int q) -> const char* {
        return s.quotes[q].name.empty() ? numbered(q) : s.quotes[q].name.c_str();
    };
    const char* const comma = app.lang == Lang::zh ? "，" : ", ";
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(T(app, Str::q_name));
    for (int q = 0; q < 3; q++) {
        ImGui::TableNextColumn();
        ImGui::PushID(q);
        const char* name = numbered(q);
        // The hint as it fits the cell: "Provider 3" was cut to "Provider" on a phone (the box's
        // name, read by screen readers, stays whole).
        const float room = ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().FramePadding.x;
        const char* hint = ImGui::CalcTextSize(name).x <= room ? name : fmt("%d", q + 1);
        changed |= text_field(app, "##name", name, &s.quotes[q].name, hint);
        ImGui::PopID();
    }
    for (const Row& row : rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        text_wrapped(T(app, row.label)); // long labels wrap inside their cell on a phone
        for (int q = 0; q < 3; q++) {
            ImGui::TableNextColumn();
            ImGui::PushID(q);
            changed |=
                cell_double(app, fmt("##%s", str_key_name(row.label)),
                            fmt("%s%s%s", provider(q), comma, T(app, row.label)), // "阿里云，每卡每小时"
                            &(s.quotes[q].*row.field), row.format, row.unit);
            ImGui::PopID();
        }
    }
    // Results: billed hours and the total for this scenario, cheapest in green.
    const Estimate& e = shown_estimate(app);
    int cheapest = -1;
    for (int q = 0; q < 3; q++)
        if (e.quotes[q].used && (cheapest < 0 || e.quotes[q].total < e.quotes[cheapest].total)) cheapest = q;
    // Each result is read with its quote and row ("Acme, Total: ¥600, the cheapest"): drawn only, a
    // screen reader heard the inputs and none of the totals.
    const auto said = [&](int q, Str row, const char* value) {
        const bool zh = app.lang == Lang::zh;
        const char* name = provider(q);
        const char* cell = after_label(fmt("%s%s", T(app, row), zh ? "：" : ":"), value);
        const char* best = q == cheapest && row == Str::q_total ? (zh ? "，最便宜" : ", the cheapest") : "";
        sem_text(app, Role::text, fmt("%s%s%s%s", name, comma, cell, best), nullptr, ImGui::GetItemRectMin(),
                 ImGui::GetItemRectMax());
    };
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    text_wrapped(T(app, Str::q_billed_hours)); // "Billed card-hours" was cut at a phone's width
    for (int q = 0; q < 3; q++) {
        ImGui::TableNextColumn();
        if (e.quotes[q].used) {
            ImGui::TextUnformatted(fnum(e.quotes[q].billed_hours));
            said(q, Str::q_billed_hours, fnum(e.quotes[q].billed_hours));
        } else {
            ImGui::TextDisabled("-");
        }
    }
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    text_wrapped(T(app, Str::q_total));
    for (int q = 0; q < 3; q++) {
        ImGui::TableNextColumn();
        if (e.quotes[q].used) {
            ImGui::TextColored(q == cheapest ? color_ok() : ImGui::GetStyleColorVec4(ImGuiCol_Text), "%s",
                               fmoney(app, e.quotes[q].total));
            said(q, Str::q_total, fmoney(app, e.quotes[q].total));
        } else {
            ImGui::TextDisabled("-");
        }
    }
    ImGui::EndTable();
    field_error(app, "quotes");
    return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] draw_renting()
//-----------------------------------------------------------------------------

bool draw_renting(App& app) {
    bool changed = false;
    section(T(app, Str::renting_title));
    if (disclosure(app, fmt("%s##checklist", T(app, Str::checklist)), T(app, Str::checklist),
                   &app.section_open(Section::checklist), false))
        draw_checklist(app);
    if (disclosure(app, fmt("%s##quotes", T(app, Str::quotes)), T(app, Str::quotes),
                   &app.section_open(Section::quotes), false))
        changed |= draw_quotes(app);
    return changed;
}

} // namespace ui
} // namespace traincalc

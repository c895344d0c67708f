// traincalc — ui/screen_results.cpp
// The answer: headline cards (compute, time, memory, cards, cost) with "show work", the stacked
// memory bar against the card's capacity, input errors and warnings. When the scenario does not
// fit, time and cost are greyed and marked, and the computed remedies (core remedies()) are listed.
//
// Index of this file:
// [SECTION] Input errors
// [SECTION] Language-aware joins
// [SECTION] Headline cards
// [SECTION] Memory bar
// [SECTION] Remedies
// [SECTION] Warnings
// [SECTION] draw_results()
#include "core/constants.h"
#include "core/format.h"
#include "widgets.h"
#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace traincalc {
namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Input errors: every error listed once here (some fields have no widget of their own,
// e.g. a bad key from an imported file); the last good estimate stays visible below.
//-----------------------------------------------------------------------------

static void draw_errors(App& app) {
    if (app.input_errors.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, color_bad());
    text_wrapped(T(app, has_result(app) ? Str::errors_showing_last : Str::errors_no_result));
    for (const FieldError& e : app.input_errors) {
        const std::string msg = error_text(app, e);
        ImGui::Bullet();
        // The key as the scenario JSON spells it, unless the message names it ("cards  cards must…").
        if (e.message.compare(0, e.field.size(), e.field) != 0) {
            ImGui::TextUnformatted(e.field.c_str());
            ImGui::SameLine();
        }
        text_wrapped(msg.c_str(), msg.c_str() + msg.size());
    }
    ImGui::PopStyleColor();
    ImGui::Spacing();
}

//-----------------------------------------------------------------------------
// [SECTION] Language-aware joins: full-width punctuation and Chinese word order
//-----------------------------------------------------------------------------

// "Label: value" / "标签：值". A label that already ends in a colon keeps it (one space after an
// ASCII colon, none after a full-width one).
static const char* labelled(const App& app, const char* label, const char* value) {
    const std::size_t n = std::strlen(label);
    const bool has_colon =
        (n >= 1 && label[n - 1] == ':') || (n >= 3 && std::strcmp(label + n - 3, "\xEF\xBC\x9A") == 0);
    return has_colon ? after_label(label, value) : fmt("%s%s%s", label, colon(app.lang), value);
}
// " (x)" / "（x）": Chinese text takes full-width parentheses without a space.
static const char* parenthesized(const App& app, const char* text) {
    return app.lang == Lang::zh ? fmt("\xEF\xBC\x88%s\xEF\xBC\x89", text) : fmt(" (%s)", text);
}
// A number in the page's language: 25,000 / 2.5 万. Short enough for std::string's inline buffer.
static const char* fquantity(const App& app, double v) {
    return fmt("%s", format_quantity(v, app.lang).c_str());
}
// The same with a unit after it: "8.05 GPU-hours", "8.05 卡时", "2.3 万卡时" (no space between two
// Chinese characters).
static const char* fquantity_unit(const App& app, double v, const char* unit) {
    const std::string n = format_quantity(v, app.lang);
    const bool glue = !n.empty() && static_cast<unsigned char>(n.back()) >= 0x80 &&
                      static_cast<unsigned char>(unit[0]) >= 0x80;
    return fmt("%s%s%s", n.c_str(), glue ? "" : " ", unit);
}

//-----------------------------------------------------------------------------
// [SECTION] Headline cards
//-----------------------------------------------------------------------------

static const char* plan_name(const App& app, Plan p) {
    return display_name(p, app.lang);
}

// Compute card: executed FLOPs, with the model FLOPs, 6ND and the per-card throughput beside.
static void headline_compute(App& app, const Estimate& e) {
    ImGui::TableNextColumn();
    headline_card(
        app, Str::h_compute, fmt("%s FLOPs", fnum(e.flops.executed)), ImGui::GetStyleColorVec4(ImGuiCol_Text),
        // A mixture of experts counts its active parameters (6·N_act·D): said in the label too.
        fmt("%s\u00a0%s · %s\u00a0%s", T(app, Str::model_flops), fnum(e.flops.model),
            e.flops.active_params < e.flops.params ? "6·N_act·D" : "6ND", fnum(e.flops.rule_of_thumb)),
        fmt("%s%s",
            fmt(T(app, Str::tps_per_card_fmt), fquantity(app, e.throughput_tokens_per_second_per_gpu)),
            // Of the executed FLOPs, not MFU: a LoRA run executes fewer than the 6ND its MFU counts.
            // At the work's three digits: "41%" here beside the work's "0.415, 41.5% of peak".
            parenthesized(app, fmt(app.lang == Lang::zh ? "峰值的 %s%%" : "%s%% of peak",
                                   fnum(e.time.utilization * 100.0)))),
        Headline::compute);
}

// Time card: a run that does not fit cannot start, so its time is greyed and says so first.
static void headline_time(App& app, const Estimate& e, const ImVec4& value_color) {
    const bool fits = e.memory.fits;
    ImGui::TableNextColumn();
    const char* compute_line = labelled(app, T(app, Str::pure_compute), fhours(app, e.time.compute_hours));
    const char* range_line =
        labelled(app, T(app, Str::wall_range),
                 fmt("%s – %s", fnum(hours_in_unit_of(e.time.wall_hours_low, e.time.wall_hours_high)),
                     fhours(app, e.time.wall_hours_high)));
    headline_card(app, Str::h_time, fhours(app, e.time.wall_hours), value_color,
                  fits ? compute_line : T(app, Str::not_fit_mark), fits ? range_line : compute_line,
                  Headline::time);
}

// Memory card: per-card use against usable capacity, the headroom or shortfall, host RAM if any.
static void headline_memory(App& app, const Estimate& e) {
    ImGui::TableNextColumn();
    const MemoryResult& m = e.memory;
    const int sig = difference_significant(m.usable_gib, m.per_gpu_gib); // "23.26 / 23.42" by "0.157"
    headline_card(
        app, Str::h_memory, fmt("%s / %s", fgib(m.per_gpu_gib, sig), fgib(m.usable_gib, sig)),
        m.fits ? color_ok() : color_bad(),
        m.fits ? fmt("✓ %s%s", T(app, Str::fits),
                     parenthesized(app, fmt("%s %s", T(app, Str::headroom), fgib(m.headroom_gib))))
               : fmt("× %s%s", T(app, Str::does_not_fit),
                     parenthesized(app, fmt("%s %s", T(app, Str::short_by), fgib(-m.headroom_gib)))),
        m.cpu_ram_gib > 0 ? labelled(app, T(app, Str::cpu_ram), fgib(e.host.peak_per_rank_gib)) : nullptr,
        Headline::memory);
}

// Cards card: the cards the scenario's own settings need, and under it the fewest any searched
// strategy needs when that is fewer ("12", "Fewest cards: 3 (ZeRO-3 · offload)"): the headline
// read 3 alone, a count the visitor's settings never fit (72B LoRA on H800s: 1, own 3). Never
// "none" beside "fewest cards: 1": when the own settings never fit, the headline is the best
// strategy's count, in the warning colour, and says which strategy that is.
static void headline_cards(App& app, const Estimate& e) {
    ImGui::TableNextColumn();
    const CardsResult& c = e.cards;
    const char* best = fstrategy(app, c.best_strategy);
    const char* for_memory = c.min_for_memory > 0       ? fmt("%d", c.min_for_memory)
                             : c.min_for_memory_any > 0 ? fmt("%d", c.min_for_memory_any)
                                                        : T(app, Str::none_fits);
    const char* strategy_line =
        c.min_for_memory > 0       ? (c.min_for_memory_any > 0 && c.min_for_memory_any < c.min_for_memory
                                          ? labelled(app, T(app, Str::best_strategy),
                                                     fmt("%d%s", c.min_for_memory_any, parenthesized(app, best)))
                                          : nullptr)
        : c.min_for_memory_any > 0 ? fmt(T(app, Str::cards_strategy_fmt), best)
        : c.memory_only_cards > 0  ? T(app, Str::host_ram_rules_out)
                                   : T(app, Str::see_remedies);
    // The scenario's own count; another strategy's when only it finishes in time, or beside the own
    // when it needs fewer cards ("24 (20 with ZeRO-3)").
    const char* in_time = fstrategy(app, c.deadline_strategy);
    const char* deadline =
        app.scenario.deadline_hours <= 0 ? T(app, Str::no_deadline)
        : c.for_deadline > 0 && c.for_deadline_any > 0 && c.for_deadline_any < c.for_deadline
            ? (app.lang == Lang::zh
                   ? fmt("%d 张卡（换用 %s 只需 %d 张）", c.for_deadline, in_time, c.for_deadline_any)
                   : fmt("%d cards (%d with %s)", c.for_deadline, c.for_deadline_any, in_time))
        : c.for_deadline > 0 ? cards_text(app, c.for_deadline) // "4 cards": a bare 4 read as 4 hours
        : c.for_deadline_any > 0
            ? fmt("%s%s", cards_text(app, c.for_deadline_any), parenthesized(app, in_time))
            : T(app, Str::impossible);
    headline_card(app, Str::h_cards, for_memory,
                  c.min_for_memory > 0 ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                       : (c.min_for_memory_any > 0 ? color_warn() : color_bad()),
                  strategy_line ? strategy_line : labelled(app, T(app, Str::cards_for_deadline), deadline),
                  strategy_line ? labelled(app, T(app, Str::cards_for_deadline), deadline) : nullptr,
                  Headline::cards);
}

// The plans side by side under the cost card, so "best" is visibly the cheapest; they flow onto
// new lines (the rent-or-buy card follows this block, so it is drawn after it). A screen reader
// reads them as one line (they were drawn only: "Show work: Cost" was the only way to them).
static void plan_totals_row(App& app, const Estimate& e) {
    ImGui::PushStyleColor(ImGuiCol_Text, color_dim());
    // A plan wider than its cell wraps in it ("Cheapest mix ¥235.20" ran past a 360 px iframe's cell).
    ImGui::PushTextWrapPos(0.0f);
    bool first = true;
    char spoken[512]; // no allocation in a frame (tests/test_ui_alloc.cpp): four plans fit
    int spoken_n = 0;
    ImVec2 min(FLT_MAX, FLT_MAX), max(-FLT_MAX, -FLT_MAX);
    for (const PlanCost& p : e.cost.plans) {
        if (!p.available) continue;
        const char* text = fmt("%s %s", plan_name(app, p.plan), fmoney(app, p.total));
        if (!first) {
            const float w = ImGui::CalcTextSize(" · ").x + ImGui::CalcTextSize(text).x;
            ImGui::SameLine(0, 0);
            if (ImGui::GetContentRegionAvail().x >= w) {
                ImGui::TextUnformatted(" · ");
                ImGui::SameLine(0, 0);
            } else {
                ImGui::NewLine();
            }
        }
        ImGui::TextUnformatted(text);
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        min = ImVec2(std::min(min.x, a.x), std::min(min.y, a.y));
        max = ImVec2(std::max(max.x, b.x), std::max(max.y, b.y));
        const int room = static_cast<int>(sizeof spoken) - spoken_n;
        const int n =
            std::snprintf(spoken + spoken_n, static_cast<size_t>(room), "%s%s", first ? "" : " · ", text);
        if (n > 0 && n < room) spoken_n += n;
        first = false;
    }
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (spoken_n > 0) sem_text(app, Role::text, spoken, spoken + spoken_n, min, max);
}

// Cost card: greyed like time when the run does not fit; the plan totals follow it. Without a
// rental price the cost is unknown ("-"), not ¥0: the card asks for a quote and keeps the GPU-hours.
static void headline_cost(App& app, const Estimate& e, const ImVec4& value_color) {
    const bool fits = e.memory.fits;
    ImGui::TableNextColumn();
    const char* gpu_hours = fquantity_unit(app, e.cost.gpu_hours, T(app, Str::gpu_hours));
    if (!e.cost.priced) {
        headline_card(app, Str::h_cost, "-", color_dim(),
                      fits ? T(app, Str::cost_unpriced) : T(app, Str::not_fit_mark),
                      fits ? gpu_hours : T(app, Str::cost_unpriced), Headline::cost);
        return;
    }
    const char* plan_line = labelled(app, T(app, Str::best_plan), plan_name(app, e.cost.best_plan));
    headline_card(app, Str::h_cost, fmoney(app, e.cost.total), value_color,
                  fits ? plan_line : T(app, Str::not_fit_mark),
                  fits ? fmt("%s %s · %s", fmoney(app, e.cost.per_million_tokens),
                             T(app, Str::per_million_tokens), gpu_hours)
                       : plan_line,
                  Headline::cost);
    plan_totals_row(app, e);
}

// Rent-or-buy card: without a purchase price there is no owning cost to compare, without a rental
// price no renting cost: "unknown", never a verdict.
static void headline_buy(App& app, const Estimate& e) {
    ImGui::TableNextColumn();
    const BuyResult& b = e.buy;
    const bool known = b.purchase_known && b.rent_known;
    const bool break_even = known && b.break_even_hours_per_month > 0;
    // Renting cheaper even at a whole month's use: the break-even lies past the month's 720 h (a bare
    // "-" read as no answer).
    const bool never = known && b.rent_per_month > 0 && !break_even;
    headline_card(
        app, Str::buy_title,
        break_even ? fmt("%s %s", fnum(b.break_even_hours_per_month), T(app, Str::hours_unit))
        : never    ? fmt("> %s %s", fnum(detail::kHoursPerMonth), T(app, Str::hours_unit)) // core's month
                   : "-",
        known ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : color_dim(),
        !b.purchase_known ? T(app, Str::purchase_unknown_short)
        : !b.rent_known   ? T(app, Str::rent_unknown_short)
        : break_even ? fmt("%s%s", T(app, Str::break_even), parenthesized(app, T(app, Str::hours_per_month)))
                     : T(app, Str::break_even_never),
        known ? fbuy_verdict(app, e) : nullptr, Headline::buy);
}

// "Show work" of the open headlines, full width below the table: formulas wrap badly in a cell.
// On a phone that is a screen or more below the toggle, so the work a press just opened is brought
// into view: its title and first lines, by the nearest edge (nothing moves when it shows already).
static void draw_open_show_work(App& app) {
    const int opened = app.work_opened;
    app.work_opened = -1;
    if (app.embed && !app.show_details) return;
    for (int i = 0; i < 6; i++) {
        if (!(app.show_work[i] || app.expand_all)) continue;
        const Headline h = static_cast<Headline>(i);
        const float top = ImGui::GetCursorScreenPos().y - ImGui::GetStyle().ItemSpacing.y;
        heading(
            fmt("%s · %s", T(app, headline_title(h)), T(app, Str::show_work))); // a screen reader's landmark
        show_work_lines(app, h);
        if (i != opened) continue;
        const float bottom = ImGui::GetCursorScreenPos().y;
        app.reveal_request[0] = top;
        app.reveal_request[1] = std::min(bottom, top + 16.0f * ImGui::GetTextLineHeightWithSpacing());
    }
}

// The six headline cards in as many columns as fit (two on a phone), then their open show-work.
static void draw_headlines(App& app) {
    const Estimate& e = shown_estimate(app);
    const float avail = ImGui::GetContentRegionAvail().x;
    int columns = static_cast<int>(avail / (is_phone() ? 170.0f : 220.0f)); // two on a phone
    columns = columns < 1 ? 1 : (columns > 3 ? 3 : columns);
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchSame |
                                  ImGuiTableFlags_PadOuterX;
    if (!ImGui::BeginTable("headlines", columns, flags)) return;
    // A run that does not fit cannot start: its time and cost values are greyed. Past the deadline or
    // over the budget set, that value is in the warning colour (the warnings below say by how much).
    const ImVec4 value_color = e.memory.fits ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : color_dim();
    headline_compute(app, e);
    headline_time(app, e, has_warning(e, WarningCode::misses_deadline) ? color_warn() : value_color);
    headline_memory(app, e);
    headline_cards(app, e);
    headline_cost(app, e, has_warning(e, WarningCode::over_budget) ? color_warn() : value_color);
    headline_buy(app, e);
    ImGui::EndTable();
    draw_open_show_work(app);
}

//-----------------------------------------------------------------------------
// [SECTION] Memory bar: the per-card parts stacked, with the usable and nominal capacity lines
//-----------------------------------------------------------------------------

static void draw_memory_bar(App& app) {
    const Estimate& e = shown_estimate(app);
    const MemoryResult& m = e.memory;
    // One name and colour per core MemoryPart, in its order; the parts come from core and add up
    // to the total (ZeRO-3's gathered layers and the RL models were missing from the legend).
    static const struct {
        Str name;
        ImU32 color;
    } kParts[] = {
        {Str::mem_weights, IM_COL32(66, 133, 244, 255)},  {Str::mem_gathered, IM_COL32(121, 134, 203, 255)},
        {Str::mem_gradients, IM_COL32(52, 168, 83, 255)}, {Str::mem_optimizer, IM_COL32(251, 188, 5, 255)},
        {Str::mem_adapters, IM_COL32(171, 71, 188, 255)}, {Str::mem_reference, IM_COL32(0, 150, 136, 255)},
        {Str::mem_reward, IM_COL32(0, 121, 107, 255)},    {Str::mem_critic, IM_COL32(141, 110, 99, 255)},
        {Str::mem_vision, IM_COL32(240, 98, 146, 255)},   {Str::mem_activations, IM_COL32(234, 67, 53, 255)},
        {Str::mem_logits, IM_COL32(255, 112, 67, 255)},   {Str::mem_generation, IM_COL32(194, 24, 91, 255)},
        {Str::mem_engine, IM_COL32(96, 125, 139, 255)},   {Str::mem_overhead, IM_COL32(158, 158, 158, 255)},
    };
    static_assert(sizeof kParts / sizeof kParts[0] == static_cast<size_t>(MemoryPart::count),
                  "one name and colour per MemoryPart");
    const MemoryShares shares = memory_parts(m);
    section(T(app, Str::memory_per_card));
    const double total = m.per_gpu_gib > m.capacity_gib ? m.per_gpu_gib : m.capacity_gib;
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = ImGui::GetFrameHeight() * 1.2f;
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p0, ImVec2(p0.x + width, p0.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg));
    if (total > 0) {
        float x = p0.x;
        for (int i = 0; i < shares.count; i++) {
            const float w = static_cast<float>(shares.items[i].gib / total) * width;
            dl->AddRectFilled(ImVec2(x, p0.y), ImVec2(x + w, p0.y + height),
                              kParts[static_cast<int>(shares.items[i].part)].color);
            x += w;
        }
        // Capacity (nominal) and usable lines: the bar must end left of the usable line to fit.
        const float xu = p0.x + static_cast<float>(m.usable_gib / total) * width;
        const float xc = p0.x + static_cast<float>(m.capacity_gib / total) * width;
        dl->AddLine(ImVec2(xc, p0.y - 4), ImVec2(xc, p0.y + height + 4), IM_COL32(0, 0, 0, 255), 2.0f);
        dl->AddLine(ImVec2(xu, p0.y - 4), ImVec2(xu, p0.y + height + 4),
                    m.fits ? IM_COL32(20, 140, 60, 255) : IM_COL32(200, 30, 30, 255), 2.0f);
    }
    ImGui::Dummy(ImVec2(width, height + 4));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s %s · %s %s", T(app, Str::usable), fgib(m.usable_gib), T(app, Str::capacity),
                          fgib(m.capacity_gib));
    // Legend: flows onto as many lines as the width needs.
    const float right = ImGui::GetCursorScreenPos().x + width;
    bool first = true;
    for (int i = 0; i < shares.count; i++) {
        const auto& part = kParts[static_cast<int>(shares.items[i].part)];
        const char* text = fmt("%s %s", T(app, part.name), fgib(shares.items[i].gib));
        const float w = ImGui::GetFontSize() + 4 + ImGui::CalcTextSize(text).x;
        if (!first) {
            ImGui::SameLine();
            if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
        }
        first = false;
        const ImVec2 q = ImGui::GetCursorScreenPos();
        const float sz = ImGui::GetFontSize() * 0.7f;
        dl->AddRectFilled(ImVec2(q.x, q.y + sz * 0.3f), ImVec2(q.x + sz, q.y + sz * 1.3f), part.color);
        ImGui::Dummy(ImVec2(sz + 2, sz));
        ImGui::SameLine(0, 4);
        ImGui::TextUnformatted(text);
        // Read too: the "Memory per card" heading had nothing under it for a screen reader.
        sem_text(app, Role::text, text, nullptr, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    }
    text_wrapped_colored(color_dim(), fmt("%s %s · %s %s · %s %s", T(app, Str::total), fgib(m.per_gpu_gib),
                                          T(app, Str::usable), fgib(m.usable_gib), T(app, Str::capacity),
                                          fgib(m.capacity_gib)));
}

//-----------------------------------------------------------------------------
// [SECTION] Remedies: what would make a scenario that does not fit fit, each one estimated
//-----------------------------------------------------------------------------

// remedies() runs ~20 estimates and remedy_text() allocates: both are cached here, rebuilt when
// the estimate (its memory, compute, time and cost) or the language changes, so idle frames
// allocate nothing. (App has no field for it; ui/app.* belongs to the page's platform work.)
struct RemedyCache {
    const App* app = nullptr;
    const Catalog* catalog = nullptr;
    Lang lang = Lang::en;
    double key[6] = {};
    std::vector<Remedy> items;
    std::vector<std::string> lines; // remedy_text() of each item
};

static const RemedyCache& remedy_cache(App& app) {
    static RemedyCache cache;
    const Estimate& e = shown_estimate(app);
    const double key[6] = {e.memory.per_gpu_gib, e.memory.usable_gib,
                           e.flops.executed,     e.time.wall_hours,
                           e.cost.total,         static_cast<double>(app.scenario.cards)};
    bool same = cache.app == &app && cache.catalog == app.catalog && cache.lang == app.lang;
    for (int i = 0; i < 6 && same; i++) same = cache.key[i] == key[i];
    if (!same) {
        cache.app = &app;
        cache.catalog = app.catalog;
        cache.lang = app.lang;
        for (int i = 0; i < 6; i++) cache.key[i] = key[i];
        cache.items.clear();
        cache.lines.clear();
        // With input errors the drawn estimate is the last good one, not app.scenario's: no remedies.
        if (app.catalog && app.input_errors.empty()) cache.items = remedies(app.scenario, *app.catalog);
        for (const Remedy& r : cache.items) cache.lines.push_back(remedy_text(r, *app.catalog, app.lang));
    }
    return cache;
}

// Each remedy with a "Use" button that applies it (core apply_remedy(): what was estimated).
static bool draw_remedies(App& app) {
    const Estimate& e = shown_estimate(app);
    if ((e.memory.fits && e.host.fits) || !app.input_errors.empty()) return false;
    // The cards hold it and the machine's RAM does not: the changes are for that.
    section(T(app, e.memory.fits ? Str::remedies_title_host : Str::remedies_title));
    const RemedyCache& cache = remedy_cache(app);
    if (cache.lines.empty()) {
        text_wrapped_colored(color_bad(), T(app, Str::no_remedy));
        return false;
    }
    text_wrapped_colored(color_dim(), T(app, Str::remedies_help));
    int use = -1;
    for (std::size_t i = 0; i < cache.lines.size(); i++) {
        const char* line = cache.lines[i].c_str();
        if (button(app, fmt("%s##remedy%d", T(app, Str::use_remedy), static_cast<int>(i)),
                   labelled(app, T(app, Str::use_remedy), line)))
            use = static_cast<int>(i);
        ImGui::SameLine();
        text_wrapped(line);
    }
    if (use < 0 || !app.catalog) return false;
    app.scenario = apply_remedy(app.scenario, cache.items[static_cast<std::size_t>(use)], *app.catalog);
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Warnings
//-----------------------------------------------------------------------------

static void draw_warnings(App& app) {
    const Estimate& e = shown_estimate(app);
    // "Does not fit" is told by the memory headline and the remedies above; its generic advice
    // (e.g. "use LoRA" to a LoRA user) is not repeated here.
    int shown = 0;
    for (const Warning& w : e.warnings) shown += w.code != WarningCode::does_not_fit;
    if (shown == 0) return;
    section(T(app, Str::warnings));
    ImGui::PushStyleColor(ImGuiCol_Text, color_warn());
    const std::vector<std::string>& lines = warning_lines(app);
    for (std::size_t i = 0; i < lines.size() && i < e.warnings.size(); i++)
        if (e.warnings[i].code != WarningCode::does_not_fit) bullet_wrapped(lines[i].c_str());
    ImGui::PopStyleColor();
}

//-----------------------------------------------------------------------------
// [SECTION] draw_results()
//-----------------------------------------------------------------------------

bool draw_results(App& app) {
    draw_errors(app);
    if (!has_result(app)) {
        ImGui::TextDisabled("%s", T(app, Str::no_result_yet));
        return false;
    }
    const Estimate& e = shown_estimate(app);
    // Wrapped: on a phone "Qwen2.5 72B · NVIDIA GeForce RTX 4090 24GB × 2" ran off the screen's edge;
    // the count stays with its "×" (a no-break space), not alone on a line.
    text_wrapped_colored(color_dim(), fmt("%s · %s ×\u00a0%d",
                                          e.model.name.empty() && e.model.id.empty()
                                              ? T(app, Str::custom_model)
                                              : model_display_name(e.model, app.lang).c_str(),
                                          gpu_display_name(e.gpu, app.lang).c_str(), app.scenario.cards));
    draw_headlines(app);
    draw_memory_bar(app);
    const bool changed = draw_remedies(app);
    draw_warnings(app);
    return changed;
}

} // namespace ui
} // namespace traincalc

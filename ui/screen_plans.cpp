// traincalc — ui/screen_plans.cpp
// Beyond the estimate (issue 13, items 3-5): the host RAM of one machine against its RAM, spot /
// preemptible billing against on-demand, and the questions asked backwards (core
// inverse_questions()): the largest micro-batch and the longest sequence that fit, the most tokens
// the budget buys, the cheapest plan that meets the deadline. Every number and every line of work
// comes from core (explain(Estimate, ExplainPart), explain(InverseResult)); this file lays them out.
//
// Index of this file:
// [SECTION] Text cache
// [SECTION] Show work
// [SECTION] Host RAM per machine
// [SECTION] Spot / preemptible
// [SECTION] Inverse questions
// [SECTION] draw_plans()
#include "core/format.h"
#include "core/inverse.h"
#include "widgets.h"
#include <algorithm>
#include <string>
#include <vector>

namespace traincalc {
namespace ui {

//-----------------------------------------------------------------------------
// [SECTION] Text cache: made once per refresh(), language and comparison state; idle frames
// allocate nothing. inverse_questions() runs binary searches (~100 estimates): never per frame.
//-----------------------------------------------------------------------------

struct PlansCache {
    unsigned long refresh_id = 0; // App::refresh_id the lines were made for; 0 = none yet
    Lang lang = Lang::en;
    bool pending = false;             // the GPU comparison was still being made
    std::vector<std::string> host;    // explain(e, ExplainPart::host_ram)
    std::vector<std::string> spot;    // explain(e, ExplainPart::spot)
    std::vector<std::string> answers; // explain(InverseResult): the lines without a formula
    std::vector<std::string> work;    // and those with one (" = ")
    bool open[3] = {};                // the show-work toggles: host, spot, inverse
};

static PlansCache& plans_cache(App& app) {
    static PlansCache cache;
    if (cache.refresh_id == app.refresh_id && cache.lang == app.lang &&
        cache.pending == app.comparison_pending)
        return cache;
    cache.refresh_id = app.refresh_id;
    cache.lang = app.lang;
    cache.pending = app.comparison_pending;
    const Estimate& e = shown_estimate(app);
    cache.host = explain(e, ExplainPart::host_ram, app.lang);
    cache.spot = explain(e, ExplainPart::spot, app.lang);
    cache.answers.clear();
    cache.work.clear();
    // With input errors the drawn estimate is the last good one, not app.scenario's: no answers.
    // The deadline's answer reads the whole GPU comparison: wait for a large catalog's.
    if (app.catalog && app.input_errors.empty() && !app.comparison_pending) {
        const InverseResult r = inverse_questions(app.scenario, *app.catalog, &app.comparison);
        for (std::string& line : explain(r, *app.catalog, app.lang))
            (line.find(" = ") == std::string::npos ? cache.answers : cache.work).push_back(std::move(line));
    }
    return cache;
}

//-----------------------------------------------------------------------------
// [SECTION] Show work: a toggle named after its section, then the lines with copy buttons
//-----------------------------------------------------------------------------

static void show_work(App& app, bool* open, Str title, const std::vector<std::string>& lines, int id) {
    if (lines.empty() || (app.embed && !app.show_details)) return;
    ImGui::PushID(id);
    const bool was_open = *open;
    disclosure(app, fmt("%s##plans", T(app, Str::show_work)),
               fmt("%s%s%s", T(app, Str::show_work), colon(app.lang), T(app, title)), open, false);
    const float top = ImGui::GetItemRectMin().y;
    if (*open || app.expand_all)
        for (size_t i = 0; i < lines.size(); i++) copyable_line(app, lines[i], static_cast<int>(i));
    // Opened at the window's bottom edge, its lines lay out of sight (the toggle seemed dead): the
    // page brings the toggle and its first lines into view, as a headline's work.
    if (!was_open && *open && !app.expand_all) {
        app.reveal_request[0] = top;
        app.reveal_request[1] =
            std::min(ImGui::GetCursorScreenPos().y, top + 16.0f * ImGui::GetTextLineHeightWithSpacing());
    }
    ImGui::PopID();
}

//-----------------------------------------------------------------------------
// [SECTION] Host RAM per machine: the peak (loading or training) against the machine's RAM
//-----------------------------------------------------------------------------

static void draw_host_ram(App& app, PlansCache& cache) {
    const HostRamResult& h = shown_estimate(app).host;
    section(T(app, Str::host_title));
    if (!h.known) {
        text_wrapped_colored(color_warn(), fmt(T(app, Str::host_unknown_fmt), fgib(h.peak_node_gib)));
    } else {
        const int sig = difference_significant(h.available_gib, h.peak_node_gib); // by the headroom
        const char* verdict =
            h.fits ? fmt(app.lang == Lang::zh ? "✓ %s（%s %s）" : "✓ %s (%s %s)", T(app, Str::fits),
                         T(app, Str::headroom), fgib(h.headroom_gib))
                   : fmt(app.lang == Lang::zh ? "× %s（%s %s）" : "× %s (%s %s)", T(app, Str::does_not_fit),
                         T(app, Str::short_by), fgib(-h.headroom_gib));
        text_wrapped_colored(h.fits ? color_ok() : color_bad(),
                             fmt("%s %s / %s · %s", T(app, Str::host_peak), fgib(h.peak_node_gib, sig),
                                 fgib(h.available_gib, sig), verdict));
    }
    text_wrapped(fmt("%s %s · %s %s · %s", T(app, Str::host_loading), fgib(h.load_node_gib),
                     T(app, Str::host_training), fgib(h.offload_node_gib),
                     fmt(T(app, Str::host_ranks_fmt), h.ranks_per_node, fgib(h.process_node_gib))));
    show_work(app, &app.show_plans_work[1], Str::host_title, cache.host, 0);
}

//-----------------------------------------------------------------------------
// [SECTION] Spot / preemptible: expected billed hours and cost against on-demand
//-----------------------------------------------------------------------------

static void draw_spot(App& app, PlansCache& cache) {
    const Estimate& e = shown_estimate(app);
    const SpotResult& sp = e.spot;
    section(T(app, Str::spot_title));
    if (!sp.used) {
        text_wrapped_colored(color_dim(), T(app, Str::spot_off));
        return;
    }
    const bool cheaper = sp.saving >= 0;
    if (sp.on_demand_priced)
        text_wrapped_colored(cheaper ? color_ok() : color_warn(),
                             fmt("%s %s · %s %s · %s", T(app, Str::spot_expected), fmoney(app, sp.total),
                                 T(app, Str::spot_on_demand), fmoney(app, sp.on_demand_total),
                                 fmt(T(app, cheaper ? Str::spot_saves_fmt : Str::spot_costs_more_fmt),
                                     fmoney(app, cheaper ? sp.saving : -sp.saving))));
    else // no on-demand price: nothing to save against
        text_wrapped(fmt("%s %s · %s %s", T(app, Str::spot_expected), fmoney(app, sp.total),
                         T(app, Str::spot_on_demand), T(app, Str::no_price)));
    text_wrapped(
        fmt("%s · %s %s · %s %s",
            fmt(T(app, Str::spot_billed_fmt), fhours(app, sp.billed_hours), fhours(app, e.time.wall_hours)),
            T(app, Str::spot_interruptions), fnum(sp.interruptions), T(app, Str::spot_lost),
            fhours(app, sp.lost_per_interruption_hours)));
    show_work(app, &app.show_plans_work[2], Str::spot_title, cache.spot, 1);
}

//-----------------------------------------------------------------------------
// [SECTION] Inverse questions: what fits on these cards, what the budget buys, the deadline's plan
//-----------------------------------------------------------------------------

static void draw_inverse(App& app, PlansCache& cache) {
    section(T(app, Str::inverse_title));
    if (!app.input_errors.empty()) { // computed for the scenario as it is: none while it is invalid
        text_wrapped_colored(color_dim(), T(app, Str::inverse_invalid));
        return;
    }
    if (app.comparison_pending) {
        text_wrapped_colored(color_dim(), T(app, Str::inverse_pending));
        return;
    }
    for (const std::string& line : cache.answers) bullet_wrapped(line.c_str());
    // What else the section answers once asked: only the questions not asked yet.
    const bool budget = app.scenario.budget > 0, deadline = app.scenario.deadline_hours > 0;
    if (!budget || !deadline)
        text_wrapped_colored(color_dim(), T(app, budget     ? Str::inverse_ask_deadline
                                                 : deadline ? Str::inverse_ask_budget
                                                            : Str::inverse_ask));
    show_work(app, &app.show_plans_work[0], Str::inverse_title, cache.work, 2);
}

//-----------------------------------------------------------------------------
// [SECTION] draw_plans()
//-----------------------------------------------------------------------------

bool draw_plans(App& app) {
    if (!has_result(app)) return false;
    PlansCache& cache = plans_cache(app);
    draw_inverse(app, cache);
    draw_host_ram(app, cache);
    draw_spot(app, cache);
    return false;
}

} // namespace ui
} // namespace traincalc

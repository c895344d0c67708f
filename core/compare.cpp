// traincalc — core/compare.cpp
// Every catalog GPU side by side, and time/cost against card count. Memory is evaluated first
// (cheap, affine in 1/d) to find each strategy's smallest fitting count; time and cost are
// computed only for those few candidates. No string formatting, no per-candidate allocation.
//
// Index of this file:
// [SECTION] Per-GPU search
// [SECTION] compare_gpus()
// [SECTION] cards_curve()
// [SECTION] remedies()
// [SECTION] remedy_text()
#include "compare.h"
#include "cost_model.h"
#include "explain.h"
#include "format.h"
#include "order.h"
#include "strategy.h"
#include "time_model.h"
#include <algorithm>
#include <cassert>
#include <cstdarg>
#include <cstdio>
#include <memory>

namespace traincalc {

using namespace detail;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Per-GPU search
//-----------------------------------------------------------------------------

// Each recomputation level of the shared search space (core/strategy.h) changes the
// model-derived activation bytes and executed FLOPs, so each has its own scenario copy.
constexpr int kLevels = kSearchLevels;

// A configuration's memory as a function of d: per card M(d) = A + B/d, and what it puts in host
// RAM per card, offloaded states S(d) = C + D/d (sharded like the rest) and activations H.
struct Affine {
    double A = 0, B = 0, C = 0, D = 0, H = 0;
};

struct Context { // GPU-independent inputs, computed once
    const Scenario* s = nullptr;
    const Catalog* c = nullptr;
    ModelDerived md;           // the scenario's own checkpointing
    Scenario level_s[kLevels]; // the scenario with checkpointing none/selective/full
    ModelDerived level_md[kLevels];
    WallLine level_wall[kLevels]; // wall clock against compute hours (wall_line()): no card in it
    bool valid = false;           // validate() accepts the scenario (the one input contract)
    // Every configuration for_each_strategy() visits, in its order: the search space depends on the
    // scenario and the card limit, not on the card, so it is listed once and each card's search is a
    // plain loop over it (the loop nest and a call per configuration were a third of a wide search).
    // Each with its memory per card, the same on every card unless memory_depends_on_card(): the
    // first card searched fills it and the others read it.
    struct Point {
        SearchPoint p;
        Affine af;
        double load_floor_gib = 0; // host_load_floor_per_rank_gib(): the same on every card
    };
    std::unique_ptr<Point[]> points;
    size_t point_count = 0;
    bool affine_shared = false;
    bool affine_filled = false;
};

// Memory per card for the configuration p at d = 1 and d = 2 gives the lines.
Affine affine_memory(const Context& cx, const GpuSpec& g, const SearchPoint& p) {
    const int level = int(p.checkpointing);
    Strategy st = with_point(strategy_of(*cx.s), p);
    const int mp = st.unit();
    MemoryResult m1, m2;
    st.cards = mp;
    memory_for(cx.level_s[level], cx.level_md[level], g, st, m1);
    st.cards = 2 * mp;
    memory_for(cx.level_s[level], cx.level_md[level], g, st, m2);
    Affine a;
    a.B = 2.0 * (m1.per_gpu_gib - m2.per_gpu_gib);
    a.A = m1.per_gpu_gib - a.B;
    a.D = 2.0 * (m1.cpu_ram_gib - m2.cpu_ram_gib);
    a.C = m1.cpu_ram_gib - a.D;
    a.H = m1.activations_host_gib;
    return a;
}

TimeInputs timing_for(const Scenario& s, const GpuSpec& g, bool scenario_card, int experts) {
    TimeInputs ti;
    ti.peak_tflops = peak_tflops(g, s.precision);
    ti.utilization = s.utilization > 0 ? s.utilization
                                       : default_utilization(s, g, experts); // the stack's, else the card's
    ti.scaling_override = s.scaling_efficiency;
    ti.measured_tps = scenario_card ? s.tokens_per_second_per_gpu : 0; // a measurement is for its own card
    set_links(ti, g);
    ti.bandwidth_gbps = g.bandwidth_gbps;
    return ti;
}

// Whole units bill at least the hours used, so no plan (nor their mix) bills a card-hour below the
// cheapest of hourly, daily ÷ 24 and monthly ÷ 720; 0 without a price.
double cheapest_rate(const Prices& p) {
    double r = 0;
    for (double v : {p.hourly, p.daily / kHoursPerDay, p.monthly / kHoursPerMonth})
        if (v > 0 && (r == 0 || v < r)) r = v;
    return r;
}

// A rental price in either currency: what makes a provider's entry an offer, not a spec sheet.
bool has_rental_price(const GpuSpec& g) {
    return g.price_cny_per_hour > 0 || g.price_cny_per_day > 0 || g.price_cny_per_month > 0 ||
           g.price_usd_per_hour > 0;
}

// A scenario moved to another catalog card: prices, purchase and measured speed were the old card's.
Scenario on_card(const Scenario& s, const GpuSpec& g) {
    Scenario t = s;
    t.gpu_id = g.id;
    t.price_hourly = t.price_daily = t.price_monthly = -1;
    t.purchase_price = -1;
    t.tokens_per_second_per_gpu = 0;
    return t;
}

// The scenario (already valid) on card g passes validate(): the card's own figures are in range.
// The strategies searched keep every cross-field rule (core/strategy.h), so this is the whole check.
bool valid_on_card(const Scenario& s, const GpuSpec& g, const Catalog& c) {
    if (!s.gpu_id.empty() && g.id == s.gpu_id) return true; // validated with the scenario
    return validate(on_card(s, g), c).empty();
}

GpuOption best_option(Context& cx, int gpu_index, int max_cards) {
    const Scenario& s = *cx.s;
    const GpuSpec& g = cx.c->gpus[size_t(gpu_index)];
    GpuOption best;
    best.gpu_index = gpu_index;
    if (!cx.valid || !valid_on_card(s, g, *cx.c)) return best;
    const bool scenario_card = !s.gpu_id.empty() && g.id == s.gpu_id;
    const TimeInputs ti = timing_for(s, g, scenario_card, cx.md.experts);
    const Prices prices = prices_for(s, g, *cx.c, scenario_card);
    // Without a price every cost is 0: the row is no offer (ranked after the priced ones, never the
    // cheapest), its configuration chosen by the fewest cards, then the soonest done.
    best.priced = prices.rented();
    const double rate_floor = cheapest_rate(prices); // the least a card-hour costs (cap, below)
    const double usable = usable_gib(g);
    const bool host_known = host_ram_known(s, g);
    // Smallest fitting d without recomputation, per (offload, tp, ZeRO); 0 = none. Recomputation
    // that fits at the same d only adds FLOPs: it can never be cheaper, so it is not timed.
    int d_plain[kSearchOffloadCount][kSearchTpCount][kSearchCpCount][kSearchEpCount][kSearchActOffloadCount]
               [kSearchZeroCount] = {};
    const Strategy own = strategy_of(s);
    // What host_ram_for() reads of the cards' memory, from the lines: only the two host terms are
    // set per count (the rest stays zero; a MemoryResult zeroed per count was a tenth of the search).
    MemoryResult on_line;
    // Memory per card M(d) = A + B/d: two evaluations give A and B (made once for every card).
    if (!cx.affine_filled) {
        for (size_t k = 0; k < cx.point_count; k++) cx.points[k].af = affine_memory(cx, g, cx.points[k].p);
        cx.affine_filled = cx.affine_shared;
    }
    const double room = usable * (1 - 1e-12);
    for (size_t k = 0; k < cx.point_count; k++) {
        const Context::Point& q = cx.points[k];
        const Affine& af = q.af;
        const double A = af.A, B = af.B;
        // Most of a wide search never fits this card on any count: said first, from the line alone.
        if (A + B > room && (!(B > 0) || !(room > A))) continue; // more cards never help
        const SearchPoint& p = q.p;
        const int level = int(p.checkpointing);
        const Scenario& ls = cx.level_s[level];
        const ModelDerived& lmd = cx.level_md[level];
        Strategy st = with_point(own, p); // cards set per count below
        const int mp = st.unit();
        // The plan runs on cards: the cards' memory (M(d)) and, when the node's RAM is known, the
        // host RAM per node, which can grow with the ranks while they fill a node (estimate()'s rule).
        // The host terms come from the lines; a verdict within 1e-9 of the node's RAM is made
        // again from memory_for() itself, so the rows agree with estimate() to the bit.
        auto host_ok = [&](int cards) {
            if (!host_known) return true;
            Strategy on = st;
            on.cards = cards;
            on_line.cpu_ram_gib = af.C + af.D / (cards / mp);
            on_line.activations_host_gib = af.H;
            HostRamResult h;
            host_ram_for(ls, lmd, g, on, on_line, h);
            const double margin = 1e-9 * h.available_gib;
            if (h.peak_node_gib < h.available_gib - margin) return true;
            if (h.peak_node_gib > h.available_gib + margin) return false;
            MemoryResult m;
            memory_for(ls, lmd, g, on, m);
            return host_ram_fits(ls, lmd, g, on, m);
        };
        // Fewest d that fits (M(d) = A + B/d solved, then confirmed), then runs (the host RAM per
        // node, which can grow while the ranks fill a node), then meets the deadline if any.
        int d = 1;
        if (A + B > room) {
            const double need = std::ceil(B / (room - A) - 1e-9);
            if (!(need * mp <= max_cards)) continue;
            d = std::max(1, int(need));
            while (A + B / d > room && mp * (d + 1) <= max_cards) d++; // the division's rounding
            if (A + B / d > room) continue;
        }
        // Its ranks' own loads outgrow the node's RAM on every count: the host RAM's search would
        // walk the counts below a full node and find none (2,289 of the widest MoE comparison's
        // 8,940 searches did).
        if (host_known && host_ram_never_fits(ls, g, q.load_floor_gib, mp * d)) continue;
        // The most cards on which this configuration could still win or tie: its cost on n cards
        // is at least n card-hours of its FLOPs' time alone (math_seconds(), no communication;
        // n × it is the same on every n) through the wall line, each at the cheapest rate, no fees
        // and no rollout cards: rate × (n × fixed_h + per_compute_h × card-hours). That floor grows
        // with n; past the cheapest so far (margins for the rounding) it can neither win nor tie,
        // so the host RAM's and the deadline's searches stop there. A recomputation level d_plain
        // would skip has at least this floor (more FLOPs, as many cards), and is dropped in turn.
        int cap = max_cards;
        if (best.workable && best.priced) {
            Strategy on = st;
            on.cards = mp;
            const WallLine& line = cx.level_wall[level];
            const double card_hours = mp * math_seconds(ls, lmd, ti, on) / kSecondsPerHour;
            const double tie = best.cost_total + 1e-9 * std::max(1.0, best.cost_total);
            const double fixed_card_hours = tie / (1 - 1e-9) / rate_floor - line.per_compute_h * card_hours;
            if (fixed_card_hours < 0) continue; // beaten on any count
            if (line.fixed_h > 0 && fixed_card_hours / line.fixed_h < max_cards)
                cap = int(fixed_card_hours / line.fixed_h) + 1; // one more: the rounding
        }
        if (mp * d > cap) continue;
        if (!host_ok(mp * d)) { // the next count whose node holds its ranks' host RAM
            // From d on the cards' memory fits (the line falls): the host RAM decides, by the lines.
            const int runs = first_count_that_runs(mp, mp * (d + 1), cap, ls.cards_per_node, host_ok);
            if (runs == 0) continue;
            d = runs / mp;
        }
        best.runs = true; // on mp × d cards; the deadline may still rule it out
        int& plain =
            d_plain[p.offload_index][p.tp_index][p.cp_index][p.ep_index][p.activation_offload][p.zero];
        if (level == 0)
            plain = d;
        else if (plain == d)
            continue;
        st.cards = mp * d;
        double wall = 0;
        if (s.deadline_hours > 0) { // the fewest from there that finish in time, and run
            const DeadlineCards in_time =
                deadline_cards_if(ls, lmd, g, ti, st, st.cards, cap, host_ok, &cx.level_wall[level]);
            if (in_time.cards == 0) continue;
            st.cards = in_time.cards;
            wall = in_time.wall_hours;
        } else {
            wall = wall_hours_for(ls, lmd, ti, st);
        }
        CostResult cost;
        cost_for(s, prices, st.cards + rollout_extra_cards(s), wall, lmd.tokens, cost);
        const double mem = A + B / (st.cards / mp);
        // Cheaper wins; on a tie (whole billed hours tie often) fewer cards, then sooner done, then
        // the earlier (simpler) strategy.
        const double tol = 1e-9 * std::max(1.0, best.cost_total);
        const bool tie = cost.total <= best.cost_total + tol;
        const bool better = !best.workable || cost.total < best.cost_total - tol ||
                            (tie && st.cards < best.cards) ||
                            (tie && st.cards == best.cards && wall < best.wall_hours * (1 - 1e-9));
        if (better) {
            best.workable = true;
            best.cards = st.cards;
            best.strategy = p;
            best.memory_per_gpu_gib = mem;
            best.wall_hours = wall;
            best.cost_total = cost.total;
        }
    }
    return best;
}

const ModelSpec* resolve_model(const Scenario& s, const Catalog& c) {
    return s.model_id.empty() ? &s.model : c.find_model(s.model_id);
}

void init_context(Context& cx, const Scenario& s, const Catalog& c) {
    cx.s = &s;
    cx.c = &c;
    const ModelSpec* m = resolve_model(s, c);
    cx.valid = m && validate(s, c).empty(); // the one input contract
    if (cx.valid) derive_model(s, *m, cx.md);
    for (int level = 0; level < kLevels && cx.valid; level++) {
        cx.level_s[level] = s;
        cx.level_s[level].checkpointing = Checkpointing(level);
        derive_model(cx.level_s[level], *m, cx.level_md[level]);
        cx.level_wall[level] = wall_line(cx.level_s[level], cx.level_md[level]);
    }
    cx.valid = cx.valid && cx.md.tokens > 0 && std::isfinite(cx.md.tokens);
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] compare_gpus()
//-----------------------------------------------------------------------------

std::vector<GpuOption> compare_gpus(const Scenario& s, const Catalog& catalog, int max_cards) {
    std::vector<GpuOption> out = compare_gpus_range(s, catalog, 0, catalog.gpus.size(), max_cards);
    rank_gpu_options(out);
    return out;
}

std::vector<GpuOption> compare_gpus_range(const Scenario& s, const Catalog& catalog, size_t first,
                                          size_t last, int max_cards) {
    if (max_cards < 1) max_cards = 1;
    if (max_cards > kMaxCards) max_cards = kMaxCards;
    if (last > catalog.gpus.size()) last = catalog.gpus.size();
    std::vector<GpuOption> out;
    if (first >= last) return out;
    Context cx;
    init_context(cx, s, catalog);
    cx.affine_shared = cx.valid && !memory_depends_on_card(s, cx.md);
    if (cx.valid) { // counted, then listed in one allocation (a growing vector cost the page 220 bytes)
        size_t n = 0;
        for_each_strategy(s, cx.md, max_cards, [&](const SearchPoint&) { return ++n > 0; });
        cx.points.reset(new Context::Point[n]);
        cx.point_count = 0;
        const Strategy own = strategy_of(s);
        for_each_strategy(s, cx.md, max_cards, [&](const SearchPoint& p) {
            Context::Point& q = cx.points[cx.point_count++];
            q.p = p;
            const int level = int(p.checkpointing);
            q.load_floor_gib =
                host_load_floor_per_rank_gib(cx.level_s[level], cx.level_md[level], with_point(own, p));
            return true;
        });
    }
    out.reserve(last - first);
    for (size_t i = first; i < last; i++) {
        const GpuSpec& g = catalog.gpus[i];
        if (catalog.only_provider && !g.from_provider) continue;
        GpuOption o = best_option(cx, int(i), max_cards);
        o.provider = g.from_provider && has_rental_price(g);
        out.push_back(o);
    }
    return out;
}

double catalog_hourly_price(const Scenario& s, const GpuSpec& g, const Catalog& catalog) {
    return prices_for(s, g, catalog, false).hourly;
}

void rank_gpu_options(std::vector<GpuOption>& out) {
    for (GpuOption& o : out) o.cheapest = o.fastest = false;
    // The provider's priced GPUs first (its visitors rent those), then cheapest first, unworkable
    // last; ties by wall time so the order is stable and meaningful.
    stable_sort_list(out, [](const void* context, int ia, int ib) {
        const auto& rows = *static_cast<const std::vector<GpuOption>*>(context);
        const GpuOption& a = rows[static_cast<size_t>(ia)];
        const GpuOption& b = rows[static_cast<size_t>(ib)];
        if (a.provider != b.provider) return a.provider;
        if (a.workable != b.workable) return a.workable;
        if (!a.workable) return false;
        if (a.priced != b.priced) return a.priced; // ¥0 without a price is no offer
        if (a.cost_total != b.cost_total) return a.cost_total < b.cost_total;
        return a.wall_hours < b.wall_hours;
    });
    // Marks over every workable row: with a provider group first, the cheapest need not be row 0.
    int fastest = -1, cheapest = -1;
    for (size_t i = 0; i < out.size(); i++) {
        if (!out[i].workable) continue;
        if (fastest < 0 || out[i].wall_hours < out[size_t(fastest)].wall_hours) fastest = int(i);
        if (out[i].priced && (cheapest < 0 || out[i].cost_total < out[size_t(cheapest)].cost_total))
            cheapest = int(i);
    }
    if (cheapest >= 0) out[size_t(cheapest)].cheapest = true;
    if (fastest >= 0) out[size_t(fastest)].fastest = true;
}

//-----------------------------------------------------------------------------
// [SECTION] cards_curve()
//-----------------------------------------------------------------------------

std::vector<CurvePoint> cards_curve(const Scenario& s, const Catalog& catalog, int max_cards) {
    if (max_cards < 1) max_cards = 1;
    if (max_cards > kMaxCards) max_cards = kMaxCards;
    std::vector<CurvePoint> out;
    Context cx;
    init_context(cx, s, catalog);
    const GpuSpec* g = nullptr;
    if (s.gpu_id.empty())
        g = &s.gpu;
    else
        g = catalog.find_gpu(s.gpu_id);
    if (!cx.valid || !g) return out; // validate() covers the card and tp
    const TimeInputs ti = timing_for(s, *g, true, cx.md.experts);
    const Prices prices = prices_for(s, *g, catalog, true);
    const int mp = strategy_of(s).unit();
    for (int n = 1; n <= max_cards; n *= 2) {
        Strategy st = strategy_of(s);
        st.cards = n;
        CurvePoint p;
        p.cards = n;
        MemoryResult m;
        memory_for(s, cx.md, *g, st, m);
        // tp·pp·cp·ep must divide the count; the node's RAM must hold the host's share too.
        p.fits = m.fits && n >= mp && n % mp == 0 && host_ram_fits(s, cx.md, *g, st, m);
        p.wall_hours = wall_hours_for(s, cx.md, ti, st);
        CostResult cost;
        cost_for(s, prices, n + rollout_extra_cards(s), p.wall_hours, cx.md.tokens, cost);
        p.cost_total = cost.total;
        out.push_back(p);
        if (n > max_cards / 2) break; // no overflow of n *= 2
    }
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] remedies()
//-----------------------------------------------------------------------------

namespace {

// Largest card count a remedy proposes: the page's cards slider goes to 4,096.
constexpr int kRemedyMaxCards = 4096;
// Machine RAM sizes a provider rents (GiB; servers fill 8, 12, 16 or 24 DIMM slots): the more-RAM
// remedy proposes the smallest that holds the plan's peak, none beyond 4 TiB.
constexpr double kMachineRamGib[] = {32, 64, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096};

// Runs estimate() on the changed scenario; adds the remedy only when it fits.
bool try_remedy(const Scenario& t, const Catalog& c, RemedyKind kind, int gpu_index,
                std::vector<Remedy>& out) {
    const Estimate e = estimate(t, c);
    if (!e.ok || !e.memory.fits || !e.host.fits) return false; // it must run: the host RAM too
    Remedy r;
    r.kind = kind;
    r.cards = t.cards;
    r.strategy = strategy_choice_of(t);
    r.micro_batch = t.micro_batch;
    r.grad_accum = t.grad_accum;
    r.method = t.method;
    r.gpu_index = gpu_index;
    r.per_gpu_gib = e.memory.per_gpu_gib;
    r.usable_gib = e.memory.usable_gib;
    r.cpu_ram_gib = e.memory.cpu_ram_gib;
    r.host_per_rank_gib = e.host.peak_per_rank_gib;
    r.host_ram_gib = t.host_ram_gib;
    r.cards_per_node = t.cards_per_node;
    r.host_peak_gib = e.host.peak_node_gib;
    r.wall_hours = e.time.wall_hours;
    r.cost_total = e.cost.total;
    out.push_back(r);
    return true;
}

// The fewest cards (tp·pp × powers of two) at which `t` fits with a ZeRO stage in [z_lo, 3];
// the lowest stage wins a tie (less communication). Returns false when none up to the limit.
bool fewest_cards_with_zero(const Scenario& t0, const Catalog& c, int z_lo, RemedyKind kind,
                            std::vector<Remedy>& out) {
    const int mp = std::max(1, t0.tp) * std::max(1, t0.pp);
    for (int n = mp; n <= kRemedyMaxCards; n *= 2) {
        for (int z = z_lo; z <= 3; z++) {
            if (t0.offload == Offload::optimizer_params && z < 3) continue; // parameter offload is ZeRO-3
            Scenario t = t0;
            t.cards = n;
            t.zero = z;
            if (try_remedy(t, c, kind, -1, out)) return true;
        }
        if (n > kRemedyMaxCards / 2) break;
    }
    return false;
}

// `t` on each catalog card with more usable memory than `usable_now`: adds the cheapest priced
// one that fits, else the smallest that fits. False when none fits.
bool bigger_card(const Scenario& t, const Catalog& catalog, double usable_now, RemedyKind kind,
                 std::vector<Remedy>& out) {
    std::vector<Remedy> cards;
    for (size_t i = 0; i < catalog.gpus.size(); i++) {
        const GpuSpec& g = catalog.gpus[i];
        if (g.id == t.gpu_id || !(usable_gib(g) > usable_now)) continue;
        if (catalog.only_provider && !g.from_provider) continue;
        try_remedy(on_card(t, g), catalog, kind, int(i), cards);
    }
    const Remedy* best = nullptr;
    for (const Remedy& r : cards) {
        if (!best) {
            best = &r;
            continue;
        }
        const bool priced = r.cost_total > 0, best_priced = best->cost_total > 0;
        if (priced != best_priced) {
            if (priced) best = &r;
            continue;
        }
        if (priced ? r.cost_total < best->cost_total : r.usable_gib < best->usable_gib) best = &r;
    }
    if (best) out.push_back(*best);
    return best != nullptr;
}

} // namespace

std::vector<Remedy> remedies(const Scenario& s, const Catalog& catalog) {
    std::vector<Remedy> out;
    const Estimate base = estimate(s, catalog);
    // A plan that does not run: the cards' memory, or the host RAM per node (loading, offload).
    if (!base.ok || (base.memory.fits && base.host.fits)) return out;

    // Same training, same cards: split the micro-batch (the global batch is kept).
    if (s.micro_batch > 1) {
        Scenario t = s;
        t.micro_batch = 1;
        t.grad_accum = s.grad_accum * s.micro_batch;
        try_remedy(t, catalog, RemedyKind::micro_batch, -1, out);
    }
    // Recomputation, lightest level that fits. Selective only helps without flash attention.
    bool recompute_fits = false;
    if (s.checkpointing == Checkpointing::none && !s.flash_attention) {
        Scenario t = s;
        t.checkpointing = Checkpointing::selective;
        recompute_fits = try_remedy(t, catalog, RemedyKind::recompute_selective, -1, out);
    }
    if (!recompute_fits && s.checkpointing != Checkpointing::full) {
        Scenario t = s;
        t.checkpointing = Checkpointing::full;
        try_remedy(t, catalog, RemedyKind::recompute_full, -1, out);
    }
    // CPU offload on the same cards, optimizer first.
    bool offload_fits = false;
    if (s.offload == Offload::none) {
        Scenario t = s;
        t.offload = Offload::optimizer;
        t.zero = std::max(1, s.zero);
        offload_fits = try_remedy(t, catalog, RemedyKind::offload_optimizer, -1, out);
    }
    if (!offload_fits && s.offload != Offload::optimizer_params) {
        Scenario t = s;
        t.offload = Offload::optimizer_params;
        t.zero = 3;
        try_remedy(t, catalog, RemedyKind::offload_params, -1, out);
    }
    // Less offload when the host RAM is short: the weights back on the card, then nothing offloaded.
    if (s.offload != Offload::none) {
        Scenario t = s;
        t.offload = s.offload == Offload::optimizer_params ? Offload::optimizer : Offload::none;
        if (!try_remedy(t, catalog, RemedyKind::offload_less, -1, out) && t.offload != Offload::none) {
            t.offload = Offload::none;
            try_remedy(t, catalog, RemedyKind::offload_less, -1, out);
        }
    }
    // The cards hold the plan but the machine's RAM does not: a machine with more RAM (the smallest
    // common size that holds the peak), or, with a given machine, fewer of the cards on each one.
    if (base.memory.fits && !base.host.fits) {
        for (double gib : kMachineRamGib) {
            if (gib < base.host.peak_node_gib) continue;
            Scenario t = s;
            t.host_ram_gib = gib;
            try_remedy(t, catalog, RemedyKind::more_host_ram, -1, out);
            break;
        }
        if (s.host_ram_gib > 0)
            for (int per = std::min(s.cards, s.cards_per_node) / 2; per >= 1; per /= 2) {
                Scenario t = s;
                t.cards_per_node = per;
                if (try_remedy(t, catalog, RemedyKind::fewer_ranks, -1, out)) break;
            }
    }
    // More cards with ZeRO sharding (the scenario's stage or higher).
    fewest_cards_with_zero(s, catalog, std::max(1, s.zero), RemedyKind::zero_cards, out);
    // The cards search's answer ("fewest cards with the best strategy") when no single change above
    // reaches as few cards on this card: it changes several settings at once, so it is offered whole.
    const int fewest = base.cards.min_for_memory_any;
    const bool fewer_than_offered = std::none_of(out.begin(), out.end(), [&](const Remedy& r) {
        return r.gpu_index < 0 && r.method == s.method && r.cards <= fewest;
    });
    if (fewest > 0 && fewer_than_offered) {
        Scenario t = s;
        base.cards.best_strategy.apply_to(t);
        t.cards = fewest;
        try_remedy(t, catalog, RemedyKind::fewest_cards_plan, -1, out);
    }
    // A bigger card, same count and strategy: the cheapest priced one that fits, else the smallest.
    bigger_card(s, catalog, base.memory.usable_gib, RemedyKind::bigger_card, out);
    // Method changes last: they change what is trained. Never LoRA to a LoRA or QLoRA user.
    bool lora_fits = false;
    if (s.method == Method::full) {
        Scenario t = s;
        t.method = Method::lora;
        lora_fits = try_remedy(t, catalog, RemedyKind::lora, -1, out);
    }
    if (!lora_fits && s.method != Method::qlora) {
        Scenario t = s;
        t.method = Method::qlora;
        try_remedy(t, catalog, RemedyKind::qlora, -1, out);
    }
    // Nothing single fits: full recomputation together with ZeRO-3 on more cards, or with a bigger card.
    const bool single_fits = std::any_of(
        out.begin(), out.end(), [](const Remedy& r) { return r.kind != RemedyKind::fewest_cards_plan; });
    if (!single_fits && s.checkpointing != Checkpointing::full) {
        Scenario t = s;
        t.checkpointing = Checkpointing::full;
        fewest_cards_with_zero(t, catalog, 3, RemedyKind::recompute_zero_cards, out);
        bigger_card(t, catalog, base.memory.usable_gib, RemedyKind::recompute_bigger_card, out);
    }
    return out;
}

Scenario apply_remedy(const Scenario& s, const Remedy& r, const Catalog& catalog) {
    Scenario t = s;
    if (r.gpu_index >= 0 && r.gpu_index < int(catalog.gpus.size()))
        t = on_card(s, catalog.gpus[size_t(r.gpu_index)]);
    t.cards = r.cards;
    r.strategy.apply_to(t);
    t.micro_batch = r.micro_batch;
    t.grad_accum = r.grad_accum;
    t.method = r.method;
    t.host_ram_gib = r.host_ram_gib;
    t.cards_per_node = r.cards_per_node;
    return t;
}

//-----------------------------------------------------------------------------
// [SECTION] remedy_text()
//-----------------------------------------------------------------------------

namespace {

std::string printf_string(const char* f, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, f);
    std::vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

} // namespace

std::string remedy_text(const Remedy& r, const Catalog& catalog, Lang lang) {
    const bool zh = lang == Lang::zh;
    const std::string used = format_number(r.per_gpu_gib, 3), usable = format_number(r.usable_gib, 3);
    const char* s = r.cards == 1 ? "" : "s";
    // "fits N cards: X of Y GiB" / "可放入 N 张卡：X / Y GiB": the shared tail of most remedies.
    const std::string fits =
        zh ? printf_string("可放入 %d 张卡：%s / %s GiB", r.cards, used.c_str(), usable.c_str())
           : printf_string("fits %d card%s: %s of %s GiB", r.cards, s, used.c_str(), usable.c_str());
    const std::string per_card =
        zh ? printf_string("可放下：每卡 %s / %s GiB", used.c_str(), usable.c_str())
           : printf_string("fits: %s of %s GiB per card", used.c_str(), usable.c_str());
    const std::string ram = format_number(r.host_per_rank_gib, 3); // the card's share of the host's peak
    switch (r.kind) {
    case RemedyKind::micro_batch:
        return zh ? printf_string("微批改为 1、梯度累积改为 %d（总批量不变）%s", r.grad_accum, fits.c_str())
                  : printf_string("Micro-batch 1 with gradient accumulation %d (same batch) %s", r.grad_accum,
                                  fits.c_str());
    case RemedyKind::recompute_selective:
        return zh ? "选择性重计算" + fits : "Selective recomputation " + fits;
    case RemedyKind::recompute_full:
        return zh ? "全量重计算" + fits : "Full recomputation " + fits;
    case RemedyKind::offload_optimizer:
        return zh ? printf_string("优化器卸载到 CPU（ZeRO-%d）%s，每卡需内存 %s GiB", r.strategy.zero,
                                  fits.c_str(), ram.c_str())
                  : printf_string("Optimizer offload to CPU (ZeRO-%d) %s, %s GiB CPU RAM per card",
                                  r.strategy.zero, fits.c_str(), ram.c_str());
    case RemedyKind::offload_params:
        return zh ? printf_string("优化器和权重卸载到 CPU（ZeRO-3）%s，每卡需内存 %s GiB", fits.c_str(),
                                  ram.c_str())
                  : printf_string("Optimizer and weight offload to CPU (ZeRO-3) %s, %s GiB CPU RAM per card",
                                  fits.c_str(), ram.c_str());
    case RemedyKind::offload_less:
        if (r.strategy.offload == Offload::none)
            return zh ? "不卸载到 CPU（省下内存）" + fits : "No CPU offload (less host RAM) " + fits;
        return zh ? printf_string("只把优化器卸载到 CPU（ZeRO-%d，省下内存）%s", r.strategy.zero,
                                  fits.c_str())
                  : printf_string("The optimizer alone offloaded to CPU (ZeRO-%d, less host RAM) %s",
                                  r.strategy.zero, fits.c_str());
    case RemedyKind::more_host_ram: {
        const std::string gib = format_number(r.host_ram_gib, 4), peak = format_number(r.host_peak_gib, 3);
        return zh ? printf_string("换用每台 %s GiB 内存的机器（此方案每台峰值 %s GiB）", gib.c_str(),
                                  peak.c_str())
                  : printf_string("Machines with %s GiB of RAM each (this plan peaks at %s GiB per machine)",
                                  gib.c_str(), peak.c_str());
    }
    case RemedyKind::fewer_ranks: {
        const int machines = (r.cards + r.cards_per_node - 1) / r.cards_per_node;
        const std::string gib = format_number(r.host_ram_gib, 4), peak = format_number(r.host_peak_gib, 3);
        return zh ? printf_string("每台机器 %d 张卡，共 %d 台：每台内存峰值 %s / %s GiB", r.cards_per_node,
                                  machines, peak.c_str(), gib.c_str())
                  : printf_string(
                        "%d card%s per machine on %d machines: %s of %s GiB of RAM per machine at the peak",
                        r.cards_per_node, r.cards_per_node == 1 ? "" : "s", machines, peak.c_str(),
                        gib.c_str());
    }
    case RemedyKind::zero_cards:
        return zh ? printf_string("ZeRO-%d 分到 %d 张卡%s", r.strategy.zero, r.cards, per_card.c_str())
                  : printf_string("ZeRO-%d on %d card%s %s", r.strategy.zero, r.cards, s, per_card.c_str());
    case RemedyKind::bigger_card:
    case RemedyKind::recompute_bigger_card: {
        const GpuSpec* g = r.gpu_index >= 0 && r.gpu_index < int(catalog.gpus.size())
                               ? &catalog.gpus[size_t(r.gpu_index)]
                               : nullptr;
        const std::string name = g ? (g->name.empty() ? g->id : g->name) : std::string("?");
        if (r.kind == RemedyKind::recompute_bigger_card)
            return zh ? printf_string("全量重计算并换用更大的卡 %s %s", name.c_str(), fits.c_str())
                      : printf_string("Full recomputation on a bigger card, %s, %s", name.c_str(),
                                      fits.c_str());
        return zh ? printf_string("换用更大的卡 %s %s", name.c_str(), fits.c_str())
                  : printf_string("A bigger card, %s, %s", name.c_str(), fits.c_str());
    }
    case RemedyKind::lora:
        return zh ? "改用 LoRA（不做全参微调）" + fits : "LoRA instead of a full fine-tune " + fits;
    case RemedyKind::qlora:
        return zh ? "改用 QLoRA（4 位基座权重）" + fits : "QLoRA (4-bit base weights) " + fits;
    case RemedyKind::recompute_zero_cards:
        return zh ? printf_string("全量重计算加 ZeRO-3 分到 %d 张卡%s", r.cards, per_card.c_str())
                  : printf_string("Full recomputation with ZeRO-3 on %d card%s %s", r.cards, s,
                                  per_card.c_str());
    case RemedyKind::fewest_cards_plan: {
        const std::string how = strategy_text(r.strategy, lang);
        return zh ? printf_string("最少卡数的方案：%s，%d 张卡%s", how.c_str(), r.cards, per_card.c_str())
                  : printf_string("The fewest-cards plan, %s, on %d card%s %s", how.c_str(), r.cards, s,
                                  per_card.c_str());
    }
    case RemedyKind::count:
        break;
    }
    return "";
}

} // namespace traincalc

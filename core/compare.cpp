// traincalc — core/compare.cpp
// Every catalog GPU side by side, and time/cost against card count. Memory is evaluated first
// (cheap, affine in 1/d) to find each strategy's smallest fitting count; time and cost are
// computed only for those few candidates. No string formatting, no per-candidate allocation.
//
// Index of this file:
// [SECTION] Per-GPU search
// [SECTION] compare_gpus()
// [SECTION] cards_curve()
#include "compare.h"
#include "model_math.h"
#include <algorithm>

namespace traincalc {

using namespace detail;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Per-GPU search
//-----------------------------------------------------------------------------

struct Context {                         // GPU-independent inputs, computed once
    const Scenario* s = nullptr;
    const Catalog* c = nullptr;
    ModelDerived md;
    bool valid = false;
};

TimeInputs timing_for(const Scenario& s, const GpuSpec& g, bool scenario_card) {
    TimeInputs ti;
    ti.peak_tflops = peak_tflops(g, s.precision);
    ti.utilization = s.utilization > 0 ? s.utilization
                                       : (g.utilization_default > 0 && g.utilization_default <= 1 ? g.utilization_default : 0.4);
    ti.scaling_override = s.scaling_efficiency;
    ti.measured_tps = scenario_card ? s.tokens_per_second_per_gpu : 0;  // a measurement is for its own card
    ti.nvlink = g.nvlink_gbps > 0;
    return ti;
}

double wall_hours_for(const Context& cx, const TimeInputs& ti, const Strategy& st) {
    double sec = compute_seconds(*cx.s, cx.md, ti, st, nullptr, nullptr);
    TimeResult t;
    wall_clock(*cx.s, cx.md, sec / 3600.0, t);
    return t.wall_hours;
}

bool usable_gpu(const GpuSpec& g) {
    return g.memory_gib >= 0.5 && g.memory_gib <= 100000 && g.tflops_16bit > 0 && g.tflops_16bit <= 1e6;
}

GpuOption best_option(const Context& cx, int gpu_index, int max_cards) {
    const Scenario& s = *cx.s;
    const GpuSpec& g = cx.c->gpus[size_t(gpu_index)];
    GpuOption best;
    best.gpu_index = gpu_index;
    if (!cx.valid || !usable_gpu(g)) return best;
    const bool scenario_card = !s.gpu_id.empty() && g.id == s.gpu_id;
    const TimeInputs ti = timing_for(s, g, scenario_card);
    const Prices prices = prices_for(s, g, *cx.c, scenario_card);
    const double usable = usable_gib(g);
    static const int tps[4] = {1, 2, 4, 8};
    static const Offload offs[3] = {Offload::none, Offload::optimizer, Offload::optimizer_params};
    for (Offload off : offs) {
        for (int tp : tps) {
            if (cx.md.heads % tp != 0) continue;                  // heads split evenly across TP ranks
            const int mp = tp * s.pp;
            if (mp > max_cards) continue;
            for (int z = 0; z <= 3; z++) {
                if (off == Offload::optimizer && z < 1) continue;           // offload needs ZeRO
                if (off == Offload::optimizer_params && z < 3) continue;    // parameter offload is ZeRO-3
                Strategy st;
                st.tp = tp;
                st.pp = s.pp;
                st.zero = z;
                st.offload = off;
                // Memory per card M(d) = A + B/d: two evaluations give A and B.
                MemoryResult m1, m2;
                st.cards = mp;
                memory_for(s, cx.md, g, st, m1);
                st.cards = 2 * mp;
                memory_for(s, cx.md, g, st, m2);
                const double B = 2.0 * (m1.per_gpu_gib - m2.per_gpu_gib);
                const double A = m1.per_gpu_gib - B;
                // Smallest power-of-two d that fits, then the deadline if any.
                int d = 1;
                bool fits = false;
                for (; mp * d <= max_cards; d *= 2) {
                    if (A + B / d <= usable * (1 - 1e-12)) { fits = true; break; }
                    if (B <= 0) break;                            // more cards never help
                }
                if (!fits) continue;
                st.cards = mp * d;
                double wall = wall_hours_for(cx, ti, st);
                if (s.deadline_hours > 0) {
                    while (wall > s.deadline_hours && st.cards * 2 <= max_cards) {
                        st.cards *= 2;
                        wall = wall_hours_for(cx, ti, st);
                    }
                    if (wall > s.deadline_hours) continue;
                }
                CostResult cost;
                cost_for(s, prices, st.cards, wall, cx.md.tokens, cost);
                const double mem = A + B / (st.cards / mp);
                // Cheaper wins; on a tie fewer cards, then the earlier (simpler) strategy.
                bool better = !best.workable || cost.total < best.cost_total - 1e-9 * std::max(1.0, best.cost_total) ||
                              (cost.total <= best.cost_total + 1e-9 * std::max(1.0, best.cost_total) && st.cards < best.cards);
                if (better) {
                    best.workable = true;
                    best.cards = st.cards;
                    best.zero = z;
                    best.tp = tp;
                    best.offload = off;
                    best.memory_per_gpu_gib = mem;
                    best.wall_hours = wall;
                    best.cost_total = cost.total;
                }
            }
        }
    }
    return best;
}

// Same checks as estimate()'s guards, but without building messages: compare needs a yes/no.
bool scenario_usable(const Scenario& s, const ModelSpec& m) {
    return m.params >= 1e5 && m.params <= 1e14 && m.layers >= 1 && m.hidden >= 1 && m.heads >= 1 &&
           s.seq_len >= 1 && s.micro_batch >= 1 && s.grad_accum >= 1 && s.pp >= 1 && s.pp <= 1024 &&
           s.epochs >= 0.01 && s.epochs <= 1000 && s.cards >= 1 && s.utilization >= 0 && s.utilization <= 1 &&
           s.scaling_efficiency >= 0 && s.scaling_efficiency <= 1 && s.upload_mbps > 0 && s.download_mbps > 0 &&
           s.disk_write_mb_per_s > 0 && s.overhead_fraction >= 0 && s.fixed_hours >= 0;
}

const ModelSpec* resolve_model(const Scenario& s, const Catalog& c) {
    if (s.model_id.empty()) return &s.model;
    for (const ModelSpec& m : c.models)
        if (m.id == s.model_id) return &m;
    return nullptr;
}

void init_context(Context& cx, const Scenario& s, const Catalog& c) {
    cx.s = &s;
    cx.c = &c;
    const ModelSpec* m = resolve_model(s, c);
    cx.valid = m && scenario_usable(s, *m);
    if (cx.valid) derive_model(s, *m, cx.md);
    cx.valid = cx.valid && cx.md.tokens > 0 && std::isfinite(cx.md.tokens);
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] compare_gpus()
//-----------------------------------------------------------------------------

std::vector<GpuOption> compare_gpus(const Scenario& s, const Catalog& catalog, int max_cards) {
    if (max_cards < 1) max_cards = 1;
    if (max_cards > kMaxCards) max_cards = kMaxCards;
    Context cx;
    init_context(cx, s, catalog);
    std::vector<GpuOption> out;
    out.reserve(catalog.gpus.size());
    for (size_t i = 0; i < catalog.gpus.size(); i++) out.push_back(best_option(cx, int(i), max_cards));
    // Cheapest first, unworkable last; ties by wall time so the order is stable and meaningful.
    std::stable_sort(out.begin(), out.end(), [](const GpuOption& a, const GpuOption& b) {
        if (a.workable != b.workable) return a.workable;
        if (!a.workable) return false;
        if (a.cost_total != b.cost_total) return a.cost_total < b.cost_total;
        return a.wall_hours < b.wall_hours;
    });
    int fastest = -1;
    for (size_t i = 0; i < out.size(); i++) {
        if (!out[i].workable) break;
        if (fastest < 0 || out[i].wall_hours < out[size_t(fastest)].wall_hours) fastest = int(i);
    }
    if (!out.empty() && out[0].workable) out[0].cheapest = true;
    if (fastest >= 0) out[size_t(fastest)].fastest = true;
    return out;
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
    if (s.gpu_id.empty()) g = &s.gpu;
    else
        for (const GpuSpec& x : catalog.gpus)
            if (x.id == s.gpu_id) { g = &x; break; }
    if (!cx.valid || !g || !usable_gpu(*g) || s.tp < 1) return out;
    const TimeInputs ti = timing_for(s, *g, true);
    const Prices prices = prices_for(s, *g, catalog, true);
    const int mp = s.tp * s.pp;
    for (int n = 1; n <= max_cards; n *= 2) {
        Strategy st;
        st.cards = n;
        st.zero = s.zero;
        st.tp = s.tp;
        st.pp = s.pp;
        st.offload = s.offload;
        CurvePoint p;
        p.cards = n;
        MemoryResult m;
        memory_for(s, cx.md, *g, st, m);
        p.fits = m.fits && n >= mp && n % mp == 0;       // tp·pp must divide the count
        p.wall_hours = wall_hours_for(cx, ti, st);
        CostResult cost;
        cost_for(s, prices, n, p.wall_hours, cx.md.tokens, cost);
        p.cost_total = cost.total;
        out.push_back(p);
        if (n > max_cards / 2) break;                    // no overflow of n *= 2
    }
    return out;
}

} // namespace traincalc

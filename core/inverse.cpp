// traincalc — core/inverse.cpp
// The inverse questions. Memory per card never decreases with the micro-batch or the sequence
// length (activations and logits grow with both), and a run's cost never decreases with its
// tokens (compute and upload grow; billing rounds up; the best plan is a minimum of such), so each
// answer is a binary search with the invariant "lo fits, hi does not" until they are adjacent.
// Every evaluation goes through the functions estimate() itself uses (derive_model, memory_for,
// compute_seconds, wall_clock, cost_for), so estimate() of the answer agrees to the bit.
//
// Index of this file:
// [SECTION] Shared helpers
// [SECTION] Largest micro-batch and longest sequence
// [SECTION] Most tokens for a budget
// [SECTION] Cheapest plan for a deadline
// [SECTION] inverse_questions()
#include "inverse.h"
#include "cost_model.h"
#include "strategy.h"
#include "time_model.h"
#include <algorithm>
#include <cassert>

namespace traincalc {

using namespace detail;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Shared helpers
//-----------------------------------------------------------------------------

constexpr int kMaxMicroBatch = 65536;       // scenario.cpp's range of micro_batch
constexpr int kMaxSeqLen = 1048576;         // and of seq_len
constexpr double kMaxTokensPerEpoch = 1e15; // and of tokens

// Largest v in [lo, hi] with fits(v), given fits(lo); hi = the input's maximum.
template <class F> int largest_fitting(int lo, int hi, F&& fits, bool* at_limit) {
    *at_limit = fits(hi);
    if (*at_limit) return hi;
    while (hi - lo > 1) { // fits(lo), !fits(hi)
        const int mid = lo + (hi - lo) / 2;
        if (fits(mid))
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

// "Usable − per card" at the answer (index 0) and at one more (index 1): the shown work.
void record_headroom(Terms& log, TermId id, const FitAnswer& a) {
    Calc(&log, id, "GiB", 1.0, 0)
        .first("usable", a.usable_gib, "GiB")
        .sub("per card", a.per_gpu_gib, "GiB")
        .done();
    if (!a.at_limit)
        Calc(&log, id, "GiB", 1.0, 1)
            .first("usable", a.usable_gib, "GiB")
            .sub("per card", a.next_per_gpu_gib, "GiB")
            .done();
}

//-----------------------------------------------------------------------------
// [SECTION] Largest micro-batch and longest sequence
//-----------------------------------------------------------------------------

// The scenario at each recomputation level, with `what` (micro-batch or sequence) set to v.
enum class Knob { micro_batch, seq_len };

struct FitSearch {
    const Scenario& s;
    const ModelSpec& m;
    const GpuSpec& g;
    Knob knob;
    Scenario level_s[kSearchLevels];
    ModelDerived level_md[kSearchLevels];

    FitSearch(const Scenario& s_, const ModelSpec& m_, const GpuSpec& g_, Knob k)
        : s(s_), m(m_), g(g_), knob(k) {
        for (int level = 0; level < kSearchLevels; level++) {
            level_s[level] = s;
            level_s[level].checkpointing = Checkpointing(level);
            derive_model(level_s[level], m, level_md[level]);
        }
    }
    // Memory per card with strategy p and the knob at v.
    MemoryResult memory(const StrategyChoice& p, int v) {
        const int level = int(p.checkpointing);
        Scenario& ls = level_s[level];
        ModelDerived& md = level_md[level];
        int& knob_value = knob == Knob::micro_batch ? ls.micro_batch : ls.seq_len;
        if (knob_value != v) { // derived again: the objectives' terms (KV cache, rollouts) use both
            knob_value = v;
            derive_model(ls, m, md);
        }
        const Strategy st = with_point(strategy_of(s), p);
        MemoryResult r;
        memory_for(ls, md, g, st, r);
        return r;
    }
    // The plan runs with the knob at v: the cards' memory fits and the host RAM per node (its
    // activation offload and offloaded checkpoints grow with v too). `host`, when given, is filled.
    bool runs(const StrategyChoice& p, int v, HostRamResult* host = nullptr) {
        const MemoryResult r = memory(p, v);
        const int level = int(p.checkpointing);
        const Strategy st = with_point(strategy_of(s), p);
        HostRamResult h;
        if (host_ram_known(level_s[level], g) || host)
            host_ram_for(level_s[level], level_md[level], g, st, r, h);
        if (host) *host = h;
        return r.fits && h.fits;
    }
};

FitAnswer largest_fit(const Scenario& s, const ModelSpec& m, const GpuSpec& g, Knob knob) {
    FitSearch fs(s, m, g, knob);
    FitAnswer best;
    best.limit = knob == Knob::micro_batch ? kMaxMicroBatch : kMaxSeqLen;
    double best_slowdown = 0;
    for_each_strategy(s, fs.level_md[0], s.cards, [&](const SearchPoint& p) {
        if (s.cards % (p.tp * s.pp * p.cp * p.ep) != 0)
            return true; // the cards are fixed: tp·pp·cp·ep divides them
        if (knob == Knob::seq_len && p.cp != s.cp) return true; // the length searched is a multiple of s.cp
        best.searched.see(p);
        auto fits = [&](int v) { return fs.runs(p, v); };
        const double slowdown = strategy_slowdown(p);
        int v = 0;
        bool at_limit = false;
        if (!best.found) {
            if (!fits(1)) {
                // The cards hold 1 but the machine does not: the answer says so, not "no strategy fits".
                HostRamResult h;
                if (fs.memory(p, 1).fits && !fs.runs(p, 1, &h) &&
                    (!best.host_blocked || h.peak_node_gib < best.blocked_host_peak_gib)) {
                    best.host_blocked = true;
                    best.blocked_strategy = p;
                    best.blocked_host_peak_gib = h.peak_node_gib;
                    best.blocked_host_available_gib = h.available_gib;
                }
                return true;
            }
            v = largest_fitting(1, best.limit, fits, &at_limit);
        } else if (!best.at_limit && fits(best.value + 1)) { // beats the best so far
            v = largest_fitting(best.value + 1, best.limit, fits, &at_limit);
        } else if (slowdown < best_slowdown && fits(best.value)) { // as large, and faster
            v = best.value;
            at_limit = best.at_limit;
        } else {
            return true;
        }
        best.found = true;
        best.host_blocked = false;
        best.value = v;
        best.at_limit = at_limit;
        best.strategy = p;
        best_slowdown = slowdown;
        return true;
    });
    if (best.found) {
        const StrategyChoice p = best.strategy;
        // Context parallelism splits each sequence in cp equal parts: the longest length is the
        // largest fitting multiple of cp, and "one more" is the next multiple.
        const int step = knob == Knob::seq_len ? best.strategy.cp : 1;
        if (step > 1 && best.value % step != 0) {
            best.value -= best.value % step;
            best.at_limit = false;
        }
        if (best.value < 1) { // not even cp tokens fit
            FitAnswer none;
            none.limit = best.limit;
            return none;
        }
        // The scenario's own strategy: what runs without changing it (the search's answer may not).
        const StrategyChoice own = strategy_choice_of(s);
        if (own == p) {
            best.planned_value = best.value;
            best.planned_at_limit = best.at_limit;
        } else if (fs.runs(own, step)) {
            auto own_runs = [&](int v) { return fs.runs(own, v); };
            best.planned_value = largest_fitting(step, best.value, own_runs, &best.planned_at_limit);
            best.planned_value -= best.planned_value % step;
            best.planned_at_limit = best.planned_at_limit && best.at_limit;
        }
        const MemoryResult at = fs.memory(p, best.value);
        best.per_gpu_gib = at.per_gpu_gib;
        best.usable_gib = at.usable_gib;
        if (!best.at_limit) {
            const MemoryResult next = fs.memory(p, best.value + step);
            best.next_per_gpu_gib = next.per_gpu_gib;
            // One more fits the cards' memory: the host RAM per node is what refuses it.
            if (next.fits) {
                HostRamResult h;
                fs.runs(p, best.value + step, &h);
                best.host_limited = true;
                best.next_host_peak_gib = h.peak_node_gib;
                best.next_host_available_gib = h.available_gib;
            }
        }
    }
    return best;
}

//-----------------------------------------------------------------------------
// [SECTION] Most tokens for a budget
//-----------------------------------------------------------------------------

// Cost of the scenario with `tokens` tokens per epoch, exactly as estimate() computes it.
struct CostOfTokens {
    Scenario t;
    const ModelSpec& m;
    const GpuSpec& g;
    Prices prices;
    TimeInputs ti;
    Strategy st;
    CostOfTokens(const Scenario& s, const ModelSpec& m_, const GpuSpec& g_, const Catalog& c)
        : t(s), m(m_), g(g_) {
        t.data_input = DataInput::tokens;
        prices = prices_for(s, g, c, true);
        ti.peak_tflops = peak_tflops(g, s.precision);
        ti.utilization = s.utilization > 0 ? s.utilization : default_utilization(s, g, m.experts);
        ti.scaling_override = s.scaling_efficiency;
        ti.measured_tps = s.tokens_per_second_per_gpu;
        set_links(ti, g);
        ti.bandwidth_gbps = g.bandwidth_gbps;
        st = strategy_of(s);
    }
    // Cost (best plan) and wall hours at `tokens` per epoch; `md_out` the derived model.
    CostResult at(double tokens, double* wall_hours, ModelDerived* md_out = nullptr) {
        t.tokens = tokens;
        ModelDerived md;
        derive_model(t, m, md);
        double scaling = 1, bubble = 1;
        const double compute_s = compute_seconds(t, md, ti, st, &scaling, &bubble);
        const double compute_h = Calc(nullptr, TermId::compute_hours, "h")
                                     .first("compute", compute_s, "s")
                                     .div("", kSecondsPerHour, "s/h")
                                     .done();
        TimeResult tr;
        wall_clock(t, md, compute_h, tr);
        CostResult c;
        cost_for(t, prices, t.cards + rollout_extra_cards(t), tr.wall_hours, md.tokens, c);
        *wall_hours = tr.wall_hours;
        if (md_out) *md_out = md;
        return c;
    }
};

BudgetAnswer most_tokens(const Scenario& s, const ModelSpec& m, const GpuSpec& g, const Catalog& c,
                         Terms& log) {
    BudgetAnswer a;
    a.asked = s.budget > 0;
    if (!a.asked) return a;
    ModelDerived md0;
    derive_model(s, m, md0);
    const Strategy st = strategy_of(s);
    MemoryResult mem;
    memory_for(s, md0, g, st, mem);
    a.host_short = mem.fits && !host_ram_fits(s, md0, g, st, mem);
    a.fits = mem.fits && !a.host_short;
    if (!a.fits) return a; // a run that cannot start (the cards' memory, the host RAM) buys nothing
    CostOfTokens cost(s, m, g, c);
    double wall = 0;
    a.unpriced = !cost.prices.rented(); // ¥0 an hour would buy 1e15 tokens: unknown, not that
    if (a.unpriced) return a;
    auto affordable = [&](double tokens) { return cost.at(tokens, &wall).total <= s.budget; };
    if (!affordable(1)) return a;
    // Whole tokens per epoch; doubles hold every integer up to 2^53 > 1e15 exactly.
    double lo = 1, hi = kMaxTokensPerEpoch;
    a.at_limit = affordable(hi);
    if (a.at_limit) lo = hi;
    while (hi - lo > 1) {
        const double mid = std::floor(lo + (hi - lo) / 2);
        if (affordable(mid))
            lo = mid;
        else
            hi = mid;
    }
    a.found = true;
    a.tokens_per_epoch = lo;
    ModelDerived md;
    const CostResult at = cost.at(lo, &a.wall_hours, &md);
    a.cost_total = at.total;
    a.plan = at.best_plan;
    a.tokens = md.tokens;
    double next_wall = 0;
    if (!a.at_limit) a.next_cost_total = cost.at(lo + 1, &next_wall).total;
    // Shown work: what is left of the budget at the answer, and at one token per epoch more.
    const char* money = kUnitMoney;
    Calc(&log, TermId::inverse_budget_left, money, 1.0, 0)
        .first("budget", s.budget, money)
        .sub("cost", a.cost_total, money)
        .done();
    if (!a.at_limit)
        Calc(&log, TermId::inverse_budget_left, money, 1.0, 1)
            .first("budget", s.budget, money)
            .sub("cost", a.next_cost_total, money)
            .done();
    return a;
}

//-----------------------------------------------------------------------------
// [SECTION] Cheapest plan for a deadline
//-----------------------------------------------------------------------------

DeadlineAnswer cheapest_for_deadline(const Scenario& s, const Catalog& c,
                                     const std::vector<GpuOption>& options, Terms& log) {
    DeadlineAnswer a;
    a.asked = s.deadline_hours > 0;
    if (!a.asked) return a;
    const GpuOption* best = nullptr;
    for (const GpuOption& o : options) {
        if (!o.workable || o.gpu_index < 0 || o.gpu_index >= int(c.gpus.size())) continue;
        const GpuSpec& g = c.gpus[size_t(o.gpu_index)];
        const Prices p = prices_for(s, g, c, !s.gpu_id.empty() && g.id == s.gpu_id);
        if (!p.rented()) continue; // a card without a price is no plan
        if (!best || o.cost_total < best->cost_total ||
            (o.cost_total == best->cost_total && o.wall_hours < best->wall_hours))
            best = &o;
    }
    if (!best) return a;
    a.found = true;
    a.gpu_index = best->gpu_index;
    a.cards = best->cards;
    a.strategy = best->strategy;
    a.wall_hours = best->wall_hours;
    // The winner's cost again, recorded (the comparison computed it unrecorded): the same inputs.
    const GpuSpec& g = c.gpus[size_t(best->gpu_index)];
    const bool own_card = !s.gpu_id.empty() && g.id == s.gpu_id;
    Scenario ls = s;
    ls.checkpointing = best->strategy.checkpointing;
    const ModelSpec* m = s.model_id.empty() ? &s.model : c.find_model(s.model_id);
    ModelDerived md;
    derive_model(ls, *m, md);
    CostResult cost;
    cost_for(s, prices_for(s, g, c, own_card), best->cards + rollout_extra_cards(s), best->wall_hours,
             md.tokens, cost, &log);
    a.plan = cost.best_plan;
    a.cost_total = cost.total;
    return a;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] inverse_questions()
//-----------------------------------------------------------------------------

InverseResult inverse_questions(const Scenario& s, const Catalog& catalog,
                                const std::vector<GpuOption>* comparison) {
    InverseResult r;
    r.scenario = s;
    r.errors = validate(s, catalog); // the one input contract
    if (!r.errors.empty()) return r;
    const ModelSpec* m = s.model_id.empty() ? &s.model : catalog.find_model(s.model_id);
    const GpuSpec* g = s.gpu_id.empty() ? &s.gpu : catalog.find_gpu(s.gpu_id);
    assert(m && g && "validate() accepted an unknown model or card id");
    r.terms.items.reserve(16);
    r.terms.operands.reserve(64);
    r.micro_batch = largest_fit(s, *m, *g, Knob::micro_batch);
    if (r.micro_batch.found) record_headroom(r.terms, TermId::inverse_batch_headroom, r.micro_batch);
    r.seq_len = largest_fit(s, *m, *g, Knob::seq_len);
    if (r.seq_len.found) record_headroom(r.terms, TermId::inverse_seq_headroom, r.seq_len);
    r.budget = most_tokens(s, *m, *g, catalog, r.terms);
    if (s.deadline_hours > 0) {
        std::vector<GpuOption> own;
        if (!comparison) own = compare_gpus(s, catalog);
        r.deadline = cheapest_for_deadline(s, catalog, comparison ? *comparison : own, r.terms);
    }
    r.ok = true;
    return r;
}

} // namespace traincalc

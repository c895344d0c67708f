// traincalc — core/estimate.cpp
// estimate(): validates, then puts the pieces together — model maths (model_math.h), memory
// (memory_model.h), time (time_model.h), cost (cost_model.h) — and runs the card searches over the
// strategy space of strategy.h. Every shown result is computed through a Calc (core/terms.h), which
// records its operands as it computes: explain() formats those records and nothing else.
// Input checks are validate()'s only.
//
// Index of this file:
// [SECTION] estimate()
#include "estimate.h"
#include "cost_model.h"
#include "host_ram.h"
#include "strategy.h"
#include "time_model.h"
#include <algorithm>
#include <cassert>

namespace traincalc {

using namespace detail;

//-----------------------------------------------------------------------------
// [SECTION] estimate()
//-----------------------------------------------------------------------------

namespace {

// FLOPs: model (MFU convention), rule of thumb, executed; and the worked example's check.
void estimate_flops(Estimate& e, const ModelDerived& md, Terms* log) {
    FlopsResult& f = e.flops;
    f.tokens = md.tokens;
    f.params = md.params;
    f.active_params = md.active_params;
    f.trainable_params = md.trainable_params;
    f.padded_tokens_per_sample = md.padded_tokens_per_sample;
    f.padding_waste = md.padding_waste;
    f.model = Calc(log, TermId::flops_model, "FLOPs")
                  .first("per token", md.flops_model_per_token, "FLOPs", TermId::flops_model_per_token)
                  .mul("D", md.tokens, "tokens", TermId::tokens)
                  .done();
    // Kaplan/Chinchilla's N is the parameters a token passes through: a MoE's active ones, not its total.
    const bool moe = md.active_params > 0 && md.active_params < md.params;
    f.rule_of_thumb = Calc(log, TermId::flops_rule_of_thumb, "FLOPs")
                          .first("", 6)
                          .mul(moe ? "N_act" : "N", moe ? md.active_params : md.params)
                          .mul("D", md.tokens, "tokens", TermId::tokens)
                          .done();
    f.executed =
        Calc(log, TermId::flops_executed, "FLOPs")
            .first("per token", md.flops_executed_per_token, "FLOPs", TermId::flops_executed_per_token)
            .mul("D", md.tokens, "tokens", TermId::tokens)
            .done();
    f.per_token_executed = md.flops_executed_per_token;
    // docs/design.md's worked example, shown with every estimate (the widely shared version is 100× off).
    Calc(log, TermId::worked_example_seconds, "s")
        .first("F", kExampleFlops, "FLOPs")
        .div("peak", kExamplePeakTflops, "TFLOPS")
        .div("", kTflops, "FLOP/s per TFLOPS")
        .div("u", kExampleUtilization)
        .done();
}

// Peak, compute time (bubble, offload), wall clock, utilization used, throughput.
void estimate_time(Estimate& e, const Scenario& s, const ModelDerived& md, const GpuSpec& g,
                   const Strategy& st, TimeInputs& ti, double* implied_util, Terms* log) {
    TimeResult& t = e.time;
    ti.peak_tflops = peak_tflops(g, s.precision, log);
    ti.utilization = s.utilization > 0 ? s.utilization : default_utilization(s, g, md.experts);
    ti.scaling_override = s.scaling_efficiency;
    ti.measured_tps = s.tokens_per_second_per_gpu;
    set_links(ti, g);
    ti.bandwidth_gbps = g.bandwidth_gbps;
    double scaling = 1, bubble = 1, generation_s = 0;
    const double compute_s = compute_seconds(s, md, ti, st, &scaling, &bubble, log, &generation_s);
    t.generation_hours = generation_s / kSecondsPerHour;
    const double compute_h = Calc(log, TermId::compute_hours, "h")
                                 .first("compute", compute_s, "s", TermId::compute_seconds)
                                 .div("", kSecondsPerHour, "s/h")
                                 .done();
    wall_clock(s, md, compute_h, t, log);
    t.pipeline_bubble = bubble;
    t.scaling_efficiency = scaling;
    t.peak_tflops = ti.peak_tflops;
    if (ti.measured_tps > 0) {
        *implied_util =
            Calc(log, TermId::implied_utilization, "")
                .first("tokens/s", ti.measured_tps)
                .mul("per token", md.flops_executed_per_token, "FLOPs", TermId::flops_executed_per_token)
                .div("peak", ti.peak_tflops, "TFLOPS", TermId::peak_tflops)
                .div("", kTflops, "FLOP/s per TFLOPS")
                .done();
        t.utilization = *implied_util;
    } else {
        t.utilization = ti.utilization;
    }
    t.effective_tflops_per_gpu =
        Calc(log, TermId::effective_tflops, "TFLOPS")
            .first("peak", ti.peak_tflops, "TFLOPS", TermId::peak_tflops)
            .mul("u", t.utilization, "", ti.measured_tps > 0 ? TermId::implied_utilization : TermId::none)
            .done();
    e.throughput_tokens_per_second_per_gpu = Calc(log, TermId::throughput, "tokens/s")
                                                 .first("D", md.tokens, "tokens", TermId::tokens)
                                                 .div("compute", compute_s, "s", TermId::compute_seconds)
                                                 .div("cards", std::max(s.cards, 1))
                                                 .done();
}

// The scenario's own strategy as a search point.
SearchPoint own_point(const Scenario& s) {
    SearchPoint p;
    static_cast<StrategyChoice&>(p) = strategy_choice_of(s);
    return p;
}

// Another recomputation level is evaluated on the estimate's own copy of the scenario with only
// `checkpointing` changed (no second Scenario copy), put back when the search is done.
struct LevelScratch {
    Scenario& s;
    const Checkpointing own;
    ModelDerived md;
    explicit LevelScratch(Scenario& e_scenario) : s(e_scenario), own(e_scenario.checkpointing) {}
    ~LevelScratch() { s.checkpointing = own; }
    void set(Checkpointing level, const ModelSpec& m) {
        s.checkpointing = level;
        derive_model(s, m, md);
    }
};

// Fewest cards on which the plan runs — it fits the cards' memory and the host RAM per node — for
// the scenario's strategy and the best one (recomputation included: the search space of
// core/strategy.h, shared with compare_gpus()); cards for the deadline. When the host RAM rules out
// fewer cards the cards' memory alone would allow, that plan is kept to say so.
void estimate_cards(Estimate& e, const Scenario& s, const ModelSpec& m, const ModelDerived& md,
                    const GpuSpec& g, const Strategy& st, const TimeInputs& ti) {
    CardsResult& c = e.cards;
    c.min_for_memory = min_cards_for_plan(s, md, g, st, kMaxCards, nullptr, &c.min_for_memory_only);
    auto keep = [&c](const SearchPoint& p) { c.best_strategy = p; };
    // The scenario's own level uses its own derived model; another level is derived when reached.
    LevelScratch other(e.scenario);
    // The scenario and derived model at a recomputation level: its own, or the other one derived.
    auto at_level = [&](Checkpointing level, const Scenario*& level_s, const ModelDerived*& level_md) {
        if (level == s.checkpointing) {
            level_s = &s, level_md = &md;
        } else {
            other.set(level, m);
            level_s = &other.s, level_md = &other.md;
        }
    };
    const Scenario* ls = &s;
    const ModelDerived* lmd = &md;
    // The scenario's own strategy is the one to beat (it wins ties): most of the search is then
    // pruned by one evaluation per configuration, or stops at once when it fits on pp cards.
    int best = c.min_for_memory;
    double best_slowdown = 0;
    // The fewest cards the cards' memory alone allows, and its strategy: the same order of preference.
    int memory_best = c.min_for_memory_only;
    double memory_best_slowdown = 0;
    SearchPoint memory_point;
    if (c.min_for_memory_only > 0) {
        const SearchPoint own = own_point(s);
        memory_best_slowdown = strategy_slowdown(own);
        memory_point = own;
        if (best > 0) { // it runs too: the plan to beat
            best_slowdown = memory_best_slowdown;
            keep(own);
        }
    }
    // ZeRO stages 0 and 1 never need less memory than stage 2 on the same cards: each stage only
    // divides one more state ÷ d, and nothing else depends on the stage below 3. So when stage 2 of
    // a configuration does not fit below the bound, neither do 0 and 1: one evaluation, not three.
    // Kept only over a 1e-9 relative margin (the expert split sums its terms in another order).
    struct StageTwo {
        SearchPoint p;     // the configuration at stage 2
        int bound = 0;     // the bound it was evaluated below (0: nothing evaluated)
        bool fits = false; // fits_below() for it
        bool over = false; // needs more than usable × (1 + 1e-9) below the bound
    } two;
    const bool stages_searched = (s.fixed & fix_zero) == 0;
    // The activations of the configurations visited last, one slot per activation offload (the
    // search alternates it innermost but ZeRO): shared by every ZeRO stage and CPU offload of the
    // same level, tp, cp and sequence parallelism.
    struct ActsOf {
        Checkpointing level = Checkpointing::none;
        int tp = 0, cp = 0; // 0: nothing computed
        bool sp = false;
        Activations a;
    } acts[2];
    auto acts_of = [&](const Strategy& t) -> const Activations* {
        ActsOf& slot = acts[t.activation_offload ? 1 : 0];
        if (slot.tp != t.tp || slot.cp != t.cp || slot.sp != t.sp || slot.level != ls->checkpointing) {
            slot.level = ls->checkpointing;
            slot.tp = t.tp, slot.cp = t.cp, slot.sp = t.sp;
            slot.a = activations_for(*ls, *lmd, t);
        }
        return &slot.a;
    };
    auto stage_two = [&](const SearchPoint& p, int bound) -> const StageTwo& {
        SearchPoint q = p;
        q.zero = 2;
        if (two.bound == bound && two.p == q) return two;
        two.p = q;
        two.bound = bound;
        const Strategy t = with_point(st, q);
        MemoryResult mr; // stays zero when no count is below the bound: neither fits nor over
        two.fits = fits_below(*ls, *lmd, g, t, bound, acts_of(t), &mr);
        two.over = mr.per_gpu_gib > mr.usable_gib * (1 + 1e-9);
        return two;
    };
    for_each_strategy(s, md, kMaxCards, [&](const SearchPoint& p) -> int {
        if (best == st.pp && best_slowdown == 1.0)
            return search_stop; // tp 1, d 1, nothing slower: unbeatable
        // What was searched matters only when nothing fits, and until something fits every
        // configuration is visited: the span is gathered only meanwhile.
        if (best == 0) c.searched.see(p);
        // Fewer cards wins; as few, only a faster strategy (e.g. recomputation over parameter offload).
        const double slowdown = strategy_slowdown(p);
        // Before anything fits, any count up to kMaxCards wins.
        const int bound = best == 0 ? kMaxCards + 1 : slowdown < best_slowdown ? best + 1 : best;
        // Cannot win, nor can its other ZeRO stages (the same cards and slowdown; the bound only falls).
        if (p.tp * st.pp * p.cp * p.ep >= bound) return search_skip_stages;
        // ZeRO-3 shards the experts with everything else: ep > 1 leaves memory as it is at the same
        // cards, allows fewer counts and is slower, so it never beats ep = 1, visited just before.
        if (p.zero == 3 && p.ep > 1 && !(s.fixed & fix_ep)) return search_next;
        if (p.checkpointing != ls->checkpointing) at_level(p.checkpointing, ls, lmd);
        const Strategy cand = with_point(st, p);
        // One evaluation prunes: not fitting on the most cards below the bound, it fits on none.
        if (stages_searched && p.zero <= 2) {
            const StageTwo& z2 = stage_two(p, bound);
            if (p.zero == 2 ? !z2.fits : z2.over) return search_next;
            if (p.zero < 2 && !fits_below(*ls, *lmd, g, cand, bound, acts_of(cand))) return search_next;
        } else if (!fits_below(*ls, *lmd, g, cand, bound, acts_of(cand))) {
            return search_next;
        }
        // The plan's count matters only below the bound (the host RAM is searched no further). Every
        // configuration that beats the plan by the cards' memory alone gets here, so the fewest cards
        // by memory alone is exact whenever it is below the plan's.
        int by_memory = 0;
        const int n = min_cards_for_plan(*ls, *lmd, g, cand, kMaxCards, acts_of(cand), &by_memory, bound - 1);
        if (by_memory > 0 && (memory_best == 0 || by_memory < memory_best ||
                              (by_memory == memory_best && slowdown < memory_best_slowdown))) {
            memory_best = by_memory;
            memory_best_slowdown = slowdown;
            memory_point = p;
        }
        if (n > 0 && n < bound) {
            best = n;
            best_slowdown = slowdown;
            keep(p);
        }
        return search_next;
    });
    c.min_for_memory_any = best;
    if (s.deadline_hours > 0) {
        // The wall clock against the compute hours at each level (wall_line()), made once: the
        // search times only the compute (wall_hours_near(): its comparisons are wall_clock()'s).
        WallLine lines[2];
        Checkpointing line_level[2] = {};
        bool line_made[2] = {false, false};
        auto line_of = [&](const Scenario& at_s, const ModelDerived& at_md) -> const WallLine* {
            const int i = &at_s == &s ? 0 : 1; // the scenario's own level, or `other`
            if (!line_made[i] || line_level[i] != at_s.checkpointing) {
                lines[i] = wall_line(at_s, at_md);
                line_level[i] = at_s.checkpointing;
                line_made[i] = true;
            }
            return &lines[i];
        };
        const DeadlineCards own =
            deadline_cards(s, md, g, ti, st, c.min_for_memory, kMaxCards, nullptr, line_of(s, md));
        c.for_deadline = own.cards;
        // The fewest cards that meet the deadline over the whole search space: the strategy that
        // needs the fewest cards to fit is not the one that needs the fewest to finish in time (its
        // CPU offload or recomputation is slower once more cards share the memory). The scenario's
        // own strategy is the one to beat and wins ties; as many cards, a sooner finish wins.
        int bound = c.for_deadline > 0 ? c.for_deadline : kMaxCards + 1;
        double bound_wall = own.wall_hours;
        c.for_deadline_any = c.for_deadline;
        c.deadline_strategy = own_point(s);
        for_each_strategy(s, md, kMaxCards, [&](const SearchPoint& p) -> int {
            if (p.tp * st.pp * p.cp * p.ep > bound) return search_skip_stages;
            if (p.zero == 3 && p.ep > 1 && !(s.fixed & fix_ep)) return search_next;
            if (p.checkpointing != ls->checkpointing) at_level(p.checkpointing, ls, lmd);
            Strategy cand = with_point(st, p);
            const int mp = cand.unit();
            // A wall clock or two prune (the time falls with the cards: cards_for_deadline()). To win
            // with fewer cards the deadline must be met on the most cards below the bound; with as
            // many, sooner than the best so far.
            const int most = std::min(bound, kMaxCards) / mp * mp;
            if (most < mp) return search_next;
            cand.cards = most;
            const double win_below = bound_wall * (1 - 1e-9);
            const double w =
                wall_hours_near(*ls, *lmd, ti, cand, *line_of(*ls, *lmd), s.deadline_hours, win_below);
            if (w > s.deadline_hours) return search_next;
            if (most == bound && !(w < win_below)) { // as many cards is no win: fewer?
                cand.cards = most - mp;
                if (cand.cards < mp || wall_hours_near(*ls, *lmd, ti, cand, *line_of(*ls, *lmd),
                                                       s.deadline_hours, s.deadline_hours) > s.deadline_hours)
                    return search_next;
            }
            const Activations* acts = acts_of(cand);
            const int fits = min_cards_for_plan(*ls, *lmd, g, cand, kMaxCards, acts, nullptr, most);
            if (fits == 0) return search_next;
            const DeadlineCards n =
                deadline_cards(*ls, *lmd, g, ti, cand, fits, most, acts, line_of(*ls, *lmd));
            if (n.cards == 0 || n.cards > bound) return search_next;
            if (n.cards == bound && !(n.wall_hours < bound_wall * (1 - 1e-9))) return search_next;
            bound = n.cards;
            bound_wall = n.wall_hours;
            c.for_deadline_any = n.cards;
            c.deadline_strategy = p;
            return search_next;
        });
    }
    // Fewer cards by the cards' memory alone: the host RAM per node is what rules them out.
    if (memory_best > 0 && (best == 0 || memory_best < best)) {
        c.memory_only_cards = memory_best;
        c.memory_only_strategy = memory_point;
        at_level(memory_point.checkpointing, ls, lmd); // the deadline is done with `other`
        Strategy on = with_point(st, memory_point);
        on.cards = memory_best;
        MemoryResult mm;
        memory_for(*ls, *lmd, g, on, mm);
        host_ram_for(*ls, *lmd, g, on, mm, c.memory_only_host);
    }
}

void add_warning(Estimate& e, WarningCode c, double value, double limit) {
    e.warnings.push_back(Warning{c, finite_or(value), finite_or(limit)});
}

void add_warnings(Estimate& e, const Scenario& s, const ModelSpec& m, const ModelDerived& md,
                  const GpuSpec& g, const Strategy& st, const TimeInputs& ti, double implied_util) {
    const TimeResult& t = e.time;
    const CardsResult& c = e.cards;
    const double cc = g.compute_capability;
    if (s.precision == Precision::bf16 && (!g.bf16 || (cc > 0 && cc < kBf16MinCc)))
        add_warning(e, WarningCode::no_bf16, cc, kBf16MinCc);
    if (s.precision == Precision::fp8 && (g.tflops_fp8 <= 0 || (cc > 0 && cc < kFp8MinCc)))
        add_warning(e, WarningCode::no_fp8, cc, kFp8MinCc);
    if (s.precision == Precision::fp32)
        add_warning(e, WarningCode::fp32_slow, ti.peak_tflops, g.tflops_16bit);
    if (s.cards > 1 && !(g.nvlink_gbps > 0))
        add_warning(e, WarningCode::pcie_scaling, t.scaling_efficiency, 1.0);
    if (m.context > 0 && s.seq_len > m.context)
        add_warning(e, WarningCode::seq_over_context, s.seq_len, m.context);
    if (ti.measured_tps > 0 && implied_util > kImpossibleUtilization)
        add_warning(e, WarningCode::impossible_throughput, implied_util, kImpossibleUtilization);
    if (!e.memory.fits)
        add_warning(e, WarningCode::does_not_fit, e.memory.per_gpu_gib, e.memory.usable_gib);
    else if (e.memory.headroom_gib < kNearlyFullFraction * e.memory.usable_gib)
        add_warning(e, WarningCode::memory_nearly_full, e.memory.headroom_gib,
                    kNearlyFullFraction * e.memory.usable_gib);
    if (t.fixed_hours > t.compute_hours)
        add_warning(e, WarningCode::fixed_overhead_dominates, t.fixed_hours, t.compute_hours);
    if (s.deadline_hours > 0 && c.for_deadline_any == 0) // limit: the hours no card count shortens
        add_warning(e, WarningCode::deadline_impossible, s.deadline_hours,
                    t.fixed_hours + t.upload_hours + t.download_hours + t.checkpoint_hours);
    // The plan as set against the limits the user gave: the headline's hours and amount said plainly
    // over them (a tester read "8.17 h · fits · ¥270" under a 5 h deadline and a ¥100 budget as a plan).
    // A run that does not fit is said so already; a deadline no count meets, by deadline_impossible.
    if (e.memory.fits && s.deadline_hours > 0 && c.for_deadline_any > 0 && t.wall_hours > s.deadline_hours)
        add_warning(e, WarningCode::misses_deadline, t.wall_hours, s.deadline_hours);
    if (e.memory.fits && s.budget > 0 && e.cost.priced && e.cost.total > s.budget)
        add_warning(e, WarningCode::over_budget, e.cost.total, s.budget);
    // validate() requires cards to be a multiple of tp·pp; ZeRO with one data-parallel rank shards nothing.
    if (s.zero >= 1 && st.dp() == 1) add_warning(e, WarningCode::zero_single_rank, s.zero, s.cards);
    if (s.offload != Offload::none) { // how much slower than the same plan without it
        Strategy kept = st;
        kept.offload = Offload::none;
        const double without_s = compute_seconds(s, md, ti, kept, nullptr, nullptr);
        const double with_s = t.compute_hours * kSecondsPerHour;
        if (without_s > 0 && with_s > without_s) // a measured throughput has it inside: nothing to add
            add_warning(e, WarningCode::offload_slow, with_s / without_s, 1.0);
    }
    if (e.host.known && !e.host.fits)
        add_warning(e, WarningCode::host_ram_short, e.host.peak_node_gib, e.host.available_gib);
    if (!g.verified) add_warning(e, WarningCode::unverified_gpu, 0, 0);
    // Unpacked samples are padded only to the longest of their micro-batch: none at b = 1 or when every
    // sample is as long as the longest (max_tokens = avg_tokens). Under 1% is no padding worth a word.
    constexpr double kPaddingWarnShare = 0.01;
    if (e.flops.padded_tokens_per_sample > 0 && e.flops.padding_waste >= kPaddingWarnShare)
        add_warning(e, WarningCode::padding_waste, e.flops.padding_waste, e.flops.padded_tokens_per_sample);
    // More cards than the data feeds: one optimizer step (micro-batch × accumulation × data-parallel
    // ranks) takes more sequences than an epoch holds (a 50,000-card plan: 400,000 sequences a step
    // for 36,621 in the data), as a small fine-tune on a big cluster does; the sequences counted as
    // the data-parallel syncs count them (time_model.cpp micro_batches_of()).
    const double step_sequences =
        static_cast<double>(std::max(md.micro_batch, 1)) * std::max(s.grad_accum, 1) * st.dp();
    const double epoch_sequences = md.tokens_per_epoch / std::max(md.attention_seq_len, 1.0);
    if (epoch_sequences > 0 && step_sequences > epoch_sequences)
        add_warning(e, WarningCode::batch_over_epoch, step_sequences, epoch_sequences);
    // A measurement beats the model, but only when it measured this run: a factor of 2 either way
    // is a different setting or a slow part the model does not see, and the plan's hours are wrong.
    const double pilot_h = t.pilot_extrapolated_hours;
    if (pilot_h > 0 && t.wall_hours > 0 &&
        (pilot_h > kPilotDisagrees * t.wall_hours || pilot_h * kPilotDisagrees < t.wall_hours))
        add_warning(e, WarningCode::pilot_disagrees, pilot_h, t.wall_hours);
}

} // namespace

bool has_warning(const Estimate& e, WarningCode code) {
    for (const Warning& w : e.warnings)
        if (w.code == code) return true;
    return false;
}

Estimate estimate(const Scenario& s, const Catalog& catalog) {
    Estimate e;
    e.scenario = s;
    // One input contract: validate() holds every range and rule; nothing is re-checked here.
    e.errors = validate(s, catalog);
    if (!e.errors.empty()) return e; // ok = false, the rest zero
    const ModelSpec* model = s.model_id.empty() ? &s.model : catalog.find_model(s.model_id);
    const GpuSpec* gpu = s.gpu_id.empty() ? &s.gpu : catalog.find_gpu(s.gpu_id);
    assert(model && gpu && "validate() accepted an unknown model or card id");
    e.model = *model;
    e.gpu = *gpu;
    const GpuSpec& g = *gpu;

    Terms* log = &e.terms;
    log->items.reserve(80);     // one allocation each for every term
    log->operands.reserve(400); // and every operand (~65 and ~330 used)
    ModelDerived md;
    derive_model(s, *model, md, log);
    estimate_flops(e, md, log);

    // Strategy as given; d = cards / (tp·pp·cp) (validate(): a whole number ≥ 1, a multiple of ep).
    const Strategy st = strategy_of(s);

    TimeInputs ti;
    double implied_util = 0;
    estimate_time(e, s, md, g, st, ti, &implied_util, log);
    memory_for(s, md, g, st, e.memory, log);
    host_ram_for(s, md, g, st, e.memory, e.host, log);
    estimate_cards(e, s, *model, md, g, st, ti);

    const Prices prices = prices_for(s, g, catalog, true);
    // Separate GRPO/PPO inference cards are rented for the whole run too.
    const int extra = rollout_extra_cards(s);
    {
        Calc c(log, TermId::gpu_hours, "card-h"); // card-hours: not a duration
        c.first("cards", s.cards).mul("wall", e.time.wall_hours, "h", TermId::wall_hours);
        if (extra > 0)
            c.add("inference cards", extra).mul("wall", e.time.wall_hours, "h", TermId::wall_hours);
        e.gpu_hours = c.done();
    }
    cost_for(s, prices, s.cards + extra, e.time.wall_hours, md.tokens, e.cost, log);

    spot_for(s, s.cards + extra, e.time.wall_hours, e.cost, e.spot, log);
    buy_for(s, g, prices, e.buy, log);
    quotes_for(s, md, e.time, e.quotes, log);
    add_warnings(e, s, *model, md, g, st, ti, implied_util);
    e.ok = true;
    return e;
}

} // namespace traincalc

// traincalc — core/inverse.h
// The questions asked backwards: the largest micro-batch and the longest sequence that fit on the
// scenario's cards (with the strategy that achieves it, searched over core/strategy.h's space:
// recomputation × offload × tp × ZeRO), the most tokens a budget buys, and the cheapest GPU × cards
// × rental plan that meets the deadline (compare_gpus()). Each search is exact: the answer fits
// (or is affordable) and one more does not, evaluated by the very functions estimate() uses.
// Not part of estimate() (whose budget is 5 µs): the page runs it once per scenario change.
//
// Index of this file:
// [SECTION] Answers
// [SECTION] inverse_questions()
#pragma once
#include "compare.h"
#include "estimate.h"
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Answers (all finite)
//-----------------------------------------------------------------------------

// The largest micro-batch, or the longest sequence, that fits on the scenario's cards.
struct FitAnswer {
    bool found = false;          // some value ≥ 1 fits with some strategy
    int value = 0;               // the largest value that fits
    bool at_limit = false;       // the input's maximum fits: there is no "one more" to refuse
    int limit = 0;               // that maximum (65,536 sequences; 1,048,576 tokens)
    StrategyChoice strategy;     // the strategy that fits it (the fastest of those that do); for the
                                 // longest sequence cp is the scenario's (the length stays a multiple of it)
    double per_gpu_gib = 0;      // memory per card at `value`
    double next_per_gpu_gib = 0; // at value + 1 with the same strategy: above usable, unless host_limited
    double usable_gib = 0;
    bool host_limited = false;          // value + 1 fits the cards' memory, not the host RAM per node
    double next_host_peak_gib = 0;      // then: the host RAM per node at value + 1, GiB
    double next_host_available_gib = 0; // and the node's RAM (or the rental's share of it), GiB
    StrategySpan searched;              // what the search tried (complete when nothing is found)
    // The largest value with the scenario's own strategy (0: not even 1 runs with it), when found:
    // the answer above may need a heavier strategy (offload, recomputation) than the one planned.
    int planned_value = 0;
    bool planned_at_limit = false;
    // Nothing runs, but some strategy's cards hold 1: the host RAM per node refuses every one.
    bool host_blocked = false;
    StrategyChoice blocked_strategy;       // then: the one needing the least host RAM at 1
    double blocked_host_peak_gib = 0;      // its host RAM per node at 1, GiB
    double blocked_host_available_gib = 0; // and the node's RAM (or the rental's share of it), GiB
};

// The most tokens a budget buys on the scenario's cards and strategy (best rental plan).
struct BudgetAnswer {
    bool asked = false;          // budget > 0
    bool found = false;          // one token per epoch is affordable and the run fits
    bool fits = false;           // the scenario's strategy runs on its cards at all (memory, host RAM)
    bool host_short = false;     // the cards hold it, the host RAM per node does not
    bool unpriced = false;       // the card has no rental price: what a budget buys is unknown
    bool at_limit = false;       // 1e15 tokens per epoch (the input's maximum) is affordable
    double tokens_per_epoch = 0; // the answer, a whole number
    double tokens = 0;           // D = tokens per epoch × epochs
    double cost_total = 0;       // at the answer: ≤ budget
    double next_cost_total = 0;  // one token per epoch more: > budget
    double wall_hours = 0;       // at the answer
    Plan plan = Plan::hourly;    // best plan at the answer
};

// The cheapest GPU × cards × rental plan that finishes within the deadline (compare_gpus()).
struct DeadlineAnswer {
    bool asked = false; // deadline_hours > 0
    bool found = false; // some priced card meets it
    int gpu_index = -1; // into catalog.gpus
    int cards = 0;
    StrategyChoice strategy; // the comparison row's (GpuOption::strategy)
    Plan plan = Plan::hourly;
    double cost_total = 0;
    double wall_hours = 0;
};

struct InverseResult {
    bool ok = false; // false: the scenario is invalid (errors), nothing else set
    std::vector<FieldError> errors;
    Scenario scenario; // what was asked
    FitAnswer micro_batch;
    FitAnswer seq_len;
    BudgetAnswer budget;
    DeadlineAnswer deadline;
    Terms terms; // the shown work: headroom at the answers and one more, costs
};

//-----------------------------------------------------------------------------
// [SECTION] inverse_questions()
//-----------------------------------------------------------------------------

// Validates first (the one input contract). `comparison`, when given, is compare_gpus() of this
// scenario (the page has it already); else it is computed when a deadline is set.
InverseResult inverse_questions(const Scenario& s, const Catalog& catalog,
                                const std::vector<GpuOption>* comparison = nullptr);

} // namespace traincalc

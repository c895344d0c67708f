// traincalc — core/memory_model.h (private to core/*.cpp)
// Memory per card for one strategy: weights, gradients, optimizer states, adapters, activations,
// logits, gathered layers, overhead; what offload moves to host RAM; the card's usable memory.
//
// Index of this file:
// [SECTION] Strategy (how the cards split the work)
// [SECTION] Memory per card
#pragma once
#include "model_math.h"
#include <algorithm>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Strategy
//-----------------------------------------------------------------------------

struct Strategy {
    int cards = 1;
    int zero = 0;
    int tp = 1;
    int pp = 1;
    int cp = 1;                      // context parallel: seq_len ÷ cp tokens per card
    int ep = 1;                      // expert parallel (MoE), carved out of d: ep divides d
    bool sp = true;                  // sequence parallelism with tp > 1
    bool activation_offload = false; // stored activations in host RAM
    Offload offload = Offload::none;
    // Data-parallel size d = cards / (tp·pp·cp): the replicas that split the data.
    int dp() const {
        int d = cards / (tp * pp * cp);
        return d < 1 ? 1 : d;
    }
    // Cards per model replica and step of the card searches: tp·pp·cp·ep (ep divides d).
    int unit() const { return tp * pp * cp * ep; }
};

// The scenario's own strategy (cards, ZeRO, tp, pp, cp, ep, sequence
// parallelism, activation offload, offload): the one place a Scenario becomes a
// Strategy, so estimate(), the inverse questions and the GPU comparison start from the same one.
Strategy strategy_of(const Scenario& s);

//-----------------------------------------------------------------------------
// [SECTION] Memory per card
//-----------------------------------------------------------------------------

// The cards a GRPO/PPO rollout engine decodes on: its own, or the training cards when colocated.
inline double rollout_engine_cards(const Scenario& s, const Strategy& st) {
    return s.rollout == Rollout::separate ? s.rollout_cards : st.cards;
}

// The rollouts decode on the training weights themselves, no engine copy: the policy's own generate()
// (LLaMA-Factory's PPO), or Unsloth's colocated vLLM (fast_inference shares them).
inline bool rollout_shares_weights(const Scenario& s) {
    return s.rollout == Rollout::policy || (s.stack == Stack::unsloth && s.rollout == Rollout::colocated);
}

// Sequences one engine card decodes at once in a GRPO/PPO rollout: one generation call's sequences
// (b · k · d, k = steps_per_generation, grad_accum when 0) over the engine's cards, at least one. One
// formula for the KV cache (memory) and the decode steps (time) that both depend on it: fewer
// sequences per call means more sequential decode steps for the same tokens.
template <class C>
double rollout_batch(const Scenario& s, const ModelDerived& md, const Strategy& st, Terms* log) {
    const double engine_cards = rollout_engine_cards(s, st);
    return std::max(1.0, C(log, TermId::rollout_batch, "")
                             .first("b", md.micro_batch)
                             .mul("steps/gen", s.steps_per_generation > 0 ? s.steps_per_generation
                                                                          : std::max(s.grad_accum, 1))
                             .mul("d", st.dp())
                             .div("engine cards", engine_cards)
                             .done());
}

// Activations the strategy moves to host RAM per card, GiB (0 without activation offload): the
// act_offload_host term, computed by the same arithmetic (the time model moves them over PCIe).
double activation_offload_gib(const Scenario& s, const ModelDerived& md, const Strategy& st);
// Micro-batches in flight on the first pipeline stage (1 without pipelining).
double micro_batches_in_flight(const Scenario& s, const Strategy& st);

// True when the memory per card depends on the card itself: only a colocated rollout engine that
// keeps a fraction of the card's memory (engine_memory_fraction) through training. Otherwise a card
// enters memory_for() only through its usable memory, so one evaluation serves every card.
inline bool memory_depends_on_card(const Scenario& s, const ModelDerived& md) {
    return md.rl && s.rollout == Rollout::colocated && s.engine_memory_fraction > 0;
}

// Usable memory of a card: nominal less the driver's reserve.
double usable_gib(const GpuSpec& g);
// Per-GPU memory for a strategy (fills every MemoryResult field).
void memory_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                MemoryResult& out, Terms* log = nullptr);

// What a card stores for the backward pass, GiB. A function of the scenario (its recomputation
// level, micro-batch, sequence) and of the strategy's tp, pp, cp, sequence parallelism and
// activation offload only: never of the cards, the ZeRO stage, CPU offload or ep.
struct Activations {
    double acts_gib = 0;   // activations (the first pipeline stage's)
    double logits_gib = 0; // logits and loss
    double host_gib = 0;   // moved to host RAM by activation offload
    double vision_gib = 0; // the vision tower's
};
Activations activations_for(const Scenario& s, const ModelDerived& md, const Strategy& st);
// memory_for() without a log, given activations_for() of the same scenario and of a strategy that
// shares st's tp, pp, cp, sequence parallelism and activation offload: the same result, bit for
// bit, without recomputing them (the searches evaluate many strategies that share them).
void memory_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                const Activations& acts, MemoryResult& out);

} // namespace detail
} // namespace traincalc

// traincalc — core/memory_model.cpp
// Memory per card: each term recorded as computed; offloaded terms say where they went (Place::host).
//
// Index of this file:
// [SECTION] Strategy of a scenario
// [SECTION] Memory per GPU
#include "memory_model.h"
#include <algorithm>
#include <cassert>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Strategy of a scenario
//-----------------------------------------------------------------------------

Strategy strategy_of(const Scenario& s) {
    Strategy st;
    st.cards = s.cards;
    st.zero = s.zero;
    st.tp = s.tp;
    st.pp = s.pp;
    st.cp = s.cp;
    st.ep = s.ep;
    st.sp = s.sequence_parallel;
    st.activation_offload = s.activation_offload;
    st.offload = s.offload;
    return st;
}

//-----------------------------------------------------------------------------
// [SECTION] Memory per GPU
//-----------------------------------------------------------------------------

// Divides a per-model term across the cards: ÷ tp ÷ pp always, ÷ d when the ZeRO stage shards it.
// Factors of 1 are left out: they change nothing and would only lengthen the shown work.
// ZeRO shards over the data- and context-parallel ranks together (Megatron's distributed optimizer
// uses the data-parallel-with-context group: cp ranks hold the same weights): ÷ d ÷ cp.
template <class C> static void shard(C& c, const Strategy& st, bool by_dp) {
    if (st.tp > 1) c.div("tp", st.tp);
    if (st.pp > 1) c.div("pp", st.pp);
    if (by_dp && st.dp() > 1) c.div("d", st.dp());
    if (by_dp && st.cp > 1) c.div("cp", st.cp);
}

// Expert parallelism splits the routed experts ÷ ep when the ZeRO stage does not shard the state
// already (sharded, the experts are ÷ ep ÷ (d·cp/ep) = ÷ d·cp like the rest: EP changes nothing).
static bool ep_splits(const ModelDerived& md, const Strategy& st, bool by_dp) {
    return st.ep > 1 && md.expert_params > 0 && !by_dp;
}

// A per-parameter state (gradients, optimizer) of N parameters at B bytes each, the routed experts'
// share ÷ ep: N_dense × B ÷ tp ÷ pp + N_E × B ÷ ep ÷ tp ÷ pp (bytes; the Calc's scale gives GiB).
template <class C>
static void expert_split_state(C& c, const ModelDerived& md, const Strategy& st, const char* bsym, double B) {
    c.first("N_dense", md.params - md.expert_params).mul(bsym, B, "B");
    shard(c, st, false);
    c.add("N_E", md.expert_params, "params", md.expert_params_recorded ? TermId::expert_params : TermId::none)
        .mul(bsym, B, "B")
        .div("ep", st.ep);
    shard(c, st, false);
}

// What each card holds of the model's states (GiB), and what offload moved to the host.
struct States {
    double weights = 0, grads = 0, opt = 0, adapters = 0; // on the card
    double gathered = 0;                                  // ZeRO-3: layers gathered in flight
    double experts = 0; // expert parallelism: the routed experts' weights on the card (in weights)
    double weights_host = 0, opt_host = 0;        // moved to host RAM
    double reference = 0, reward = 0, critic = 0; // the objective's other models (on the card)
    double vision = 0, vision_states = 0;         // the vision tower's weights; grads + optimizer
};

// The layers a card holds whole while the rest is elsewhere (parameter offload, or ZeRO-3's
// gather): this one and the prefetched next, each ÷ tp.
template <class C>
static double layers_in_flight(Terms* log, TermId id, double W_gib, const ModelDerived& md,
                               const Strategy& st) {
    return C(log, id, "GiB")
        .first("in flight", kLayersInFlight)
        .mul("W", W_gib, "GiB", TermId::weights_model)
        .div("L", md.layers)
        .div("tp", st.tp)
        .done();
}

template <class C> static States state_terms(const ModelDerived& md, const Strategy& st, Terms* log) {
    const double to_gib = 1.0 / kGiB;
    const bool params_off = st.offload == Offload::optimizer_params;
    const bool opt_off = st.offload != Offload::none;
    const double W_gib = md.weights_bytes / kGiB;
    States out;
    // Weights: the card's shard, or with parameter offload that shard on the host and two
    // layers in flight on the card (this one and the prefetched next).
    double& weights = out.weights;
    if (ep_splits(md, st, st.zero >= 3)) {
        const double WE_gib = md.expert_weights_bytes / kGiB;
        const double dense = C(log, TermId::weights_dense, "GiB")
                                 .first("W", W_gib, "GiB", TermId::weights_model)
                                 .sub("W_E", WE_gib, "GiB", TermId::expert_weights)
                                 .done();
        C e(log, TermId::expert_weights_card, "GiB");
        e.first("W_E", WE_gib, "GiB", TermId::expert_weights).div("ep", st.ep);
        shard(e, st, false);
        out.experts = e.done(params_off ? Place::host : Place::gpu);
        C c(log, TermId::weights, "GiB");
        c.first("W_dense", dense, "GiB", TermId::weights_dense);
        shard(c, st, false);
        c.add("experts", out.experts, "GiB", TermId::expert_weights_card);
        weights = c.done(params_off ? Place::host : Place::gpu);
    } else {
        C c(log, TermId::weights, "GiB");
        c.first("W", W_gib, "GiB", TermId::weights_model);
        shard(c, st, st.zero >= 3);
        weights = c.done(params_off ? Place::host : Place::gpu);
    }
    if (params_off) {
        out.weights_host = weights;
        weights = layers_in_flight<C>(log, TermId::weights_in_flight, W_gib, md, st);
    }
    // ZeRO-3/FSDP all-gathers each layer before use and prefetches the next: two whole layers
    // (÷ tp) on the card beside the shard. Parameter offload already counts them above. Counted at
    // any d (one rank still gathers into its buffers), so memory stays affine in 1/d for the search.
    if (st.zero >= 3 && !params_off) {
        out.gathered = layers_in_flight<C>(log, TermId::weights_gathered, W_gib, md, st);
    }
    if (md.grads_bytes > 0) {
        C c(log, TermId::gradients, "GiB", to_gib);
        if (ep_splits(md, st, st.zero >= 2)) {
            expert_split_state(c, md, st, "B_g", md.grad_bytes_per_param);
        } else {
            c.first("N", md.params).mul("B_g", md.grad_bytes_per_param, "B");
            shard(c, st, st.zero >= 2);
        }
        out.grads = c.done();
    }
    if (md.optimizer_bytes > 0) {
        C c(log, TermId::optimizer, "GiB", to_gib);
        if (ep_splits(md, st, st.zero >= 1)) {
            expert_split_state(c, md, st, "B_o", md.optimizer_bytes_per_param);
        } else {
            c.first("N", md.params).mul("B_o", md.optimizer_bytes_per_param, "B");
            shard(c, st, st.zero >= 1);
        }
        out.opt = c.done(opt_off ? Place::host : Place::gpu);
        if (opt_off) {
            out.opt_host = out.opt;
            out.opt = 0;
        }
    }
    if (md.adapter_params > 0) {
        // Adapter states stay on the card even with offload (small, updated every step).
        C c(log, TermId::adapters, "GiB", to_gib);
        c.first("N_a", md.adapter_params, "", TermId::adapter_params)
            .mul("B_a", md.adapter_bytes_per_param, "B", TermId::adapter_bytes_per_param);
        shard(c, st, st.zero >= 1);
        out.adapters = c.done();
    }
    // The objective's other models, sharded like the policy's weights (TRL prepares them with the
    // same DeepSpeed/FSDP set-up). PPO's critic holds what the policy holds on the card.
    if (md.reference_bytes > 0) {
        C c(log, TermId::reference_weights, "GiB", to_gib);
        c.first("N", md.params).mul("B_w", md.weight_bytes_per_param, "B");
        shard(c, st, st.zero >= 3);
        out.reference = c.done();
    }
    if (md.reward_bytes > 0) {
        C c(log, TermId::reward_weights, "GiB", to_gib);
        c.first("N", md.params).mul("B_w", md.weight_bytes_per_param, "B");
        shard(c, st, st.zero >= 3);
        out.reward = c.done();
    }
    // The vision tower, sharded by ZeRO like the policy (Hugging Face does not split it by tp/pp;
    // it sits on the first stage).
    if (md.vision_weights_bytes > 0) {
        C c(log, TermId::vision_weights, "GiB", to_gib);
        c.first("N_vis", md.vision_params, "", TermId::vision_params)
            .mul("B_w", md.vision_weights_bytes / md.vision_params, "B");
        if (st.zero >= 3 && st.dp() > 1) c.div("d", st.dp());
        out.vision = c.done();
    }
    if (md.vision_opt_bytes_per_param > 0) {
        C c(log, TermId::vision_states, "GiB", to_gib);
        c.first("N_vis", md.vision_params, "", TermId::vision_params)
            .mul("B_g", md.vision_grad_bytes_per_param, "B");
        if (st.zero >= 2 && st.dp() > 1) c.div("d", st.dp());
        c.add("N_vis", md.vision_params, "", TermId::vision_params)
            .mul("B_o", md.vision_opt_bytes_per_param, "B");
        if (st.zero >= 1 && st.dp() > 1) c.div("d", st.dp());
        out.vision_states = c.done();
    }
    if (md.critic) {
        C c(log, TermId::critic_states, "GiB");
        c.first("weights", out.weights, "GiB", params_off ? TermId::weights_in_flight : TermId::weights);
        if (out.gathered > 0) c.add("gathered", out.gathered, "GiB", TermId::weights_gathered);
        if (md.grads_bytes > 0) c.add("gradients", out.grads, "GiB", TermId::gradients);
        if (md.optimizer_bytes > 0 && !opt_off) c.add("optimizer", out.opt, "GiB", TermId::optimizer);
        if (md.adapter_params > 0) c.add("adapters", out.adapters, "GiB", TermId::adapters);
        out.critic = c.done();
    }
    return out;
}

// The engine's own copy: vLLM loads the 16-bit policy (TRL merges LoRA/QLoRA adapters into it
// before each sync), whatever the training precision.
template <class C> static double engine_weights_gib(const ModelDerived& md, Terms* log) {
    return C(log, TermId::engine_weights, "GiB", 1.0 / kGiB)
        .first("N", md.params)
        .mul("", kBase16BytesPerParam, "B")
        .done();
}

// GRPO/PPO rollouts: the engine's weights and the KV cache of the sequences it decodes at once.
// The generation batch of one optimizer step (b × m per data-parallel rank, TRL's default
// steps_per_generation = gradient_accumulation_steps) is spread over the engine's cards; each
// engine holds a whole copy of the policy (vLLM tensor_parallel_size 1, TRL's default) except
// with Unsloth, whose vLLM shares the training weights (fast_inference; 4-bit with QLoRA).
struct Rollouts {
    double batch = 0;          // sequences decoded at once per engine card
    double engine_weights = 0; // GiB
    double kv = 0;             // GiB at the end of decoding (whole sequences)
    double phase = 0;          // GiB: engine weights + KV cache
};
template <class C>
static Rollouts rollout_terms(const Scenario& s, const ModelDerived& md, const Strategy& st, Terms* log) {
    Rollouts r;
    // Recorded once, by the generation time (time_model.cpp): FastCalc here records nothing.
    r.batch = rollout_batch<FastCalc>(s, md, st, log);
    const bool shared = rollout_shares_weights(s);
    r.engine_weights = shared ? 0.0 : engine_weights_gib<C>(md, log);
    r.kv = C(log, TermId::kv_cache, "GiB", 1.0 / kGiB)
               .first("B", r.batch, "", TermId::rollout_batch)
               .mul("s", md.seq_len)
               .mul("KV", md.kv_bytes_per_token, "B", TermId::kv_bytes_per_token)
               .done();
    C c(log, TermId::generation_phase, "GiB");
    if (!shared) c.first("engine", r.engine_weights, "GiB", TermId::engine_weights);
    c.add("KV cache", r.kv, "GiB", TermId::kv_cache);
    r.phase = c.done();
    return r;
}

// Micro-batches in flight on the first pipeline stage: up to p (1F1B), at most m.
double micro_batches_in_flight(const Scenario& s, const Strategy& st) {
    return st.pp > 1 ? std::min<double>(st.pp, std::max(s.grad_accum, 1)) : 1.0;
}

// Activations and logits per card (GiB), and what activation offload moves to host RAM.
// The first pipeline stage holds up to p micro-batches of its L/p layers. Context parallelism
// gives each card s ÷ cp tokens of every sequence. Tensor parallelism divides the activations ÷ t;
// without sequence parallelism the part it leaves whole (R: norm and layer inputs) stays on every
// rank: + R × (1 − 1/t) per token. Full recomputation keeps each layer's input (2·h bytes per
// token: whole on every rank without sequence parallelism) plus one layer's full activations.
// Activation offload keeps kActOffloadKeepLayers layers' stored activations on the card (the one
// computing and the prefetched next) and the rest of the stage's in host RAM.
template <class C>
static void activation_terms(const Scenario& s, const ModelDerived& md, const Strategy& st, double* acts_gib,
                             double* logits_gib, double* host_gib, Terms* log, double* vision_gib = nullptr) {
    const double to_gib = 1.0 / kGiB;
    const double layers_stage = std::ceil(double(md.layers) / st.pp);
    const double in_flight = micro_batches_in_flight(s, st);
    const double A = md.act_bytes_per_token_layer;
    const bool full = s.checkpointing == Checkpointing::full;
    const bool split_all = st.tp > 1 && st.sp; // sequence parallelism: everything ÷ tp
    const bool unsplit = st.tp > 1 && !st.sp;  // TP alone: R stays whole on every rank
    const bool offload = st.activation_offload && !(full && md.checkpoints_offloaded);
    const double keep = offload ? std::min(layers_stage, kActOffloadKeepLayers) : layers_stage;
    const double moved = layers_stage - keep;
    // Sequences per micro-batch beyond b: DPO's chosen and rejected go through one concatenated
    // forward (TRL); PPO's policy and critic are trained in one backward (TRL's wrapper).
    auto sequences = [&](C& c) {
        c.mul("b", md.micro_batch);
        if (md.seqs_per_sample > 1) c.mul("chosen+rejected", md.seqs_per_sample);
        if (md.critic) c.mul("policy+critic", 2);
    };
    auto tokens = [&](C& c) { // s ÷ cp × b × sequences, after the leading factor
        c.mul("s", md.seq_len);
        if (st.cp > 1) c.div("cp", st.cp);
        sequences(c);
    };
    // What each of `layers` layers stores per micro-batch in flight: full recomputation's inputs,
    // else the layer's activations (+ TP's unsplit part). `lead` opens the group (first or add).
    auto stored = [&](C& c, bool lead_first, const char* sym, double layers) {
        if (lead_first)
            c.first(sym, layers);
        else
            c.add(sym, layers);
        if (in_flight > 1) c.mul("m_flight", in_flight);
        tokens(c);
        if (full) {
            c.mul("A_in", md.act_input_bytes_per_token_layer, "B");
            if (split_all) c.div("tp", st.tp);
            return;
        }
        c.mul("A", A, "B", TermId::act_bytes_per_token_layer);
        if (st.tp > 1) c.div("tp", st.tp);
        if (unsplit) {
            c.add(sym, layers);
            if (in_flight > 1) c.mul("m_flight", in_flight);
            tokens(c);
            c.mul("R", md.act_unsplit_bytes_per_token_layer, "B", TermId::act_unsplit_bytes)
                .mul("1-1/tp", 1.0 - 1.0 / st.tp);
        }
    };
    {
        C c(log, TermId::activations, "GiB", to_gib);
        if (full && md.checkpoints_offloaded) {
            c.first("s", md.seq_len); // one layer's, the inputs on the host
            if (st.cp > 1) c.div("cp", st.cp);
            sequences(c);
        } else {
            stored(c, true, offload ? "L_card" : "L_stage", keep);
            if (full) { // one layer's full activations, recomputed
                c.add("s", md.seq_len);
                if (st.cp > 1) c.div("cp", st.cp);
                sequences(c);
            }
        }
        if (full) { // the one layer's group, closed here

            c.mul("A", A, "B", TermId::act_bytes_per_token_layer);
            if (st.tp > 1) c.div("tp", st.tp);
            if (unsplit) {
                c.add("s", md.seq_len);
                if (st.cp > 1) c.div("cp", st.cp);
                sequences(c);
                c.mul("R", md.act_unsplit_bytes_per_token_layer, "B", TermId::act_unsplit_bytes)
                    .mul("1-1/tp", 1.0 - 1.0 / st.tp);
            }
        }
        *acts_gib = c.done();
    }
    *host_gib = 0;
    if (offload && moved > 0) {
        C c(log, TermId::act_offload_host, "GiB", to_gib);
        stored(c, true, "L_host", moved);
        *host_gib = c.done(Place::host);
    }
    // The vision tower's activations: the images of one micro-batch, P patches each. Trained: every
    // block keeps A_v per patch (full recomputation: its input, plus one block's); frozen: one block's
    // in flight during the forward, nothing kept.
    if (md.images_per_sequence > 0 && vision_gib) {
        C c(log, TermId::vision_activations, "GiB", to_gib);
        if (md.vision_trained && s.checkpointing == Checkpointing::full)
            c.first("L_v", md.vision_depth)
                .mul("A_in", md.vision_input_bytes_per_patch_layer, "B")
                .add("A_v", md.vision_act_bytes_per_patch_layer, "B");
        else if (md.vision_trained)
            c.first("L_v", md.vision_depth).mul("A_v", md.vision_act_bytes_per_patch_layer, "B");
        else
            c.first("one block", md.vision_act_bytes_per_patch_layer, "B");
        c.mul("P", md.vision_patches, "patches", TermId::vision_patches)
            .mul("images/seq", md.images_per_sequence, "images", TermId::images_per_sequence)
            .mul("b", md.micro_batch);
        if (md.seqs_per_sample > 1) c.mul("chosen+rejected", md.seqs_per_sample);
        *vision_gib = c.done();
    }
    // Conservative: the first stage's activations plus the logits (which live on the last).
    {
        C c(log, TermId::logits, "GiB", to_gib);
        c.first("s", md.seq_len);
        if (st.cp > 1) c.div("cp", st.cp);
        c.mul("b", md.micro_batch).mul("V", md.vocab).mul("B_logits", md.logits_bytes_per_vocab, "B");
        if (st.tp > 1) c.div("tp", st.tp);
        if (md.seqs_per_sample > 1) c.mul("chosen+rejected", md.seqs_per_sample);
        *logits_gib = c.done();
    }
}

double activation_offload_gib(const Scenario& s, const ModelDerived& md, const Strategy& st) {
    double acts = 0, logits = 0, host = 0;
    activation_terms<FastCalc>(s, md, st, &acts, &logits, &host, nullptr);
    return host;
}

// The driver and CUDA keep part of the nominal memory: 3%, at least 0.5 GiB.
template <class C> static double usable_impl(const GpuSpec& g, Terms* log) {
    C r(log, TermId::memory_reserve, "GiB");
    if (kDriverReserveFraction * g.memory_gib >= kDriverReserveMinGib)
        r.first("", kDriverReserveFraction).mul("capacity", g.memory_gib, "GiB");
    else
        r.first("minimum", kDriverReserveMinGib, "GiB");
    const double reserve_gib = r.done();
    return std::max(0.0, C(log, TermId::memory_usable, "GiB")
                             .first("capacity", g.memory_gib, "GiB")
                             .sub("reserve", reserve_gib, "GiB", TermId::memory_reserve)
                             .done());
}

// GRPO/PPO colocated: the engine sleeps while the policy trains (vLLM sleep mode: TRL's
// vllm_enable_sleep_mode, verl's free_cache_engine), so the card holds the larger of the two
// phases beside the states, not their sum; with engine_memory_fraction > 0 the engine keeps
// vLLM's gpu_memory_utilization slice of the card through training (TRL's colocate default).
struct Phase {
    double gib = 0;           // what the rollout phase adds to the card (GiB), or 0
    TermId id = TermId::none; // generation_phase (replaces training's), engine_slice (beside it), none
    Rollouts r;               // the rollout's terms (zero without RL)
};
template <class C>
static Phase rollout_phase(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                           double acts, double logits, Terms* log) {
    Phase p;
    if (!md.rl) return p;
    p.r = rollout_terms<C>(s, md, st, log);
    if (s.rollout == Rollout::separate) return p;
    const double train_phase = C(log, TermId::training_phase, "GiB")
                                   .first("activations", acts, "GiB", TermId::activations)
                                   .add("logits", logits, "GiB", TermId::logits)
                                   .done();
    if (s.engine_memory_fraction > 0 && s.rollout == Rollout::colocated) { // an engine's slice only
        p.gib = C(log, TermId::engine_slice, "GiB")
                    .first("fraction", s.engine_memory_fraction)
                    .mul("capacity", g.memory_gib, "GiB")
                    .done();
        p.id = TermId::engine_slice;
    } else if (p.r.phase > train_phase) {
        p.gib = p.r.phase; // the larger phase replaces training's
        p.id = TermId::generation_phase;
    }
    return p;
}

// Everything on the card before the framework's overhead: the states held, then activations and
// logits, or the rollout phase where it is larger, and the engine's slice where it stays.
template <class C>
static double subtotal_terms(const ModelDerived& md, const Strategy& st, const States& held, double acts,
                             double logits, double vision_acts, const Phase& ph, Terms* log) {
    const bool params_off = st.offload == Offload::optimizer_params;
    const bool opt_off = st.offload != Offload::none;
    C c(log, TermId::memory_subtotal, "GiB");
    c.first("weights", held.weights, "GiB", params_off ? TermId::weights_in_flight : TermId::weights);
    if (held.gathered > 0) c.add("gathered", held.gathered, "GiB", TermId::weights_gathered);
    if (md.grads_bytes > 0) c.add("gradients", held.grads, "GiB", TermId::gradients);
    if (md.optimizer_bytes > 0 && !opt_off) c.add("optimizer", held.opt, "GiB", TermId::optimizer);
    if (md.adapter_params > 0) c.add("adapters", held.adapters, "GiB", TermId::adapters);
    if (held.reference > 0) c.add("reference", held.reference, "GiB", TermId::reference_weights);
    if (held.reward > 0) c.add("reward", held.reward, "GiB", TermId::reward_weights);
    if (held.critic > 0) c.add("critic", held.critic, "GiB", TermId::critic_states);
    if (held.vision > 0) c.add("vision", held.vision, "GiB", TermId::vision_weights);
    if (held.vision_states > 0) c.add("vision states", held.vision_states, "GiB", TermId::vision_states);
    if (vision_acts > 0) c.add("vision activations", vision_acts, "GiB", TermId::vision_activations);
    if (ph.id == TermId::generation_phase) // max(generation, training): generation is larger
        c.add("generation", ph.gib, "GiB", TermId::generation_phase);
    else
        c.add("activations", acts, "GiB", TermId::activations).add("logits", logits, "GiB", TermId::logits);
    if (ph.id == TermId::engine_slice) c.add("engine", ph.gib, "GiB", TermId::engine_slice);
    return c.done();
}

template <class C>
static void memory_impl(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                        MemoryResult& out, Terms* log, const Activations* given = nullptr) {
    assert(st.tp >= 1 && st.pp >= 1 && st.cards >= 1 &&
           "memory_for: tp, pp and cards must be >= 1: validate() the scenario first");
    const States held = state_terms<C>(md, st, log);
    const double weights = held.weights, grads = held.grads, opt = held.opt, adapters = held.adapters;
    const double weights_host = held.weights_host, opt_host = held.opt_host;
    double acts = 0, logits = 0, acts_host = 0, vision_acts = 0;
    if (given) { // FastCalc only: the record needs the terms computed here
        acts = given->acts_gib, logits = given->logits_gib, acts_host = given->host_gib;
        vision_acts = given->vision_gib;
    } else {
        activation_terms<C>(s, md, st, &acts, &logits, &acts_host, log, &vision_acts);
    }

    const Phase ph = rollout_phase<C>(s, md, g, st, acts, logits, log);
    const double rest = subtotal_terms<C>(md, st, held, acts, logits, vision_acts, ph, log);
    // CUDA context and workspaces ~1 GiB, plus an allocator fragmentation margin.
    const double overhead = C(log, TermId::memory_overhead, "GiB")
                                .first("context", kContextBytes / kGiB, "GiB")
                                .add("", kFragmentation)
                                .mul("subtotal", rest, "GiB", TermId::memory_subtotal)
                                .done();
    out.weights_gib = weights;
    out.gathered_gib = held.gathered;
    out.gradients_gib = grads;
    out.optimizer_gib = opt;
    out.adapters_gib = adapters;
    out.activations_gib = acts;
    out.logits_gib = logits;
    out.activations_host_gib = acts_host;
    out.expert_weights_gib = held.experts;
    out.overhead_gib = overhead;
    out.reference_gib = held.reference;
    out.reward_gib = held.reward;
    out.critic_gib = held.critic;
    out.vision_gib = held.vision + held.vision_states + vision_acts;
    out.kv_cache_gib = ph.r.kv;
    out.generation_gib = ph.r.phase;
    out.engine_slice_gib = ph.id == TermId::engine_slice ? ph.gib : 0;
    out.generation_peak = ph.id == TermId::generation_phase;
    out.per_gpu_gib = C(log, TermId::memory_per_gpu, "GiB")
                          .first("subtotal", rest, "GiB", TermId::memory_subtotal)
                          .add("framework", overhead, "GiB", TermId::memory_overhead)
                          .done();
    out.cpu_ram_gib = 0;
    if (weights_host > 0 || opt_host > 0) {
        // What offload moved off the card lives in host RAM, per card.
        C c(log, TermId::host_ram, "GiB");
        if (weights_host > 0) c.add("weights", weights_host, "GiB", TermId::weights);
        if (opt_host > 0) c.add("optimizer", opt_host, "GiB", TermId::optimizer);
        out.cpu_ram_gib = c.done();
    }
    out.capacity_gib = g.memory_gib;
    out.usable_gib = usable_impl<C>(g, log);
    out.headroom_gib = C(log, TermId::memory_headroom, "GiB")
                           .first("usable", out.usable_gib, "GiB", TermId::memory_usable)
                           .sub("per card", out.per_gpu_gib, "GiB", TermId::memory_per_gpu)
                           .done();
    out.fits = out.per_gpu_gib <= out.usable_gib;
}

double usable_gib(const GpuSpec& g) {
    return usable_impl<FastCalc>(g, nullptr);
}

void memory_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                MemoryResult& out, Terms* log) {
    if (log)
        memory_impl<Calc>(s, md, g, st, out, log);
    else
        memory_impl<FastCalc>(s, md, g, st, out, nullptr);
}

Activations activations_for(const Scenario& s, const ModelDerived& md, const Strategy& st) {
    Activations a;
    activation_terms<FastCalc>(s, md, st, &a.acts_gib, &a.logits_gib, &a.host_gib, nullptr, &a.vision_gib);
    return a;
}

void memory_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                const Activations& acts, MemoryResult& out) {
    memory_impl<FastCalc>(s, md, g, st, out, nullptr, &acts);
}

} // namespace detail
//-----------------------------------------------------------------------------
// [SECTION] The parts of the total, for the memory bar
//-----------------------------------------------------------------------------

// Mirrors subtotal_terms() and the overhead above it: a part added there is a part here.
MemoryShares memory_parts(const MemoryResult& m) {
    MemoryShares out;
    const auto put = [&](MemoryPart p, double gib) {
        if (gib > 0) out.items[out.count++] = MemoryShare{p, gib};
    };
    put(MemoryPart::weights, m.weights_gib);
    put(MemoryPart::gathered, m.gathered_gib);
    put(MemoryPart::gradients, m.gradients_gib);
    put(MemoryPart::optimizer, m.optimizer_gib);
    put(MemoryPart::adapters, m.adapters_gib);
    put(MemoryPart::reference, m.reference_gib);
    put(MemoryPart::reward, m.reward_gib);
    put(MemoryPart::critic, m.critic_gib);
    put(MemoryPart::vision, m.vision_gib);
    if (m.generation_peak) {
        put(MemoryPart::generation, m.generation_gib);
    } else {
        put(MemoryPart::activations, m.activations_gib);
        put(MemoryPart::logits, m.logits_gib);
    }
    put(MemoryPart::engine, m.engine_slice_gib);
    put(MemoryPart::overhead, m.overhead_gib);
    return out;
}

} // namespace traincalc

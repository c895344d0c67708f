// traincalc — core/estimate.cpp
// The estimator: compute, memory, time, cards, cost, rent-versus-buy, warnings.
// Formulas and sources are in DESIGN.md; named constants live in model_math.h with their source.
// Every shown result is computed through a Calc (core/terms.h), which records its operands as it
// computes: explain() formats those records and nothing else. Input checks are validate()'s only.
//
// Index of this file:
// [SECTION] Model-derived quantities: parameters, adapters, FLOPs per token, activation bytes
// [SECTION] Memory per GPU
// [SECTION] Scaling curve, peak rate, compute time
// [SECTION] Wall clock
// [SECTION] Prices and cost
// [SECTION] Card searches (memory, deadline)
// [SECTION] estimate()
// [SECTION] JSON output
#include "estimate.h"
#include "explain.h"
#include "model_math.h"
#include "strategy.h"
#include <nlohmann/json.hpp>
#include <algorithm>
#include <cassert>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Model-derived quantities
//-----------------------------------------------------------------------------

// Bytes per parameter for the scenario's precision. Mixed precision keeps an fp32 master copy in
// the optimizer states (ZeRO paper: 2 + 2 + 12 = 16 B/param with AdamW); pure fp32 needs none.
static double weight_bytes_per_param(Precision p) {
    switch (p) {
    case Precision::fp32: return 4;
    case Precision::fp8: return 2;   // FP8 training keeps the 16-bit weights (+ FP8 copies, derive_bytes)
    default: return 2;
    }
}
static double grad_bytes_per_param(Precision p) { return p == Precision::fp32 ? 4 : 2; }
static double optimizer_bytes_per_param(Optimizer o, Precision p, bool master_weights) {
    bool master = p != Precision::fp32 && master_weights; // fp32 training needs no separate fp32 master copy
    if (!master_weights && p != Precision::fp32) {       // pure 16-bit: the states in 16-bit, no master
        switch (o) {
        case Optimizer::adamw_8bit: return 2;             // two 8-bit moments
        case Optimizer::sgd: return 2;                    // 16-bit momentum
        default: return 4;                                // 16-bit m + v
        }
    }
    switch (o) {
    case Optimizer::adamw_8bit: return (master ? 4 : 0) + 2;  // master + two 8-bit moments = 6
    case Optimizer::sgd: return (master ? 4 : 0) + 4;         // master + momentum = 8
    default: return (master ? 4 : 0) + 8;                     // master + m + v = 12
    }
}

// The architecture's widths, with the defaults for what a model leaves out.
struct Arch {
    double N = 0, N_act = 0;          // parameters, active per token
    double L = 1, h = 1, a = 1, kv = 1; // layers, hidden, heads, key/value heads
    double q_width = 1, kv_width = 1; // a·head_dim (= h unless head_dim is set, Gemma-2); kv·head_dim (GQA)
    double f = 0, ffn_mats = 3;       // feed-forward width; 3 matrices gated (SwiGLU), else 2
    double experts = 1, experts_active = 1;
    double V = 0;
};

static Arch arch_of(const ModelSpec& m) {
    Arch A;
    A.N = m.params;
    A.N_act = m.active_params > 0 ? std::min(m.active_params, A.N) : A.N;
    A.L = std::max(m.layers, 1);
    A.h = std::max(m.hidden, 1);
    A.a = std::max(m.heads, 1);
    A.kv = m.kv_heads > 0 ? m.kv_heads : A.a;
    const double head_dim = m.head_dim > 0 ? m.head_dim : A.h / A.a;
    A.q_width = A.a * head_dim;
    A.kv_width = A.kv * head_dim;
    // Feed-forward width when unknown: LLaMA's 8h/3 for gated FFNs, GPT's 4h otherwise.
    A.f = m.ffn > 0 ? m.ffn : (m.gated_ffn ? std::round(8.0 * A.h / 3.0) : 4.0 * A.h);
    A.ffn_mats = m.gated_ffn ? 3 : 2;
    A.experts = m.experts > 0 ? m.experts : 1;
    A.experts_active = m.experts > 0 ? std::max(m.experts_per_token, 1) : 1;
    A.V = std::max(m.vocab, 0);
    return A;
}

// Data: D = tokens per epoch × epochs, and the bytes to upload.
static void derive_data(const Scenario& s, ModelDerived& o, Terms* log) {
    Calc c(log, TermId::tokens_per_epoch, "tokens");
    switch (s.data_input) {
    case DataInput::tokens: c.first("tokens", s.tokens); break;
    case DataInput::samples: c.first("samples", s.samples).mul("tokens/sample", s.avg_tokens); break;
    case DataInput::dataset_size:
        c.first("MB", s.dataset_mb).mul("", kMega, "B/MB").div("chars/token", s.chars_per_token)
            .div("B/char", s.bytes_per_char);
        break;
    }
    o.tokens_per_epoch = c.done();
    o.tokens = Calc(log, TermId::tokens, "tokens")
                   .first("D_epoch", o.tokens_per_epoch, "tokens", TermId::tokens_per_epoch)
                   .mul("epochs", s.epochs)
                   .done();
    o.dataset_bytes = s.data_input == DataInput::dataset_size
                          ? s.dataset_mb * kMega
                          : o.tokens_per_epoch * s.chars_per_token * s.bytes_per_char;
}

// Linear-layer parameters (what QLoRA quantises) and LoRA adapters: r·(d_in + d_out) per adapted
// matrix per layer.
static void derive_params(const Scenario& s, const ModelSpec& m, const Arch& A, ModelDerived& o, Terms* log) {
    // q,o are h×q_width; k,v are h×kv_width; the FFN per expert (+ the router).
    double attn_linear = 2 * A.h * A.q_width + 2 * A.h * A.kv_width;
    double ffn_linear = A.ffn_mats * A.h * A.f * A.experts + (m.experts > 0 ? A.h * A.experts : 0);
    o.linear_params = clampd(A.L * (attn_linear + ffn_linear), 0, A.N);
    o.other_params = A.N - o.linear_params;
    if (s.method != Method::full) {
        Calc w(log, TermId::adapter_width_per_layer, "");
        w.first("h", A.h).add("q", A.q_width).add("h", A.h).add("kv", A.kv_width);          // q, v
        if (s.lora_targets == LoraTargets::all) {
            w.add("h", A.h).add("kv", A.kv_width).add("q", A.q_width).add("h", A.h);        // k, o
            w.add("mats", A.ffn_mats).mul("h", A.h).mul("E", A.experts);                     // gate, up, down
            w.add("mats", A.ffn_mats).mul("f", A.f).mul("E", A.experts);
        }
        double width = w.done();
        o.adapter_params = Calc(log, TermId::adapter_params, "params")
                               .first("r", s.lora_rank)
                               .mul("L", A.L)
                               .mul("w", width, "", TermId::adapter_width_per_layer)
                               .done();
    }
    o.trainable_params = s.method == Method::full ? A.N : o.adapter_params;
}

// Bytes of weights, gradients, optimizer states and adapters for the whole model.
static void derive_bytes(const Scenario& s, const Arch& A, ModelDerived& o, Terms* log) {
    o.weight_bytes_per_param = weight_bytes_per_param(s.precision);
    o.grad_bytes_per_param = grad_bytes_per_param(s.precision);
    o.optimizer_bytes_per_param = optimizer_bytes_per_param(s.optimizer, s.precision, s.master_weights);
    o.quantised = s.method == Method::qlora;
    {
        Calc c(log, TermId::weights_model, "GiB", 1.0 / kGiB);
        if (o.quantised)
            c.first("N_lin", o.linear_params).mul("B_nf4", kNf4BytesPerParam, "B")
                .add("N_other", o.other_params).mul("B_w", kBase16BytesPerParam, "B");
        else
            c.first("N", A.N).mul("B_w", o.weight_bytes_per_param, "B");
        if (!o.quantised && s.precision == Precision::fp8)   // the linear layers' FP8 copies
            c.add("N_lin", o.linear_params).mul("B_fp8", kFp8CopyBytesPerParam, "B");
        o.weights_bytes = c.done() * kGiB;
    }
    if (s.method == Method::full) {
        o.grads_bytes = A.N * o.grad_bytes_per_param;
        o.optimizer_bytes = A.N * o.optimizer_bytes_per_param;
        o.checkpoint_bytes = A.N * kBase16BytesPerParam + o.optimizer_bytes;
    } else {
        // Adapters carry 16-bit weights and gradients plus the optimizer states.
        o.adapter_bytes_per_param = Calc(log, TermId::adapter_bytes_per_param, "B")
                                        .first("B_w", o.weight_bytes_per_param, "B")
                                        .add("B_g", o.grad_bytes_per_param, "B")
                                        .add("B_o", o.optimizer_bytes_per_param, "B")
                                        .done();
        o.adapter_bytes = o.adapter_params * o.adapter_bytes_per_param;
        o.checkpoint_bytes = o.adapter_params * (kBase16BytesPerParam + o.optimizer_bytes_per_param);
    }
    o.download_bytes = A.N * kBase16BytesPerParam;               // the 16-bit base checkpoint
    o.layer_weights_bytes = o.weights_bytes / A.L;
}

// Logits bytes per token per vocabulary entry: the scenario's loss, else its stack's.
static double logits_bytes_per_vocab(const Scenario& s) {
    LossImpl loss = s.loss;
    if (loss == LossImpl::stack)
        loss = s.stack == Stack::unsloth ? LossImpl::chunked : LossImpl::fp32_upcast; // Unsloth ships Cut Cross-Entropy
    if (loss == LossImpl::chunked) return kLogitsBytesChunked;
    return s.stack == Stack::torchtitan && s.loss == LossImpl::stack ? kLogitsBytesTorchtitan : kLogitsBytesFp32Upcast;
}

// Activations per token per layer, bytes (Korthikanti et al. 2022, generalised; no dropout
// masks since current LLMs train without dropout): two norm inputs 4h; attention: QKV input
// 2h, Q 2h, K and V 2·kv_width each, output-projection input 2h; FFN: input 2h plus, per
// active expert, gated 8f (gate, up, act(gate), product) or 4f (GeLU in and out).
static void derive_activations(const Scenario& s, const ModelSpec& m, const Arch& A, ModelDerived& o, Terms* log) {
    o.act_linear_bytes_per_token_layer = Calc(log, TermId::act_linear_bytes, "B")
                                             .first("", 4, "B").mul("h", A.h)
                                             .add("", 2, "B").mul("h", A.h)
                                             .add("", 4, "B").mul("q", A.q_width)
                                             .add("", 4, "B").mul("kv", A.kv_width)
                                             .add("", 2, "B").mul("h", A.h)
                                             .add("", m.gated_ffn ? 8.0 : 4.0, "B").mul("f", A.f).mul("E_act", A.experts_active)
                                             .done();
    // The s² attention scores (softmax output, dropout mask and output: 5·a·s bytes per token);
    // flash attention and selective recomputation never store them.
    const bool scores_stored = !s.flash_attention && s.checkpointing != Checkpointing::selective;
    o.act_scores_bytes_per_token_layer = scores_stored ? 5.0 * A.a * s.seq_len : 0.0;
    // torchtitan's op-level selective checkpointing also recomputes every other matmul output.
    const bool op_selective = s.stack == Stack::torchtitan && s.checkpointing == Checkpointing::selective;
    {
        Calc c(log, TermId::act_bytes_per_token_layer, "B");
        c.first("A_lin", o.act_linear_bytes_per_token_layer, "B", TermId::act_linear_bytes);
        if (op_selective) c.mul("op keep", kSelectiveOpKeep);
        if (scores_stored) c.add("", 5, "B").mul("a", A.a).mul("s", s.seq_len);
        o.act_bytes_per_token_layer = c.done();
    }
    o.act_input_bytes_per_token_layer = 2 * A.h;
    // Unsloth's gradient checkpointing moves the layer inputs to host RAM asynchronously
    // (https://github.com/unslothai/unsloth README: "offloads intermediate activations to system RAM").
    o.checkpoints_offloaded = s.stack == Stack::unsloth && s.checkpointing == Checkpointing::full;
    o.logits_bytes_per_vocab = logits_bytes_per_vocab(s);
}

// FLOPs per token. Attention scores: 12·L·h·s = 6·(2·L·h·s), forward share 4·L·h·s.
static void derive_flops(const Scenario& s, const Arch& A, ModelDerived& o, Terms* log) {
    const double seq = s.seq_len;
    o.flops_model_per_token = Calc(log, TermId::flops_model_per_token, "FLOPs")
                                  .first("", 6).mul("N_act", A.N_act)
                                  .add("", 12).mul("L", A.L).mul("h", A.h).mul("s", seq)
                                  .done();
    {
        Calc c(log, TermId::flops_attention_per_token, "FLOPs");
        c.first("", 12).mul("L", A.L).mul("h", A.h).mul("s", seq);
        // Recomputation (full or selective) repeats the attention core's forward: 4·L·h·s.
        if (s.checkpointing != Checkpointing::none) c.add("", 4).mul("L", A.L).mul("h", A.h).mul("s", seq);
        o.flops_attention_per_token = c.done();
    }
    // Full training 6·N_act; LoRA skips frozen weight gradients: 4·N_act + 6·N_adapter;
    // full recomputation adds one forward pass, 2·N_act.
    Calc c(log, TermId::flops_executed_per_token, "FLOPs");
    if (s.method == Method::full) c.first("", 6).mul("N_act", A.N_act);
    else c.first("", 4).mul("N_act", A.N_act).add("", 6).mul("N_a", o.adapter_params, "", TermId::adapter_params);
    if (s.checkpointing == Checkpointing::full) c.add("", 2).mul("N_act", A.N_act);
    c.add("attn", o.flops_attention_per_token, "FLOPs", TermId::flops_attention_per_token);
    o.flops_executed_per_token = c.done();
}

void derive_model(const Scenario& s, const ModelSpec& m, ModelDerived& o, Terms* log) {
    o = ModelDerived{};
    const Arch A = arch_of(m);
    o.layers = m.layers < 1 ? 1 : m.layers;
    o.hidden = m.hidden < 1 ? 1 : m.hidden;
    o.heads = m.heads < 1 ? 1 : m.heads;
    o.kv_heads = m.kv_heads > 0 ? m.kv_heads : o.heads;
    o.vocab = m.vocab < 0 ? 0 : m.vocab;
    o.seq_len = s.seq_len;
    o.micro_batch = s.micro_batch;
    o.params = A.N;
    o.active_params = A.N_act;
    // In this order, which is also the order explain() shows the terms in.
    derive_data(s, o, log);
    derive_params(s, m, A, o, log);
    derive_bytes(s, A, o, log);
    derive_activations(s, m, A, o, log);
    derive_flops(s, A, o, log);
}

//-----------------------------------------------------------------------------
// [SECTION] Memory per GPU
//-----------------------------------------------------------------------------


// Divides a per-model term across the cards: ÷ tp ÷ pp always, ÷ d when the ZeRO stage shards it.
// Factors of 1 are left out: they change nothing and would only lengthen the shown work.
template <class C> static void shard(C& c, const Strategy& st, bool by_dp) {
    if (st.tp > 1) c.div("tp", st.tp);
    if (st.pp > 1) c.div("pp", st.pp);
    if (by_dp && st.dp() > 1) c.div("d", st.dp());
}

// What each card holds of the model's states (GiB), and what offload moved to the host.
struct States {
    double weights = 0, grads = 0, opt = 0, adapters = 0; // on the card
    double gathered = 0;                                  // ZeRO-3: layers gathered in flight
    double weights_host = 0, opt_host = 0;                // moved to host RAM
};

template <class C>
static States state_terms(const ModelDerived& md, const Strategy& st, Terms* log) {
    const double to_gib = 1.0 / kGiB;
    const bool params_off = st.offload == Offload::optimizer_params;
    const bool opt_off = st.offload != Offload::none;
    const double W_gib = md.weights_bytes / kGiB;
    States out;
    // Weights: the card's shard, or with parameter offload that shard on the host and two
    // layers in flight on the card (this one and the prefetched next).
    double& weights = out.weights;
    {
        C c(log, TermId::weights, "GiB");
        c.first("W", W_gib, "GiB", TermId::weights_model);
        shard(c, st, st.zero >= 3);
        weights = c.done(params_off ? Place::host : Place::gpu);
    }
    if (params_off) {
        out.weights_host = weights;
        weights = C(log, TermId::weights_in_flight, "GiB")
                      .first("in flight", kLayersInFlight)
                      .mul("W", W_gib, "GiB", TermId::weights_model)
                      .div("L", md.layers)
                      .div("tp", st.tp)
                      .done();
    }
    // ZeRO-3/FSDP all-gathers each layer before use and prefetches the next: two whole layers
    // (÷ tp) on the card beside the shard. Parameter offload already counts them above. Counted at
    // any d (one rank still gathers into its buffers), so memory stays affine in 1/d for the search.
    if (st.zero >= 3 && !params_off) {
        out.gathered = C(log, TermId::weights_gathered, "GiB")
                           .first("in flight", kLayersInFlight)
                           .mul("W", W_gib, "GiB", TermId::weights_model)
                           .div("L", md.layers)
                           .div("tp", st.tp)
                           .done();
    }
    if (md.grads_bytes > 0) {
        C c(log, TermId::gradients, "GiB", to_gib);
        c.first("N", md.params).mul("B_g", md.grad_bytes_per_param, "B");
        shard(c, st, st.zero >= 2);
        out.grads = c.done();
    }
    if (md.optimizer_bytes > 0) {
        C c(log, TermId::optimizer, "GiB", to_gib);
        c.first("N", md.params).mul("B_o", md.optimizer_bytes_per_param, "B");
        shard(c, st, st.zero >= 1);
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

    return out;
}

// Activations and logits per card (GiB).
template <class C>
static void activation_terms(const Scenario& s, const ModelDerived& md, const Strategy& st, double* acts_gib,
                             double* logits_gib, Terms* log) {
    const double to_gib = 1.0 / kGiB;
    // Activations: the first pipeline stage holds up to p micro-batches of its L/p layers;
    // sequence parallelism divides everything by t when tp > 1. Full recomputation keeps each
    // layer's input (2·h bytes per token) plus one layer's full activations.
    const double layers_stage = std::ceil(double(md.layers) / st.pp);
    const double in_flight = st.pp > 1 ? std::min<double>(st.pp, std::max(s.grad_accum, 1)) : 1.0;
    const double A = md.act_bytes_per_token_layer;
    {
        C c(log, TermId::activations, "GiB", to_gib);
        if (s.checkpointing == Checkpointing::full && md.checkpoints_offloaded) {
            c.first("s", md.seq_len).mul("b", md.micro_batch);   // one layer's, the inputs on the host
        } else {
            c.first("L_stage", layers_stage);
            if (in_flight > 1) c.mul("m_flight", in_flight);
            c.mul("s", md.seq_len).mul("b", md.micro_batch);
            if (s.checkpointing == Checkpointing::full) {
                c.mul("A_in", md.act_input_bytes_per_token_layer, "B");
                if (st.tp > 1) c.div("tp", st.tp);
                c.add("s", md.seq_len).mul("b", md.micro_batch);
            }
        }
        c.mul("A", A, "B", TermId::act_bytes_per_token_layer);
        if (st.tp > 1) c.div("tp", st.tp);
        *acts_gib = c.done();
    }
    // Conservative: the first stage's activations plus the logits (which live on the last).
    {
        C c(log, TermId::logits, "GiB", to_gib);
        c.first("s", md.seq_len).mul("b", md.micro_batch).mul("V", md.vocab).mul("B_logits", md.logits_bytes_per_vocab, "B");
        if (st.tp > 1) c.div("tp", st.tp);
        *logits_gib = c.done();
    }

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

template <class C>
static void memory_impl(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                        MemoryResult& out, Terms* log) {
    assert(st.tp >= 1 && st.pp >= 1 && st.cards >= 1 && "memory_for: tp, pp and cards must be >= 1: validate() the scenario first");
    const bool params_off = st.offload == Offload::optimizer_params;
    const bool opt_off = st.offload != Offload::none;
    const States held = state_terms<C>(md, st, log);
    const double weights = held.weights, grads = held.grads, opt = held.opt, adapters = held.adapters;
    const double weights_host = held.weights_host, opt_host = held.opt_host;
    double acts = 0, logits = 0;
    activation_terms<C>(s, md, st, &acts, &logits, log);

    double rest;
    {
        C c(log, TermId::memory_subtotal, "GiB");
        c.first("weights", weights, "GiB", params_off ? TermId::weights_in_flight : TermId::weights);
        if (held.gathered > 0) c.add("gathered", held.gathered, "GiB", TermId::weights_gathered);
        if (md.grads_bytes > 0) c.add("gradients", grads, "GiB", TermId::gradients);
        if (md.optimizer_bytes > 0 && !opt_off) c.add("optimizer", opt, "GiB", TermId::optimizer);
        if (md.adapter_params > 0) c.add("adapters", adapters, "GiB", TermId::adapters);
        c.add("activations", acts, "GiB", TermId::activations).add("logits", logits, "GiB", TermId::logits);
        rest = c.done();
    }
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
    out.overhead_gib = overhead;
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

double usable_gib(const GpuSpec& g) { return usable_impl<FastCalc>(g, nullptr); }

void memory_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                MemoryResult& out, Terms* log) {
    if (log) memory_impl<Calc>(s, md, g, st, out, log);
    else memory_impl<FastCalc>(s, md, g, st, out, nullptr);
}


//-----------------------------------------------------------------------------
// [SECTION] Scaling curve, peak rate, compute time
//-----------------------------------------------------------------------------

// Default data-parallel scaling efficiency. Articles quote 80–85% at 8 cards and ~70% at 32+
// on commodity set-ups; NVLink/NVSwitch nodes with InfiniBand do better. Points (cards, eff):
//   NVLink: 1→1.00, 2→0.95, 8→0.95, 16→0.90, 32→0.85, 64→0.85, 128+→0.80
//   PCIe:   1→1.00, 2→0.90, 4→0.85, 8→0.80, 16+→0.70
// Interpolated linearly in log2(cards) so that cards × efficiency (the useful throughput)
// never decreases as cards are added: more cards never lengthen compute time.
double default_scaling(int cards, bool nvlink) {
    struct Pt { double log2_cards, eff; };
    static const Pt nv[] = {{0, 1.0}, {1, 0.95}, {3, 0.95}, {4, 0.90}, {5, 0.85}, {6, 0.85}, {7, 0.80}};
    static const Pt pcie[] = {{0, 1.0}, {1, 0.90}, {2, 0.85}, {3, 0.80}, {4, 0.70}};
    const Pt* pts = nvlink ? nv : pcie;
    int n = nvlink ? int(sizeof nv / sizeof nv[0]) : int(sizeof pcie / sizeof pcie[0]);
    if (cards <= 1) return 1.0;
    double x = std::log2(double(cards));
    if (x >= pts[n - 1].log2_cards) return pts[n - 1].eff;
    for (int i = 1; i < n; i++) {
        if (x <= pts[i].log2_cards) {
            double t = (x - pts[i - 1].log2_cards) / (pts[i].log2_cards - pts[i - 1].log2_cards);
            return pts[i - 1].eff + t * (pts[i].eff - pts[i - 1].eff);
        }
    }
    return pts[n - 1].eff;
}

// The tuned pretraining stacks have published utilizations; the fine-tuning stacks (hf, unsloth,
// deepspeed) keep the card's default: no published figure here calibrates them yet.
double default_utilization(const Scenario& s, const GpuSpec& g) {
    if (s.stack == Stack::torchtitan) return kTorchtitanUtilization;
    if (s.stack == Stack::megatron) return kMegatronUtilization;
    return g.utilization_default > 0 && g.utilization_default <= 1 ? g.utilization_default : kDefaultUtilization;
}

// FP8 training on a card that has it: the 16-bit rate × the measured end-to-end speed-up; fp32 runs at TF32 (half the dense
// 16-bit rate on Ampere and later) or at plain FP32 (~1/8) on cards without TF32 (CC < 8.0).
double peak_tflops(const GpuSpec& g, Precision p, Terms* log) {
    Calc c(log, TermId::peak_tflops, "TFLOPS");
    if (p == Precision::fp8 && g.tflops_fp8 > 0 && !(g.compute_capability > 0 && g.compute_capability < kFp8MinCc))
        c.first("peak_16", g.tflops_16bit, "TFLOPS")          // only the linear layers run at the FP8 rate
            .mul("fp8 speed-up", std::min(kFp8EndToEndSpeedup, g.tflops_fp8 / g.tflops_16bit));
    else if (p == Precision::fp32)
        c.first("peak_16", g.tflops_16bit, "TFLOPS")
            .div("fp32", (g.compute_capability > 0 && g.compute_capability < kTf32MinCc) ? kFp32Ratio : kTf32Ratio);
    else
        c.first("peak_16", g.tflops_16bit, "TFLOPS");
    return c.done();
}

// CPU offload (ZeRO-Offload / ZeRO-Infinity) moves states over PCIe every step; the optimizer
// step runs on the CPU.
double offload_slowdown(Offload o) {
    switch (o) {
    case Offload::optimizer: return kOffloadOptimizerSlowdown;
    case Offload::optimizer_params: return kOffloadParamsSlowdown;
    default: return 1.0;
    }
}

template <class C>
static double compute_impl(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                       const Strategy& st, double* scaling_used, double* bubble_used, Terms* log) {
    const double cards = st.cards < 1 ? 1 : st.cards;
    double eff = ti.scaling_override > 0 ? ti.scaling_override : default_scaling(st.cards, ti.nvlink);
    const double m = std::max(s.grad_accum, 1);
    double bubble = 1.0;
    if (st.pp > 1) {                                          // GPipe/1F1B bubble (m+p-1)/m
        const double slots = C(log, TermId::bubble_slots, "")
                                 .first("m", m).add("p", st.pp).sub("", 1).done();
        bubble = C(log, TermId::pipeline_bubble, "")
                     .first("slots", slots, "", TermId::bubble_slots).div("m", m).done();
    }
    if (scaling_used) *scaling_used = eff;
    if (bubble_used) *bubble_used = bubble;
    C c(log, TermId::compute_seconds, "s");
    if (ti.measured_tps > 0) {                                // measured: bubble already inside
        c.first("D", md.tokens, "tokens", TermId::tokens).div("tokens/s", ti.measured_tps)
            .div("cards", cards).div("eff", eff);
        return c.done();
    }
    c.first("F_exec", md.tokens * md.flops_executed_per_token, "FLOPs", TermId::flops_executed)
        .div("cards", cards).div("peak", ti.peak_tflops, "TFLOPS", TermId::peak_tflops)
        .div("", kTflops, "FLOP/s per TFLOPS").div("u", ti.utilization).div("eff", eff);
    if (bubble > 1) c.mul("bubble", bubble, "", TermId::pipeline_bubble);
    if (st.offload != Offload::none) c.mul("offload", offload_slowdown(st.offload));
    return c.done();
}

double compute_seconds(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                       const Strategy& st, double* scaling_used, double* bubble_used, Terms* log) {
    return log ? compute_impl<Calc>(s, md, ti, st, scaling_used, bubble_used, log)
               : compute_impl<FastCalc>(s, md, ti, st, scaling_used, bubble_used, nullptr);
}


//-----------------------------------------------------------------------------
// [SECTION] Wall clock
//-----------------------------------------------------------------------------

// Low: proportional overhead and fixed hours halved; high: both doubled.
template <class C>
static void wall_impl(const Scenario& s, const ModelDerived& md, double compute_hours, TimeResult& t, Terms* log) {
    t.compute_hours = compute_hours;
    t.overhead_hours = C(log, TermId::overhead_hours, "h")
                           .first("compute", compute_hours, "h", TermId::compute_hours)
                           .mul("overhead", s.overhead_fraction).done();
    t.fixed_hours = s.fixed_hours;
    {
        C c(log, TermId::upload_hours, "h");
        if (s.upload_gb > 0) c.first("upload size", s.upload_gb, "GB").mul("", kBytesPerGB, "B/GB");
        else c.first("dataset", md.dataset_bytes, "B");
        t.upload_hours = c.mul("", kBitsPerByte, "bit/B").div("upload bw", s.upload_mbps, "Mbit/s").div("", kMega, "bit/Mbit")
                             .div("", kSecondsPerHour, "s/h").done();
    }
    t.download_hours = C(log, TermId::download_hours, "h")
                           .first("N", md.params).mul("", kBase16BytesPerParam, "B").mul("", kBitsPerByte, "bit/B")
                           .div("download bw", s.download_mbps, "Mbit/s").div("", kMega, "bit/Mbit").div("", kSecondsPerHour, "s/h")
                           .done();
    t.checkpoint_hours = C(log, TermId::checkpoint_hours, "h")
                             .first("checkpoints", s.checkpoints).mul("size", md.checkpoint_bytes, "B")
                             .div("write", s.disk_write_mb_per_s, "MB/s").div("", kMega, "B/MB").div("", kSecondsPerHour, "s/h")
                             .done();
    // The three sums share their parts; the low and high ends scale overhead and fixed hours.
    struct Variant { TermId id; double k; };
    const Variant variants[3] = {{TermId::wall_hours, 1.0}, {TermId::wall_hours_low, 0.5}, {TermId::wall_hours_high, 2.0}};
    double* outs[3] = {&t.wall_hours, &t.wall_hours_low, &t.wall_hours_high};
    for (int i = 0; i < 3; i++) {
        C c(log, variants[i].id, "h");
        c.first("compute", compute_hours, "h", TermId::compute_hours);
        if (variants[i].k != 1.0) c.add("", variants[i].k).mul("overhead", t.overhead_hours, "h", TermId::overhead_hours);
        else c.add("overhead", t.overhead_hours, "h", TermId::overhead_hours);
        if (variants[i].k != 1.0) c.add("", variants[i].k).mul("fixed", t.fixed_hours, "h");
        else c.add("fixed", t.fixed_hours, "h");
        c.add("upload", t.upload_hours, "h", TermId::upload_hours)
            .add("download", t.download_hours, "h", TermId::download_hours)
            .add("checkpoints", t.checkpoint_hours, "h", TermId::checkpoint_hours);
        *outs[i] = c.done();
    }
    // Pilot-run extrapolation, with a margin for what a small pilot does not show.
    t.pilot_extrapolated_hours = s.pilot_hours > 0 ? C(log, TermId::pilot_hours, "h")
                                                         .first("pilot", s.pilot_hours, "h")
                                                         .div("share", s.pilot_fraction)
                                                         .mul("margin", kPilotMargin)
                                                         .done()
                                                   : 0.0;
}

void wall_clock(const Scenario& s, const ModelDerived& md, double compute_hours, TimeResult& t, Terms* log) {
    if (log) wall_impl<Calc>(s, md, compute_hours, t, log);
    else wall_impl<FastCalc>(s, md, compute_hours, t, nullptr);
}


//-----------------------------------------------------------------------------
// [SECTION] Prices and cost
//-----------------------------------------------------------------------------

static double exchange_rate(const Scenario& s, const Catalog& c) {
    if (s.cny_per_usd > 0) return s.cny_per_usd;
    if (c.cny_per_usd > 0 && std::isfinite(c.cny_per_usd)) return c.cny_per_usd;
    return kDefaultCnyPerUsd;
}

// Catalog prices are in CNY (plus an optional USD hourly); the scenario's own prices (≥ 0) are in
// its currency and apply to the scenario's card only.
Prices prices_for(const Scenario& s, const GpuSpec& g, const Catalog& c, bool scenario_card) {
    const double rate = exchange_rate(s, c);
    Prices p;
    double hourly_cny = g.price_cny_per_hour > 0 ? g.price_cny_per_hour : g.price_usd_per_hour * rate;
    if (s.currency == Currency::usd) {
        p.hourly = g.price_usd_per_hour > 0 ? g.price_usd_per_hour : hourly_cny / rate;
        p.daily = g.price_cny_per_day / rate;
        p.monthly = g.price_cny_per_month / rate;
        p.purchase = g.purchase_cny / rate;
    } else {
        p.hourly = hourly_cny;
        p.daily = g.price_cny_per_day;
        p.monthly = g.price_cny_per_month;
        p.purchase = g.purchase_cny;
    }
    if (scenario_card) {
        if (s.price_hourly >= 0) p.hourly = s.price_hourly;
        if (s.price_daily >= 0) p.daily = s.price_daily;
        if (s.price_monthly >= 0) p.monthly = s.price_monthly;
        if (s.purchase_price >= 0) p.purchase = s.purchase_price;
    }
    p.hourly = std::max(0.0, finite_or(p.hourly));
    p.daily = std::max(0.0, finite_or(p.daily));
    p.monthly = std::max(0.0, finite_or(p.monthly));
    p.purchase = std::max(0.0, finite_or(p.purchase));
    return p;
}

// Cheapest mix of whole months (720 h), days and billed hours covering `wall` hours, per card.
// Cost is linear in each count apart from the tail, so only the candidates 0, floor and
// floor + 1 of each larger unit need trying (9 combinations).
struct Mix { double months = 0, days = 0, hours = 0, cost = -1; };
static Mix cheapest_mix(const Prices& p, double wall, double min_billed) {
    Mix best;
    double months_c[3] = {0, std::floor(wall / kHoursPerMonth), std::floor(wall / kHoursPerMonth) + 1};
    for (double mo : months_c) {
        if (mo > 0 && !(p.monthly > 0)) continue;
        double r1 = std::max(0.0, wall - mo * kHoursPerMonth);
        double days_c[3] = {0, std::floor(r1 / kHoursPerDay), std::floor(r1 / kHoursPerDay) + 1};
        for (double dy : days_c) {
            if (dy > 0 && !(p.daily > 0)) continue;
            double r2 = std::max(0.0, r1 - dy * kHoursPerDay);
            double hrs = ceil_units(r2, min_billed);
            if (hrs > 0 && !(p.hourly > 0)) continue;
            double cost = mo * p.monthly + dy * p.daily + hrs * p.hourly;
            if (best.cost < 0 || cost < best.cost) best = Mix{mo, dy, hrs, cost};
        }
    }
    return best;
}

template <class C>
static void cost_impl(const Scenario& s, const Prices& p, int cards, double wall_hours, double tokens,
              CostResult& out, Terms* log) {
    const double n = cards < 1 ? 1 : cards;
    const double wall = std::max(0.0, wall_hours);
    const char* money = kUnitMoney;
    out.currency = s.currency;
    out.price_hourly = p.hourly;
    out.price_daily = p.daily;
    out.price_monthly = p.monthly;
    out.storage = C(log, TermId::storage_fee, money)
                      .first("storage", s.storage_gb, "GB").mul("per GB-month", s.storage_per_gb_month, money)
                      .mul("wall", wall, "h", TermId::wall_hours).div("", kHoursPerMonth, "h/month")
                      .done();                                  // prorated months
    out.traffic = C(log, TermId::traffic_fee, money)
                      .first("traffic", s.traffic_gb, "GB").mul("per GB", s.traffic_per_gb, money).done();
    const double fees = C(log, TermId::fees, money)
                            .first("storage", out.storage, money, TermId::storage_fee)
                            .add("traffic", out.traffic, money, TermId::traffic_fee)
                            .done();
    out.gpu_hours = n * wall;

    PlanCost& hourly = out.plans[0];
    hourly.plan = Plan::hourly;
    hourly.available = p.hourly > 0;
    hourly.units = ceil_units(wall, s.min_billed_hours);
    hourly.total = 0;
    if (hourly.available)
        hourly.total = C(log, TermId::plan_hourly, money)
                           .first("billed", hourly.units, "h").mul("price", p.hourly, money).mul("cards", n)
                           .add(fees > 0 ? "fees" : nullptr, fees, money, TermId::fees).done();

    PlanCost& daily = out.plans[1];
    daily.plan = Plan::daily;
    daily.available = p.daily > 0;
    daily.units = ceil_units(wall, kHoursPerDay) / kHoursPerDay;
    daily.total = 0;
    if (daily.available)
        daily.total = C(log, TermId::plan_daily, money)
                          .first("days", daily.units).mul("price", p.daily, money).mul("cards", n)
                          .add(fees > 0 ? "fees" : nullptr, fees, money, TermId::fees).done();

    PlanCost& monthly = out.plans[2];
    monthly.plan = Plan::monthly;
    monthly.available = p.monthly > 0;
    monthly.units = ceil_units(wall, kHoursPerMonth) / kHoursPerMonth;
    monthly.total = 0;
    if (monthly.available)
        monthly.total = C(log, TermId::plan_monthly, money)
                            .first("months", monthly.units).mul("price", p.monthly, money).mul("cards", n)
                            .add(fees > 0 ? "fees" : nullptr, fees, money, TermId::fees).done();

    PlanCost& mixed = out.plans[3];
    mixed.plan = Plan::mixed;
    const Mix mix = (hourly.available || daily.available || monthly.available)
                        ? cheapest_mix(p, wall, s.min_billed_hours) : Mix{};
    mixed.available = mix.cost >= 0;
    mixed.units = mix.months * kHoursPerMonth + mix.days * kHoursPerDay + mix.hours;
    mixed.total = 0;
    if (mixed.available) {
        C c(log, TermId::plan_mixed, money);
        if (mix.months > 0) c.add("months", mix.months).mul("price", p.monthly, money).mul("cards", n);
        if (mix.days > 0) c.add("days", mix.days).mul("price", p.daily, money).mul("cards", n);
        if (mix.hours > 0) c.add("billed", mix.hours, "h").mul("price", p.hourly, money).mul("cards", n);
        c.add(fees > 0 ? "fees" : nullptr, fees, money, TermId::fees);
        mixed.total = c.done();
    }

    out.best_plan = Plan::hourly;
    out.total = fees;
    bool found = false;
    for (const PlanCost& pc : out.plans) {
        if (!pc.available) continue;
        // Prefer a simple plan when the mix costs the same.
        if (!found || pc.total < out.total - 1e-9 * std::max(1.0, out.total)) {
            out.total = pc.total;
            out.best_plan = pc.plan;
            found = true;
        }
    }
    out.per_million_tokens = C(log, TermId::cost_per_million_tokens, money)
                                 .first("total", out.total, money)
                                 .div("D", tokens, "tokens", TermId::tokens).mul("", kMega, "tokens")
                                 .done();
}

void cost_for(const Scenario& s, const Prices& p, int cards, double wall_hours, double tokens,
              CostResult& out, Terms* log) {
    if (log) cost_impl<Calc>(s, p, cards, wall_hours, tokens, out, log);
    else cost_impl<FastCalc>(s, p, cards, wall_hours, tokens, out, nullptr);
}


} // namespace detail

using namespace detail;

//-----------------------------------------------------------------------------
// [SECTION] Card searches
//-----------------------------------------------------------------------------

namespace {

double wall_for(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st) {
    double sec = compute_seconds(s, md, ti, st, nullptr, nullptr);
    TimeResult t;
    wall_clock(s, md, sec / 3600.0, t);
    return t.wall_hours;
}

// The wall clock is affine in the compute hours (overhead ∝ compute, the rest fixed): two
// evaluations of wall_clock() itself give the line, so the search below times only the compute.
struct WallLine {
    double fixed_h = 0, per_compute_h = 1;
    double at(double compute_seconds) const { return fixed_h + per_compute_h * compute_seconds / kSecondsPerHour; }
};
WallLine wall_line(const Scenario& s, const ModelDerived& md) {
    TimeResult t0, t1;
    wall_clock(s, md, 0.0, t0);
    wall_clock(s, md, 1.0, t1);
    return WallLine{t0.wall_hours, t1.wall_hours - t0.wall_hours};
}

// Smallest count ≥ min_cards (a multiple of tp·pp) whose wall clock meets the deadline.
// Wall time never increases with cards (see default_scaling), so a binary search is exact; the
// answer is confirmed with the whole wall clock.
int cards_for_deadline(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, Strategy st,
                       int min_cards) {
    const int mp = st.tp * st.pp;
    if (min_cards <= 0 || mp <= 0) return 0;
    int lo = std::max(1, min_cards / mp), hi = kMaxCards / mp;
    if (lo > hi) return 0;
    const WallLine w = wall_line(s, md);
    auto wall = [&](int d) {
        st.cards = d * mp;
        return w.at(compute_seconds(s, md, ti, st, nullptr, nullptr));
    };
    if (wall(hi) > s.deadline_hours) return 0;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (wall(mid) <= s.deadline_hours) hi = mid;
        else lo = mid + 1;
    }
    for (int step = 0; step < 3 && lo <= kMaxCards / mp; step++, lo++) { // the line's rounding: confirm
        st.cards = lo * mp;
        if (wall_for(s, md, ti, st) <= s.deadline_hours) return lo * mp;
    }
    return 0;
}

} // namespace

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
    f.model = Calc(log, TermId::flops_model, "FLOPs")
                  .first("per token", md.flops_model_per_token, "FLOPs", TermId::flops_model_per_token)
                  .mul("D", md.tokens, "tokens", TermId::tokens).done();
    f.rule_of_thumb = Calc(log, TermId::flops_rule_of_thumb, "FLOPs")
                          .first("", 6).mul("N", md.params).mul("D", md.tokens, "tokens", TermId::tokens).done();
    f.executed = Calc(log, TermId::flops_executed, "FLOPs")
                     .first("per token", md.flops_executed_per_token, "FLOPs", TermId::flops_executed_per_token)
                     .mul("D", md.tokens, "tokens", TermId::tokens).done();
    f.per_token_executed = md.flops_executed_per_token;
    // DESIGN.md's worked example, shown with every estimate (the widely shared version is 100× off).
    Calc(log, TermId::worked_example_seconds, "s")
        .first("F", kExampleFlops, "FLOPs").div("peak", kExamplePeakTflops, "TFLOPS")
        .div("", kTflops, "FLOP/s per TFLOPS").div("u", kExampleUtilization).done();

}

// Peak, compute time (bubble, offload), wall clock, utilization used, throughput.
void estimate_time(Estimate& e, const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                   TimeInputs& ti, double* implied_util, Terms* log) {
    TimeResult& t = e.time;
    ti.peak_tflops = peak_tflops(g, s.precision, log);
    ti.utilization = s.utilization > 0 ? s.utilization : default_utilization(s, g);
    ti.scaling_override = s.scaling_efficiency;
    ti.measured_tps = s.tokens_per_second_per_gpu;
    ti.nvlink = g.nvlink_gbps > 0;
    double scaling = 1, bubble = 1;
    const double compute_s = compute_seconds(s, md, ti, st, &scaling, &bubble, log);
    const double compute_h = Calc(log, TermId::compute_hours, "h")
                                 .first("compute", compute_s, "s", TermId::compute_seconds)
                                 .div("", kSecondsPerHour, "s/h").done();
    wall_clock(s, md, compute_h, t, log);
    t.pipeline_bubble = bubble;
    t.scaling_efficiency = scaling;
    t.peak_tflops = ti.peak_tflops;
    if (ti.measured_tps > 0) {
        *implied_util = Calc(log, TermId::implied_utilization, "")
                           .first("tokens/s", ti.measured_tps)
                           .mul("per token", md.flops_executed_per_token, "FLOPs", TermId::flops_executed_per_token)
                           .div("peak", ti.peak_tflops, "TFLOPS", TermId::peak_tflops)
                           .div("", kTflops, "FLOP/s per TFLOPS").done();
        t.utilization = *implied_util;
    } else {
        t.utilization = ti.utilization;
    }
    t.effective_tflops_per_gpu = Calc(log, TermId::effective_tflops, "TFLOPS")
                                     .first("peak", ti.peak_tflops, "TFLOPS", TermId::peak_tflops)
                                     .mul("u", t.utilization, "", ti.measured_tps > 0 ? TermId::implied_utilization : TermId::none)
                                     .done();
    e.throughput_tokens_per_second_per_gpu = Calc(log, TermId::throughput, "tokens/s")
                                                 .first("D", md.tokens, "tokens", TermId::tokens)
                                                 .div("compute", compute_s, "s", TermId::compute_seconds)
                                                 .div("cards", std::max(s.cards, 1)).done();

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

// Fewest cards that fit (the scenario's strategy and the best one, recomputation included: the
// search space of core/strategy.h, shared with compare_gpus()), cards for the deadline.
void estimate_cards(Estimate& e, const Scenario& s, const ModelSpec& m, const ModelDerived& md, const GpuSpec& g,
                    const Strategy& st, const TimeInputs& ti) {
    CardsResult& c = e.cards;
    c.min_for_memory = min_cards_for_memory(s, md, g, st);
    // The scenario's own level uses its own derived model; another level is derived when reached.
    LevelScratch other(e.scenario);
    const Scenario* ls = &s;
    const ModelDerived* lmd = &md;
    // The scenario's own strategy is the one to beat (it wins ties): most of the search is then
    // pruned by one evaluation per configuration, or stops at once when it fits on pp cards.
    int best = c.min_for_memory;
    double best_slowdown = 0;
    if (best > 0) {
        SearchPoint own;
        own.checkpointing = s.checkpointing;
        own.offload = s.offload;
        best_slowdown = strategy_slowdown(own);
        c.best_zero = s.zero;
        c.best_tp = s.tp;
        c.best_offload = s.offload;
        c.best_checkpointing = s.checkpointing;
    }
    for_each_strategy(s, md, kMaxCards, [&](const SearchPoint& p) {
        if (best == st.pp && best_slowdown == 1.0) return false;  // tp 1, d 1, nothing slower: unbeatable
        // Fewer cards wins; as few, only a faster strategy (e.g. recomputation over parameter offload).
        const double slowdown = strategy_slowdown(p);
        const int bound = best > 0 && slowdown < best_slowdown ? best + 1 : best;
        if (best > 0 && p.tp * st.pp >= bound) return true;       // cannot win
        if (p.checkpointing != ls->checkpointing) {
            if (p.checkpointing == s.checkpointing) {
                ls = &s;
                lmd = &md;
            } else {
                other.set(p.checkpointing, m);
                ls = &other.s;
                lmd = &other.md;
            }
        }
        Strategy cand = st;
        cand.tp = p.tp;
        cand.zero = p.zero;
        cand.offload = p.offload;
        if (best > 0 && !fits_below(*ls, *lmd, g, cand, bound)) return true; // one evaluation prunes
        const int n = min_cards_for_memory(*ls, *lmd, g, cand);
        if (n > 0 && (best == 0 || n < bound)) {
            best = n;
            best_slowdown = slowdown;
            c.best_zero = p.zero;
            c.best_tp = p.tp;
            c.best_offload = p.offload;
            c.best_checkpointing = p.checkpointing;
        }
        return true;
    });
    c.min_for_memory_any = best;
    if (s.deadline_hours > 0) {
        c.for_deadline = cards_for_deadline(s, md, ti, st, c.min_for_memory);
        // "Impossible" would mislead when only the scenario's own strategy never fits.
        Strategy bs = st;
        bs.zero = c.best_zero;
        bs.tp = c.best_tp;
        bs.offload = c.best_offload;
        if (c.for_deadline > 0 || best == 0) {
            c.for_deadline_any = c.for_deadline;
        } else if (c.best_checkpointing == s.checkpointing) {
            c.for_deadline_any = cards_for_deadline(s, md, ti, bs, best);
        } else {                                                  // the best level's FLOPs set its time
            other.set(c.best_checkpointing, m);
            c.for_deadline_any = cards_for_deadline(other.s, other.md, ti, bs, best);
        }
    }
}

// Rent versus buy, per card per month.
void estimate_buy(Estimate& e, const Scenario& s, const GpuSpec& g, const Prices& prices, Terms* log) {
    BuyResult& b = e.buy;
    const double H = s.hours_per_month_used;
    const char* money = kUnitMoney;
    b.depreciation_per_month = Calc(log, TermId::depreciation_per_month, money)
                                   .first("purchase", prices.purchase, money).div("months", s.depreciation_months).done();
    const double power_per_hour = g.tdp_w / kWattsPerKw * s.pue * s.electricity_per_kwh;
    b.power_per_month = Calc(log, TermId::power_per_month, money)
                            .first("TDP", g.tdp_w, "W").div("", kWattsPerKw, "W/kW").mul("PUE", s.pue)
                            .mul("hours", H, "h").mul("per kWh", s.electricity_per_kwh, money).done();
    b.own_per_month = Calc(log, TermId::own_per_month, money)
                          .first("depreciation", b.depreciation_per_month, money, TermId::depreciation_per_month)
                          .add("power", b.power_per_month, money, TermId::power_per_month)
                          .add("rack", s.rack_per_month, money).add("operations", s.ops_per_month, money).done();
    {
        // The cheapest plan for the same hours: whole billed hours, whole days, or one month.
        double rent = -1;
        int plan = -1;
        const double billed = ceil_units(H, s.min_billed_hours);
        const double days = std::ceil(H / kHoursPerDay - 1e-9);
        if (prices.hourly > 0) { rent = billed * prices.hourly; plan = 0; }
        if (prices.daily > 0 && (rent < 0 || days * prices.daily < rent)) { rent = days * prices.daily; plan = 1; }
        if (prices.monthly > 0 && (rent < 0 || prices.monthly < rent)) { rent = prices.monthly; plan = 2; }
        if (plan >= 0) {
            Calc c(log, TermId::rent_per_month, money);
            if (plan == 0) c.first("billed", billed, "h").mul("price", prices.hourly, money);
            else if (plan == 1) c.first("days", days).mul("price", prices.daily, money);
            else c.first("month", 1).mul("price", prices.monthly, money);
            rent = c.done();
        }
        b.rent_per_month = rent < 0 ? 0 : rent;
        if (prices.hourly > power_per_hour) {
            const double fixed = Calc(log, TermId::fixed_per_month, money)
                                     .first("depreciation", b.depreciation_per_month, money, TermId::depreciation_per_month)
                                     .add("rack", s.rack_per_month, money).add("operations", s.ops_per_month, money).done();
            const double margin = Calc(log, TermId::margin_per_hour, money)
                                      .first("price", prices.hourly, money)
                                      .sub("power per hour", power_per_hour, money).done();
            b.break_even_hours_per_month = Calc(log, TermId::break_even_hours, "h")
                                               .first("fixed", fixed, money, TermId::fixed_per_month)
                                               .div("margin", margin, money, TermId::margin_per_hour).done();
        }
        b.purchase_known = prices.purchase > 0;                // no price: depreciation 0 would fake "buy"
        b.buying_cheaper = b.purchase_known && rent > 0 && b.own_per_month < b.rent_per_month;
    }

}

// Provider quotes: the quote's bandwidth (if given) changes the upload time, hence the wall.
void estimate_quotes(Estimate& e, const Scenario& s, const ModelDerived& md, Terms* log) {
    const TimeResult& t = e.time;
    const char* money = kUnitMoney;
    for (int i = 0; i < 3; i++) {
        const Quote& q = s.quotes[i];
        QuoteResult& qr = e.quotes[i];
        if (!(q.price_per_card_hour > 0)) continue;
        double wall = t.wall_hours;
        if (q.bandwidth_mbps > 0) {
            double upload_bytes = s.upload_gb > 0 ? s.upload_gb * kBytesPerGB : md.dataset_bytes;
            wall += safe_div(upload_bytes * kBitsPerByte, q.bandwidth_mbps * kMega) / kSecondsPerHour - t.upload_hours;
        }
        qr.used = true;
        qr.billed_hours = ceil_units(wall, q.min_billed_hours);
        qr.total = Calc(log, TermId::quote_total, money, 1.0, i)
                       .first("cards", s.cards).mul("billed", qr.billed_hours, "h").mul("price", q.price_per_card_hour, money)
                       .add("storage", s.storage_gb, "GB").mul("per GB-month", q.storage_per_gb_month, money).mul("wall", wall, "h")
                       .div("", kHoursPerMonth, "h/month")
                       .add("traffic", s.traffic_gb, "GB").mul("per GB", q.traffic_per_gb, money).done();
    }

}

void add_warning(Estimate& e, WarningCode c, double value, double limit) {
    e.warnings.push_back(Warning{c, finite_or(value), finite_or(limit)});
}

void add_warnings(Estimate& e, const Scenario& s, const ModelSpec& m, const GpuSpec& g, const Strategy& st,
                  const TimeInputs& ti, double implied_util) {
    const TimeResult& t = e.time;
    const CardsResult& c = e.cards;
    const double cc = g.compute_capability;
    if (s.precision == Precision::bf16 && (!g.bf16 || (cc > 0 && cc < kBf16MinCc)))
        add_warning(e, WarningCode::no_bf16, cc, kBf16MinCc);
    if (s.precision == Precision::fp8 && (g.tflops_fp8 <= 0 || (cc > 0 && cc < kFp8MinCc)))
        add_warning(e, WarningCode::no_fp8, cc, kFp8MinCc);
    if (s.precision == Precision::fp32) add_warning(e, WarningCode::fp32_slow, ti.peak_tflops, g.tflops_16bit);
    if (s.cards > 1 && !(g.nvlink_gbps > 0)) add_warning(e, WarningCode::pcie_scaling, t.scaling_efficiency, 1.0);
    if (m.context > 0 && s.seq_len > m.context)
        add_warning(e, WarningCode::seq_over_context, s.seq_len, m.context);
    if (ti.measured_tps > 0 && implied_util > kImpossibleUtilization)
        add_warning(e, WarningCode::impossible_throughput, implied_util, kImpossibleUtilization);
    if (!e.memory.fits)
        add_warning(e, WarningCode::does_not_fit, e.memory.per_gpu_gib, e.memory.usable_gib);
    else if (e.memory.headroom_gib < kNearlyFullFraction * e.memory.usable_gib)
        add_warning(e, WarningCode::memory_nearly_full, e.memory.headroom_gib, kNearlyFullFraction * e.memory.usable_gib);
    if (t.fixed_hours > t.compute_hours) add_warning(e, WarningCode::fixed_overhead_dominates, t.fixed_hours, t.compute_hours);
    if (s.deadline_hours > 0 && c.for_deadline_any == 0)
        add_warning(e, WarningCode::deadline_impossible, s.deadline_hours, t.wall_hours);
    // validate() requires cards to be a multiple of tp·pp; ZeRO with one data-parallel rank shards nothing.
    if (s.zero >= 1 && st.dp() == 1) add_warning(e, WarningCode::zero_single_rank, s.zero, s.cards);
    if (s.offload != Offload::none) add_warning(e, WarningCode::offload_slow, offload_slowdown(s.offload), 1.0);
    if (!g.verified) add_warning(e, WarningCode::unverified_gpu, 0, 0);

}

} // namespace

Estimate estimate(const Scenario& s, const Catalog& catalog) {
    Estimate e;
    e.scenario = s;
    // One input contract: validate() holds every range and rule; nothing is re-checked here.
    e.errors = validate(s, catalog);
    if (!e.errors.empty()) return e;                          // ok = false, the rest zero
    const ModelSpec* model = s.model_id.empty() ? &s.model : catalog.find_model(s.model_id);
    const GpuSpec* gpu = s.gpu_id.empty() ? &s.gpu : catalog.find_gpu(s.gpu_id);
    assert(model && gpu && "validate() accepted an unknown model or card id");
    e.model = *model;
    e.gpu = *gpu;
    const GpuSpec& g = *gpu;

    Terms* log = &e.terms;
    log->items.reserve(80);                                    // one allocation each for every term
    log->operands.reserve(400);                                // and every operand (~65 and ~330 used)
    ModelDerived md;
    derive_model(s, *model, md, log);
    estimate_flops(e, md, log);

    // Strategy as given; d = cards / (tp·pp) (validate(): a whole number ≥ 1).
    Strategy st;
    st.cards = s.cards;
    st.zero = s.zero;
    st.tp = s.tp;
    st.pp = s.pp;
    st.offload = s.offload;

    TimeInputs ti;
    double implied_util = 0;
    estimate_time(e, s, md, g, st, ti, &implied_util, log);
    memory_for(s, md, g, st, e.memory, log);
    estimate_cards(e, s, *model, md, g, st, ti);

    const Prices prices = prices_for(s, g, catalog, true);
    e.gpu_hours = Calc(log, TermId::gpu_hours, "card-h") // card-hours: not a duration
                      .first("cards", s.cards).mul("wall", e.time.wall_hours, "h", TermId::wall_hours).done();
    cost_for(s, prices, s.cards, e.time.wall_hours, md.tokens, e.cost, log);

    estimate_buy(e, s, g, prices, log);
    estimate_quotes(e, s, md, log);
    add_warnings(e, s, *model, g, st, ti, implied_util);
    e.ok = true;
    return e;
}

//-----------------------------------------------------------------------------
// [SECTION] JSON output
//-----------------------------------------------------------------------------

namespace {

using json = nlohmann::json;

const char* plan_name(Plan p) {
    switch (p) {
    case Plan::daily: return "daily";
    case Plan::monthly: return "monthly";
    case Plan::mixed: return "mixed";
    default: return "hourly";
    }
}
const char* currency_name(Currency c) { return c == Currency::usd ? "USD" : "CNY"; }
const char* offload_name(Offload o) {
    switch (o) {
    case Offload::optimizer: return "optimizer";
    case Offload::optimizer_params: return "optimizer+params";
    default: return "none";
    }
}
const char* warning_code_name(WarningCode c) {
    switch (c) {
    case WarningCode::no_bf16: return "no_bf16";
    case WarningCode::no_fp8: return "no_fp8";
    case WarningCode::pcie_scaling: return "pcie_scaling";
    case WarningCode::seq_over_context: return "seq_over_context";
    case WarningCode::impossible_throughput: return "impossible_throughput";
    case WarningCode::memory_nearly_full: return "memory_nearly_full";
    case WarningCode::does_not_fit: return "does_not_fit";
    case WarningCode::fixed_overhead_dominates: return "fixed_overhead_dominates";
    case WarningCode::deadline_impossible: return "deadline_impossible";
    case WarningCode::cards_not_divisible: return "cards_not_divisible";
    case WarningCode::qlora_needs_lora_rank: return "qlora_needs_lora_rank";
    case WarningCode::offload_slow: return "offload_slow";
    case WarningCode::fp32_slow: return "fp32_slow";
    case WarningCode::unverified_gpu: return "unverified_gpu";
    case WarningCode::zero_single_rank: return "zero_single_rank";
    default: return "unknown";
    }
}

json lines(const std::vector<std::string>& v) {
    json a = json::array();
    for (const std::string& l : v) a.push_back(l);
    return a;
}

} // namespace

std::string estimate_to_json(const Estimate& e, const Scenario&, Lang lang) { return estimate_to_json(e, lang); }

std::string estimate_to_json(const Estimate& e, Lang lang) {
    const Scenario& s = e.scenario;                            // never a newer scenario than the answer
    auto num = [](double v) { return finite_or(v); };          // never NaN/Infinity in the output
    json j = json::object();
    j["ok"] = e.ok;
    json errors = json::array();
    for (const FieldError& fe : e.errors)
        errors.push_back(json{{"field", fe.field}, {"message", lang == Lang::zh ? fe.message_zh : fe.message}});
    j["errors"] = errors;
    if (!e.ok) return j.dump(-1, ' ', false, json::error_handler_t::replace);

    j["model"] = json{{"id", e.model.id}, {"name", e.model.name}};
    j["gpu"] = json{{"id", e.gpu.id}, {"name", e.gpu.name}};
    j["flops"] = json{{"tokens", num(e.flops.tokens)},
                      {"model", num(e.flops.model)},
                      {"rule_of_thumb", num(e.flops.rule_of_thumb)},
                      {"executed", num(e.flops.executed)},
                      {"per_token_executed", num(e.flops.per_token_executed)},
                      {"params", num(e.flops.params)},
                      {"active_params", num(e.flops.active_params)},
                      {"trainable_params", num(e.flops.trainable_params)}};
    const TimeResult& t = e.time;
    j["time"] = json{{"compute_hours", num(t.compute_hours)},
                     {"wall_hours", num(t.wall_hours)},
                     {"wall_hours_low", num(t.wall_hours_low)},
                     {"wall_hours_high", num(t.wall_hours_high)},
                     {"overhead_hours", num(t.overhead_hours)},
                     {"fixed_hours", num(t.fixed_hours)},
                     {"upload_hours", num(t.upload_hours)},
                     {"download_hours", num(t.download_hours)},
                     {"checkpoint_hours", num(t.checkpoint_hours)},
                     {"pilot_extrapolated_hours", num(t.pilot_extrapolated_hours)},
                     {"pipeline_bubble", num(t.pipeline_bubble)},
                     {"utilization", num(t.utilization)},
                     {"scaling_efficiency", num(t.scaling_efficiency)},
                     {"effective_tflops_per_gpu", num(t.effective_tflops_per_gpu)},
                     {"peak_tflops", num(t.peak_tflops)}};
    j["gpu_hours"] = num(e.gpu_hours);
    j["throughput_tokens_per_second_per_gpu"] = num(e.throughput_tokens_per_second_per_gpu);
    const MemoryResult& m = e.memory;
    j["memory"] = json{{"per_gpu_gib", num(m.per_gpu_gib)},
                       {"weights_gib", num(m.weights_gib)},
                       {"gradients_gib", num(m.gradients_gib)},
                       {"optimizer_gib", num(m.optimizer_gib)},
                       {"adapters_gib", num(m.adapters_gib)},
                       {"activations_gib", num(m.activations_gib)},
                       {"logits_gib", num(m.logits_gib)},
                       {"gathered_gib", num(m.gathered_gib)},
                       {"overhead_gib", num(m.overhead_gib)},
                       {"capacity_gib", num(m.capacity_gib)},
                       {"usable_gib", num(m.usable_gib)},
                       {"headroom_gib", num(m.headroom_gib)},
                       {"cpu_ram_gib", num(m.cpu_ram_gib)},
                       {"fits", m.fits}};
    const CardsResult& c = e.cards;
    j["cards"] = json{{"count", s.cards},
                      {"min_for_memory", c.min_for_memory},
                      {"min_for_memory_any", c.min_for_memory_any},
                      {"best_zero", c.best_zero},
                      {"best_tp", c.best_tp},
                      {"best_offload", offload_name(c.best_offload)},
                      {"best_checkpointing", to_string(c.best_checkpointing)},
                      {"for_deadline", c.for_deadline}, {"for_deadline_any", c.for_deadline_any}};
    json plans = json::array();
    for (const PlanCost& p : e.cost.plans) {
        if (!p.available) continue;
        plans.push_back(json{{"plan", plan_name(p.plan)}, {"total", num(p.total)}, {"units", num(p.units)}});
    }
    j["cost"] = json{{"currency", currency_name(e.cost.currency)},
                     {"best_plan", plan_name(e.cost.best_plan)},
                     {"total", num(e.cost.total)},
                     {"plans", plans},
                     {"storage", num(e.cost.storage)},
                     {"traffic", num(e.cost.traffic)},
                     {"per_million_tokens", num(e.cost.per_million_tokens)},
                     {"gpu_hours", num(e.cost.gpu_hours)},
                     {"price_hourly", num(e.cost.price_hourly)},
                     {"price_daily", num(e.cost.price_daily)},
                     {"price_monthly", num(e.cost.price_monthly)}};
    j["buy"] = json{{"own_per_month", num(e.buy.own_per_month)},
                    {"power_per_month", num(e.buy.power_per_month)},
                    {"depreciation_per_month", num(e.buy.depreciation_per_month)},
                    {"rent_per_month", num(e.buy.rent_per_month)},
                    {"break_even_hours_per_month", num(e.buy.break_even_hours_per_month)},
                    {"buying_cheaper", e.buy.buying_cheaper},
                    {"purchase_known", e.buy.purchase_known}};
    json quotes = json::array();
    for (int i = 0; i < 3; i++) {
        const QuoteResult& q = e.quotes[i];
        quotes.push_back(json{{"name", s.quotes[i].name}, {"used", q.used}, {"billed_hours", num(q.billed_hours)},
                              {"total", num(q.total)}, {"deposit", num(s.quotes[i].deposit)}});
    }
    j["quotes"] = quotes;
    json warnings = json::array();
    for (const Warning& w : e.warnings)
        warnings.push_back(json{{"code", warning_code_name(w.code)}, {"message", warning_text(w, e, lang)},
                                {"value", num(w.value)}, {"limit", num(w.limit)}});
    j["warnings"] = warnings;
    j["explain"] = json{{"compute", lines(explain(e, Headline::compute, lang))},
                        {"time", lines(explain(e, Headline::time, lang))},
                        {"memory", lines(explain(e, Headline::memory, lang))},
                        {"cards", lines(explain(e, Headline::cards, lang))},
                        {"cost", lines(explain(e, Headline::cost, lang))},
                        {"buy", lines(explain(e, Headline::buy, lang))}};
    // Invalid UTF-8 in user text is replaced, never thrown (the page builds with JSON_NOEXCEPTION).
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace traincalc

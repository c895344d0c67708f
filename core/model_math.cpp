// traincalc — core/model_math.cpp
// Model-derived quantities: parameters, adapters, bytes per parameter, activation bytes per token,
// FLOPs per token, tokens. Each term is recorded through a Calc as it is computed (core/terms.h).
//
// Index of this file:
// [SECTION] Model-derived quantities
#include "model_math.h"
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
    case Precision::fp32:
        return 4;
    case Precision::fp8:
        return 2; // FP8 training keeps the 16-bit weights (+ FP8 copies, derive_bytes)
    default:
        return 2;
    }
}
static double grad_bytes_per_param(Precision p) {
    return p == Precision::fp32 ? 4 : 2;
}
static double optimizer_bytes_per_param(Optimizer o, Precision p, bool master_weights) {
    bool master = p != Precision::fp32 && master_weights; // fp32 training needs no separate fp32 master copy
    if (!master_weights && p != Precision::fp32) {        // pure 16-bit: the states in 16-bit, no master
        switch (o) {
        case Optimizer::adamw_8bit:
            return 2; // two 8-bit moments
        case Optimizer::sgd:
            return 2; // 16-bit momentum
        default:
            return 4; // 16-bit m + v
        }
    }
    switch (o) {
    case Optimizer::adamw_8bit:
        return (master ? 4 : 0) + 2; // master + two 8-bit moments = 6
    case Optimizer::sgd:
        return (master ? 4 : 0) + 4; // master + momentum = 8
    default:
        return (master ? 4 : 0) + 8; // master + m + v = 12
    }
}

// The architecture's widths, with the defaults for what a model leaves out.
struct Arch {
    double N = 0, N_act = 0;            // parameters, active per token
    double L = 1, h = 1, a = 1, kv = 1; // layers, hidden, heads, key/value heads
    double q_width = 1, kv_width = 1; // a·head_dim (= h unless head_dim is set, Gemma-2); kv·head_dim (GQA)
    // Multi-head latent attention (DeepSeek, Kimi): queries and keys a·(nope + rope) wide, values
    // and the output projection's input a·v, and two latents (q_rank + kv_rank) feeding the
    // up-projections. kv_width is then the value width (LoRA widths only approximate MLA).
    bool mla = false;
    double v_width = 0, latent_width = 0;
    double kv_cache_values = 0; // MLA: the cached latent per token per layer (kv_lora_rank + rope)
    double attn_linear = 0;     // one layer's q, k, v, o weights (count_params)
    double f = 0, ffn_mats = 3; // feed-forward width; 3 matrices gated (SwiGLU), else 2
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
    A.attn_linear = 2 * A.h * A.q_width + 2 * A.h * A.kv_width;
    if (m.kv_lora_rank > 0) {
        A.mla = true;
        A.q_width = A.a * (m.qk_nope_head_dim + m.qk_rope_head_dim);
        A.v_width = A.a * m.v_head_dim;
        A.kv_width = A.v_width;
        A.latent_width = static_cast<double>(m.q_lora_rank) + m.kv_lora_rank;
        A.attn_linear = count_params(m).attention_per_layer;
        A.kv_cache_values = kv_cache_values_per_token_layer(m);
    }
    // Feed-forward width when unknown: LLaMA's 8h/3 for gated FFNs, GPT's 4h otherwise.
    A.f = m.ffn > 0 ? m.ffn : (m.gated_ffn ? std::round(8.0 * A.h / 3.0) : 4.0 * A.h);
    A.ffn_mats = m.gated_ffn ? 3 : 2;
    A.experts = m.experts > 0 ? m.experts : 1;
    A.experts_active = m.experts > 0 ? std::max(m.experts_per_token, 1) : 1;
    A.V = std::max(m.vocab, 0);
    return A;
}

// Data: D = tokens per epoch × epochs, and the bytes to upload. Samples that are not packed each
// take one sequence, padded to the longest sample of their micro-batch (Hugging Face's collators pad
// to the longest in the batch): the expected longest of b samples spread evenly between
// 2·avg − max and max is avg + (max − avg)·(b − 1)/(b + 1) — avg at b = 1, max as b grows. The
// peak memory sees the longest sample (o.seq_len); compute sees the padded average.
static void derive_data(const Scenario& s, ModelDerived& o, Terms* log) {
    // A sample's tokens: its text, and its images' tokens when it has any (derive_image_tokens).
    const double img = o.image_tokens_per_sample;
    const double sample_tokens = s.avg_tokens + img;
    // GRPO/PPO train every completion at the full s (derive_data's RL branch): no padding to the prompt.
    if (s.data_input == DataInput::samples && !s.packing && !is_rl(s.objective)) {
        const double longest =
            s.max_tokens > 0 ? std::min<double>(s.max_tokens + img, s.seq_len) : double(s.seq_len);
        const double avg = std::min(sample_tokens, longest); // samples are truncated at seq_len
        const double b = s.micro_batch;
        o.padded_tokens_per_sample = Calc(log, TermId::padded_tokens_per_sample, "tokens")
                                         .first("avg", avg, "tokens")
                                         .add("max - avg", longest - avg, "tokens")
                                         .mul("(b-1)/(b+1)", (b - 1) / (b + 1))
                                         .done();
        o.padding_waste = safe_div(o.padded_tokens_per_sample - sample_tokens, o.padded_tokens_per_sample);
        if (o.padding_waste < 0) o.padding_waste = 0; // truncated samples: nothing padded
        o.seq_len = int(longest);
        o.attention_seq_len = o.padded_tokens_per_sample;
    }
    Calc c(log, TermId::tokens_per_epoch, "tokens");
    switch (s.data_input) {
    case DataInput::tokens:
        c.first("tokens", s.tokens);
        break;
    case DataInput::samples:
        if (o.padded_tokens_per_sample > 0)
            c.first("samples", s.samples)
                .mul("padded tokens/sample", o.padded_tokens_per_sample, "tokens",
                     TermId::padded_tokens_per_sample);
        else if (img > 0)
            c.first("samples", s.samples)
                .mul("tokens/sample", sample_tokens, "tokens", TermId::sample_tokens);
        else
            c.first("samples", s.samples).mul("tokens/sample", s.avg_tokens);
        break;
    case DataInput::dataset_size:
        c.first("MB", s.dataset_mb)
            .mul("", kMega, "B/MB")
            .div("chars/token", s.chars_per_token)
            .div("B/char", s.bytes_per_char);
        break;
    }
    o.tokens_per_epoch = c.done();
    if (is_rl(s.objective)) {
        // GRPO/PPO: the samples are prompts; each is rolled out G times and every completion is
        // trained on at its padded length s (prompt + completion, as TRL pads them).
        Calc p(log, TermId::rl_prompts, "");
        if (s.data_input == DataInput::samples)
            p.first("samples", s.samples);
        else
            p.first("D_epoch", o.tokens_per_epoch, "tokens", TermId::tokens_per_epoch).div("s", s.seq_len);
        o.prompts = p.done();
        o.tokens = Calc(log, TermId::tokens, "tokens")
                       .first("prompts", o.prompts, "", TermId::rl_prompts)
                       .mul("epochs", s.epochs)
                       .mul("G", s.generations)
                       .mul("s", s.seq_len)
                       .done();
    } else {
        Calc d(log, TermId::tokens, "tokens");
        d.first("D_epoch", o.tokens_per_epoch, "tokens", TermId::tokens_per_epoch).mul("epochs", s.epochs);
        if (is_paired(s.objective)) d.mul("chosen+rejected", 2); // DPO/ORPO/SimPO: both sequences trained
        o.tokens = d.done();
    }
    // What is uploaded is the text itself: unpacked samples' padding is made on the card.
    const double data_tokens = o.padded_tokens_per_sample > 0 ? s.samples * s.avg_tokens : o.tokens_per_epoch;
    o.dataset_bytes = s.data_input == DataInput::dataset_size
                          ? s.dataset_mb * kMega
                          : data_tokens * s.chars_per_token * s.bytes_per_char;
}

// Image tokens (multimodal): each image resized by the model's processor rule (catalog.h
// image_grid), its rows × columns of merged patches becoming tokens of the sample's sequence.
static void derive_image_tokens(const Scenario& s, const ModelSpec& m, ModelDerived& o, Terms* log) {
    if (s.images_per_sample <= 0 || m.vision_depth <= 0) return;
    const ImageGrid g = image_grid(m, s.image_width, s.image_height, s.image_max_pixels);
    const double merge = m.vision_merge;
    o.images_per_sample = s.images_per_sample;
    o.image_tokens =
        Calc(log, TermId::image_tokens, "tokens").first("rows", g.rows).mul("columns", g.cols).done();
    o.vision_patches = Calc(log, TermId::vision_patches, "patches")
                           .first("T_img", o.image_tokens, "tokens", TermId::image_tokens)
                           .mul("patches/token", merge * merge)
                           .done();
    o.image_tokens_per_sample = o.images_per_sample * o.image_tokens;
    Calc(log, TermId::sample_tokens, "tokens")
        .first("text", s.avg_tokens, "tokens")
        .add("images", o.images_per_sample)
        .mul("T_img", o.image_tokens, "tokens", TermId::image_tokens)
        .done();
}

// The vision tower (multimodal): its weights, whether it trains, its FLOPs per image and per
// language-model token, what its activations cost. The rule (LLaMA-Factory's freeze_vision_tower,
// default true, with freeze_multi_modal_projector, default true):
//  frozen: tower and merger run forward only, 2 FLOPs per weight per patch (merger: per token),
//   attention 4·h_v·s per patch per layer; no gradient flows into them (nothing before them
//   trains), so no activations are kept: one block's activations are in flight during the forward.
//  trained, full fine-tuning: 6 per weight and 3× the attention (forward + both backward halves),
//   the tower's gradients and optimizer states like the language model's, activations per layer.
//  trained, LoRA/QLoRA: the tower's weights frozen (16-bit), adapters on its blocks (their weights
//   are not counted here), 4 per weight (forward + activation gradients), 3× attention.
//  Full recomputation adds one forward of the trained tower. Windowed layers (Qwen2.5-VL) attend
//  within their window.
static void derive_vision(const Scenario& s, const ModelSpec& m, ModelDerived& o, Terms* log) {
    if (o.images_per_sample <= 0) return;
    const VisionParamCount n = count_vision_params(m);
    o.vision_depth = m.vision_depth;
    o.vision_trained = !s.freeze_vision_tower;
    o.vision_params = Calc(log, TermId::vision_params, "params")
                          .first("L_v", m.vision_depth)
                          .mul("block", n.per_block)
                          .add("embedding", n.per_patch - m.vision_depth * n.per_block)
                          .add("mergers", n.mergers)
                          .add("positions", n.total - n.per_patch - n.mergers)
                          .done();
    const double B_w = s.precision == Precision::fp32 ? 4.0 : kBase16BytesPerParam;
    o.vision_weights_bytes = o.vision_params * B_w;
    if (o.vision_trained && s.method == Method::full) {
        o.vision_grad_bytes_per_param = o.grad_bytes_per_param;
        o.vision_opt_bytes_per_param = o.optimizer_bytes_per_param;
    }
    const double hv = m.vision_hidden, f = m.vision_ffn;
    o.download_bytes += o.vision_params * kBase16BytesPerParam; // the checkpoint holds the tower too
    if (o.vision_opt_bytes_per_param > 0)
        o.checkpoint_bytes += o.vision_params * (kBase16BytesPerParam + o.vision_opt_bytes_per_param);
    o.vision_act_bytes_per_patch_layer = 16 * hv + (m.vision_gated_ffn ? 8.0 : 4.0) * f;
    o.vision_input_bytes_per_patch_layer = 2 * hv;
    // Images in one trained sequence: packed sequences hold s / (sample tokens) samples.
    {
        Calc c(log, TermId::images_per_sequence, "images");
        c.first("n_img", o.images_per_sample);
        const double sample_tokens = s.avg_tokens + o.image_tokens_per_sample;
        const bool packed = !(s.data_input == DataInput::samples && !s.packing);
        if (packed && sample_tokens < s.seq_len)
            c.mul("s", s.seq_len).div("tokens/sample", sample_tokens, "tokens", TermId::sample_tokens);
        o.images_per_sequence = c.done();
    }
    // FLOPs per image.
    const bool full_rc = s.checkpointing == Checkpointing::full;
    double k = 2, k_attn = 1; // forward only
    if (o.vision_trained) {
        k = (s.method == Method::full ? 6.0 : 4.0) + (full_rc ? 2.0 : 0.0);
        k_attn = 3 + (full_rc ? 1 : 0);
    }
    const double P = o.vision_patches;
    const double full_layers = m.vision_window > 0 ? m.vision_full_layers : m.vision_depth;
    const double window = m.vision_window > 0 ? std::min<double>(m.vision_window, P) : P;
    const double attn_len = full_layers * P + (m.vision_depth - full_layers) * window; // Σ over layers
    const double flops_image = Calc(log, TermId::vision_flops_per_image, "FLOPs")
                                   .first("k", k)
                                   .mul("N_patch", n.per_patch)
                                   .mul("P", P, "patches", TermId::vision_patches)
                                   .add("k", k)
                                   .mul("N_merge", n.mergers)
                                   .mul("T_img", o.image_tokens, "tokens", TermId::image_tokens)
                                   .add("attention k", 4 * k_attn)
                                   .mul("h_v", hv)
                                   .mul("P", P, "patches", TermId::vision_patches)
                                   .mul("Σ s_attn", attn_len, "patches")
                                   .done();
    o.vision_flops_per_token =
        Calc(log, TermId::vision_flops_per_token, "FLOPs")
            .first("n_img", o.images_per_sample)
            .mul("F_img", flops_image, "FLOPs", TermId::vision_flops_per_image)
            .div("tokens/sample", s.avg_tokens + o.image_tokens_per_sample, "tokens", TermId::sample_tokens)
            .done();
}

// Linear-layer parameters (what QLoRA quantises) and LoRA adapters: r·(d_in + d_out) per adapted
// matrix per layer.
static void derive_params(const Scenario& s, const ModelSpec& m, const Arch& A, ModelDerived& o, Terms* log) {
    // q,o are h×q_width; k,v are h×kv_width; the FFN per expert (+ the router).
    double attn_linear = A.attn_linear;
    double ffn_linear = A.ffn_mats * A.h * A.f * A.experts + (m.experts > 0 ? A.h * A.experts : 0);
    o.linear_params = clampd(A.L * (attn_linear + ffn_linear), 0, A.N);
    o.other_params = A.N - o.linear_params;
    if (s.method != Method::full) {
        // One layer's adapter widths over `e` experts' FFNs: every expert's for memory, the ones a
        // token passes through for compute. Shared experts (DeepSeek, GLM, Llama 4) are in both.
        const double shared = m.experts > 0 ? std::max(m.shared_experts, 0) : 0;
        const bool ffn = s.lora_targets == LoraTargets::all;
        auto widths = [&](TermId id, const char* e_label, double e) {
            Calc w(log, id, "");
            w.first("h", A.h).add("q", A.q_width).add("h", A.h).add("kv", A.kv_width); // q, v
            if (ffn) {
                w.add("h", A.h).add("kv", A.kv_width).add("q", A.q_width).add("h", A.h); // k, o
                w.add("mats", A.ffn_mats).mul("h", A.h).mul(e_label, e);                 // gate, up, down
                w.add("mats", A.ffn_mats).mul("f", A.f).mul(e_label, e);
            }
            return w.done();
        };
        auto params = [&](TermId id, double width, const char* w_label, TermId width_id) {
            return Calc(log, id, "params")
                .first("r", s.lora_rank)
                .mul("L", A.L)
                .mul(w_label, width, "", width_id)
                .done();
        };
        const double width =
            widths(TermId::adapter_width_per_layer, shared > 0 ? "E+shared" : "E", A.experts + shared);
        o.adapter_params = params(TermId::adapter_params, width, "w", TermId::adapter_width_per_layer);
        // A token runs through its k routed experts' adapters only (the 6·N_a of its compute).
        o.adapter_params_active = o.adapter_params;
        if (m.experts > 0 && ffn) {
            const double active = widths(TermId::adapter_width_active_per_layer,
                                         shared > 0 ? "k+shared" : "k", A.experts_active + shared);
            o.adapter_params_active = params(TermId::adapter_params_active, active, "w_act",
                                             TermId::adapter_width_active_per_layer);
        }
    }
    o.trainable_params = s.method == Method::full ? A.N : o.adapter_params;
    // Routed experts (expert parallelism splits them, shared experts and the router stay whole):
    // MoE layers × experts × one expert's FFN matrices, as count_params() counts them.
    if (m.experts > 0) {
        o.moe_layers = std::max(0, m.layers - std::min(m.dense_layers, m.layers));
        o.experts = m.experts;
        o.experts_per_token = std::max(m.experts_per_token, 1);
        // A custom model whose params are fewer than its shape implies: its linear layers, unrecorded.
        const double counted = o.moe_layers * A.experts * A.ffn_mats * A.h * A.f;
        // Recorded where it is used: the scenario splits the experts (ep > 1).
        Terms* const elog = s.ep > 1 ? log : nullptr;
        Calc c(counted <= o.linear_params ? elog : nullptr, TermId::expert_params, "params");
        c.first("L_moe", o.moe_layers)
            .mul("E", A.experts)
            .mul("mats", A.ffn_mats)
            .mul("h", A.h)
            .mul("f", A.f);
        o.expert_params = counted <= o.linear_params ? c.done() : o.linear_params;
        o.expert_params_recorded = counted <= o.linear_params && elog;
    }
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
            c.first("N_lin", o.linear_params)
                .mul("B_nf4", kNf4BytesPerParam, "B")
                .add("N_other", o.other_params)
                .mul("B_w", kBase16BytesPerParam, "B");
        else
            c.first("N", A.N).mul("B_w", o.weight_bytes_per_param, "B");
        if (!o.quantised && s.precision == Precision::fp8) // the linear layers' FP8 copies
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
    if (o.expert_params > 0) {
        Calc c(s.ep > 1 ? log : nullptr, TermId::expert_weights, "GiB", 1.0 / kGiB);
        c.first("N_E", o.expert_params, "params",
                o.expert_params_recorded ? TermId::expert_params : TermId::none);
        if (o.quantised)
            c.mul("B_nf4", kNf4BytesPerParam, "B");
        else {
            c.mul("B_w", o.weight_bytes_per_param, "B");
            if (s.precision == Precision::fp8)
                c.add("N_E", o.expert_params).mul("B_fp8", kFp8CopyBytesPerParam, "B");
        }
        o.expert_weights_bytes = c.done() * kGiB;
    }
    o.download_bytes = A.N * kBase16BytesPerParam; // the 16-bit base checkpoint
    o.layer_weights_bytes = o.weights_bytes / A.L;
}

// Logits bytes per token per vocabulary entry: the scenario's loss, else its stack's.
static double logits_bytes_per_vocab(const Scenario& s) {
    LossImpl loss = s.loss;
    if (loss == LossImpl::stack)
        loss = s.stack == Stack::unsloth ? LossImpl::chunked
                                         : LossImpl::fp32_upcast; // Unsloth ships Cut Cross-Entropy
    if (loss == LossImpl::chunked) return kLogitsBytesChunked;
    if (loss == LossImpl::bf16) return kLogitsBytesBf16;
    return s.stack == Stack::torchtitan && s.loss == LossImpl::stack ? kLogitsBytesTorchtitan
                                                                     : kLogitsBytesFp32Upcast;
}

// Activations per token per layer, bytes (Korthikanti et al. 2022, generalised; no dropout
// masks since current LLMs train without dropout): two norm inputs 4h; attention: QKV input
// 2h, Q 2h, K and V 2·kv_width each, output-projection input 2h; FFN: input 2h plus, per
// active expert, gated 8f (gate, up, act(gate), product) or 4f (GeLU in and out).
// MLA instead: Q and K 2·q_width each, V and the output projection's input 2·v_width each,
// and the two latents 4·(q_rank + kv_rank) (each normed: the norm's input and the up-projection's).
static void derive_activations(const Scenario& s, const ModelSpec& m, const Arch& A, ModelDerived& o,
                               Terms* log) {
    {
        Calc c(log, TermId::act_linear_bytes, "B");
        c.first("", 4, "B").mul("h", A.h).add("", 2, "B").mul("h", A.h);
        if (A.mla)
            c.add("", 4, "B")
                .mul("qk", A.q_width)
                .add("", 4, "B")
                .mul("v", A.v_width)
                .add("", 4, "B")
                .mul("latent", A.latent_width);
        else
            c.add("", 4, "B").mul("q", A.q_width).add("", 4, "B").mul("kv", A.kv_width);
        c.add("", 2, "B")
            .mul("h", A.h)
            .add("", m.gated_ffn ? 8.0 : 4.0, "B")
            .mul("f", A.f)
            .mul("E_act", A.experts_active);
        o.act_linear_bytes_per_token_layer = c.done();
    }
    // The s² attention scores (softmax output, dropout mask and output: 5·a·s bytes per token);
    // flash attention and selective recomputation never store them.
    const bool scores_stored = !s.flash_attention && s.checkpointing != Checkpointing::selective;
    o.act_scores_bytes_per_token_layer = scores_stored ? 5.0 * A.a * o.seq_len : 0.0;
    // torchtitan's op-level selective checkpointing also recomputes every other matmul output.
    const bool op_selective = s.stack == Stack::torchtitan && s.checkpointing == Checkpointing::selective;
    {
        Calc c(log, TermId::act_bytes_per_token_layer, "B");
        c.first("A_lin", o.act_linear_bytes_per_token_layer, "B", TermId::act_linear_bytes);
        if (op_selective) c.mul("op keep", kSelectiveOpKeep);
        if (scores_stored) c.add("", 5, "B").mul("a", A.a).mul("s", o.seq_len);
        o.act_bytes_per_token_layer = c.done();
    }
    o.act_input_bytes_per_token_layer = 2 * A.h;
    // Recorded only where the scenario's own strategy uses it (TP without sequence parallelism).
    o.act_unsplit_bytes_per_token_layer =
        Calc(s.tp > 1 && !s.sequence_parallel ? log : nullptr, TermId::act_unsplit_bytes, "B")
            .first("", 4, "B")
            .mul("h", A.h)
            .add("", 2, "B")
            .mul("h", A.h)
            .add("", 2, "B")
            .mul("h", A.h)
            .done();
    o.kv_ring_width = A.mla ? A.q_width + A.v_width : 2 * A.kv_width;
    // Unsloth's gradient checkpointing moves the layer inputs to host RAM asynchronously
    // (https://github.com/unslothai/unsloth README: "offloads intermediate activations to system RAM").
    o.checkpoints_offloaded = s.stack == Stack::unsloth && s.checkpointing == Checkpointing::full;
    o.logits_bytes_per_vocab = logits_bytes_per_vocab(s);
}

// The objective's extra models and rollouts (DPO and relatives, GRPO, PPO). The reference is a
// frozen 16-bit copy only for full fine-tuning: with LoRA/QLoRA it is the base with the adapters
// disabled (TRL's DPOTrainer/GRPOTrainer do this when given a PEFT model), so no second copy.
// PPO's reward and value models are assumed the policy's size (TRL's examples use one base); a reward
// adapter on the policy's base (or a reward server) and a value head on the policy hold no second copy.
static void derive_method(const Scenario& s, const Arch& A, ModelDerived& o, Terms* log) {
    o.seqs_per_sample = is_paired(s.objective) ? 2 : 1;
    o.rl = is_rl(s.objective);
    o.update_epochs = o.rl ? std::max(s.update_epochs, 1) : 1; // SFT/DPO/KTO: one pass over the data
    const bool ppo = s.objective == Objective::ppo;
    const bool ref_model = uses_reference(s.objective) && s.reference == Reference::model;
    o.reference_bytes = ref_model && s.method == Method::full ? A.N * o.weight_bytes_per_param : 0;
    o.reward_bytes = ppo && s.reward == Reward::model ? A.N * o.weight_bytes_per_param : 0;
    o.critic = ppo && s.critic == Critic::model;
    if (!o.rl) return;
    o.completion_len = s.completion_len;
    o.prompt_len = std::max(0, s.seq_len - s.completion_len);
    o.generated_tokens = Calc(log, TermId::generated_tokens, "tokens")
                             .first("prompts", o.prompts, "", TermId::rl_prompts)
                             .mul("epochs", s.epochs)
                             .mul("G", s.generations)
                             .mul("c", s.completion_len)
                             .done();
    o.prompt_tokens = o.prompts * s.epochs * o.prompt_len; // prefilled once per prompt (prefix caching)
    // K and V, 16-bit, every layer: 2 × 2 B × L × kv_width per token (GQA shrinks kv_width).
    // MLA engines (vLLM, SGLang) cache the latent instead: 2 B × L × (kv_lora_rank + rope).
    if (A.mla)
        o.kv_bytes_per_token = Calc(log, TermId::kv_bytes_per_token, "B")
                                   .first("", kBase16BytesPerParam, "B")
                                   .mul("L", A.L)
                                   .mul("latent", A.kv_cache_values)
                                   .done();
    else
        o.kv_bytes_per_token = Calc(log, TermId::kv_bytes_per_token, "B")
                                   .first("", 2)
                                   .mul("", kBase16BytesPerParam, "B")
                                   .mul("L", A.L)
                                   .mul("kv", A.kv_width)
                                   .done();
}

// FLOPs per token. Attention scores: 12·L·h·s = 6·(2·L·h·s), forward share 4·L·h·s.
static void derive_flops(const Scenario& s, const Arch& A, ModelDerived& o, Terms* log) {
    const double seq = o.attention_seq_len; // seq_len, or the padded length of unpacked samples
    o.flops_model_per_token = Calc(log, TermId::flops_model_per_token, "FLOPs")
                                  .first("", 6)
                                  .mul("N_act", A.N_act)
                                  .add("", 12)
                                  .mul("L", A.L)
                                  .mul("h", A.h)
                                  .mul("s", seq)
                                  .done();
    {
        // Flash attention skips the key blocks a causal mask hides, so it executes half the
        // scores' FLOPs; eager attention computes the whole s×s matrix and then masks it.
        const double causal = s.flash_attention ? kFlashCausalFlopsShare : 1.0;
        Calc c(log, TermId::flops_attention_per_token, "FLOPs");
        c.first("", 12).mul("L", A.L).mul("h", A.h).mul("s", seq);
        if (s.flash_attention) c.mul("causal", causal);
        // Recomputation (full or selective) repeats the attention core's forward: 4·L·h·s.
        if (s.checkpointing != Checkpointing::none) {
            c.add("", 4).mul("L", A.L).mul("h", A.h).mul("s", seq);
            if (s.flash_attention) c.mul("causal", causal);
        }
        o.flops_attention_per_token = c.done();
    }
    // Full training 6·N_act; LoRA skips frozen weight gradients: 4·N_act + 6·N_adapter;
    // full recomputation adds one forward pass, 2·N_act. GRPO/PPO: each optimisation pass over a batch
    // of rollouts (update_epochs E: TRL's num_iterations, LLaMA-Factory's ppo_epochs) trains it again,
    // so each training term is × E; the forward-only passes below run once per rollout.
    const int epochs = o.update_epochs;
    Calc c(log, TermId::flops_executed_per_token, "FLOPs");
    auto per_pass = [&](Calc& t) {
        if (epochs > 1) t.mul("update epochs", epochs);
    };
    // One model of the policy's shape trained per token, × E: 6·N_act in full; with adapters 4·N_act
    // (the frozen base's forward and input gradients) + 6·N_a (MoE: N_a_act, the routed experts'
    // adapters only). The policy, and PPO's own critic below.
    auto trained = [&](bool first, const char* label) {
        const double k = s.method == Method::full ? 6 : 4;
        (first ? c.first(label, k) : c.add(label, k)).mul("N_act", A.N_act);
        per_pass(c);
        if (s.method == Method::full) return;
        if (o.adapter_params_active < o.adapter_params)
            c.add("", 6).mul("N_a_act", o.adapter_params_active, "", TermId::adapter_params_active);
        else
            c.add("", 6).mul("N_a", o.adapter_params, "", TermId::adapter_params);
        per_pass(c);
    };
    trained(true, "");
    if (s.checkpointing == Checkpointing::full) {
        c.add("", 2).mul("N_act", A.N_act);
        per_pass(c);
    }
    c.add("attn", o.flops_attention_per_token, "FLOPs", TermId::flops_attention_per_token);
    per_pass(c);
    if (o.vision_flops_per_token > 0) {
        c.add("vision", o.vision_flops_per_token, "FLOPs", TermId::vision_flops_per_token);
        per_pass(c);
    }
    // Forward-only passes per trained token: the reference (DPO, KTO, GRPO, PPO; it runs even as
    // the adapters-off base), KTO's mismatched KL batch (policy and reference, TRL), PPO's reward
    // model and the rollout's old log-probs and values; PPO's critic trains like the policy.
    const bool ref_fwd = uses_reference(s.objective) && s.reference == Reference::model;
    if (ref_fwd) c.add("ref", 2).mul("N_act", A.N_act);
    if (s.objective == Objective::kto) {
        c.add("KL policy", 2).mul("N_act", A.N_act);
        if (ref_fwd) c.add("KL ref", 2).mul("N_act", A.N_act);
    }
    if (s.objective == Objective::ppo && s.critic == Critic::value_head) {
        // The value head rides on the policy: old log-probs and values are one forward; the reward
        // model (an adapter on the same base, or a whole model) one more, none when it is a server.
        c.add("old+values", 2).mul("N_act", A.N_act);
        if (s.reward != Reward::api) c.add("reward", 2).mul("N_act", A.N_act);
    } else if (s.objective == Objective::ppo) {
        if (s.reward == Reward::api)
            c.add("old+values", 4).mul("N_act", A.N_act);
        else
            c.add("reward+old+values", 6).mul("N_act", A.N_act);
        trained(false, "critic"); // the critic trains beside the policy, pass for pass
    }
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
    o.seq_len = s.seq_len; // unpacked samples: the longest sample (derive_data)
    o.attention_seq_len = s.seq_len;
    o.micro_batch = s.micro_batch;
    o.params = A.N;
    o.active_params = A.N_act;
    // In this order, which is also the order explain() shows the terms in.
    derive_image_tokens(s, m, o, log);
    derive_data(s, o, log);
    derive_params(s, m, A, o, log);
    derive_bytes(s, A, o, log);
    derive_vision(s, m, o, log);
    derive_activations(s, m, A, o, log);
    derive_method(s, A, o, log);
    derive_flops(s, A, o, log);
}

} // namespace detail
} // namespace traincalc

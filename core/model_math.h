// traincalc — core/model_math.h (private to core/*.cpp)
// What a model and a scenario imply before any card is chosen: parameters (and LoRA adapters),
// bytes per parameter, activation bytes per token, FLOPs per token, tokens. Computed once per
// scenario and reused for every GPU and card count (compare_gpus() evaluates thousands).
// No I/O, no globals, no allocation.
//
// Index of this file:
// [SECTION] Model-derived quantities (GPU independent)
#pragma once
#include "constants.h"
#include "estimate.h"
#include "terms.h"

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Model-derived quantities: computed once per scenario, reused for every GPU
//-----------------------------------------------------------------------------

struct ModelDerived {
    double params = 0;           // N
    double active_params = 0;    // N_act
    double trainable_params = 0; // N_t (LoRA: adapters)
    double adapter_params = 0;   // LoRA adapter parameters (0 for full)
    double adapter_params_active =
        0; // the adapters one token runs through (MoE: its k routed experts'); = adapter_params if dense
    double linear_params = 0;       // parameters in the transformer linear layers (quantised by QLoRA)
    double other_params = 0;        // embeddings, norms, router: stay 16-bit under QLoRA
    double weights_bytes = 0;       // whole model, as held on the GPUs
    double grads_bytes = 0;         // whole model, frozen weights have none
    double optimizer_bytes = 0;     // whole model
    double adapter_bytes = 0;       // adapter weights + grads + optimizer states
    double checkpoint_bytes = 0;    // what one checkpoint writes (weights + optimizer states)
    double download_bytes = 0;      // the 16-bit base checkpoint to download
    double layer_weights_bytes = 0; // one layer's weights (working set with parameter offload)
    // Activations, bytes per token per layer, for tp = 1: linear terms and the s² score term.
    double act_linear_bytes_per_token_layer = 0; // generalised 34·h (GQA, SwiGLU)
    double act_scores_bytes_per_token_layer = 0; // 5·a·s (0 with flash attention / selective)
    double act_input_bytes_per_token_layer = 0;  // 2·h: what full recomputation keeps
    double act_bytes_per_token_layer = 0;        // A: what each layer keeps (A_lin, scores, selective keep)
    // What tensor parallelism without sequence parallelism leaves whole on every TP rank: the two
    // norm inputs 4h, the QKV input 2h and the FFN input 2h (Korthikanti et al. 2022, eq. 2: the
    // "10" of 10 + 24/t, less the dropout masks current LLMs do not keep).
    double act_unsplit_bytes_per_token_layer = 0;
    bool checkpoints_offloaded = false;    // Unsloth: full-recomputation checkpoints in host RAM
    double logits_bytes_per_vocab = 0;     // B_logits: by loss implementation (17, 10, 8 or 0)
    double weight_bytes_per_param = 2;     // B_w (16-bit unless fp32)
    double grad_bytes_per_param = 2;       // B_g
    double optimizer_bytes_per_param = 12; // B_o (AdamW with fp32 master)
    double adapter_bytes_per_param = 0;    // B_w + B_g + B_o
    bool quantised = false;                // QLoRA: linear layers in NF4
    int vocab = 0;
    // FLOPs per token.
    double flops_model_per_token = 0;     // 6·N_act + 12·L·h·s
    double flops_attention_per_token = 0; // 12·L·h·s (+4·L·h·s with recomputation)
    double flops_executed_per_token = 0;
    double tokens = 0;                   // D
    double tokens_per_epoch = 0;         // as processed: padded tokens when samples are not packed
    double padded_tokens_per_sample = 0; // 0 = packed (or data not given as samples)
    double padding_waste = 0;            // share of processed tokens that are padding
    double attention_seq_len = 1;        // the sequence length attention FLOPs see on average
    double dataset_bytes = 0;            // what is uploaded
    // Objective (DPO and relatives, GRPO/PPO): what each training card holds and runs beyond SFT.
    double seqs_per_sample = 1;  // sequences trained per sample: 2 = chosen + rejected
    double reference_bytes = 0;  // whole frozen reference model; 0 = none, precomputed, or the LoRA base
    double reward_bytes = 0;     // PPO: whole frozen reward model
    bool critic = false;         // PPO: a value model trained beside the policy (same states)
    bool rl = false;             // GRPO/PPO: rollouts generated every step
    int update_epochs = 1;       // GRPO/PPO: optimisation passes over each batch of rollouts; else 1
    double prompts = 0;          // GRPO/PPO prompts per epoch
    double generated_tokens = 0; // GRPO/PPO: completion tokens generated over the run
    double prompt_tokens = 0;    // GRPO/PPO: prompt tokens prefilled over the run (once per prompt)
    double prompt_len = 0, completion_len = 0; // p = s − c, c
    double kv_bytes_per_token = 0;             // K and V of every layer, 16-bit
    // Mixture of experts (expert parallelism): the routed experts' parameters and weight bytes
    // (what ÷ ep), the MoE layers and the experts each token is routed to. 0 for dense models.
    double expert_params = 0;            // N_E: routed experts of every MoE layer (not shared experts)
    bool expert_params_recorded = false; // N_E has its own term (false: clamped to the linear layers)
    double expert_weights_bytes = 0;     // W_E: their weights as held (NF4 under QLoRA)
    int moe_layers = 0, experts = 0, experts_per_token = 0;
    double kv_ring_width = 0; // K and V widths a context-parallel ring passes per token per layer
    // Multimodal (model_math.cpp derive_vision): all 0 for a text-only model or no images.
    double image_tokens = 0;            // T_img: one image's tokens in the language model
    double vision_patches = 0;          // P: one image's patches through the ViT
    double images_per_sample = 0;       // n_img
    double image_tokens_per_sample = 0; // n_img · T_img (part of every sample's tokens)
    double images_per_sequence = 0;     // images in one trained sequence (packed: s / sample tokens)
    double vision_params = 0;           // N_vis: tower + mergers + position table
    double vision_weights_bytes = 0;    // the whole tower, as held (16-bit; fp32 training: 4 B)
    double vision_grad_bytes_per_param = 0, vision_opt_bytes_per_param = 0; // trained in full only
    double vision_act_bytes_per_patch_layer = 0;   // 16·h_v + 8·f_v (SwiGLU) or 4·f_v
    double vision_input_bytes_per_patch_layer = 0; // 2·h_v: what full recomputation keeps
    double vision_flops_per_token = 0;             // vision FLOPs spread over the language model's tokens
    int vision_depth = 0;
    bool vision_trained = false; // freeze_vision_tower off: activations kept for the backward
    int layers = 1, hidden = 1, heads = 1;
    int kv_heads = 1; // key/value heads (= heads without GQA)
    int seq_len = 1, micro_batch = 1;
};

// Fills `out` from the resolved model and the scenario's method, data and precision.
// With a log, each term is recorded as it is computed (explain() shows them).
void derive_model(const Scenario& s, const ModelSpec& m, ModelDerived& out, Terms* log = nullptr);

} // namespace detail
} // namespace traincalc

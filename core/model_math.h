// traincalc — core/model_math.h (private to estimate.cpp, compare.cpp, explain.cpp)
// The estimator's arithmetic split into cheap pieces, so that compare_gpus() can evaluate
// memory for many strategies and card counts without building a whole Estimate each time.
// No I/O, no globals, no allocation.
//
// Index of this file:
// [SECTION] Small numeric helpers
// [SECTION] Named constants, each with its source (the only place they live)
// [SECTION] Model-derived quantities (GPU independent)
// [SECTION] Strategy (how the cards split the work)
// [SECTION] Pieces: memory, compute time, wall clock, cost
#pragma once
#include "estimate.h"
#include "terms.h"
#include <cmath>
#include <string_view>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Small numeric helpers
//-----------------------------------------------------------------------------

constexpr double kGiB = 1073741824.0;          // 2^30 bytes
constexpr double kMaxFinite = 1e300;            // results are clamped below this: never Infinity
constexpr int kMaxCards = 65536;                // the largest card count any search considers

// Division that never yields NaN or Infinity: a zero or non-finite denominator gives `fallback`.
inline double safe_div(double num, double den, double fallback = 0.0) {
    if (!(std::fabs(den) > 0.0) || !std::isfinite(den) || !std::isfinite(num)) return fallback;
    double q = num / den;
    return std::isfinite(q) ? q : fallback;
}
// Any non-finite value becomes 0 (NaN) or ±kMaxFinite (overflow), so the JSON never holds inf.
inline double finite_or(double v, double fallback = 0.0) {
    if (std::isnan(v)) return fallback;
    if (v > kMaxFinite) return kMaxFinite;
    if (v < -kMaxFinite) return -kMaxFinite;
    return v + 0.0; // -0 + 0 = +0: no "-0" in any output
}
inline double clampd(double v, double lo, double hi) { return v < lo ? lo : (v > hi ? hi : v); }
// ceil(x / unit) · unit for billing in whole units; unit ≤ 0 is treated as 1.
inline double ceil_units(double x, double unit) {
    if (!(unit > 0)) unit = 1;
    if (!(x > 0)) return 0;
    double n = std::ceil(x / unit - 1e-9);      // 1e-9: 24.0000000001 h must not bill 25 h
    return (n < 1 ? 1 : n) * unit;
}

//-----------------------------------------------------------------------------
// [SECTION] Named constants
//-----------------------------------------------------------------------------

// QLoRA NF4: 4 bits per weight plus double-quantised constants ≈ 0.127 bit/param (blocks of 64;
// Dettmers et al. 2023, section 2): 0.5 + 0.127/8 ≈ 0.516 B per quantised parameter.
constexpr double kNf4BytesPerParam = 0.5 + 0.127 / 8.0;
constexpr double kBase16BytesPerParam = 2.0;       // the 16-bit base checkpoint (download, QLoRA rest)
// Logits and loss, bytes per token per vocabulary entry, by loss implementation:
// - fp32 upcast (Hugging Face models: bf16 logits, their fp32 copy, log-softmax and gradients): ~17.
//   Unsloth's context-length table (https://unsloth.ai/docs/basics/unsloth-benchmarks, HF + FA2,
//   Llama 3.1 8B QLoRA) grows 32 GB over 12,952 tokens between its 48 and 80 GB rows: 2.47 MB per
//   token, of which 2·h·L = 0.26 MB are checkpoints: 2.21 MB / 128,256 ≈ 17.2 B.
// - torchtitan: bf16 logits, one fp32 copy and log-softmax kept for backward: 2 + 4 + 4 = 10.
// - fused/chunked (Liger, Apple's Cut Cross-Entropy, torchtune chunked): no V-wide tensor per token.
constexpr double kLogitsBytesFp32Upcast = 17.0;
constexpr double kLogitsBytesTorchtitan = 10.0;
constexpr double kLogitsBytesChunked = 0.0;
// torchtitan's op-level selective checkpointing (saves every other matmul output and the attention
// output) keeps about two thirds of the activations that flash attention leaves (issue 12; the
// 82.4 GiB Llama 3.1 8B FSDP figure in tests/calibration/published.json checks it).
constexpr double kSelectiveOpKeep = 2.0 / 3.0;
// Default utilization (fraction of peak on the executed FLOPs) of the tuned pretraining stacks:
// torchtitan on 64 A100: 51.7-61.1% MFU (docs/performance.md) = 0.66-0.81 of peak on the executed
// FLOPs divided by the 0.85 scaling at 64 cards; 0.65 keeps every A100 row within -20%.
constexpr double kTorchtitanUtilization = 0.65;
// Megatron-LM on A100 at 1-3k GPUs: 137-163 TFLOP/s with recomputation counted (44-52% of 312,
// shared/references/gpu-specs.md, Narayanan et al. 2021).
constexpr double kMegatronUtilization = 0.48;
// FP8 training (Transformer Engine, torchao float8) keeps the 16-bit weights and the fp32 master copy
// and adds an FP8 copy of each linear layer's weights (1 B/param; per-tensor scales are negligible).
constexpr double kFp8CopyBytesPerParam = 1.0;
// FP8 speeds only the linear layers: torchtitan's Llama 3.1 8B FSDP on 8 and 128 H100 runs
// 6,667 -> 8,532 and 6,514 -> 8,380 tokens/s/GPU with Float8 (x1.28, x1.29; benchmarks/
// llama3_h100_202412_torchtitan.md); DESIGN.md: 1.3-1.5 end to end, not the 2x peak. 1.3 used.
constexpr double kFp8EndToEndSpeedup = 1.3;
constexpr double kContextBytes = kGiB;             // CUDA context and workspaces (~1 GiB, PyTorch measured)
constexpr double kFragmentation = 0.06;            // allocator fragmentation margin on everything else
constexpr double kDriverReserveFraction = 0.03;    // the driver keeps ~3% of nominal memory
constexpr double kDriverReserveMinGib = 0.5;       // and at least 0.5 GiB
constexpr double kLayersInFlight = 2;              // parameter offload: this layer and the prefetched next
constexpr double kPilotMargin = 1.5;               // pilot extrapolation margin (what a small pilot misses)
constexpr double kImpossibleUtilization = 0.75;    // measured throughput above this share of peak is implausible
constexpr double kDefaultUtilization = 0.4;        // when neither scenario nor card gives one
constexpr double kDefaultCnyPerUsd = 7.2;          // when neither scenario nor catalog gives a rate
constexpr double kHoursPerDay = 24, kHoursPerMonth = 720; // billing units (30-day month)
constexpr double kSecondsPerHour = 3600;
constexpr double kTflops = 1e12;                   // FLOP/s per TFLOPS
constexpr double kMega = 1e6;                      // Mbit→bit, MB→B, tokens per million
constexpr double kBitsPerByte = 8;
constexpr double kWattsPerKw = 1000;
// Offload slowdowns (ZeRO-Offload / ZeRO-Infinity papers' single-node figures, rounded).
constexpr double kOffloadOptimizerSlowdown = 1.2;
constexpr double kOffloadParamsSlowdown = 1.6;
// fp32 runs at TF32 (half the dense 16-bit rate, Ampere and later) or at plain FP32 (~1/8).
constexpr double kTf32Ratio = 2, kFp32Ratio = 8;
// The strategy search: tensor-parallel degrees tried (one node's NVLink domain).
constexpr int kSearchTp[] = {1, 2, 4, 8};
constexpr int kSearchTpMax = 8;
// DESIGN.md's worked example: 7B × 2.5e8 tokens × 6 on one A100 (312 TFLOPS) at 40%.
constexpr double kExampleFlops = 6 * 7e9 * 2.5e8;
constexpr double kExamplePeakTflops = 312, kExampleUtilization = 0.4;
constexpr double kExampleSharedSeconds = 856;      // the widely shared wrong answer
// Compute capability each precision needs (NVIDIA: bf16 tensor cores from Ampere 8.0, FP8 from
// Ada/Hopper 8.9); below 8.0 there is no TF32 either.
constexpr double kBf16MinCc = 8.0, kFp8MinCc = 8.9, kTf32MinCc = 8.0;
// "Memory nearly full": headroom under this share of usable memory.
constexpr double kNearlyFullFraction = 0.05;
constexpr double kBytesPerGB = 1e9;                // decimal GB, as providers bill and networks quote
// Rent versus buy: the break-even use commonly quoted for A100-class cards (DESIGN.md, "Cost").
constexpr double kQuotedBreakEvenLowHours = 300, kQuotedBreakEvenHighHours = 350;

//-----------------------------------------------------------------------------
// [SECTION] Model-derived quantities: computed once per scenario, reused for every GPU
//-----------------------------------------------------------------------------

struct ModelDerived {
    double params = 0;              // N
    double active_params = 0;       // N_act
    double trainable_params = 0;    // N_t (LoRA: adapters)
    double adapter_params = 0;      // LoRA adapter parameters (0 for full)
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
    double act_linear_bytes_per_token_layer = 0;   // generalised 34·h (GQA, SwiGLU)
    double act_scores_bytes_per_token_layer = 0;   // 5·a·s (0 with flash attention / selective)
    double act_input_bytes_per_token_layer = 0;    // 2·h: what full recomputation keeps
    double act_bytes_per_token_layer = 0;          // A: what each layer keeps (A_lin, scores, selective keep)
    bool checkpoints_offloaded = false;            // Unsloth: full-recomputation checkpoints in host RAM
    double logits_bytes_per_vocab = 0;             // B_logits: by loss implementation (17, 10 or 0)
    double weight_bytes_per_param = 2;             // B_w (16-bit unless fp32)
    double grad_bytes_per_param = 2;               // B_g
    double optimizer_bytes_per_param = 12;         // B_o (AdamW with fp32 master)
    double adapter_bytes_per_param = 0;            // B_w + B_g + B_o
    bool quantised = false;                        // QLoRA: linear layers in NF4
    int vocab = 0;
    // FLOPs per token.
    double flops_model_per_token = 0;              // 6·N_act + 12·L·h·s
    double flops_attention_per_token = 0;          // 12·L·h·s (+4·L·h·s with recomputation)
    double flops_executed_per_token = 0;
    double tokens = 0;                             // D
    double tokens_per_epoch = 0;
    double dataset_bytes = 0;                      // what is uploaded
    int layers = 1, hidden = 1, heads = 1;
    int kv_heads = 1;                              // key/value heads (= heads without GQA)
    int seq_len = 1, micro_batch = 1;
};

// Fills `out` from the resolved model and the scenario's method, data and precision.
// With a log, each term is recorded as it is computed (explain() shows them).
void derive_model(const Scenario& s, const ModelSpec& m, ModelDerived& out, Terms* log = nullptr);

//-----------------------------------------------------------------------------
// [SECTION] Strategy
//-----------------------------------------------------------------------------

struct Strategy {
    int cards = 1;
    int zero = 0;
    int tp = 1;
    int pp = 1;
    Offload offload = Offload::none;
    int dp() const { int d = cards / (tp * pp); return d < 1 ? 1 : d; }
};

//-----------------------------------------------------------------------------
// [SECTION] Pieces
//-----------------------------------------------------------------------------

// Usable memory of a card: nominal less the driver's reserve.
double usable_gib(const GpuSpec& g);
// Per-GPU memory for a strategy (fills every MemoryResult field).
void memory_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                MemoryResult& out, Terms* log = nullptr);
// Utilization used when the scenario gives none: the stack's, else the card's, else 0.4.
double default_utilization(const Scenario& s, const GpuSpec& g);
// Default multi-card scaling efficiency (see the curve in estimate.cpp).
double default_scaling(int cards, bool nvlink);
// Peak TFLOPS used for the scenario's precision on this card.
double peak_tflops(const GpuSpec& g, Precision p, Terms* log = nullptr);
// Compute-time slowdown of CPU offload (PCIe transfers): 1 = none.
double offload_slowdown(Offload o);

struct TimeInputs {                 // what compute time needs beyond the model
    double utilization = 0.4;       // fraction of peak
    double scaling_override = 0;    // scenario's scaling efficiency; 0 = curve
    double measured_tps = 0;        // tokens/s per card; 0 = not measured
    bool nvlink = false;
    double peak_tflops = 0;
};
// Pure compute seconds for `cards` (bubble and offload included); writes the scaling used.
double compute_seconds(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                       const Strategy& st, double* scaling_used, double* bubble_used, Terms* log = nullptr);
// Wall clock parts from compute hours (fills TimeResult except utilization/peak fields).
void wall_clock(const Scenario& s, const ModelDerived& md, double compute_hours, TimeResult& t,
                Terms* log = nullptr);

struct Prices {                     // per card, in the scenario's currency; 0 = not offered
    double hourly = 0, daily = 0, monthly = 0, purchase = 0;
};
Prices prices_for(const Scenario& s, const GpuSpec& g, const Catalog& c, bool scenario_card);
// Fills plans, totals, fees and best plan for `cards` cards over `wall_hours`.
void cost_for(const Scenario& s, const Prices& p, int cards, double wall_hours, double tokens,
              CostResult& out, Terms* log = nullptr);

} // namespace detail
} // namespace traincalc

// traincalc — core/constants.h (private to core/*.cpp)
// The estimator's named constants, each with its source, and the small numeric helpers that keep
// every result finite. The only place a constant lives: explain() shows these values, never its own.
//
// Index of this file:
// [SECTION] Small numeric helpers
// [SECTION] Named constants
#pragma once
#include <cmath>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Small numeric helpers
//-----------------------------------------------------------------------------

constexpr double kGiB = 1073741824.0; // 2^30 bytes
constexpr double kMaxFinite = 1e300;  // results are clamped below this: never Infinity
constexpr int kMaxCards = 65536;      // the largest card count any search considers

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
inline double clampd(double v, double lo, double hi) {
    return v < lo ? lo : (v > hi ? hi : v);
}
// ceil(x / unit) · unit for billing in whole units; unit ≤ 0 is treated as 1.
inline double ceil_units(double x, double unit) {
    if (!(unit > 0)) unit = 1;
    if (!(x > 0)) return 0;
    double n = std::ceil(x / unit - 1e-9); // 1e-9: 24.0000000001 h must not bill 25 h
    return (n < 1 ? 1 : n) * unit;
}

//-----------------------------------------------------------------------------
// [SECTION] Named constants
//-----------------------------------------------------------------------------

// QLoRA NF4: 4 bits per weight plus double-quantised constants ≈ 0.127 bit/param (blocks of 64;
// Dettmers et al. 2023, section 2): 0.5 + 0.127/8 ≈ 0.516 B per quantised parameter.
constexpr double kNf4BytesPerParam = 0.5 + 0.127 / 8.0;
constexpr double kBase16BytesPerParam = 2.0; // the 16-bit base checkpoint (download, QLoRA rest)
// Logits and loss, bytes per token per vocabulary entry, by loss implementation:
// - fp32 upcast (Hugging Face models: bf16 logits, their fp32 copy, log-softmax and gradients): ~17.
//   Unsloth's context-length table (https://unsloth.ai/docs/basics/unsloth-benchmarks, HF + FA2,
//   Llama 3.1 8B QLoRA) grows 32 GB over 12,952 tokens between its 48 and 80 GB rows: 2.47 MB per
//   token, of which 2·h·L = 0.26 MB are checkpoints: 2.21 MB / 128,256 ≈ 17.2 B.
// - torchtitan: bf16 logits, one fp32 copy and log-softmax kept for backward: 2 + 4 + 4 = 10.
// - fused/chunked (Liger, Apple's Cut Cross-Entropy): no V-wide tensor per token (CCE's Table 1, below:
//   CCE 1,164 MB and Liger 1,474 MB against the 1,161 MB of dE and dC). A chunked but unfused loss keeps
//   more: torchtune's 8 chunks there 9,631 MB, ~4 B per entry (tests/calibration flags it).
// - bf16, no fp32 copy (a torch.compile'd loss, or F.cross_entropy on bf16 logits): the 16-bit logits
//   saved for backward (2), then in the backward their gradient in fp32 (4) and its 16-bit cast for the
//   output layer's backward (2): 8. Eager F.cross_entropy on bf16 logits keeps its 16-bit log-probs (2)
//   and its backward makes two 16-bit gradients (nll, log-softmax: 4), + 2 while the caller holds the
//   logits: 6-8. Wijmans et al. 2024 (Cut Cross-Entropy, arXiv 2411.09009, Table 1: Gemma 2 2B, 8,192
//   tokens, V 256,000, A100, PyTorch 2.4.1): torch.compile's loss keeps 4,000 MB (= 2 B per entry) and
//   its gradient adds 12,000 MB (6 B); loss + gradient 16,000 MB = 8 B per entry with the 1,161 MB
//   of dE, dC (which traincalc counts elsewhere) inside it: 8 B gives +7% on that row.
constexpr double kLogitsBytesFp32Upcast = 17.0;
constexpr double kLogitsBytesTorchtitan = 10.0;
constexpr double kLogitsBytesChunked = 0.0;
constexpr double kLogitsBytesBf16 = 8.0;
// torchtitan's op-level selective checkpointing (saves every other matmul output and the attention
// output) keeps about two thirds of the activations that flash attention leaves (issue 12; the
// 82.4 GiB Llama 3.1 8B FSDP figure in tests/calibration/published.json checks it).
constexpr double kSelectiveOpKeep = 2.0 / 3.0;
// Default utilization (fraction of peak on the executed FLOPs) of the tuned pretraining stacks:
// torchtitan on 64 A100: 51.7-61.1% MFU (docs/performance.md). With causal attention counted as flash
// attention executes it (half the scores) and the scaling derived from the communication (FSDP's
// gathers and reduce-scatters on 64 A100 with a 200 Gb/s port per card are hidden by each micro-batch's
// compute: efficiency 1.0, where the earlier fitted curve said 0.905 and the utilization was 0.63),
// 0.57 is the geometric mean of what the six A100 rows need (0.63 × 0.901).
constexpr double kTorchtitanUtilization = 0.57;
// The same FSDP code reaches a smaller share of peak on Hopper (989 dense TFLOPS against 3.35 TB/s:
// twice the A100's FLOPs per byte, so the memory-bound norms, elementwise ops and softmax take a
// larger share of each step): llm-foundry's benchmarking README runs the same MPT models, sequence
// lengths and 8-GPU set-ups on A100 80GB and H100 80GB; the median H100/A100 MFU ratio over its 39
// matched rows is 0.68 (0.57-0.90). torchtitan's Llama 3.1 8B reaches 33-39% MFU on H100 against
// 58% on A100 (ratio 0.57-0.67; benchmarks/llama3_h100_202412_torchtitan.md, docs/performance.md).
constexpr double kFsdpHopperUtilizationRatio = 0.68;
constexpr double kHopperMinCc = 9.0; // H100/H800/H200/H20 (and later)
// Megatron-LM on A100 at 1-3k GPUs: 137-163 TFLOP/s with recomputation counted (44-52% of 312,
// shared/references/gpu-specs.md, Narayanan et al. 2021).
constexpr double kMegatronUtilization = 0.48;
// QLoRA (bitsandbytes 4-bit + PEFT adapters) pays a fixed cost per micro-batch and layer that does
// not grow with its tokens: the dequantisation of each layer's weights in the forward, the
// recomputed forward and the backward, and the adapters' small kernels. LLaMA-Factory's
// Performance-comparison wiki (Llama-2-7B QLoRA, 1x A100 40GB, batch 1, FA2) gives time per
// micro-batch = fixed + FLOPs / rate: its 1,024- and 4,096-token rows give 0.158 s fixed on the
// Hugging Face row and 0.159 s on the Unsloth row (the same cost on both): 0.158 s / 32 layers.
constexpr double kQloraOverheadPerLayerS = 0.158 / 32;
// and the rate beside that fixed cost, as a multiple of the card's default utilization (0.4 on the
// A100): 0.474 of peak on the Hugging Face row, 0.566 with Unsloth's kernels (same fit).
constexpr double kHfQloraUtilizationFactor = 0.474 / 0.4;
constexpr double kUnslothQloraUtilizationFactor = 0.566 / 0.4;
// MoE layers of many small experts on the Hugging Face stack run below the dense rate: TRL's Qwen3 SFT
// benchmark (huggingface/trl#5713: transformers 5.6 with grouped_mm, FSDP2, 16× H100, 16k packed, full
// recomputation) measured Qwen3-30B-A3B at 3,888 tokens/s per card where this model gives 10,070 at the
// card's 0.4, while its Qwen3-32B (1,205 against 1,297) keeps the dense default. Transformers before 5.0
// ran each expert in turn, about 8× slower again (the same benchmark on 4.57: 2.8% of peak, 23% on 5.6).
constexpr double kHfFineMoeUtilizationFactor = 3888.0 / 10070.0;
// From this many routed experts per layer the experts are small matrices: Qwen3 has 128, Qwen2-MoE 60,
// DeepSeek 64–256, gpt-oss 32/128. Mixtral's 8 ran at the dense rate even on 4.48 (fms-acceleration's
// A100 benchmark: Mixtral LoRA 0.95–1.03× Mistral 7B's utilization).
constexpr int kFineMoeMinExperts = 32;
// FP8 training (Transformer Engine, torchao float8) keeps the 16-bit weights and the fp32 master copy
// and adds an FP8 copy of each linear layer's weights (1 B/param; per-tensor scales are negligible).
constexpr double kFp8CopyBytesPerParam = 1.0;
// FP8 speeds only the linear layers: torchtitan's Llama 3.1 8B FSDP on 8 and 128 H100 runs
// 6,667 -> 8,532 and 6,514 -> 8,380 tokens/s/GPU with Float8 (x1.28, x1.29; benchmarks/
// llama3_h100_202412_torchtitan.md); docs/design.md: 1.3-1.5 end to end, not the 2x peak. 1.3 used.
constexpr double kFp8EndToEndSpeedup = 1.3;
constexpr double kContextBytes = kGiB;          // CUDA context and workspaces (~1 GiB, PyTorch measured)
constexpr double kFragmentation = 0.06;         // allocator fragmentation margin on everything else
constexpr double kDriverReserveFraction = 0.03; // the driver keeps ~3% of nominal memory
constexpr double kDriverReserveMinGib = 0.5;    // and at least 0.5 GiB
// Activation offload keeps this layer and the prefetched next on the card (Megatron/Transformer
// Engine --cpu-offloading: the other layers' activations go to host RAM and come back for backward).
constexpr double kActOffloadKeepLayers = 2;
// Host↔card copies of pinned memory, GB/s per card and direction, by PCIe generation (x16): 3.0 ~12.5,
// 4.0 ~25 (32 GB/s raw, ~25 measured with bandwidthTest), 5.0 ~50, 6.0 ~100. A card whose catalog entry
// gives no pcie_gen: 5.0 from Hopper (CC 9.0) on, else 4.0.
constexpr double kPcie3GBps = 12.5, kPcie4GBps = 25, kPcie5GBps = 50, kPcie6GBps = 100;
// Card-to-card bandwidth across nodes, GB/s per card and direction, when the card's entry gives no
// nic_gbps: one 200 Gb/s HDR InfiniBand port per card (DGX A100); HGX H100's 400 Gb/s NDR give twice.
constexpr double kInterNodeGBps = 25;
// Interconnect (issue 12 item 3): the bus bandwidth NCCL's collectives reach, as a share of the links'
// rate per direction. NVLink/NVSwitch: 8 × A100 80GB SXM, all_reduce_perf busbw ~200 GB/s against
// 300 GB/s per direction (github.com/NVIDIA/nccl-tests/issues/149): 0.67. Network: 3 nodes of 8 × A100
// with 4 × HDR 200 Gb/s each, busbw 84.8 GB/s average (96 peak) against the nodes' 100 GB/s
// (github.com/NVIDIA/nccl-tests/issues/119): 0.85. PCIe figures above are measured copies already.
constexpr double kNvlinkBusEfficiency = 0.67, kNetworkBusEfficiency = 0.85;
// The seed article's rule of thumb for data-parallel scaling, shown beside the derived efficiency as
// a reference line: 80-85% at 8 cards (0.825), ~70% at 32 and more, interpolated in log2(cards).
constexpr double kRuleOfThumbScaling8 = 0.825, kRuleOfThumbScaling32 = 0.70;
constexpr double kLayersInFlight = 2;           // parameter offload: this layer and the prefetched next
constexpr double kPilotMargin = 1.5;            // pilot extrapolation margin (what a small pilot misses)
constexpr double kPilotDisagrees = 2.0;         // pilot vs wall clock: a factor past this is a warning
constexpr double kImpossibleUtilization = 0.75; // measured throughput above this share of peak is implausible
// Share of the s×s attention FLOPs a causal flash-attention kernel executes: it skips the blocks
// above the diagonal (flash-attention's benchmarks count causal FLOPs as the full count ÷ 2:
// github.com/Dao-AILab/flash-attention benchmarks/benchmark_flash_attention.py, flops()).
constexpr double kFlashCausalFlopsShare = 0.5;
constexpr double kDefaultUtilization = 0.4;               // when neither scenario nor card gives one
constexpr double kDefaultCnyPerUsd = 7.2;                 // when neither scenario nor catalog gives a rate
constexpr double kHoursPerDay = 24, kHoursPerMonth = 720; // billing units (30-day month)
constexpr double kSecondsPerHour = 3600;
constexpr double kTflops = 1e12; // FLOP/s per TFLOPS
constexpr double kMega = 1e6;    // Mbit→bit, MB→B, tokens per million
constexpr double kBitsPerByte = 8;
constexpr double kWattsPerKw = 1000;
// CPU offload's time (time_model.cpp offload_terms()): the optimizer step on the host's CPUs, per
// parameter each node updates (DeepSpeed CPU-Adam, the gradients copied down and the weights up,
// not hidden by the GPUs' work). Measured step times with and without offload_optimizer, per
// parameter of the node: 2.98 and 2.50 ns (LLaMA-7B on 8 × A800, ZeRO-2 and -3, DeepSpeed 0.14.2:
// gist.github.com/chenyaofo/d4cd6a20ab4b95cb3a49491747e2139a), 1.11 ns (Falcon-7B on 8 × A100 40GB,
// ZeRO-3: github.com/deepspeedai/DeepSpeed/issues/3901), 1.86 ns (Llama-2 1.2B on one GPU:
// DeepSpeed issue 6695); 1.98 ns their geometric mean, rounded. The papers' ~1.2× (large batches on
// V100s) is far from what these runs measured (2.2–4.8×).
constexpr double kOffloadCpuSecondsPerParam = 2e-9;
// The search's order of preference among strategies that fit on as few cards (strategy.h
// strategy_slowdown(); not a time): the measured slowdowns above, optimizer offload 2.17–2.31× (the
// gist), optimizer and parameters 2.1× (params alone, DeepSpeed issue 3901) to 4.8×.
constexpr double kOffloadOptimizerSlowdown = 2.2;
constexpr double kOffloadParamsSlowdown = 2.5;
// fp32 runs at TF32 (half the dense 16-bit rate, Ampere and later) or at plain FP32 (~1/8).
constexpr double kTf32Ratio = 2, kFp32Ratio = 8;
// The strategy search: tensor-parallel degrees tried (one node's NVLink domain).
constexpr int kSearchTp[] = {1, 2, 4, 8};
// docs/design.md's worked example: 7B × 2.5e8 tokens × 6 on one A100 (312 TFLOPS) at 40%.
constexpr double kExampleFlops = 6 * 7e9 * 2.5e8;
constexpr double kExamplePeakTflops = 312, kExampleUtilization = 0.4;
constexpr double kExampleSharedSeconds = 856; // the widely shared wrong answer
// Compute capability each precision needs (NVIDIA: bf16 tensor cores from Ampere 8.0, FP8 from
// Ada/Hopper 8.9); below 8.0 there is no TF32 either.
constexpr double kBf16MinCc = 8.0, kFp8MinCc = 8.9, kTf32MinCc = 8.0;
// "Memory nearly full": headroom under this share of usable memory.
constexpr double kNearlyFullFraction = 0.05;
constexpr double kBytesPerGB = 1e9; // decimal GB, as providers bill and networks quote
// Host RAM while loading, per rank, in copies of the 16-bit checkpoint. Hugging Face from_pretrained
// since transformers 4.51 always creates the model on the meta device and then loads the checkpoint's
// tensors into it: one copy per rank. low_cpu_mem_usage, which chose that path, was removed
// (huggingface/transformers#36963; #38792, 2025-06-12: "the arg is ignored already"; #41103, v4.57:
// "the model is loaded on meta device, then params are loaded one after the other"). Before 4.51,
// without low_cpu_mem_usage, it held random weights and the checkpoint: "each process will load the
// pretrained model and store these two copies in RAM" (docs v4.30 big_models): 2.
constexpr double kHfLoadCopies = 1;
// Under DeepSpeed ZeRO-3 (zero.Init) the model is created partitioned on the cards and the checkpoint
// is read one shard file at a time: modeling_utils loads each shard's state dict and hands it to
// _load_state_dict_into_zero3_model before the next, so a rank holds at most one shard, never the
// whole checkpoint. Shards are written at most 5 GB each (save_pretrained's max_shard_size="5GB";
// Qwen3-235B-A22B on the Hub: 118 files of about 4 GB). Measured the other way round: with zero.Init
// not active, every rank held the whole checkpoint (~230 GB a rank for a 30B VLM, node OOM at 8 GPUs),
// and "ZeRO-3 shard-load avoids the host OOM" (Roblox/FAI-RL#66, #93, 2026).
constexpr double kCheckpointShardBytes = 5e9;
// ZeRO-Offload keeps the 16-bit gradients beside the fp32 optimizer states on the host for the CPU
// Adam step (Ren et al. 2021, "ZeRO-Offload", Fig. 2: 2M bytes of gradients + 12M of states on the CPU).
constexpr double kOffloadGradBytesPerParam = 2;
// Host RAM each rank's process holds of its own in both phases, beside what it loads or offloads: the
// interpreter, PyTorch's and CUDA's libraries and their host-side state (dataloader workers left out).
// Published: 0.6 GiB per rank beyond the weights while 8 ranks each loaded a 7B model in fp32
// (lm-sys/FastChat#114: 25.7 GiB RES each, the weights 25.1 GiB); 0.8 GB per rank at a PyTorch run's
// start, before its dataloader workers (rwth-i6/returnn#1490, 2024); 1,931 MB per GPU for a fairseq
// transformer-base run, linear up to 15,469 MB on 8 GPUs (facebookresearch/fairseq#574, 2019). 1 GiB
// is within +69% / −44% of them (README, "Host RAM per node").
constexpr double kProcessHostBytes = kGiB;
// The catalog's host_ram_gib is for a node of this many cards (AWS p4de/p5/g6e.48xlarge, DGX).
constexpr int kCatalogNodeCards = 8;
// Spot billing: λ·τ is capped here (e^500 ≈ 1.4e217) so a hopeless run stays a finite number.
constexpr double kSpotMaxExposure = 500;
// Rent versus buy: the break-even use commonly quoted for A100-class cards (docs/design.md, "Cost").
constexpr double kQuotedBreakEvenLowHours = 300, kQuotedBreakEvenHighHours = 350;

} // namespace detail
} // namespace traincalc

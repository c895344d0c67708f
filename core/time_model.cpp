// traincalc — core/time_model.cpp
// Peak rate, utilization and scaling defaults, compute seconds, wall clock.
//
// Index of this file:
// [SECTION] Scaling curve, peak rate, compute time
// [SECTION] Wall clock
#include "time_model.h"
#include <algorithm>
#include <cassert>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Scaling curve, peak rate, compute time
//-----------------------------------------------------------------------------

// The seed article's rule of thumb: 80-85% at 8 cards and ~70% at 32+ (commodity set-ups). Shown beside the
// efficiency the communication gives (a reference line in the shown work); no time is computed from it.
double rule_of_thumb_scaling(int cards) {
    if (cards <= 1) return 1.0;
    const double x = std::log2(double(cards));
    if (x <= 3) return 1.0 + (kRuleOfThumbScaling8 - 1.0) * x / 3; // 1 → 1.0, 8 → 0.825
    if (x <= 5) return kRuleOfThumbScaling8 + (kRuleOfThumbScaling32 - kRuleOfThumbScaling8) * (x - 3) / 2;
    return kRuleOfThumbScaling32;
}

// The tuned pretraining stacks have published utilizations; the fine-tuning stacks (hf, unsloth,
// deepspeed) keep the card's default: no published figure here calibrates them yet.
bool fine_moe_on_hf(const Scenario& s, int experts) {
    return experts >= kFineMoeMinExperts && (s.stack == Stack::hf || s.stack == Stack::deepspeed);
}

double default_utilization(const Scenario& s, const GpuSpec& g, int experts) {
    if (s.stack == Stack::torchtitan) // FSDP stacks reach a smaller share of Hopper's higher peak
        return kTorchtitanUtilization *
               (g.compute_capability >= kHopperMinCc ? kFsdpHopperUtilizationRatio : 1.0);
    if (s.stack == Stack::megatron) return kMegatronUtilization;
    double card =
        g.utilization_default > 0 && g.utilization_default <= 1 ? g.utilization_default : kDefaultUtilization;
    if (fine_moe_on_hf(s, experts)) card *= kHfFineMoeUtilizationFactor;
    if (s.method == Method::qlora) // beside the fixed per-layer cost (compute_impl), fitted on QLoRA rows
        return std::min(
            card * (s.stack == Stack::unsloth ? kUnslothQloraUtilizationFactor : kHfQloraUtilizationFactor),
            kImpossibleUtilization);
    return card;
}

// FP8 training on a card that has it: the 16-bit rate × the measured end-to-end speed-up; fp32 runs at TF32
// (half the dense 16-bit rate on Ampere and later) or at plain FP32 (~1/8) on cards without TF32 (CC < 8.0).
double peak_tflops(const GpuSpec& g, Precision p, Terms* log) {
    Calc c(log, TermId::peak_tflops, "TFLOPS");
    if (p == Precision::fp8 && g.tflops_fp8 > 0 &&
        !(g.compute_capability > 0 && g.compute_capability < kFp8MinCc))
        c.first("peak_16", g.tflops_16bit, "TFLOPS") // only the linear layers run at the FP8 rate
            .mul("fp8 speed-up", std::min(kFp8EndToEndSpeedup, g.tflops_fp8 / g.tflops_16bit));
    else if (p == Precision::fp32)
        c.first("peak_16", g.tflops_16bit, "TFLOPS")
            .div("fp32",
                 (g.compute_capability > 0 && g.compute_capability < kTf32MinCc) ? kFp32Ratio : kTf32Ratio);
    else
        c.first("peak_16", g.tflops_16bit, "TFLOPS");
    return c.done();
}

// CPU offload (ZeRO-Offload / ZeRO-Infinity) moves states over PCIe every step; the optimizer
// step runs on the CPU.
double offload_slowdown(Offload o) {
    switch (o) {
    case Offload::optimizer:
        return kOffloadOptimizerSlowdown;
    case Offload::optimizer_params:
        return kOffloadParamsSlowdown;
    default:
        return 1.0;
    }
}

// GRPO/PPO rollout generation on the engine's cards (vLLM), per run. Decoding reads the engine's
// weights and the batch's KV cache at every step: a step takes the longer of those bytes over the
// memory bandwidth and the batch's 2·N_act FLOPs per token over the card's rate. The KV read is at
// the mean context p + c/2. Prefill is compute-bound: 2·N_act per prompt token, each prompt once
// (vLLM's prefix caching serves the G samples of one prompt).
template <class C>
static double generation_impl(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                              const Strategy& st, Terms* log) {
    const double engine_cards = rollout_engine_cards(s, st);
    const double batch = rollout_batch<C>(s, md, st, log);
    // Each step reads the engine's weights: its 16-bit copy, or with Unsloth the shared training weights.
    const bool shared = rollout_shares_weights(s);
    const double weights_b = shared ? md.weights_bytes : md.params * kBase16BytesPerParam;
    const TermId weights_id = shared ? TermId::weights_model : TermId::engine_weights;
    const double mem_s = C(log, TermId::decode_step_memory, "s")
                             .first("W", weights_b / kGiB, "GiB", weights_id)
                             .mul("", kGiB, "B/GiB")
                             .div("BW", ti.bandwidth_gbps, "GB/s")
                             .div("", kBytesPerGB, "B/GB")
                             .add("B", batch, "", TermId::rollout_batch)
                             .mul("p", md.prompt_len)
                             .mul("KV", md.kv_bytes_per_token, "B", TermId::kv_bytes_per_token)
                             .div("BW", ti.bandwidth_gbps, "GB/s")
                             .div("", kBytesPerGB, "B/GB")
                             .add("B", batch, "", TermId::rollout_batch)
                             .mul("c/2", md.completion_len / 2)
                             .mul("KV", md.kv_bytes_per_token, "B", TermId::kv_bytes_per_token)
                             .div("BW", ti.bandwidth_gbps, "GB/s")
                             .div("", kBytesPerGB, "B/GB")
                             .done();
    const double cmp_s = C(log, TermId::decode_step_compute, "s")
                             .first("B", batch, "", TermId::rollout_batch)
                             .mul("", 2)
                             .mul("N_act", md.active_params)
                             .div("peak", ti.peak_tflops, "TFLOPS", TermId::peak_tflops)
                             .div("", kTflops, "FLOP/s per TFLOPS")
                             .div("u", ti.utilization)
                             .done();
    const bool mem_bound = mem_s >= cmp_s;
    const double decode_s = C(log, TermId::decode_seconds, "s")
                                .first("tokens", md.generated_tokens, "tokens", TermId::generated_tokens)
                                .div("B", batch, "", TermId::rollout_batch)
                                .div("engine cards", engine_cards)
                                .mul("step", mem_bound ? mem_s : cmp_s, "s",
                                     mem_bound ? TermId::decode_step_memory : TermId::decode_step_compute)
                                .done();
    const double prefill_s = C(log, TermId::prefill_seconds, "s")
                                 .first("prompt tokens", md.prompt_tokens, "tokens")
                                 .mul("", 2)
                                 .mul("N_act", md.active_params)
                                 .div("engine cards", engine_cards)
                                 .div("peak", ti.peak_tflops, "TFLOPS", TermId::peak_tflops)
                                 .div("", kTflops, "FLOP/s per TFLOPS")
                                 .div("u", ti.utilization)
                                 .done();
    return C(log, TermId::generation_seconds, "s")
        .first("decode", decode_s, "s", TermId::decode_seconds)
        .add("prefill", prefill_s, "s", TermId::prefill_seconds)
        .done();
}

void set_links(TimeInputs& ti, const GpuSpec& g) {
    ti.nvlink = g.nvlink_gbps > 0;
    ti.nvlink_gbps = g.nvlink_gbps;
    const int gen = g.pcie_gen > 0 ? g.pcie_gen : g.compute_capability >= kHopperMinCc ? 5 : 4;
    ti.pcie_gbps = gen <= 3 ? kPcie3GBps : gen == 4 ? kPcie4GBps : gen == 5 ? kPcie5GBps : kPcie6GBps;
    ti.nic_gbps = g.nic_gbps > 0 ? g.nic_gbps : kInterNodeGBps;
}

// Bandwidth per card and direction of a group of `span` consecutive ranks: NVLink (half the
// catalog's both-directions figure) or PCIe inside a node, the card's network port across nodes
// (point-to-point and all-to-all traffic: each card sends through its own port).
static double group_link_gbps(const Scenario& s, const TimeInputs& ti, int span) {
    const double inside = ti.nvlink_gbps > 0 ? ti.nvlink_gbps / 2 : ti.pcie_gbps;
    return span <= s.cards_per_node ? inside : std::min(inside, ti.nic_gbps);
}

// Bus bandwidth of a ring collective (all-reduce, reduce-scatter, all-gather) over `group` ranks
// placed `stride` cards apart (the ranks between them belong to the inner parallel groups), GB/s:
// - inside one node: NVLink/NVSwitch, half the catalog's both-directions figure × the share NCCL
//   reaches (kNvlinkBusEfficiency); without NVLink, PCIe at the card's generation.
// - across nodes: NCCL runs one ring per network port (rail-optimised nodes, one port per card), so
//   the k ranks of the group in each node carry the ring's inter-node traffic together: k × the
//   port × kNetworkBusEfficiency (3 nodes × 4 HDR ports: 84.8 of 100 GB/s measured), capped by the
//   in-node links. Recorded as the branch taken.
template <class C>
static double ring_bus_gbps(const Scenario& s, const TimeInputs& ti, int group, int stride, TermId id,
                            Terms* log) {
    C c(log, id, "GB/s");
    const bool nvlink = ti.nvlink_gbps > 0;
    const double inside = nvlink ? ti.nvlink_gbps / 2 * kNvlinkBusEfficiency : ti.pcie_gbps;
    const int per_node = std::max(1, s.cards_per_node / std::max(stride, 1));
    const double k = std::min(group, per_node);
    const double across = ti.nic_gbps * k * kNetworkBusEfficiency;
    if (double(group) * std::max(stride, 1) > s.cards_per_node && across < inside)
        c.first("NIC", ti.nic_gbps, "GB/s").mul("ranks per node", k).mul("NCCL", kNetworkBusEfficiency);
    else if (nvlink)
        c.first("NVLink", ti.nvlink_gbps, "GB/s").div("both directions", 2).mul("NCCL", kNvlinkBusEfficiency);
    else
        c.first("PCIe", ti.pcie_gbps, "GB/s");
    return c.done();
}

// Data-parallel gradient synchronisation per card over the run, the part compute does not hide (s).
// The group: d·cp ranks (Megatron's data-with-context group; ZeRO shards over it), tp cards apart.
// Per card the shard of the model its tp·pp group holds: P = W ÷ (tp·pp) weights as held (16-bit,
// NF4 under QLoRA), G = N_t × B_g ÷ (tp·pp) (the trainable weights' gradients: LoRA's adapters only),
// reduced in their own dtype. Ring volumes per card (NCCL): all-reduce 2(g−1)/g × bytes, reduce-scatter and
// all-gather (g−1)/g × bytes each.
// - ZeRO 0 (DDP): all-reduce of G once per optimizer step. PyTorch DDP all-reduces 25 MB buckets as
//   their gradients are ready, overlapped with the rest of the backward (Li et al., "PyTorch
//   Distributed", VLDB 2020, section 3.2.3); with gradient accumulation only the last micro-batch
//   synchronises (no_sync), so the backward of one micro-batch hides it: backward share =
//   1 − 2·N_act ÷ F_exec per token (the forward's 2·N_act; recomputation runs inside the backward).
// - ZeRO 1/2: reduce-scatter of G, hidden the same way (DeepSpeed overlap_comm), then the updated
//   shards' all-gather (trainable weights, N_t × B_w) after the optimizer step, not hidden.
// - ZeRO 3 / FSDP: per micro-batch an all-gather of P in the forward, another in the backward and a
//   reduce-scatter of G; FSDP prefetches the next layer's gather and reduce-scatters while the
//   backward goes on (Zhao et al., "PyTorch FSDP", VLDB 2023, section 3.3.2), so the whole
//   micro-batch's compute hides it.
// Only what exceeds that compute is added; MoE expert gradients are counted as if replicated
// (their smaller expert-data-parallel group is not modelled: an upper bound).
// GRPO/PPO train each batch of rollouts update_epochs times (TRL's num_iterations, LLaMA-Factory's
// ppo_epochs): what every training pass moves or waits for is × E too. Absent at E = 1.
template <class C> static C& per_pass(C& c, const ModelDerived& md) {
    if (md.update_epochs > 1) c.mul("update epochs", md.update_epochs);
    return c;
}

// Micro-batches per card over the run, D ÷ s ÷ b ÷ d (× E): the data-parallel syncs and CPU offload count
// them.
template <class C> static double micro_batches_of(const ModelDerived& md, const Strategy& st, Terms* log) {
    C c(log, TermId::dp_micro_batches, "");
    c.first("D", md.tokens, "tokens", TermId::tokens)
        .div("s", std::max(md.attention_seq_len, 1.0))
        .div("b", std::max(md.micro_batch, 1))
        .div("d", st.dp());
    return per_pass(c, md).done();
}

template <class C>
static double dp_comm(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st,
                      double math_s, double& micro_batches, Terms* log) {
    const int g = st.dp() * st.cp;
    if (g <= 1) return 0;
    const double mp = double(st.tp) * st.pp;
    const double share = double(g - 1) / g;
    const double bus = ring_bus_gbps<C>(s, ti, g, st.tp, TermId::dp_bus_gbps, log);
    micro_batches = micro_batches_of<C>(md, st, log);
    const bool zero3 = st.zero >= 3;
    const double accum = std::max(s.grad_accum, 1);
    C bytes(log, TermId::dp_comm_bytes, "B");
    if (zero3)
        bytes.first("(g-1)/g", share)
            .mul("gathers", 2)
            .mul("W", md.weights_bytes, "B")
            .div("tp·pp", mp)
            .add("(g-1)/g", share)
            .mul("N_t", md.trainable_params)
            .mul("B_g", md.grad_bytes_per_param, "B")
            .div("tp·pp", mp);
    else
        (st.zero == 0 ? bytes.first("", 2).mul("(g-1)/g", share) : bytes.first("(g-1)/g", share))
            .mul("N_t", md.trainable_params)
            .mul("B_g", md.grad_bytes_per_param, "B")
            .div("tp·pp", mp);
    const double sync_b = bytes.done();
    const double sync_s = C(log, TermId::dp_comm_seconds, "s")
                              .first("bytes", sync_b, "B", TermId::dp_comm_bytes)
                              .div("bus", bus, "GB/s", TermId::dp_bus_gbps)
                              .div("", kBytesPerGB, "B/GB")
                              .done();
    const double fwd =
        md.flops_executed_per_token > 0 ? 2 * md.active_params / md.flops_executed_per_token : 0;
    C win(log, TermId::dp_comm_window, "s");
    win.first("compute", math_s, "s", TermId::math_seconds)
        .div("micro-batches", micro_batches, "", TermId::dp_micro_batches);
    if (!zero3) win.mul("backward share", std::max(0.0, 1 - fwd));
    const double window_s = win.done();
    double gather_s = 0;
    if (st.zero == 1 || st.zero == 2)
        gather_s = C(log, TermId::dp_gather_seconds, "s")
                       .first("(g-1)/g", share)
                       .mul("N_t", md.trainable_params)
                       .mul("B_w", md.weight_bytes_per_param, "B")
                       .div("tp·pp", mp)
                       .div("bus", bus, "GB/s", TermId::dp_bus_gbps)
                       .div("", kBytesPerGB, "B/GB")
                       .done();
    if (sync_s <= window_s && gather_s <= 0) return 0;
    C ex(log, TermId::dp_comm_exposed, "s");
    bool any = false;
    if (sync_s > window_s) {
        const double syncs = zero3 ? micro_batches : micro_batches / accum; // (sync − hidden) × syncs
        ex.first("sync", sync_s, "s", TermId::dp_comm_seconds)
            .mul("syncs", syncs)
            .sub("hidden", window_s, "s", TermId::dp_comm_window)
            .mul("syncs", syncs);
        any = true;
    }
    if (gather_s > 0) {
        if (any)
            ex.add("gather", gather_s, "s", TermId::dp_gather_seconds);
        else
            ex.first("gather", gather_s, "s", TermId::dp_gather_seconds);
        ex.mul("steps", micro_batches / accum);
    }
    return ex.done();
}

// Tensor parallelism's activation all-reduces per card over the run (s): Megatron's layout has two
// in each layer's forward (after attention and after the MLP) and two in its backward, six with full
// recomputation (Shoeybi et al. 2019, section 3: "4 total communication operations in the forward and
// backward pass of a single model parallel transformer layer"); each moves 2(t−1)/t × the layer's
// input, 2·h bytes per token. Sequence parallelism replaces each by a reduce-scatter and an all-gather
// of the same volume (Korthikanti et al. 2022). Tokens through each card's layers: D ÷ (d·cp), L ÷ pp
// layers. Counted whole: Megatron overlaps them only with --tp-comm-overlap (not its default).
template <class C>
static double tp_comm(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st,
                      Terms* log) {
    if (st.tp <= 1) return 0;
    const double bus = ring_bus_gbps<C>(s, ti, st.tp, 1, TermId::tp_bus_gbps, log);
    C c(log, TermId::tp_comm_seconds, "s");
    c.first("D", md.tokens, "tokens", TermId::tokens);
    return per_pass(c, md)
        .div("d·cp", double(st.dp()) * st.cp)
        .mul("L", md.layers)
        .div("pp", st.pp)
        .mul("all-reduces", s.checkpointing == Checkpointing::full ? 6 : 4)
        .mul("2(t-1)/t", 2.0 * (st.tp - 1) / st.tp)
        .mul("", kBase16BytesPerParam, "B")
        .mul("h", md.hidden)
        .div("bus", bus, "GB/s", TermId::tp_bus_gbps)
        .div("", kBytesPerGB, "B/GB")
        .done();
}

// Communication that parallelism adds to the compute time, per card over the run (seconds):
// - context parallelism (ring attention, Megatron's default p2p): each token's K and V of every
//   layer pass cp − 1 cards, forward once and backward twice (K/V again, and dK/dV), once more
//   with full recomputation. Counted whole (Megatron overlaps it with the attention blocks: an
//   upper bound). Per card D ÷ cards tokens per layer (tp, cp, pp and d split the token-layers).
// - expert parallelism: each routed token's hidden state (2·h bytes) per chosen expert goes out
//   and comes back (dispatch, combine), forward and backward: 4 all-to-alls per MoE layer, 6 with
//   full recomputation; (ep − 1)/ep of it leaves the card. Not overlapped (Megatron's default).
// - activation offload: the moved activations go out in forward and come back in backward over
//   PCIe, overlapped with compute: only what compute does not hide is added.
// CPU offload (DeepSpeed ZeRO-Offload, ZeRO-Infinity): what the GPUs' work does not hide, added to
// the compute time as communication is (calibrated against measured step times: constants.h):
// - the optimizer step on the CPUs, once per optimizer step: each rank's shard of the trainable
//   parameters, N_t ÷ (tp·pp) ÷ d, updated by CPU-Adam (the gradients copied down, the weights up);
//   the node's CPUs serve all its ranks, so a step takes ranks × shard × the time per parameter.
// - parameter offload (ZeRO-3): each rank's shard of the weights, W ÷ (tp·pp) ÷ d, fetched from host
//   RAM over PCIe in the forward and again in the backward of every micro-batch.
template <class C>
static double offload_terms(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                            const Strategy& st, double micro_batches, Terms* log) {
    if (st.offload == Offload::none) return 0;
    const double mp = double(st.tp) * st.pp;
    const int ranks = std::max(1, std::min(st.cards, s.cards_per_node));
    if (micro_batches <= 0)
        micro_batches = micro_batches_of<C>(md, st, log); // no data-parallel sync counted them
    const double step_s = C(log, TermId::offload_cpu_step_seconds, "s")
                              .first("N_t", md.trainable_params)
                              .div("tp·pp", mp)
                              .div("d", st.dp())
                              .mul("ranks", ranks)
                              .mul("per parameter", kOffloadCpuSecondsPerParam, "s")
                              .done();
    double fetch_s = 0;
    if (st.offload == Offload::optimizer_params)
        fetch_s = C(log, TermId::offload_fetch_seconds, "s")
                      .first("micro-batches", micro_batches, "", TermId::dp_micro_batches)
                      .mul("fwd+bwd", 2)
                      .mul("W", md.weights_bytes, "B")
                      .div("tp·pp", mp)
                      .div("d", st.dp())
                      .div("PCIe", ti.pcie_gbps, "GB/s")
                      .div("", kBytesPerGB, "B/GB")
                      .done();
    C c(log, TermId::offload_seconds, "s");
    c.first("micro-batches", micro_batches, "", TermId::dp_micro_batches) // ÷ accumulation: optimizer steps
        .div("accumulation", std::max(s.grad_accum, 1))
        .mul("CPU step", step_s, "s", TermId::offload_cpu_step_seconds);
    if (fetch_s > 0) c.add("fetched", fetch_s, "s", TermId::offload_fetch_seconds);
    return c.done();
}

template <class C>
static double comm_terms(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st,
                         double math_s, bool derived_scaling, double* scaling_used, Terms* log) {
    const double cards = st.cards < 1 ? 1 : st.cards;
    const bool full = s.checkpointing == Checkpointing::full;
    double cp_s = 0, ep_s = 0, exposed = 0, dp_s = 0, tp_s = 0;
    double micro_batches = 0; // per card over the run: counted by the data-parallel sync or CPU offload
    if (derived_scaling) {
        dp_s = dp_comm<C>(s, md, ti, st, math_s, micro_batches, log);
        tp_s = tp_comm<C>(s, md, ti, st, log);
        // The efficiency this gives (for the report), and the seed article's rule of thumb beside it.
        const double eff = C(log, TermId::scaling_efficiency, "")
                               .first("compute", math_s, "s", TermId::math_seconds)
                               .div("compute+DP+TP", math_s + dp_s + tp_s, "s")
                               .done();
        if (scaling_used) *scaling_used = eff;
        C(log, TermId::scaling_rule_of_thumb, "").first("article", rule_of_thumb_scaling(st.cards)).done();
    }
    if (st.cp > 1) {
        C c(log, TermId::cp_comm_seconds, "s");
        c.first("D", md.tokens, "tokens", TermId::tokens);
        cp_s = per_pass(c, md)
                   .div("cards", cards)
                   .mul("L", md.layers)
                   .mul("cp-1", st.cp - 1)
                   .mul("passes", full ? 4 : 3)
                   .mul("", kBase16BytesPerParam, "B")
                   .mul("K+V width", md.kv_ring_width)
                   .div("link", group_link_gbps(s, ti, st.tp * st.cp), "GB/s")
                   .div("", kBytesPerGB, "B/GB")
                   .done();
    }
    if (st.ep > 1 && md.experts > 0) {
        C c(log, TermId::ep_comm_seconds, "s");
        c.first("D", md.tokens, "tokens", TermId::tokens);
        ep_s = per_pass(c, md)
                   .div("cards", cards)
                   .mul("L_moe", md.moe_layers)
                   .mul("k", md.experts_per_token)
                   .mul("", kBase16BytesPerParam, "B")
                   .mul("h", md.hidden)
                   .mul("all-to-alls", full ? 6 : 4)
                   .mul("(ep-1)/ep", double(st.ep - 1) / st.ep)
                   .div("link", group_link_gbps(s, ti, st.tp * st.cp * st.ep), "GB/s")
                   .div("", kBytesPerGB, "B/GB")
                   .done();
    }
    const double host_gib = st.activation_offload ? activation_offload_gib(s, md, st) : 0;
    if (host_gib > 0) {
        C c(log, TermId::act_offload_seconds, "s");
        c.first("out+back", 2)
            .mul("host acts", host_gib, "GiB", TermId::act_offload_host)
            .mul("", kGiB, "B/GiB");
        const double in_flight = micro_batches_in_flight(s, st);
        if (in_flight > 1) c.div("m_flight", in_flight);
        c.mul("D", md.tokens, "tokens", TermId::tokens).div("s", md.seq_len).div("b", md.micro_batch);
        per_pass(c, md);
        if (md.seqs_per_sample > 1) c.div("chosen+rejected", md.seqs_per_sample);
        c.div("d", st.dp()).div("PCIe", ti.pcie_gbps, "GB/s").div("", kBytesPerGB, "B/GB");
        const double transfer = c.done();
        if (transfer > math_s)
            exposed = C(log, TermId::act_offload_exposed, "s")
                          .first("transfer", transfer, "s", TermId::act_offload_seconds)
                          .sub("compute", math_s, "s", TermId::math_seconds)
                          .done();
    }
    const double offload_s = offload_terms<C>(s, md, ti, st, micro_batches, log);
    C c(log, md.rl ? TermId::train_seconds : TermId::compute_seconds, "s");
    c.first("compute", math_s, "s", TermId::math_seconds);
    if (dp_s > 0) c.add("DP sync exposed", dp_s, "s", TermId::dp_comm_exposed);
    if (tp_s > 0) c.add("TP all-reduces", tp_s, "s", TermId::tp_comm_seconds);
    if (cp_s > 0) c.add("CP ring", cp_s, "s", TermId::cp_comm_seconds);
    if (ep_s > 0) c.add("EP all-to-all", ep_s, "s", TermId::ep_comm_seconds);
    if (exposed > 0) c.add("offload exposed", exposed, "s", TermId::act_offload_exposed);
    if (offload_s > 0) c.add("CPU offload", offload_s, "s", TermId::offload_seconds);
    return c.done();
}

// The FLOPs' time on each card: peak × utilization, the pipeline bubble and QLoRA's fixed cost (or a measured
// throughput, which includes them). compute_seconds() adds the communication and generation to it, so it is
// never more than compute_seconds().
template <class C>
static double math_impl(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st,
                        TermId id, double* bubble_used, Terms* log) {
    const double cards = st.cards < 1 ? 1 : st.cards;
    // A given efficiency replaces the derived one (the time is then divided by it).
    const double eff = ti.scaling_override > 0 ? ti.scaling_override : 1.0;
    const double m = std::max(s.grad_accum, 1);
    double bubble = 1.0;
    if (st.pp > 1) { // GPipe/1F1B bubble (m+p-1)/m
        const double slots = C(log, TermId::bubble_slots, "").first("m", m).add("p", st.pp).sub("", 1).done();
        bubble = C(log, TermId::pipeline_bubble, "")
                     .first("slots", slots, "", TermId::bubble_slots)
                     .div("m", m)
                     .done();
    }
    if (bubble_used) *bubble_used = bubble;
    // QLoRA's fixed cost per micro-batch and layer, on each card: micro-batches per data-parallel
    // rank × the layers of its pipeline stage (recorded before the compute term that adds it).
    double overhead_s = 0;
    if (s.method == Method::qlora && ti.measured_tps <= 0) {
        C q(log, TermId::qlora_overhead_seconds, "s");
        q.first("D", md.tokens, "tokens", TermId::tokens);
        overhead_s = per_pass(q, md)
                         .div("b", std::max(md.micro_batch, 1))
                         .div("s", std::max(md.attention_seq_len, 1.0))
                         .div("d", std::max(st.dp(), 1))
                         .mul("L", md.layers)
                         .div("pp", std::max(st.pp, 1))
                         .mul("per layer", kQloraOverheadPerLayerS, "s")
                         .done();
    }
    C c(log, id, "s");
    if (ti.measured_tps > 0) { // measured: bubble already inside
        c.first("D", md.tokens, "tokens", TermId::tokens);
        per_pass(c, md).div("tokens/s", ti.measured_tps).div("cards", cards);
        if (eff != 1.0) c.div("eff", eff);
    } else {
        c.first("F_exec", md.tokens * md.flops_executed_per_token, "FLOPs", TermId::flops_executed)
            .div("cards", cards)
            .div("peak", ti.peak_tflops, "TFLOPS", TermId::peak_tflops)
            .div("", kTflops, "FLOP/s per TFLOPS")
            .div("u", ti.utilization);
        if (eff != 1.0) c.div("eff", eff);
        if (bubble > 1) c.mul("bubble", bubble, "", TermId::pipeline_bubble);
        if (overhead_s > 0) c.add("fixed", overhead_s, "s", TermId::qlora_overhead_seconds);
    }
    return c.done();
}

template <class C>
static double compute_impl(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                           const Strategy& st, double* scaling_used, double* bubble_used, Terms* log,
                           double* generation_used) {
    // A measured throughput already includes the communication of the run it was measured on.
    const bool derived_scaling =
        ti.scaling_override <= 0 && ti.measured_tps <= 0 && (st.dp() * st.cp > 1 || st.tp > 1);
    if (scaling_used) *scaling_used = ti.scaling_override > 0 ? ti.scaling_override : 1.0;
    // GRPO/PPO: this is the training phase; generation follows and the two add (TRL's trainers
    // wait for the rollouts before each optimizer step).
    // Parallelism's communication (measured throughput already includes it): the FLOPs' time is
    // then its own term and the communication adds to it.
    const bool comm =
        ti.measured_tps <= 0 &&
        (derived_scaling || st.cp > 1 || (st.ep > 1 && md.experts > 0) ||
         (st.activation_offload && activation_offload_gib(s, md, st) > 0) || st.offload != Offload::none);
    const TermId id = comm ? TermId::math_seconds : md.rl ? TermId::train_seconds : TermId::compute_seconds;
    double train_s = math_impl<C>(s, md, ti, st, id, bubble_used, log);
    if (comm) train_s = comm_terms<C>(s, md, ti, st, train_s, derived_scaling, scaling_used, log);
    if (generation_used) *generation_used = 0;
    if (!md.rl) return train_s;
    const double gen_s = generation_impl<C>(s, md, ti, st, log);
    if (generation_used) *generation_used = gen_s;
    return C(log, TermId::compute_seconds, "s")
        .first("training", train_s, "s", TermId::train_seconds)
        .add("generation", gen_s, "s", TermId::generation_seconds)
        .done();
}

double math_seconds(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st) {
    return math_impl<FastCalc>(s, md, ti, st, TermId::math_seconds, nullptr, nullptr);
}

double compute_seconds(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st,
                       double* scaling_used, double* bubble_used, Terms* log, double* generation_used) {
    return log ? compute_impl<Calc>(s, md, ti, st, scaling_used, bubble_used, log, generation_used)
               : compute_impl<FastCalc>(s, md, ti, st, scaling_used, bubble_used, nullptr, generation_used);
}

//-----------------------------------------------------------------------------
// [SECTION] Wall clock
//-----------------------------------------------------------------------------

// Low: proportional overhead and fixed hours halved; high: both doubled.
template <class C>
static void wall_impl(const Scenario& s, const ModelDerived& md, double compute_hours, TimeResult& t,
                      Terms* log) {
    t.compute_hours = compute_hours;
    t.overhead_hours = C(log, TermId::overhead_hours, "h")
                           .first("compute", compute_hours, "h", TermId::compute_hours)
                           .mul("overhead", s.overhead_fraction)
                           .done();
    t.fixed_hours = s.fixed_hours;
    {
        C c(log, TermId::upload_hours, "h");
        if (s.upload_gb > 0)
            c.first("upload size", s.upload_gb, "GB").mul("", kBytesPerGB, "B/GB");
        else
            c.first("dataset", md.dataset_bytes, "B");
        t.upload_hours = c.mul("", kBitsPerByte, "bit/B")
                             .div("upload bw", s.upload_mbps, "Mbit/s")
                             .div("", kMega, "bit/Mbit")
                             .div("", kSecondsPerHour, "s/h")
                             .done();
    }
    t.download_hours = C(log, TermId::download_hours, "h")
                           .first("N", md.params)
                           .mul("", kBase16BytesPerParam, "B")
                           .mul("", kBitsPerByte, "bit/B")
                           .div("download bw", s.download_mbps, "Mbit/s")
                           .div("", kMega, "bit/Mbit")
                           .div("", kSecondsPerHour, "s/h")
                           .done();
    t.checkpoint_hours = C(log, TermId::checkpoint_hours, "h")
                             .first("checkpoints", s.checkpoints)
                             .mul("size", md.checkpoint_bytes, "B")
                             .div("write", s.disk_write_mb_per_s, "MB/s")
                             .div("", kMega, "B/MB")
                             .div("", kSecondsPerHour, "s/h")
                             .done();
    // The three sums share their parts; the low and high ends scale overhead and fixed hours.
    struct Variant {
        TermId id;
        double k;
    };
    const Variant variants[3] = {
        {TermId::wall_hours, 1.0}, {TermId::wall_hours_low, 0.5}, {TermId::wall_hours_high, 2.0}};
    double* outs[3] = {&t.wall_hours, &t.wall_hours_low, &t.wall_hours_high};
    for (int i = 0; i < 3; i++) {
        C c(log, variants[i].id, "h");
        c.first("compute", compute_hours, "h", TermId::compute_hours);
        if (variants[i].k != 1.0)
            c.add("", variants[i].k).mul("overhead", t.overhead_hours, "h", TermId::overhead_hours);
        else
            c.add("overhead", t.overhead_hours, "h", TermId::overhead_hours);
        if (variants[i].k != 1.0)
            c.add("", variants[i].k).mul("fixed", t.fixed_hours, "h");
        else
            c.add("fixed", t.fixed_hours, "h");
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
    if (log)
        wall_impl<Calc>(s, md, compute_hours, t, log);
    else
        wall_impl<FastCalc>(s, md, compute_hours, t, nullptr);
}

} // namespace detail
} // namespace traincalc

// traincalc — core/estimate.cpp
// The estimator: compute, memory, time, cards, cost, rent-versus-buy, warnings.
// Formulas and sources are in DESIGN.md; every constant below says where it comes from.
//
// Index of this file:
// [SECTION] Input guards (bilingual FieldErrors; no allocation on the good path)
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
#include <nlohmann/json.hpp>
#include <algorithm>
#include <cassert>
#include <cstdio>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Input guards
//-----------------------------------------------------------------------------

static void push_range_error(std::vector<FieldError>& errors, const char* field, double value,
                             double lo, double hi) {
    char buf_en[256];
    char buf_zh[256];
    std::snprintf(buf_en, sizeof buf_en, "%s = %g is out of range: allowed %g to %g", field, value, lo, hi);
    std::snprintf(buf_zh, sizeof buf_zh, "%s = %g 超出允许范围：%g 到 %g", field, value, lo, hi);
    errors.push_back(FieldError{field, buf_en, buf_zh});
}

// Range check with NaN rejected (NaN fails both comparisons).
static void check_range(std::vector<FieldError>& errors, const char* field, double value, double lo, double hi) {
    if (!(value >= lo && value <= hi)) push_range_error(errors, field, std::isfinite(value) ? value : 0.0, lo, hi);
}

static const GpuSpec* find_gpu_by_id(const Catalog& c, const std::string& id) {
    for (const GpuSpec& g : c.gpus)
        if (g.id == id) return &g;
    return nullptr;
}
static const ModelSpec* find_model_by_id(const Catalog& c, const std::string& id) {
    for (const ModelSpec& m : c.models)
        if (m.id == id) return &m;
    return nullptr;
}

static void unknown_id_error(std::vector<FieldError>& errors, const char* field, const std::string& id) {
    std::string shown = id.size() > 64 ? id.substr(0, 64) + "…" : id;
    errors.push_back(FieldError{field,
        std::string(field) + " = \"" + shown + "\" is not in the catalog: choose a listed id or enter a custom one",
        std::string(field) + " = \"" + shown + "\" 不在目录中：请选择列表中的型号，或填写自定义参数"});
}

// Ranges chosen so that every product below stays far from overflow (2T params × 1e15 tokens
// × 16 FLOPs ≈ 3e28) and every division has a non-zero denominator.
static void check_model(std::vector<FieldError>& e, const ModelSpec& m) {
    check_range(e, "model.params", m.params, 1e5, 1e14);
    check_range(e, "model.active_params", m.active_params, 0, std::max(m.params, 1e5));
    check_range(e, "model.layers", m.layers, 1, 10000);
    check_range(e, "model.hidden", m.hidden, 1, 1048576);
    check_range(e, "model.heads", m.heads, 1, 16384);
    check_range(e, "model.kv_heads", m.kv_heads, 0, std::max(m.heads, 1));
    check_range(e, "model.ffn", m.ffn, 0, 16777216);
    check_range(e, "model.vocab", m.vocab, 0, 16777216);
    check_range(e, "model.experts", m.experts, 0, 65536);
    check_range(e, "model.experts_per_token", m.experts_per_token, 0, std::max(m.experts, 0));
}
static void check_gpu(std::vector<FieldError>& e, const GpuSpec& g) {
    check_range(e, "gpu.memory_gib", g.memory_gib, 0.5, 100000);
    check_range(e, "gpu.tflops_16bit", g.tflops_16bit, 0.01, 1e6);
    check_range(e, "gpu.tflops_fp8", g.tflops_fp8, 0, 1e7);
}
static void check_scenario(std::vector<FieldError>& e, const Scenario& s) {
    check_range(e, "lora_rank", s.lora_rank, 1, 1024);
    check_range(e, "tokens", s.tokens, 1, 1e15);
    check_range(e, "samples", s.samples, 1, 1e13);
    check_range(e, "avg_tokens", s.avg_tokens, 1, 1e7);
    check_range(e, "dataset_mb", s.dataset_mb, 1e-3, 1e12);
    check_range(e, "chars_per_token", s.chars_per_token, 0.1, 100);
    check_range(e, "bytes_per_char", s.bytes_per_char, 0.1, 8);
    check_range(e, "epochs", s.epochs, 0.01, 1000);
    check_range(e, "seq_len", s.seq_len, 1, 16777216);
    check_range(e, "micro_batch", s.micro_batch, 1, 65536);
    check_range(e, "grad_accum", s.grad_accum, 1, 1048576);
    check_range(e, "zero", s.zero, 0, 3);
    check_range(e, "tp", s.tp, 1, 1024);
    check_range(e, "pp", s.pp, 1, 1024);
    check_range(e, "cards", s.cards, 1, kMaxCards);
    check_range(e, "utilization", s.utilization, 0, 1);
    check_range(e, "scaling_efficiency", s.scaling_efficiency, 0, 1);
    check_range(e, "tokens_per_second_per_gpu", s.tokens_per_second_per_gpu, 0, 1e9);
    check_range(e, "deadline_hours", s.deadline_hours, 0, 1e7);
    check_range(e, "overhead_fraction", s.overhead_fraction, 0, 100);
    check_range(e, "fixed_hours", s.fixed_hours, 0, 1e6);
    check_range(e, "upload_gb", s.upload_gb, 0, 1e9);
    check_range(e, "upload_mbps", s.upload_mbps, 0.001, 1e7);
    check_range(e, "download_mbps", s.download_mbps, 0.001, 1e7);
    check_range(e, "checkpoints", s.checkpoints, 0, 1e6);
    check_range(e, "disk_write_mb_per_s", s.disk_write_mb_per_s, 0.001, 1e8);
    check_range(e, "pilot_hours", s.pilot_hours, 0, 1e6);
    check_range(e, "pilot_fraction", s.pilot_fraction, 1e-6, 1);
    check_range(e, "price_hourly", s.price_hourly, -1e30, 1e9);
    check_range(e, "price_daily", s.price_daily, -1e30, 1e10);
    check_range(e, "price_monthly", s.price_monthly, -1e30, 1e11);
    check_range(e, "min_billed_hours", s.min_billed_hours, 0, 1e5);
    check_range(e, "storage_gb", s.storage_gb, 0, 1e9);
    check_range(e, "storage_per_gb_month", s.storage_per_gb_month, 0, 1e6);
    check_range(e, "traffic_gb", s.traffic_gb, 0, 1e9);
    check_range(e, "traffic_per_gb", s.traffic_per_gb, 0, 1e6);
    check_range(e, "cny_per_usd", s.cny_per_usd, 0, 1e4);
    check_range(e, "purchase_price", s.purchase_price, -1e30, 1e12);
    check_range(e, "depreciation_months", s.depreciation_months, 1, 1200);
    check_range(e, "electricity_per_kwh", s.electricity_per_kwh, 0, 1e4);
    check_range(e, "pue", s.pue, 1, 10);
    check_range(e, "rack_per_month", s.rack_per_month, 0, 1e9);
    check_range(e, "ops_per_month", s.ops_per_month, 0, 1e9);
    check_range(e, "hours_per_month_used", s.hours_per_month_used, 0, 744);
    static const char* const quote_price[3] = {"quotes[0].price_per_card_hour", "quotes[1].price_per_card_hour",
                                               "quotes[2].price_per_card_hour"};
    static const char* const quote_min[3] = {"quotes[0].min_billed_hours", "quotes[1].min_billed_hours",
                                             "quotes[2].min_billed_hours"};
    for (int i = 0; i < 3; i++) {
        check_range(e, quote_price[i], s.quotes[i].price_per_card_hour, 0, 1e9);
        check_range(e, quote_min[i], s.quotes[i].min_billed_hours, 0, 1e5);
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Model-derived quantities
//-----------------------------------------------------------------------------

// Bytes per parameter for the scenario's precision. Mixed precision keeps an fp32 master copy in
// the optimizer states (ZeRO paper: 2 + 2 + 12 = 16 B/param with AdamW); pure fp32 needs none.
static double weight_bytes_per_param(Precision p) {
    switch (p) {
    case Precision::fp32: return 4;
    case Precision::fp8: return 1;   // DESIGN.md: ~1 B/param for fp8 weights
    default: return 2;
    }
}
static double grad_bytes_per_param(Precision p) { return p == Precision::fp32 ? 4 : 2; }
static double optimizer_bytes_per_param(Optimizer o, Precision p) {
    bool master = p != Precision::fp32;   // fp32 training needs no separate fp32 master copy
    switch (o) {
    case Optimizer::adamw_8bit: return (master ? 4 : 0) + 2;  // master + two 8-bit moments = 6
    case Optimizer::sgd: return (master ? 4 : 0) + 4;         // master + momentum = 8
    default: return (master ? 4 : 0) + 8;                     // master + m + v = 12
    }
}

void derive_model(const Scenario& s, const ModelSpec& m, ModelDerived& o) {
    o = ModelDerived{};
    const double N = m.params;
    const double N_act = m.active_params > 0 ? std::min(m.active_params, N) : N;
    const double L = std::max(m.layers, 1);
    const double h = std::max(m.hidden, 1);
    const double a = std::max(m.heads, 1);
    const double kv = m.kv_heads > 0 ? m.kv_heads : a;
    const double head_dim = m.head_dim > 0 ? m.head_dim : h / a;
    const double q_width = a * head_dim;                       // = h unless head_dim is set (Gemma-2)
    const double kv_width = kv * head_dim;                     // GQA: K and V are narrower than h
    // Feed-forward width when unknown: LLaMA's 8h/3 for gated FFNs, GPT's 4h otherwise.
    const double f = m.ffn > 0 ? m.ffn : (m.gated_ffn ? std::round(8.0 * h / 3.0) : 4.0 * h);
    const double ffn_mats = m.gated_ffn ? 3 : 2;
    const double experts = m.experts > 0 ? m.experts : 1;
    const double experts_active = m.experts > 0 ? std::max(m.experts_per_token, 1) : 1;
    const double V = std::max(m.vocab, 0);
    const double seq = s.seq_len;
    const double mb = s.micro_batch;

    o.layers = m.layers < 1 ? 1 : m.layers;
    o.hidden = m.hidden < 1 ? 1 : m.hidden;
    o.heads = m.heads < 1 ? 1 : m.heads;
    o.seq_len = s.seq_len;
    o.micro_batch = s.micro_batch;
    o.params = N;
    o.active_params = N_act;

    // Linear layers (what QLoRA quantises): q,o are h×h; k,v are h×kv_width; FFN per expert.
    double attn_linear = 2 * h * q_width + 2 * h * kv_width;
    double ffn_linear = ffn_mats * h * f * experts + (m.experts > 0 ? h * experts : 0);
    double arch_linear = L * (attn_linear + ffn_linear);
    o.linear_params = clampd(arch_linear, 0, N);
    o.other_params = N - o.linear_params;

    // LoRA adapters: r·(d_in + d_out) per adapted matrix per layer.
    if (s.method != Method::full) {
        double r = s.lora_rank;
        double per_layer = (h + q_width) + (h + kv_width);                 // q, v
        if (s.lora_targets == LoraTargets::all) {
            per_layer += (h + kv_width) + (q_width + h);                   // k, o
            per_layer += ffn_mats * (h + f) * experts;                     // gate, up, down
        }
        o.adapter_params = r * L * per_layer;
    }
    o.trainable_params = s.method == Method::full ? N : o.adapter_params;

    // Bytes, whole model.
    const double wbpp = weight_bytes_per_param(s.precision);
    const double gbpp = grad_bytes_per_param(s.precision);
    const double obpp = optimizer_bytes_per_param(s.optimizer, s.precision);
    if (s.method == Method::qlora) {
        // NF4: 0.5 B/param + double-quantised constants ≈ 0.127 bit/param (blocks of 64, QLoRA paper).
        o.weights_bytes = o.linear_params * (0.5 + 0.127 / 8.0) + o.other_params * 2.0;
    } else {
        o.weights_bytes = N * wbpp;
    }
    if (s.method == Method::full) {
        o.grads_bytes = N * gbpp;
        o.optimizer_bytes = N * obpp;
        o.checkpoint_bytes = N * 2.0 + o.optimizer_bytes;
    } else {
        // Adapters carry 16-bit weights and gradients plus the optimizer states.
        o.adapter_bytes = o.adapter_params * (wbpp + gbpp + obpp);
        o.checkpoint_bytes = o.adapter_params * (2.0 + obpp);
    }
    o.download_bytes = N * 2.0;                                 // the 16-bit base checkpoint
    o.layer_weights_bytes = o.weights_bytes / L;

    // Activations per token per layer, bytes (Korthikanti et al. 2022, generalised; no dropout
    // masks since current LLMs train without dropout): two norm inputs 4h; attention: QKV input
    // 2h, Q 2h, K and V 2·kv_width each, output-projection input 2h; FFN: input 2h plus, per
    // active expert, gated 8f (gate, up, act(gate), product) or 4f (GeLU in and out).
    double ffn_act = (m.gated_ffn ? 8.0 : 4.0) * f * experts_active;
    o.act_linear_bytes_per_token_layer = 4 * h + (2 * h + 4 * q_width + 4 * kv_width) + 2 * h + ffn_act;
    // The s² attention scores (softmax output, dropout mask and output: 5·a·s bytes per token);
    // flash attention and selective recomputation never store them.
    bool scores_stored = !s.flash_attention && s.checkpointing != Checkpointing::selective;
    o.act_scores_bytes_per_token_layer = scores_stored ? 5.0 * a * seq : 0.0;
    o.act_input_bytes_per_token_layer = 2 * h;
    o.logits_bytes_per_token = 8.0 * V;                         // fp32 logits + their gradient
    (void)mb;

    // FLOPs per token. Attention scores: 12·L·h·s = 6·(2·L·h·s), forward share 4·L·h·s.
    double attention = 12.0 * L * h * seq;
    o.flops_model_per_token = 6.0 * N_act + attention;
    double dense = s.method == Method::full ? 6.0 * N_act : 4.0 * N_act + 6.0 * o.adapter_params;
    double extra_attention = 0;
    if (s.checkpointing == Checkpointing::full) {
        dense += 2.0 * N_act;                                   // one more forward pass
        extra_attention = attention / 3.0;
    } else if (s.checkpointing == Checkpointing::selective) {
        extra_attention = attention / 3.0;                      // the attention core is recomputed
    }
    o.flops_attention_per_token = attention + extra_attention;
    o.flops_executed_per_token = dense + o.flops_attention_per_token;

    // Data.
    double per_epoch = 0;
    switch (s.data_input) {
    case DataInput::tokens: per_epoch = s.tokens; break;
    case DataInput::samples: per_epoch = s.samples * s.avg_tokens; break;
    case DataInput::dataset_size:
        per_epoch = safe_div(s.dataset_mb * 1e6, s.chars_per_token * s.bytes_per_char);
        break;
    }
    o.tokens_per_epoch = per_epoch;
    o.tokens = per_epoch * s.epochs;
    o.dataset_bytes = s.data_input == DataInput::dataset_size
                          ? s.dataset_mb * 1e6
                          : per_epoch * s.chars_per_token * s.bytes_per_char;
}

//-----------------------------------------------------------------------------
// [SECTION] Memory per GPU
//-----------------------------------------------------------------------------

// The driver and CUDA keep part of the nominal memory: 3%, at least 0.5 GiB.
double usable_gib(const GpuSpec& g) {
    double reserve = std::max(0.5, 0.03 * g.memory_gib);
    return std::max(0.0, g.memory_gib - reserve);
}

void memory_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                MemoryResult& out) {
    assert(st.tp >= 1 && st.pp >= 1 && st.cards >= 1 && "memory_for: tp, pp and cards must be >= 1: check the scenario before calling");
    const double mp = double(st.tp) * st.pp;
    const double d = st.dp();
    double cpu_bytes = 0;

    double weights = md.weights_bytes / mp;
    if (st.zero >= 3) weights /= d;
    if (st.offload == Offload::optimizer_params) {
        cpu_bytes += weights;
        weights = 2.0 * md.layer_weights_bytes / st.tp;       // two layers in flight (prefetch)
    }
    double grads = md.grads_bytes / mp;
    if (st.zero >= 2) grads /= d;
    double opt = md.optimizer_bytes / mp;
    if (st.zero >= 1) opt /= d;
    double adapters = md.adapter_bytes / mp;
    if (st.zero >= 1) adapters /= d;
    if (st.offload != Offload::none) {
        cpu_bytes += opt;
        opt = 0;
    }

    // Activations: the first pipeline stage holds up to p micro-batches of its L/p layers;
    // sequence parallelism divides everything by t when tp > 1.
    const double tokens_mb = double(md.seq_len) * md.micro_batch;
    const double layers_stage = std::ceil(double(md.layers) / st.pp);
    const double in_flight = st.pp > 1 ? std::min<double>(st.pp, std::max(s.grad_accum, 1)) : 1.0;
    const double per_layer = tokens_mb * (md.act_linear_bytes_per_token_layer +
                                          md.act_scores_bytes_per_token_layer) / st.tp;
    double acts;
    if (s.checkpointing == Checkpointing::full)
        acts = layers_stage * in_flight * tokens_mb * md.act_input_bytes_per_token_layer / st.tp + per_layer;
    else
        acts = layers_stage * in_flight * per_layer;
    // Conservative: the first stage's activations plus the logits (which live on the last).
    double logits = tokens_mb * md.logits_bytes_per_token / st.tp;

    double rest = weights + grads + opt + adapters + acts + logits;
    // CUDA context and workspaces ~1 GiB, plus a 6% allocator fragmentation margin.
    double overhead = kGiB + 0.06 * rest;

    out.weights_gib = weights / kGiB;
    out.gradients_gib = grads / kGiB;
    out.optimizer_gib = opt / kGiB;
    out.adapters_gib = adapters / kGiB;
    out.activations_gib = acts / kGiB;
    out.logits_gib = logits / kGiB;
    out.overhead_gib = overhead / kGiB;
    out.per_gpu_gib = (rest + overhead) / kGiB;
    out.capacity_gib = g.memory_gib;
    out.usable_gib = usable_gib(g);
    out.headroom_gib = out.usable_gib - out.per_gpu_gib;
    out.cpu_ram_gib = cpu_bytes / kGiB;
    out.fits = out.per_gpu_gib <= out.usable_gib;
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

// FP8 rate only when training in FP8 on a card that has one; fp32 runs at TF32 (half the dense
// 16-bit rate on Ampere and later) or at plain FP32 (~1/8) on cards without TF32 (CC < 8.0).
double peak_tflops(const GpuSpec& g, Precision p) {
    if (p == Precision::fp8 && g.tflops_fp8 > 0 && !(g.compute_capability > 0 && g.compute_capability < 8.9))
        return g.tflops_fp8;
    if (p == Precision::fp32)
        return (g.compute_capability > 0 && g.compute_capability < 8.0) ? g.tflops_16bit / 8.0 : g.tflops_16bit / 2.0;
    return g.tflops_16bit;
}

// CPU offload (ZeRO-Offload / ZeRO-Infinity) moves states over PCIe every step; the optimizer
// step runs on the CPU. Rough slowdowns: optimizer 1.2×, optimizer + parameters 1.6×.
double offload_slowdown(Offload o) {
    switch (o) {
    case Offload::optimizer: return 1.2;
    case Offload::optimizer_params: return 1.6;
    default: return 1.0;
    }
}

double compute_seconds(const Scenario& s, const ModelDerived& md, const TimeInputs& ti,
                       const Strategy& st, double* scaling_used, double* bubble_used) {
    const double cards = st.cards < 1 ? 1 : st.cards;
    double eff = ti.scaling_override > 0 ? ti.scaling_override : default_scaling(st.cards, ti.nvlink);
    double m = std::max(s.grad_accum, 1);
    double bubble = st.pp > 1 ? (m + st.pp - 1) / m : 1.0;   // GPipe/1F1B bubble (m+p-1)/m
    if (scaling_used) *scaling_used = eff;
    if (bubble_used) *bubble_used = bubble;
    if (ti.measured_tps > 0)                                  // measured: bubble already inside
        return safe_div(md.tokens, ti.measured_tps * cards * eff);
    double flops_per_s = cards * ti.peak_tflops * 1e12 * ti.utilization * eff;
    return safe_div(md.tokens * md.flops_executed_per_token, flops_per_s) * bubble * offload_slowdown(st.offload);
}

//-----------------------------------------------------------------------------
// [SECTION] Wall clock
//-----------------------------------------------------------------------------

// Low: proportional overhead and fixed hours halved; high: both doubled.
void wall_clock(const Scenario& s, const ModelDerived& md, double compute_hours, TimeResult& t) {
    t.compute_hours = compute_hours;
    t.overhead_hours = compute_hours * s.overhead_fraction;
    t.fixed_hours = s.fixed_hours;
    double upload_bytes = s.upload_gb > 0 ? s.upload_gb * 1e9 : md.dataset_bytes;
    t.upload_hours = safe_div(upload_bytes * 8.0, s.upload_mbps * 1e6) / 3600.0;
    t.download_hours = safe_div(md.download_bytes * 8.0, s.download_mbps * 1e6) / 3600.0;
    t.checkpoint_hours = safe_div(s.checkpoints * md.checkpoint_bytes, s.disk_write_mb_per_s * 1e6) / 3600.0;
    double transfers = t.upload_hours + t.download_hours + t.checkpoint_hours;
    t.wall_hours = compute_hours + t.overhead_hours + t.fixed_hours + transfers;
    t.wall_hours_low = compute_hours + 0.5 * t.overhead_hours + 0.5 * t.fixed_hours + transfers;
    t.wall_hours_high = compute_hours + 2.0 * t.overhead_hours + 2.0 * t.fixed_hours + transfers;
    // Pilot-run extrapolation, with a 1.5× margin for what a small pilot does not show.
    t.pilot_extrapolated_hours = s.pilot_hours > 0 ? safe_div(s.pilot_hours, s.pilot_fraction) * 1.5 : 0.0;
}

//-----------------------------------------------------------------------------
// [SECTION] Prices and cost
//-----------------------------------------------------------------------------

static double exchange_rate(const Scenario& s, const Catalog& c) {
    if (s.cny_per_usd > 0) return s.cny_per_usd;
    if (c.cny_per_usd > 0 && std::isfinite(c.cny_per_usd)) return c.cny_per_usd;
    return 7.2;
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
static double mixed_cost_per_card(const Prices& p, double wall, double min_billed, double* units_hours) {
    double best = -1, best_units = 0;
    double months_c[3] = {0, std::floor(wall / 720.0), std::floor(wall / 720.0) + 1};
    for (double mo : months_c) {
        if (mo > 0 && !(p.monthly > 0)) continue;
        double r1 = std::max(0.0, wall - mo * 720.0);
        double days_c[3] = {0, std::floor(r1 / 24.0), std::floor(r1 / 24.0) + 1};
        for (double dy : days_c) {
            if (dy > 0 && !(p.daily > 0)) continue;
            double r2 = std::max(0.0, r1 - dy * 24.0);
            double hrs = ceil_units(r2, min_billed);
            if (hrs > 0 && !(p.hourly > 0)) continue;
            double cost = mo * p.monthly + dy * p.daily + hrs * p.hourly;
            if (best < 0 || cost < best) {
                best = cost;
                best_units = mo * 720.0 + dy * 24.0 + hrs;
            }
        }
    }
    if (units_hours) *units_hours = best_units;
    return best;
}

void cost_for(const Scenario& s, const Prices& p, int cards, double wall_hours, double tokens,
              CostResult& out) {
    const double n = cards < 1 ? 1 : cards;
    const double wall = std::max(0.0, wall_hours);
    out.currency = s.currency;
    out.price_hourly = p.hourly;
    out.price_daily = p.daily;
    out.price_monthly = p.monthly;
    out.storage = s.storage_gb * s.storage_per_gb_month * wall / 720.0;   // prorated months
    out.traffic = s.traffic_gb * s.traffic_per_gb;
    const double fees = out.storage + out.traffic;
    out.gpu_hours = n * wall;

    PlanCost& hourly = out.plans[0];
    hourly.plan = Plan::hourly;
    hourly.available = p.hourly > 0;
    hourly.units = ceil_units(wall, s.min_billed_hours);
    hourly.total = hourly.available ? hourly.units * p.hourly * n + fees : 0;

    PlanCost& daily = out.plans[1];
    daily.plan = Plan::daily;
    daily.available = p.daily > 0;
    daily.units = ceil_units(wall, 24.0) / 24.0;
    daily.total = daily.available ? daily.units * p.daily * n + fees : 0;

    PlanCost& monthly = out.plans[2];
    monthly.plan = Plan::monthly;
    monthly.available = p.monthly > 0;
    monthly.units = ceil_units(wall, 720.0) / 720.0;
    monthly.total = monthly.available ? monthly.units * p.monthly * n + fees : 0;

    PlanCost& mixed = out.plans[3];
    mixed.plan = Plan::mixed;
    double mixed_units = 0;
    double mixed_per_card = (hourly.available || daily.available || monthly.available)
                                ? mixed_cost_per_card(p, wall, s.min_billed_hours, &mixed_units) : -1;
    mixed.available = mixed_per_card >= 0;
    mixed.units = mixed_units;
    mixed.total = mixed.available ? mixed_per_card * n + fees : 0;

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
    out.per_million_tokens = safe_div(out.total, tokens / 1e6);
}

} // namespace detail

using namespace detail;

//-----------------------------------------------------------------------------
// [SECTION] Card searches
//-----------------------------------------------------------------------------

namespace {

// Smallest card count (a multiple of tp·pp, ≤ 65536) at which the strategy fits; 0 = none.
// Memory is affine in 1/d, M(d) = A + B/d, so d is solved for directly and then confirmed.
int min_cards_for_memory(const Scenario& s, const ModelDerived& md, const GpuSpec& g, Strategy st) {
    const int mp = st.tp * st.pp;
    if (mp > kMaxCards) return 0;
    MemoryResult m1, m2;
    st.cards = mp;
    memory_for(s, md, g, st, m1);
    if (m1.fits) return mp;
    st.cards = 2 * mp;
    memory_for(s, md, g, st, m2);
    double B = 2.0 * (m1.per_gpu_gib - m2.per_gpu_gib);
    double A = m1.per_gpu_gib - B;
    double usable = m1.usable_gib;
    if (!(B > 1e-12) || !(usable > A)) return 0;
    double d_need = std::ceil(B / (usable - A) - 1e-9);
    int d_max = kMaxCards / mp;
    if (!(d_need <= d_max)) return 0;
    int d = std::max(1, int(d_need));
    for (; d <= d_max; d++) {                       // confirm against rounding (one step at most)
        st.cards = d * mp;
        MemoryResult mr;
        memory_for(s, md, g, st, mr);
        if (mr.fits) return st.cards;
        if (d > int(d_need) + 2) break;
    }
    return 0;
}

double wall_for(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st) {
    double sec = compute_seconds(s, md, ti, st, nullptr, nullptr);
    TimeResult t;
    wall_clock(s, md, sec / 3600.0, t);
    return t.wall_hours;
}

// Smallest count ≥ min_cards (a multiple of tp·pp) whose wall clock meets the deadline.
// Wall time never increases with cards (see default_scaling), so a binary search is exact.
int cards_for_deadline(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, Strategy st,
                       int min_cards) {
    const int mp = st.tp * st.pp;
    if (min_cards <= 0 || mp <= 0) return 0;
    int lo = std::max(1, min_cards / mp), hi = kMaxCards / mp;
    if (lo > hi) return 0;
    st.cards = hi * mp;
    if (wall_for(s, md, ti, st) > s.deadline_hours) return 0;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        st.cards = mid * mp;
        if (wall_for(s, md, ti, st) <= s.deadline_hours) hi = mid;
        else lo = mid + 1;
    }
    return lo * mp;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] estimate()
//-----------------------------------------------------------------------------

static void add_warning(Estimate& e, WarningCode c, double value, double limit) {
    e.warnings.push_back(Warning{c, finite_or(value), finite_or(limit)});
}

Estimate estimate(const Scenario& s, const Catalog& catalog) {
    Estimate e;
    // Resolve model and card.
    const ModelSpec* model = nullptr;
    const GpuSpec* gpu = nullptr;
    if (s.model_id.empty()) {
        model = &s.model;
    } else {
        model = find_model_by_id(catalog, s.model_id);
        if (!model) unknown_id_error(e.errors, "model", s.model_id);
    }
    if (s.gpu_id.empty()) {
        gpu = &s.gpu;
    } else {
        gpu = find_gpu_by_id(catalog, s.gpu_id);
        if (!gpu) unknown_id_error(e.errors, "gpu", s.gpu_id);
    }
    if (model) check_model(e.errors, *model);
    if (gpu) check_gpu(e.errors, *gpu);
    check_scenario(e.errors, s);
    if (!e.errors.empty()) return e;                          // ok = false, the rest zero

    e.model = *model;
    e.gpu = *gpu;
    const GpuSpec& g = *gpu;

    ModelDerived md;
    derive_model(s, *model, md);

    // Compute.
    FlopsResult& f = e.flops;
    f.tokens = md.tokens;
    f.params = md.params;
    f.active_params = md.active_params;
    f.trainable_params = md.trainable_params;
    f.model = md.flops_model_per_token * md.tokens;
    f.rule_of_thumb = 6.0 * md.params * md.tokens;
    f.executed = md.flops_executed_per_token * md.tokens;
    f.per_token_executed = md.flops_executed_per_token;

    // Strategy as given; d = cards / (tp·pp), at least 1.
    Strategy st;
    st.cards = s.cards;
    st.zero = s.zero;
    st.tp = s.tp;
    st.pp = s.pp;
    st.offload = s.offload;

    // Time.
    TimeInputs ti;
    ti.peak_tflops = peak_tflops(g, s.precision);
    ti.utilization = s.utilization > 0 ? s.utilization
                                       : (g.utilization_default > 0 && g.utilization_default <= 1 ? g.utilization_default : 0.4);
    ti.scaling_override = s.scaling_efficiency;
    ti.measured_tps = s.tokens_per_second_per_gpu;
    ti.nvlink = g.nvlink_gbps > 0;
    TimeResult& t = e.time;
    double scaling = 1, bubble = 1;
    double compute_s = compute_seconds(s, md, ti, st, &scaling, &bubble);
    wall_clock(s, md, compute_s / 3600.0, t);
    t.pipeline_bubble = bubble;
    t.scaling_efficiency = scaling;
    t.peak_tflops = ti.peak_tflops;
    double implied_util = 0;
    if (ti.measured_tps > 0) {
        implied_util = safe_div(ti.measured_tps * md.flops_executed_per_token, ti.peak_tflops * 1e12);
        t.utilization = implied_util;
    } else {
        t.utilization = ti.utilization;
    }
    t.effective_tflops_per_gpu = ti.peak_tflops * t.utilization;
    e.throughput_tokens_per_second_per_gpu = safe_div(md.tokens, compute_s * std::max(s.cards, 1));

    // Memory.
    memory_for(s, md, g, st, e.memory);

    // Cards.
    CardsResult& c = e.cards;
    c.min_for_memory = min_cards_for_memory(s, md, g, st);
    {
        static const int tps[4] = {1, 2, 4, 8};
        static const Offload offs[3] = {Offload::none, Offload::optimizer, Offload::optimizer_params};
        int best = 0;
        for (Offload off : offs) {
            for (int tp : tps) {
                if (md.heads % tp != 0) continue;             // heads split evenly across TP ranks
                for (int z = 0; z <= 3; z++) {
                    if (off == Offload::optimizer && z < 1) continue;          // DeepSpeed: offload needs ZeRO
                    if (off == Offload::optimizer_params && z < 3) continue;   // parameter offload is ZeRO-3
                    Strategy cand = st;
                    cand.tp = tp;
                    cand.zero = z;
                    cand.offload = off;
                    int n = min_cards_for_memory(s, md, g, cand);
                    if (n > 0 && (best == 0 || n < best)) {
                        best = n;
                        c.best_zero = z;
                        c.best_tp = tp;
                        c.best_offload = off;
                    }
                }
            }
        }
        c.min_for_memory_any = best;
    }
    if (s.deadline_hours > 0) {
        c.for_deadline = cards_for_deadline(s, md, ti, st, c.min_for_memory);
        // "Impossible" would mislead when only the scenario's own strategy never fits.
        Strategy best = st;
        best.zero = c.best_zero;
        best.tp = c.best_tp;
        best.offload = c.best_offload;
        c.for_deadline_any = c.for_deadline > 0 ? c.for_deadline : cards_for_deadline(s, md, ti, best, c.min_for_memory_any);
    }

    // Cost.
    Prices prices = prices_for(s, g, catalog, true);
    cost_for(s, prices, s.cards, t.wall_hours, md.tokens, e.cost);
    e.gpu_hours = e.cost.gpu_hours;

    // Rent versus buy, per card per month.
    BuyResult& b = e.buy;
    const double H = s.hours_per_month_used;
    b.depreciation_per_month = safe_div(prices.purchase, s.depreciation_months);
    double power_per_hour = g.tdp_w / 1000.0 * s.pue * s.electricity_per_kwh;
    b.power_per_month = power_per_hour * H;
    b.own_per_month = b.depreciation_per_month + b.power_per_month + s.rack_per_month + s.ops_per_month;
    {
        double rent = -1;
        if (prices.hourly > 0) rent = ceil_units(H, s.min_billed_hours) * prices.hourly;
        if (prices.daily > 0) { double r = std::ceil(H / 24.0 - 1e-9) * prices.daily; if (rent < 0 || r < rent) rent = r; }
        if (prices.monthly > 0 && (rent < 0 || prices.monthly < rent)) rent = prices.monthly;
        b.rent_per_month = rent < 0 ? 0 : rent;
        double fixed = b.depreciation_per_month + s.rack_per_month + s.ops_per_month;
        b.break_even_hours_per_month = prices.hourly > power_per_hour ? fixed / (prices.hourly - power_per_hour) : 0;
        b.purchase_known = prices.purchase > 0;                // no price: depreciation 0 would fake "buy"
        b.buying_cheaper = b.purchase_known && rent > 0 && b.own_per_month < b.rent_per_month;
    }

    // Provider quotes: the quote's bandwidth (if given) changes the upload time, hence the wall.
    for (int i = 0; i < 3; i++) {
        const Quote& q = s.quotes[i];
        QuoteResult& qr = e.quotes[i];
        if (!(q.price_per_card_hour > 0)) continue;
        double wall = t.wall_hours;
        if (q.bandwidth_mbps > 0) {
            double upload_bytes = s.upload_gb > 0 ? s.upload_gb * 1e9 : md.dataset_bytes;
            wall += safe_div(upload_bytes * 8.0, q.bandwidth_mbps * 1e6) / 3600.0 - t.upload_hours;
        }
        qr.used = true;
        qr.billed_hours = ceil_units(wall, q.min_billed_hours);
        qr.total = s.cards * qr.billed_hours * q.price_per_card_hour +
                   s.storage_gb * q.storage_per_gb_month * wall / 720.0 + s.traffic_gb * q.traffic_per_gb;
    }

    // Warnings.
    const double cc = g.compute_capability;
    if (s.precision == Precision::bf16 && (!g.bf16 || (cc > 0 && cc < 8.0)))
        add_warning(e, WarningCode::no_bf16, cc, 8.0);
    if (s.precision == Precision::fp8 && (g.tflops_fp8 <= 0 || (cc > 0 && cc < 8.9)))
        add_warning(e, WarningCode::no_fp8, cc, 8.9);
    if (s.precision == Precision::fp32) add_warning(e, WarningCode::fp32_slow, ti.peak_tflops, g.tflops_16bit);
    if (s.cards > 1 && !(g.nvlink_gbps > 0)) add_warning(e, WarningCode::pcie_scaling, scaling, 1.0);
    if (model->context > 0 && s.seq_len > model->context)
        add_warning(e, WarningCode::seq_over_context, s.seq_len, model->context);
    if (ti.measured_tps > 0 && implied_util > 0.75)
        add_warning(e, WarningCode::impossible_throughput, implied_util, 0.75);
    if (!e.memory.fits)
        add_warning(e, WarningCode::does_not_fit, e.memory.per_gpu_gib, e.memory.usable_gib);
    else if (e.memory.headroom_gib < 0.05 * e.memory.usable_gib)
        add_warning(e, WarningCode::memory_nearly_full, e.memory.headroom_gib, 0.05 * e.memory.usable_gib);
    if (t.fixed_hours > t.compute_hours) add_warning(e, WarningCode::fixed_overhead_dominates, t.fixed_hours, t.compute_hours);
    if (s.deadline_hours > 0 && c.for_deadline_any == 0)
        add_warning(e, WarningCode::deadline_impossible, s.deadline_hours, t.wall_hours);
    if (s.cards % (s.tp * s.pp) != 0) add_warning(e, WarningCode::cards_not_divisible, s.cards, s.tp * s.pp);
    if (s.offload != Offload::none) add_warning(e, WarningCode::offload_slow, offload_slowdown(s.offload), 1.0);
    if (!g.verified) add_warning(e, WarningCode::unverified_gpu, 0, 0);

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
    default: return "unknown";
    }
}

json lines(const std::vector<std::string>& v) {
    json a = json::array();
    for (const std::string& l : v) a.push_back(l);
    return a;
}

} // namespace

std::string estimate_to_json(const Estimate& e, const Scenario& s, Lang lang) {
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
    j["explain"] = json{{"compute", lines(explain(e, s, Headline::compute, lang))},
                        {"time", lines(explain(e, s, Headline::time, lang))},
                        {"memory", lines(explain(e, s, Headline::memory, lang))},
                        {"cards", lines(explain(e, s, Headline::cards, lang))},
                        {"cost", lines(explain(e, s, Headline::cost, lang))},
                        {"buy", lines(explain(e, s, Headline::buy, lang))}};
    // Invalid UTF-8 in user text is replaced, never thrown (the page builds with JSON_NOEXCEPTION).
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace traincalc

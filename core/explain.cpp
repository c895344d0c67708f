// traincalc — core/explain.cpp
// "Show the work": each headline's formula with the numbers put in, warning texts and a
// Markdown report, in English and Simplified Chinese. Chinese strings are UTF-8 literals here
// (the font subset is built from the characters in core/*.cpp).
//
// Index of this file:
// [SECTION] Number formatting
// [SECTION] Small string helpers
// [SECTION] Explanations per headline
// [SECTION] Warning texts
// [SECTION] Markdown report
#include "explain.h"
#include "model_math.h"
#include <cassert>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace traincalc {

using namespace detail;

//-----------------------------------------------------------------------------
// [SECTION] Number formatting
//-----------------------------------------------------------------------------

// Thousands separators for a non-negative integer value already rounded.
static std::string group_thousands(double rounded) {
    char digits[64];
    std::snprintf(digits, sizeof digits, "%.0f", rounded);
    std::string out;
    int len = int(std::strlen(digits));
    for (int i = 0; i < len; i++) {
        out += digits[i];
        int left = len - 1 - i;
        if (left > 0 && left % 3 == 0) out += ',';
    }
    return out;
}

// Trailing zeros of a decimal mantissa ("2.50" → "2.5", "3.00" → "3").
static void trim_zeros(std::string& m) {
    if (m.find('.') == std::string::npos) return;
    while (!m.empty() && m.back() == '0') m.pop_back();
    if (!m.empty() && m.back() == '.') m.pop_back();
}

std::string format_number(double v, int significant) {
    if (!std::isfinite(v)) return "0";
    if (significant < 1) significant = 1;
    if (significant > 15) significant = 15;
    if (v == 0) return "0";
    std::string sign = v < 0 ? "-" : "";
    double a = std::fabs(v);
    char buf[64];
    if (a >= 1e6 || a < 1e-3) {
        // Scientific, compact exponent: 1.05e19, 2.5e-5.
        std::snprintf(buf, sizeof buf, "%.*e", significant - 1, a);
        std::string s = buf;
        size_t epos = s.find('e');
        std::string mant = s.substr(0, epos);
        trim_zeros(mant);
        int exp = std::atoi(s.c_str() + epos + 1);
        return sign + mant + "e" + std::to_string(exp);
    }
    if (a >= 1000) return sign + group_thousands(std::round(a));
    std::snprintf(buf, sizeof buf, "%.*g", significant, a);
    std::string s = buf;
    if (s.find('e') != std::string::npos) return sign + group_thousands(std::round(a)); // 999.7 → 1,000
    trim_zeros(s);
    return sign + s;
}

std::string format_hours(double hours, Lang lang) {
    if (!std::isfinite(hours) || hours < 0) hours = 0;
    bool zh = lang == Lang::zh;
    if (hours * 60 < 1) {  // under a minute: seconds, not "0 min"
        return format_number(std::round(hours * 3600)) + (zh ? " 秒" : " s");
    }
    if (hours < 1) {
        double minutes = std::round(hours * 60);
        return format_number(minutes) + (zh ? " 分钟" : " min");
    }
    if (hours < 48) return format_number(hours) + (zh ? " 小时" : " h");
    double days = hours / 24;
    if (days < 730) return format_number(days) + (zh ? " 天" : " days");
    return format_number(days / 365) + (zh ? " 年" : " years");
}

std::string format_money(double v, Currency c) {
    if (!std::isfinite(v)) v = 0;
    const char* symbol = c == Currency::usd ? "$" : "¥";
    std::string sign = v < 0 ? "-" : "";
    double a = std::fabs(v);
    char buf[64];
    if (a >= 1e15) return sign + symbol + format_number(a);
    if (a < 100 && a != std::round(a)) {
        std::snprintf(buf, sizeof buf, "%.2f", a);
        return sign + symbol + buf;
    }
    return sign + symbol + group_thousands(std::round(a));
}

//-----------------------------------------------------------------------------
// [SECTION] Small string helpers
//-----------------------------------------------------------------------------

namespace {

// printf into a std::string (explanations only: the estimator itself never formats).
std::string fmt(const char* f, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, f);
    std::vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

// Shorthands: N(x) a number, H(x) hours, M(x) money.
struct Fmt {
    Lang lang;
    Currency cur;
    std::string N(double v, int sig = 3) const { return format_number(v, sig); }
    std::string H(double h) const { return format_hours(h, lang); }
    std::string M(double v) const { return format_money(v, cur); }
    std::string P(double fraction) const { return format_number(fraction * 100, 3) + "%"; }
    const char* T(const char* en, const char* zh) const { return lang == Lang::zh ? zh : en; }
};

const char* plan_label(Plan p, Lang lang) {
    bool zh = lang == Lang::zh;
    switch (p) {
    case Plan::daily: return zh ? "按天" : "daily";
    case Plan::monthly: return zh ? "按月" : "monthly";
    case Plan::mixed: return zh ? "包月+按天+按小时组合" : "cheapest mix";
    default: return zh ? "按小时" : "hourly";
    }
}
const char* offload_label(Offload o, Lang lang) {
    bool zh = lang == Lang::zh;
    switch (o) {
    case Offload::optimizer: return zh ? "优化器卸载到 CPU" : "optimizer offloaded to CPU";
    case Offload::optimizer_params: return zh ? "优化器和参数卸载到 CPU" : "optimizer and parameters offloaded to CPU";
    default: return zh ? "不卸载" : "no offload";
    }
}
const char* method_label(Method m, Lang lang) {
    switch (m) {
    case Method::lora: return "LoRA";
    case Method::qlora: return "QLoRA";
    default: return lang == Lang::zh ? "全参数微调" : "full fine-tune";
    }
}
// English plural for a count ("1 card", "2 cards"); Chinese needs none.
const char* plural(double n) { return n == 1 ? "" : "s"; }

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Explanations per headline
//-----------------------------------------------------------------------------

static void explain_compute(const Estimate& e, const Scenario& s, const ModelDerived& md, const Fmt& F,
                            std::vector<std::string>& out) {
    bool zh = F.lang == Lang::zh;
    const FlopsResult& f = e.flops;
    const double L = md.layers, h = md.hidden, seq = md.seq_len;
    out.push_back(fmt(F.T("Tokens processed D = %s per epoch × %s epochs = %s",
                          "训练 token 数 D = 每轮 %s × %s 轮 = %s"),
                      F.N(md.tokens_per_epoch).c_str(), F.N(s.epochs).c_str(), F.N(f.tokens).c_str()));
    out.push_back(fmt(F.T("Model FLOPs = (6 × N_act + 12 × L × h × s) × D = (6 × %s + 12 × %s × %s × %s) × %s = %s",
                          "模型 FLOPs = (6 × N_act + 12 × L × h × s) × D = (6 × %s + 12 × %s × %s × %s) × %s = %s"),
                      F.N(f.active_params).c_str(), F.N(L).c_str(), F.N(h).c_str(), F.N(seq).c_str(),
                      F.N(f.tokens).c_str(), F.N(f.model).c_str()));
    out.push_back(fmt(F.T("Rule of thumb 6 × N × D = 6 × %s × %s = %s",
                          "经验公式 6 × N × D = 6 × %s × %s = %s"),
                      F.N(f.params).c_str(), F.N(f.tokens).c_str(), F.N(f.rule_of_thumb).c_str()));
    bool full_rc = s.checkpointing == Checkpointing::full;
    std::string dense;
    if (s.method == Method::full) dense = full_rc ? "8 × " + F.N(f.active_params) : "6 × " + F.N(f.active_params);
    else
        dense = (full_rc ? "6 × " : "4 × ") + F.N(f.active_params) + " + 6 × " + F.N(md.adapter_params);
    out.push_back(fmt(F.T("Executed FLOPs = (%s + attention %s) × %s = %s",
                          "实际执行 FLOPs = (%s + 注意力 %s) × %s = %s"),
                      dense.c_str(), F.N(md.flops_attention_per_token).c_str(), F.N(f.tokens).c_str(),
                      F.N(f.executed).c_str()));
    if (s.method != Method::full)
        out.push_back(F.T("LoRA/QLoRA: frozen weights need no weight gradients, so 4 × N_act instead of 6 × N_act; "
                          "only the adapters are trained",
                          "LoRA/QLoRA：冻结的权重不需要计算权重梯度，因此按 4 × N_act 而不是 6 × N_act 计算；只训练适配器参数"));
    if (full_rc)
        out.push_back(F.T("Full activation recomputation repeats the forward pass: + 2 × N_act per token (one third more)",
                          "完整激活重计算会再做一次前向：每个 token 增加 2 × N_act（多三分之一）"));
    out.push_back(fmt(F.T("Trainable parameters N_t = %s (%s)", "可训练参数 N_t = %s（%s）"),
                      F.N(f.trainable_params).c_str(), method_label(s.method, F.lang)));
    // The widely shared "≈856 s" example: 6 × 7e9 × 2.5e8 on one A100 at 40%.
    double example_s = 1.05e19 / (312e12 * 0.4);
    if (f.rule_of_thumb > 1.05e19 / 3 && f.rule_of_thumb < 1.05e19 * 3) {
        out.push_back(fmt(F.T("Check: 6 × 7e9 × 2.5e8 = 1.05e19 FLOPs on one A100 (312 TFLOPS) at 40%% takes "
                              "1.05e19 / (312e12 × 0.4) = %s s ≈ %s. The widely shared \"≈856 s\" for this example "
                              "is about 100× too small: an exponent slipped.",
                              "核对：6 × 7e9 × 2.5e8 = 1.05e19 FLOPs，在一张 A100（312 TFLOPS）上按 40%% 利用率需要 "
                              "1.05e19 / (312e12 × 0.4) = %s 秒 ≈ %s。网上流传的“约 856 秒”小了约 100 倍：指数算错了。"),
                          F.N(example_s).c_str(), F.H(example_s / 3600).c_str()));
    } else {
        out.push_back(zh ? "注：网上流传的 7B × 2.5e8 token 例子写成“约 856 秒”，实际约 84,135 秒（23.4 小时），差了约 100 倍。"
                         : "Note: the widely shared 7B × 2.5e8-token example that says \"≈856 s\" is 100× off: "
                           "it is 84,135 s ≈ 23.4 h.");
    }
}

static void explain_time(const Estimate& e, const Scenario& s, const ModelDerived& md, const Fmt& F,
                         std::vector<std::string>& out) {
    const TimeResult& t = e.time;
    double compute_s = t.compute_hours * 3600;
    if (s.tokens_per_second_per_gpu > 0) {
        out.push_back(fmt(F.T("Compute time = D / (tokens/s per card × cards × scaling) = %s / (%s × %d × %s) = %s s = %s",
                              "计算时间 = D / (每卡每秒 token 数 × 卡数 × 扩展效率) = %s / (%s × %d × %s) = %s 秒 = %s"),
                          F.N(md.tokens).c_str(), F.N(s.tokens_per_second_per_gpu).c_str(), s.cards,
                          F.N(t.scaling_efficiency).c_str(), F.N(compute_s).c_str(), F.H(t.compute_hours).c_str()));
        out.push_back(fmt(F.T("Implied utilization = %s tokens/s × %s FLOPs/token ÷ %s TFLOPS = %s of peak",
                              "推算的算力利用率 = %s token/秒 × 每 token %s FLOPs ÷ %s TFLOPS = 峰值的 %s"),
                          F.N(s.tokens_per_second_per_gpu).c_str(), F.N(e.flops.per_token_executed).c_str(),
                          F.N(t.peak_tflops).c_str(), F.P(t.utilization).c_str()));
    } else {
        std::string tail;
        if (t.pipeline_bubble > 1) tail += " × " + std::string(F.T("bubble ", "流水线气泡 ")) + F.N(t.pipeline_bubble);
        double slow = offload_slowdown(s.offload);
        if (slow > 1) tail += " × " + std::string(F.T("offload ", "卸载 ")) + F.N(slow);
        out.push_back(fmt(F.T("Compute time = executed FLOPs / (cards × peak × utilization × scaling)%s = "
                              "%s / (%d × %se12 × %s × %s)%s = %s s = %s",
                              "计算时间 = 实际 FLOPs / (卡数 × 峰值算力 × 利用率 × 扩展效率)%s = "
                              "%s / (%d × %se12 × %s × %s)%s = %s 秒 = %s"),
                          t.pipeline_bubble > 1 || slow > 1 ? F.T(" × slowdowns", " × 减速因子") : "",
                          F.N(e.flops.executed).c_str(), s.cards,
                          (t.peak_tflops < 1000 ? F.N(t.peak_tflops) : fmt("%.0f", t.peak_tflops)).c_str(), // "1979e12", not "1,979e12"
                          F.N(t.utilization).c_str(), F.N(t.scaling_efficiency).c_str(), tail.c_str(),
                          F.N(compute_s).c_str(), F.H(t.compute_hours).c_str()));
    }
    if (t.pipeline_bubble > 1)
        out.push_back(fmt(F.T("Pipeline bubble = (m + p − 1) / m = (%d + %d − 1) / %d = %s",
                              "流水线气泡 = (m + p − 1) / m = (%d + %d − 1) / %d = %s"),
                          s.grad_accum, s.pp, s.grad_accum, F.N(t.pipeline_bubble).c_str()));
    out.push_back(fmt(F.T("Throughput = %s tokens/s per card (%s TFLOPS effective per card)",
                          "吞吐量 = 每卡 %s token/秒（每卡有效算力 %s TFLOPS）"),
                      F.N(e.throughput_tokens_per_second_per_gpu).c_str(), F.N(t.effective_tflops_per_gpu).c_str()));
    out.push_back(fmt(F.T("Wall clock = compute %s × (1 + %s overhead) + fixed %s + upload %s + model download %s + "
                          "checkpoints %s = %s",
                          "总耗时 = 计算 %s × (1 + %s 额外开销) + 固定时间 %s + 上传数据 %s + 下载模型 %s + 保存检查点 %s = %s"),
                      F.H(t.compute_hours).c_str(), F.P(s.overhead_fraction).c_str(), F.H(t.fixed_hours).c_str(),
                      F.H(t.upload_hours).c_str(), F.H(t.download_hours).c_str(), F.H(t.checkpoint_hours).c_str(),
                      F.H(t.wall_hours).c_str()));
    out.push_back(fmt(F.T("Range %s – %s: overhead and fixed hours halved / doubled",
                          "范围 %s – %s：额外开销和固定时间减半 / 加倍"),
                      F.H(t.wall_hours_low).c_str(), F.H(t.wall_hours_high).c_str()));
    if (t.pilot_extrapolated_hours > 0)
        out.push_back(fmt(F.T("Pilot run: %s ÷ %s of the data × 1.5 margin = %s",
                              "试跑外推：%s ÷ 数据占比 %s × 1.5 余量 = %s"),
                          F.H(s.pilot_hours).c_str(), F.P(s.pilot_fraction).c_str(),
                          F.H(t.pilot_extrapolated_hours).c_str()));
    out.push_back(fmt(F.T("GPU hours = %d card%s × %s = %s card-hours", "卡时 = %d 张卡%s × %s = %s 卡时"),
                      s.cards, F.lang == Lang::zh ? "" : plural(s.cards), F.H(t.wall_hours).c_str(), F.N(e.gpu_hours).c_str()));
}

static void explain_memory(const Estimate& e, const Scenario& s, const ModelDerived& md, const Fmt& F,
                           std::vector<std::string>& out) {
    const MemoryResult& m = e.memory;
    const int mp = s.tp * s.pp;
    const int d = std::max(1, s.cards / std::max(1, mp));
    std::string split = fmt(" ÷ (tp %d × pp %d)", s.tp, s.pp);
    if (s.method == Method::qlora)
        out.push_back(fmt(F.T("Weights (NF4) = (%s linear × 0.516 B + %s other × 2 B)%s%s = %s GiB",
                              "权重（NF4 量化）= (%s 线性层参数 × 0.516 B + %s 其他参数 × 2 B)%s%s = %s GiB"),
                          F.N(md.linear_params).c_str(), F.N(md.other_params).c_str(), split.c_str(),
                          s.zero >= 3 ? fmt(" ÷ d %d", d).c_str() : "", F.N(m.weights_gib).c_str()));
    else
        out.push_back(fmt(F.T("Weights = %s params × %s B%s%s = %s GiB", "权重 = %s 参数 × %s B%s%s = %s GiB"),
                          F.N(md.params).c_str(), F.N(safe_div(md.weights_bytes, md.params)).c_str(), split.c_str(),
                          s.zero >= 3 ? fmt(" ÷ d %d", d).c_str() : "", F.N(m.weights_gib).c_str()));
    if (s.method == Method::full) {
        out.push_back(fmt(F.T("Gradients = %s × %s B%s%s = %s GiB", "梯度 = %s × %s B%s%s = %s GiB"),
                          F.N(md.params).c_str(), F.N(safe_div(md.grads_bytes, md.params)).c_str(), split.c_str(),
                          s.zero >= 2 ? fmt(" ÷ d %d", d).c_str() : "", F.N(m.gradients_gib).c_str()));
        out.push_back(fmt(F.T("Optimizer states = %s × %s B%s%s = %s GiB%s",
                              "优化器状态 = %s × %s B%s%s = %s GiB%s"),
                          F.N(md.params).c_str(), F.N(safe_div(md.optimizer_bytes, md.params)).c_str(), split.c_str(),
                          s.zero >= 1 ? fmt(" ÷ d %d", d).c_str() : "", F.N(m.optimizer_gib).c_str(),
                          s.offload != Offload::none ? F.T(" (offloaded to CPU)", "（已卸载到 CPU）") : ""));
        out.push_back(F.T("Mixed-precision AdamW keeps 2 + 2 + 12 = 16 bytes per parameter before sharding (ZeRO paper)",
                          "混合精度 AdamW 在切分前每个参数占 2 + 2 + 12 = 16 字节（ZeRO 论文）"));
    } else {
        out.push_back(fmt(F.T("Adapters = %s params (rank %d, %s) × %s B (weights, gradients, optimizer) = %s GiB",
                              "适配器 = %s 参数（秩 %d，%s）× %s B（权重、梯度、优化器状态）= %s GiB"),
                          F.N(md.adapter_params).c_str(), s.lora_rank,
                          s.lora_targets == LoraTargets::all ? F.T("all linear layers", "全部线性层") : "q, v",
                          F.N(safe_div(md.adapter_bytes, md.adapter_params)).c_str(), F.N(m.adapters_gib).c_str()));
    }
    const char* rc = s.checkpointing == Checkpointing::full
                         ? F.T("full recomputation: 2·s·b·h per layer + one layer", "完整重计算：每层保留 2·s·b·h，再加一层的完整激活")
                         : (s.checkpointing == Checkpointing::selective
                                ? F.T("selective recomputation: no s² scores", "选择性重计算：不保存 s² 注意力分数")
                                : (s.flash_attention ? F.T("flash attention: no s² scores", "FlashAttention：不保存 s² 注意力分数")
                                                     : F.T("with the 5·a·s² score term", "含 5·a·s² 注意力分数项")));
    out.push_back(fmt(F.T("Activations = %s B per token per layer × s %d × b %d × %d layers (%s)%s = %s GiB",
                          "激活 = 每 token 每层 %s B × s %d × b %d × %d 层（%s）%s = %s GiB"),
                      F.N(md.act_linear_bytes_per_token_layer + md.act_scores_bytes_per_token_layer).c_str(),
                      md.seq_len, md.micro_batch, md.layers, rc,
                      s.tp > 1 ? fmt(" ÷ tp %d", s.tp).c_str() : "", F.N(m.activations_gib).c_str()));
    out.push_back(fmt(F.T("Logits = s × b × V × 8 B (fp32 logits and gradient) = %d × %d × %d × 8 = %s GiB",
                          "Logits = s × b × V × 8 B（fp32 logits 及其梯度）= %d × %d × %d × 8 = %s GiB"),
                      md.seq_len, md.micro_batch, e.model.vocab, F.N(m.logits_gib).c_str()));
    out.push_back(fmt(F.T("Overhead = 1 GiB CUDA context and workspaces + 6%% fragmentation = %s GiB",
                          "框架开销 = 1 GiB CUDA 上下文和工作区 + 6%% 显存碎片 = %s GiB"),
                      F.N(m.overhead_gib).c_str()));
    out.push_back(fmt(F.T("Per card: %s GiB of %s GiB usable (%s GiB nominal, less the driver's reserve): %s",
                          "每卡显存：%s GiB / 可用 %s GiB（标称 %s GiB，扣除驱动保留）：%s"),
                      F.N(m.per_gpu_gib).c_str(), F.N(m.usable_gib).c_str(), F.N(m.capacity_gib).c_str(),
                      m.fits ? fmt(F.T("fits, %s GiB headroom", "放得下，余量 %s GiB"), F.N(m.headroom_gib).c_str()).c_str()
                             : fmt(F.T("does not fit, %s GiB short", "放不下，缺 %s GiB"), F.N(-m.headroom_gib).c_str()).c_str()));
    if (m.cpu_ram_gib > 0)
        out.push_back(fmt(F.T("CPU memory for offloaded states: %s GiB per card", "卸载到 CPU 的状态需要内存：每卡 %s GiB"),
                          F.N(m.cpu_ram_gib).c_str()));
}

static void explain_cards(const Estimate& e, const Scenario& s, const Fmt& F, std::vector<std::string>& out) {
    const CardsResult& c = e.cards;
    if (c.min_for_memory > 0)
        out.push_back(fmt(F.T("Fewest cards that fit with ZeRO-%d, tp %d, pp %d: %d",
                              "按当前策略（ZeRO-%d，tp %d，pp %d）放得下的最少卡数：%d"),
                          s.zero, s.tp, s.pp, c.min_for_memory));
    else
        out.push_back(fmt(F.T("No card count up to 65,536 fits with ZeRO-%d, tp %d, pp %d%s",
                              "按当前策略（ZeRO-%d，tp %d，pp %d）在 65,536 张卡以内都放不下%s"),
                          s.zero, s.tp, s.pp,
                          s.zero == 0 ? F.T(": without ZeRO, more cards do not reduce memory per card",
                                            "：不用 ZeRO 时，加卡不会减少每卡显存")
                                      : ""));
    if (c.min_for_memory_any > 0)
        out.push_back(fmt(F.T("Fewest cards with the best strategy: %d (ZeRO-%d, tp %d, %s)",
                              "换用最省卡的策略：%d 张（ZeRO-%d，tp %d，%s）"),
                          c.min_for_memory_any, c.best_zero, c.best_tp, offload_label(c.best_offload, F.lang)));
    else
        out.push_back(F.T("No strategy (ZeRO 0–3, offload, tp ≤ 8) fits on this card",
                          "任何策略（ZeRO 0–3、卸载、tp ≤ 8）在这张卡上都放不下"));
    if (s.deadline_hours > 0) {
        if (c.for_deadline > 0)
            out.push_back(fmt(F.T("Cards to finish within %s on the wall clock: %d",
                                  "要在%s内完成需要：%d 张卡"),
                              F.H(s.deadline_hours).c_str(), c.for_deadline));
        else if (c.for_deadline_any > 0)
            out.push_back(fmt(F.T("Cards to finish within %s on the wall clock: %d with the best strategy (ZeRO-%d, tp %d, %s); none with the current one",
                                  "要在%s内完成需要 %d 张卡（换用最省卡的策略：ZeRO-%d，tp %d，%s）；按当前策略无法完成"),
                              F.H(s.deadline_hours).c_str(), c.for_deadline_any, c.best_zero, c.best_tp,
                              offload_label(c.best_offload, F.lang)));
        else
            out.push_back(fmt(F.T("No card count up to 65,536 finishes within %s (fixed hours and transfers alone take %s)",
                                  "65,536 张卡以内都无法在 %s 内完成（固定时间和传输就要 %s）"),
                              F.H(s.deadline_hours).c_str(),
                              F.H(e.time.fixed_hours + e.time.upload_hours + e.time.download_hours + e.time.checkpoint_hours).c_str()));
    }
}

static void explain_cost(const Estimate& e, const Scenario& s, const Fmt& F, std::vector<std::string>& out) {
    const bool zh = F.lang == Lang::zh;
    const CostResult& c = e.cost;
    double fees = c.storage + c.traffic;
    for (const PlanCost& p : c.plans) {
        if (!p.available) continue;
        switch (p.plan) {
        case Plan::hourly:
            out.push_back(fmt(F.T("Hourly: %s h billed × %s × %d card%s + fees %s = %s",
                                  "按小时：计费 %s 小时 × %s × %d 张卡%s + 其他费用 %s = %s"),
                              F.N(p.units).c_str(), F.M(c.price_hourly).c_str(), s.cards, zh ? "" : plural(s.cards), F.M(fees).c_str(), F.M(p.total).c_str()));
            break;
        case Plan::daily:
            out.push_back(fmt(F.T("Daily: %s day%s × %s × %d card%s + fees %s = %s",
                                  "按天：%s 天%s × %s × %d 张卡%s + 其他费用 %s = %s"),
                              F.N(p.units).c_str(), zh ? "" : plural(p.units), F.M(c.price_daily).c_str(), s.cards, zh ? "" : plural(s.cards), F.M(fees).c_str(), F.M(p.total).c_str()));
            break;
        case Plan::monthly:
            out.push_back(fmt(F.T("Monthly: %s month%s × %s × %d card%s + fees %s = %s",
                                  "按月：%s 个月%s × %s × %d 张卡%s + 其他费用 %s = %s"),
                              F.N(p.units).c_str(), zh ? "" : plural(p.units), F.M(c.price_monthly).c_str(), s.cards, zh ? "" : plural(s.cards), F.M(fees).c_str(), F.M(p.total).c_str()));
            break;
        case Plan::mixed:
            out.push_back(fmt(F.T("Cheapest mix of months, days and hours covering %s: %s",
                                  "包月、按天、按小时的最便宜组合（覆盖 %s）：%s"),
                              F.H(p.units).c_str(), F.M(p.total).c_str()));
            break;
        }
    }
    if (fees > 0)
        out.push_back(fmt(F.T("Fees: storage %s GB × %s/GB-month × %s months + traffic %s = %s",
                              "其他费用：存储 %s GB × %s/GB·月 × %s 个月 + 流量 %s = %s"),
                          F.N(s.storage_gb).c_str(), F.M(s.storage_per_gb_month).c_str(),
                          F.N(e.time.wall_hours / 720).c_str(), F.M(c.traffic).c_str(), F.M(fees).c_str()));
    bool any = false;
    for (const PlanCost& p : c.plans) any = any || p.available;
    if (any)
        out.push_back(fmt(F.T("Best plan: %s, %s in total, %s per million tokens",
                              "最省的租用方式：%s，合计 %s，每百万 token %s"),
                          plan_label(c.best_plan, F.lang), F.M(c.total).c_str(), F.M(c.per_million_tokens).c_str()));
    else
        out.push_back(F.T("No rental price is set for this card: enter your quote",
                          "这张卡没有租用价格：请填写您的报价"));
    for (int i = 0; i < 3; i++) {
        if (!e.quotes[i].used) continue;
        const Quote& q = s.quotes[i];
        out.push_back(fmt(F.T("Quote %s: %s h billed × %s × %d card%s + fees = %s (deposit %s, refundable, not added)",
                              "报价 %s：计费 %s 小时 × %s × %d 张卡%s + 其他费用 = %s（押金 %s，可退，未计入）"),
                          q.name.empty() ? std::to_string(i + 1).c_str() : q.name.c_str(),
                          F.N(e.quotes[i].billed_hours).c_str(), F.M(q.price_per_card_hour).c_str(), s.cards,
                          zh ? "" : plural(s.cards),
                          F.M(e.quotes[i].total).c_str(), F.M(q.deposit).c_str()));
    }
}

static void explain_buy(const Estimate& e, const Scenario& s, const Fmt& F, std::vector<std::string>& out) {
    const BuyResult& b = e.buy;
    out.push_back(fmt(F.T("Owning per card per month = purchase ÷ %s months %s + power %s + rack %s + operations %s = %s",
                          "自购每卡每月成本 = 购卡价 ÷ %s 个月 %s + 电费 %s + 机柜 %s + 运维 %s = %s"),
                      F.N(s.depreciation_months).c_str(), F.M(b.depreciation_per_month).c_str(),
                      F.M(b.power_per_month).c_str(), F.M(s.rack_per_month).c_str(), F.M(s.ops_per_month).c_str(),
                      F.M(b.own_per_month).c_str()));
    out.push_back(fmt(F.T("Power = %s kW × PUE %s × %s h × %s/kWh = %s",
                          "电费 = %s kW × PUE %s × %s 小时 × %s/千瓦时 = %s"),
                      F.N(e.gpu.tdp_w / 1000).c_str(), F.N(s.pue).c_str(), F.N(s.hours_per_month_used).c_str(),
                      F.M(s.electricity_per_kwh).c_str(), F.M(b.power_per_month).c_str()));
    out.push_back(fmt(F.T("Renting the same %s h per month: %s per card", "租用同样每月 %s 小时：每卡 %s"),
                      F.N(s.hours_per_month_used).c_str(), F.M(b.rent_per_month).c_str()));
    if (b.break_even_hours_per_month > 0)
        out.push_back(fmt(F.T("Break-even: %s h of use per month (owning is cheaper above it; commonly quoted ~300–350 h for A100-class cards)",
                              "盈亏平衡点：每月使用 %s 小时（超过则自购更划算；A100 级别常见说法约 300–350 小时）"),
                          F.N(b.break_even_hours_per_month).c_str()));
    else
        out.push_back(F.T("No break-even: the hourly rent does not exceed the power cost", "没有盈亏平衡点：按小时租金不高于电费"));
    out.push_back(b.buying_cheaper ? F.T("At this usage, buying is cheaper than renting", "按这个使用量，自购比租用便宜")
                                   : F.T("At this usage, renting is cheaper than buying", "按这个使用量，租用比自购便宜"));
}

std::vector<std::string> explain(const Estimate& e, const Scenario& s, Headline h, Lang lang) {
    std::vector<std::string> out;
    if (!e.ok) return out;
    Fmt F{lang, e.cost.currency};
    ModelDerived md;
    derive_model(s, e.model, md);
    switch (h) {
    case Headline::compute: explain_compute(e, s, md, F, out); break;
    case Headline::time: explain_time(e, s, md, F, out); break;
    case Headline::memory: explain_memory(e, s, md, F, out); break;
    case Headline::cards: explain_cards(e, s, F, out); break;
    case Headline::cost: explain_cost(e, s, F, out); break;
    case Headline::buy: explain_buy(e, s, F, out); break;
    default: assert(false && "explain: unknown Headline value: pass one of Headline::compute..buy"); break;
    }
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Warning texts
//-----------------------------------------------------------------------------

std::string warning_text(const Warning& w, const Estimate& e, Lang lang) {
    Fmt F{lang, e.cost.currency};
    const char* gpu = e.gpu.name.empty() ? e.gpu.id.c_str() : e.gpu.name.c_str();
    switch (w.code) {
    case WarningCode::no_bf16:
        return fmt(F.T("%s (compute capability %s) has no native bf16: it needs 8.0 or newer. Use fp16 with loss scaling.",
                       "%s（计算能力 %s）不支持原生 bf16，需要 8.0 及以上。请改用 fp16 并开启 loss scaling。"),
                   gpu, F.N(w.value).c_str());
    case WarningCode::no_fp8:
        return fmt(F.T("%s (compute capability %s) has no FP8 tensor cores (needs 8.9 or newer): the 16-bit rate is used.",
                       "%s（计算能力 %s）没有 FP8 张量核心（需要 8.9 及以上）：按 16 位算力计算。"),
                   gpu, F.N(w.value).c_str());
    case WarningCode::pcie_scaling:
        return fmt(F.T("%s has no NVLink: cards talk over PCIe, so multi-card scaling is lower (%s here).",
                       "%s 没有 NVLink，多卡通过 PCIe 通信，扩展效率较低（这里按 %s 计）。"),
                   gpu, F.P(w.value).c_str());
    case WarningCode::seq_over_context:
        return fmt(F.T("Sequence length %s is above the model's context of %s tokens.",
                       "序列长度 %s 超过了模型的上下文长度 %s。"),
                   F.N(w.value).c_str(), F.N(w.limit).c_str());
    case WarningCode::impossible_throughput:
        return fmt(F.T("The measured throughput implies %s of peak: above %s is not achievable in training; check the figure.",
                       "实测吞吐量意味着算力利用率为峰值的 %s：训练中超过 %s 是做不到的，请核对数据。"),
                   F.P(w.value).c_str(), F.P(w.limit).c_str());
    case WarningCode::memory_nearly_full:
        return fmt(F.T("Memory is nearly full: %s GiB headroom, under 5%% of usable memory. Expect out-of-memory on long batches.",
                       "显存快满了：余量只有 %s GiB，不到可用显存的 5%%，遇到长样本可能爆显存。"),
                   F.N(w.value).c_str());
    case WarningCode::does_not_fit:
        return fmt(F.T("Does not fit: %s GiB per card needed, %s GiB usable. Add cards with ZeRO, use LoRA/QLoRA, "
                       "recompute activations or shorten sequences.",
                       "显存放不下：每卡需要 %s GiB，可用 %s GiB。可以加卡并开启 ZeRO、改用 LoRA/QLoRA、开启激活重计算或缩短序列。"),
                   F.N(w.value).c_str(), F.N(w.limit).c_str());
    case WarningCode::fixed_overhead_dominates:
        return fmt(F.T("Fixed hours (%s) exceed the compute time (%s): set-up, not training, dominates the bill.",
                       "固定时间（%s）超过了计算时间（%s）：费用主要花在环境搭建上，而不是训练。"),
                   F.H(w.value).c_str(), F.H(w.limit).c_str());
    case WarningCode::deadline_impossible:
        return fmt(F.T("No card count up to 65,536 meets the %s deadline.",
                       "65,536 张卡以内都无法在 %s 的期限内完成。"),
                   F.H(w.value).c_str());
    case WarningCode::cards_not_divisible:
        return fmt(F.T("%s cards are not a multiple of tp × pp = %s: some cards would sit idle.",
                       "%s 张卡不是 tp × pp = %s 的整数倍：会有卡闲置。"),
                   F.N(w.value).c_str(), F.N(w.limit).c_str());
    case WarningCode::qlora_needs_lora_rank:
        return F.T("QLoRA needs a LoRA rank.", "QLoRA 需要设置 LoRA 秩。");
    case WarningCode::offload_slow:
        return fmt(F.T("CPU offload moves states over PCIe every step: compute is taken as %s× slower.",
                       "CPU 卸载每一步都要经 PCIe 传输状态：计算时间按慢 %s 倍估算。"),
                   F.N(w.value).c_str());
    case WarningCode::fp32_slow:
        return fmt(F.T("fp32 training runs at %s TFLOPS (TF32 or plain FP32) instead of the %s TFLOPS 16-bit rate.",
                       "fp32 训练只能用 %s TFLOPS（TF32 或普通 FP32），而不是 16 位的 %s TFLOPS。"),
                   F.N(w.value).c_str(), F.N(w.limit).c_str());
    case WarningCode::unverified_gpu:
        return fmt(F.T("The figures for %s are unverified: check them against the vendor's datasheet.",
                       "%s 的参数未经核实：请对照厂商规格表确认。"),
                   gpu);
    default: return "";
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Markdown report
//-----------------------------------------------------------------------------

std::string report_markdown(const Estimate& e, const Scenario& s, Lang lang) {
    Fmt F{lang, e.cost.currency};
    std::string md;
    if (!e.ok) {
        md += F.T("# Training estimate: invalid input\n\n", "# 训练估算：输入有误\n\n");
        for (const FieldError& fe : e.errors) md += "- " + (lang == Lang::zh ? fe.message_zh : fe.message) + "\n";
        return md;
    }
    const std::string model = e.model.name.empty() ? (e.model.id.empty() ? std::string("custom") : e.model.id) : e.model.name;
    const std::string gpu = e.gpu.name.empty() ? e.gpu.id : e.gpu.name;
    md += fmt(F.T("# Training estimate: %s, %s, %d × %s\n\n", "# 训练估算：%s，%s，%d × %s\n\n"),
              model.c_str(), method_label(s.method, F.lang), s.cards, gpu.c_str());
    md += F.T("| | |\n|---|---|\n", "| | |\n|---|---|\n");
    md += fmt(F.T("| Executed compute | %s FLOPs |\n", "| 实际计算量 | %s FLOPs |\n"), F.N(e.flops.executed).c_str());
    md += fmt(F.T("| Compute time | %s |\n", "| 计算时间 | %s |\n"), F.H(e.time.compute_hours).c_str());
    md += fmt(F.T("| Wall clock | %s (%s – %s) |\n", "| 总耗时 | %s（%s – %s）|\n"), F.H(e.time.wall_hours).c_str(),
              F.H(e.time.wall_hours_low).c_str(), F.H(e.time.wall_hours_high).c_str());
    md += fmt(F.T("| Memory per card | %s / %s GiB (%s) |\n", "| 每卡显存 | %s / %s GiB（%s）|\n"),
              F.N(e.memory.per_gpu_gib).c_str(), F.N(e.memory.usable_gib).c_str(),
              e.memory.fits ? F.T("fits", "放得下") : F.T("does not fit", "放不下"));
    md += fmt(F.T("| GPU hours | %s |\n", "| 卡时 | %s |\n"), F.N(e.gpu_hours).c_str());
    md += fmt(F.T("| Cost (%s) | %s |\n\n", "| 费用（%s）| %s |\n\n"), plan_label(e.cost.best_plan, lang),
              F.M(e.cost.total).c_str());
    if (!e.warnings.empty()) {
        md += F.T("## Warnings\n\n", "## 提示\n\n");
        for (const Warning& w : e.warnings) md += "- " + warning_text(w, e, lang) + "\n";
        md += "\n";
    }
    static const Headline heads[] = {Headline::compute, Headline::time, Headline::memory,
                                     Headline::cards, Headline::cost, Headline::buy};
    static const char* const titles_en[] = {"Compute", "Time", "Memory", "Cards", "Cost", "Rent or buy"};
    static const char* const titles_zh[] = {"算力需求", "时间", "显存", "卡数", "费用", "租用还是自购"};
    for (int i = 0; i < 6; i++) {
        md += "## ";
        md += lang == Lang::zh ? titles_zh[i] : titles_en[i];
        md += "\n\n";
        for (const std::string& l : explain(e, s, heads[i], lang)) md += "- " + l + "\n";
        md += "\n";
    }
    return md;
}

} // namespace traincalc

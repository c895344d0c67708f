// traincalc — core/explain.cpp
// "Show the work": each headline's formula with the numbers put in, warning texts and a
// Markdown report, in English and Simplified Chinese. Chinese strings are UTF-8 literals here
// (the font subset is built from the characters in core/*.cpp).
//
// Index of this file:
// [SECTION] Number formatting
// [SECTION] Small string helpers
// [SECTION] Term names (en, zh) and the section each term is shown in
// [SECTION] Explanations per headline
// [SECTION] Inverse questions
// [SECTION] Warning texts
// [SECTION] Markdown report
#include "explain.h"
#include "compare.h"
#include "constants.h"
#include "decimal.h"
#include "format.h"
#include "safe_text.h"
#include "time_model.h"
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

// A non-negative value with at most `decimals` decimals, its trailing zeros dropped and its
// thousands grouped: "1,112.7" (a shown work's operand), "4,208.333333" (an amount's extra digits).
static std::string grouped_decimals(double a, int decimals) {
    char buf[400]; // "%.*f" of up to ~1e308 with a few decimals
    std::snprintf(buf, sizeof buf, "%.*f", decimals, a);
    std::string s = buf;
    trim_zeros(s);
    const size_t dot = s.find('.');
    const std::string fraction = dot == std::string::npos ? "" : s.substr(dot);
    return group_thousands(std::floor(std::atof(s.c_str()))) + fraction;
}

std::string format_number(double v, int significant) {
    if (!std::isfinite(v)) return "0";
    if (significant < 1) significant = 1;
    if (significant > 15) significant = 15;
    if (v == 0) return "0";
    std::string sign = v < 0 ? kMinusSign : "";
    // An exact tie rounds away from zero, as a person does ("9 ÷ 8 = 1.13", "32.25 GiB" at three digits
    // "32.3"): printf rounds a binary-exact tie to even ("1.12", "32.2"). Two ulps up move only a tie.
    double a = std::fabs(v) * (1 + 4.5e-16);
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
    if (a >= 1000) {
        // More digits than the integer holds (a shown work's operand, 1,112.7 s): decimals too.
        const int decimals = significant - (static_cast<int>(std::floor(std::log10(a))) + 1);
        return sign + (decimals <= 0 ? group_thousands(std::round(a)) : grouped_decimals(a, decimals));
    }
    std::snprintf(buf, sizeof buf, "%.*g", significant, a);
    std::string s = buf;
    if (s.find('e') != std::string::npos) return sign + group_thousands(std::round(a)); // 999.7 → 1,000
    trim_zeros(s);
    return sign + s;
}

// A number as a reader takes it from format_number's text: "1,234" is 1234, "1.05e19" 1.05e19.
static double number_as_shown(double v, int significant) {
    std::string digits;
    for (char ch : format_number(v, significant))
        if (ch != ',') digits += ch;
    double shown = 0;
    parse_decimal(digits.c_str(), &shown);
    return shown;
}

int difference_significant(double a, double b) {
    if (!std::isfinite(a) || !std::isfinite(b)) return 3;
    const std::string target = format_number(a - b);
    for (int sig = 3; sig < 12; sig++)
        if (format_number(number_as_shown(a, sig) - number_as_shown(b, sig)) == target) return sig;
    return 12;
}

// The unit a number of hours reads best in: whole seconds under a minute (not "0 min"), whole
// minutes under an hour, hours under two days, days under two years, then years.
enum class TimeUnit { s, min, h, days, years };
static TimeUnit time_unit(double hours) {
    if (hours * 60 < 1) return TimeUnit::s;
    if (hours < 1) return TimeUnit::min;
    if (hours < 48) return TimeUnit::h;
    return hours / 24 < 730 ? TimeUnit::days : TimeUnit::years;
}
static double in_unit(double hours, TimeUnit u) {
    switch (u) {
    case TimeUnit::s:
        return std::round(hours * 3600);
    case TimeUnit::min:
        return std::round(hours * 60);
    case TimeUnit::h:
        return hours;
    case TimeUnit::days:
        return hours / 24;
    case TimeUnit::years:
        break;
    }
    return hours / 24 / 365;
}

std::string format_hours_as(double hours, double reference, Lang lang) {
    if (!std::isfinite(hours) || hours < 0) hours = 0;
    if (!std::isfinite(reference) || reference < 0) reference = 0;
    static const char* const kUnits[][2] = {
        {" s", " 秒"}, {" min", " 分钟"}, {" h", " 小时"}, {" days", " 天"}, {" years", " 年"}};
    const TimeUnit u = time_unit(reference);
    return format_number(in_unit(hours, u)) + kUnits[int(u)][lang == Lang::zh ? 1 : 0];
}

std::string format_hours(double hours, Lang lang) {
    return format_hours_as(hours, hours, lang);
}

double hours_in_unit_of(double hours, double reference) {
    if (!std::isfinite(hours) || hours < 0) hours = 0;
    if (!std::isfinite(reference) || reference < 0) reference = 0;
    return in_unit(hours, time_unit(reference));
}

std::string format_hours_range(double low, double high, Lang lang) {
    return format_number(hours_in_unit_of(low, high)) + " – " + format_hours(high, lang);
}

std::string format_money(double v, Currency c) {
    if (!std::isfinite(v)) v = 0;
    const char* symbol = c == Currency::usd ? "$" : "¥";
    double a = std::fabs(v);
    std::string sign = v < 0 && a >= 0.0005 ? kMinusSign : ""; // -0.0004 shows as ¥0, not −¥0
    char buf[64];
    if (a >= 1e15) return sign + symbol + format_number(a);
    // Below ¥1 three decimals: power at ¥0.416/h shown as ¥0.42 made ¥0.42 × 175 h miss its product.
    if (a < 1 && a >= 0.0005) {
        std::snprintf(buf, sizeof buf, "%.3f", a);
        std::string s = buf;
        if (s.back() == '0') s.pop_back(); // ¥0.50, not ¥0.500
        return sign + symbol + s;
    }
    // Below ¥100 a third decimal when it holds one: $0.66 is ¥4.752, and 10 h × ¥4.75 × 7 ≠ ¥332.64.
    if (a < 100 && std::fabs(a * 100 - std::round(a * 100)) >= 0.05) {
        std::snprintf(buf, sizeof buf, "%.3f", a);
        return sign + symbol + buf;
    }
    // Cents below ¥10,000 unless whole: a quote of ¥112.50/h shown as ¥113 made 3 h × ¥113 ≠ ¥337.50.
    if (a < 1e4 && std::fabs(a - std::round(a)) >= 0.005) {
        const double cents = std::round(a * 100);
        std::snprintf(buf, sizeof buf, ".%02d", static_cast<int>(std::fmod(cents, 100.0)));
        return sign + symbol + group_thousands(std::floor(cents / 100)) + buf;
    }
    return sign + symbol + group_thousands(std::round(a));
}

//-----------------------------------------------------------------------------
// [SECTION] Small string helpers
//-----------------------------------------------------------------------------

namespace {

// printf into a std::string (explanations only: the estimator itself never formats). Sized by a
// first pass: a fixed buffer cut long names at byte 1023, mid-character.
std::string fmt(const char* f, ...) {
    va_list ap, again;
    va_start(ap, f);
    va_copy(again, ap);
    const int n = std::vsnprintf(nullptr, 0, f, ap);
    va_end(ap);
    std::string out(n > 0 ? static_cast<size_t>(n) : 0, '\0');
    if (n > 0) std::vsnprintf(&out[0], out.size() + 1, f, again);
    va_end(again);
    return out;
}

// Shorthands: N(x) a number, H(x) hours, M(x) money.
struct Fmt {
    Lang lang;
    Currency cur;
    std::string N(double v, int sig = 3) const { return format_number(v, sig); }
    // Counts (tokens, parameters, FLOPs): "4.8 亿" in Chinese where English writes 4.8e8.
    std::string Q(double v, int sig = 3) const { return format_quantity(v, lang, sig); }
    std::string H(double h) const { return format_hours(h, lang); }
    std::string M(double v) const { return format_money(v, cur); }
    std::string P(double fraction) const { return format_number(fraction * 100, 3) + "%"; }
    const char* T(const char* en, const char* zh) const { return lang == Lang::zh ? zh : en; }
};

const char* plan_label(Plan p, Lang lang) {
    bool zh = lang == Lang::zh;
    switch (p) {
    case Plan::daily:
        return zh ? "按天" : "daily";
    case Plan::monthly:
        return zh ? "按月" : "monthly";
    case Plan::mixed:
        return zh ? "包月+按天+按小时组合" : "cheapest mix";
    default:
        return zh ? "按小时" : "hourly";
    }
}
const char* offload_label(Offload o, Lang lang) {
    bool zh = lang == Lang::zh;
    switch (o) {
    case Offload::optimizer:
        return zh ? "优化器卸载到 CPU" : "optimizer offloaded to CPU";
    case Offload::optimizer_params:
        return zh ? "优化器和参数卸载到 CPU" : "optimizer and parameters offloaded to CPU";
    default:
        return zh ? "不卸载" : "no offload";
    }
}
// The best strategy's recomputation: named when it uses some, and "none" when the scenario's
// own settings recompute (so the line never reads as if the user's choice were kept).
const char* recompute_suffix(Checkpointing c, Checkpointing scenario_c, Lang lang) {
    const bool zh = lang == Lang::zh;
    switch (c) {
    case Checkpointing::selective:
        return zh ? "，选择性重计算" : ", selective recomputation";
    case Checkpointing::full:
        return zh ? "，全量重计算" : ", full recomputation";
    default:
        return scenario_c == Checkpointing::none ? "" : (zh ? "，不重计算" : ", no recomputation");
    }
}
const char* method_label(Method m, Lang lang) {
    switch (m) {
    case Method::lora:
        return "LoRA";
    case Method::qlora:
        return "QLoRA";
    default:
        return lang == Lang::zh ? "全参数微调" : "full fine-tune";
    }
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Term names (en, zh) and the section each term is shown in
//-----------------------------------------------------------------------------

namespace {

struct TermText {
    TermId id;
    Headline section;
    const char* en;
    const char* zh;
};

// One row per TermId, in TermId order (checked below).
const TermText kTermText[] = {
    {TermId::none, Headline::compute, "", ""},
    {TermId::padded_tokens_per_sample, Headline::compute, "Padded tokens per sample (no packing)",
     "每条样本填充后的 token 数（不打包）"},
    {TermId::tokens_per_epoch, Headline::compute, "Tokens per epoch", "每轮 token 数"},
    {TermId::tokens, Headline::compute, "Tokens processed D", "训练 token 数 D"},
    {TermId::flops_model_per_token, Headline::compute, "Model FLOPs per token", "每 token 模型 FLOPs"},
    {TermId::flops_model, Headline::compute, "Model FLOPs", "模型 FLOPs"},
    {TermId::flops_rule_of_thumb, Headline::compute, "Rule of thumb", "经验公式"},
    {TermId::flops_attention_per_token, Headline::compute, "Attention FLOPs per token",
     "每 token 注意力 FLOPs"},
    {TermId::adapter_width_active_per_layer, Headline::compute,
     "Adapter widths a token runs through per layer (its k routed experts')",
     "每个 token 每层经过的适配器宽度（其 k 个路由专家）"},
    {TermId::adapter_params_active, Headline::compute, "Adapter parameters a token runs through N_a_act",
     "每个 token 经过的适配器参数 N_a_act"},
    {TermId::flops_executed_per_token, Headline::compute, "Executed FLOPs per token",
     "每 token 实际执行 FLOPs"},
    {TermId::flops_executed, Headline::compute, "Executed FLOPs", "实际执行 FLOPs"},
    {TermId::worked_example_seconds, Headline::compute,
     "Check: the widely quoted worked example (6 × N × D, one A100)",
     "核对：广为流传的例子（6 × N × D，一张 A100）"},
    {TermId::adapter_width_per_layer, Headline::memory, "Adapter widths per layer (d_in + d_out per matrix)",
     "每层适配器宽度（每个矩阵 d_in + d_out）"},
    {TermId::adapter_params, Headline::memory, "Adapter parameters N_a", "适配器参数 N_a"},
    {TermId::adapter_bytes_per_param, Headline::memory,
     "Adapter bytes per parameter (weights, gradients, optimizer)",
     "适配器每参数字节（权重、梯度、优化器状态）"},
    {TermId::weights_model, Headline::memory, "Weights, whole model W", "整个模型的权重 W"},
    {TermId::weights, Headline::memory, "Weights per card", "每卡权重"},
    {TermId::weights_in_flight, Headline::memory, "Weights in flight on the card", "显卡上正在使用的权重"},
    {TermId::weights_gathered, Headline::memory,
     "Layers gathered in flight (ZeRO-3/FSDP all-gather and prefetch)",
     "ZeRO-3/FSDP 聚合中的层（all-gather 与预取）"},
    {TermId::gradients, Headline::memory, "Gradients", "梯度"},
    {TermId::optimizer, Headline::memory, "Optimizer states", "优化器状态"},
    {TermId::adapters, Headline::memory, "Adapters", "适配器"},
    {TermId::act_linear_bytes, Headline::memory, "Activation bytes per token per layer, linear part A_lin",
     "每 token 每层激活字节（线性部分 A_lin）"},
    {TermId::act_bytes_per_token_layer, Headline::memory, "Activation bytes per token per layer A",
     "每 token 每层激活字节 A"},
    {TermId::activations, Headline::memory, "Activations", "激活"},
    {TermId::logits, Headline::memory, "Logits and loss (by loss implementation)",
     "Logits 与损失（取决于损失实现）"},
    {TermId::memory_subtotal, Headline::memory, "Subtotal", "小计"},
    {TermId::memory_overhead, Headline::memory, "Overhead (CUDA context and workspaces + fragmentation)",
     "框架开销（CUDA 上下文和工作区 + 显存碎片）"},
    {TermId::memory_per_gpu, Headline::memory, "Per card", "每卡显存"},
    {TermId::host_ram, Headline::memory, "Host RAM for offloaded states, per card",
     "卸载到 CPU 的状态所需内存（每卡）"},
    {TermId::host_load_per_rank, Headline::memory, "Host RAM while loading, per rank",
     "加载模型时每个进程占用的内存"},
    {TermId::host_load_node, Headline::memory, "Host RAM while loading, per node",
     "加载模型时每台机器占用的内存"},
    {TermId::host_offload_grads, Headline::memory, "Gradients for the CPU optimizer step, per rank",
     "CPU 优化器步骤所需的梯度（每个进程）"},
    {TermId::host_offload_checkpoints, Headline::memory,
     "Activation checkpoints offloaded to host RAM, per rank", "卸载到内存的激活检查点（每个进程）"},
    {TermId::host_offload_per_rank, Headline::memory, "Host RAM while training, per rank",
     "训练时每个进程占用的内存"},
    {TermId::host_offload_node, Headline::memory, "Host RAM while training, per node",
     "训练时每台机器占用的内存"},
    {TermId::host_process_node, Headline::memory,
     "Host RAM of the ranks' own processes, per node (interpreter, libraries, CUDA's host side)",
     "每台机器上各进程自身占用的内存（解释器、库、CUDA 主机端）"},
    {TermId::host_peak_node, Headline::memory, "Host RAM peak per node", "每台机器的内存峰值"},
    {TermId::host_peak_per_rank, Headline::memory, "Host RAM peak per card (its rank's share of the node's)",
     "每卡的内存峰值（每个进程在整台机器峰值中的份额）"},
    {TermId::host_available, Headline::memory, "Host RAM of the rented share of the node",
     "租到的这部分机器的内存"},
    {TermId::host_headroom, Headline::memory, "Host RAM headroom per node", "每台机器的内存余量"},
    {TermId::memory_reserve, Headline::memory, "Driver reserve", "驱动保留"},
    {TermId::memory_usable, Headline::memory, "Usable", "可用显存"},
    {TermId::memory_headroom, Headline::memory, "Headroom", "余量"},
    {TermId::peak_tflops, Headline::time, "Peak per card", "每卡峰值算力"},
    {TermId::bubble_slots, Headline::time, "Pipeline slots", "流水线槽位"},
    {TermId::pipeline_bubble, Headline::time, "Pipeline bubble", "流水线气泡"},
    {TermId::qlora_overhead_seconds, Headline::time, "4-bit adapter overhead per card",
     "4 位量化适配器的固定开销（每卡）"},
    {TermId::compute_seconds, Headline::time, "Compute time", "计算时间"},
    {TermId::compute_hours, Headline::time, "Compute time in hours", "计算时间（小时）"},
    {TermId::throughput, Headline::time, "Throughput per card", "每卡吞吐量"},
    {TermId::implied_utilization, Headline::time, "Implied utilization", "推算的算力利用率"},
    {TermId::effective_tflops, Headline::time, "Effective per card", "每卡有效算力"},
    {TermId::overhead_hours, Headline::time, "Proportional overhead", "额外开销"},
    {TermId::upload_hours, Headline::time, "Data upload", "上传数据"},
    {TermId::download_hours, Headline::time, "Model download", "下载模型"},
    {TermId::checkpoint_hours, Headline::time, "Checkpoint writes", "保存检查点"},
    {TermId::wall_hours, Headline::time, "Wall clock", "总耗时"},
    {TermId::wall_hours_low, Headline::time, "Wall clock, low", "总耗时（低）"},
    {TermId::wall_hours_high, Headline::time, "Wall clock, high", "总耗时（高）"},
    {TermId::pilot_hours, Headline::time, "Pilot run extrapolated", "试跑外推"},
    {TermId::gpu_hours, Headline::time, "GPU hours", "卡时"},
    {TermId::storage_fee, Headline::cost, "Storage fee", "存储费用"},
    {TermId::traffic_fee, Headline::cost, "Traffic fee", "流量费用"},
    {TermId::fees, Headline::cost, "Fees", "其他费用"},
    {TermId::plan_hourly, Headline::cost, "Hourly", "按小时"},
    {TermId::plan_daily, Headline::cost, "Daily", "按天"},
    {TermId::plan_monthly, Headline::cost, "Monthly", "按月"},
    {TermId::plan_mixed, Headline::cost, "Cheapest mix of months, days and hours",
     "包月、按天、按小时的最便宜组合"},
    {TermId::cost_per_million_tokens, Headline::cost, "Per million tokens", "每百万 token"},
    {TermId::quote_total, Headline::cost, "Quote", "报价"},
    {TermId::spot_exposure, Headline::cost, "Spot: expected interruptions per saved stretch λτ",
     "竞价：每段（两次保存之间）预期中断次数 λτ"},
    {TermId::spot_interruptions, Headline::cost, "Spot: expected interruptions over the run N",
     "竞价：整个训练预期中断次数 N"},
    {TermId::spot_lost_per_interruption, Headline::cost,
     "Spot: expected hours lost per interruption (work since the last checkpoint + restart)",
     "竞价：每次中断预期损失的时间（上次保存后的工作 + 重启）"},
    {TermId::spot_lost_first_order, Headline::cost, "Spot: the same when λτ is small, τ/2 + R",
     "竞价：λτ 很小时的近似，τ/2 + R"},
    {TermId::spot_billed_hours, Headline::cost, "Spot: expected billed hours per card H",
     "竞价：每卡预期计费时长 H"},
    {TermId::spot_unused_per_interruption, Headline::cost,
     "Spot: expected unused part of an interrupted instance's last billing increment c",
     "竞价：每次中断时最后一个计费单位 c 中预期未用的部分"},
    {TermId::spot_last_unused, Headline::cost,
     "Spot: expected unused part of the last instance's final increment (never interrupted with "
     "probability e^(−λW))",
     "竞价：最后一个实例的最后计费单位中预期未用的部分（以 e^(−λW) 的概率从未中断）"},
    {TermId::spot_billed_whole, Headline::cost, "Spot: expected billed hours per card in increments of c",
     "竞价：按计费单位 c 计的每卡预期计费时长"},
    {TermId::spot_total, Headline::cost, "Spot: expected cost", "竞价：预期费用"},
    {TermId::spot_saving, Headline::cost, "Spot: saving against on-demand", "竞价：比按需租用节省"},
    {TermId::inverse_batch_headroom, Headline::cards, "Headroom", "余量"},
    {TermId::inverse_seq_headroom, Headline::cards, "Headroom", "余量"},
    {TermId::inverse_budget_left, Headline::cards, "Budget left", "预算剩余"},
    {TermId::depreciation_per_month, Headline::buy, "Depreciation per card per month", "每卡每月折旧"},
    {TermId::power_per_month, Headline::buy, "Power per card per month", "每卡每月电费"},
    {TermId::own_per_month, Headline::buy, "Owning per card per month", "自购每卡每月成本"},
    {TermId::rent_per_month, Headline::buy, "Renting the same hours per card per month",
     "租用同样时长每卡每月"},
    {TermId::fixed_per_month, Headline::buy, "Fixed owning cost per month", "每月固定自购成本"},
    {TermId::own_at_break_even, Headline::buy, "Owning at the break-even use", "盈亏平衡点的自购成本"},
    {TermId::rent_at_break_even, Headline::buy, "Renting the same hours (cheapest plan)",
     "同样时长租用（最省方案）"},
    {TermId::break_even_hours, Headline::buy, "Break-even use per month", "每月盈亏平衡使用时长"},
    {TermId::rl_prompts, Headline::compute, "Prompts per epoch", "每轮提示词数"},
    {TermId::generated_tokens, Headline::compute, "Tokens generated in rollouts (G completions per prompt)",
     "生成的 token 数（每个提示词 G 条回答）"},
    {TermId::reference_weights, Headline::memory, "Reference model (frozen copy)", "参考模型（冻结副本）"},
    {TermId::reward_weights, Headline::memory, "Reward model (frozen)", "奖励模型（冻结）"},
    {TermId::critic_states, Headline::memory, "Value model (critic), trained like the policy",
     "价值模型（critic），与策略模型一样训练"},
    {TermId::kv_bytes_per_token, Headline::memory, "KV cache bytes per token (K and V, every layer)",
     "每 token 的 KV 缓存字节（K 和 V，所有层）"},
    {TermId::rollout_batch, Headline::time, "Rollouts decoded at once per engine card B",
     "每张推理卡同时解码的序列数 B"},
    {TermId::kv_cache, Headline::memory, "Rollouts' KV cache per engine card",
     "每张推理卡上生成序列的 KV 缓存"},
    {TermId::engine_weights, Headline::memory, "Inference engine's copy of the policy",
     "推理引擎中的策略模型副本"},
    {TermId::generation_phase, Headline::memory, "Generation phase (engine + KV cache)",
     "生成阶段（推理引擎 + KV 缓存）"},
    {TermId::training_phase, Headline::memory, "Training phase (activations + logits)",
     "训练阶段（激活 + logits）"},
    {TermId::engine_slice, Headline::memory, "Inference engine's reserved slice (gpu_memory_utilization)",
     "推理引擎预留的显存（gpu_memory_utilization）"},
    {TermId::decode_step_memory, Headline::time, "Decode step, memory-bound (weights + KV read)",
     "解码一步（受显存带宽限制：读权重和 KV）"},
    {TermId::decode_step_compute, Headline::time, "Decode step, compute-bound", "解码一步（受算力限制）"},
    {TermId::decode_seconds, Headline::time, "Decoding (the slower step above)", "解码（取上面较慢的一步）"},
    {TermId::prefill_seconds, Headline::time, "Prefill (each prompt once, prefix caching)",
     "预填充（每个提示词一次，前缀缓存）"},
    {TermId::generation_seconds, Headline::time, "Generation time", "生成时间"},
    {TermId::train_seconds, Headline::time, "Training time", "训练时间"},
    {TermId::expert_params, Headline::memory,
     "Routed experts' parameters N_E (what expert parallelism splits)",
     "路由专家参数 N_E（专家并行所切分的部分）"},
    {TermId::expert_weights, Headline::memory, "Routed experts' weights W_E", "路由专家权重 W_E"},
    {TermId::weights_dense, Headline::memory, "Weights outside the routed experts", "路由专家以外的权重"},
    {TermId::expert_weights_card, Headline::memory, "Routed experts' weights per card (expert parallelism)",
     "每卡的路由专家权重（专家并行）"},
    {TermId::act_unsplit_bytes, Headline::memory,
     "Activation bytes per token per layer TP leaves whole without sequence parallelism R",
     "未开序列并行时张量并行不切分的每 token 每层激活字节 R"},
    {TermId::act_offload_host, Headline::memory, "Activations offloaded to host RAM, per card",
     "卸载到内存的激活（每卡）"},
    {TermId::math_seconds, Headline::time, "Compute before communication", "通信之前的计算时间"},
    {TermId::cp_comm_seconds, Headline::time, "Context parallelism: K/V ring passes (not overlapped)",
     "上下文并行：K/V 环形传递（按不重叠计）"},
    {TermId::ep_comm_seconds, Headline::time, "Expert parallelism: all-to-all dispatch and combine",
     "专家并行：all-to-all 分发与合并"},
    {TermId::act_offload_seconds, Headline::time, "Activation offload: PCIe transfers (out and back)",
     "激活卸载：PCIe 传输（卸出与取回）"},
    {TermId::act_offload_exposed, Headline::time, "Activation offload: transfer time compute does not hide",
     "激活卸载：计算无法掩盖的传输时间"},
    {TermId::image_tokens, Headline::compute,
     "Image tokens per image (resized rows × columns of merged patches)",
     "每张图片的 token 数（缩放后合并块的行数 × 列数）"},
    {TermId::vision_patches, Headline::compute, "Vision tower patches per image",
     "每张图片的视觉编码器 patch 数"},
    {TermId::sample_tokens, Headline::compute, "Tokens per sample (text + image tokens)",
     "每个样本的 token 数（文本 + 图片 token）"},
    {TermId::images_per_sequence, Headline::memory, "Images per sequence", "每条序列的图片数"},
    {TermId::vision_params, Headline::memory, "Vision tower parameters", "视觉编码器参数量"},
    {TermId::vision_flops_per_image, Headline::compute, "Vision tower FLOPs per image",
     "每张图片的视觉编码器 FLOPs"},
    {TermId::vision_flops_per_token, Headline::compute, "Vision tower FLOPs per language-model token",
     "视觉编码器折合到每个语言模型 token 的 FLOPs"},
    {TermId::vision_weights, Headline::memory, "Vision tower weights", "视觉编码器权重"},
    {TermId::vision_states, Headline::memory, "Vision tower gradients and optimizer states (trained)",
     "视觉编码器的梯度和优化器状态（参与训练）"},
    {TermId::vision_activations, Headline::memory, "Vision tower activations", "视觉编码器激活"},
    {TermId::dp_bus_gbps, Headline::time, "Data-parallel ring: bus bandwidth per card",
     "数据并行环：每卡总线带宽"},
    {TermId::dp_micro_batches, Headline::time, "Micro-batches per card over the run",
     "整个训练每卡的微批次数"},
    {TermId::dp_comm_bytes, Headline::time,
     "Gradient sync per card: all-reduce (DDP), reduce-scatter (ZeRO-1/2), or two all-gathers + "
     "reduce-scatter "
     "per micro-batch (ZeRO-3/FSDP)",
     "每卡梯度同步量：all-reduce（DDP）、reduce-scatter（ZeRO-1/2），或每个微批次两次 all-gather + 一次 "
     "reduce-scatter（ZeRO-3/FSDP）"},
    {TermId::dp_comm_seconds, Headline::time, "Gradient sync time, each", "每次梯度同步时间"},
    {TermId::dp_comm_window, Headline::time,
     "Compute that hides it (DDP/ZeRO-1/2: the last micro-batch's backward; ZeRO-3/FSDP: the micro-batch, "
     "prefetched)",
     "可掩盖它的计算（DDP/ZeRO-1/2：最后一个微批次的反向；ZeRO-3/FSDP：整个微批次，预取）"},
    {TermId::dp_gather_seconds, Headline::time, "ZeRO-1/2: all-gather of the updated shards after each step",
     "ZeRO-1/2：每步更新后分片的 all-gather"},
    {TermId::dp_comm_exposed, Headline::time, "Data-parallel communication compute does not hide",
     "计算无法掩盖的数据并行通信"},
    {TermId::tp_bus_gbps, Headline::time, "Tensor-parallel group: bus bandwidth per card",
     "张量并行组：每卡总线带宽"},
    {TermId::tp_comm_seconds, Headline::time,
     "Tensor parallelism: activation all-reduces, 4 per layer (6 with full recomputation), not overlapped",
     "张量并行：激活 all-reduce，每层 4 次（完全重计算时 6 次），按不重叠计"},
    {TermId::scaling_efficiency, Headline::time, "Scaling efficiency from the communication",
     "由通信得出的扩展效率"},
    {TermId::scaling_rule_of_thumb, Headline::time,
     "For comparison, the rule of thumb (80–85% at 8 cards, ~70% at 32+; not used)",
     "对照：经验值（8 卡 80–85%，32 卡以上约 70%；不参与计算）"},
    {TermId::offload_cpu_step_seconds, Headline::time, "CPU offload: one optimizer step on the node's CPUs",
     "CPU 卸载：本机 CPU 上的一次优化器更新"},
    {TermId::offload_fetch_seconds, Headline::time, "Parameter offload: weights fetched over PCIe",
     "参数卸载：经 PCIe 取回的权重"},
    {TermId::offload_seconds, Headline::time, "CPU offload: time the GPUs do not hide",
     "CPU 卸载：GPU 无法掩盖的时间"},
};
static_assert(sizeof kTermText / sizeof kTermText[0] == size_t(TermId::count),
              "one kTermText row per TermId");

const TermText& term_text(TermId id) {
    size_t i = size_t(id);
    assert(i < size_t(TermId::count) && kTermText[i].id == id && "kTermText rows must follow TermId order");
    return kTermText[i < size_t(TermId::count) ? i : 0];
}

// Operand names that are words, with their Chinese reading: a table, so a new word is one line.
struct SymbolText {
    const char* en;
    const char* zh;
};
const SymbolText kSymbolText[] = {
    {"activations", "激活"},
    {"adapters", "适配器"},
    {"billed", "计费时长"},
    {"bubble", "气泡"},
    {"capacity", "标称显存"},
    {"cards", "卡数"},
    {"checkpoints", "检查点"},
    {"compute", "计算"},
    {"context", "上下文"},
    {"causal", "因果掩码"},
    {"dataset", "数据集"},
    {"days", "天数"},
    {"depreciation", "折旧"},
    {"download", "下载"},
    {"download bw", "下载带宽"},
    {"epochs", "轮数"},
    {"fees", "其他费用"},
    {"fixed", "固定时间"},
    {"fixed cost", "固定成本"},
    {"framework", "框架开销"},
    {"in flight", "同时驻留层数"},
    {"per layer", "每层"},
    {"gradients", "梯度"},
    {"hours", "小时"},
    {"layers", "层数"},
    {"logits", "logits"},
    {"margin", "余量"},
    {"minimum", "最少"},
    {"month", "月"},
    {"months", "月数"},
    {"offload", "卸载"},
    {"operations", "运维"},
    {"optimizer", "优化器"},
    {"overhead", "额外开销"},
    {"peak", "峰值"},
    {"per GB", "每 GB"},
    {"per GB-month", "每 GB·月"},
    {"per card", "每卡"},
    {"per kWh", "每千瓦时"},
    {"per token", "每 token"},
    {"pilot", "试跑"},
    {"power", "电费"},
    {"power per hour", "每小时电费"},
    {"price", "单价"},
    {"purchase", "购卡价"},
    {"rack", "机柜"},
    {"reserve", "保留"},
    {"samples", "样本数"},
    {"share", "数据占比"},
    {"size", "大小"},
    {"slots", "槽位"},
    {"storage", "存储"},
    {"subtotal", "小计"},
    {"tokens", "token 数"},
    {"tokens/s", "token/秒"},
    {"tokens/sample", "每样本 token"},
    {"total", "合计"},
    {"traffic", "流量"},
    {"upload", "上传"},
    {"upload bw", "上传带宽"},
    {"upload size", "上传数据量"},
    {"usable", "可用"},
    {"wall", "总耗时"},
    {"weights", "权重"},
    {"write", "写入速度"},
    {"chosen+rejected", "选中+拒绝"},
    {"critic", "价值模型"},
    {"decode", "解码"},
    {"engine", "推理引擎"},
    {"engine cards", "推理卡数"},
    {"steps/gen", "每次生成覆盖的微批次"},
    {"update epochs", "更新轮数"},
    {"fraction", "比例"},
    {"generation", "生成"},
    {"KV cache", "KV 缓存"},
    {"policy+critic", "策略+价值模型"},
    {"prefill", "预填充"},
    {"prompt tokens", "提示词 token 数"},
    {"prompts", "提示词数"},
    {"reference", "参考模型"},
    {"reward", "奖励模型"},
    {"step", "每步"},
    {"training", "训练"},
    {"inference cards", "推理卡数"},
    {"spot price", "竞价单价"},
    {"on demand", "按需"},
    {"spot", "竞价"},
    {"lost", "每次损失"},
    {"unused", "未用"},
    {"last", "最后实例"},
    {"copies", "副本数"},
    {"shard", "检查点分片"},
    {"ranks", "进程数"},
    {"per rank", "每进程"},
    {"process", "每进程自身"},
    {"processes", "各进程自身"},
    {"states", "状态"},
    {"loading", "加载时"},
    {"node RAM", "机器内存"},
    {"catalog node", "目录中的整机内存"},
    {"node cards", "整机卡数"},
    {"NIC", "网卡"},
    {"ranks per node", "每台机器的组内卡数"},
    {"both directions", "双向"},
    {"gathers", "all-gather 次数"},
    {"bytes", "字节数"},
    {"bus", "总线带宽"},
    {"micro-batches", "微批次数"},
    {"backward share", "反向占比"},
    {"sync", "同步"},
    {"hidden", "被掩盖"},
    {"syncs", "同步次数"},
    {"gather", "all-gather"},
    {"steps", "步数"},
    {"all-reduces", "all-reduce 次数"},
    {"compute+DP+TP", "计算+数据并行+张量并行"},
    {"article", "经验值"},
    {"DP sync exposed", "未掩盖的数据并行同步"},
    {"TP all-reduces", "张量并行 all-reduce"},
    {"passes", "传递趟数"},
    {"K+V width", "K+V 宽度"},
    {"link", "链路带宽"},
    {"all-to-alls", "all-to-all 次数"},
    {"experts", "专家"},
    {"CP ring", "上下文并行环形传递"},
    {"EP all-to-all", "专家并行 all-to-all"},
    {"out+back", "卸出+取回"},
    {"host acts", "卸到主机的激活"},
    {"transfer", "传输"},
    {"offload exposed", "未掩盖的卸载"},
    {"CPU offload", "CPU 卸载"},
    {"CPU step", "CPU 优化器步"},
    {"fetched", "取回的权重"},
    {"fwd+bwd", "前向+反向"},
    {"per parameter", "每个参数"},
    {"accumulation", "梯度累积"},
    {"gathered", "聚合的权重"},
    {"vision", "视觉编码器"},
    {"vision states", "视觉编码器训练状态"},
    {"vision activations", "视觉编码器激活"},
    {"one block", "单层"},
    {"images/seq", "每序列图片数"},
    {"block", "每层参数"},
    {"embedding", "嵌入"},
    {"mergers", "合并层"},
    {"positions", "位置编码"},
    {"attention k", "注意力 k"},
    {"rows", "行数"},
    {"columns", "列数"},
    {"text", "文本"},
    {"images", "图片数"},
    {"patches/token", "每 token 的 patch 数"},
    {"padded tokens/sample", "补齐后每样本 token"},
    {"avg", "平均"},
    {"max - avg", "最长 − 平均"},
    {"chars/token", "每 token 字符数"},
    {"B/char", "每字符字节数"},
    {"latent", "潜向量宽度"},
    {"mats", "矩阵数"},
    {"E+shared", "E+共享专家"},
    {"k+shared", "k+共享专家"},
    {"op keep", "保留比例"},
    {"fp8 speed-up", "fp8 加速"},
    {"KL policy", "KL 策略前向"},
    {"KL ref", "KL 参考前向"},
    {"reward+old+values", "奖励+旧策略+价值"},
    {"budget", "预算"},
    {"cost", "费用"},
};

// Units that are words read in Chinese; symbols (B, GiB, h, s, GB/s, FLOPs) are shared notation.
const SymbolText kUnitText[] = {
    {"tokens", "token"},    {"tokens/s", "token/s"},
    {"patches", "patch"},   {"images", "张图片"},
    {"params", "个参数"},   {"card-h", "卡时"},
    {"h/month", "小时/月"}, {"FLOP/s per TFLOPS", "FLOP/s/TFLOPS"},
    {"h", "小时"},          {"s", "秒"}, // "5.33 h" beside "（23.4 小时）" read as a foreign unit
    {"s/h", "秒/小时"},
};

// Operand names that are words get a Chinese reading; letters (N, tp, s, B_w) are shared notation.
const char* symbol_text(const char* sym, Lang lang) {
    if (lang != Lang::zh) return sym;
    for (const SymbolText& w : kSymbolText)
        if (std::strcmp(w.en, sym) == 0) return w.zh;
    return sym;
}

const char* op_text(Op op) {
    switch (op) {
    case Op::add:
        return " + ";
    case Op::sub:
        return " − ";
    case Op::mul:
        return " × ";
    case Op::div:
        return " ÷ ";
    default:
        return "";
    }
}

// Money's own decimals: tenths of a cent below 100, cents below 10,000, whole above (format_money).
static int money_decimals(double a) {
    return a < 100 ? 3 : a < 1e4 ? 2 : 0;
}
static double money_step(double a) {
    return std::pow(10.0, -money_decimals(a));
}

// An amount with `extra` decimals beyond format_money's: $0.1111 where $0.111 × 1.3 × 300 × 0.45 gave
// $19.48, not the $19.50 shown.
static std::string money_digits(double v, const Fmt& F, int extra) {
    const double a = std::fabs(v);
    return std::string(v < 0 ? kMinusSign : "") + (F.cur == Currency::usd ? "$" : "¥") +
           grouped_decimals(a, money_decimals(a) + extra);
}

// A value with its unit: "7.62e9", "2 B", "¥8".
// `money_sig` above 3 gives an amount format_money would round decimals more (money_digits).
std::string value_text(double v, const char* unit, const Fmt& F, int sig = 3, int money_sig = 3) {
    if (std::strcmp(unit, kUnitMoney) == 0) {
        const double step = money_step(std::fabs(v));
        const bool inexact = std::fabs(std::round(v / step) * step - v) > 1e-9 * std::fabs(v);
        return money_sig > 3 && inexact && std::isfinite(v) ? money_digits(v, F, money_sig - 3) : F.M(v);
    }
    // More digits than three: a difference's operands (term_line), never a count's 万/亿.
    if (sig > 3 && !*unit && std::fabs(v) < 1e4) return F.N(v, sig);
    // A plain number below a million whole in Chinese too, as in English: f = 18,944 read "1.89 万" and the
    // terms it multiplied no longer summed to their shown 196,608 B; 183,105 micro-batches read "18.3 万".
    if (!*unit) return F.lang == Lang::zh && std::fabs(v) < 1e6 ? F.N(v, sig) : F.Q(v, sig);
    // Counts read in 万/亿 in Chinese; bytes, hours and rates keep their plain digits.
    const bool count = std::strcmp(unit, "tokens") == 0 || std::strcmp(unit, "FLOPs") == 0;
    const char* shown = unit;
    if (F.lang == Lang::zh)
        for (const SymbolText& w : kUnitText)
            if (std::strcmp(w.en, unit) == 0) shown = w.zh;
    return (count ? F.Q(v, sig) : F.N(v, sig)) + " " + shown;
}

// " (3.2 days)" after a time in hours or seconds: the unit a person would use, in the language's own
// parentheses ("（23.4 小时）": Chinese takes full-width ones, no space before).
static std::string hours_aside(double hours, const Fmt& F) {
    return F.T(" (", "（") + F.H(hours) + F.T(")", "）");
}

// A value as a reader takes it from the line: its text as value_text() writes it at `sig` digits,
// read back ("18.3 万" is 183,000 however the digits were chosen; money to its cents, or tenths of a
// cent below 100). Computed from the rounding rules instead, a Chinese count read as English digits.
static double as_shown(double v, const char* unit, const Fmt& F, int sig, int money_sig) {
    if (!std::isfinite(v) || v == 0) return v;
    const std::string text = value_text(v, unit, F, sig, money_sig);
    size_t i = 0;
    bool negative = false;
    for (;;) { // "−¥1,234.56", "−$0.5"
        if (text.compare(i, 3, kMinusSign) == 0)
            negative = true, i += 3;
        else if (text.compare(i, 1, "$") == 0)
            i += 1;
        else if (text.compare(i, 2, "\xC2\xA5") == 0)
            i += 2;
        else
            break;
    }
    std::string digits;
    for (; i < text.size(); i++) {
        const char ch = text[i];
        if (ch == ',') continue;
        const bool exponent_sign = (ch == '-' || ch == '+') && !digits.empty() && digits.back() == 'e';
        if (!std::isdigit(static_cast<unsigned char>(ch)) && ch != '.' && ch != 'e' && !exponent_sign) break;
        digits += ch;
    }
    double shown = v;
    parse_decimal(digits.c_str(), &shown);
    for (const ZhUnit& u : kZhUnits)
        if (text.compare(i, std::strlen(u.name), u.name) == 0) {
            shown *= u.size;
            break;
        }
    return negative ? -shown : shown;
}

// The term's operands as shown at `sig` digits, combined as Calc combines them (a sum of products).
static double shown_result(const Terms& terms, const Term& t, const Fmt& F, int sig, int money_sig) {
    double sum = 0, group = 0;
    for (int i = 0; i < t.count; i++) {
        const Operand& o = terms.operand(t, i);
        const double v = as_shown(o.value, o.unit, F, sig, money_sig);
        switch (o.op) {
        case Op::first:
            group = v;
            break;
        case Op::mul:
            group *= v;
            break;
        case Op::div:
            group = v != 0 ? group / v : 0.0;
            break;
        case Op::add:
            sum += group, group = v;
            break;
        case Op::sub:
            sum += group, group = -v;
            break;
        }
    }
    return (sum + group) * t.scale;
}

// "Name = N × B_w ÷ tp = 7.62e9 × 2 B ÷ 2 = 7.1 GiB": the formula in symbols, the same formula
// with the values used, and the result. Lines never hold " = " elsewhere (tests parse them).
std::string term_line(const Terms& terms, const Term& t, const Fmt& F, const char* name_override = nullptr) {
    const TermText& tt = term_text(t.id);
    std::string line = name_override ? name_override : F.T(tt.en, tt.zh);
    line += " = ";
    if (t.count > 1) {
        // A difference much smaller than the products it subtracts ("77.6 GiB − 77.6 GiB = 0.00119
        // GiB", "10 + 0.25 − 2 ÷ 0.221 = 1.22") shows the operands with a digit more for each tenfold
        // it is smaller: the line then reproduces by hand. A term is a sum of products (terms.h).
        int sig = 3;
        double biggest = 0, product = 0;
        bool difference = false;
        for (int i = 0; i < t.count; i++) {
            const Operand& o = terms.operand(t, i);
            difference = difference || o.op == Op::sub;
            if (o.op == Op::mul) {
                product *= o.value;
            } else if (o.op == Op::div) {
                product = o.value != 0 ? product / o.value : 0;
            } else {
                biggest = std::max(biggest, std::fabs(product));
                product = o.value;
            }
        }
        biggest = std::max(biggest, std::fabs(product));
        if (difference && t.result != 0 && std::isfinite(biggest) && biggest > 5 * std::fabs(t.result))
            sig = std::min(12, 3 + static_cast<int>(std::ceil(std::log10(biggest / std::fabs(t.result)))));
        // A result shown whole between 1,000 and a million has 4 to 6 digits ("19,204 s"): operands
        // at three ("2.4e18 FLOPs") gave 19,231. They get one digit more than the result shows.
        const double shown = std::fabs(t.result);
        if (std::strcmp(t.unit, kUnitMoney) != 0 && shown >= 1000 && shown < 1e6)
            sig = std::max(sig, static_cast<int>(std::floor(std::log10(shown))) + 2);
        // Then a digit more, amounts included, until the operands as shown give the result as shown:
        // at three digits each 30.6 GiB + 2.84 GiB read 33.4 (33.5 shown), 9.42 h × ¥12 ¥113.04
        // (¥112.98 shown), 13 × $6.667 $86.671 ($86.667 shown).
        const std::string target = value_text(t.result, t.unit, F);
        // Nor on a rounding tie: a reader's decimal arithmetic on "14.2 GiB ÷ 8" gives 1.775, which a person
        // rounds to 1.78 while printf's binary 1.7749… printed 1.77 (money keeps its exact cents:
        // as_shown()).
        const bool money = std::strcmp(t.unit, kUnitMoney) == 0;
        auto on_tie = [&](double got) {
            const double a = std::fabs(got);
            if (money || !(a > 0) || !std::isfinite(a)) return false;
            const double last_digit =
                a >= 1000 && a < 1e6 ? 1.0 : std::pow(10.0, std::floor(std::log10(a)) - 2);
            const double q = a / last_digit;
            return std::fabs(q - std::floor(q) - 0.5) < 1e-6;
        };
        auto reproduces = [&](int more) {
            const double got = shown_result(terms, t, F, sig + more, 3 + more);
            return value_text(got, t.unit, F) == target && !on_tie(got);
        };
        int extra = 0;
        while (extra < 4 && !reproduces(extra)) extra++;
        bool symbolic = false;
        std::string sym, num;
        for (int i = 0; i < t.count; i++) {
            const Operand& o = terms.operand(t, i);
            sym += op_text(o.op);
            num += op_text(o.op);
            symbolic = symbolic || *o.symbol;
            sym += *o.symbol ? std::string(symbol_text(o.symbol, F.lang)) : F.N(o.value);
            num += value_text(o.value, o.unit, F, sig + extra, 3 + extra);
        }
        if (symbolic) line += sym + " = ";
        line += num + " = ";
    } else if (t.count == 1 && *terms.operand(t, 0).symbol) {
        line += std::string(symbol_text(terms.operand(t, 0).symbol, F.lang)) +
                " = "; // "Weights per card = W = 13 GiB"
    }
    line += value_text(t.result, t.unit, F);
    // Hours and seconds also read in the unit a person would use ("3.2 days", "23.4 h").
    if (std::strcmp(t.unit, "h") == 0 && t.result >= 48) line += hours_aside(t.result, F);
    if (std::strcmp(t.unit, "s") == 0 && t.result >= 60) line += hours_aside(t.result / 3600, F);
    if (t.place == Place::host)
        line += F.T(" → host RAM (offloaded: not on the card)", " → 主机内存（已卸载，不占显存）");
    return line;
}

// A term whose label depends on the scenario: the policy's own generate() (LLaMA-Factory's PPO) runs no
// engine, so its generation phase is the KV cache beside the training weights. nullptr: the table's label.
static const char* term_name(const Estimate& e, const Term& t, const Fmt& F) {
    if (t.id == TermId::generation_phase && e.scenario.rollout == Rollout::policy)
        return F.T("Generation phase (the policy's own generate(): its KV cache)",
                   "生成阶段（策略模型自身的 generate()：其 KV 缓存）");
    return nullptr;
}

void push_terms(const Estimate& e, Headline h, const Fmt& F, std::vector<std::string>& out,
                bool (*keep)(const Estimate&, const Term&) = nullptr) {
    for (const Term& t : e.terms.items)
        if (term_text(t.id).section == h && (!keep || keep(e, t)))
            out.push_back(term_line(e.terms, t, F, term_name(e, t, F)));
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Explanations per headline
//-----------------------------------------------------------------------------

static const char* objective_label(Objective o) {
    switch (o) {
    case Objective::dpo:
        return "DPO";
    case Objective::orpo:
        return "ORPO";
    case Objective::kto:
        return "KTO";
    case Objective::simpo:
        return "SimPO";
    case Objective::grpo:
        return "GRPO";
    case Objective::ppo:
        return "PPO";
    default:
        return "SFT";
    }
}

// What the objective adds, said once per headline (the terms themselves carry the numbers).
static void explain_objective(const Estimate& e, Headline h, const Fmt& F, std::vector<std::string>& out) {
    const Scenario& s = e.scenario;
    const Objective o = s.objective;
    if (o == Objective::sft) return;
    const bool ref = uses_reference(o) && s.reference == Reference::model;
    if (h == Headline::compute) {
        if (is_paired(o))
            out.push_back(
                fmt(F.T("%s: a chosen and a rejected sequence per sample, both trained (D counts both)",
                        "%s：每个样本一条选中、一条拒绝的序列，都参与训练（D 计入两者）"),
                    objective_label(o)));
        if (is_rl(o) && s.generations == 1)
            out.push_back(fmt(F.T("%s: one completion per prompt, %d generated + %d prompt tokens (s − c); "
                                  "every completion is trained at length s",
                                  "%s：每个提示词生成 1 条回答，生成 %d 个 token，提示词 %d 个 token（s − "
                                  "c）；每条回答按长度 s 训练"),
                              objective_label(o), s.completion_len, s.seq_len - s.completion_len));
        else if (is_rl(o))
            out.push_back(fmt(
                F.T("%s: each prompt is rolled out G = %d times, %d generated + %d prompt tokens (s − c); "
                    "every completion is trained at length s",
                    "%s：每个提示词生成 G = %d 条回答，生成 %d 个 token，提示词 %d 个 token（s − "
                    "c）；每条回答按长度 s 训练"),
                objective_label(o), s.generations, s.completion_len, s.seq_len - s.completion_len));
        if (is_rl(o) && s.update_epochs > 1) // TRL's num_iterations (μ), LLaMA-Factory's ppo_epochs
            out.push_back(fmt(F.T("%s: each batch of rollouts is trained E = %d times (update_epochs): the "
                                  "training terms are × %d (update epochs); generation and the forward-only "
                                  "passes (reference, reward, old log-probs) run once",
                                  "%s：每批生成结果训练 E = %d 轮（update_epochs）：训练项 × %d（更新轮数）；"
                                  "生成和只做前向的计算（参考模型、奖励模型、旧对数概率）只做一次"),
                              objective_label(o), s.update_epochs, s.update_epochs));
        if (ref)
            out.push_back(F.T(
                "The reference model runs a forward pass on every trained token (2 × N_act, the ref term)",
                "参考模型对每个训练 token 做一次前向（2 × N_act，即 ref 项）"));
        else if (uses_reference(o))
            out.push_back(
                s.reference == Reference::precomputed
                    ? F.T("Reference log-probs precomputed before training: no reference forward",
                          "参考模型的对数概率已预先算好：训练时不做参考前向")
                    : F.T("No reference model (KL coefficient β = 0)", "不使用参考模型（KL 系数 β = 0）"));
        if (o == Objective::orpo || o == Objective::simpo)
            out.push_back(fmt(F.T("%s needs no reference model", "%s 不需要参考模型"), objective_label(o)));
        if (o == Objective::ppo && s.critic == Critic::value_head)
            out.push_back(F.T(
                "The value head sits on the policy: old log-probs and values come from one "
                "forward (2 × N_act), and no critic trains beside the policy",
                "价值头在策略模型上：旧对数概率和价值来自同一次前向（2 × N_act），没有单独训练的价值模型"));
        if (o == Objective::ppo && s.reward == Reward::api)
            out.push_back(F.T("The reward comes from a server: no reward forward on the cards",
                              "奖励来自外部服务：显卡上不做奖励模型前向"));
        return;
    }
    if (h == Headline::memory) {
        if (ref && s.method != Method::full)
            out.push_back(
                F.T("Reference = the base model with the adapters disabled (TRL does this for PEFT models): "
                    "no extra copy",
                    "参考模型 = 关闭适配器的基座模型（TRL 对 PEFT 模型就是这样做的）：不另占一份显存"));
        if (is_paired(o))
            out.push_back(
                F.T("Chosen and rejected go through one concatenated forward: activations and logits × 2",
                    "选中与拒绝序列拼接后一次前向：激活和 logits × 2"));
        if (o == Objective::ppo && s.critic == Critic::value_head)
            out.push_back(
                F.T("Critic = a value head on the policy (LLaMA-Factory): no second model, no states "
                    "of its own",
                    "价值模型 = 策略模型上的价值头（LLaMA-Factory）：没有第二个模型，也没有单独的训练状态"));
        if (o == Objective::ppo && s.reward == Reward::adapter)
            out.push_back(F.T(
                "Reward model = an adapter on the policy's base (LLaMA-Factory reward_model_type "
                "lora): no second copy of the base weights",
                "奖励模型 = 策略基座上的适配器（LLaMA-Factory reward_model_type lora）：不另存一份基座权重"));
        else if (o == Objective::ppo && s.reward == Reward::api)
            out.push_back(F.T("Reward model = a server off the cards: nothing on the cards",
                              "奖励模型 = 显卡之外的服务：不占显存"));
        if (is_rl(o)) {
            if (s.rollout == Rollout::policy)
                out.push_back(fmt(
                    F.T("Rollouts from the policy's own generate() on the training cards (no inference "
                        "engine, no copy of the weights): the card holds the larger phase, generation "
                        "(KV cache) %s GiB or training %s GiB",
                        "由策略模型自身的 generate() 在训练卡上生成（没有推理引擎，不另存权重）：显卡只需容纳"
                        "较大的阶段——生成（KV 缓存）%s GiB 或训练 %s GiB"),
                    F.N(e.memory.generation_gib).c_str(),
                    F.N(e.memory.activations_gib + e.memory.logits_gib).c_str()));
            else if (s.rollout == Rollout::separate)
                out.push_back(fmt(
                    F.T("Rollouts on %d separate inference card(s), each holding the generation phase above; "
                        "the training cards hold no engine",
                        "生成在 %d 张独立的推理卡上进行，每张卡占用上面的生成阶段显存；训练卡上没有推理引擎"),
                    s.rollout_cards));
            else if (s.engine_memory_fraction > 0)
                out.push_back(F.T("Colocated engine keeps its gpu_memory_utilization slice through training: "
                                  "training + slice",
                                  "同卡推理引擎在训练时也保留 gpu_memory_utilization 份额：训练 + 预留"));
            else
                out.push_back(
                    fmt(F.T("Colocated engine sleeps while the policy trains (vLLM sleep mode): the card "
                            "holds the "
                            "larger phase, generation %s GiB or training %s GiB, not their sum",
                            "同卡推理引擎在训练时休眠（vLLM sleep mode）：显卡只需容纳较大的阶段——生成 %s "
                            "GiB 或训练 %s GiB，而不是两者之和"),
                        F.N(e.memory.generation_gib).c_str(),
                        F.N(e.memory.activations_gib + e.memory.logits_gib).c_str()));
            if (s.stack == Stack::unsloth && s.rollout == Rollout::colocated)
                out.push_back(
                    F.T("Unsloth: vLLM shares the training weights (fast_inference): no engine copy",
                        "Unsloth：vLLM 与训练共用权重（fast_inference）：不另存一份"));
        }
        return;
    }
    if (h == Headline::time && is_rl(o))
        out.push_back(fmt(
            F.T("Compute splits into training %s and generation %s (%s of it)",
                "计算时间分为训练 %s和生成 %s（占 %s）"),
            F.H(e.time.compute_hours - e.time.generation_hours).c_str(), F.H(e.time.generation_hours).c_str(),
            F.P(e.time.compute_hours > 0 ? e.time.generation_hours / e.time.compute_hours : 0).c_str()));
}

static void explain_compute(const Estimate& e, const Fmt& F, std::vector<std::string>& out) {
    const Scenario& s = e.scenario;
    const FlopsResult& f = e.flops;
    explain_objective(e, Headline::compute, F, out);
    push_terms(e, Headline::compute, F, out,
               [](const Estimate&, const Term& t) { return t.id != TermId::worked_example_seconds; });
    // A token passes only through its routed experts: the rule of thumb's N is the active parameters.
    if (f.active_params > 0 && f.active_params < f.params)
        out.push_back(
            fmt(F.T("Mixture of experts: the rule of thumb takes N active = %s of the %s parameters "
                    "(each token passes only through the experts it is routed to)",
                    "混合专家模型：经验公式取激活参数 N_act = %s（总参数 %s；每个 token "
                    "只经过它被路由到的专家）"),
                F.Q(f.active_params).c_str(), F.Q(f.params).c_str()));
    if (s.method != Method::full)
        out.push_back(
            F.T("LoRA/QLoRA: frozen weights need no weight gradients (the backward pass costs one forward "
                "less per parameter); only the adapters N_a are trained",
                "LoRA/"
                "QLoRA：冻结的权重不需要计算权重梯度（反向传播每个参数少一次前向的计算量）；只训练适配器参数 "
                "N_a"));
    if (s.checkpointing == Checkpointing::full)
        out.push_back(
            F.T("Full activation recomputation repeats the forward pass: the extra N_act term above",
                "完整激活重计算会再做一次前向：即上面多出的 N_act 项"));
    if (s.checkpointing != Checkpointing::none)
        out.push_back(
            F.T("Recomputation repeats the attention core's forward: the second L × h × s term above",
                "重计算会重做注意力核心的前向：即上面第二个 L × h × s 项"));
    out.push_back(fmt(F.T("Trainable parameters N_t: %s (%s)", "可训练参数 N_t：%s（%s）"),
                      F.Q(f.trainable_params).c_str(), method_label(s.method, F.lang)));
    if (const Term* ex = e.terms.find(TermId::worked_example_seconds)) {
        out.push_back(term_line(e.terms, *ex, F));
        out.push_back(fmt(
            F.T("The widely shared \"≈%s s\" for that example is about 100× too small: an exponent slipped.",
                "网上流传的“约 %s 秒”小了约 100 倍：指数算错了。"),
            F.N(kExampleSharedSeconds).c_str()));
    }
}

static void explain_time(const Estimate& e, const Fmt& F, std::vector<std::string>& out) {
    const Scenario& s = e.scenario;
    const TimeResult& t = e.time;
    if (s.tokens_per_second_per_gpu > 0)
        out.push_back(fmt(F.T("Measured throughput: %s tokens/s per card (replaces utilization)",
                              "实测吞吐量：每卡 %s token/秒（代替利用率）"),
                          F.N(s.tokens_per_second_per_gpu).c_str()));
    else if (s.utilization <= 0 && s.stack == Stack::torchtitan && e.gpu.compute_capability >= kHopperMinCc)
        out.push_back(fmt(F.T("Utilization u: %s, %s%% of peak (torchtitan's default %s × %s on Hopper)",
                              "算力利用率 u：%s，即峰值的 %s%%（torchtitan 默认值 %s，Hopper 上 × %s）"),
                          F.N(t.utilization).c_str(), F.N(t.utilization * 100).c_str(),
                          F.N(kTorchtitanUtilization).c_str(), F.N(kFsdpHopperUtilizationRatio).c_str()));
    else if (s.utilization > 0 || s.stack == Stack::torchtitan || s.stack == Stack::megatron ||
             (s.method != Method::qlora && !fine_moe_on_hf(s, e.model.experts)))
        // The fraction the formulas use and the percent the box takes ("0.4 of peak" beside a box
        // in percent: 0.5 typed was taken as 0.5%).
        out.push_back(
            fmt(F.T("Utilization u: %s, %s%% of peak (%s)", "算力利用率 u：%s，即峰值的 %s%%（%s）"),
                F.N(t.utilization).c_str(), F.N(t.utilization * 100).c_str(),
                s.utilization > 0              ? F.T("given", "已填写")
                : s.stack == Stack::torchtitan ? F.T("torchtitan's default", "torchtitan 默认值")
                : s.stack == Stack::megatron   ? F.T("Megatron's default", "Megatron 默认值")
                                               : F.T("the card's default", "该卡默认值")));
    else {
        // The card's default times the factors that apply, each said with its reason, so the product
        // reproduces (QLoRA's was labelled "the card's default" beside a u above it).
        const GpuSpec& g = e.gpu;
        const double card = g.utilization_default > 0 && g.utilization_default <= 1 ? g.utilization_default
                                                                                    : kDefaultUtilization;
        // "the card's default 0.4 × 1.185 × 0.386: QLoRA's …; 128 small experts …"
        std::string why = fmt(F.T("the card's default %s", "该卡默认值 %s"), F.N(card).c_str()), reasons;
        if (s.method == Method::qlora) {
            const bool unsloth = s.stack == Stack::unsloth;
            why += " × " + F.N(unsloth ? kUnslothQloraUtilizationFactor : kHfQloraUtilizationFactor, 4);
            reasons = fmt(F.T("QLoRA's rate beside its fixed per-layer cost, fitted on %s rows",
                              "QLoRA 在固定的逐层开销之外的算力，按 %s 的数据拟合"),
                          unsloth ? "Unsloth" : "Hugging Face");
        }
        const bool moe = fine_moe_on_hf(s, e.model.experts);
        if (moe) {
            why += " × " + F.N(kHfFineMoeUtilizationFactor);
            if (!reasons.empty()) reasons += F.T("; ", "；");
            reasons += fmt(
                F.T("%d small experts a layer run below the dense rate on Transformers 5, fitted on "
                    "TRL's Qwen3-30B-A3B benchmark",
                    "每层 %d 个小专家，在 Transformers 5 上低于稠密模型，按 TRL 的 Qwen3-30B-A3B 基准拟合"),
                e.model.experts);
        }
        why += F.T(": ", "：") + reasons;
        out.push_back(
            fmt(F.T("Utilization u: %s, %s%% of peak (%s)", "算力利用率 u：%s，即峰值的 %s%%（%s）"),
                F.N(t.utilization).c_str(), F.N(t.utilization * 100).c_str(), why.c_str()));
        if (moe) // a default far from the dense one, and the older Transformers' case
            out.push_back(
                F.T("Transformers before 5.0 runs the experts one at a time, about 8× slower again: "
                    "with it, time a few steps and enter the measured throughput",
                    "Transformers 5.0 之前逐个运行专家，还要再慢约 8 倍：用旧版本时，请先试跑几步，"
                    "再填写实测吞吐量"));
    }
    out.push_back(fmt(
        F.T("Scaling efficiency eff: %s (%s)", "扩展效率 eff：%s（%s）"), F.N(t.scaling_efficiency).c_str(),
        s.scaling_efficiency > 0 ? F.T("given", "已填写")
        : s.tokens_per_second_per_gpu > 0
            ? F.T("in the measured throughput", "已含在实测吞吐量中")
            : (e.gpu.nvlink_gbps > 0 ? F.T("from the communication: NVLink in a node, the network across",
                                           "由通信得出：机内 NVLink，机间网络")
                                     : F.T("from the communication: PCIe in a node, the network across",
                                           "由通信得出：机内 PCIe，机间网络"))));
    push_terms(e, Headline::time, F, out);
    explain_objective(e, Headline::time, F, out);
    out.push_back(F.T("The low and high ends halve and double the overhead and fixed hours",
                      "低值和高值分别把额外开销和固定时间减半、加倍"));
}

// How the stack loads the model, pinned offload memory, and the verdict against the node's RAM
// (the lines after the host RAM terms, in the memory work and in the host RAM part).
static void host_ram_notes(const Estimate& e, const Fmt& F, std::vector<std::string>& out) {
    const Scenario& s = e.scenario;
    const HostRamResult& hr = e.host;
    // The shard's size from the constant the loading term uses (constants.h), not written again.
    const std::string zero3 = fmt(F.T("from_pretrained under ZeRO-3 init: one checkpoint shard at a time, "
                                      "at most %s GB",
                                      "ZeRO-3 初始化下的 from_pretrained：一次读一个检查点分片，至多 %s GB"),
                                  F.N(kCheckpointShardBytes / kBytesPerGB).c_str());
    const std::string qlora =
        fmt(F.T("QLoRA: bitsandbytes loads onto the card and quantizes each weight on its way "
                "there, one checkpoint shard at a time, at most %s GB",
                "QLoRA：bitsandbytes 直接载入显卡，每个权重在途中量化，一次读一个检查点分片，至多 %s GB"),
            F.N(kCheckpointShardBytes / kBytesPerGB).c_str());
    out.push_back(
        hr.load_per_rank
            ? fmt(hr.ranks_per_node > 1
                      ? F.T("Host RAM while loading: each of the node's %d ranks loads its own copy (%s)",
                            "加载时的内存：每台机器的 %d 个进程各自加载一份（%s）")
                      : F.T("Host RAM while loading: the %d rank loads its copy (%s)",
                            "加载时的内存：%d 个进程加载一份（%s）"),
                  hr.ranks_per_node,
                  s.stack == Stack::megatron
                      ? F.T("Megatron: its tp × pp partition", "Megatron：各自的 tp × pp 分片")
                  : s.stack == Stack::torchtitan
                      ? F.T("torchtitan: its shards only", "torchtitan：只读自己的分片")
                  : s.method == Method::qlora ? qlora.c_str()
                  : s.zero >= 3               ? zero3.c_str()
                                : F.T("from_pretrained, transformers 4.51 or later: an empty model, then the "
                                      "checkpoint",
                                      "transformers 4.51 及以后的 from_pretrained：先建空模型，再载入检查点"))
        : s.method == Method::qlora
            ? fmt(F.T("Host RAM while loading: once per node (Unsloth), %s",
                      "加载时的内存：每台机器只加载一次（Unsloth），%s"),
                  qlora.c_str())
            : F.T("Host RAM while loading: once per node (Unsloth streams the checkpoint to the card)",
                  "加载时的内存：每台机器只加载一次（Unsloth 把检查点直接流式载入显卡）"));
    if (s.offload != Offload::none)
        out.push_back(
            F.T("Offloaded states live in pinned (page-locked) host memory: they cannot be swapped out",
                "卸载的状态放在锁页内存中，不能换出到磁盘"));
    out.push_back(hr.known
                      ? fmt(F.T("Host RAM per node: peak %s GiB of %s GiB: %s",
                                "每台机器内存：峰值 %s GiB / %s GiB：%s"),
                            F.N(hr.peak_node_gib).c_str(), F.N(hr.available_gib).c_str(),
                            hr.fits ? F.T("fits", "够用") : F.T("does not fit", "不够"))
                      : F.T("Host RAM per node: unknown for this card; enter the node's RAM (host_ram_gib)",
                            "每台机器内存：这张卡没有默认值，请填写机器内存（host_ram_gib）"));
}

static void explain_memory(const Estimate& e, const Fmt& F, std::vector<std::string>& out) {
    const Scenario& s = e.scenario;
    const MemoryResult& m = e.memory;
    if (s.method != Method::full)
        out.push_back(
            fmt(F.T("LoRA rank r %d on %s", "LoRA 秩 r %d，作用于%s"), s.lora_rank,
                s.lora_targets == LoraTargets::all ? F.T("all linear layers", "全部线性层") : "q, v"));
    const char* rc =
        s.checkpointing == Checkpointing::full
            ? F.T("full recomputation: each layer keeps its input A_in; one layer keeps everything",
                  "完整重计算：每层只保留输入 A_in，再加一层的完整激活")
            : (s.checkpointing == Checkpointing::selective
                   ? F.T("selective recomputation: no s² scores", "选择性重计算：不保存 s² 注意力分数")
                   : (s.flash_attention
                          ? F.T("flash attention: no s² scores", "FlashAttention：不保存 s² 注意力分数")
                          : F.T("the s² attention scores are stored (the a × s term in A)",
                                "保存 s² 注意力分数（A 中的 a × s 项）")));
    out.push_back(fmt(F.T("Activations: %s", "激活：%s"), rc));
    // A loss the user chose, with its bytes (the stack's own is the B_logits of the logits line).
    if (s.loss != LossImpl::stack)
        out.push_back(fmt(F.T("Loss: %s (B_logits %s B)", "损失：%s（B_logits %s B）"),
                          display_name(s.loss, F.lang),
                          F.N(s.loss == LossImpl::chunked ? kLogitsBytesChunked
                              : s.loss == LossImpl::bf16  ? kLogitsBytesBf16
                                                          : kLogitsBytesFp32Upcast)
                              .c_str()));
    explain_objective(e, Headline::memory, F, out);
    push_terms(e, Headline::memory, F, out);
    host_ram_notes(e, F, out);
    // The two with the digits their difference needs: "23.26 GiB of 23.42 GiB usable: fits, 0.157 GiB
    // headroom", never 23.3 of 23.1 beside 0.157.
    const int sig = difference_significant(m.usable_gib, m.per_gpu_gib);
    out.push_back(fmt(
        F.T("Per card: %s GiB of %s GiB usable (%s GiB nominal): %s",
            "每卡显存：%s GiB / 可用 %s GiB（标称 %s GiB）：%s"),
        F.N(m.per_gpu_gib, sig).c_str(), F.N(m.usable_gib, sig).c_str(), F.N(m.capacity_gib).c_str(),
        m.fits ? fmt(F.T("fits, %s GiB headroom", "放得下，余量 %s GiB"), F.N(m.headroom_gib).c_str()).c_str()
               : fmt(F.T("does not fit, %s GiB short", "放不下，缺 %s GiB"), F.N(-m.headroom_gib).c_str())
                     .c_str()));
}

// What a search tried, for "no strategy fits": "recomputation, ZeRO 0–3, offload, TP ≤ 8, CP ≤ 8, EP ≤ 8,
// activation offload"; a dimension the scenario fixes shows its one value ("ZeRO-2", "TP 2"), one the
// stack or model lacks (CP, EP, activation offload) is left out.
static std::string searched_text(const StrategySpan& sp, const Fmt& F) {
    const bool zh = F.lang == Lang::zh;
    const char* sep = zh ? "、" : ", ";
    std::string out;
    auto add = [&](const std::string& part) { out += (out.empty() ? "" : sep) + part; };
    if (sp.levels & (sp.levels - 1)) add(F.T("recomputation", "重计算")); // two levels or more
    add(sp.zero_lo == sp.zero_hi ? fmt("ZeRO-%d", sp.zero_lo) : fmt("ZeRO %d–%d", sp.zero_lo, sp.zero_hi));
    if (sp.offload) add(F.T("offload", "卸载"));
    auto degree = [&](const char* name, int lo, int hi, bool always) {
        if (lo == hi && (always || lo > 1))
            add(fmt("%s %d", name, lo));
        else if (lo < hi)
            add(fmt("%s ≤ %d", name, hi));
    };
    degree("TP", sp.tp_lo, sp.tp_hi, true);
    degree("CP", sp.cp_lo, sp.cp_hi, false);
    degree("EP", sp.ep_lo, sp.ep_hi, false);
    if (sp.activation_offload) add(F.T("activation offload", "激活卸载"));
    return out;
}

// The search's context/expert parallelism and activation offload beyond TP: ", CP 2, EP 4, ...".
static std::string parallel_suffix(int tp, int cp, int ep, bool sp, bool act_offload, Lang lang) {
    const bool zh = lang == Lang::zh;
    const char* sep = zh ? "，" : ", ";
    std::string out;
    if (cp > 1) out += sep + fmt("CP %d", cp);
    if (ep > 1) out += sep + fmt("EP %d", ep);
    if (tp > 1 && !sp) out += sep + std::string(zh ? "不用序列并行" : "no sequence parallelism");
    if (act_offload) out += sep + std::string(zh ? "激活卸载到内存" : "activations offloaded");
    return out;
}

static void explain_cards(const Estimate& e, const Fmt& F, std::vector<std::string>& out) {
    const Scenario& s = e.scenario;
    const CardsResult& c = e.cards;
    const std::string best_more =
        std::string(recompute_suffix(c.best_strategy.checkpointing, s.checkpointing, F.lang)) +
        parallel_suffix(c.best_strategy.tp, c.best_strategy.cp, c.best_strategy.ep,
                        c.best_strategy.sequence_parallel, c.best_strategy.activation_offload, F.lang);
    const std::string max_cards = F.N(kMaxCards);
    const std::string own_more =
        parallel_suffix(s.tp, s.cp, s.ep, s.sequence_parallel, s.activation_offload, F.lang);
    if (c.min_for_memory > 0)
        out.push_back(fmt(F.T("Fewest cards that fit with ZeRO-%d, TP %d, PP %d%s: %d",
                              "按当前策略（ZeRO-%d，TP %d，PP %d%s）放得下的最少卡数：%d"),
                          s.zero, s.tp, s.pp, own_more.c_str(), c.min_for_memory));
    else if (c.min_for_memory_only > 0)
        out.push_back(
            fmt(F.T("No card count up to %s runs with ZeRO-%d, TP %d, PP %d%s: the host RAM per machine "
                    "never suffices",
                    "%s 张卡以内，按当前策略（ZeRO-%d，TP %d，PP %d%s）每台机器的内存都不够"),
                max_cards.c_str(), s.zero, s.tp, s.pp, own_more.c_str()));
    else
        out.push_back(fmt(F.T("No card count up to %s fits with ZeRO-%d, TP %d, PP %d%s%s",
                              "%s 张卡以内，按当前策略（ZeRO-%d，TP %d，PP %d%s）都放不下%s"),
                          max_cards.c_str(), s.zero, s.tp, s.pp, own_more.c_str(),
                          s.zero == 0 ? F.T(": without ZeRO, more cards do not reduce memory per card",
                                            "：不用 ZeRO 时，加卡不会减少每卡显存")
                                      : ""));
    // The own strategy held back by the host RAM, unless the line on the cards' memory alone says so.
    if (c.min_for_memory_only > 0 && c.min_for_memory_only != c.min_for_memory &&
        !(c.memory_only_cards > 0 && c.memory_only_strategy == strategy_choice_of(s)))
        out.push_back(
            fmt(F.T("With that strategy the cards' memory alone would take %d card%s; the host RAM per "
                    "machine rules that out",
                    "按当前策略只看显存 %d 张卡%s就够，但每台机器的内存不够"),
                c.min_for_memory_only, F.lang == Lang::zh || c.min_for_memory_only == 1 ? "" : "s"));
    if (c.min_for_memory_any > 0) {
        out.push_back(fmt(F.T("Fewest cards with the best strategy: %d (ZeRO-%d, TP %d, %s%s)",
                              "换用最省卡的策略：%d 张（ZeRO-%d，TP %d，%s%s）"),
                          c.min_for_memory_any, c.best_strategy.zero, c.best_strategy.tp,
                          offload_label(c.best_strategy.offload, F.lang), best_more.c_str()));
    } else if (c.memory_only_cards > 0)
        out.push_back(fmt(F.T("No strategy (%s) runs on this card: where the cards hold it, the host RAM per "
                              "machine does not",
                              "任何策略（%s）在这张卡上都跑不起来：显存放得下时，每台机器的内存都不够"),
                          searched_text(c.searched, F).c_str()));
    else
        out.push_back(fmt(F.T("No strategy (%s) fits on this card", "任何策略（%s）在这张卡上都放不下"),
                          searched_text(c.searched, F).c_str()));
    // Fewer cards that the cards' memory allows and the host RAM per node rules out: why the count is higher.
    if (c.memory_only_cards > 0) {
        const StrategyChoice& ms = c.memory_only_strategy;
        const HostRamResult& h = c.memory_only_host;
        const std::string more =
            std::string(recompute_suffix(ms.checkpointing, s.checkpointing, F.lang)) +
            parallel_suffix(ms.tp, ms.cp, ms.ep, ms.sequence_parallel, ms.activation_offload, F.lang);
        out.push_back(
            F.lang == Lang::zh
                ? fmt("只看显存，%d 张卡就放得下（ZeRO-%d，TP %d，%s%s），但每台机器的内存峰值为 %s GiB，"
                      "而%s只有 %s GiB：放不下",
                      c.memory_only_cards, ms.zero, ms.tp, offload_label(ms.offload, F.lang), more.c_str(),
                      F.N(h.peak_node_gib).c_str(), s.host_ram_gib > 0 ? "机器" : "租用部分",
                      F.N(h.available_gib).c_str())
                : fmt("The cards' memory alone would take %d card%s (ZeRO-%d, TP %d, %s%s), but that plan "
                      "needs "
                      "%s GiB of host RAM per machine at its peak, and %s has %s GiB",
                      c.memory_only_cards, c.memory_only_cards == 1 ? "" : "s", ms.zero, ms.tp,
                      offload_label(ms.offload, F.lang), more.c_str(), F.N(h.peak_node_gib).c_str(),
                      s.host_ram_gib > 0 ? "the machine" : "the rented share", F.N(h.available_gib).c_str()));
    }
    if (s.deadline_hours > 0) {
        const StrategyChoice& ds = c.deadline_strategy;
        const std::string deadline_more =
            std::string(recompute_suffix(ds.checkpointing, s.checkpointing, F.lang)) +
            parallel_suffix(ds.tp, ds.cp, ds.ep, ds.sequence_parallel, ds.activation_offload, F.lang);
        // Another strategy finishes in time on fewer cards than the scenario's own: said beside it.
        const bool fewer =
            c.for_deadline > 0 && c.for_deadline_any > 0 && c.for_deadline_any < c.for_deadline;
        if (fewer && F.lang == Lang::zh)
            out.push_back(fmt("要在 %s内完成需要：%d 张卡；换用 ZeRO-%d，TP %d，%s%s，只需 %d 张",
                              F.H(s.deadline_hours).c_str(), c.for_deadline, ds.zero, ds.tp,
                              offload_label(ds.offload, F.lang), deadline_more.c_str(), c.for_deadline_any));
        else if (fewer)
            out.push_back(fmt("Cards to finish within %s on the wall clock: %d; %d with ZeRO-%d, TP %d, %s%s",
                              F.H(s.deadline_hours).c_str(), c.for_deadline, c.for_deadline_any, ds.zero,
                              ds.tp, offload_label(ds.offload, F.lang), deadline_more.c_str()));
        else if (c.for_deadline > 0)
            out.push_back(
                fmt(F.T("Cards to finish within %s on the wall clock: %d", "要在 %s内完成需要：%d 张卡"),
                    F.H(s.deadline_hours).c_str(), c.for_deadline));
        else if (c.for_deadline_any > 0)
            out.push_back(fmt(
                F.T("Cards to finish within %s on the wall clock: %d with the best strategy (ZeRO-%d, TP %d, "
                    "%s%s); none with the current one",
                    "要在 %s内完成需要 %d 张卡（换用最省卡的策略：ZeRO-%d，tp "
                    "%d，%s%s）；按当前策略无法完成"),
                F.H(s.deadline_hours).c_str(), c.for_deadline_any, ds.zero, ds.tp,
                offload_label(ds.offload, F.lang), deadline_more.c_str()));
        else
            out.push_back(
                fmt(F.T("No card count up to %s finishes within %s (fixed hours and transfers alone take %s)",
                        "%s 张卡以内都无法在 %s内完成（固定时间和传输就要 %s）"),
                    max_cards.c_str(), F.H(s.deadline_hours).c_str(),
                    F.H(e.time.fixed_hours + e.time.upload_hours + e.time.download_hours +
                        e.time.checkpoint_hours)
                        .c_str()));
    }
}

// What the spot terms mean for this run, and the verdict against on-demand.
static void spot_notes(const Estimate& e, const Fmt& F, std::vector<std::string>& out) {
    if (e.spot.used) {
        const SpotResult& sp = e.spot;
        if (sp.segment_hours < e.time.wall_hours)
            out.push_back(
                F.T("Spot: while interruptions within a checkpoint interval are rare (λτ small), each loses "
                    "about half an interval plus the restart, τ/2 + R (the line above)",
                    "竞价：一个保存间隔内很少中断时（λτ 很小），每次中断约损失半个间隔加重启时间，即 τ/2 + "
                    "R（见上一行）"));
        else
            out.push_back(F.T(
                "Spot without checkpoints: every interruption restarts the run from the beginning, so the "
                "expected time grows exponentially with its length",
                "竞价且不保存检查点：每次中断都要从头开始，预期耗时随训练时长指数增长"));
        if (sp.on_demand_priced)
            out.push_back(fmt(F.T("Spot: %s expected against %s on demand: %s", "竞价：预期 %s，按需 %s：%s"),
                              F.M(sp.total).c_str(), F.M(sp.on_demand_total).c_str(),
                              sp.saving >= 0 ? F.T("spot is cheaper", "竞价更便宜")
                                             : F.T("on-demand is cheaper", "按需更便宜")));
        else
            out.push_back(fmt(F.T("Spot: %s expected; no on-demand price to compare it with",
                                  "竞价：预期 %s；没有按需价格可比较"),
                              F.M(sp.total).c_str()));
    }
}

static void explain_cost(const Estimate& e, const Fmt& F, std::vector<std::string>& out) {
    const Scenario& s = e.scenario;
    const CostResult& c = e.cost;
    const bool fees = c.storage + c.traffic > 0;
    for (const Term& t : e.terms.items) {
        if (term_text(t.id).section != Headline::cost) continue;
        // Zero fees would only lengthen every plan's line; they are shown when charged.
        if (!fees && (t.id == TermId::storage_fee || t.id == TermId::traffic_fee || t.id == TermId::fees))
            continue;
        if (t.id == TermId::quote_total) {
            const Quote& q = s.quotes[t.index];
            std::string name =
                std::string(F.T("Quote ", "报价 ")) + (q.name.empty() ? std::to_string(t.index + 1) : q.name);
            out.push_back(term_line(e.terms, t, F, name.c_str()) +
                          fmt(F.T(" (deposit %s, refundable, not added)", "（押金 %s，可退，未计入）"),
                              F.M(q.deposit).c_str()));
            continue;
        }
        out.push_back(term_line(e.terms, t, F));
    }
    spot_notes(e, F, out);
    bool any = false;
    for (const PlanCost& p : c.plans) any = any || p.available;
    if (any)
        out.push_back(fmt(F.T("Best plan: %s, %s in total", "最省的租用方式：%s，合计 %s"),
                          plan_label(c.best_plan, F.lang), F.M(c.total).c_str()));
    else
        out.push_back(F.T("No rental price is set for this card: enter your quote",
                          "这张卡没有租用价格：请填写您的报价"));
}

// "Break-even use per month = 176 h (7.33 days): at 176 h owning ¥4,282 ≤ renting ¥4,300 (cheapest
// plan), at 175 h owning ¥4,281 > renting ¥4,270": what the break-even compares, the amounts being
// the results of the owning and renting lines at it (index 0) and an hour below it (index 1).
static std::string break_even_line(const Estimate& e, const Term& t, const Fmt& F) {
    const double h = t.result;
    const TermText& tt = term_text(t.id);
    std::string line = std::string(F.T(tt.en, tt.zh)) + " = " + F.N(h) + F.T(" h", " 小时");
    if (h >= 48) line += hours_aside(h, F);
    const char* sep = F.T(": ", "：");
    for (int i = 0; i < 2; i++) {
        const Term* own = e.terms.find(TermId::own_at_break_even, i);
        const Term* rent = e.terms.find(TermId::rent_at_break_even, i);
        if (!own || !rent) break;
        line += sep + (i == 0 ? fmt(F.T("at %s h owning %s ≤ renting %s (cheapest plan)",
                                        "%s 小时自购 %s ≤ 租用 %s（最省方案）"),
                                    F.N(h).c_str(), F.M(own->result).c_str(), F.M(rent->result).c_str())
                              : fmt(F.T("at %s h owning %s > renting %s", "%s 小时自购 %s > 租用 %s"),
                                    F.N(h - 1).c_str(), F.M(own->result).c_str(), F.M(rent->result).c_str()));
        sep = F.T(", ", "，");
    }
    return line;
}

const char* buy_unknown_reason(const BuyResult& b, Lang lang) {
    const Fmt F{lang, Currency::cny};
    if (!b.purchase_known)
        return F.T("No purchase price for this card: whether buying pays is unknown. Enter one under "
                   "Ownership assumptions.",
                   "这张卡没有购买价：无法判断买卡是否划算。请在“自购假设”中填入购买价。");
    if (!b.rent_known)
        return F.T("No rental price for this card: whether buying pays is unknown. Enter one under Prices.",
                   "这张卡没有租用价：无法判断买卡是否划算。请在“价格”中填入租用价。");
    return nullptr;
}

static void explain_buy(const Estimate& e, const Fmt& F, std::vector<std::string>& out) {
    const BuyResult& b = e.buy;
    if (!b.purchase_known) { // its terms priced the card at ¥0: a break-even for a free card
        out.push_back(buy_unknown_reason(b, F.lang));
        return;
    }
    for (const Term& t : e.terms.items) {
        if (term_text(t.id).section != Headline::buy) continue;
        if (t.id == TermId::break_even_hours)
            out.push_back(break_even_line(e, t, F));
        else if (t.id == TermId::own_at_break_even && t.index == 1)
            out.push_back(
                term_line(e.terms, t, F,
                          F.T("Owning an hour below the break-even use", "比盈亏平衡点少 1 小时的自购成本")));
        else if (t.id == TermId::rent_at_break_even && t.index == 1)
            out.push_back(term_line(e.terms, t, F,
                                    F.T("Renting an hour below the break-even use (cheapest plan)",
                                        "比盈亏平衡点少 1 小时租用（最省方案）")));
        else
            out.push_back(term_line(e.terms, t, F));
    }
    if (!b.rent_known) { // owning's cost is known; renting's is not: no break-even, no verdict
        out.push_back(buy_unknown_reason(b, F.lang));
        return;
    }
    if (b.break_even_hours_per_month > 0)
        out.push_back(
            fmt(F.T("Owning is cheaper from the break-even use on, against the cheapest way to rent "
                    "the same hours (commonly quoted ~%s–%s h per month for A100-class cards rented "
                    "by the hour)",
                    "从盈亏平衡点起，自购比以最省方式租用同样时长更划算（A100 级别按小时租用的常见说法约每月 "
                    "%s–%s 小时）"),
                F.N(kQuotedBreakEvenLowHours).c_str(), F.N(kQuotedBreakEvenHighHours).c_str()));
    else
        out.push_back(
            F.T("No break-even: renting stays cheaper than owning up to a whole month's use (720 h)",
                "没有盈亏平衡点：直到整月使用（720 小时），租用都比自购便宜"));
    out.push_back(b.buying_cheaper
                      ? F.T("At this usage, buying is cheaper than renting", "按这个使用量，自购比租用便宜")
                      : F.T("At this usage, renting is cheaper than buying", "按这个使用量，租用比自购便宜"));
}

std::vector<std::string> explain(const Estimate& e, Headline h, Lang lang) {
    std::vector<std::string> out;
    if (!e.ok) return out;
    Fmt F{lang, e.cost.currency};
    switch (h) {
    case Headline::compute:
        explain_compute(e, F, out);
        break;
    case Headline::time:
        explain_time(e, F, out);
        break;
    case Headline::memory:
        explain_memory(e, F, out);
        break;
    case Headline::cards:
        explain_cards(e, F, out);
        break;
    case Headline::cost:
        explain_cost(e, F, out);
        break;
    case Headline::buy:
        explain_buy(e, F, out);
        break;
    default:
        assert(false && "explain: unknown Headline value: pass one of Headline::compute..buy");
        break;
    }
    return out;
}

std::vector<std::string> explain(const Estimate& e, ExplainPart p, Lang lang) {
    std::vector<std::string> out;
    if (!e.ok) return out;
    Fmt F{lang, e.cost.currency};
    const bool host = p == ExplainPart::host_ram;
    if (!host && !e.spot.used) return out;
    const TermId first = host ? TermId::host_ram : TermId::spot_exposure;
    const TermId last = host ? TermId::host_headroom : TermId::spot_saving;
    for (const Term& t : e.terms.items)
        if (t.id >= first && t.id <= last) out.push_back(term_line(e.terms, t, F));
    if (host)
        host_ram_notes(e, F, out);
    else
        spot_notes(e, F, out);
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Inverse questions
//-----------------------------------------------------------------------------

std::string strategy_text(const StrategyChoice& c, Lang lang) {
    const bool zh = lang == Lang::zh;
    std::string out = c.zero > 0 ? fmt("ZeRO-%d", c.zero) : std::string(zh ? "不用 ZeRO" : "no ZeRO");
    const char* sep = zh ? "，" : ", ";
    if (c.tp > 1) out += sep + fmt("TP %d", c.tp);
    // cp, ep, sequence parallelism off (with tp), activation offload: only what is not the default.
    out += parallel_suffix(c.tp, c.cp, c.ep, c.sequence_parallel, c.activation_offload, lang);
    if (c.offload != Offload::none) out += sep + std::string(offload_label(c.offload, lang));
    if (c.checkpointing == Checkpointing::selective)
        out += sep + std::string(zh ? "选择性重计算" : "selective recomputation");
    if (c.checkpointing == Checkpointing::full)
        out += sep + std::string(zh ? "全量重计算" : "full recomputation");
    return out;
}

namespace {

// "Headroom at b = 6 = usable − per card = 77.6 GiB − 70.1 GiB = 7.48 GiB".
void push_headroom(const InverseResult& r, TermId id, const FitAnswer& a, const char* sym, const Fmt& F,
                   std::vector<std::string>& out) {
    for (int i = 0; i < 2; i++) {
        const Term* t = r.terms.find(id, i);
        if (!t) continue;
        const std::string name =
            fmt(F.T("Headroom at %s %s", "%s 为 %s 时的余量"), sym, F.N(double(a.value + i), 15).c_str());
        std::string verdict = i == 0 ? F.T(" (fits)", "（放得下）") : F.T(" (does not fit)", "（放不下）");
        if (i == 1 && a.host_limited) // the cards hold it; the machine's RAM does not
            verdict = fmt(
                F.T(" (fits the cards, but the host RAM per machine would need %s GiB more than its %s GiB)",
                    "（显存放得下，但每台机器的内存还差 %s GiB，只有 %s GiB）"),
                F.N(a.next_host_peak_gib - a.next_host_available_gib).c_str(),
                F.N(a.next_host_available_gib).c_str());
        out.push_back(term_line(r.terms, *t, F, name.c_str()) + verdict);
    }
}

// "1 card" / "8 cards" / "8 张卡": the cards the answers are for.
std::string cards_text(int cards, const Fmt& F) {
    return fmt(F.T(cards == 1 ? "%d card" : "%d cards", "%d 张卡"), cards);
}

// The micro-batch and sequence answers both say this when nothing fits.
std::string no_strategy_fits(const FitAnswer& a, const Fmt& F) {
    return fmt(F.T("No strategy (%s) fits", "任何策略（%s）都放不下"), searched_text(a.searched, F).c_str());
}

// "; with the plan's own strategy: 3" when the answer needs another strategy than the scenario's own
// (whose inputs are on screen): a bigger micro-batch typed alone would not fit. ("as planned: 3" read
// as the value planned, beside a micro-batch of 1 in its box.)
std::string as_planned(const FitAnswer& a, const Scenario& s, const Fmt& F) {
    if (strategy_choice_of(s) == a.strategy) return "";
    const std::string v = a.planned_value > 0 ? F.N(a.planned_value, 15) : std::string(F.T("none", "没有"));
    return fmt(F.T("; with the plan's own strategy: %s", "；当前策略下：%s"), v.c_str());
}

// When the cards hold the smallest value but no machine does: which strategy, and the RAM figures.
std::string host_blocks(const FitAnswer& a, const Fmt& F) {
    return fmt(F.T(" (%s), but the host RAM per machine would need %s GiB, and it has %s GiB",
                   "（%s），但每台机器的内存需要 %s GiB，只有 %s GiB"),
               strategy_text(a.blocked_strategy, F.lang).c_str(), F.N(a.blocked_host_peak_gib).c_str(),
               F.N(a.blocked_host_available_gib).c_str());
}

// "Largest micro-batch that fits on 8 cards: 6 (ZeRO-3, …)" and its headroom, or why there is none.
void explain_micro_batch(const InverseResult& r, const Fmt& F, std::vector<std::string>& out) {
    const Scenario& s = r.scenario;
    const FitAnswer& b = r.micro_batch;
    if (b.found) {
        out.push_back(
            fmt(F.T("Largest micro-batch that fits on %s: %s%s (%s)", "%s上放得下的最大微批：%s%s（%s）"),
                cards_text(s.cards, F).c_str(), F.N(b.value, 15).c_str(),
                b.at_limit ? F.T(", the input's maximum", "，已是输入上限") : "",
                strategy_text(b.strategy, F.lang).c_str()) +
            as_planned(b, s, F));
        push_headroom(r, TermId::inverse_batch_headroom, b, "b", F, out);
    } else if (b.host_blocked) {
        out.push_back(fmt(F.T("Largest micro-batch: none. The cards hold a micro-batch of 1 on %s%s",
                              "最大微批：没有。%s的显存放得下微批 1%s"),
                          cards_text(s.cards, F).c_str(), host_blocks(b, F).c_str()));
    } else {
        out.push_back(fmt(F.T("Largest micro-batch: none. %s a micro-batch of 1 on %s",
                              "最大微批：没有。%s %s上微批为 1 的情况"),
                          no_strategy_fits(b, F).c_str(), cards_text(s.cards, F).c_str()));
    }
}

// The longest sequence that fits, its headroom, and a note when it is past the model's context.
void explain_seq_len(const InverseResult& r, const Catalog& catalog, const Fmt& F,
                     std::vector<std::string>& out) {
    const Scenario& s = r.scenario;
    const FitAnswer& q = r.seq_len;
    if (q.found) {
        out.push_back(fmt(F.T("Longest sequence that fits on %s: %s tokens%s (%s)",
                              "%s上放得下的最长序列：%s token%s（%s）"),
                          cards_text(s.cards, F).c_str(), F.N(q.value, 15).c_str(),
                          q.at_limit ? F.T(", the input's maximum", "，已是输入上限") : "",
                          strategy_text(q.strategy, F.lang).c_str()) +
                      as_planned(q, s, F));
        push_headroom(r, TermId::inverse_seq_headroom, q, "s", F, out);
        const ModelSpec* m = s.model_id.empty() ? &s.model : catalog.find_model(s.model_id);
        if (m && m->context > 0 && q.value > m->context)
            out.push_back(fmt(F.T("That is above the model's context of %s tokens: it fits in memory, the "
                                  "model was not trained for it",
                                  "超过了模型的上下文长度 %s：显存放得下，但模型没有按这个长度训练"),
                              F.N(m->context, 15).c_str()));
    } else if (q.host_blocked) {
        out.push_back(fmt(F.T("Longest sequence: none. The cards hold one token on %s%s",
                              "最长序列：没有。%s的显存放得下 1 个 token%s"),
                          cards_text(s.cards, F).c_str(), host_blocks(q, F).c_str()));
    } else {
        out.push_back(fmt(
            F.T("Longest sequence: none. %s one token on %s", "最长序列：没有。%s %s上 1 个 token 的情况"),
            no_strategy_fits(q, F).c_str(), cards_text(s.cards, F).c_str()));
    }
}

// A count to the unit, grouped ("177,359,935"): the budget lines differ by one token.
static std::string whole_count(double v) {
    return std::fabs(v) < 1e15 ? group_thousands(std::round(v)) : format_number(v, 15);
}

// The most tokens the budget buys with the budget left at it and one more token, or why none.
void explain_budget(const InverseResult& r, const Fmt& F, std::vector<std::string>& out) {
    const Scenario& s = r.scenario;
    const BudgetAnswer& bu = r.budget;
    if (bu.found) {
        out.push_back(fmt(F.T("Most tokens %s buys on %s as set: %s per epoch, %s in all (%s, %s, %s)",
                              "%s 在当前 %s和策略下最多能训练：每轮 %s，共 %s（%s，%s，%s）"),
                          F.M(s.budget).c_str(), cards_text(s.cards, F).c_str(),
                          F.Q(bu.tokens_per_epoch).c_str(), F.Q(bu.tokens).c_str(),
                          F.M(bu.cost_total).c_str(), F.H(bu.wall_hours).c_str(),
                          plan_label(bu.plan, F.lang)));
        for (int i = 0; i < 2; i++)
            if (const Term* t = r.terms.find(TermId::inverse_budget_left, i)) {
                const std::string name =
                    fmt(F.T("Budget left at %s tokens per epoch", "每轮 %s token 时的预算剩余"),
                        whole_count(bu.tokens_per_epoch + i).c_str());
                out.push_back(term_line(r.terms, *t, F, name.c_str()));
            }
    } else if (bu.host_short) {
        out.push_back(F.T("Most tokens for the budget: none, the run does not fit its machine's RAM as set",
                          "预算能买的 token：没有，按当前设置机器内存不够"));
    } else if (!bu.fits) {
        out.push_back(F.T("Most tokens for the budget: none, the run does not fit on its cards as set",
                          "预算能买的 token：没有，按当前设置显存放不下"));
    } else if (bu.unpriced) {
        out.push_back(
            F.T("Most tokens for the budget: unknown, this card has no rental price: enter your quote "
                "under Prices",
                "预算能买的 token：无法计算，这张卡没有租用价：请在“价格”中填写报价"));
    } else {
        out.push_back(
            fmt(F.T("Most tokens for the budget: none, %s does not cover even the fixed hours and transfers",
                    "预算能买的 token：没有，%s 连固定时间和传输的费用都不够"),
                F.M(s.budget).c_str()));
    }
}

// The cheapest card × count × plan within the deadline with its plan's cost line, or that none is.
void explain_deadline(const InverseResult& r, const Catalog& catalog, const Fmt& F,
                      std::vector<std::string>& out) {
    const Scenario& s = r.scenario;
    const DeadlineAnswer& d = r.deadline;
    if (d.found) {
        const GpuSpec& g = catalog.gpus[size_t(d.gpu_index)];
        const std::string name = plain_text(gpu_display_name(g, F.lang));
        out.push_back(fmt(F.T("Cheapest plan finishing within %s: %d × %s (%s), %s, %s, done in %s",
                              "在 %s内完成的最省方案：%d × %s（%s），%s，%s，耗时 %s"),
                          F.H(s.deadline_hours).c_str(), d.cards, name.c_str(),
                          strategy_text(d.strategy, F.lang).c_str(), plan_label(d.plan, F.lang),
                          F.M(d.cost_total).c_str(), F.H(d.wall_hours).c_str()));
        static const TermId plan_terms[] = {TermId::plan_hourly, TermId::plan_daily, TermId::plan_monthly,
                                            TermId::plan_mixed};
        if (const Term* t = r.terms.find(plan_terms[int(d.plan)])) out.push_back(term_line(r.terms, *t, F));
    } else {
        out.push_back(
            fmt(F.T("No priced card in the catalog finishes within %s", "目录中没有带价格的卡能在 %s内完成"),
                F.H(s.deadline_hours).c_str()));
    }
}

} // namespace

std::vector<std::string> explain(const InverseResult& r, const Catalog& catalog, Lang lang) {
    std::vector<std::string> out;
    if (!r.ok) return out;
    const Fmt F{lang, r.scenario.currency};
    explain_micro_batch(r, F, out);
    explain_seq_len(r, catalog, F, out);
    if (r.budget.asked) explain_budget(r, F, out);
    if (r.deadline.asked) explain_deadline(r, catalog, F, out);
    return out;
}

//-----------------------------------------------------------------------------
// [SECTION] Warning texts
//-----------------------------------------------------------------------------

std::string summary_sentence(const Estimate& e, Lang l) {
    if (!e.ok)
        return l == Lang::zh ? "输入有误，请检查标出的字段。"
                             : "Some inputs are invalid; see the marked fields.";
    std::string fits =
        e.memory.fits ? (l == Lang::zh ? "放得下" : "fits") : (l == Lang::zh ? "放不下" : "does not fit");
    // The machine's RAM, said only when it is what stops the run.
    const bool host_short = e.host.known && !e.host.fits;
    const std::string peak = format_number(e.host.peak_node_gib), ram = format_number(e.host.available_gib);
    std::string s;
    if (l == Lang::zh) {
        s = "算力 " + format_number(e.flops.executed) + " FLOPs；计算时间 " +
            format_hours(e.time.compute_hours, l) + "，实际约 " + format_hours(e.time.wall_hours, l) +
            "；每卡显存 " + format_number(e.memory.per_gpu_gib) + " / 可用 " +
            format_number(e.memory.usable_gib) + " GiB（" + fits + "）" +
            (host_short ? "；机器内存不够：峰值 " + peak + " / " + ram + " GiB" : "") + "；费用 " +
            (e.cost.priced ? format_money(e.cost.total, e.cost.currency) : "未知（没有租用价）") + "。";
    } else {
        s = "Compute " + format_number(e.flops.executed) + " FLOPs; compute time " +
            format_hours(e.time.compute_hours, l) + ", wall clock about " +
            format_hours(e.time.wall_hours, l) + "; memory per card " + format_number(e.memory.per_gpu_gib) +
            " of " + format_number(e.memory.usable_gib) + " GiB usable (" + fits + ")" +
            (host_short ? "; the machine's RAM is short: peak " + peak + " of " + ram + " GiB" : "") +
            "; cost " +
            (e.cost.priced ? format_money(e.cost.total, e.cost.currency) : "unknown (no rental price)") + ".";
    }
    return s;
}

namespace {

// The card's name before Chinese text: a space after a Latin end ("H100 80GB 没有"), none after a
// Chinese one ("…48GB（国内魔改版）没有"). In English its name.
std::string gpu_name_lead(const Estimate& e, Lang lang) {
    std::string n = gpu_display_name(e.gpu, lang);
    if (lang == Lang::zh && !n.empty() && static_cast<unsigned char>(n.back()) < 0x80) n += ' ';
    return n;
}

// Fills a warning text's %s in order from the warning's value and limit (or the estimate).
using WarningFill = std::string (*)(const char* text, const Warning& w, const Estimate& e, const Fmt& F);

// "<card> (compute capability 7.5) … needs 8.0 or newer": the card, its capability, the one needed.
std::string fill_capability(const char* text, const Warning& w, const Estimate& e, const Fmt& F) {
    return fmt(text, gpu_display_name(e.gpu, F.lang).c_str(), F.N(w.value).c_str(),
               fmt("%.1f", w.limit).c_str());
}

// The two numbers as plain numbers: the offending value, then the limit it crossed.
std::string fill_value_limit(const char* text, const Warning& w, const Estimate&, const Fmt& F) {
    return fmt(text, F.N(w.value).c_str(), F.N(w.limit).c_str());
}

struct WarningText {
    WarningCode code;
    const char* en; // printf format whose %s `fill` supplies
    const char* zh;
    WarningFill fill; // nullptr: the text has no %s and is shown as is
};

// One row per WarningCode, in WarningCode order (checked below): a table, so each text sits with
// its arguments and a new warning is one row.
const WarningText kWarningText[] = {
    {WarningCode::no_bf16,
     "%s (compute capability %s) has no native bf16: it needs %s or newer. Use fp16 with loss scaling.",
     "%s（计算能力 %s）不支持原生 bf16，需要 %s 及以上。请改用 fp16 并开启 loss scaling。", fill_capability},
    {WarningCode::no_fp8,
     "%s (compute capability %s) has no FP8 tensor cores (needs %s or newer): the 16-bit rate is used.",
     "%s（计算能力 %s）没有 FP8 张量核心（需要 %s 及以上）：按 16 位算力计算。", fill_capability},
    {WarningCode::pcie_scaling,
     "%s has no NVLink: cards talk over PCIe, so multi-card scaling is lower (%s here).",
     "%s没有 NVLink，多卡通过 PCIe 通信，扩展效率较低（这里按 %s 计）。",
     [](const char* t, const Warning& w, const Estimate& e, const Fmt& F) {
         // "Scaling is lower (100% here)" said two things: at 100% the traffic is hidden, said so.
         if (w.value >= 0.995)
             return fmt(F.T("%s has no NVLink: cards talk over PCIe. Here that traffic hides behind "
                            "compute (scaling %s): a pilot run on these cards tells whether it does.",
                            "%s没有 NVLink，多卡通过 PCIe 通信。这里的通信被计算掩盖（扩展效率 %s）："
                            "在这些卡上试跑一次即可验证。"),
                        gpu_name_lead(e, F.lang).c_str(), F.P(w.value).c_str());
         return fmt(t, gpu_name_lead(e, F.lang).c_str(), F.P(w.value).c_str());
     }},
    {WarningCode::seq_over_context, "Sequence length %s is above the model's context of %s tokens.",
     "序列长度 %s 超过了模型的上下文长度 %s。", fill_value_limit},
    {WarningCode::impossible_throughput,
     "The measured throughput implies %s of peak: above %s is not achievable in training; check the figure.",
     "实测吞吐量意味着算力利用率为峰值的 %s：训练中超过 %s 是做不到的，请核对数据。",
     [](const char* t, const Warning& w, const Estimate&, const Fmt& F) {
         return fmt(t, F.P(w.value).c_str(), F.P(w.limit).c_str());
     }},
    {WarningCode::memory_nearly_full,
     "Memory is nearly full: %s GiB headroom, under %s of usable memory. Expect out-of-memory on long "
     "batches.",
     "显存快满了：余量只有 %s GiB，不到可用显存的 %s，遇到长样本可能爆显存。",
     [](const char* t, const Warning& w, const Estimate&, const Fmt& F) {
         return fmt(t, F.N(w.value).c_str(), F.P(kNearlyFullFraction).c_str());
     }},
    // Neutral: the changes that do fit are computed (remedies()) and listed beside it, never guessed here.
    {WarningCode::does_not_fit,
     "Does not fit: %s GiB per card needed, %s GiB usable (%s GiB short): this run cannot start as set, so "
     "its "
     "time and cost are not a plan.",
     "显存放不下：每卡需要 %s GiB，可用 %s GiB（缺 %s GiB）：按当前设置无法开始训练，时间和费用仅供参考。",
     [](const char* t, const Warning& w, const Estimate&, const Fmt& F) {
         const int sig = difference_significant(w.value, w.limit); // "(0.157 GiB short)" reads right
         return fmt(t, F.N(w.value, sig).c_str(), F.N(w.limit, sig).c_str(), F.N(w.value - w.limit).c_str());
     }},
    {WarningCode::fixed_overhead_dominates,
     "Fixed hours (%s) exceed the compute time (%s): set-up, not training, dominates the bill.",
     "固定时间（%s）超过了计算时间（%s）：费用主要花在环境搭建上，而不是训练。",
     [](const char* t, const Warning& w, const Estimate&, const Fmt& F) {
         return fmt(t, F.H(w.value).c_str(), F.H(w.limit).c_str());
     }},
    // Said why when the hours more cards do not shorten are already past it (a 1 h deadline, 2 h of set-up).
    {WarningCode::deadline_impossible, "No card count up to %s meets the %s deadline%s.",
     "%s 张卡以内都无法在 %s的期限内完成%s。",
     [](const char* t, const Warning& w, const Estimate&, const Fmt& F) {
         const std::string why =
             w.limit < w.value
                 ? std::string()
                 : fmt(F.T(": fixed hours and transfers alone take %s", "：固定时间和传输就要 %s"),
                       F.H(w.limit).c_str());
         return fmt(t, F.N(kMaxCards).c_str(), F.H(w.value).c_str(), why.c_str());
     }},
    {WarningCode::cards_not_divisible,
     "%s cards are not a multiple of tp × pp = %s: some cards would sit idle.",
     "%s 张卡不是 tp × pp = %s 的整数倍：会有卡闲置。", fill_value_limit},
    {WarningCode::qlora_needs_lora_rank, "QLoRA needs a LoRA rank.", "QLoRA 需要设置 LoRA 秩。", nullptr},
    {WarningCode::offload_slow,
     "CPU offload makes the compute %s× slower: every optimizer step runs on the CPUs.",
     "CPU 卸载使计算慢 %s 倍：每一步的优化器更新都在 CPU 上进行。",
     [](const char* t, const Warning& w, const Estimate&, const Fmt& F) {
         return fmt(t, F.N(w.value).c_str());
     }},
    {WarningCode::fp32_slow,
     "fp32 training runs at %s TFLOPS (TF32 or plain FP32) instead of the %s TFLOPS 16-bit rate.",
     "fp32 训练只能用 %s TFLOPS（TF32 或普通 FP32），而不是 16 位的 %s TFLOPS。", fill_value_limit},
    {WarningCode::unverified_gpu,
     "The figures for %s are unverified: check them against the vendor's datasheet.",
     "%s的参数未经核实：请对照厂商规格表确认。",
     [](const char* t, const Warning&, const Estimate& e, const Fmt& F) {
         return fmt(t, gpu_name_lead(e, F.lang).c_str());
     }},
    {WarningCode::zero_single_rank,
     "ZeRO-%s with one data-parallel rank (cards = tp × pp = %s) shards nothing: it changes no memory per "
     "card.",
     "ZeRO-%s 只有一个数据并行副本（%s 张卡 = tp × pp），什么也没有切分：每卡显存不变。", fill_value_limit},
    {WarningCode::host_ram_short,
     "Host RAM: the node needs %s GiB at its peak but has %s GiB: the run would be killed while %s. %s",
     "内存不足：每台机器峰值需要 %s GiB，但只有 %s GiB，%s时进程会被杀掉。%s",
     [](const char* t, const Warning& w, const Estimate& e, const Fmt& F) {
         // The advice follows what fills the machine, and how the stack loads.
         const bool loading = e.host.load_node_gib >= e.host.offload_node_gib;
         const Stack k = e.scenario.stack;
         const char* advice =
             !loading
                 ? F.T("Offload less, shard the offloaded states over more cards (ZeRO), or rent more RAM.",
                       "可以少卸载、用 ZeRO 把卸载的状态分到更多卡上，或租更大内存的机器。")
             : k == Stack::megatron ? F.T("A larger tp × pp splits what each rank loads; or rent more RAM.",
                                          "加大 tp × pp 可以减少每个进程加载的分片；或租更大内存的机器。")
             : k == Stack::torchtitan ? F.T("More cards split the shards each rank reads; or rent more RAM.",
                                            "更多的卡可以减少每个进程读取的分片；或租更大内存的机器。")
             : k == Stack::unsloth    ? F.T("Rent more RAM.", "请租更大内存的机器。")
             // from_pretrained under zero.Init or QLoRA's device map reads one shard at a time already
             : e.scenario.zero >= 3 || e.scenario.method == Method::qlora
                 ? F.T("Fewer ranks per machine, or rent more RAM.",
                       "可以每台机器少放几张卡，或租更大内存的机器。")
                 : F.T("ZeRO-3 (it reads the checkpoint one shard at a time), loading in shards (Megatron, "
                       "torchtitan) or once per node (Unsloth), fewer ranks per machine, or rent more RAM.",
                       "可以用 "
                       "ZeRO-3（一次只读一个检查点分片）、分片加载（Megatron、torchtitan）或每台机器只加载"
                       "一次（Unsloth）、每台机器少放几张卡，或租更大内存的机器。");
         return fmt(t, F.N(w.value).c_str(), F.N(w.limit).c_str(),
                    loading ? F.T("loading the model", "加载模型") : F.T("offloading", "卸载训练"), advice);
     }},
    {WarningCode::padding_waste,
     "Samples are not packed: each costs %s tokens with its padding%s, so %s of the compute is padding. "
     "Packing (or grouping samples by length) removes it.",
     "样本没有打包：每条样本连同填充要算 %s 个 token%s，计算量中有 %s 是填充。打包（或按长度分组）可以省掉。",
     [](const char* t, const Warning& w, const Estimate& e, const Fmt& F) {
         // max_tokens 0: the longest sample is not known and is taken as the sequence (the most padding).
         const std::string longest = e.scenario.max_tokens > 0
                                         ? ""
                                         : fmt(F.T(" (the longest sample taken as the sequence length, %s "
                                                   "tokens: give it if shorter)",
                                                   "（最长样本按序列长度 %s 个 token 计：若更短请填写）"),
                                               F.N(e.scenario.seq_len).c_str());
         return fmt(t, F.N(w.limit).c_str(), longest.c_str(), F.P(w.value).c_str());
     }},
    // The hours and cost above are the model's: said which to book by, and what to look for.
    {WarningCode::pilot_disagrees,
     "Your pilot run extrapolates to %s, %s× the %s wall clock estimated here. %s",
     "你的试跑外推为 %s，是这里估算的总耗时 %s的 %s 倍。%s",
     [](const char* t, const Warning& w, const Estimate&, const Fmt& F) {
         const bool slower = w.value > w.limit;
         const char* advice =
             slower
                 ? F.T("The time and cost shown here are too low: book for the pilot's hours, or find what "
                       "runs slower than modelled (data loading, a smaller batch, no packing, another card).",
                       "这里的时间和费用偏低：请按试跑的时间租卡，或找出比模型慢的环节（数据加载、更小的批量"
                       "、"
                       "没有打包、不同的卡）。")
                 : F.T("Check that the pilot ran this scenario's settings (sequence length, batch, cards, "
                       "share of the data) before booking fewer hours.",
                       "少订时长之前，请确认试跑用的是这里的设置（序列长度、批量、卡数、数据比例）。");
         const std::string ratio = F.N(w.value / w.limit);
         return F.lang == Lang::zh
                    ? fmt(t, F.H(w.value).c_str(), F.H(w.limit).c_str(), ratio.c_str(), advice)
                    : fmt(t, F.H(w.value).c_str(), ratio.c_str(), F.H(w.limit).c_str(), advice);
     }},
    {WarningCode::batch_over_epoch,
     "One optimizer step takes %s sequences (micro-batch × accumulation steps × data-parallel ranks), more "
     "than the %s of an epoch: an epoch is less than one step. Use fewer cards, a smaller micro-batch or "
     "fewer accumulation steps.",
     "每个优化步要 %s 条序列（微批 × 梯度累积步数 × 数据并行数），超过一轮数据的 %s 条：一轮不到一个优化步。"
     "请减少卡数、微批或梯度累积步数。",
     [](const char* t, const Warning& w, const Estimate&, const Fmt& F) {
         // Packed sequences per epoch come out fractional (2.5e6 tokens ÷ 2,048): counted whole.
         return fmt(t, F.N(w.value, 9).c_str(), F.N(std::ceil(w.limit), 9).c_str()); // "3.2768 万 条": digits
     }},
    // The count that meets it, as the cards headline's "For the deadline" gives it.
    {WarningCode::misses_deadline,
     "As set (%s), the run takes %s, past the %s deadline: %s finish in time (For the deadline, under "
     "Cards).",
     "按当前设置（%s）训练要 %s，超过了 %s的期限：%s能按时完成（见“卡数”里的“满足期限”）。",
     [](const char* t, const Warning& w, const Estimate& e, const Fmt& F) {
         const CardsResult& c = e.cards;
         const int n = c.for_deadline > 0 ? c.for_deadline : c.for_deadline_any;
         return fmt(t, cards_text(e.scenario.cards, F).c_str(), F.H(w.value).c_str(), F.H(w.limit).c_str(),
                    cards_text(n, F).c_str());
     }},
    {WarningCode::over_budget, "As set, the run costs %s, over the %s budget by %s.",
     "按当前设置需要 %s，比 %s 的预算多 %s。",
     [](const char* t, const Warning& w, const Estimate&, const Fmt& F) {
         return fmt(t, F.M(w.value).c_str(), F.M(w.limit).c_str(), F.M(w.value - w.limit).c_str());
     }},
};
static_assert(sizeof kWarningText / sizeof kWarningText[0] == size_t(WarningCode::count),
              "one kWarningText row per WarningCode");

} // namespace

std::string warning_text(const Warning& w, const Estimate& e, Lang lang) {
    const size_t i = size_t(w.code);
    if (i >= size_t(WarningCode::count)) return "";
    const WarningText& row = kWarningText[i];
    assert(row.code == w.code && "kWarningText rows must follow WarningCode order");
    const Fmt F{lang, e.cost.currency};
    const char* text = F.T(row.en, row.zh);
    return row.fill ? row.fill(text, w, e, F) : std::string(text);
}

//-----------------------------------------------------------------------------
// [SECTION] Markdown report
//-----------------------------------------------------------------------------

std::string report_markdown(const Estimate& e, const Catalog& catalog, Lang lang) {
    std::string md = report_markdown(e, lang);
    if (!e.ok || (e.memory.fits && e.host.fits)) return md;
    // The computed changes that fit (each one estimated), in the report's language.
    const std::vector<Remedy> rs = remedies(e.scenario, catalog);
    const bool zh = lang == Lang::zh;
    md += e.memory.fits
              ? (zh ? "## 怎样能在机器内存里跑起来\n\n" : "## What would make it run on its machines\n\n")
              : (zh ? "## 怎样才能放下\n\n" : "## What would make it fit\n\n");
    if (rs.empty())
        md += zh ? "- 在这个目录里，单项或组合的改动都放不下：换更大的显卡或缩短序列\n"
                 : "- No single change or combination searched fits with this catalog: a larger card or "
                   "shorter sequences\n";
    for (const Remedy& r : rs)
        md += "- " + markdown_text(remedy_text(r, catalog, lang), 4 * kMaxShownNameBytes) + "\n";
    md += "\n";
    return md;
}

std::string report_markdown(const Estimate& raw, Lang lang) {
    const Estimate e = markdown_safe(raw); // names escaped, cut, control characters gone
    const Scenario& s = e.scenario;        // the inputs this estimate answered
    Fmt F{lang, e.cost.currency};
    std::string md;
    if (!e.ok) {
        md += F.T("# Training estimate: invalid input\n\n", "# 训练估算：输入有误\n\n");
        for (const FieldError& fe : e.errors)
            md += "- " + (lang == Lang::zh ? fe.message_zh : fe.message) + "\n";
        return md;
    }
    const std::string model = e.model.name.empty() && e.model.id.empty()
                                  ? std::string("custom")
                                  : model_display_name(e.model, F.lang);
    const std::string gpu = gpu_display_name(e.gpu, F.lang);
    md += fmt(F.T("# Training estimate: %s, %s, %d × %s\n\n", "# 训练估算：%s，%s，%d × %s\n\n"),
              model.c_str(), method_label(s.method, F.lang), s.cards, gpu.c_str());
    md += F.T("| | |\n|---|---|\n", "| | |\n|---|---|\n");
    md += fmt(F.T("| Executed compute | %s FLOPs |\n", "| 实际计算量 | %s FLOPs |\n"),
              F.N(e.flops.executed).c_str());
    // A run that does not fit cannot start: its time and cost say so on their own rows.
    const std::string not_fit =
        e.memory.fits ? "" : F.T(" — does not fit, cannot run as set", " — 显存放不下，无法按此运行");
    md += fmt(F.T("| Compute time | %s%s |\n", "| 计算时间 | %s%s |\n"), F.H(e.time.compute_hours).c_str(),
              not_fit.c_str());
    md += fmt(
        F.T("| Wall clock | %s (%s)%s |\n", "| 总耗时 | %s（%s）%s |\n"), F.H(e.time.wall_hours).c_str(),
        format_hours_range(e.time.wall_hours_low, e.time.wall_hours_high, F.lang).c_str(), not_fit.c_str());
    md += fmt(F.T("| Memory per card | %s / %s GiB (%s) |\n", "| 每卡显存 | %s / %s GiB（%s）|\n"),
              F.N(e.memory.per_gpu_gib).c_str(), F.N(e.memory.usable_gib).c_str(),
              e.memory.fits ? F.T("fits", "放得下") : F.T("does not fit", "放不下"));
    md += fmt(F.T("| GPU hours | %s |\n", "| 卡时 | %s |\n"), F.N(e.gpu_hours).c_str());
    if (e.cost.priced)
        md += fmt(F.T("| Cost (%s) | %s%s |\n\n", "| 费用（%s）| %s%s |\n\n"),
                  plan_label(e.cost.best_plan, lang), F.M(e.cost.total).c_str(), not_fit.c_str());
    else
        md += F.T("| Cost | unknown: no rental price |\n\n", "| 费用 | 未知：没有租用价 |\n\n");
    if (!e.warnings.empty()) {
        md += F.T("## Warnings\n\n", "## 提示\n\n");
        for (const Warning& w : e.warnings) md += "- " + warning_text(w, e, lang) + "\n";
        md += "\n";
    }
    static const Headline heads[] = {Headline::compute, Headline::time, Headline::memory,
                                     Headline::cards,   Headline::cost, Headline::buy};
    static const char* const titles_en[] = {"Compute", "Time", "Memory", "Cards", "Cost", "Rent or buy"};
    static const char* const titles_zh[] = {"算力需求", "时间", "显存", "卡数", "费用", "租用还是自购"};
    for (int i = 0; i < 6; i++) {
        md += "## ";
        md += lang == Lang::zh ? titles_zh[i] : titles_en[i];
        md += "\n\n";
        for (const std::string& l : explain(e, heads[i], lang)) md += "- " + l + "\n";
        md += "\n";
    }
    return md;
}

} // namespace traincalc

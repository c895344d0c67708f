// traincalc — tests/test_explain.cpp
// Number formatting, explanation lines (English and Chinese), warning texts, the Markdown report.
//
// Index of this file:
// [SECTION] Fixtures
// [SECTION] Number formatting
// [SECTION] Explanations
// [SECTION] Warning texts
// [SECTION] Report
#include "core/explain.h"
#include "core/inverse.h"
#include "fixtures.h"
#include "zh_text.h"
#include <algorithm>
#include <cctype>
#include <doctest/doctest.h>
#include <map>
#include <set>
#include <string>

using namespace traincalc;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Fixtures
//-----------------------------------------------------------------------------

Catalog explain_catalog() {
    Catalog c;
    GpuSpec g = fixtures::a100_80g();
    g.purchase_cny = 90000;
    GpuSpec t4;
    t4.id = "T4";
    t4.name = "NVIDIA T4";
    t4.memory_gib = 16;
    t4.tflops_16bit = 65;
    t4.compute_capability = 7.5;
    t4.bf16 = false;
    c.gpus = {g, t4};
    c.models = {fixtures::model_7b()};
    return c;
}

Scenario example_scenario() { // the worked example: 7B × 2.5e8 tokens, one A100 at 40%
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "A100-80G";
    s.method = Method::full;
    s.data_input = DataInput::tokens;
    s.tokens = 2.5e8;
    s.epochs = 1;
    s.utilization = 0.4;
    return s;
}

bool contains(const std::vector<std::string>& lines, const std::string& needle) {
    for (const std::string& l : lines)
        if (l.find(needle) != std::string::npos) return true;
    return false;
}

// The page's default: Qwen2.5-7B LoRA on one A100 80GB, against the built-in catalog.
Scenario default_lora() {
    Scenario s;
    s.model_id = "qwen2.5-7b";
    s.method = Method::lora;
    s.gpu_id = "A100-80G";
    s.cards = 1;
    return s;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Number formatting
//-----------------------------------------------------------------------------

TEST_CASE("format_number: scientific for large and tiny, grouped thousands, 3 significant digits") {
    CHECK(format_number(1.05e19) == "1.05e19");
    CHECK(format_number(7e9) == "7e9");
    CHECK(format_number(2.5e-5) == "2.5e-5");
    CHECK(format_number(84135) == "84,135");
    CHECK(format_number(999999) == "999,999");
    CHECK(format_number(1234.4) == "1,234");
    CHECK(format_number(23.3708) == "23.4");
    CHECK(format_number(0.95) == "0.95");
    CHECK(format_number(312) == "312");
    CHECK(format_number(999.7) == "1,000");
    CHECK(format_number(0) == "0");
    CHECK(format_number(-42.26) == "−42.3"); // U+2212, the minus of the formulas' operators
    CHECK(format_number(3.14159, 5) == "3.1416");
    CHECK(format_number(1.0 / 0.0) == "0");
}

TEST_CASE("difference_significant: the digits two amounts need for their difference to read right") {
    // At three each 77.497 − 77.6 read 0.1 beside a headroom shown 0.103; 78.0195 − 77.6 read 0.4 by 0.42.
    CHECK(difference_significant(77.6, 77.497) == 5);
    CHECK(format_number(77.497, 5) == "77.497");
    CHECK(difference_significant(78.019503, 77.6) == 4);
    CHECK(format_number(78.019503, 4) == "78.02");
    // Far apart, or exactly equal: three.
    CHECK(difference_significant(77.6, 33.0) == 3);
    CHECK(difference_significant(77.6, 77.6) == 3);
    CHECK(difference_significant(1234.4, 12.0) == 3); // "1,234 − 12 = 1,222"
    // Not a number: three (never a loop to twelve on NaN), and never past twelve.
    CHECK(difference_significant(std::nan(""), 1.0) == 3);
    CHECK(difference_significant(1.0 + 1e-14, 1.0) == 12);
}

TEST_CASE("format_hours: seconds, minutes, hours, days, years in both languages") {
    CHECK(format_hours(23.37, Lang::en) == "23.4 h");
    CHECK(format_hours(23.37, Lang::zh) == "23.4 小时");
    CHECK(format_hours(0.5, Lang::en) == "30 min");
    CHECK(format_hours(0.5, Lang::zh) == "30 分钟");
    CHECK(format_hours(72, Lang::en) == "3 days");
    CHECK(format_hours(816, Lang::zh) == "34 天");
    CHECK(format_hours(24 * 365 * 3, Lang::en) == "3 years");
    CHECK(format_hours(-1, Lang::en) == "0 s");
    CHECK(format_hours(27.0 / 3600, Lang::en) == "27 s"); // not "0 min"
    CHECK(format_hours(27.0 / 3600, Lang::zh) == "27 秒");
    CHECK(format_hours(59.4 / 3600, Lang::en) == "59 s");
}

TEST_CASE("format_hours_as: a value in a reference's unit (a linear chart axis's ticks)") {
    CHECK(format_hours_as(0, 35, Lang::zh) == "0 小时"); // was "0 秒" under "35 小时"
    CHECK(format_hours_as(0, 35, Lang::en) == "0 h");
    CHECK(format_hours_as(0.5, 2, Lang::en) == "0.5 h"); // not "30 min" under "2 h"
    CHECK(format_hours_as(36, 240, Lang::en) == "1.5 days");
    CHECK(format_hours_as(0.25, 0.5, Lang::zh) == "15 分钟");
    CHECK(format_hours_as(-1, 2, Lang::en) == "0 h");
    CHECK(format_hours_as(2, -1, Lang::en) == "7,200 s"); // a bad reference reads as 0: seconds
}

TEST_CASE("format_hours_range: both ends in the high end's unit") {
    CHECK(format_hours_range(43.9, 55.9, Lang::en) == "1.83 – 2.33 days"); // was "43.9 h – 2.33 days"
    CHECK(format_hours_range(43.9, 55.9, Lang::zh) == "1.83 – 2.33 天");
    CHECK(format_hours_range(3.4, 4.6, Lang::en) == "3.4 – 4.6 h");
    CHECK(format_hours_range(0.75, 1.5, Lang::en) == "0.75 – 1.5 h"); // was "45 min – 1.5 h"
    CHECK(format_hours_range(0.25, 0.5, Lang::zh) == "15 – 30 分钟");
    CHECK(format_hours_range(20.0 / 3600, 50.0 / 3600, Lang::en) == "20 – 50 s");
    CHECK(format_hours_range(24 * 300, 24 * 365 * 3, Lang::en) == "0.822 – 3 years");
    CHECK(format_hours_range(-1, 2, Lang::en) == "0 – 2 h");
}

TEST_CASE("format_money: yuan and dollars, grouped, cents below 10,000 unless whole") {
    CHECK(format_money(1234.4, Currency::cny) == "¥1,234.40");
    CHECK(format_money(1234.4, Currency::usd) == "$1,234.40");
    CHECK(format_money(112.5, Currency::cny) == "¥112.50"); // a quote as typed, not ¥113
    CHECK(format_money(12345.6, Currency::cny) == "¥12,346");
    CHECK(format_money(99.9999, Currency::cny) == "¥100");
    CHECK(format_money(0.66 * 7.2, Currency::cny) ==
          "¥4.752"); // a third decimal below ¥100 when it holds one
    CHECK(format_money(3.6, Currency::cny) == "¥3.60");
    CHECK(format_money(4640.001, Currency::cny) == "¥4,640");
    CHECK(format_money(0.41666, Currency::cny) == "¥0.417"); // power per hour: three decimals below ¥1
    CHECK(format_money(0.5, Currency::cny) == "¥0.50");
    CHECK(format_money(12.5, Currency::usd) == "$12.50");
    CHECK(format_money(72, Currency::cny) == "¥72");
    CHECK(format_money(-3000, Currency::cny) == "−¥3,000");
    CHECK(format_money(0, Currency::cny) == "¥0");
}

//-----------------------------------------------------------------------------
// [SECTION] Explanations
//-----------------------------------------------------------------------------

TEST_CASE("compute explanation shows the numbers and corrects the shared 856 s example") {
    Catalog c = explain_catalog();
    Scenario s = example_scenario();
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    auto en = explain(e, Headline::compute, Lang::en);
    CHECK(contains(en, "Rule of thumb = 6 × N × D = 6 × 7e9 × 2.5e8 tokens = 1.05e19 FLOPs"));
    CHECK(
        contains(en, "Executed FLOPs per token = 6 × N_act + attn = 6 × 7e9 + 1.61e9 FLOPs = 4.36e10 FLOPs"));
    CHECK(contains(en, "Executed FLOPs = per token × D = 4.36e10 FLOPs × 2.5e8 tokens = 1.09e19 FLOPs"));
    CHECK(contains(en, "= F ÷ peak ÷ 1e12 ÷ u = 1.05e19 FLOPs ÷ 312 TFLOPS ÷ 1e12 FLOP/s per TFLOPS ÷ 0.4 = "
                       "84,135 s (23.4 h)"));
    CHECK(contains(
        en, "The widely shared \"≈856 s\" for that example is about 100× too small: an exponent slipped."));
    auto zh = explain(e, Headline::compute, Lang::zh);
    CHECK(contains(zh, "经验公式 = 6 × N × D = 6 × 70 亿 × 2.5 亿 token = 1.05e19 FLOPs")); // counts in 万/亿
    CHECK(contains(zh, "网上流传的“约 856 秒”小了约 100 倍"));
    CHECK(contains(zh, "= 84,135 秒（23.4 小时）")); // full-width parentheses, no space before
    // Operand names that are words read in Chinese; letters stay the shared notation.
    auto time_zh = explain(e, Headline::time, Lang::zh);
    CHECK(contains(time_zh, "总耗时 = 计算 + 额外开销 + 固定时间 + 上传 + 下载 + 检查点 = "));
    CHECK(contains(time_zh, "下载模型 = N × 2 × 8 ÷ 下载带宽 ÷ 1e6 ÷ 3,600 = "));
}

TEST_CASE("a mixture of experts' rule of thumb is 6 × N_act × D, and the shown work says so") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s = example_scenario();
    s.model_id = "qwen3-30b-a3b"; // 30.5e9 parameters, 3.3e9 active per token
    s.gpu_id = "H100-SXM";
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.flops.rule_of_thumb == doctest::Approx(6 * e.flops.active_params * 2.5e8));
    auto en = explain(e, Headline::compute, Lang::en);
    CHECK(contains(en, "Rule of thumb = 6 × N_act × D = 6 × 3.3e9 × 2.5e8 tokens = 4.95e18 FLOPs"));
    CHECK(contains(en,
                   "Mixture of experts: the rule of thumb takes N active = 3.3e9 of the 3.05e10 parameters "
                   "(each token passes only through the experts it is routed to)"));
    auto zh = explain(e, Headline::compute, Lang::zh);
    CHECK(contains(zh, "经验公式 = 6 × N_act × D = 6 × 33 亿 × 2.5 亿 token = 4.95e18 FLOPs"));
    CHECK(contains(zh, "混合专家模型：经验公式取激活参数 N_act = 33 亿（总参数 305 亿；"));
    // A dense model keeps 6 × N × D and no such line.
    s.model_id = "qwen2.5-7b";
    e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(contains(explain(e, Headline::compute, Lang::en), "Rule of thumb = 6 × N × D = 6 × "));
    CHECK_FALSE(contains(explain(e, Headline::compute, Lang::en), "Mixture of experts"));
}

TEST_CASE("memory explanation names a chosen loss and its bytes, in en and zh") {
    Catalog c = explain_catalog();
    Scenario s = example_scenario();
    auto lines = [&](LossImpl loss, Lang lang) {
        s.loss = loss;
        const Estimate e = estimate(s, c);
        REQUIRE(e.ok);
        return explain(e, Headline::memory, lang);
    };
    // The stack's own loss: its B_logits is the logits line's; no extra line.
    CHECK_FALSE(contains(lines(LossImpl::stack, Lang::en), "Loss: "));
    CHECK(contains(lines(LossImpl::bf16, Lang::en), "Loss: bf16, no fp32 copy (B_logits 8 B)"));
    CHECK(contains(lines(LossImpl::bf16, Lang::en),
                   "s × b × V × B_logits = 2,048 × 1 × 32,000 × 8 B = 0.488 GiB"));
    CHECK(contains(lines(LossImpl::bf16, Lang::zh), "损失：bf16，无 fp32 副本（B_logits 8 B）"));
    CHECK(contains(lines(LossImpl::chunked, Lang::en), "Loss: Chunked / fused (Liger, CCE) (B_logits 0 B)"));
    CHECK(
        contains(lines(LossImpl::fp32_upcast, Lang::zh), "损失：fp32 上转（Hugging Face）（B_logits 17 B）"));
}

TEST_CASE("rent or buy without a purchase price says it is unknown, not a break-even for a free card") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const GpuSpec* free = nullptr;
    for (const GpuSpec& g : c.gpus)
        if (g.purchase_cny == 0 && g.price_cny_per_hour > 0) free = &g;
    REQUIRE(free); // the A10G (AWS G5) is rented only
    Scenario s;
    s.gpu_id = free->id;
    const Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    REQUIRE_FALSE(e.buy.purchase_known);
    CHECK(
        explain(e, Headline::buy, Lang::en) ==
        std::vector<std::string>{"No purchase price for this card: whether buying pays is unknown. Enter one "
                                 "under Ownership assumptions."});
    CHECK(explain(e, Headline::buy, Lang::zh) ==
          std::vector<std::string>{"这张卡没有购买价：无法判断买卡是否划算。请在“自购假设”中填入购买价。"});
}

TEST_CASE("rent or buy without a rental price says it is unknown, not that renting stays cheaper at ¥0") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const GpuSpec* unpriced = nullptr;
    for (const GpuSpec& g : c.gpus)
        if (g.purchase_cny > 0 && !(g.price_cny_per_hour > 0) && !(g.price_cny_per_day > 0) &&
            !(g.price_cny_per_month > 0))
            unpriced = &g;
    REQUIRE(unpriced); // the modified RTX 4090 48GB (China): bought, not listed for rent
    Scenario s;
    s.gpu_id = unpriced->id;
    const Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    REQUIRE_FALSE(e.buy.rent_known);
    const std::vector<std::string> en = explain(e, Headline::buy, Lang::en),
                                   zh = explain(e, Headline::buy, Lang::zh);
    REQUIRE(en.size() == 4); // depreciation, power, owning per month, then the unknown
    CHECK(en[2].rfind("Owning per card per month = ", 0) == 0);
    CHECK(en[3] == "No rental price for this card: whether buying pays is unknown. Enter one under Prices.");
    CHECK(zh[3] == "这张卡没有租用价：无法判断买卡是否划算。请在“价格”中填入租用价。");
    CHECK(explain(e, Headline::cost, Lang::en) ==
          std::vector<std::string>{"No rental price is set for this card: enter your quote"});
}

TEST_CASE("time, memory, cards, cost and buy explanations") {
    Catalog c = explain_catalog();
    Scenario s = example_scenario();
    s.method = Method::lora;
    s.deadline_hours = 48;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    auto time_en = explain(e, Headline::time, Lang::en);
    CHECK(contains(time_en, "Compute time = F_exec ÷ cards ÷ peak ÷ 1e12 ÷ u = ")); // one card: no eff
    CHECK(contains(time_en, " ÷ 1 ÷ 312 TFLOPS ÷ 1e12 FLOP/s per TFLOPS ÷ 0.4 = "));
    CHECK(contains(
        time_en,
        "Wall clock, low = compute + 0.5 × overhead + 0.5 × fixed + upload + download + checkpoints = "));
    auto mem_en = explain(e, Headline::memory, Lang::en);
    CHECK(contains(mem_en, "Weights, whole model W = N × B_w = 7e9 × 2 B = 13 GiB"));
    CHECK(contains(mem_en, "Adapters = N_a × B_a = 4e7 × 16 B = 0.596 GiB"));
    CHECK(contains(mem_en, "Logits and loss (by loss implementation) = s × b × V × B_logits = 2,048 × 1 × "
                           "32,000 × 17 B = 1.04 GiB"));
    CHECK(contains(mem_en, "fits, "));
    auto mem_zh = explain(e, Headline::memory, Lang::zh);
    CHECK(contains(mem_zh, "整个模型的权重 W = N × B_w = 70 亿 × 2 B = 13 GiB"));
    CHECK(contains(mem_zh, "8 B × 11,008 × 1 = ")); // f whole, as in English: "1.1 万" did not reproduce
    CHECK(contains(mem_zh, "放得下"));
    auto cards_en = explain(e, Headline::cards, Lang::en);
    CHECK(contains(cards_en, "Fewest cards that fit with ZeRO-0, TP 1, PP 1: 1"));
    CHECK(contains(cards_en, "Cards to finish within 2 days on the wall clock: "));
    auto cost_zh = explain(e, Headline::cost, Lang::zh);
    CHECK(contains(cost_zh, "按小时 = 计费时长 × 单价 × 卡数 = "));
    CHECK(contains(cost_zh, "最省的租用方式：按小时"));
    auto buy_en = explain(e, Headline::buy, Lang::en);
    CHECK(contains(buy_en, "Depreciation per card per month = purchase ÷ months = ¥90,000 ÷ 36 = ¥2,500"));
    CHECK(contains(buy_en, "Owning per card per month = depreciation + power + rack + operations = ¥2,500 + "
                           "¥124.80 + ¥375 + ¥500 = ¥3,499.80"));
    CHECK(contains(buy_en, "Break-even use per month = "));
    CHECK(contains(buy_en, "Owning at the break-even use = fixed cost + power per hour × hours = "));
    CHECK(contains(buy_en, "Renting the same hours (cheapest plan) = "));

    // Measured throughput: the implied utilization is shown.
    s.tokens_per_second_per_gpu = 3000;
    e = estimate(s, c);
    CHECK(contains(explain(e, Headline::time, Lang::en),
                   "Implied utilization = tokens/s × per token ÷ peak ÷ 1e12 = 3,000 × "));
    // Invalid estimate: no lines.
    s.cards = 0;
    e = estimate(s, c);
    CHECK(explain(e, Headline::compute, Lang::en).empty());
}

TEST_CASE("host RAM and spot parts: their terms and verdicts, the same lines as the memory and cost work") {
    Catalog c = explain_catalog();
    Scenario s = example_scenario();
    s.cards = 8;
    s.zero = 2;
    s.offload = Offload::optimizer;
    s.host_ram_gib = 512;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    REQUIRE(e.host.known);
    const auto host = explain(e, ExplainPart::host_ram, Lang::en);
    const auto mem = explain(e, Headline::memory, Lang::en);
    REQUIRE(host.size() >= 4);
    for (const std::string& line : host) {
        CAPTURE(line);
        CHECK(contains(mem, line)); // the page's host RAM work is the memory work's, not another text
    }
    CHECK(contains(host, "Host RAM peak per node = "));
    CHECK(contains(host, "Host RAM headroom per node = "));
    CHECK(host.back() == "Host RAM per node: peak " + format_number(e.host.peak_node_gib) +
                             " GiB of 512 GiB: " + (e.host.fits ? "fits" : "does not fit"));
    CHECK(contains(explain(e, ExplainPart::host_ram, Lang::zh), "每台机器内存：峰值 "));

    CHECK(explain(e, ExplainPart::spot, Lang::en).empty()); // no spot price: nothing to compare
    s.spot_price_hourly = 3;
    s.interruptions_per_hour = 0.1;
    e = estimate(s, c);
    REQUIRE(e.spot.used);
    const auto spot = explain(e, ExplainPart::spot, Lang::en);
    const auto cost = explain(e, Headline::cost, Lang::en);
    for (const std::string& line : spot) {
        CAPTURE(line);
        CHECK(contains(cost, line));
    }
    CHECK(contains(spot, "Spot: expected billed hours per card H = "));
    CHECK(contains(spot, "Spot: expected cost = "));
    CHECK(spot.back() == "Spot: " + format_money(e.spot.total, Currency::cny) + " expected against " +
                             format_money(e.spot.on_demand_total, Currency::cny) + " on demand: " +
                             (e.spot.saving >= 0 ? "spot is cheaper" : "on-demand is cheaper"));
    // An invalid estimate: no lines.
    s.cards = 0;
    CHECK(explain(estimate(s, c), ExplainPart::host_ram, Lang::en).empty());
}

//-----------------------------------------------------------------------------
// [SECTION] Warning texts
//-----------------------------------------------------------------------------

TEST_CASE(
    "strategy_text: ZeRO always, then tp, cp, ep, sequence parallelism off, activation offload, offload "
    "and recomputation when not the default, en and zh") {
    StrategyChoice c; // the defaults: only ZeRO is said
    CHECK(strategy_text(c, Lang::en) == "no ZeRO");
    CHECK(strategy_text(c, Lang::zh) == "不用 ZeRO");
    c.sequence_parallel = false; // without tp there is no sequence parallelism to turn off
    CHECK(strategy_text(c, Lang::en) == "no ZeRO");
    c.zero = 1;
    c.tp = 2;
    c.cp = 2;
    c.ep = 4;
    c.activation_offload = true;
    c.offload = Offload::optimizer;
    c.checkpointing = Checkpointing::selective;
    CHECK(strategy_text(c, Lang::en) == "ZeRO-1, TP 2, CP 2, EP 4, no sequence parallelism, activations "
                                        "offloaded, optimizer offloaded to CPU, selective recomputation");
    CHECK(strategy_text(c, Lang::zh) ==
          "ZeRO-1，TP 2，CP 2，EP 4，不用序列并行，激活卸载到内存，优化器卸载到 CPU，选择性重计算");
    c.sequence_parallel = true; // the default with tp: not said
    c.activation_offload = false;
    c.tp = 1;
    c.offload = Offload::none;
    c.checkpointing = Checkpointing::full;
    CHECK(strategy_text(c, Lang::en) == "ZeRO-1, CP 2, EP 4, full recomputation");
    CHECK(strategy_text(c, Lang::zh) == "ZeRO-1，CP 2，EP 4，全量重计算");
}

TEST_CASE("warning texts name the card and the numbers, in both languages") {
    Catalog c = explain_catalog();
    Scenario s = example_scenario();
    s.gpu_id = "T4";
    s.method = Method::qlora;
    s.seq_len = 512;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    Warning w{WarningCode::no_bf16, 7.5, 8.0};
    CHECK(warning_text(w, e, Lang::en) == "NVIDIA T4 (compute capability 7.5) has no native bf16: it needs "
                                          "8.0 or newer. Use fp16 with loss scaling.");
    CHECK(warning_text(w, e, Lang::zh) ==
          "NVIDIA T4（计算能力 7.5）不支持原生 bf16，需要 8.0 及以上。请改用 fp16 并开启 loss scaling。");
    // PCIe: "scaling is lower (100% here)" said two things; at 100% it says the traffic is hidden.
    Warning pcie{WarningCode::pcie_scaling, 0.8, 1.0};
    CHECK(warning_text(pcie, e, Lang::en) ==
          "NVIDIA T4 has no NVLink: cards talk over PCIe, so multi-card scaling is lower (80% here).");
    pcie.value = 1.0;
    CHECK(warning_text(pcie, e, Lang::en) ==
          "NVIDIA T4 has no NVLink: cards talk over PCIe. Here that traffic hides behind compute (scaling "
          "100%): a pilot run on these cards tells whether it does.");
    CHECK(warning_text(pcie, e, Lang::zh) == "NVIDIA T4 没有 NVLink，多卡通过 PCIe 通信。这里的通信被计算掩盖"
                                             "（扩展效率 100%）：在这些卡上试跑一次即可验证。");
    Warning tp{WarningCode::impossible_throughput, 0.87, 0.75};
    CHECK(warning_text(tp, e, Lang::en) == "The measured throughput implies 87% of peak: above 75% is not "
                                           "achievable in training; check the figure.");
    Warning fit{WarningCode::does_not_fit, 90.5, 77.6};
    CHECK(warning_text(fit, e, Lang::zh) == "显存放不下：每卡需要 90.5 GiB，可用 77.6 GiB（缺 12.9 "
                                            "GiB）：按当前设置无法开始训练，时间和费用仅供参考。");
    // Neutral: never generic advice such as "use LoRA/QLoRA" (wrong for a LoRA user); the computed
    // remedies are listed beside it.
    CHECK(warning_text(fit, e, Lang::en).find("LoRA") == std::string::npos);
    CHECK(warning_text(fit, e, Lang::en)
              .rfind("Does not fit: 90.5 GiB per card needed, 77.6 GiB usable (12.9 GiB short)", 0) == 0);
    Warning zero{WarningCode::zero_single_rank, 3, 8};
    CHECK(warning_text(zero, e, Lang::en) ==
          "ZeRO-3 with one data-parallel rank (cards = tp × pp = 8) shards "
          "nothing: it changes no memory per card.");
    // One card reads as one (it read "1 cards").
    CHECK(warning_text(Warning{WarningCode::zero_single_rank, 1, 1}, e, Lang::en) ==
          "ZeRO-1 with one data-parallel rank (cards = tp × pp = 1) shards nothing: it changes no memory per "
          "card.");
    CHECK(warning_text(zero, e, Lang::zh) ==
          "ZeRO-3 只有一个数据并行副本（8 张卡 = tp × pp），什么也没有切分：每卡显存不变。");
    Warning ctx{WarningCode::seq_over_context, 8192, 4096};
    CHECK(warning_text(ctx, e, Lang::en) ==
          "Sequence length 8,192 is above the model's context of 4,096 tokens.");
    // Every code has a non-empty text in both languages.
    for (int code = 0; code < int(WarningCode::count); code++) {
        Warning any{WarningCode(code), 1, 2};
        CHECK_FALSE(warning_text(any, e, Lang::en).empty());
        CHECK_FALSE(warning_text(any, e, Lang::zh).empty());
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Report
//-----------------------------------------------------------------------------

TEST_CASE("report_markdown: headline table, warnings and every section") {
    Catalog c = explain_catalog();
    Scenario s = example_scenario();
    s.gpu_id = "T4";
    s.method = Method::qlora;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    std::string en = report_markdown(e, Lang::en);
    CHECK(en.find("# Training estimate: Test 7B, QLoRA, 1 × NVIDIA T4") == 0);
    for (const char* h :
         {"## Warnings", "## Compute", "## Time", "## Memory", "## Cards", "## Cost", "## Rent or buy"})
        CHECK(en.find(h) != std::string::npos);
    std::string zh = report_markdown(e, Lang::zh);
    CHECK(zh.find("# 训练估算：Test 7B，QLoRA，1 × NVIDIA T4") == 0);
    for (const char* h : {"## 提示", "## 算力需求", "## 显存", "## 费用", "## 租用还是自购"})
        CHECK(zh.find(h) != std::string::npos);
    s.cards = 0;
    e = estimate(s, c);
    CHECK(report_markdown(e, Lang::en) ==
          "# Training estimate: invalid input\n\n- cards must be an integer from 1 to 65536, got 0\n");
}

TEST_CASE("summary_sentence: the live region's sentence, from the estimate's own numbers, en and zh") {
    CatalogResult c = parse_catalog(builtin_catalog_json());
    REQUIRE(c.errors.empty());
    Scenario s;
    Estimate e = estimate(s, c.catalog);
    REQUIRE(e.ok);
    const std::string en = summary_sentence(e, Lang::en);
    CHECK(en == "Compute " + format_number(e.flops.executed) + " FLOPs; compute time " +
                    format_hours(e.time.compute_hours, Lang::en) + ", wall clock about " +
                    format_hours(e.time.wall_hours, Lang::en) + "; memory per card " +
                    format_number(e.memory.per_gpu_gib) + " of " + format_number(e.memory.usable_gib) +
                    " GiB usable (" + (e.memory.fits ? "fits" : "does not fit") + "); cost " +
                    format_money(e.cost.total, e.cost.currency) + ".");
    const std::string zh = summary_sentence(e, Lang::zh);
    CHECK(zh.rfind("算力 ", 0) == 0);
    // Against the usable memory, as the headline and the shown work say it (the nominal read "23.5 of 24
    // GiB: does not fit" on a 24 GiB card whose usable is 23.3).
    CHECK(zh.find("；每卡显存 " + format_number(e.memory.per_gpu_gib) + " / 可用 " +
                  format_number(e.memory.usable_gib) + " GiB（") != std::string::npos);
    CHECK(zh.find(format_money(e.cost.total, e.cost.currency)) != std::string::npos);
    s.cards = 0;
    e = estimate(s, c.catalog);
    CHECK(summary_sentence(e, Lang::en) == "Some inputs are invalid; see the marked fields.");
    CHECK(summary_sentence(e, Lang::zh) == "输入有误，请检查标出的字段。");
}

TEST_CASE("has_warning: bf16 on a card below compute capability 8.0 (the page's checklist reads it)") {
    CatalogResult c = parse_catalog(builtin_catalog_json());
    Scenario s;
    s.model_id = "";
    s.model = fixtures::model_7b();
    s.gpu_id = "";
    s.gpu.id = "v100-like";
    s.gpu.memory_gib = 32;
    s.gpu.tflops_16bit = 125;
    s.gpu.compute_capability = 7.0;
    s.gpu.bf16 = false;
    Estimate e = estimate(s, c.catalog);
    REQUIRE(e.ok);
    CHECK(has_warning(e, WarningCode::no_bf16));
    s.precision = Precision::fp16;
    e = estimate(s, c.catalog);
    CHECK_FALSE(has_warning(e, WarningCode::no_bf16));
}

TEST_CASE("the fewest cards are cards the plan runs on: the host RAM per node rules out fewer, and says so") {
    // The bench's 70B pretrain on A100-80G: 4 cards fit the cards' memory with ZeRO-3, full
    // recomputation and optimizer and parameters on the CPU (47 GiB of 77.6), but each machine then
    // holds 1,051 GiB of offloaded states (1,055 with its 4 processes' own) against the 576 GiB of a 4-card
    // share of the catalog's 1,152 GiB node. The search goes on to a plan that runs: 8 cards, ZeRO-1, tp 2,
    // the optimizer alone offloaded, no recomputation.
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s = fixtures::pretrain_70b();
    s.zero = 1;
    s.tp = 8;
    s.pp = 4;
    s.cards = 1024;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    const CardsResult& k = e.cards;
    CHECK(k.min_for_memory == 32); // the own strategy: 131 GiB per rank × 8 loading, of 1,152
    CHECK(k.min_for_memory_only == 32);
    CHECK(k.min_for_memory_any == 8);
    CHECK(k.best_strategy.zero == 1);
    CHECK(k.best_strategy.tp == 2);
    CHECK(k.best_strategy.offload == Offload::optimizer);
    CHECK(k.best_strategy.checkpointing == Checkpointing::none);
    REQUIRE(k.memory_only_cards == 4);
    CHECK(k.memory_only_strategy.offload == Offload::optimizer_params);
    CHECK(k.memory_only_strategy.checkpointing == Checkpointing::full);
    CHECK(k.memory_only_host.known);
    CHECK_FALSE(k.memory_only_host.fits);
    CHECK(k.memory_only_host.peak_node_gib == doctest::Approx(1051.28 + 4).epsilon(0.0001));
    CHECK(k.memory_only_host.available_gib == doctest::Approx(576));
    const std::vector<std::string> en = explain(e, Headline::cards, Lang::en);
    CHECK(contains(en, "Fewest cards with the best strategy: 8 (ZeRO-1, TP 2, optimizer offloaded to CPU, no "
                       "recomputation)"));
    CHECK(contains(en, "The cards' memory alone would take 4 cards (ZeRO-3, TP 1, optimizer and parameters "
                       "offloaded to CPU, full recomputation), but that plan needs 1,055 GiB of host RAM per "
                       "machine at its peak, and the rented share has 576 GiB"));
    CHECK(contains(
        explain(e, Headline::cards, Lang::zh),
        "只看显存，4 张卡就放得下（ZeRO-3，TP 1，优化器和参数卸载到 CPU，全量重计算），但每台机器的内存"
        "峰值为 1,055 GiB，而租用部分只有 576 GiB：放不下"));
    // Each plan applied: the headline's runs (cards' memory and host RAM), the ruled-out one does not.
    Scenario t = s;
    t.cards = k.min_for_memory_any;
    k.best_strategy.apply_to(t);
    Estimate applied = estimate(t, c);
    REQUIRE(applied.ok);
    CHECK(applied.memory.fits);
    CHECK(applied.host.fits);
    CHECK_FALSE(has_warning(applied, WarningCode::host_ram_short));
    t = s;
    t.cards = k.memory_only_cards;
    k.memory_only_strategy.apply_to(t);
    applied = estimate(t, c);
    REQUIRE(applied.ok);
    CHECK(applied.memory.fits);
    CHECK_FALSE(applied.host.fits);
    CHECK(applied.host.peak_node_gib == k.memory_only_host.peak_node_gib);
    // With the node's RAM given as 4 TiB, the 4 cards run: nothing is ruled out.
    s.host_ram_gib = 4096;
    e = estimate(s, c);
    CHECK(e.cards.min_for_memory_any == 4);
    CHECK(e.cards.memory_only_cards == 0);
    // A plan that fits its node says nothing more.
    s = Scenario{};
    e = estimate(s, c);
    REQUIRE(e.cards.min_for_memory_any > 0);
    CHECK(e.cards.memory_only_cards == 0);
    for (const std::string& line : explain(e, Headline::cards, Lang::en))
        CHECK(line.find("host RAM per machine") == std::string::npos);
}

TEST_CASE("a strategy that never runs on its machines says so, with the count the cards alone would take") {
    // Qwen2.5-3B in full, ZeRO-1 with the optimizer on the CPU, machines of 32 GiB with 8 cards: up to
    // 4 cards the 34.5 GiB of optimizer states and 5.75 GiB of gradients the CPU step reads do not fit
    // the machine, from 5 cards the ranks' copies of the 5.75 GiB checkpoint and their processes' own
    // 1 GiB each do not (5 × 6.75 = 33.75).
    // One card without offload runs.
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const Scenario s = fixtures::offload_on_small_machine();
    const Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.cards.min_for_memory == 0);
    CHECK(e.cards.min_for_memory_only == 1);
    CHECK(e.cards.min_for_memory_any == 1);
    CHECK(e.cards.best_strategy.offload == Offload::none);
    CHECK(e.cards.memory_only_cards == 0); // the best runs on as few cards as the memory alone allows
    const std::vector<std::string> en = explain(e, Headline::cards, Lang::en);
    CHECK(contains(en,
                   "No card count up to 65,536 runs with ZeRO-1, TP 1, PP 1: the host RAM per machine never "
                   "suffices"));
    CHECK(contains(en,
                   "With that strategy the cards' memory alone would take 1 card; the host RAM per machine "
                   "rules that out"));
    CHECK(contains(en, "Fewest cards with the best strategy: 1 (ZeRO-0, TP 1, no offload)"));
    const std::vector<std::string> zh = explain(e, Headline::cards, Lang::zh);
    CHECK(contains(zh, "65,536 张卡以内，按当前策略（ZeRO-1，TP 1，PP 1）每台机器的内存都不够"));
    CHECK(contains(zh, "按当前策略只看显存 1 张卡就够，但每台机器的内存不够"));
    // The spoken summary (the page's live region) says the machine is short, not only that the card holds it.
    CHECK(summary_sentence(e, Lang::en)
              .find("GiB usable (fits); the machine's RAM is short: peak 41.2 of 32 GiB; cost ") !=
          std::string::npos);
    CHECK(summary_sentence(e, Lang::zh).find("GiB（放得下）；机器内存不够：峰值 41.2 / 32 GiB；费用 ") !=
          std::string::npos);
}

TEST_CASE("the Chinese shown work reads in Chinese: no English word but notation and names") {
    // Every symbol a formula names in words ("passes", "link", "experts") and every unit that is a
    // word ("card-h", "params") has a Chinese reading; letters, symbols with an underscore, capitalised
    // names (NVLink, FLOPs, ZeRO) and the few lowercase terms Chinese text keeps are notation.
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const std::set<std::string> notation = {
        "token", "patch", "logits", "attn", "eff", "bit", "all", "reduce", "gather", "scatter", "to", "kv",
        "qk", "rl", "ref",
        // glosses and names: 价值模型（critic）, vLLM sleep mode, torchtitan, transformers 4.51, bitsandbytes
        "critic", "sleep", "mode", "torchtitan", "transformers", "bitsandbytes"};
    std::set<std::string> catalog_words; // model and card names are names
    auto add_words = [&](const std::string& text) {
        std::string w;
        for (char ch : text + " ") {
            if (std::isalpha(static_cast<unsigned char>(ch)))
                w += ch;
            else if (!w.empty())
                catalog_words.insert(w), w.clear();
        }
    };
    for (const GpuSpec& g : c.gpus) add_words(g.name + " " + g.id);
    for (const ModelSpec& m : c.models) add_words(m.name + " " + m.id);
    std::vector<Scenario> all;
    for (const ModelSpec& m : c.models)
        for (int o = 0; o < enum_count<Objective>(); o++)
            for (int me = 0; me < enum_count<Method>(); me++) {
                Scenario s;
                s.model_id = m.id;
                s.objective = static_cast<Objective>(o);
                s.method = static_cast<Method>(me);
                s.images_per_sample = m.vision_depth > 0 ? 2 : 0;
                s.freeze_vision_tower = me != 0;
                all.push_back(s);
            }
    Scenario s;
    s.model_id = "mixtral-8x7b";
    s.method = Method::full;
    s.gpu_id = "H100-SXM";
    s.cards = 64;
    s.cp = 2;
    s.ep = 8;
    s.tp = 2;
    s.pp = 2;
    s.zero = 1;
    s.seq_len = 8192;
    s.activation_offload = true;
    s.checkpointing = Checkpointing::full;
    s.spot_price_hourly = 10;
    s.budget = 1e5;
    s.deadline_hours = 24;
    all.push_back(s);
    s = Scenario();
    s.method = Method::full;
    s.zero = 3;
    s.offload = Offload::optimizer_params;
    s.precision = Precision::fp8;
    s.gpu_id = "H100-SXM";
    s.data_input = DataInput::dataset_size;
    s.quotes[0].price_per_card_hour = 4;
    s.storage_gb = 100;
    s.pilot_hours = 1;
    all.push_back(s);
    all.push_back(fixtures::llama8b_in_24h()); // "换用 ZeRO-3 … 只需 20 张"
    s = fixtures::llama8b_in_24h();
    s.deadline_hours = 1; // no count meets it: the fixed hours say why
    all.push_back(s);

    std::map<std::string, std::string> english; // word → the first line it is in
    std::string spaced;     // the first line with a space between two Chinese characters, or "(" by them
    std::string latin_time; // the first line writing hours or seconds "h" / "s" (小时, 秒)
    int lines = 0;
    auto scan = [&](const std::string& line) {
        lines++;
        if (spaced.empty() && zh_text::has_cjk_gap(line)) spaced = line;         // "不重计算 只需"
        if (spaced.empty() && zh_text::has_halfwidth_paren(line)) spaced = line; // "(23.4 小时)"
        if (spaced.empty() && zh_text::has_halfwidth_punct(line)) spaced = line; // "显存: 8 GiB"
        for (size_t i = 1; latin_time.empty() && i + 2 < line.size() + 1; i++)   // "5.33 h", "19,204 s"
            if (std::isdigit(static_cast<unsigned char>(line[i - 1])) && line[i] == ' ' &&
                (line[i + 1] == 'h' || line[i + 1] == 's') &&
                (i + 2 == line.size() || !std::isalpha(static_cast<unsigned char>(line[i + 2]))))
                latin_time = line;
        std::string w;
        bool notation_run = false; // a run holding '_' or a digit is a symbol (N_act, B_logits, bf16)
        for (char ch : line + " ") {
            const unsigned char u = static_cast<unsigned char>(ch);
            if (std::isalpha(u) || ch == '_' || std::isdigit(u)) {
                if (!std::isalpha(u) && !(w.empty() && std::isdigit(u))) notation_run = true;
                if (std::isalpha(u) || ch == '_') w += ch;
                continue;
            }
            const bool lower = !w.empty() && std::all_of(w.begin(), w.end(), [](char x) {
                return std::islower(static_cast<unsigned char>(x));
            });
            if (lower && w.size() >= 3 && !notation_run && !notation.count(w) && !catalog_words.count(w) &&
                !english.count(w))
                english[w] = line;
            w.clear();
            notation_run = false;
        }
    };
    for (const Scenario& sc : all) {
        const Estimate e = estimate(sc, c);
        if (!e.ok) continue;
        for (int h = 0; h <= static_cast<int>(Headline::buy); h++)
            for (const std::string& line : explain(e, static_cast<Headline>(h), Lang::zh)) scan(line);
        for (ExplainPart p : {ExplainPart::host_ram, ExplainPart::spot})
            for (const std::string& line : explain(e, p, Lang::zh)) scan(line);
        for (const Warning& w : e.warnings) scan(warning_text(w, e, Lang::zh));
        for (const std::string& line : explain(inverse_questions(sc, c), c, Lang::zh)) scan(line);
    }
    std::string found;
    for (const auto& [w, line] : english) found += w + ": " + line + "\n";
    CHECK_MESSAGE(english.empty(), found);
    CHECK_MESSAGE(spaced.empty(), spaced);
    CHECK_MESSAGE(latin_time.empty(), latin_time);
    MESSAGE("Chinese lines read: " << lines);
}

// A difference much smaller than the products it subtracts: with three digits the operands did not
// give the result (10 + 0.25 − 2 ÷ 0.221 is 1.20, the line said 1.22; a helper's hand check).
TEST_CASE("shown work: a small difference's operands carry the digits that reproduce it") {
    Catalog c = explain_catalog();
    Scenario s = example_scenario();
    s.spot_price_hourly = 10;
    s.interruptions_per_hour = 0.1;
    s.checkpoint_interval_hours = 2;
    s.restart_hours = 0.25;
    const Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    bool found = false;
    for (const std::string& line : explain(e, Headline::cost, Lang::en))
        if (line.rfind("Spot: expected hours lost per interruption", 0) == 0) {
            found = true;
            CHECK(line.find("= 1 ÷ 0.1 /h + 0.25 h − 2 h ÷ 0.2214 = 1.22 h") != std::string::npos);
            CAPTURE(line);
        }
    CHECK(found);
    // 10 + 0.25 − 2 ÷ 0.2214 = 1.2166: the shown result, to its three digits.
    CHECK(10 + 0.25 - 2 / 0.2214 == doctest::Approx(1.22).epsilon(0.005));
}

// A result shown whole with five digits ("19,204 s") from operands shown with three ("2.4e18
// FLOPs") did not reproduce: 2.4e18 ÷ (312e12 × 0.4) is 19,231. Operands get a digit more than it.
TEST_CASE("shown work: a result with more digits than three has operands that give it") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const Estimate e = estimate(default_lora(), c);
    REQUIRE(e.ok);
    bool found = false;
    for (const std::string& line : explain(e, Headline::time, Lang::en))
        if (line.rfind("Compute time = ", 0) == 0) {
            found = true;
            CAPTURE(line);
            CHECK(
                line.find("= 2.39665e18 FLOPs ÷ 1 ÷ 312 TFLOPS ÷ 1e12 FLOP/s per TFLOPS ÷ 0.4 = 19,204 s") !=
                std::string::npos);
        }
    CHECK(found);
    CHECK(std::round(2.39665e18 / 312e12 / 0.4) == 19204); // by hand, from the shown operands
}

// An amount shown to the cent ("¥112.98") from hours shown with three digits (9.42 h × ¥12 =
// ¥113.04, for 9.415 h) did not reproduce by hand: the operands get a digit more than it shows.
TEST_CASE("shown work: an amount shown to the cent has operands that give it") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s = default_lora();
    s.spot_price_hourly = 12;
    const Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    REQUIRE(e.spot.used);
    REQUIRE(std::fabs(e.spot.total - std::round(e.spot.total)) >= 0.005); // shown with cents
    bool found = false;
    for (const std::string& line : explain(e, Headline::cost, Lang::en))
        if (line.rfind("Spot: expected cost = billed × spot price × cards = ", 0) == 0) {
            found = true;
            CAPTURE(line);
            double hours = 0, price = 0, total = 0;
            int cards = 0;
            const size_t at = line.rfind(" = ", line.size() - 10); // the values, then the amount
            const size_t values = line.rfind(" = ", at - 1);
            REQUIRE(std::sscanf(line.c_str() + values, " = %lf h × ¥%lf × %d = ¥%lf", &hours, &price, &cards,
                                &total) == 4);
            CHECK(price == 12);
            CHECK(cards == 1);
            CHECK(std::round(hours * price * cards * 100) == std::round(total * 100)); // by hand, to the cent
        }
    CHECK(found);
}

// Parts rounded to three digits each stopped giving their sum or product (102 of 1,798 lines of the
// reports of tests/scenarios; scripts/check_shown_work.py checks them all): an operand gets a digit
// more, amounts included, until the line reproduces. Lines that reproduce at three keep three.
TEST_CASE("shown work: operands carry a digit more until the line gives its own result") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    // As the page and the CLI read it: the amounts left out are the defaults in dollars.
    const ScenarioResult r = scenario_from_json(
        R"({"model": "qwen2.5-7b", "method": "qlora", "gpu": "RTX4090", "cards": 1,
            "price": {"currency": "USD", "hourly": 0.66}})",
        c);
    REQUIRE(r.errors.empty());
    const Estimate e = estimate(r.scenario, c);
    REQUIRE(e.ok);
    const auto line = [&](Headline h, const char* start) {
        for (const std::string& l : explain(e, h, Lang::en))
            if (l.rfind(start, 0) == 0) return l;
        return std::string();
    };
    // $0.111 × 1.3 × 300 h × 0.45 is $19.48: the rate is $0.8 ÷ 7.2 = $0.11111.
    CHECK(line(Headline::buy, "Power per card per month = ") ==
          "Power per card per month = TDP ÷ 1,000 × PUE × hours × per kWh = 450 W ÷ 1,000 W/kW × 1.3 × 300 h "
          "× $0.11111 = $19.50");
    CHECK(450.0 / 1000 * 1.3 * 300 * 0.11111 == doctest::Approx(19.50).epsilon(0.0003));
    // The catalog's ¥48 a day in dollars, to the cent as a quote (core/cost_model.cpp as_quoted()): the
    // line reproduces at its own digits ($6.6667 and $86.667 when the conversion kept every digit).
    CHECK(line(Headline::buy, "Renting the same hours per card per month = ") ==
          "Renting the same hours per card per month = days × price = 13 × $6.67 = $86.71");
    // A line that reproduces at three digits keeps them.
    CHECK(line(Headline::memory, "Per card = ") ==
          "Per card = subtotal + framework = 21.2 GiB + 2.27 GiB = 23.5 GiB");
}

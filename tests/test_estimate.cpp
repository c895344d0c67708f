// traincalc — tests/test_estimate.cpp
// estimate(): the pinned worked examples of docs/design.md, the properties of the model, warnings,
// errors, and finite output over random and extreme scenarios. Catalogs are built by hand here
// (the tests do not depend on assets/catalog.json).
//
// Index of this file:
// [SECTION] Fixtures
// [SECTION] Pinned worked examples
// [SECTION] Properties
// [SECTION] Cost, buy, quotes
// [SECTION] Warnings and errors
// [SECTION] Finite output over random and extreme scenarios
#include "core/estimate.h"
#include "core/explain.h"
#include "core/json_write.h"
#include "fixtures.h"
#include <algorithm>
#include <cmath>
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>
#include <random>

using namespace traincalc;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Fixtures
//-----------------------------------------------------------------------------

GpuSpec gpu_a100() {
    GpuSpec g;
    g.id = "A100-80G";
    g.name = "NVIDIA A100 80GB SXM";
    g.memory_gib = 80;
    g.tflops_16bit = 312;
    g.bandwidth_gbps = 2039;
    g.nvlink_gbps = 600;
    g.compute_capability = 8.0;
    g.tdp_w = 400;
    g.price_cny_per_hour = 8;
    g.price_cny_per_day = 170;
    g.price_cny_per_month = 4500;
    g.purchase_cny = 90000;
    return g;
}
GpuSpec gpu_4090() {
    GpuSpec g;
    g.id = "RTX4090";
    g.name = "NVIDIA GeForce RTX 4090";
    g.memory_gib = 24;
    g.tflops_16bit = 165.2;
    g.tflops_fp8 = 330.3;
    g.compute_capability = 8.9;
    g.tdp_w = 450;
    g.price_cny_per_hour = 2;
    return g;
}
GpuSpec gpu_h100() {
    GpuSpec g;
    g.id = "H100-80G";
    g.name = "NVIDIA H100 80GB SXM";
    g.memory_gib = 80;
    g.tflops_16bit = 989;
    g.tflops_fp8 = 1979;
    g.nvlink_gbps = 900;
    g.compute_capability = 9.0;
    g.tdp_w = 700;
    g.price_cny_per_hour = 20;
    return g;
}
GpuSpec gpu_v100() {
    GpuSpec g;
    g.id = "V100-32G";
    g.name = "NVIDIA V100 32GB";
    g.memory_gib = 32;
    g.tflops_16bit = 125;
    g.nvlink_gbps = 300;
    g.compute_capability = 7.0;
    g.bf16 = false;
    g.verified = false;
    g.price_cny_per_hour = 3;
    return g;
}

using fixtures::model_7b;
// GPT-3 175B (Megatron's check).
ModelSpec model_175b() {
    ModelSpec m;
    m.id = "gpt3-175b";
    m.params = 175e9;
    m.layers = 96;
    m.hidden = 12288;
    m.heads = 96;
    m.ffn = 4 * 12288;
    m.gated_ffn = false;
    m.vocab = 51200;
    m.context = 2048;
    return m;
}
ModelSpec model_with_params(const char* id, double params, int layers, int hidden) {
    ModelSpec m;
    m.id = id;
    m.params = params;
    m.layers = layers;
    m.hidden = hidden;
    m.heads = hidden / 128;
    m.vocab = 50000;
    return m;
}

Catalog test_catalog() {
    Catalog c;
    c.gpus = {gpu_a100(), gpu_4090(), gpu_h100(), gpu_v100()};
    c.models = {model_7b(), model_175b(), model_with_params("m-1.5b", 1.5e9, 48, 1600),
                model_with_params("m-7.5b", 7.5e9, 40, 4096)};
    c.cny_per_usd = 7.2;
    return c;
}

// Full fine-tune of the 7B on one A100, data given as tokens, one epoch, no extras.
Scenario base_scenario() {
    Scenario s;
    s.model_id = "test-7b";
    s.method = Method::full;
    s.data_input = DataInput::tokens;
    s.tokens = 2.5e8;
    s.epochs = 1;
    s.gpu_id = "A100-80G";
    s.cards = 1;
    s.utilization = 0.4;
    return s;
}

double model_states_gb(const Estimate& e) { // weights + gradients + optimizer, decimal GB
    return (e.memory.weights_gib + e.memory.gradients_gib + e.memory.optimizer_gib) * 1073741824.0 / 1e9;
}

bool all_finite(const Estimate& e) {
    const double v[] = {e.flops.tokens,
                        e.flops.model,
                        e.flops.rule_of_thumb,
                        e.flops.executed,
                        e.flops.per_token_executed,
                        e.memory.weights_gib,
                        e.memory.gradients_gib,
                        e.memory.optimizer_gib,
                        e.memory.adapters_gib,
                        e.memory.activations_gib,
                        e.memory.logits_gib,
                        e.memory.overhead_gib,
                        e.memory.per_gpu_gib,
                        e.memory.usable_gib,
                        e.memory.headroom_gib,
                        e.memory.cpu_ram_gib,
                        e.time.compute_hours,
                        e.time.wall_hours,
                        e.time.wall_hours_low,
                        e.time.wall_hours_high,
                        e.time.upload_hours,
                        e.time.download_hours,
                        e.time.checkpoint_hours,
                        e.time.utilization,
                        e.time.scaling_efficiency,
                        e.time.effective_tflops_per_gpu,
                        e.cost.total,
                        e.cost.per_million_tokens,
                        e.cost.gpu_hours,
                        e.cost.storage,
                        e.buy.own_per_month,
                        e.buy.rent_per_month,
                        e.buy.break_even_hours_per_month,
                        e.throughput_tokens_per_second_per_gpu,
                        e.gpu_hours,
                        e.cost.plans[0].total,
                        e.cost.plans[1].total,
                        e.cost.plans[2].total,
                        e.cost.plans[3].total,
                        e.quotes[0].total,
                        e.quotes[1].total,
                        e.quotes[2].total};
    for (double x : v)
        if (!std::isfinite(x)) return false;
    return true;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Pinned worked examples
//-----------------------------------------------------------------------------

TEST_CASE("worked example 1: 7B x 2.5e8 tokens on one A100 at 40% is 84,135 s (not 856 s)") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    // 6·N·D, and the executed FLOPs are exactly that plus the attention term 12·L·h·s·D, of which
    // causal flash attention executes half; the model-FLOPs convention counts all of it.
    CHECK(e.flops.rule_of_thumb == doctest::Approx(1.05e19));
    const double attention = 12.0 * 32 * 4096 * 2048 * 2.5e8;
    CHECK(e.flops.executed - attention / 2 == doctest::Approx(1.05e19));
    CHECK(e.flops.model == doctest::Approx(e.flops.executed + attention / 2)); // no recomputation
    // The time of the 6·N·D part alone: 1.05e19 / (312e12 × 0.4) = 84,135 s ≈ 23.4 h.
    const double six_nd_share = 1.05e19 / e.flops.executed;
    const double six_nd_seconds = e.time.compute_hours * 3600 * six_nd_share;
    CHECK(six_nd_seconds == doctest::Approx(84135).epsilon(0.0005));
    CHECK(six_nd_seconds / 3600 == doctest::Approx(23.37).epsilon(0.001));
    CHECK(six_nd_seconds / 856 > 95); // the shared figure is ~100× off
    // Attention adds exactly its share of time.
    CHECK(e.time.compute_hours * 3600 == doctest::Approx(e.flops.executed / (312e12 * 0.4)));
    CHECK(e.time.scaling_efficiency == doctest::Approx(1.0));
}

TEST_CASE("worked example 2: 4 A100 at 3,000 tokens/s each and 85% scaling process 2e6 tokens in ~196 s") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.tokens = 2e6;
    s.cards = 4;
    s.tokens_per_second_per_gpu = 3000;
    s.scaling_efficiency = 0.85;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.time.compute_hours * 3600 == doctest::Approx(196.08).epsilon(0.001));
    // Implied utilization = 3000 × per-token FLOPs / 312e12.
    CHECK(e.time.utilization == doctest::Approx(3000 * e.flops.per_token_executed / 312e12));
    CHECK_FALSE(has_warning(e, WarningCode::impossible_throughput));
}

TEST_CASE(
    "worked example 3: Megatron 175B, 300B tokens, 1024 A100 at 140 TFLOP/s with recomputation: ~34 days") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.model_id = "gpt3-175b";
    s.tokens = 300e9;
    s.seq_len = 2048;
    s.cards = 1024;
    s.tp = 8;
    s.pp = 8;
    s.grad_accum = 65536;          // bubble ≈ 1.0001: Megatron's 8TP/(nX) ignores it
    s.utilization = 140.0 / 312.0; // 140 TFLOP/s achieved per card
    s.scaling_efficiency = 1.0;    // already inside the achieved rate
    s.checkpointing = Checkpointing::full;
    s.flash_attention = false; // 2021: the 140 TFLOP/s count the whole s×s scores
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    // Executed per token: 8·P (6 + 2 for recomputation) + attention 16·L·h·s.
    const double attention = 16.0 * 96 * 12288 * 2048;
    CHECK(e.flops.per_token_executed == doctest::Approx(8 * 175e9 + attention));
    const double dense_share = 8 * 175e9 / e.flops.per_token_executed;
    const double days = e.time.compute_hours * dense_share / 24;
    CHECK(days == doctest::Approx(8 * 300e9 * 175e9 / (1024 * 140e12) / 86400).epsilon(0.001));
    CHECK(days == doctest::Approx(34).epsilon(0.01));
    CHECK(e.time.compute_hours / 24 < 36); // with attention, still ~35 days
}

TEST_CASE("worked example 4: mixed-precision Adam is 16 bytes/param; ZeRO stages (ZeRO paper)") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.model_id = "m-1.5b";
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(model_states_gb(e) == doctest::Approx(24.0).epsilon(0.001));

    s.model_id = "m-7.5b";
    s.cards = 64;
    const double expected[4] = {120.0, 31.4, 16.6, 1.88};
    for (int z = 0; z <= 3; z++) {
        s.zero = z;
        Estimate ez = estimate(s, c);
        REQUIRE(ez.ok);
        CAPTURE(z);
        CHECK(model_states_gb(ez) == doctest::Approx(expected[z]).epsilon(0.005));
    }
}

TEST_CASE("worked example 5: A100, 7B full fine-tune at 40% is ~2,971 tokens/s per card") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.seq_len = 128; // attention term small: per-token FLOPs ≈ 6·N
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.throughput_tokens_per_second_per_gpu == doctest::Approx(2971).epsilon(0.01));
    CHECK(e.throughput_tokens_per_second_per_gpu * e.flops.per_token_executed ==
          doctest::Approx(312e12 * 0.4));
}

//-----------------------------------------------------------------------------
// [SECTION] Properties
//-----------------------------------------------------------------------------

TEST_CASE("compute time is linear in tokens") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    Estimate a = estimate(s, c);
    s.tokens *= 3;
    Estimate b = estimate(s, c);
    CHECK(b.time.compute_hours == doctest::Approx(3 * a.time.compute_hours));
    CHECK(b.flops.executed == doctest::Approx(3 * a.flops.executed));
}

TEST_CASE("ZeRO-3 memory per card shrinks as cards grow") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.zero = 3;
    double prev = 1e300;
    for (int n = 1; n <= 256; n *= 2) {
        s.cards = n;
        Estimate e = estimate(s, c);
        REQUIRE(e.ok);
        CAPTURE(n);
        CHECK(e.memory.per_gpu_gib < prev);
        prev = e.memory.per_gpu_gib;
    }
    // Without ZeRO, more cards do not reduce memory per card.
    s.zero = 0;
    s.cards = 1;
    double one = estimate(s, c).memory.per_gpu_gib;
    s.cards = 8;
    CHECK(estimate(s, c).memory.per_gpu_gib == doctest::Approx(one));
}

TEST_CASE("LoRA uses less memory and fewer FLOPs than full; QLoRA weights are smaller than LoRA's") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    Estimate full = estimate(s, c);
    s.method = Method::lora;
    Estimate lora = estimate(s, c);
    s.method = Method::qlora;
    Estimate qlora = estimate(s, c);
    REQUIRE((full.ok && lora.ok && qlora.ok));
    CHECK(lora.memory.per_gpu_gib < full.memory.per_gpu_gib);
    CHECK(lora.flops.executed < full.flops.executed);
    CHECK(qlora.memory.weights_gib < lora.memory.weights_gib);
    CHECK(qlora.memory.weights_gib < 0.35 * lora.memory.weights_gib); // ~4.1 bits vs 16 for most weights
    CHECK(lora.memory.gradients_gib == 0);
    CHECK(lora.memory.optimizer_gib == 0);
    CHECK(lora.memory.adapters_gib > 0);
    CHECK(lora.memory.activations_gib == doctest::Approx(full.memory.activations_gib)); // still stored
    // LoRA executes 4·N_act + 6·N_adapters per token (plus attention, causal half) instead of 6·N_act.
    const double attention = 12.0 * 32 * 4096 * 2048 / 2;
    CHECK(lora.flops.per_token_executed - attention ==
          doctest::Approx(4 * 7e9 + 6 * lora.flops.trainable_params));
}

TEST_CASE("LoRA adapter count: r·(d_in + d_out) per adapted matrix, GQA-aware") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.method = Method::lora;
    s.lora_rank = 8;
    s.lora_targets = LoraTargets::qv;
    Estimate e = estimate(s, c);
    CHECK(e.flops.trainable_params == doctest::Approx(8.0 * 32 * (2 * 4096 + 2 * 4096))); // 4.19M
    // GQA: 8 KV heads of 128 → k, v are 4096 × 1024.
    c.models[0].kv_heads = 8;
    s.lora_targets = LoraTargets::all;
    e = estimate(s, c);
    const double per_layer = (4096 + 4096) + 2 * (4096 + 1024) + (4096 + 4096) + 3 * (4096 + 11008);
    CHECK(e.flops.trainable_params == doctest::Approx(8.0 * 32 * per_layer));
}

TEST_CASE("flash attention reduces activation memory") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.flash_attention = false;
    Estimate eager = estimate(s, c);
    s.flash_attention = true;
    Estimate flash = estimate(s, c);
    CHECK(flash.memory.activations_gib < eager.memory.activations_gib);
    // The removed term is 5·a·s²·b per layer.
    CHECK((eager.memory.activations_gib - flash.memory.activations_gib) * 1073741824.0 ==
          doctest::Approx(5.0 * 32 * 2048.0 * 2048 * 32));
}

TEST_CASE("full recomputation cuts activations and adds 2N/6N executed FLOPs") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    Estimate none = estimate(s, c);
    s.checkpointing = Checkpointing::full;
    Estimate full = estimate(s, c);
    CHECK(full.memory.activations_gib < 0.25 * none.memory.activations_gib);
    CHECK(full.flops.executed / none.flops.executed == doctest::Approx(8.0 / 6.0));
    CHECK(full.flops.model == doctest::Approx(none.flops.model)); // model FLOPs do not change
    s.checkpointing = Checkpointing::selective;
    s.flash_attention = false;
    Estimate sel = estimate(s, c);
    s.checkpointing = Checkpointing::none;
    Estimate eager = estimate(s, c);
    CHECK(sel.memory.activations_gib < eager.memory.activations_gib);
}

TEST_CASE("activations: Korthikanti's 34·s·b·h for a GPT-shaped layer (less the two dropout masks)") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.model_id = "gpt3-175b";
    s.seq_len = 2048;
    s.micro_batch = 1;
    s.tp = 8;
    s.pp = 1;
    s.cards = 8;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    const double per_layer = 32.0 * 2048 * 12288 / 8; // 34 − 2 dropout masks, ÷ t (sequence parallel)
    CHECK(e.memory.activations_gib * 1073741824.0 == doctest::Approx(96 * per_layer));
}

TEST_CASE("more cards never increase compute time") {
    Catalog c = test_catalog();
    for (const char* gpu : {"A100-80G", "RTX4090"}) {
        Scenario s = base_scenario();
        s.gpu_id = gpu;
        double prev = 1e300;
        for (int n = 1; n <= 4096; n += (n < 256 ? 1 : 37)) {
            s.cards = n;
            Estimate e = estimate(s, c);
            REQUIRE(e.ok);
            CAPTURE(gpu);
            CAPTURE(n);
            CHECK(e.time.compute_hours <= prev * (1 + 1e-12));
            prev = e.time.compute_hours;
        }
    }
}

TEST_CASE("scaling from the interconnect: NVLink above PCIe, never above 1; the rule of thumb shown beside") {
    Catalog c = test_catalog();
    Scenario s = base_scenario(); // 7B full fine-tune, DDP, micro-batch 1 × 8 accumulated
    double nvlink8 = 0;
    // The article's 80-85% at 8 cards (0.825) and ~70% at 32+, in log2(cards) from 1.0 at one card.
    auto rule_of_thumb_scaling_for_test = [](int n) {
        return n == 2 ? 1 - 0.175 / 3 : n == 8 ? 0.825 : n == 16 ? 0.7625 : 0.70;
    };
    for (int n : {2, 8, 16, 128, 1024}) {
        s.cards = n;
        const Estimate e = estimate(s, c);
        REQUIRE(e.ok);
        CAPTURE(n);
        CHECK(e.time.scaling_efficiency <= 1.0);
        CHECK(e.time.scaling_efficiency > 0.5);
        const Term* ref = e.terms.find(TermId::scaling_rule_of_thumb);
        REQUIRE(ref);
        CHECK(ref->result == doctest::Approx(rule_of_thumb_scaling_for_test(n)));
        if (n == 8) nvlink8 = e.time.scaling_efficiency;
    }
    s.gpu_id = "RTX4090"; // no NVLink: the all-reduce crosses PCIe
    s.cards = 8;
    const Estimate pcie = estimate(s, c);
    REQUIRE(pcie.ok);
    CHECK(pcie.time.scaling_efficiency < nvlink8);
    s.cards = 1; // one card: no communication, no reference line
    CHECK(estimate(s, c).time.scaling_efficiency == 1.0);
    CHECK_FALSE(estimate(s, c).terms.find(TermId::scaling_rule_of_thumb));
}

TEST_CASE("pipeline bubble (m + p − 1)/m with m = grad_accum") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.pp = 4;
    s.cards = 4;
    s.grad_accum = 8;
    Estimate e = estimate(s, c);
    CHECK(e.time.pipeline_bubble == doctest::Approx(11.0 / 8.0));
}

TEST_CASE("peak: FP8 rate only with fp8 on a card that has it; fp32 at TF32") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.gpu_id = "H100-80G";
    s.precision = Precision::fp8;
    CHECK(estimate(s, c).time.peak_tflops ==
          doctest::Approx(989 * 1.3)); // linear layers only: ×1.3, not 1979
    s.gpu_id = "A100-80G";
    Estimate e = estimate(s, c);
    CHECK(e.time.peak_tflops == doctest::Approx(312));
    CHECK(has_warning(e, WarningCode::no_fp8));
    s.precision = Precision::fp32;
    e = estimate(s, c);
    CHECK(e.time.peak_tflops == doctest::Approx(156));
    CHECK(has_warning(e, WarningCode::fp32_slow));
}

TEST_CASE("QLoRA weights: NF4 with double-quantised constants for linear layers, 16-bit for the rest") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.method = Method::qlora;
    Estimate e = estimate(s, c);
    const double linear = 32.0 * (4 * 4096.0 * 4096 + 3 * 4096.0 * 11008);
    const double bytes = linear * (0.5 + 0.127 / 8) + (7e9 - linear) * 2;
    CHECK(e.memory.weights_gib * 1073741824.0 == doctest::Approx(bytes));
}

TEST_CASE("cards: min for memory with the scenario's strategy, any strategy, and the deadline") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.model_id = "gpt3-175b";
    s.checkpointing = Checkpointing::full; // without it, activations alone exceed 80 GiB
    s.zero = 0;
    Estimate e = estimate(s, c);
    CHECK_FALSE(e.memory.fits);
    CHECK(e.cards.min_for_memory == 0); // ZeRO-0: more cards do not help
    CHECK(e.cards.min_for_memory_any > 0);
    CHECK(has_warning(e, WarningCode::does_not_fit));
    s.zero = 3;
    e = estimate(s, c);
    REQUIRE(e.cards.min_for_memory > 0);
    s.cards = e.cards.min_for_memory;
    CHECK(estimate(s, c).memory.fits);
    s.cards = e.cards.min_for_memory - 1;
    CHECK_FALSE(estimate(s, c).memory.fits);

    // Deadline: the count found meets it; one fewer does not.
    s = base_scenario();
    s.method = Method::lora; // fits on one card (full 7B with ZeRO-0 never does)
    s.tokens = 2.5e10;
    s.deadline_hours = 100;
    e = estimate(s, c);
    int n = e.cards.for_deadline;
    REQUIRE(n > 1);
    s.cards = n;
    CHECK(estimate(s, c).time.wall_hours <= 100);
    s.cards = n - 1;
    CHECK(estimate(s, c).time.wall_hours > 100);
    // Impossible: fixed hours alone exceed the deadline.
    s.deadline_hours = 1;
    e = estimate(s, c);
    CHECK(e.cards.for_deadline == 0);
    REQUIRE(has_warning(e, WarningCode::deadline_impossible));
    // The warning says why: 2 h of set-up and the transfers, which no card count shortens.
    const double floor_h =
        e.time.fixed_hours + e.time.upload_hours + e.time.download_hours + e.time.checkpoint_hours;
    REQUIRE(floor_h > 1);
    const auto impossible = std::find_if(e.warnings.begin(), e.warnings.end(), [](const Warning& w) {
        return w.code == WarningCode::deadline_impossible;
    });
    CHECK(impossible->limit == doctest::Approx(floor_h));
    CHECK(warning_text(*impossible, e, Lang::en) ==
          "No card count up to 65,536 meets the 1 h deadline: fixed hours and transfers alone take " +
              format_hours(floor_h, Lang::en) + ".");
    CHECK(warning_text(*impossible, e, Lang::zh) ==
          "65,536 张卡以内都无法在 1 小时的期限内完成：固定时间和传输就要 " +
              format_hours(floor_h, Lang::zh) + "。");
    // A deadline past those hours that no count meets is said without the reason.
    s.tokens = 1e13; // (its dataset's upload grows with it)
    e = estimate(s, c);
    s.deadline_hours =
        e.time.fixed_hours + e.time.upload_hours + e.time.download_hours + e.time.checkpoint_hours + 0.5;
    e = estimate(s, c);
    REQUIRE(e.cards.for_deadline_any == 0);
    const auto plain = std::find_if(e.warnings.begin(), e.warnings.end(), [](const Warning& w) {
        return w.code == WarningCode::deadline_impossible;
    });
    REQUIRE(plain != e.warnings.end());
    CHECK(warning_text(*plain, e, Lang::en).find("fixed hours") == std::string::npos);
}

// A tester (2026-12-08) set a 5 h deadline and a ¥100 budget on the default plan (8.17 h, ¥270): the
// headline read "8.17 h · fits · ¥270" in green, the plan as set past both with nothing said.
TEST_CASE(
    "warnings: the plan as set past the deadline or over the budget, said with the count that meets it") {
    const Catalog& c = fixtures::builtin_catalog();
    Scenario s; // the page's default: LoRA 7B on one A100 80G
    s.deadline_hours = 5;
    s.budget = 100;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    REQUIRE(e.memory.fits);
    REQUIRE(e.cost.priced);
    REQUIRE(e.time.wall_hours > 5);
    REQUIRE(e.cost.total > 100);
    const auto find = [&](WarningCode code) {
        return std::find_if(e.warnings.begin(), e.warnings.end(),
                            [&](const Warning& w) { return w.code == code; });
    };
    const auto late = find(WarningCode::misses_deadline);
    REQUIRE(late != e.warnings.end());
    CHECK(late->value == doctest::Approx(e.time.wall_hours));
    CHECK(late->limit == 5);
    REQUIRE(e.cards.for_deadline == 3);
    CHECK(warning_text(*late, e, Lang::en) ==
          "As set (1 card), the run takes " + format_hours(e.time.wall_hours, Lang::en) +
              ", past the 5 h deadline: 3 cards finish in time (For the deadline, "
              "under Cards).");
    CHECK(warning_text(*late, e, Lang::zh) ==
          "按当前设置（1 张卡）训练要 " + format_hours(e.time.wall_hours, Lang::zh) +
              "，超过了 5 小时的期限：3 张卡能按时完成（见“卡数”里的“满足期限”）。");
    const auto over = find(WarningCode::over_budget);
    REQUIRE(over != e.warnings.end());
    CHECK(over->value == doctest::Approx(e.cost.total));
    CHECK(over->limit == 100);
    CHECK(warning_text(*over, e, Lang::en) == "As set, the run costs ¥270, over the ¥100 budget by ¥170.");
    CHECK(warning_text(*over, e, Lang::zh) == "按当前设置需要 ¥270，比 ¥100 的预算多 ¥170。");
    // In the estimate's JSON by name.
    const std::string json = estimate_to_json(e, Lang::en);
    CHECK(json.find("\"misses_deadline\"") != std::string::npos);
    CHECK(json.find("\"over_budget\"") != std::string::npos);
    // Met, or not set: nothing said.
    s.deadline_hours = 24;
    s.budget = 1000;
    e = estimate(s, c);
    CHECK_FALSE(has_warning(e, WarningCode::misses_deadline));
    CHECK_FALSE(has_warning(e, WarningCode::over_budget));
    s.deadline_hours = 0;
    s.budget = 0;
    CHECK(estimate(s, c).warnings.size() == e.warnings.size());
    // A run that does not fit is said to be so, not late: a full fine-tune of the 7B on one card.
    s.method = Method::full;
    s.deadline_hours = 5;
    s.budget = 100;
    e = estimate(s, c);
    REQUIRE_FALSE(e.memory.fits);
    CHECK_FALSE(has_warning(e, WarningCode::misses_deadline));
    CHECK_FALSE(has_warning(e, WarningCode::over_budget));
}

// A pilot measured 7× the modelled hours (a helper's hand test, 2026-12-02: 37.5 h against 5.14 h)
// said nothing beside the model's hours and cost: now it is a warning that says which to book by.
TEST_CASE("warnings: a pilot run that extrapolates to over twice (or under half) the wall clock") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    const double wall_h = estimate(s, c).time.wall_hours;
    REQUIRE(wall_h > 1);
    s.pilot_fraction = 0.02;
    const auto pilot_for = [&](double extrapolated_h) {
        return extrapolated_h * s.pilot_fraction / 1.5;
    };                                        // the 1.5× margin
    s.pilot_hours = pilot_for(1.99 * wall_h); // within the factor: the model and the pilot agree enough
    CHECK_FALSE(has_warning(estimate(s, c), WarningCode::pilot_disagrees));
    s.pilot_hours = pilot_for(0.51 * wall_h);
    CHECK_FALSE(has_warning(estimate(s, c), WarningCode::pilot_disagrees));

    s.pilot_hours = pilot_for(3 * wall_h);
    Estimate e = estimate(s, c);
    CHECK(e.time.wall_hours == doctest::Approx(wall_h)); // a pilot is said, never substituted
    REQUIRE(has_warning(e, WarningCode::pilot_disagrees));
    const auto slow = std::find_if(e.warnings.begin(), e.warnings.end(),
                                   [](const Warning& w) { return w.code == WarningCode::pilot_disagrees; });
    CHECK(slow->value == doctest::Approx(3 * wall_h));
    CHECK(slow->limit == doctest::Approx(wall_h));
    CHECK(warning_text(*slow, e, Lang::en) ==
          "Your pilot run extrapolates to " + format_hours(3 * wall_h, Lang::en) + ", 3× the " +
              format_hours(wall_h, Lang::en) +
              " wall clock estimated here. The time and cost shown here are too low: book for the pilot's "
              "hours, or find what runs slower than modelled (data loading, a smaller batch, no packing, "
              "another card).");
    CHECK(warning_text(*slow, e, Lang::zh) == "你的试跑外推为 " + format_hours(3 * wall_h, Lang::zh) +
                                                  "，是这里估算的总耗时 " + format_hours(wall_h, Lang::zh) +
                                                  "的 3 倍。这里的时间和费用偏低：请按试跑的时间租卡，"
                                                  "或找出比模型慢的环节（数据加载、更小的批量、没有打包、"
                                                  "不同的卡）。");
    s.pilot_hours = pilot_for(0.25 * wall_h);
    e = estimate(s, c);
    REQUIRE(has_warning(e, WarningCode::pilot_disagrees));
    CHECK(warning_text(e.warnings.back(), e, Lang::en).find("0.25× the") != std::string::npos);
    CHECK(warning_text(e.warnings.back(), e, Lang::en).find("Check that the pilot ran") != std::string::npos);
}

TEST_CASE("a step that takes more sequences than an epoch holds is warned of, in both languages") {
    // A small fine-tune on a big cluster: 64 cards × micro-batch 4 × 8 accumulation steps = 2,048
    // sequences a step, for 5,000 samples of 500 tokens packed into 2,048-token sequences (1,221).
    const CatalogResult cat = parse_catalog(builtin_catalog_json());
    Scenario s; // Qwen2.5 7B, LoRA, A100 80GB
    s.cards = 64;
    s.micro_batch = 4;
    s.grad_accum = 8;
    const Estimate enough = estimate(s, cat.catalog); // 50,000 samples: 12,208 sequences an epoch
    REQUIRE(enough.ok);
    CHECK_FALSE(has_warning(enough, WarningCode::batch_over_epoch));
    s.samples = 5000;
    const Estimate e = estimate(s, cat.catalog);
    REQUIRE(has_warning(e, WarningCode::batch_over_epoch));
    const auto w = std::find_if(e.warnings.begin(), e.warnings.end(),
                                [](const Warning& x) { return x.code == WarningCode::batch_over_epoch; });
    CHECK(w->value == 2048);
    CHECK(w->limit == doctest::Approx(5000.0 * 500 / 2048));
    CHECK(
        warning_text(*w, e, Lang::en) ==
        "One optimizer step takes 2,048 sequences (micro-batch × accumulation steps × data-parallel ranks), "
        "more than the 1,221 of an epoch: an epoch is less than one step. Use fewer cards, a smaller "
        "micro-batch or fewer accumulation steps.");
    CHECK(
        warning_text(*w, e, Lang::zh) ==
        "每个优化步要 2,048 条序列（微批 × 梯度累积步数 × 数据并行数），超过一轮数据的 1,221 条：一轮不到一个"
        "优化步。请减少卡数、微批或梯度累积步数。");
    CHECK(estimate_to_json(e, Lang::en).find("\"batch_over_epoch\"") != std::string::npos);
}

TEST_CASE("wall clock: overhead, fixed hours, transfers; low and high range") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.overhead_fraction = 0.1;
    s.fixed_hours = 2;
    s.upload_gb = 45; // 45 GB at 100 Mbit/s = 3,600 s = 1 h
    s.download_mbps = 1000;
    s.checkpoints = 0;
    Estimate e = estimate(s, c);
    CHECK(e.time.upload_hours == doctest::Approx(1.0));
    CHECK(e.time.download_hours == doctest::Approx(14e9 * 8 / 1e9 / 3600));
    const double ch = e.time.compute_hours;
    const double rest = e.time.upload_hours + e.time.download_hours;
    CHECK(e.time.wall_hours == doctest::Approx(ch * 1.1 + 2 + rest));
    CHECK(e.time.wall_hours_low == doctest::Approx(ch * 1.05 + 1 + rest));
    CHECK(e.time.wall_hours_high == doctest::Approx(ch * 1.2 + 4 + rest));
    s.pilot_hours = 0.5;
    s.pilot_fraction = 0.02;
    CHECK(estimate(s, c).time.pilot_extrapolated_hours == doctest::Approx(37.5));
    // Checkpoints: weights (16-bit) + optimizer states per write.
    s.checkpoints = 2;
    s.disk_write_mb_per_s = 1000;
    CHECK(estimate(s, c).time.checkpoint_hours == doctest::Approx(2 * 7e9 * (2 + 12) / 1e9 / 3600));
}

//-----------------------------------------------------------------------------
// [SECTION] Cost, buy, quotes
//-----------------------------------------------------------------------------

TEST_CASE("cost: hourly, daily, monthly billed in whole units; mix never dearer; best is cheapest") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.fixed_hours = 0;
    s.overhead_fraction = 0;
    s.checkpoints = 0;
    s.upload_gb = 0.000001;
    s.download_mbps = 1e7;
    s.cards = 2;
    s.price_hourly = 10;
    s.price_daily = 200;
    s.price_monthly = 5000;
    Estimate e = estimate(s, c);
    const double wall = e.time.wall_hours;
    REQUIRE(wall > 1);
    CHECK(e.cost.plans[0].units == doctest::Approx(std::ceil(wall)));
    CHECK(e.cost.plans[0].total == doctest::Approx(std::ceil(wall) * 10 * 2));
    CHECK(e.cost.plans[1].total == doctest::Approx(std::ceil(wall / 24) * 200 * 2));
    CHECK(e.cost.plans[2].total == doctest::Approx(5000 * 2));
    double cheapest = 1e300;
    for (const PlanCost& p : e.cost.plans) {
        CHECK(p.available);
        cheapest = std::min(cheapest, p.total);
    }
    CHECK(e.cost.plans[3].total <=
          std::min({e.cost.plans[0].total, e.cost.plans[1].total, e.cost.plans[2].total}) + 1e-9);
    CHECK(e.cost.total == doctest::Approx(cheapest));
    CHECK(e.cost.per_million_tokens == doctest::Approx(e.cost.total / 250));
    CHECK(e.gpu_hours == doctest::Approx(2 * wall));

    // Minimum billing increment of 4 h.
    s.min_billed_hours = 4;
    e = estimate(s, c);
    CHECK(e.cost.plans[0].units == doctest::Approx(std::ceil(wall / 4) * 4));

    // A plan without a price is skipped.
    s.price_daily = 0;
    s.price_monthly = 0;
    e = estimate(s, c);
    CHECK_FALSE(e.cost.plans[1].available);
    CHECK_FALSE(e.cost.plans[2].available);
    CHECK(e.cost.best_plan == Plan::hourly);
}

TEST_CASE("cost: mixed plan for 35 days uses one month plus days") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.overhead_fraction = 0;
    s.checkpoints = 0;
    s.upload_gb = 0.000001;
    s.download_mbps = 1e7;
    s.fixed_hours = 0;
    // Pick tokens so that compute is 838 h (34.9 days) on one card.
    Estimate probe = estimate(s, c);
    s.tokens *= 838 / probe.time.compute_hours;
    s.price_hourly = 10;
    s.price_daily = 200;
    s.price_monthly = 4000;
    Estimate e = estimate(s, c);
    CHECK(e.time.wall_hours == doctest::Approx(838).epsilon(1e-6));
    // 1 month (4000) + 5 days (1000) = 5000, against 2 months 8000, 35 days 7000 or 1 month +
    // 4 days + 22 h (5020).
    CHECK(e.cost.plans[3].total == doctest::Approx(5000));
    CHECK(e.cost.best_plan == Plan::mixed);
}

TEST_CASE("cost: catalog prices, USD conversion, storage and traffic fees") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    Estimate e = estimate(s, c);
    CHECK(e.cost.price_hourly == doctest::Approx(8));
    s.currency = Currency::usd;
    e = estimate(s, c);
    CHECK(e.cost.currency == Currency::usd);
    CHECK(e.cost.price_hourly == 1.11); // ¥8 ÷ 7.2 = $1.111…, to the cent as a quote
    s.cny_per_usd = 8;
    CHECK(estimate(s, c).cost.price_hourly == doctest::Approx(1.0));
    s.currency = Currency::cny;
    s.storage_gb = 100;
    s.storage_per_gb_month = 0.3;
    s.traffic_gb = 10;
    s.traffic_per_gb = 0.5;
    e = estimate(s, c);
    CHECK(e.cost.storage == doctest::Approx(100 * 0.3 * e.time.wall_hours / 720));
    CHECK(e.cost.traffic == doctest::Approx(5));
    CHECK(e.cost.plans[0].total == doctest::Approx(e.cost.plans[0].units * 8 + e.cost.storage + 5));
}

TEST_CASE("buy versus rent: owning cost, break-even hours") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    Estimate e = estimate(s, c);
    const double power_per_hour = 0.4 * 1.3 * 0.8;
    CHECK(e.buy.depreciation_per_month == doctest::Approx(90000.0 / 36));
    CHECK(e.buy.power_per_month == doctest::Approx(power_per_hour * 300));
    CHECK(e.buy.own_per_month == doctest::Approx(2500 + power_per_hour * 300 + 375 + 500));
    // Against renting the same hours the cheapest way (the cost section's mix): ¥8/h alone from
    // 446 h (3,375 ÷ (8 − 0.416) = 445.0), but 21 days (504 h) rent for ¥3,570 against owning's
    // ¥3,585, and 21 days + 1 h (505 h) for ¥3,578 against ¥3,585; from 506 h (¥3,586 against
    // ¥3,585.5) owning costs no more, to 720 h.
    CHECK(e.buy.break_even_hours_per_month == 506);
    CHECK(e.buy.rent_per_month == doctest::Approx(12 * 170.0 + 12 * 8.0)); // 12 days + 12 h
    CHECK(e.buy.buying_cheaper == (e.buy.own_per_month < e.buy.rent_per_month));
    // A100-class at a typical ~10-11 CNY/h, rented by the hour only (no daily or monthly plan), as
    // the quoted 300–350 h/month assume: 3,375 ÷ (11 − 0.416) = 318.9, so from 319 h.
    s.price_hourly = 11;
    s.price_daily = 0;
    s.price_monthly = 0;
    e = estimate(s, c);
    CHECK(e.buy.break_even_hours_per_month == 319);
    CHECK(e.buy.break_even_hours_per_month > 300);
    CHECK(e.buy.break_even_hours_per_month < 350);
}

TEST_CASE("quotes: billed in the quote's increments, deposit not added") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.cards = 2;
    s.quotes[0].name = "A";
    s.quotes[0].price_per_card_hour = 5;
    s.quotes[0].min_billed_hours = 24;
    s.quotes[0].deposit = 1000;
    s.quotes[1].price_per_card_hour = 0; // unused
    Estimate e = estimate(s, c);
    CHECK(e.quotes[0].used);
    CHECK_FALSE(e.quotes[1].used);
    CHECK(e.quotes[0].billed_hours == doctest::Approx(std::ceil(e.time.wall_hours / 24) * 24));
    CHECK(e.quotes[0].total == doctest::Approx(2 * e.quotes[0].billed_hours * 5));
}

//-----------------------------------------------------------------------------
// [SECTION] Warnings and errors
//-----------------------------------------------------------------------------

TEST_CASE("warnings: bf16 on V100, PCIe scaling, context, throughput, divisibility, offload, unverified") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.gpu_id = "V100-32G";
    Estimate e = estimate(s, c);
    CHECK(has_warning(e, WarningCode::no_bf16));
    CHECK(has_warning(e, WarningCode::unverified_gpu));
    s.precision = Precision::fp16;
    CHECK_FALSE(has_warning(estimate(s, c), WarningCode::no_bf16));

    s = base_scenario();
    s.gpu_id = "RTX4090";
    s.cards = 2;
    CHECK(has_warning(estimate(s, c), WarningCode::pcie_scaling));
    s.cards = 1;
    CHECK_FALSE(has_warning(estimate(s, c), WarningCode::pcie_scaling));

    s = base_scenario();
    s.seq_len = 8192;
    CHECK(has_warning(estimate(s, c), WarningCode::seq_over_context));

    s = base_scenario();
    s.tokens_per_second_per_gpu = 4000; // 4000 × 4.5e10 / 312e12 ≈ 0.58: possible
    CHECK_FALSE(has_warning(estimate(s, c), WarningCode::impossible_throughput));
    s.tokens_per_second_per_gpu = 6000; // ≈ 0.87: impossible
    e = estimate(s, c);
    CHECK(has_warning(e, WarningCode::impossible_throughput));

    s = base_scenario(); // cards not a multiple of tp·pp: an error now
    s.tp = 4;
    s.cards = 6;
    e = estimate(s, c);
    REQUIRE_FALSE(e.ok);
    CHECK(e.errors[0].message == "cards (6) must be a multiple of tp × pp (4)");

    s = base_scenario(); // ZeRO with one data-parallel rank shards nothing
    s.zero = 1;
    s.tp = 2;
    s.cards = 2;
    e = estimate(s, c);
    CHECK(has_warning(e, WarningCode::zero_single_rank));
    s.cards = 4;
    CHECK_FALSE(has_warning(estimate(s, c), WarningCode::zero_single_rank));

    s = base_scenario();
    s.zero = 2;
    s.offload = Offload::optimizer;
    e = estimate(s, c);
    CHECK(has_warning(e, WarningCode::offload_slow));
    CHECK(e.memory.optimizer_gib == 0);
    CHECK(e.memory.cpu_ram_gib == doctest::Approx(7e9 * 12 / 1073741824.0));

    s = base_scenario();
    s.tokens = 1e6; // compute minutes, fixed 2 h
    CHECK(has_warning(estimate(s, c), WarningCode::fixed_overhead_dominates));
}

TEST_CASE("warnings: memory nearly full and does not fit") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.method = Method::lora;
    Estimate e = estimate(s, c);
    REQUIRE(e.memory.fits);
    // Shrink the card until headroom is 2% of usable.
    c.gpus[0].memory_gib = 1;
    for (double cap = 8; cap < 200; cap += 0.25) {
        c.gpus[0].memory_gib = cap;
        e = estimate(s, c);
        if (e.memory.fits) break;
    }
    CHECK(e.memory.fits);
    CHECK(e.memory.headroom_gib < 0.05 * e.memory.usable_gib);
    CHECK(has_warning(e, WarningCode::memory_nearly_full));
    c.gpus[0].memory_gib -= 0.25;
    e = estimate(s, c);
    CHECK(has_warning(e, WarningCode::does_not_fit));
    CHECK_FALSE(has_warning(e, WarningCode::memory_nearly_full));
}

TEST_CASE("errors: unknown ids and out-of-range values, in English and Chinese") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.model_id = "no-such-model";
    Estimate e = estimate(s, c);
    CHECK_FALSE(e.ok);
    REQUIRE(e.errors.size() == 1);
    CHECK(e.errors[0].field == "model");
    // The messages are validate()'s: estimate() has no checks of its own.
    CHECK(
        e.errors[0].message ==
        "unknown model id \"no-such-model\": not in the catalog (known: test-7b, gpt3-175b, m-1.5b, m-7.5b)");
    CHECK(e.errors[0].message_zh ==
          "未知的模型 id \"no-such-model\"：目录中没有（已知：test-7b, gpt3-175b, m-1.5b, m-7.5b）");
    const std::vector<FieldError> v = validate(s, c);
    REQUIRE(v.size() == e.errors.size());
    CHECK(v[0].message == e.errors[0].message);

    s = base_scenario();
    s.gpu_id = "nope";
    s.cards = 0;
    e = estimate(s, c);
    CHECK_FALSE(e.ok);
    REQUIRE(e.errors.size() == 2);
    CHECK(e.errors[0].field == "cards");
    CHECK(e.errors[0].message == "cards must be an integer from 1 to 65536, got 0");
    CHECK(e.errors[1].field == "gpu");
    CHECK(e.flops.executed == 0);
    CHECK(e.time.wall_hours == 0);

    // A custom model with nonsense architecture.
    s = base_scenario();
    s.model_id = "";
    s.model = model_7b();
    s.model.layers = 0;
    e = estimate(s, c);
    CHECK_FALSE(e.ok);
    CHECK(e.errors[0].field == "model.layers");

    // NaN is rejected, not propagated.
    s = base_scenario();
    s.utilization = std::nan("");
    e = estimate(s, c);
    CHECK_FALSE(e.ok);
    CHECK(e.errors[0].field == "utilization");

    // JSON for errors.
    auto j = nlohmann::json::parse(estimate_to_json(e, Lang::en));
    CHECK(j["ok"] == false);
    CHECK(j["errors"][0]["field"] == "utilization");
}

TEST_CASE("custom model and custom card (empty ids) are used directly") {
    Catalog c; // empty catalog
    Scenario s = base_scenario();
    s.model_id = "";
    s.model = model_7b();
    s.gpu_id = "";
    s.gpu = gpu_a100();
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.flops.rule_of_thumb == doctest::Approx(1.05e19));
    CHECK(e.cost.price_hourly == doctest::Approx(8));
}

TEST_CASE("estimate_to_json carries docs/design.md's keys") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.deadline_hours = 10;
    Estimate e = estimate(s, c);
    auto j = nlohmann::json::parse(estimate_to_json(e, Lang::en));
    for (const char* key : {"/flops/model",
                            "/flops/executed",
                            "/time/compute_hours",
                            "/time/wall_hours",
                            "/time/wall_hours_low",
                            "/time/wall_hours_high",
                            "/gpu_hours",
                            "/throughput_tokens_per_second_per_gpu",
                            "/memory/per_gpu_gib",
                            "/memory/weights_gib",
                            "/memory/gradients_gib",
                            "/memory/optimizer_gib",
                            "/memory/activations_gib",
                            "/memory/overhead_gib",
                            "/memory/capacity_gib",
                            "/memory/fits",
                            "/cards/min_for_memory",
                            "/cards/for_deadline",
                            "/cost/currency",
                            "/cost/best_plan",
                            "/cost/total",
                            "/cost/plans",
                            "/warnings",
                            "/explain/compute",
                            "/explain/memory",
                            "/explain/cost"}) {
        CAPTURE(key);
        CHECK(j.contains(nlohmann::json::json_pointer(key)));
    }
    CHECK(j["cost"]["currency"] == "CNY");
    CHECK(j["cost"]["plans"][0]["plan"] == "hourly");
    CHECK(j["flops"]["executed"].get<double>() == doctest::Approx(e.flops.executed));
    CHECK(j["warnings"][0].contains("code"));
    CHECK(j["warnings"][0].contains("message"));
    auto zh = nlohmann::json::parse(estimate_to_json(e, Lang::zh));
    bool compute_time_line = false;
    for (const auto& line : zh["explain"]["time"])
        compute_time_line |= line.get<std::string>().find("计算时间 = ") == 0;
    CHECK(compute_time_line);
}

//-----------------------------------------------------------------------------
// [SECTION] Finite output over random and extreme scenarios
//-----------------------------------------------------------------------------

TEST_CASE("extreme but valid inputs give finite numbers") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.model_id = "";
    s.model = model_with_params("huge", 2e12, 200, 32768);
    s.model.vocab = 256000;
    s.tokens = 1e13;
    s.epochs = 1;
    s.zero = 3;
    for (int cards : {1, 4096, 65536}) {
        s.cards = cards;
        Estimate e = estimate(s, c);
        REQUIRE(e.ok);
        CAPTURE(cards);
        CHECK(all_finite(e));
        std::string j = estimate_to_json(e, Lang::zh);
        CHECK(j.find("inf") == std::string::npos);
        CHECK(j.find("nan") == std::string::npos);
        CHECK(j.find("null") == std::string::npos);
    }
}

TEST_CASE("no NaN or Infinity over a seeded grid of random scenarios") {
    Catalog c = test_catalog();
    std::mt19937 rng(12345);
    auto uni = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    auto logu = [&](double lo, double hi) { return std::exp(uni(std::log(lo), std::log(hi))); };
    auto pick = [&](int n) { return int(rng() % unsigned(n)); };
    const char* gpus[] = {"A100-80G", "RTX4090", "H100-80G", "V100-32G"};
    const char* models[] = {"test-7b", "gpt3-175b", "m-1.5b", "m-7.5b"};
    int ok_count = 0;
    for (int i = 0; i < 400; i++) {
        Scenario s;
        s.model_id = models[pick(4)];
        s.gpu_id = gpus[pick(4)];
        s.method = Method(pick(3));
        s.lora_targets = LoraTargets(pick(2));
        s.lora_rank = 1 + pick(1024);
        s.data_input = DataInput(pick(3));
        s.tokens = logu(1, 1e15);
        s.samples = logu(1, 1e9);
        s.avg_tokens = logu(1, 1e5);
        s.dataset_mb = logu(1e-3, 1e9);
        s.epochs = logu(0.01, 1000);
        s.seq_len = 1 + pick(1 << 20);
        s.micro_batch = 1 + pick(64);
        s.grad_accum = 1 + pick(1000);
        s.checkpointing = Checkpointing(pick(3));
        s.flash_attention = pick(2) == 0;
        s.precision = Precision(pick(4));
        s.optimizer = Optimizer(pick(3));
        s.zero = pick(4);
        s.tp = 1 << pick(4);
        s.pp = 1 + pick(8);
        s.offload = Offload(pick(3));
        if (s.offload == Offload::optimizer_params) s.zero = 3;
        s.cards = s.tp * s.pp * (1 + pick(1024));
        s.utilization = pick(2) ? 0 : uni(0, 1);
        s.scaling_efficiency = pick(2) ? 0 : uni(0, 1);
        s.tokens_per_second_per_gpu = pick(3) ? 0 : logu(1e-3, 1e9);
        s.deadline_hours = pick(2) ? 0 : logu(1e-3, 1e6);
        s.overhead_fraction = uni(0, 10);
        s.fixed_hours = uni(0, 1e5);
        s.upload_mbps = logu(0.01, 1e7);
        s.download_mbps = logu(0.01, 1e7);
        s.pilot_hours = pick(2) ? 0 : logu(1e-3, 1e5);
        s.pilot_fraction = logu(1e-6, 1);
        s.currency = Currency(pick(2));
        s.price_hourly = pick(2) ? -1 : uni(0, 1e9);
        s.price_daily = pick(2) ? -1 : uni(0, 1e9);
        s.price_monthly = pick(2) ? -1 : uni(0, 1e9);
        s.min_billed_hours = uni(0.01, 744);
        s.storage_gb = uni(0, 1e9);
        s.hours_per_month_used = uni(0, 744);
        s.quotes[0].price_per_card_hour = uni(0, 1e9);
        s.quotes[0].min_billed_hours = uni(0.01, 744);
        s.quotes[0].bandwidth_mbps = logu(1e-3, 1e7);
        Estimate e = estimate(s, c);
        if (!e.ok) continue;
        ok_count++;
        CAPTURE(i);
        REQUIRE(all_finite(e));
        std::string j = estimate_to_json(e, Lang(pick(2)));
        REQUIRE(j.find("null") == std::string::npos);
        for (const Warning& w : e.warnings) REQUIRE((std::isfinite(w.value) && std::isfinite(w.limit)));
    }
    CHECK(ok_count > 300);
}

TEST_CASE("estimate: head_dim wider than hidden/heads (Gemma-2) widens q, o and their adapters") {
    Catalog c;
    c.gpus = {gpu_a100()};
    ModelSpec m;
    m.id = "gemma-like";
    m.params = 9.24e9;
    m.layers = 42;
    m.hidden = 3584;
    m.heads = 16;
    m.kv_heads = 8;
    m.ffn = 14336;
    m.vocab = 256000;
    c.models = {m};
    ModelSpec wide = m;
    wide.id = "gemma-like-256";
    wide.head_dim = 256; // q width 16 × 256 = 4096 > 3584
    c.models.push_back(wide);
    Scenario s;
    s.model_id = "gemma-like";
    s.gpu_id = "A100-80G";
    s.method = Method::lora;
    s.lora_targets = LoraTargets::qv;
    s.lora_rank = 8;
    const Estimate narrow_e = estimate(s, c);
    s.model_id = "gemma-like-256";
    const Estimate wide_e = estimate(s, c);
    REQUIRE(narrow_e.ok);
    REQUIRE(wide_e.ok);
    // q: r·(h + q_width), v: r·(h + kv_width), per layer: the q adapter grows by r·(4096 − 3584).
    CHECK(wide_e.flops.trainable_params - narrow_e.flops.trainable_params ==
          doctest::Approx(8.0 * 42 * (4096 + 8 * 256 - 3584 - 8 * 224)));
    CHECK(wide_e.memory.activations_gib > narrow_e.memory.activations_gib);
}

TEST_CASE("estimate: a deadline is met with the best strategy when the scenario's own never fits") {
    Catalog c;
    c.gpus = {gpu_4090()};
    c.models = {model_7b()};
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "RTX4090";
    s.method = Method::full; // 16 B/param without ZeRO: never fits on 24 GB, whatever the count
    s.zero = 0;
    s.data_input = DataInput::tokens;
    s.tokens = 1e9;
    s.epochs = 1;
    s.fixed_hours = 1;
    s.deadline_hours = 48;
    const Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.cards.min_for_memory == 0);
    CHECK(e.cards.for_deadline == 0);
    REQUIRE(e.cards.min_for_memory_any > 0);
    CHECK(e.cards.for_deadline_any >= e.cards.min_for_memory_any);
    const bool impossible = std::any_of(e.warnings.begin(), e.warnings.end(), [](const Warning& w) {
        return w.code == WarningCode::deadline_impossible;
    });
    CHECK_FALSE(impossible);
    // The count really meets the deadline with that strategy.
    Scenario t = s;
    e.cards.deadline_strategy.apply_to(t);
    t.cards = e.cards.for_deadline_any;
    const Estimate f = estimate(t, c);
    CHECK(f.memory.fits);
    CHECK(f.time.wall_hours <= 48.0);
}

TEST_CASE("the fewest cards for a deadline are searched over every strategy, not the fewest-for-memory one") {
    // Llama 3.1 8B in full on 1e10 tokens, H100s, 24 h. The strategy that fits on the fewest cards
    // (ZeRO-1, the optimizer on the CPU: 1 card) takes 47 cards to finish in time; without the
    // offload 20 do (found by estimate() itself over the strategies below, not by the search).
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s = fixtures::llama8b_in_24h();
    const Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.cards.min_for_memory_any == 1);
    CHECK(e.cards.best_strategy.offload == Offload::optimizer);
    CHECK(e.cards.for_deadline == 0); // ZeRO-0 never fits
    CHECK(e.cards.for_deadline_any == 20);
    // Every strategy of a brute-force grid, by estimate(): one meets the deadline on 20 cards, none on 19.
    auto meets = [&](int cards, int zero, Offload off, Checkpointing ck, int tp) {
        Scenario t = s;
        t.cards = cards;
        t.zero = zero;
        t.offload = off;
        t.checkpointing = ck;
        t.tp = tp;
        const Estimate f = estimate(t, c);
        return f.ok && f.memory.fits && f.host.fits && f.time.wall_hours <= s.deadline_hours;
    };
    bool on_20 = false, on_19 = false;
    for (int zero = 0; zero <= 3; zero++)
        for (Offload off : {Offload::none, Offload::optimizer, Offload::optimizer_params})
            for (Checkpointing ck : {Checkpointing::none, Checkpointing::selective, Checkpointing::full})
                for (int tp : {1, 2, 4}) {
                    if (off != Offload::none && zero == 0) continue; // offload needs ZeRO
                    if (20 % tp == 0) on_20 = on_20 || meets(20, zero, off, ck, tp);
                    if (19 % tp == 0) on_19 = on_19 || meets(19, zero, off, ck, tp);
                }
    CHECK(on_20);
    CHECK_FALSE(on_19);
    Scenario t = s;
    e.cards.deadline_strategy.apply_to(t);
    t.cards = e.cards.for_deadline_any;
    CHECK(meets(t.cards, t.zero, t.offload, t.checkpointing, t.tp));
    // The fewest-for-memory strategy needs more cards for the same deadline.
    CHECK_FALSE(meets(20, 1, Offload::optimizer, Checkpointing::none, 1));
    const std::string line = explain(e, Headline::cards, Lang::en).back();
    CHECK(line ==
          "Cards to finish within 24 h on the wall clock: 20 with the best strategy (ZeRO-3, TP 1, no "
          "offload); none with the current one");
}

TEST_CASE("no rental price: the cost and renting's side are unknown, never ¥0 nor 'renting is cheaper'") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    Estimate e = estimate(s, c);
    CHECK(e.cost.priced);
    CHECK(e.buy.rent_known);
    CHECK(e.cost.per_million_tokens > 0);
    c.gpus[0].price_cny_per_hour = 0; // a card the catalog lists without a price (B300, a provider's)
    c.gpus[0].price_cny_per_day = 0;
    c.gpus[0].price_cny_per_month = 0;
    e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK_FALSE(e.cost.priced);
    CHECK(e.cost.per_million_tokens == 0);
    CHECK(e.terms.find(TermId::cost_per_million_tokens) == nullptr); // no "¥0 ÷ D × 1e6 = ¥0" line
    CHECK(e.buy.purchase_known);
    CHECK_FALSE(e.buy.rent_known);
    CHECK_FALSE(e.buy.buying_cheaper);
    CHECK(e.buy.break_even_hours_per_month == 0);
    CHECK(e.buy.own_per_month > 0); // owning's side is still known
    s.spot_price_hourly = 5;        // spot has nothing on demand to save against: no "on-demand is cheaper"
    e = estimate(s, c);
    CHECK(e.spot.used);
    CHECK_FALSE(e.spot.on_demand_priced);
    CHECK(e.spot.saving == 0);
    CHECK(e.terms.find(TermId::spot_saving) == nullptr);
    const std::vector<std::string> cost = explain(e, Headline::cost, Lang::en);
    CHECK(cost[cost.size() - 2] == "Spot: " + format_money(e.spot.total, Currency::cny) +
                                       " expected; no on-demand price to compare it with");
    s.price_hourly = 25; // the user's quote prices it again
    e = estimate(s, c);
    CHECK(e.cost.priced);
    CHECK(e.buy.rent_known);
    CHECK(e.spot.on_demand_priced);
    CHECK(e.terms.find(TermId::spot_saving) != nullptr);
}

TEST_CASE("buy versus rent: no purchase price means unknown, never 'buying is cheaper'") {
    Catalog c = test_catalog();
    Scenario s = base_scenario();
    s.hours_per_month_used = 720; // owning would win at full use...
    Estimate e = estimate(s, c);
    CHECK(e.buy.purchase_known);
    CHECK(e.buy.buying_cheaper);
    c.gpus[0].purchase_cny = 0; // ...but a provider entry without a purchase price
    e = estimate(s, c);
    CHECK_FALSE(e.buy.purchase_known);
    CHECK(e.buy.depreciation_per_month == 0);
    CHECK_FALSE(e.buy.buying_cheaper);
    s.purchase_price = 120000; // the user's own price makes it known again
    e = estimate(s, c);
    CHECK(e.buy.purchase_known);
    CHECK(e.buy.depreciation_per_month == doctest::Approx(120000.0 / 36));
}

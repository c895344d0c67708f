// traincalc — tests/test_data_size.cpp
// The data size: tokens per epoch from the scenario's inputs (core/data_size.h), and what samples
// cost when they are not packed (issue 12: "without packing every sample costs its padded length").
//
// Index of this file:
// [SECTION] Helpers
// [SECTION] Tokens per epoch, both directions
// [SECTION] Padding: samples that are not packed
#include "core/catalog.h"
#include "core/data_size.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/json_write.h"
#include "core/scenario.h"
#include "tests/fixtures.h"

#include <doctest/doctest.h>

#include <string>

using namespace traincalc;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------

Catalog catalog_7b() {
    Catalog c;
    c.models.push_back(fixtures::model_7b());
    GpuSpec g;
    g.id = "A100";
    g.name = "A100 80GB";
    g.memory_gib = 80;
    g.tflops_16bit = 312;
    g.nvlink_gbps = 600;
    g.compute_capability = 8.0;
    g.bf16 = true;
    g.verified = true;
    c.gpus.push_back(g);
    return c;
}

// 10,000 samples of 500 tokens on average, at most 2,000, in sequences of 4,096.
Scenario samples_scenario(bool packing, int micro_batch) {
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "A100";
    s.data_input = DataInput::samples;
    s.samples = 10000;
    s.avg_tokens = 500;
    s.max_tokens = 2000;
    s.seq_len = 4096;
    s.epochs = 1;
    s.method = Method::lora;
    s.micro_batch = micro_batch;
    s.packing = packing;
    return s;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Tokens per epoch, both directions
//-----------------------------------------------------------------------------

TEST_CASE("data size: samples × tokens per sample, and the slider moves the samples") {
    Scenario s = samples_scenario(true, 1);
    CHECK(tokens_per_epoch(s) == doctest::Approx(5e6));
    set_tokens_per_epoch(s, 1e7);
    CHECK(s.samples == 20000);
    CHECK(s.avg_tokens == 500);
}

TEST_CASE("data size: a slider's drag rounds the moved quantity to two significant digits") {
    Scenario s = samples_scenario(true, 1);
    s.avg_tokens = 700;
    set_tokens_per_epoch(s, 22e6, 2); // 31,428.6 samples
    CHECK(s.samples == 31000);
    CHECK(s.avg_tokens == 700);
    set_tokens_per_epoch(s, 22e6); // unrounded: whole samples only
    CHECK(s.samples == 31429);
    set_tokens_per_epoch(s, 300, 2); // under one sample: one
    CHECK(s.samples == 1);

    s.data_input = DataInput::tokens;
    set_tokens_per_epoch(s, 2.6834e7, 2);
    CHECK(s.tokens == 2.7e7);

    s.data_input = DataInput::dataset_size;
    s.chars_per_token = 4;
    s.bytes_per_char = 1;
    set_tokens_per_epoch(s, 1.2345e7, 2); // 49.38 MB
    CHECK(s.dataset_mb == doctest::Approx(49).epsilon(1e-12));
    CHECK(s.chars_per_token == 4);
    set_tokens_per_epoch(s, -1, 2); // nothing moves
    CHECK(s.dataset_mb == doctest::Approx(49).epsilon(1e-12));
}

//-----------------------------------------------------------------------------
// [SECTION] Padding: samples that are not packed
//-----------------------------------------------------------------------------

TEST_CASE("padding: packed samples cost their tokens; unpacked ones the longest of their micro-batch") {
    const Catalog c = catalog_7b();
    const Estimate packed = estimate(samples_scenario(true, 8), c);
    REQUIRE(packed.ok);
    CHECK(packed.flops.tokens == doctest::Approx(5e6));
    CHECK(packed.flops.padded_tokens_per_sample == 0);
    CHECK_FALSE(has_warning(packed, WarningCode::padding_waste));

    // b = 8: 500 + (2000 − 500) · 7/9 = 1,666.7 tokens per sample; 70% of them padding.
    const Estimate padded = estimate(samples_scenario(false, 8), c);
    REQUIRE(padded.ok);
    const double per_sample = 500 + 1500 * 7.0 / 9.0;
    CHECK(padded.flops.padded_tokens_per_sample == doctest::Approx(per_sample));
    CHECK(padded.flops.tokens == doctest::Approx(10000 * per_sample));
    CHECK(padded.flops.padding_waste == doctest::Approx(1 - 500 / per_sample));
    CHECK(has_warning(padded, WarningCode::padding_waste));
    // 3.33× the tokens; attention over 1,667-token sequences instead of 4,096 costs less per token.
    CHECK(padded.time.compute_hours ==
          doctest::Approx(packed.time.compute_hours * padded.flops.executed / packed.flops.executed));
    CHECK(padded.time.compute_hours > 2.9 * packed.time.compute_hours);

    // b = 1: each sample is its own sequence, nothing is padded (and nothing is packed).
    const Estimate single = estimate(samples_scenario(false, 1), c);
    CHECK(single.flops.padded_tokens_per_sample == doctest::Approx(500));
    CHECK(single.flops.padding_waste == doctest::Approx(0));
}

// The warning's condition is the padding's share, not "samples are unpacked": at b = 1 (each sample
// its own sequence, padded to itself) or samples all as long as the longest there is none, and it said
// "0% of the compute is padding".
static const Warning* padding_warning(const Estimate& e) {
    for (const Warning& w : e.warnings)
        if (w.code == WarningCode::padding_waste) return &w;
    return nullptr;
}

TEST_CASE(
    "padding: warned only when padding is a share of the compute; the longest sample said when assumed") {
    const Catalog c = catalog_7b();
    Scenario s = samples_scenario(false, 1);
    s.max_tokens = 0; // the page's defaults, unpacked: b = 1, the longest sample unknown
    const Estimate single = estimate(s, c);
    REQUIRE(single.ok);
    CHECK(single.flops.padding_waste == 0);
    CHECK(padding_warning(single) == nullptr);
    s = samples_scenario(false, 8);
    s.max_tokens = 500; // every sample as long as the longest: nothing to pad
    CHECK(padding_warning(estimate(s, c)) == nullptr);
    s.max_tokens = 505; // 500 + 5 · 7/9 = 503.9 tokens: 0.77% padding, under the 1% worth a word
    CHECK(padding_warning(estimate(s, c)) == nullptr);

    const Estimate known = estimate(samples_scenario(false, 8), c); // longest 2,000
    const Warning* w = padding_warning(known);
    REQUIRE(w);
    CHECK(warning_text(*w, known, Lang::en) ==
          "Samples are not packed: each costs 1,667 tokens with its padding, so 70% of the compute is "
          "padding. Packing (or grouping samples by length) removes it.");
    CHECK(warning_text(*w, known, Lang::zh) ==
          "样本没有打包：每条样本连同填充要算 1,667 个 token，计算量中有 70% "
          "是填充。打包（或按长度分组）可以省掉。");
    // Longest unknown (0): taken as the 4,096-token sequence, 500 + 3,596 · 7/9 = 3,297 tokens, and said.
    s = samples_scenario(false, 8);
    s.max_tokens = 0;
    const Estimate assumed = estimate(s, c);
    w = padding_warning(assumed);
    REQUIRE(w);
    CHECK(
        warning_text(*w, assumed, Lang::en) ==
        "Samples are not packed: each costs 3,297 tokens with its padding (the longest sample taken as the "
        "sequence length, 4,096 tokens: give it if shorter), so 84.8% of the compute is padding. Packing (or "
        "grouping samples by length) removes it.");
    CHECK(warning_text(*w, assumed, Lang::zh) ==
          "样本没有打包：每条样本连同填充要算 3,297 个 token（最长样本按序列长度 4,096 个 token "
          "计：若更短请填写），"
          "计算量中有 84.8% 是填充。打包（或按长度分组）可以省掉。");
}

TEST_CASE("padding: memory sees the longest sample, not the packed sequence") {
    const Catalog c = catalog_7b();
    const Estimate packed = estimate(samples_scenario(true, 4), c);
    const Estimate padded = estimate(samples_scenario(false, 4), c);
    // Packed sequences are 4,096 tokens; unpacked ones at most the 2,000-token longest sample.
    CHECK(padded.memory.logits_gib == doctest::Approx(packed.memory.logits_gib * 2000.0 / 4096.0));
    Scenario s = samples_scenario(false, 4);
    s.max_tokens = 0; // unknown longest sample: the sequence length
    CHECK(estimate(s, c).memory.logits_gib == doctest::Approx(packed.memory.logits_gib));
    s.max_tokens = 9000; // longer than seq_len: truncated at 4,096
    CHECK(estimate(s, c).memory.logits_gib == doctest::Approx(packed.memory.logits_gib));
}

TEST_CASE("padding: the shown work and the JSON carry the padded length; packing round-trips") {
    const Catalog c = catalog_7b();
    const Estimate padded = estimate(samples_scenario(false, 8), c);
    bool shown = false;
    for (const std::string& line : explain(padded, Headline::compute, Lang::en))
        shown = shown || line.find("Padded tokens per sample (no packing) = avg + max - avg × (b-1)/(b+1)") !=
                             std::string::npos;
    CHECK(shown);
    const std::string json = estimate_to_json(padded, Lang::en);
    CHECK(json.find("\"padding_waste\"") != std::string::npos);
    CHECK(estimate_to_json(estimate(samples_scenario(true, 8), c), Lang::en).find("padding_waste") ==
          std::string::npos);

    Scenario s = samples_scenario(false, 8);
    const std::string text = scenario_to_json(s);
    CHECK(text.find("\"packing\":false") != std::string::npos);
    const ScenarioResult back = scenario_from_json(text, c);
    REQUIRE(back.errors.empty());
    CHECK_FALSE(back.scenario.packing);
    CHECK(back.scenario.max_tokens == 2000);
    CHECK(scenario_to_json(samples_scenario(true, 8)).find("packing") == std::string::npos);
}

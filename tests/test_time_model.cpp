// traincalc — tests/test_time_model.cpp
// core/time_model.h: the scaling curve, peak rates, compute seconds and the wall clock, each on
// hand-built inputs. The golden case is the worked example every rental article gets wrong:
// 6 × 7e9 × 2.5e8 FLOPs on one A100 (312 TFLOPS) at 40% = 84,134.6 s = 23.4 h (not 856 s).
//
// Index of this file:
// [SECTION] Scaling curve
// [SECTION] Peak rate
// [SECTION] Compute seconds
// [SECTION] Wall clock
#include "core/time_model.h"

#include <doctest/doctest.h>

using namespace traincalc;
using namespace traincalc::detail;

namespace {
ModelDerived worked_example() {
    ModelDerived md;
    md.params = 7e9;
    md.tokens = 2.5e8;
    md.flops_executed_per_token = 6 * 7e9;
    return md;
}
TimeInputs a100_at(double utilization) {
    TimeInputs ti;
    ti.peak_tflops = 312;
    ti.utilization = utilization;
    ti.nvlink = true;
    return ti;
}
} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Scaling curve
//-----------------------------------------------------------------------------

TEST_CASE("time_model: the default scaling curve's points, and more cards never take longer") {
    CHECK(default_scaling(1, true) == 1.0);
    CHECK(default_scaling(2, true) == doctest::Approx(0.95));
    CHECK(default_scaling(8, true) == doctest::Approx(0.95));
    CHECK(default_scaling(16, true) == doctest::Approx(0.935)); // nearly flat past one node (issue 12)
    CHECK(default_scaling(128, true) == doctest::Approx(0.89));
    CHECK(default_scaling(1024, true) == doctest::Approx(0.85));
    CHECK(default_scaling(16384, true) == doctest::Approx(0.80));
    CHECK(default_scaling(2, false) == doctest::Approx(0.90));
    CHECK(default_scaling(8, false) == doctest::Approx(0.80));
    CHECK(default_scaling(64, false) == doctest::Approx(0.70));
    for (bool nv : {true, false})
        for (int n = 1; n < 4096; n++)
            REQUIRE((n + 1) * default_scaling(n + 1, nv) >= n * default_scaling(n, nv) - 1e-9);
}

//-----------------------------------------------------------------------------
// [SECTION] Peak rate
//-----------------------------------------------------------------------------

TEST_CASE("time_model: peak by precision: 16-bit, TF32 (½) or plain FP32 (⅛), FP8 at most ×1.3") {
    GpuSpec g;
    g.tflops_16bit = 989;
    g.tflops_fp8 = 1979;
    g.compute_capability = 9.0;
    CHECK(peak_tflops(g, Precision::bf16) == doctest::Approx(989));
    CHECK(peak_tflops(g, Precision::fp32) == doctest::Approx(989 / 2.0));
    CHECK(peak_tflops(g, Precision::fp8) == doctest::Approx(989 * 1.3));
    g.compute_capability = 7.0; // V100: no TF32, no FP8
    g.tflops_16bit = 125;
    CHECK(peak_tflops(g, Precision::fp32) == doctest::Approx(125 / 8.0));
    CHECK(peak_tflops(g, Precision::fp8) == doctest::Approx(125));
}

//-----------------------------------------------------------------------------
// [SECTION] Compute seconds
//-----------------------------------------------------------------------------

TEST_CASE("time_model: the worked example is 84,134.6 s on one A100 at 40%") {
    Scenario s;
    Strategy st;
    double scaling = 0, bubble = 0;
    CHECK(compute_seconds(s, worked_example(), a100_at(0.4), st, &scaling, &bubble) ==
          doctest::Approx(84134.615));
    CHECK(scaling == 1.0);
    CHECK(bubble == 1.0);
    st.cards = 8; // ÷ 8 cards ÷ 0.95 scaling
    CHECK(compute_seconds(s, worked_example(), a100_at(0.4), st, &scaling, &bubble) ==
          doctest::Approx(11070.344));
    CHECK(scaling == doctest::Approx(0.95));
}

TEST_CASE("time_model: pipeline bubble (m + p − 1)/m, offload slowdown, measured throughput") {
    Scenario s;
    s.grad_accum = 8;
    Strategy st;
    st.cards = 4;
    st.pp = 4;
    double scaling = 0, bubble = 0;
    TimeInputs ti = a100_at(0.4);
    ti.scaling_override = 1.0;
    const double base = 84134.61538461539 / 4;
    CHECK(compute_seconds(s, worked_example(), ti, st, &scaling, &bubble) ==
          doctest::Approx(base * 11.0 / 8));
    CHECK(bubble == doctest::Approx(11.0 / 8));
    st.pp = 1;
    st.offload = Offload::optimizer;
    CHECK(compute_seconds(s, worked_example(), ti, st, nullptr, nullptr) == doctest::Approx(base * 1.2));
    st.offload = Offload::none;
    ti.measured_tps = 2500; // 2.5e8 tokens ÷ 2,500 tokens/s ÷ 4 cards
    CHECK(compute_seconds(s, worked_example(), ti, st, nullptr, nullptr) == doctest::Approx(25000));
}

TEST_CASE("time_model: QLoRA adds a fixed cost per micro-batch and layer: D÷(b·s)÷d × L÷pp × 0.158/32 s") {
    Scenario s;
    s.method = Method::qlora;
    ModelDerived md = worked_example();
    md.micro_batch = 2;
    md.attention_seq_len = 1024;
    md.layers = 32;
    Strategy st;
    st.cards = 4;
    TimeInputs ti = a100_at(0.4);
    ti.scaling_override = 1.0;
    const double flops_s = 84134.61538461539 / 4;
    const double fixed_s = 2.5e8 / (2 * 1024) / 4 * 32 * (0.158 / 32); // 4,821.8 s
    CHECK(compute_seconds(s, md, ti, st, nullptr, nullptr) == doctest::Approx(flops_s + fixed_s));
    st.pp = 2;        // each card runs half the layers, for the micro-batches of its data-parallel rank (2)
    s.grad_accum = 8; // bubble (8 + 2 − 1) ÷ 8 on the FLOPs part only
    CHECK(compute_seconds(s, md, ti, st, nullptr, nullptr) == doctest::Approx(flops_s * 9 / 8 + fixed_s));
    st.pp = 1;
    s.method = Method::lora; // no 4-bit path, no fixed cost
    CHECK(compute_seconds(s, md, ti, st, nullptr, nullptr) == doctest::Approx(flops_s));
}

TEST_CASE("time_model: QLoRA's default rate: the card's × 0.474/0.4 (Hugging Face), × 0.566/0.4 (Unsloth)") {
    GpuSpec g;
    g.utilization_default = 0.4;
    Scenario s;
    s.method = Method::qlora;
    s.stack = Stack::hf;
    CHECK(default_utilization(s, g) == doctest::Approx(0.474));
    s.stack = Stack::unsloth;
    CHECK(default_utilization(s, g) == doctest::Approx(0.566));
    g.utilization_default = 0.3; // a consumer card keeps its lower share
    CHECK(default_utilization(s, g) == doctest::Approx(0.3 * 0.566 / 0.4));
    s.method = Method::lora;
    CHECK(default_utilization(s, g) == doctest::Approx(0.3));
}

//-----------------------------------------------------------------------------
// [SECTION] Wall clock
//-----------------------------------------------------------------------------

TEST_CASE("time_model: wall = compute + overhead + fixed + transfers + checkpoints; ×½ and ×2 ends") {
    Scenario s;
    s.overhead_fraction = 0.1;
    s.fixed_hours = 2;
    s.upload_gb = 36; // 36 GB at 800 Mbit/s = 360 s = 0.1 h
    s.upload_mbps = 800;
    s.download_mbps = 1000; // 7e9 × 2 B × 8 bit ÷ 1e9 bit/s = 112 s
    s.checkpoints = 2;      // 2 × 1e10 B ÷ 500 MB/s = 40 s
    s.disk_write_mb_per_s = 500;
    ModelDerived md = worked_example();
    md.checkpoint_bytes = 1e10;
    TimeResult t;
    wall_clock(s, md, 10.0, t);
    CHECK(t.overhead_hours == doctest::Approx(1.0));
    CHECK(t.upload_hours == doctest::Approx(0.1));
    CHECK(t.download_hours == doctest::Approx(112.0 / 3600));
    CHECK(t.checkpoint_hours == doctest::Approx(40.0 / 3600));
    const double transfers = 0.1 + 152.0 / 3600;
    CHECK(t.wall_hours == doctest::Approx(10 + 1 + 2 + transfers));
    CHECK(t.wall_hours_low == doctest::Approx(10 + 0.5 + 1 + transfers));
    CHECK(t.wall_hours_high == doctest::Approx(10 + 2 + 4 + transfers));
    CHECK(t.pilot_extrapolated_hours == 0);
    s.pilot_hours = 0.5; // 0.5 h for 2% of the data, × 1.5 margin
    s.pilot_fraction = 0.02;
    wall_clock(s, md, 10.0, t);
    CHECK(t.pilot_extrapolated_hours == doctest::Approx(37.5));
}

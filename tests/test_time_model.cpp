// traincalc — tests/test_time_model.cpp
// core/time_model.h: scaling from the interconnect, peak rates, compute seconds and the wall clock, each on
// hand-built inputs. The golden case is the worked example every rental article gets wrong:
// 6 × 7e9 × 2.5e8 FLOPs on one A100 (312 TFLOPS) at 40% = 84,134.6 s = 23.4 h (not 856 s).
//
// Index of this file:
// [SECTION] Scaling from the interconnect
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

//-----------------------------------------------------------------------------
// [SECTION] Scaling from the interconnect
//-----------------------------------------------------------------------------

// A 1B model on 8 cards by hand: 2e9 B of 16-bit weights and gradients, 16 layers of width 2048,
// 1,024-token sequences, one per micro-batch, 6 FLOPs per parameter per token (forward 2 of them).
ModelDerived small_1b() {
    ModelDerived md;
    md.params = md.active_params = md.trainable_params = 1e9;
    md.weights_bytes = md.grads_bytes = 2e9;
    md.weight_bytes_per_param = md.grad_bytes_per_param = 2;
    md.tokens = 1024.0 * 8 * 1000; // 1,000 micro-batches per card on 8 cards
    md.flops_executed_per_token = 6e9;
    md.attention_seq_len = 1024;
    md.seq_len = 1024;
    md.micro_batch = 1;
    md.layers = 16;
    md.hidden = 2048;
    return md;
}
TimeInputs pcie_card() { // the same rate, no NVLink: PCIe 4.0 between cards (25 GB/s)
    TimeInputs ti = a100_at(0.4);
    ti.nvlink = false;
    ti.nvlink_gbps = 0;
    ti.pcie_gbps = 25;
    return ti;
}
const Term* logged(const Terms& log, TermId id) {
    const Term* t = log.find(id);
    REQUIRE_MESSAGE(t != nullptr, "term " << int(id) << " not recorded");
    return t;
}
} // namespace

TEST_CASE("time_model: the rule of thumb (80-85% at 8 cards, ~70% at 32+) is a reference, not the time") {
    CHECK(rule_of_thumb_scaling(1) == 1.0);
    CHECK(rule_of_thumb_scaling(8) == doctest::Approx(0.825));
    CHECK(rule_of_thumb_scaling(32) == doctest::Approx(0.70));
    CHECK(rule_of_thumb_scaling(1024) == doctest::Approx(0.70));
    Scenario s;
    Strategy st;
    st.cards = 8;
    TimeInputs ti = a100_at(0.4);
    ti.nvlink_gbps = 600;
    Terms log;
    double scaling = 0;
    compute_seconds(s, small_1b(), ti, st, &scaling, nullptr, &log);
    CHECK(logged(log, TermId::scaling_rule_of_thumb)->result == doctest::Approx(0.825));
    CHECK(logged(log, TermId::scaling_efficiency)->result == doctest::Approx(scaling));
    CHECK(scaling > 0.825); // NVLink hides a 1B model's all-reduce behind the backward
}

TEST_CASE(
    "time_model: DDP all-reduce by hand: 2(n-1)/n × G over the link, hidden by one micro-batch's backward") {
    Scenario s;
    s.grad_accum = 1; // one optimizer step per micro-batch
    Strategy st;
    st.cards = 8;
    const ModelDerived md = small_1b();
    const double flops_s = md.tokens * 6e9 / 8 / (312e12 * 0.4); // 49.23 s of compute per card
    const double mb_s = flops_s / 1000;                          // per micro-batch
    SUBCASE("NVLink: 3.5e9 B at 300 × 0.67 GB/s = 17.4 ms, under the backward's 32.8 ms: nothing exposed") {
        TimeInputs ti = a100_at(0.4);
        ti.nvlink_gbps = 600;
        Terms log;
        double scaling = 0;
        const double t = compute_seconds(s, md, ti, st, &scaling, nullptr, &log);
        CHECK(logged(log, TermId::dp_comm_bytes)->result == doctest::Approx(2.0 * 7 / 8 * 2e9));
        CHECK(logged(log, TermId::dp_bus_gbps)->result == doctest::Approx(300 * 0.67));
        CHECK(logged(log, TermId::dp_comm_seconds)->result == doctest::Approx(3.5e9 / 201e9));
        CHECK(logged(log, TermId::dp_comm_window)->result == doctest::Approx(mb_s * 2 / 3));
        CHECK(log.find(TermId::dp_comm_exposed) == nullptr);
        CHECK(t == doctest::Approx(flops_s));
        CHECK(scaling == doctest::Approx(1.0));
    }
    SUBCASE("PCIe: 3.5e9 B at 25 GB/s = 140 ms per step; what the backward does not hide is added") {
        Terms log;
        double scaling = 0;
        const double t = compute_seconds(s, md, pcie_card(), st, &scaling, nullptr, &log);
        const double exposed = (3.5e9 / 25e9 - mb_s * 2 / 3) * 1000; // 1,000 steps
        CHECK(logged(log, TermId::dp_comm_exposed)->result == doctest::Approx(exposed));
        CHECK(t == doctest::Approx(flops_s + exposed));
        CHECK(scaling == doctest::Approx(flops_s / (flops_s + exposed)));
        s.grad_accum = 4; // one sync per 4 micro-batches: a quarter of the syncs
        const double t4 = compute_seconds(s, md, pcie_card(), st, nullptr, nullptr);
        CHECK(t4 == doctest::Approx(flops_s + exposed / 4));
    }
}

TEST_CASE("time_model: ZeRO-1/2 and ZeRO-3/FSDP volumes by hand") {
    Scenario s;
    s.grad_accum = 1;
    Strategy st;
    st.cards = 8;
    const ModelDerived md = small_1b();
    const double flops_s = md.tokens * 6e9 / 8 / (312e12 * 0.4);
    const double mb_s = flops_s / 1000;
    SUBCASE("ZeRO-2: reduce-scatter 7/8 × G (hidden), then the all-gather 7/8 × N_t × 2 B after each step") {
        st.zero = 2;
        Terms log;
        const double t = compute_seconds(s, md, pcie_card(), st, nullptr, nullptr, &log);
        CHECK(logged(log, TermId::dp_comm_bytes)->result == doctest::Approx(7.0 / 8 * 2e9));
        const double rs = 1.75e9 / 25e9; // 70 ms, over the 32.8 ms backward
        const double gather = 1.75e9 / 25e9;
        CHECK(logged(log, TermId::dp_gather_seconds)->result == doctest::Approx(gather));
        CHECK(t == doctest::Approx(flops_s + (rs - mb_s * 2 / 3 + gather) * 1000));
    }
    SUBCASE("ZeRO-3: per micro-batch 7/8 × (2 gathers × W + G) = 5.25e9 B, hidden by the whole micro-batch") {
        st.zero = 3;
        Terms log;
        TimeInputs ti = a100_at(0.4);
        ti.nvlink_gbps = 600;
        const double t_nv = compute_seconds(s, md, ti, st, nullptr, nullptr, &log);
        CHECK(logged(log, TermId::dp_comm_bytes)->result == doctest::Approx(7.0 / 8 * 3 * 2e9));
        CHECK(logged(log, TermId::dp_comm_window)->result == doctest::Approx(mb_s));
        CHECK(t_nv == doctest::Approx(flops_s)); // 26 ms of NVLink traffic under 49 ms of compute
        const double t_pcie = compute_seconds(s, md, pcie_card(), st, nullptr, nullptr);
        CHECK(t_pcie == doctest::Approx(flops_s + (5.25e9 / 25e9 - mb_s) * 1000));
    }
}

TEST_CASE("time_model: TP all-reduces by hand: D ÷ (d·cp) × L ÷ pp × 4 × 2(t-1)/t × 2h B, not overlapped") {
    Scenario s;
    Strategy st;
    st.cards = 2;
    st.tp = 2; // d = 1: no data-parallel traffic
    const ModelDerived md = small_1b();
    TimeInputs ti = a100_at(0.4);
    ti.nvlink_gbps = 600;
    Terms log;
    const double t = compute_seconds(s, md, ti, st, nullptr, nullptr, &log);
    const double tp_s = md.tokens * 16 * 4 * 1.0 * 2 * 2048 / 201e9;
    CHECK(logged(log, TermId::tp_comm_seconds)->result == doctest::Approx(tp_s));
    CHECK(log.find(TermId::dp_comm_bytes) == nullptr);
    CHECK(t == doctest::Approx(md.tokens * 6e9 / 2 / (312e12 * 0.4) + tp_s));
    s.checkpointing = Checkpointing::full; // the recomputed forward all-reduces again: 6 per layer
    Terms log6;
    compute_seconds(s, md, ti, st, nullptr, nullptr, &log6);
    CHECK(logged(log6, TermId::tp_comm_seconds)->result == doctest::Approx(tp_s * 6 / 4));
}

TEST_CASE("time_model: more cards are never faster per card than linear; with NVLink never slower in total") {
    // Catalog-like link set-ups: NVLink A100/H100/A800 with their networks, PCIe cards on Ethernet. A PCIe
    // pair can be slower than one card when the step is short (all-reduce over PCIe longer than compute).
    struct Links {
        double nvlink, pcie, nic;
    };
    const Links links[] = {{600, 25, 25}, {900, 50, 50}, {0, 25, 1.5625}, {0, 50, 1.5625}, {400, 25, 25}};
    for (const Links& l : links)
        for (int zero : {0, 2, 3})
            for (int accum : {1, 8}) {
                Scenario s;
                s.grad_accum = accum;
                TimeInputs ti = a100_at(0.4);
                ti.nvlink_gbps = l.nvlink;
                ti.pcie_gbps = l.pcie;
                ti.nic_gbps = l.nic;
                ModelDerived md = small_1b();
                md.tokens = 1e10;
                double prev = 0;
                for (int n = 1; n <= 1024; n++) {
                    Strategy st;
                    st.cards = n;
                    st.zero = zero;
                    double scaling = 0;
                    const double t = compute_seconds(s, md, ti, st, &scaling, nullptr);
                    INFO("nvlink " << l.nvlink << " nic " << l.nic << " zero " << zero << " cards " << n);
                    REQUIRE(scaling <= 1.0);
                    REQUIRE(t * n >= compute_seconds(s, md, ti, Strategy{}, nullptr, nullptr) * (1 - 1e-12));
                    if (n > 1 && l.nvlink > 0) REQUIRE(t <= prev * (1 + 1e-12));
                    prev = t;
                }
            }
}

TEST_CASE("time_model: PCIe cards scale worse than NVLink, and the network matters past one node") {
    Scenario s;
    ModelDerived md = small_1b();
    md.tokens = 1e10;
    Strategy st;
    st.cards = 8;
    TimeInputs nv = a100_at(0.4);
    nv.nvlink_gbps = 600;
    double eff_nv = 0, eff_pcie = 0;
    compute_seconds(s, md, nv, st, &eff_nv, nullptr);
    compute_seconds(s, md, pcie_card(), st, &eff_pcie, nullptr);
    CHECK(eff_pcie < eff_nv);
    CHECK(eff_pcie < 0.9);
    // 8 cards fill one node: the network is not used; 16 span two and the ring crosses the ports.
    TimeInputs slow = nv;
    slow.nic_gbps = 1.5625; // 100 Gb/s Ethernet shared by 8 cards
    double eff8_fast = 0, eff8_slow = 0, eff16_fast = 0, eff16_slow = 0;
    compute_seconds(s, md, nv, st, &eff8_fast, nullptr);
    compute_seconds(s, md, slow, st, &eff8_slow, nullptr);
    CHECK(eff8_fast == eff8_slow);
    st.cards = 16;
    compute_seconds(s, md, nv, st, &eff16_fast, nullptr);
    Terms log;
    compute_seconds(s, md, slow, st, &eff16_slow, nullptr, &log);
    CHECK(eff16_slow < eff16_fast);
    // 8 ranks per node share the ring's traffic: 8 × 1.5625 × 0.85 GB/s.
    CHECK(logged(log, TermId::dp_bus_gbps)->result == doctest::Approx(8 * 1.5625 * 0.85));
    s.cards_per_node = 4; // smaller nodes: 8 cards already cross the network
    st.cards = 8;
    double eff8_small_nodes = 0;
    compute_seconds(s, md, slow, st, &eff8_small_nodes, nullptr);
    CHECK(eff8_small_nodes < eff8_slow);
}

TEST_CASE("time_model: the card's links: PCIe by generation (or compute capability), its network port") {
    GpuSpec g;
    TimeInputs ti;
    g.compute_capability = 8.0;
    set_links(ti, g);
    CHECK(ti.pcie_gbps == 25);
    CHECK(ti.nic_gbps == 25); // no figure: one 200 Gb/s HDR port per card
    g.compute_capability = 9.0;
    set_links(ti, g);
    CHECK(ti.pcie_gbps == 50);
    g.pcie_gen = 3;
    g.nic_gbps = 1.5625;
    set_links(ti, g);
    CHECK(ti.pcie_gbps == 12.5);
    CHECK(ti.nic_gbps == 1.5625);
    g.pcie_gen = 6;
    set_links(ti, g);
    CHECK(ti.pcie_gbps == 100);
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
    st.cards = 8; // ÷ 8 cards ÷ a given 0.95 scaling
    TimeInputs ti = a100_at(0.4);
    ti.scaling_override = 0.95;
    CHECK(compute_seconds(s, worked_example(), ti, st, &scaling, &bubble) == doctest::Approx(11070.344));
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
    ti.measured_tps = 2500; // 2.5e8 tokens ÷ 2,500 tokens/s ÷ 4 cards
    CHECK(compute_seconds(s, worked_example(), ti, st, nullptr, nullptr) == doctest::Approx(25000));
}

TEST_CASE(
    "time_model: CPU offload adds its CPU optimizer step each step and ZeRO-3's weight fetches, unhidden") {
    // small_1b() on 8 cards of one node: 1,000 micro-batches per card, 4 per optimizer step = 250 steps.
    Scenario s;
    s.grad_accum = 4;
    Strategy st;
    st.cards = 8;
    st.zero = 3;
    const ModelDerived md = small_1b();
    TimeInputs ti = a100_at(0.4);
    ti.nvlink_gbps = 600;
    ti.pcie_gbps = 25;
    const double without = compute_seconds(s, md, ti, st, nullptr, nullptr);
    // The node's CPUs update its 8 ranks' shards, 1e9 ÷ 8 × 8 parameters, at 2 ns each: 2 s a step.
    const double step_s = 1e9 / 8 * 8 * 2e-9;
    SUBCASE("optimizer offload: 250 steps × 2 s") {
        st.offload = Offload::optimizer;
        Terms log;
        const double t = compute_seconds(s, md, ti, st, nullptr, nullptr, &log);
        CHECK(logged(log, TermId::dp_micro_batches)->result == doctest::Approx(1000));
        CHECK(logged(log, TermId::offload_cpu_step_seconds)->result == doctest::Approx(step_s));
        CHECK(log.find(TermId::offload_fetch_seconds) == nullptr);
        CHECK(logged(log, TermId::offload_seconds)->result == doctest::Approx(250 * step_s));
        CHECK(t == doctest::Approx(without + 250 * step_s));
    }
    SUBCASE("parameters too: each micro-batch fetches its 2e9 B ÷ 8 shard twice over PCIe at 25 GB/s") {
        st.offload = Offload::optimizer_params;
        Terms log;
        const double t = compute_seconds(s, md, ti, st, nullptr, nullptr, &log);
        const double fetch_s = 1000 * 2 * 2e9 / 8 / 25e9; // 20 s
        CHECK(logged(log, TermId::offload_fetch_seconds)->result == doctest::Approx(fetch_s));
        CHECK(t == doctest::Approx(without + 250 * step_s + fetch_s));
    }
    SUBCASE("never faster than the same plan without it, on any count (its time hides nothing)") {
        Scenario big = s;
        big.cards_per_node = 8;
        ModelDerived wide = md;
        wide.tokens *= 64;
        for (Offload o : {Offload::optimizer, Offload::optimizer_params})
            for (int cards : {1, 2, 8, 16, 64, 512}) {
                for (bool nvlink : {true, false}) {
                    TimeInputs at = nvlink ? ti : pcie_card();
                    Strategy a = st, b = st;
                    a.cards = b.cards = cards;
                    b.offload = o;
                    CHECK(compute_seconds(big, wide, at, b, nullptr, nullptr) >
                          compute_seconds(big, wide, at, a, nullptr, nullptr));
                }
            }
    }
    SUBCASE("a measured throughput has it inside: nothing added") {
        ti.measured_tps = 2500;
        st.offload = Offload::optimizer;
        CHECK(compute_seconds(s, md, ti, st, nullptr, nullptr) == doctest::Approx(md.tokens / 2500 / 8));
    }
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
    CHECK(default_utilization(s, g, 0) == doctest::Approx(0.474));
    s.stack = Stack::unsloth;
    CHECK(default_utilization(s, g, 0) == doctest::Approx(0.566));
    g.utilization_default = 0.3; // a consumer card keeps its lower share
    CHECK(default_utilization(s, g, 0) == doctest::Approx(0.3 * 0.566 / 0.4));
    s.method = Method::lora;
    CHECK(default_utilization(s, g, 0) == doctest::Approx(0.3));
}

TEST_CASE("time_model: an MoE of many small experts on the Hugging Face stacks runs at 3,888/10,070 of the "
          "card's rate") {
    GpuSpec g;
    g.utilization_default = 0.4;
    Scenario s;
    s.method = Method::full;
    s.stack = Stack::hf;
    CHECK(default_utilization(s, g, 128) == doctest::Approx(0.4 * 3888.0 / 10070.0)); // Qwen3-30B-A3B
    CHECK(default_utilization(s, g, 32) == doctest::Approx(0.4 * 3888.0 / 10070.0));  // gpt-oss-20b
    CHECK(default_utilization(s, g, 8) == doctest::Approx(0.4));                      // Mixtral: dense rate
    CHECK(default_utilization(s, g, 0) == doctest::Approx(0.4));
    s.stack = Stack::deepspeed;
    CHECK(default_utilization(s, g, 128) == doctest::Approx(0.4 * 3888.0 / 10070.0));
    // Unsloth's own MoE kernels, torchtitan's and Megatron's grouped GEMMs keep their defaults.
    s.stack = Stack::unsloth;
    CHECK(default_utilization(s, g, 128) == doctest::Approx(0.4));
    s.stack = Stack::megatron;
    CHECK(default_utilization(s, g, 128) == doctest::Approx(kMegatronUtilization));
    // QLoRA's factor and the experts' multiply.
    s.stack = Stack::hf;
    s.method = Method::qlora;
    CHECK(default_utilization(s, g, 128) == doctest::Approx(0.474 * 3888.0 / 10070.0));
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

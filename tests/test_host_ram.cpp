// traincalc — tests/test_host_ram.cpp
// Host RAM per node (core/host_ram.h, HostRamResult in core/estimate.h): loading as each stack
// loads (per rank or once per node), what offload keeps on the host, the node's RAM from the
// scenario or the catalog (a rented share of a node gets its share), the verdict and its warning,
// each rank's own process, the new inputs' exact errors, and the built-in catalog's cited defaults.
//
// Index of this file:
// [SECTION] Fixtures
// [SECTION] Loading, by stack (hand-computed)
// [SECTION] Offload while training (hand-computed)
// [SECTION] The verdict, the inputs and the catalog

#include "core/constants.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/json_write.h"
#include "fixtures.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace traincalc;
using traincalc::detail::kGiB;

//-----------------------------------------------------------------------------
// [SECTION] Fixtures
//-----------------------------------------------------------------------------

namespace {

Catalog host_catalog() {
    Catalog c;
    GpuSpec g = fixtures::a100_80g();
    g.host_ram_gib = 1152; // AWS p4de.24xlarge
    GpuSpec unknown = g;
    unknown.id = "no-ram";
    unknown.host_ram_gib = 0;
    c.gpus = {g, unknown};
    c.models = {fixtures::model_7b()}; // 7e9 parameters: a 14e9-byte 16-bit checkpoint
    return c;
}

Scenario full_7b(int cards, int zero) {
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "A100-80G";
    s.method = Method::full;
    s.cards = cards;
    s.zero = zero;
    return s;
}

// The host RAM warning's text in one language; empty when the estimate has no such warning.
std::string host_warning(const Estimate& e, Lang lang) {
    for (const Warning& x : e.warnings)
        if (x.code == WarningCode::host_ram_short) return warning_text(x, e, lang);
    return "";
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Loading, by stack (hand-computed)
//-----------------------------------------------------------------------------

TEST_CASE("host RAM while loading: every rank holds one copy under Hugging Face (4.51+), one shard under "
          "ZeRO-3 init") {
    const Catalog c = host_catalog();
    // transformers ≥ 4.51 builds the model empty and loads the checkpoint into it: 14e9 B =
    // 13.0385 GiB per rank; 8 ranks on the node: 104.308 GiB, and their processes' own 8 × 1 GiB:
    // a peak of 112.308 GiB.
    Estimate e = estimate(full_7b(8, 2), c);
    REQUIRE(e.ok);
    CHECK(e.host.ranks_per_node == 8);
    CHECK(e.host.load_per_rank);
    CHECK(e.host.load_copies == 1);
    CHECK(e.host.load_per_rank_gib == doctest::Approx(14e9 / kGiB));
    CHECK(e.host.load_node_gib == doctest::Approx(8 * 14e9 / kGiB));
    CHECK(e.host.offload_node_gib == 0);
    CHECK(e.host.process_node_gib == 8);
    CHECK(e.host.peak_node_gib == doctest::Approx(8 * 14e9 / kGiB + 8));
    CHECK(e.host.available_gib == 1152);
    CHECK(e.host.fits);
    CHECK(e.host.headroom_gib == doctest::Approx(1152 - 8 * 14e9 / kGiB - 8));
    // ZeRO-3 (zero.Init): the model is created partitioned, the checkpoint read one shard of at most
    // 5e9 B at a time: 4.65661 GiB per rank, 37.2529 GiB for the node's 8 ranks (45.2529 at the peak).
    e = estimate(full_7b(8, 3), c);
    CHECK(e.host.load_copies == 1);
    CHECK(e.host.load_per_rank_gib == doctest::Approx(5e9 / kGiB));
    CHECK(e.host.load_node_gib == doctest::Approx(8 * 5e9 / kGiB));
    CHECK(e.host.peak_node_gib == doctest::Approx(e.host.load_node_gib + 8));
    // 16 cards on 8-card nodes: still 8 ranks per node.
    e = estimate(full_7b(16, 2), c);
    CHECK(e.host.ranks_per_node == 8);
    CHECK(e.host.load_node_gib == doctest::Approx(8 * 14e9 / kGiB));
    Scenario s = full_7b(16, 2);
    s.cards_per_node = 4;
    e = estimate(s, c);
    CHECK(e.host.ranks_per_node == 4);
    CHECK(e.host.load_node_gib == doctest::Approx(4 * 14e9 / kGiB));
}

TEST_CASE("host RAM while loading: Megatron's partitions, torchtitan's shards, Unsloth once per node") {
    const Catalog c = host_catalog();
    Scenario s = full_7b(8, 1);
    s.stack = Stack::megatron; // each rank its tp × pp partition: 14e9 / 4
    s.tp = 2;
    s.pp = 2;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.host.load_per_rank_gib == doctest::Approx(14e9 / 4 / kGiB));
    CHECK(e.host.load_node_gib == doctest::Approx(8 * 14e9 / 4 / kGiB));
    s = full_7b(16, 3);
    s.stack = Stack::torchtitan; // its shards: 14e9 / 16 per rank, 8 ranks
    e = estimate(s, c);
    CHECK(e.host.load_per_rank_gib == doctest::Approx(14e9 / 16 / kGiB));
    CHECK(e.host.load_node_gib == doctest::Approx(14e9 / 2 / kGiB));
    s = full_7b(1, 0);
    s.method = Method::lora;
    s.stack = Stack::unsloth; // one copy, once per node
    e = estimate(s, c);
    CHECK_FALSE(e.host.load_per_rank);
    CHECK(e.host.load_node_gib == doctest::Approx(14e9 / kGiB));
    bool said = false;
    for (const std::string& l : explain(e, Headline::memory, Lang::en))
        said =
            said || l == "Host RAM while loading: once per node (Unsloth streams the checkpoint to the card)";
    CHECK(said);
}

TEST_CASE("host RAM while loading: QLoRA reads one shard at a time, on every stack that runs it") {
    // bitsandbytes' 4-bit quantizer sets from_pretrained's device map to the rank's card when none is
    // given (transformers quantizer_bnb_4bit.py, update_device_map) and quantizes each weight on its
    // way there: a rank holds the shard being read, at most 5e9 B, not the 14e9-byte checkpoint. It was
    // one copy per rank: a 72B QLoRA on 2 cards "needed" 271 GiB of a 128 GiB node (2026-12-05).
    const Catalog c = host_catalog();
    Scenario s = full_7b(8, 0);
    s.method = Method::qlora;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.host.load_per_rank);
    CHECK(e.host.load_copies == 1);
    CHECK(e.host.load_per_rank_gib == doctest::Approx(5e9 / kGiB));
    CHECK(e.host.load_node_gib == doctest::Approx(8 * 5e9 / kGiB));
    std::vector<std::string> lines = explain(e, Headline::memory, Lang::en);
    CHECK(std::find(
              lines.begin(), lines.end(),
              "Host RAM while loading: each of the node's 8 ranks loads its own copy (QLoRA: bitsandbytes "
              "loads onto the card and quantizes each weight on its way there, one checkpoint shard at a "
              "time, at most 5 GB)") != lines.end());
    s.stack = Stack::deepspeed; // the same from_pretrained
    e = estimate(s, c);
    CHECK(e.host.load_per_rank_gib == doctest::Approx(5e9 / kGiB));
    s = full_7b(1, 0);
    s.method = Method::qlora;
    s.stack = Stack::unsloth; // once per node, and a shard at a time
    e = estimate(s, c);
    CHECK_FALSE(e.host.load_per_rank);
    CHECK(e.host.load_node_gib == doctest::Approx(5e9 / kGiB));
    lines = explain(e, Headline::memory, Lang::zh);
    CHECK(std::find(
              lines.begin(), lines.end(),
              "加载时的内存：每台机器只加载一次（Unsloth），QLoRA：bitsandbytes 直接载入显卡，每个权重在途中"
              "量化，一次读一个检查点分片，至多 5 GB") != lines.end());
    // LoRA in Unsloth loads the 16-bit checkpoint whole, once per node, as before.
    s.method = Method::lora;
    e = estimate(s, c);
    CHECK(e.host.load_node_gib == doctest::Approx(14e9 / kGiB));
}

//-----------------------------------------------------------------------------
// [SECTION] Offload while training (hand-computed)
//-----------------------------------------------------------------------------

TEST_CASE("host RAM while training: offloaded states, their gradients, Unsloth's checkpoints") {
    const Catalog c = host_catalog();
    // ZeRO-2 optimizer offload on 8 cards: per rank 7e9 × 12 / 8 B of states and 7e9 × 2 / 8 B of
    // gradients = 11.409 GiB; the node 8 × = 91.27 GiB, below the 104.3 GiB of loading.
    Scenario s = full_7b(8, 2);
    s.offload = Offload::optimizer;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.memory.cpu_ram_gib == doctest::Approx(7e9 * 12 / 8 / kGiB));
    CHECK(e.host.offload_per_rank_gib == doctest::Approx(7e9 * 14 / 8 / kGiB));
    CHECK(e.host.offload_node_gib == doctest::Approx(7e9 * 14 / kGiB));
    CHECK(e.host.peak_node_gib == doctest::Approx(e.host.load_node_gib + 8));
    // Per card, the node's peak over its 8 ranks: loading's 13.04 GiB + 1 GiB of process each (the headline
    // "CPU RAM per card" said the states' 9.78 GiB alone, below what a card's process takes).
    CHECK(e.host.peak_per_rank_gib == doctest::Approx(e.host.peak_node_gib / 8));
    CHECK(e.host.peak_per_rank_gib > e.host.offload_per_rank_gib + 1);
    const std::vector<std::string> work = explain(e, ExplainPart::host_ram, Lang::en);
    CHECK(std::find(work.begin(), work.end(),
                    "Host RAM peak per card (its rank's share of the node's) = peak ÷ ranks = 112 GiB ÷ 8 = "
                    "14 GiB") != work.end());
    // One card, ZeRO-3 with parameter offload: weights 14e9 + states 84e9 + gradients 14e9 bytes =
    // 104.308 GiB while training, 105.308 with the process's own; loading is one copy (13.04 GiB);
    // the card's share of the node is 1152 / 8 = 144 GiB: fits.
    s = full_7b(1, 3);
    s.offload = Offload::optimizer_params;
    e = estimate(s, c);
    CHECK(e.host.offload_per_rank_gib == doctest::Approx(112e9 / kGiB));
    CHECK(e.host.peak_node_gib == doctest::Approx(112e9 / kGiB + 1));
    CHECK(e.host.available_gib == doctest::Approx(144));
    CHECK(e.host.fits);
    // Unsloth with full recomputation keeps each layer's input on the host: 32 × 2048 × 2 × 8192 B = 1 GiB.
    s = full_7b(1, 0);
    s.method = Method::lora;
    s.stack = Stack::unsloth;
    s.checkpointing = Checkpointing::full;
    s.micro_batch = 2;
    e = estimate(s, c);
    CHECK(e.host.offload_per_rank_gib == doctest::Approx(1.0));
}

TEST_CASE("host RAM: each rank's own process counts 1 GiB in the peak, whichever phase peaks") {
    const Catalog c = host_catalog();
    // 16 cards on machines of 4: 4 processes per machine, 4 GiB of their own, over 4 × 13.0385 GiB of
    // loading (the larger phase): 56.154 GiB at the peak.
    Scenario s = full_7b(16, 2);
    s.cards_per_node = 4;
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.host.ranks_per_node == 4);
    CHECK(e.host.process_node_gib == 4);
    CHECK(e.host.peak_node_gib == doctest::Approx(4 * 14e9 / kGiB + 4));
    const std::vector<std::string> en = explain(e, ExplainPart::host_ram, Lang::en);
    CHECK(std::find(
              en.begin(), en.end(),
              "Host RAM of the ranks' own processes, per node (interpreter, libraries, CUDA's host side) = "
              "ranks × process = 4 × 1 GiB = 4 GiB") != en.end());
    CHECK(std::find(en.begin(), en.end(),
                    "Host RAM peak per node = loading + processes = 52.2 GiB + 4 GiB = 56.2 GiB") !=
          en.end());
    const std::vector<std::string> zh = explain(e, ExplainPart::host_ram, Lang::zh);
    CHECK(std::find(
              zh.begin(), zh.end(),
              "每台机器上各进程自身占用的内存（解释器、库、CUDA 主机端） = 进程数 × 每进程自身 = 4 × 1 GiB = "
              "4 GiB") != zh.end());
    // When training peaks (one card, everything offloaded: 104.308 GiB), the processes add to it too.
    s = full_7b(1, 3);
    s.offload = Offload::optimizer_params;
    e = estimate(s, c);
    CHECK(e.host.offload_node_gib > e.host.load_node_gib);
    CHECK(e.host.process_node_gib == 1);
    CHECK(e.host.peak_node_gib == doctest::Approx(e.host.offload_node_gib + 1));
    const std::vector<std::string> peak = explain(e, ExplainPart::host_ram, Lang::en);
    CHECK(std::find(peak.begin(), peak.end(),
                    "Host RAM peak per node = training + processes = 104 GiB + 1 GiB = 105 GiB") !=
          peak.end());
}

//-----------------------------------------------------------------------------
// [SECTION] The verdict, the inputs and the catalog
//-----------------------------------------------------------------------------

TEST_CASE("host RAM verdict: too little RAM warns, with its exact text; unknown RAM says so") {
    const Catalog c = host_catalog();
    Scenario s = full_7b(1, 3);
    s.offload = Offload::optimizer_params;
    s.host_ram_gib = 64; // the node's RAM as given overrides the catalog
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    CHECK(e.host.available_gib == 64);
    CHECK_FALSE(e.host.fits);
    REQUIRE(has_warning(e, WarningCode::host_ram_short));
    CHECK(host_warning(e, Lang::en) ==
          "Host RAM: the node needs 105 GiB at its peak but has 64 GiB: the run would be killed while "
          "offloading. Offload less, shard the offloaded states over more cards (ZeRO), or rent more RAM.");
    CHECK(host_warning(e, Lang::zh) ==
          "内存不足：每台机器峰值需要 105 GiB，但只有 64 GiB，卸载训练时进程会被杀掉。"
          "可以少卸载、用 ZeRO 把卸载的状态分到更多卡上，或租更大内存的机器。");
    // While loading, the advice follows the stack's loader: Hugging Face, then Megatron.
    Scenario l = full_7b(8, 2);
    l.host_ram_gib = 64; // 8 ranks × (13.04 GiB + 1 GiB of their own) = 112 GiB
    e = estimate(l, c);
    CHECK(host_warning(e, Lang::en) ==
          "Host RAM: the node needs 112 GiB at its peak but has 64 GiB: the run would be killed while "
          "loading the model. ZeRO-3 (it reads the checkpoint one shard at a time), loading in shards "
          "(Megatron, torchtitan) or once per node (Unsloth), fewer ranks per machine, or rent more RAM.");
    l.zero = 3; // 8 ranks × (one 5 GB shard + 1 GiB) = 45.3 GiB: it runs
    e = estimate(l, c);
    CHECK_FALSE(has_warning(e, WarningCode::host_ram_short));
    l.host_ram_gib = 32; // under 45.3 GiB: the advice leaves out ZeRO-3, in use already
    e = estimate(l, c);
    CHECK(host_warning(e, Lang::zh) ==
          "内存不足：每台机器峰值需要 45.3 GiB，但只有 32 GiB，加载模型时进程会被"
          "杀掉。可以每台机器少放几张卡，或租更大内存的机器。");
    l.zero = 2;
    l.host_ram_gib = 64;
    l.stack = Stack::megatron; // 8 ranks × (13.04 GiB ÷ (tp 1 · pp 1) + 1 GiB)
    e = estimate(l, c);
    CHECK(host_warning(e, Lang::zh) ==
          "内存不足：每台机器峰值需要 112 GiB，但只有 64 GiB，加载模型时进程会被杀掉。"
          "加大 tp × pp 可以减少每个进程加载的分片；或租更大内存的机器。");
    const nlohmann::json j = nlohmann::json::parse(estimate_to_json(e, Lang::en), nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    CHECK(j["host_ram"]["fits"] == false);
    CHECK(j["host_ram"]["peak_node_gib"].get<double>() == doctest::Approx(112e9 / kGiB + 8));
    CHECK(j["host_ram"]["process_node_gib"].get<double>() == 8);
    // A card without a catalog figure: unknown, no verdict, no warning; the page asks for the figure.
    s = full_7b(8, 2);
    s.gpu_id = "no-ram";
    e = estimate(s, c);
    CHECK_FALSE(e.host.known);
    CHECK(e.host.fits);
    for (const Warning& x : e.warnings) CHECK(x.code != WarningCode::host_ram_short);
    bool asked = false;
    for (const std::string& l : explain(e, Headline::memory, Lang::en))
        asked = asked || l == "Host RAM per node: unknown for this card; enter the node's RAM (host_ram_gib)";
    CHECK(asked);
}

TEST_CASE("host RAM inputs: exact range errors, round trip, and the catalog field") {
    const Catalog c = host_catalog();
    ScenarioResult r = scenario_from_json(R"({"host_ram_gib": 0.5})", c);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "host_ram_gib");
    CHECK(r.errors[0].message == "host_ram_gib must be 0 (not set) or a number from 1 to 1000000, got 0.5");
    CHECK(r.errors[0].message_zh == "host_ram_gib 必须是 0（不设置）或 1 到 1000000 之间的数，实际为 0.5");
    r = scenario_from_json(R"({"cards_per_node": 0})", c);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "cards_per_node must be an integer from 1 to 64, got 0");
    r = scenario_from_json(R"({"cards_per_node": 4, "host_ram_gib": 512})", c);
    REQUIRE(r.errors.empty());
    CHECK(r.scenario.cards_per_node == 4);
    CHECK(r.scenario.host_ram_gib == 512);
    r.scenario.model_id = "test-7b"; // ids this catalog knows
    r.scenario.gpu_id = "A100-80G";
    const ScenarioResult back = scenario_from_json(scenario_to_json(r.scenario), c);
    REQUIRE(back.errors.empty());
    CHECK(back.scenario.host_ram_gib == 512);
    // The catalog reads a GPU's host_ram_gib and its source, and refuses a negative figure.
    CatalogResult cat = parse_catalog(
        R"({"gpus":[{"id":"x","name":"X","memory_gib":80,"tflops_16bit":300,"host_ram_gib":1152,"host_ram_source":"AWS p4de"}]})");
    REQUIRE(cat.errors.empty());
    CHECK(cat.catalog.gpus[0].host_ram_gib == 1152);
    CHECK(cat.catalog.gpus[0].host_ram_source == "AWS p4de");
    cat = parse_catalog(
        R"({"gpus":[{"id":"x","name":"X","memory_gib":80,"tflops_16bit":300,"host_ram_gib":-1}]})");
    REQUIRE(cat.errors.size() == 1);
    CHECK(cat.errors[0].field == "gpus[0].host_ram_gib");
}

TEST_CASE("host RAM: every built-in catalog GPU has a node RAM figure with its source") {
    const CatalogResult cat = parse_catalog(builtin_catalog_json());
    REQUIRE(cat.errors.empty());
    for (const GpuSpec& g : cat.catalog.gpus) {
        CAPTURE(g.id);
        CHECK(g.host_ram_gib >= 64);
        CHECK_FALSE(g.host_ram_source.empty());
    }
}

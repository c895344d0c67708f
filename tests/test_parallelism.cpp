// traincalc — tests/test_parallelism.cpp
// Issue 13 item 2: context parallelism, sequence parallelism with TP, expert parallelism and
// activation offload (core/memory_model.h, core/time_model.h, core/strategy.h, the scenario rules of
// core/scenario.cpp). The rules' exact bilingual messages, the properties that must hold (EP divides
// expert memory exactly, CP divides activation memory per card, sequence parallelism never adds,
// activation offload lowers the card and adds host RAM and, when not hidden, time), the
// communication terms, and the searches exploring these with the scenario's fixed fields honoured.
//
// Index of this file:
// [SECTION] Fixtures
// [SECTION] The rules (validate) and the JSON contract
// [SECTION] Memory properties
// [SECTION] Time: communication terms
// [SECTION] The searches
#include "checks.h"
#include "core/compare.h"
#include "core/constants.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/inverse.h"
#include "core/scenario.h"
#include "fixtures.h"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <string>

using namespace traincalc;
using traincalc::checks::check_one_error;
using traincalc::detail::kGiB;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Fixtures
//-----------------------------------------------------------------------------

Catalog parallel_catalog() {
    Catalog c;
    GpuSpec a100;
    a100.id = "A100-80G";
    a100.name = "NVIDIA A100 80GB SXM";
    a100.memory_gib = 80;
    a100.tflops_16bit = 312;
    a100.bandwidth_gbps = 2039;
    a100.nvlink_gbps = 600;
    a100.compute_capability = 8.0;
    a100.tdp_w = 400;
    a100.price_cny_per_hour = 8;
    a100.host_ram_gib = 1024;
    GpuSpec l20; // PCIe only
    l20.id = "L20";
    l20.name = "NVIDIA L20";
    l20.memory_gib = 48;
    l20.tflops_16bit = 119.5;
    l20.bandwidth_gbps = 864;
    l20.compute_capability = 8.9;
    l20.tdp_w = 275;
    l20.price_cny_per_hour = 3.2;
    c.gpus = {a100, l20};
    ModelSpec moe; // Mixtral-8x7B shape
    moe.id = "moe-47b";
    moe.name = "MoE 8x7B";
    moe.params = 46.7e9;
    moe.active_params = 12.9e9;
    moe.layers = 32;
    moe.hidden = 4096;
    moe.heads = 32;
    moe.kv_heads = 8;
    moe.ffn = 14336;
    moe.vocab = 32000;
    moe.experts = 8;
    moe.experts_per_token = 2;
    c.models = {fixtures::model_7b(), moe};
    c.index_ids();
    return c;
}

Scenario dense(int cards = 8) {
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "A100-80G";
    s.method = Method::full;
    s.stack = Stack::megatron; // the searches propose cp, ep and activation offload where the stack has them
    s.cards = cards;
    s.seq_len = 8192;
    return s;
}

Scenario moe(int cards = 8) {
    Scenario s = dense(cards);
    s.model_id = "moe-47b";
    s.seq_len = 4096;
    return s;
}

Estimate run(const Scenario& s, const Catalog& c) {
    Estimate e = estimate(s, c);
    REQUIRE_MESSAGE(e.ok, (e.errors.empty() ? std::string() : e.errors[0].message));
    return e;
}

const Term* find(const Estimate& e, TermId id) {
    return e.terms.find(id);
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] The rules (validate) and the JSON contract
//-----------------------------------------------------------------------------

TEST_CASE("parallelism: tp × pp × cp × ep must fit in the cards and divide them (exact messages)") {
    const Catalog c = parallel_catalog();
    Scenario s = moe(8);
    s.tp = 2;
    s.cp = 2;
    s.ep = 4;
    check_one_error(s, c, "cards", "cards (8) must be at least tp × pp × cp × ep (16)",
                    "cards（8）不能少于 tp × pp × cp × ep（16）");
    s.cards = 24;
    check_one_error(s, c, "cards", "cards (24) must be a multiple of tp × pp × cp × ep (16)",
                    "cards（24）必须是 tp × pp × cp × ep（16）的整数倍");
    s.cards = 32;
    CHECK(validate(s, c).empty());
    // Only the factors in use are named: EP is carved out of d, so d = 32 / 4 = 8 is a multiple of ep.
    s = dense(6);
    s.cp = 4;
    check_one_error(s, c, "cards", "cards (6) must be a multiple of tp × pp × cp (4)",
                    "cards（6）必须是 tp × pp × cp（4）的整数倍");
    s = moe(12);
    s.ep = 8;
    check_one_error(s, c, "cards", "cards (12) must be a multiple of tp × pp × ep (8)",
                    "cards（12）必须是 tp × pp × ep（8）的整数倍");
}

TEST_CASE("parallelism: cp divides seq_len; ep needs an MoE model and divides its experts") {
    const Catalog c = parallel_catalog();
    Scenario s = dense(8);
    s.seq_len = 8190;
    s.cp = 4;
    check_one_error(s, c, "cp",
                    "cp (4) must divide seq_len (8190): each of the cp cards holds seq_len / cp tokens of "
                    "every sequence",
                    "cp（4）必须能整除 seq_len（8190）：cp 张卡各持有每条序列的 seq_len / cp 个 token");
    s = dense(8);
    s.ep = 2;
    check_one_error(s, c, "ep", "ep (2) needs a mixture-of-experts model: this model is dense (experts = 0)",
                    "ep（2）需要混合专家（MoE）模型：该模型是稠密模型（experts = 0）");
    s = moe(24);
    s.ep = 3;
    check_one_error(s, c, "ep", "ep (3) must divide the model's experts (8)",
                    "ep（3）必须能整除模型的专家数（8）");
    // Ranges come from the field table.
    const ScenarioResult r = scenario_from_json(R"({"cp": 0})", c);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "cp");
    CHECK(r.errors[0].message == "cp must be an integer from 1 to 1024, got 0");
}

TEST_CASE("parallelism: the JSON contract reads, writes and round-trips cp, ep, sp, offload and fixed") {
    const Catalog c = parallel_catalog();
    const ScenarioResult r = scenario_from_json(
        R"({"model":"moe-47b","cards":16,"cp":2,"ep":4,"sequence_parallel":false,"activation_offload":true,)"
        R"("fixed":["ep","zero","checkpointing"]})",
        c);
    REQUIRE(r.errors.empty());
    CHECK(r.scenario.cp == 2);
    CHECK(r.scenario.ep == 4);
    CHECK_FALSE(r.scenario.sequence_parallel);
    CHECK(r.scenario.activation_offload);
    CHECK(r.scenario.fixed == (fix_ep | fix_zero | fix_checkpointing));
    const std::string j = scenario_to_json(r.scenario);
    CHECK(j.find(R"("fixed":["ep","zero","checkpointing"])") != std::string::npos);
    const ScenarioResult back = scenario_from_json(j, c);
    REQUIRE(back.errors.empty());
    CHECK(scenario_to_json(back.scenario) == j);
    // Defaults stay out of the written scenario (earlier links and goldens read the same).
    const std::string plain = scenario_to_json(Scenario{});
    for (const char* key :
         {"\"cp\"", "\"ep\"", "\"sequence_parallel\"", "\"activation_offload\"", "\"fixed\""})
        CHECK(plain.find(key) == std::string::npos);
    // An unknown name is refused naming the entry, in both languages.
    const ScenarioResult bad = scenario_from_json(R"({"fixed":["tp","gpu"]})", c);
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].field == "fixed[1]");
    CHECK(bad.errors[0].message == "fixed[1] must be one of tp, cp, ep, zero, offload, checkpointing, "
                                   "sequence_parallel, activation_offload, got \"gpu\"");
    CHECK(bad.errors[0].message_zh == "fixed[1] 必须是 tp, cp, ep, zero, offload, checkpointing, "
                                      "sequence_parallel, activation_offload 之一，实际为 \"gpu\"");
    const ScenarioResult not_array = scenario_from_json(R"({"fixed":"tp"})", c);
    REQUIRE(not_array.errors.size() == 1);
    CHECK(not_array.errors[0].field == "fixed");
}

//-----------------------------------------------------------------------------
// [SECTION] Memory properties
//-----------------------------------------------------------------------------

TEST_CASE("parallelism: EP divides the routed experts' weights, gradients and optimizer states exactly") {
    const Catalog c = parallel_catalog();
    Scenario s = moe(8);
    const Estimate e1 = run(s, c);
    CHECK(e1.memory.expert_weights_gib == 0); // ep = 1: no split shown
    for (int ep : {2, 4, 8}) {
        s.ep = ep;
        const Estimate e = run(s, c);
        const Term* WE = find(e, TermId::expert_weights);
        const Term* NE = find(e, TermId::expert_params);
        REQUIRE(WE);
        REQUIRE(NE);
        INFO("ep " << ep);
        // The card holds W_E / ep of the experts, and the rest whole: the split is exact.
        CHECK(e.memory.expert_weights_gib == doctest::Approx(WE->result / ep).epsilon(1e-12));
        CHECK(e1.memory.weights_gib - e.memory.weights_gib ==
              doctest::Approx(WE->result * (1 - 1.0 / ep)).epsilon(1e-9));
        CHECK(e1.memory.gradients_gib - e.memory.gradients_gib ==
              doctest::Approx(NE->result * 2 * (1 - 1.0 / ep) / kGiB).epsilon(1e-9));
        CHECK(e1.memory.optimizer_gib - e.memory.optimizer_gib ==
              doctest::Approx(NE->result * 12 * (1 - 1.0 / ep) / kGiB).epsilon(1e-9));
        // Mixtral's routed experts are 32 × 8 × 3 × 4096 × 14336 = 45.1e9 of its 46.7e9 parameters.
        CHECK(NE->result == doctest::Approx(32.0 * 8 * 3 * 4096 * 14336));
    }
    // ZeRO-3 shards every state over d already: the experts ÷ ep ÷ (d/ep) = ÷ d, EP changes nothing.
    s.zero = 3;
    s.ep = 1;
    const double zero3 = run(s, c).memory.per_gpu_gib;
    s.ep = 8;
    CHECK(run(s, c).memory.per_gpu_gib == doctest::Approx(zero3).epsilon(1e-12));
}

TEST_CASE("parallelism: CP divides the activations and logits per card by cp") {
    const Catalog c = parallel_catalog();
    for (Checkpointing ck : {Checkpointing::none, Checkpointing::selective, Checkpointing::full}) {
        Scenario s = dense(8);
        s.checkpointing = ck;
        s.flash_attention = ck != Checkpointing::selective;
        const Estimate e1 = run(s, c);
        for (int cp : {2, 4, 8}) {
            s.cp = cp;
            const Estimate e = run(s, c);
            INFO("cp " << cp << ", checkpointing " << to_string(ck));
            CHECK(e.memory.activations_gib == doctest::Approx(e1.memory.activations_gib / cp).epsilon(1e-12));
            CHECK(e.memory.logits_gib == doctest::Approx(e1.memory.logits_gib / cp).epsilon(1e-12));
            CHECK(e.memory.per_gpu_gib < e1.memory.per_gpu_gib);
        }
    }
}

TEST_CASE("parallelism: sequence parallelism never adds activation memory; without it TP leaves R whole") {
    const Catalog c = parallel_catalog();
    for (Checkpointing ck : {Checkpointing::none, Checkpointing::full})
        for (int tp : {1, 2, 4, 8}) {
            Scenario s = dense(8);
            s.checkpointing = ck;
            s.tp = tp;
            const Estimate with = run(s, c);
            s.sequence_parallel = false;
            const Estimate without = run(s, c);
            INFO("tp " << tp << ", checkpointing " << to_string(ck));
            CHECK(with.memory.activations_gib <= without.memory.activations_gib);
            if (tp == 1) {
                CHECK(with.memory.activations_gib == without.memory.activations_gib);
                continue;
            }
            CHECK(with.memory.activations_gib < without.memory.activations_gib);
            const Term* R = find(without, TermId::act_unsplit_bytes);
            REQUIRE(R);
            CHECK(R->result == 8.0 * 4096); // 4h (norms) + 2h (QKV input) + 2h (FFN input)
            if (ck == Checkpointing::none)  // 32 layers × 8192 tokens × R × (1 − 1/tp) more
                CHECK(without.memory.activations_gib - with.memory.activations_gib ==
                      doctest::Approx(32.0 * 8192 * R->result * (1 - 1.0 / tp) / kGiB).epsilon(1e-9));
        }
}

TEST_CASE("parallelism: activation offload lowers the card, adds host RAM, and time when not hidden") {
    const Catalog c = parallel_catalog();
    Scenario s = dense(8);
    s.seq_len = 32768;
    s.zero = 3;
    const Estimate off = run(s, c);
    s.activation_offload = true;
    const Estimate on = run(s, c);
    const Term* host = find(on, TermId::act_offload_host);
    REQUIRE(host);
    CHECK(host->place == Place::host);
    // Two of the 32 layers stay on the card; the other 30 go to the host.
    CHECK(on.memory.activations_gib == doctest::Approx(off.memory.activations_gib * 2 / 32).epsilon(1e-12));
    CHECK(on.memory.activations_host_gib ==
          doctest::Approx(off.memory.activations_gib * 30 / 32).epsilon(1e-12));
    CHECK(on.memory.per_gpu_gib < off.memory.per_gpu_gib);
    // The host side: per rank while training, and the node's 8 ranks.
    CHECK(on.host.offload_per_rank_gib == doctest::Approx(off.host.offload_per_rank_gib + host->result));
    CHECK(on.host.offload_node_gib > off.host.offload_node_gib);
    // Time: on an A100 the copies hide behind compute (no exposed term, the compute time is the
    // FLOPs' alone); the transfer is still shown.
    REQUIRE(find(on, TermId::act_offload_seconds));
    CHECK_FALSE(find(on, TermId::act_offload_exposed));
    CHECK(on.time.compute_hours == doctest::Approx(off.time.compute_hours).epsilon(1e-12));
    // Measured as exposed when compute is faster than PCIe: a tiny model's many layers of long
    // sequences at a high (given) utilization on the PCIe card.
    Scenario t = s;
    t.gpu_id = "L20";
    t.model_id = "";
    t.model = fixtures::model_7b();
    t.seq_len = 8192;
    t.model.params = 1.7e8;
    t.model.hidden = 512;
    t.model.heads = 8;
    t.model.kv_heads = 8;
    t.model.ffn = 2048;
    t.model.layers = 32;
    t.model.id = "";
    t.utilization = 1;
    t.activation_offload = false;
    const Estimate slow_off = run(t, c);
    t.activation_offload = true;
    const Estimate slow_on = run(t, c);
    const Term* exposed = find(slow_on, TermId::act_offload_exposed);
    REQUIRE(exposed);
    CHECK(exposed->result > 0);
    CHECK(slow_on.time.compute_hours ==
          doctest::Approx(slow_off.time.compute_hours + exposed->result / 3600).epsilon(1e-9));
}

//-----------------------------------------------------------------------------
// [SECTION] Time: communication terms
//-----------------------------------------------------------------------------

TEST_CASE("parallelism: CP's ring and EP's all-to-all add to the compute time, each shown") {
    const Catalog c = parallel_catalog();
    Scenario s = dense(8);
    const Estimate base = run(s, c);
    CHECK_FALSE(find(base, TermId::cp_comm_seconds)); // no ring without context parallelism
    REQUIRE(find(base, TermId::math_seconds));        // 8 cards: the data-parallel sync is weighed
    s.cp = 2;
    const Estimate e = run(s, c);
    const Term* ring = find(e, TermId::cp_comm_seconds);
    const Term* math = find(e, TermId::math_seconds);
    REQUIRE(ring);
    REQUIRE(math);
    // D / cards × L × (cp − 1) × 3 passes × 2 B × (K + V width 2 × 4096) ÷ 300 GB/s (NVLink 600 ÷ 2).
    const double D = find(e, TermId::tokens)->result;
    CHECK(ring->result == doctest::Approx(D / 8 * 32 * 1 * 3 * 2 * 8192 / 300e9).epsilon(1e-12));
    const Term* dp = find(e, TermId::dp_comm_exposed); // the d·cp = 8 ranks' sync, as without CP
    CHECK(e.time.compute_hours * 3600 ==
          doctest::Approx(math->result + ring->result + (dp ? dp->result : 0)).epsilon(1e-12));
    CHECK(math->result == doctest::Approx(find(base, TermId::math_seconds)->result).epsilon(1e-12));

    Scenario m = moe(16);
    m.ep = 8;
    const Estimate em = run(m, c);
    const Term* a2a = find(em, TermId::ep_comm_seconds);
    REQUIRE(a2a);
    // D / cards × L_moe × k × 2 B × h × 4 all-to-alls × 7/8 ÷ link (8 ranks fit in one 8-card node: NVLink).
    const double Dm = find(em, TermId::tokens)->result;
    CHECK(a2a->result == doctest::Approx(Dm / 16 * 32 * 2 * 2 * 4096 * 4 * 7.0 / 8 / 300e9).epsilon(1e-12));
    // Across nodes the network's 25 GB/s per card is slower than NVLink.
    m.cards_per_node = 4;
    const Estimate across = run(m, c);
    CHECK(find(across, TermId::ep_comm_seconds)->result ==
          doctest::Approx(a2a->result * 300 / 25).epsilon(1e-12));
    // Measured throughput already includes the communication: nothing added.
    m.tokens_per_second_per_gpu = 1000;
    CHECK_FALSE(find(run(m, c), TermId::ep_comm_seconds));
}

TEST_CASE("parallelism: TP's all-reduces are a term of the compute time, as README.md says") {
    const Catalog c = parallel_catalog();
    Scenario s = dense(8);
    s.tp = 2;
    const Estimate e = run(s, c);
    const Term* tp = find(e, TermId::tp_comm_seconds);
    const Term* math = find(e, TermId::math_seconds);
    REQUIRE(tp);
    REQUIRE(math);
    // D ÷ d × L × 4 all-reduces × 2(t−1)/t × 2 B × h ÷ (NVLink 300 GB/s × 0.67).
    const double D = find(e, TermId::tokens)->result;
    CHECK(tp->result == doctest::Approx(D / 4 * 32 * 4 * 1.0 * 2 * 4096 / (300e9 * 0.67)).epsilon(1e-9));
    const Term* dp = find(e, TermId::dp_comm_exposed);
    CHECK(e.time.compute_hours * 3600 ==
          doctest::Approx(math->result + tp->result + (dp ? dp->result : 0)).epsilon(1e-12));
    // Sequence parallelism moves the same volume: the same term.
    s.sequence_parallel = false;
    CHECK(find(run(s, c), TermId::tp_comm_seconds)->result == doctest::Approx(tp->result).epsilon(1e-12));
    // A given scaling efficiency replaces it; a measured throughput includes it.
    s.scaling_efficiency = 0.9;
    CHECK_FALSE(find(run(s, c), TermId::tp_comm_seconds));
    s.scaling_efficiency = 0;
    s.tokens_per_second_per_gpu = 1000;
    CHECK_FALSE(find(run(s, c), TermId::tp_comm_seconds));
    // The README says what the code models: no "not modelled" for TP's communication time.
    std::ifstream f(std::filesystem::path(TRAINCALC_SOURCE_DIR) / "README.md");
    REQUIRE(f);
    const std::string readme((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    CHECK(readme.find("Not modelled: TP's own communication time") == std::string::npos);
    CHECK(readme.find("TP's activation all-reduces (4 per\nlayer, 6 with full recomputation; with sequence "
                      "parallelism the same volume)") != std::string::npos);
}

//-----------------------------------------------------------------------------
// [SECTION] The searches
//-----------------------------------------------------------------------------

TEST_CASE("parallelism: the fewest-cards search explores cp, ep and activation offload") {
    const Catalog c = parallel_catalog();
    // A 128K-token sequence: its activations alone exceed a card; context parallelism (or offload)
    // is what makes it fit.
    Scenario s = dense(8);
    s.seq_len = 131072;
    s.checkpointing = Checkpointing::full;
    const Estimate e = run(s, c);
    CHECK_FALSE(e.memory.fits);
    REQUIRE(e.cards.min_for_memory_any > 0);
    const bool used = e.cards.best_strategy.cp > 1 || e.cards.best_strategy.activation_offload ||
                      e.cards.best_strategy.tp > 1;
    CHECK(used);
    // What the search proposes fits as proposed.
    Scenario best = s;
    best.cards = e.cards.min_for_memory_any;
    e.cards.best_strategy.apply_to(best);
    CHECK(run(best, c).memory.fits);
    // MoE full fine-tuning without ZeRO: expert parallelism is what shrinks the states.
    Scenario m = moe(8);
    m.fixed = fix_zero | fix_offload; // ZeRO-0, no offload, as given
    const Estimate em = run(m, c);
    CHECK(em.cards.best_strategy.zero == 0);
    CHECK(em.cards.best_strategy.offload == Offload::none);
    CHECK(em.cards.best_strategy.ep > 1);
}

TEST_CASE("parallelism: the fields the scenario fixes stay fixed in every search") {
    const Catalog c = parallel_catalog();
    Scenario s = dense(8);
    s.seq_len = 16384;
    s.tp = 2;
    s.zero = 3;
    s.fixed = fix_tp | fix_cp | fix_activation_offload | fix_checkpointing | fix_zero;
    const Estimate e = run(s, c);
    REQUIRE(e.cards.min_for_memory_any > 0);
    CHECK(e.cards.best_strategy.tp == 2);
    CHECK(e.cards.best_strategy.cp == 1);
    CHECK_FALSE(e.cards.best_strategy.activation_offload);
    CHECK(e.cards.best_strategy.checkpointing == Checkpointing::none);
    CHECK(e.cards.best_strategy.zero == 3);
    int workable = 0;
    for (const GpuOption& o : compare_gpus(s, c, 4096)) {
        if (!o.workable) continue;
        workable++;
        CHECK(o.strategy.tp == 2);
        CHECK(o.strategy.cp == 1);
        CHECK(o.strategy.zero == 3);
        CHECK_FALSE(o.strategy.activation_offload);
        CHECK(o.strategy.checkpointing == Checkpointing::none);
    }
    CHECK(workable > 0);
    // A 128K-token sequence with tp kept at 1: the logits alone (131,072 × 32,000 × 17 B = 66 kGiB)
    // need context parallelism, which the comparison then uses.
    s.seq_len = 131072;
    s.tp = 1;
    s.fixed = fix_tp;
    bool some_cp = false;
    for (const GpuOption& o : compare_gpus(s, c, 4096))
        some_cp = some_cp || (o.workable && o.strategy.cp > 1);
    CHECK(some_cp);
    CHECK(run(s, c).cards.best_strategy.cp > 1);
    // Sequence parallelism fixed off is honoured too (searched on otherwise).
    // (ZeRO-0 at 32K tokens never fits as given, so the searches choose.)
    s = dense(8);
    s.seq_len = 32768;
    s.tp = 2;
    s.sequence_parallel = false;
    s.fixed = fix_sequence_parallel | fix_tp;
    const Estimate kept = run(s, c);
    CHECK(kept.cards.min_for_memory == 0);
    REQUIRE(kept.cards.min_for_memory_any > 0);
    CHECK_FALSE(kept.cards.best_strategy.sequence_parallel);
    s.fixed = fix_tp;
    const Estimate free = run(s, c);
    REQUIRE(free.cards.min_for_memory_any > 0);
    CHECK(free.cards.best_strategy.sequence_parallel);
}

TEST_CASE("parallelism: the Hugging Face stack gets no cp, ep or activation offload proposed, unless set") {
    const Catalog c = parallel_catalog();
    Scenario s = dense(8);
    s.stack = Stack::hf;
    s.seq_len = 131072;
    const Estimate e = run(s, c);
    CHECK(e.cards.best_strategy.cp == 1);
    CHECK_FALSE(e.cards.best_strategy.activation_offload);
    Scenario m = moe(8);
    m.stack = Stack::hf;
    CHECK(run(m, c).cards.best_strategy.ep == 1);
    m.ep = 8; // set by the user: tried (and kept when it is the best)
    m.fixed = fix_ep;
    CHECK(run(m, c).cards.best_strategy.ep == 8);
}

TEST_CASE(
    "parallelism: the longest sequence that fits with cp is a multiple of cp, and one more cp does not fit") {
    const Catalog c = parallel_catalog();
    Scenario s = dense(8);
    s.cp = 8;
    s.fixed = fix_cp;
    const InverseResult r = inverse_questions(s, c);
    REQUIRE(r.ok);
    REQUIRE(r.seq_len.found);
    CHECK(r.seq_len.strategy.cp == 8);
    CHECK(r.seq_len.value % 8 == 0);
    CHECK(r.seq_len.per_gpu_gib <= r.seq_len.usable_gib);
    if (!r.seq_len.at_limit) CHECK(r.seq_len.next_per_gpu_gib > r.seq_len.usable_gib);
}

// The scenario a searched answer stands for: `s` on card `gpu_id` × `cards` with `choice` applied
// through StrategyChoice::apply_to, the one way the page and the CLI put a choice back.
static Scenario applied(const Scenario& s, const std::string& gpu_id, int cards,
                        const StrategyChoice& choice) {
    Scenario t = s;
    t.gpu_id = gpu_id;
    t.cards = cards;
    choice.apply_to(t);
    CHECK(strategy_choice_of(t) == choice);
    return t;
}

TEST_CASE("parallelism: a comparison row, the fewest-cards choice and the inverse answers applied to the "
          "scenario reproduce their figures, cp, ep and activation offload included") {
    const Catalog c = parallel_catalog();
    bool row_cp = false, row_ep = false, row_aoff = false;
    bool fit_cp = false, fit_ep = false, fit_aoff = false;
    // A long dense sequence (cp), an MoE full fine-tune without ZeRO (ep), the MoE at 32K, and with
    // activation offload and cp kept as given: the Megatron stack searches all of them.
    Scenario long_dense = dense(8);
    long_dense.seq_len = 131072;
    long_dense.checkpointing = Checkpointing::full;
    Scenario moe_long = moe(16);
    moe_long.seq_len = 32768;
    Scenario moe_aoff = moe(8);
    moe_aoff.seq_len = 32768;
    moe_aoff.cp = 2;
    moe_aoff.activation_offload = true;
    moe_aoff.fixed = fix_activation_offload | fix_cp; // kept as given: the applied rows carry them
    Scenario moe_zero0 = moe(64); // ZeRO-0 kept: expert parallelism is what shrinks the states
    moe_zero0.fixed = fix_zero | fix_offload;
    for (const Scenario& s : {long_dense, moe_zero0, moe_long, moe_aoff}) {
        CAPTURE(s.model_id);
        CAPTURE(s.seq_len);
        // Every workable comparison row, applied, is estimated exactly as the row says.
        for (const GpuOption& o : compare_gpus(s, c, 4096)) {
            if (!o.workable) continue;
            const Estimate e = run(applied(s, c.gpus[size_t(o.gpu_index)].id, o.cards, o.strategy), c);
            CHECK(e.memory.fits);
            CHECK(e.memory.per_gpu_gib == doctest::Approx(o.memory_per_gpu_gib));
            CHECK(e.time.wall_hours == doctest::Approx(o.wall_hours));
            CHECK(e.cost.total == doctest::Approx(o.cost_total));
            row_cp = row_cp || o.strategy.cp > 1;
            row_ep = row_ep || o.strategy.ep > 1;
            row_aoff = row_aoff || o.strategy.activation_offload;
        }
        // The fewest-cards choice fits on that count as proposed.
        const Estimate e = run(s, c);
        if (e.cards.min_for_memory_any > 0) {
            const Estimate f =
                run(applied(s, s.gpu_id, e.cards.min_for_memory_any, e.cards.best_strategy), c);
            CHECK(f.memory.fits);
            CHECK(f.cards.min_for_memory == e.cards.min_for_memory_any);
        }
        // The inverse answers: at the answer it fits with the memory the answer gives, one more does not.
        const InverseResult r = inverse_questions(s, c);
        REQUIRE(r.ok);
        for (const FitAnswer* a : {&r.micro_batch, &r.seq_len}) {
            if (!a->found) continue;
            Scenario t = applied(s, s.gpu_id, s.cards, a->strategy);
            int& knob = a == &r.micro_batch ? t.micro_batch : t.seq_len;
            knob = a->value;
            const Estimate at = run(t, c);
            CHECK(at.memory.fits);
            CHECK(at.memory.per_gpu_gib == doctest::Approx(a->per_gpu_gib));
            if (!a->at_limit) {
                knob = a->value + (a == &r.seq_len ? a->strategy.cp : 1);
                CHECK_FALSE(run(t, c).memory.fits);
            }
            fit_cp = fit_cp || a->strategy.cp > 1;
            fit_ep = fit_ep || a->strategy.ep > 1;
            fit_aoff = fit_aoff || a->strategy.activation_offload;
        }
    }
    // The cases above exercise what the old field-by-field copies dropped.
    CHECK(row_cp);
    CHECK(row_ep);
    CHECK(row_aoff);
    CHECK(fit_cp);
    CHECK(fit_ep);
    CHECK(fit_aoff);
}

TEST_CASE(
    "parallelism: the deadline's cheapest plan carries the row's whole strategy and, applied, meets it") {
    const Catalog c = parallel_catalog();
    Scenario s = moe(8);
    s.seq_len = 32768;
    s.deadline_hours = 400;
    const std::vector<GpuOption> rows = compare_gpus(s, c);
    const InverseResult r = inverse_questions(s, c, &rows);
    REQUIRE(r.ok);
    REQUIRE(r.deadline.found);
    const GpuOption* row = nullptr;
    for (const GpuOption& o : rows)
        if (o.workable && o.gpu_index == r.deadline.gpu_index && o.cards == r.deadline.cards) row = &o;
    REQUIRE(row);
    CHECK(r.deadline.strategy == row->strategy);
    const Estimate e =
        run(applied(s, c.gpus[size_t(r.deadline.gpu_index)].id, r.deadline.cards, r.deadline.strategy), c);
    CHECK(e.memory.fits);
    CHECK(e.time.wall_hours == doctest::Approx(r.deadline.wall_hours));
    CHECK(e.time.wall_hours <= s.deadline_hours);
    CHECK(e.cost.total == doctest::Approx(r.deadline.cost_total));
}

TEST_CASE("no strategy fits: the text names what the search tried (cp, ep and activation offload where the "
          "stack and model have them)") {
    Catalog c = parallel_catalog();
    GpuSpec small = c.gpus[1]; // an 8 GB card: past what any strategy frees
    small.id = "small-8g";
    small.memory_gib = 8;
    c.gpus.push_back(small);
    c.index_ids();
    auto no_fit_line = [&](const Estimate& e, Lang lang) {
        for (const std::string& l : explain(e, Headline::cards, lang))
            if (l.rfind(lang == Lang::zh ? "任何策略" : "No strategy", 0) == 0) return l;
        return std::string();
    };
    Scenario s = moe(8); // a million tokens of one sequence of an 8x7B MoE on an 8 GB card
    s.gpu_id = "small-8g";
    s.seq_len = 1048576;
    s.micro_batch = 1;
    Estimate e = run(s, c);
    REQUIRE(e.cards.min_for_memory_any == 0);
    CHECK(no_fit_line(e, Lang::en) ==
          "No strategy (recomputation, ZeRO 0–3, offload, TP ≤ 8, CP ≤ 8, EP ≤ 8, "
          "activation offload) fits on this card");
    CHECK(no_fit_line(e, Lang::zh) ==
          "任何策略（重计算、ZeRO 0–3、卸载、TP ≤ 8、CP ≤ 8、EP ≤ 8、激活卸载）在这张卡上都放不下");
    // The Hugging Face stack has none of the three: they are not claimed.
    s.stack = Stack::hf;
    e = run(s, c);
    REQUIRE(e.cards.min_for_memory_any == 0);
    CHECK(no_fit_line(e, Lang::en) ==
          "No strategy (recomputation, ZeRO 0–3, offload, TP ≤ 8) fits on this card");
    // A value the scenario fixes is the only one tried: shown as such.
    s.stack = Stack::megatron;
    s.zero = 2;
    s.tp = 2;
    s.fixed = fix_zero | fix_tp;
    e = run(s, c);
    REQUIRE(e.cards.min_for_memory_any == 0);
    CHECK(no_fit_line(e, Lang::en) == "No strategy (recomputation, ZeRO-2, offload, TP 2, CP ≤ 8, EP ≤ 8, "
                                      "activation offload) fits on this card");
}

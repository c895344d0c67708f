// traincalc — tests/test_memory_model.cpp
// memory_for() and usable_gib() (core/memory_model.h) on a hand-built ModelDerived, so each term
// is checked alone: shards by ZeRO stage, gathered layers, offload to host RAM, overhead, fit.
//
// Index of this file:
// [SECTION] Strategy of a scenario
// [SECTION] Rollout batch
// [SECTION] Usable memory
// [SECTION] Shards, gathered layers, overhead
// [SECTION] Offload
// [SECTION] The card enters memory only through its capacity
#include "core/memory_model.h"

#include "core/constants.h"
#include "core/estimate.h"
#include "core/strategy.h"
#include <doctest/doctest.h>

using namespace traincalc;
using namespace traincalc::detail;

namespace {

// A 7e9-parameter model's states, full fine-tuning with AdamW (2 + 2 + 12 B), no activations.
ModelDerived states_7b() {
    ModelDerived md;
    md.params = md.active_params = md.trainable_params = 7e9;
    md.weights_bytes = 1.4e10;
    md.grads_bytes = 1.4e10;
    md.optimizer_bytes = 8.4e10;
    md.weight_bytes_per_param = md.grad_bytes_per_param = 2;
    md.optimizer_bytes_per_param = 12;
    md.layers = 32;
    return md;
}
GpuSpec card(double gib) {
    GpuSpec g;
    g.id = "test";
    g.memory_gib = gib;
    g.tflops_16bit = 312;
    return g;
}
} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Strategy of a scenario
//-----------------------------------------------------------------------------

TEST_CASE("memory_model: strategy_of takes cards, ZeRO, tp, pp and offload from the scenario") {
    Scenario s;
    s.cards = 16;
    s.zero = 3;
    s.tp = 2;
    s.pp = 4;
    s.offload = Offload::optimizer_params;
    const Strategy st = strategy_of(s);
    CHECK(st.cards == 16);
    CHECK(st.zero == 3);
    CHECK(st.tp == 2);
    CHECK(st.pp == 4);
    CHECK(st.offload == Offload::optimizer_params);
    CHECK(st.dp() == 2); // 16 cards ÷ (tp 2 × pp 4)
    s.offload = Offload::optimizer;
    s.zero = 1;
    CHECK(strategy_of(s).offload == Offload::optimizer);
    CHECK(strategy_of(s).zero == 1);
}

//-----------------------------------------------------------------------------
// [SECTION] Rollout batch
//-----------------------------------------------------------------------------

TEST_CASE("memory_model: rollout batch = b · m · d over the engine's cards, at least one") {
    Scenario s;
    s.grad_accum = 4;
    s.rollout = Rollout::separate;
    s.rollout_cards = 2;
    ModelDerived md;
    md.micro_batch = 8;
    Strategy st;
    st.cards = 8; // d = 8
    CHECK(rollout_engine_cards(s, st) == 2);
    CHECK(rollout_batch<Calc>(s, md, st, nullptr) == doctest::Approx(8.0 * 4 * 8 / 2)); // 128
    s.rollout = Rollout::colocated;                                                     // the training cards
    CHECK(rollout_engine_cards(s, st) == 8);
    CHECK(rollout_batch<FastCalc>(s, md, st, nullptr) == doctest::Approx(8.0 * 4 * 8 / 8)); // 32
    md.micro_batch = 1;
    s.grad_accum = 1;
    st.tp = 8; // d = 1: 1/8 of a sequence per card, decoded as one
    CHECK(rollout_batch<Calc>(s, md, st, nullptr) == 1);
}

//-----------------------------------------------------------------------------
// [SECTION] Usable memory
//-----------------------------------------------------------------------------

TEST_CASE("memory_model: usable = capacity less 3% (at least 0.5 kGiB) kept by the driver") {
    CHECK(usable_gib(card(80)) == doctest::Approx(77.6));
    CHECK(usable_gib(card(16)) == doctest::Approx(15.5));
}

//-----------------------------------------------------------------------------
// [SECTION] Shards, gathered layers, overhead
//-----------------------------------------------------------------------------

TEST_CASE("memory_model: ZeRO-3 on 8 cards, each term by hand") {
    Scenario s;
    Strategy st;
    st.cards = 8;
    st.zero = 3;
    MemoryResult m;
    memory_for(s, states_7b(), card(80), st, m);
    CHECK(m.weights_gib == doctest::Approx(1.4e10 / kGiB / 8));       // 1.630
    CHECK(m.gathered_gib == doctest::Approx(2 * 1.4e10 / kGiB / 32)); // this layer and the next
    CHECK(m.gradients_gib == doctest::Approx(1.4e10 / kGiB / 8));
    CHECK(m.optimizer_gib == doctest::Approx(8.4e10 / kGiB / 8)); // 9.779
    CHECK(m.activations_gib == 0);
    const double subtotal = 13.853423297405243;
    CHECK(m.overhead_gib == doctest::Approx(1 + 0.06 * subtotal));
    CHECK(m.per_gpu_gib == doctest::Approx(15.684628695249557));
    CHECK(m.headroom_gib == doctest::Approx(77.6 - 15.684628695249557));
    CHECK(m.fits);
    CHECK(m.cpu_ram_gib == 0);
}

TEST_CASE("memory_model: each ZeRO stage shards one more state; tp divides everything") {
    Scenario s;
    Strategy st;
    st.cards = 8;
    MemoryResult z[4];
    for (int stage = 0; stage < 4; stage++) {
        st.zero = stage;
        memory_for(s, states_7b(), card(80), st, z[stage]);
    }
    CHECK(z[0].optimizer_gib == doctest::Approx(8.4e10 / kGiB));
    CHECK(z[1].optimizer_gib == doctest::Approx(8.4e10 / kGiB / 8));
    CHECK(z[1].gradients_gib == doctest::Approx(1.4e10 / kGiB));
    CHECK(z[2].gradients_gib == doctest::Approx(1.4e10 / kGiB / 8));
    CHECK(z[2].weights_gib == doctest::Approx(1.4e10 / kGiB));
    CHECK(z[3].weights_gib == doctest::Approx(1.4e10 / kGiB / 8));
    CHECK(z[0].per_gpu_gib > z[1].per_gpu_gib);
    CHECK(z[1].per_gpu_gib > z[2].per_gpu_gib);
    CHECK(z[2].per_gpu_gib > z[3].per_gpu_gib);
    CHECK_FALSE(z[0].fits); // 112 GB of states on one card
    st.zero = 0;
    st.tp = 8;
    MemoryResult t;
    memory_for(s, states_7b(), card(80), st, t);
    CHECK(t.weights_gib == doctest::Approx(1.4e10 / kGiB / 8));
    CHECK(t.optimizer_gib == doctest::Approx(8.4e10 / kGiB / 8));
}

//-----------------------------------------------------------------------------
// [SECTION] Offload
//-----------------------------------------------------------------------------

TEST_CASE("memory_model: offloaded states leave the card and are counted in host RAM") {
    Scenario s;
    Strategy st;
    st.cards = 8;
    st.zero = 2;
    st.offload = Offload::optimizer;
    MemoryResult m;
    memory_for(s, states_7b(), card(80), st, m);
    CHECK(m.optimizer_gib == 0);
    CHECK(m.cpu_ram_gib == doctest::Approx(8.4e10 / kGiB / 8));
    st.zero = 3;
    st.offload = Offload::optimizer_params;
    memory_for(s, states_7b(), card(80), st, m);
    CHECK(m.weights_gib == doctest::Approx(2 * 1.4e10 / kGiB / 32)); // two layers in flight
    CHECK(m.gathered_gib == 0);                                      // already counted above
    CHECK(m.cpu_ram_gib == doctest::Approx((1.4e10 + 8.4e10) / kGiB / 8));
}

//-----------------------------------------------------------------------------
// [SECTION] The card enters memory only through its capacity
//-----------------------------------------------------------------------------
// compare_gpus() evaluates each configuration's memory once for every card; that holds only while
// memory per card is the same number on every card, which memory_depends_on_card() says is so.

TEST_CASE("memory_model: memory per card is the same on every card unless memory_depends_on_card()") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    int same = 0, differ = 0;
    for (const ModelSpec& m : c.models) {
        for (int k = 0; k < 6; k++) {
            Scenario s;
            s.model_id = m.id;
            s.method = k % 2 ? Method::lora : Method::full;
            s.objective = k < 2 ? Objective::sft : k < 4 ? Objective::grpo : Objective::ppo;
            s.engine_memory_fraction = k == 3 || k == 5 ? 0.3 : 0; // vLLM's slice held through training
            s.seq_len = 4096;
            if (!validate(s, c).empty()) continue;
            ModelDerived md;
            derive_model(s, m, md);
            const bool depends = memory_depends_on_card(s, md);
            CHECK(depends == (s.engine_memory_fraction > 0 && s.objective != Objective::sft));
            // Several strategies of the search, each on every catalog card.
            int points = 0;
            for_each_strategy(s, md, 64, [&](const SearchPoint& p) {
                Strategy st = with_point(strategy_of(s), p);
                st.cards = 2 * st.unit();
                MemoryResult first, other;
                memory_for(s, md, c.gpus.front(), st, first);
                bool all_same = true;
                for (const GpuSpec& g : c.gpus) {
                    memory_for(s, md, g, st, other);
                    all_same = all_same && other.per_gpu_gib == first.per_gpu_gib; // bit for bit
                    // With the activations given, the same number as computing them.
                    MemoryResult given;
                    memory_for(s, md, g, st, activations_for(s, md, st), given);
                    CHECK(given.per_gpu_gib == other.per_gpu_gib);
                }
                if (!depends) CHECK_MESSAGE(all_same, m.id << " case " << k);
                (all_same ? same : differ)++;
                return ++points < 6;
            });
        }
    }
    MESSAGE(same << " strategies the same on every card, " << differ << " not (an engine slice)");
    CHECK(same > 500);
    CHECK(differ > 50); // the test sees a card-dependent memory when there is one
}

//-----------------------------------------------------------------------------
// [SECTION] The parts of the total (the memory bar's legend)
//-----------------------------------------------------------------------------
// The legend left out ZeRO-3's gathered layers (a 70B run's parts added to 51.5 GiB under "Total
// 54.8 GiB"), and every RL and vision term: the parts now come from core and must sum to the total.

TEST_CASE("memory_model: memory_parts() add up to per_gpu_gib, for every model, method and objective") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    int cases = 0, generation = 0, gathered = 0, engine = 0;
    for (const ModelSpec& m : c.models) {
        for (int k = 0; k < 12; k++) {
            Scenario s;
            s.model_id = m.id;
            s.method = k % 3 == 0 ? Method::full : k % 3 == 1 ? Method::lora : Method::qlora;
            const Objective objectives[] = {Objective::sft, Objective::dpo, Objective::grpo, Objective::ppo};
            s.objective = objectives[k / 3];
            s.rollout = Rollout::colocated;
            s.engine_memory_fraction = k == 7 || k == 10 ? 0.3 : 0;
            s.seq_len = 4096;
            if (!validate(s, c).empty()) continue;
            ModelDerived md;
            derive_model(s, m, md);
            int points = 0;
            for_each_strategy(s, md, 64, [&](const SearchPoint& p) {
                Strategy st = with_point(strategy_of(s), p);
                st.cards = 2 * st.unit();
                MemoryResult r;
                memory_for(s, md, c.gpus.front(), st, r);
                const MemoryShares parts = memory_parts(r);
                double sum = 0;
                for (int i = 0; i < parts.count; i++) {
                    CHECK(parts.items[i].gib > 0);
                    sum += parts.items[i].gib;
                    gathered += parts.items[i].part == MemoryPart::gathered;
                    generation += parts.items[i].part == MemoryPart::generation;
                    engine += parts.items[i].part == MemoryPart::engine;
                }
                CHECK_MESSAGE(sum == doctest::Approx(r.per_gpu_gib).epsilon(1e-12), m.id << " case " << k);
                cases++;
                return ++points < 8;
            });
        }
    }
    CHECK(cases > 1000);
    CHECK(gathered > 0); // the grid reaches each part that is easy to miss
    CHECK(generation > 0);
    CHECK(engine > 0);
    MESSAGE(cases << " strategies: " << gathered << " with gathered layers, " << generation
                  << " with the generation phase, " << engine << " with an engine slice");
}

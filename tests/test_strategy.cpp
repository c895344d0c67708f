// traincalc — tests/test_strategy.cpp
// The strategy search space of core/strategy.h: with_point(), the one way a searched
// configuration becomes a candidate strategy in estimate(), largest_fit() and compare_gpus().
//
// Index of this file:
// [SECTION] A searched configuration applied to a strategy
// [SECTION] The pruned fewest-cards search against an unpruned one
#include "core/strategy.h"

#include "core/estimate.h"
#include <doctest/doctest.h>

using namespace traincalc;
using namespace traincalc::detail;

//-----------------------------------------------------------------------------
// [SECTION] A searched configuration applied to a strategy
//-----------------------------------------------------------------------------

TEST_CASE("strategy: with_point replaces ZeRO, tp and offload and keeps cards and pp") {
    Scenario s;
    s.cards = 32;
    s.zero = 1;
    s.tp = 1;
    s.pp = 2;
    s.offload = Offload::none;
    SearchPoint p;
    p.zero = 3;
    p.tp = 4;
    p.offload = Offload::optimizer_params;
    p.checkpointing = Checkpointing::full; // not a Strategy field: the caller picks the level's scenario
    const Strategy st = with_point(strategy_of(s), p);
    CHECK(st.cards == 32);
    CHECK(st.pp == 2);
    CHECK(st.zero == 3);
    CHECK(st.tp == 4);
    CHECK(st.offload == Offload::optimizer_params);
    CHECK(st.dp() == 4); // 32 ÷ (tp 4 × pp 2)
}

TEST_CASE("strategy: every point for_each_strategy yields, applied, is a strategy validate() allows") {
    Scenario s;
    s.cards = 8;
    s.pp = 1;
    ModelDerived md;
    md.heads = 32;
    md.kv_heads = 8;
    int points = 0;
    for_each_strategy(s, md, 8, [&](const SearchPoint& p) {
        const Strategy st = with_point(strategy_of(s), p);
        CHECK(st.cards == 8);
        CHECK(st.tp == p.tp);
        CHECK(8 % (st.tp * st.pp) == 0);
        if (st.offload == Offload::optimizer) CHECK(st.zero >= 1);
        if (st.offload == Offload::optimizer_params) CHECK(st.zero == 3);
        points++;
        return true;
    });
    // 2 levels (flash attention: no selective) × (tp 1: 4 ZeRO + 3 with optimizer offload + 1 with params;
    // tp 2, 4, 8: ZeRO 0-2 + 2 with optimizer offload, since ZeRO-3 with TP is not proposed on the
    // Hugging Face stack: DeepSpeed AutoTP trains with ZeRO 0-2 only)
    CHECK(points == 2 * ((4 + 3 + 1) + 3 * (3 + 2)));
    s.stack = Stack::megatron; // Megatron's FSDP beside TP: every pair, and activation offload (× 2)
    points = 0;
    for_each_strategy(s, md, 8, [&](const SearchPoint&) { return ++points > 0; });
    CHECK(points == 2 * 4 * (4 + 3 + 1) * 2);
}

//-----------------------------------------------------------------------------
// [SECTION] The pruned fewest-cards search against an unpruned one
//-----------------------------------------------------------------------------
// estimate() prunes its search (the bound, one evaluation at the most cards below it, ZeRO stage 2
// standing in for stages 0 and 1). Its answer must be the plain search's: every configuration's
// fewest cards, the fewest wins, as few only when strictly faster, the scenario's own and then
// the first of equals kept.

namespace {

struct Fewest {
    int cards = 0;           // 0: nothing fits
    StrategyChoice strategy; // the winner (the default when nothing fits)
};

Fewest unpruned_search(const Scenario& s, const Catalog& c) {
    const ModelSpec& m = s.model_id.empty() ? s.model : *c.find_model(s.model_id);
    const GpuSpec& g = s.gpu_id.empty() ? s.gpu : *c.find_gpu(s.gpu_id);
    ModelDerived md;
    derive_model(s, m, md);
    const Strategy st = strategy_of(s);
    Fewest f;
    double slowdown = 0;
    f.cards = min_cards_for_plan(s, md, g, st);
    if (f.cards > 0) {
        f.strategy = strategy_choice_of(s);
        SearchPoint own;
        static_cast<StrategyChoice&>(own) = f.strategy;
        slowdown = strategy_slowdown(own);
    }
    for_each_strategy(s, md, kMaxCards, [&](const SearchPoint& p) {
        Scenario level = s;
        level.checkpointing = p.checkpointing;
        ModelDerived lmd;
        derive_model(level, m, lmd);
        const int n = min_cards_for_plan(level, lmd, g, with_point(st, p));
        const double sd = strategy_slowdown(p);
        if (n > 0 && (f.cards == 0 || n < f.cards || (n == f.cards && sd < slowdown))) {
            f.cards = n;
            f.strategy = p;
            slowdown = sd;
        }
        return true;
    });
    return f;
}

} // namespace

TEST_CASE(
    "strategy: estimate()'s pruned fewest-cards search gives the unpruned search's cards and strategy") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    REQUIRE(c.models.size() >= 20);
    int compared = 0, found = 0, none = 0, moe = 0, below_own = 0, host_ruled = 0;
    const char* gpus[] = {"T4", "RTX4090", "L40S", "A100-80G", "H200"};
    for (const ModelSpec& m : c.models) {
        for (int k = 0; k < 12; k++) {
            Scenario s;
            s.model_id = m.id;
            s.gpu_id = gpus[k % 5];
            s.method = k % 3 == 0 ? Method::full : k % 3 == 1 ? Method::lora : Method::qlora;
            s.seq_len = k % 4 == 0 ? 32768 : k % 4 == 1 ? 8192 : 2048;
            s.stack = k % 2 ? Stack::megatron : k % 5 == 2 ? Stack::deepspeed : Stack::hf;
            s.objective = k == 4 ? Objective::dpo : k == 9 ? Objective::ppo : Objective::sft;
            s.zero = k % 4 == 3 ? 1 : 0;
            s.flash_attention = k != 6;     // selective recomputation is searched without it
            if (k == 7) s.fixed = fix_zero; // the stage fixed: nothing stands in for it
            // Nodes with little RAM: the host RAM rules plans out (each rank loads its checkpoint copy).
            if (k == 5 || k == 10) s.host_ram_gib = k == 5 ? 96 : 768;
            if (k == 10) s.cards_per_node = 4;
            if (!validate(s, c).empty()) continue;
            const Estimate e = estimate(s, c);
            REQUIRE(e.ok);
            const Fewest want = unpruned_search(s, c);
            CHECK_MESSAGE(e.cards.min_for_memory_any == want.cards, m.id << " case " << k);
            if (want.cards > 0) CHECK_MESSAGE(e.cards.best_strategy == want.strategy, m.id << " case " << k);
            compared++;
            found += want.cards > 0;
            none += want.cards == 0;
            moe += m.experts > 0;
            host_ruled += e.cards.memory_only_cards > 0;
            below_own +=
                want.cards > 0 && (e.cards.min_for_memory == 0 || want.cards < e.cards.min_for_memory);
        }
    }
    MESSAGE(compared << " scenarios: " << found << " fit somewhere, " << none << " nowhere, " << moe
                     << " mixture-of-experts, " << below_own << " on fewer cards than their own strategy, "
                     << host_ruled << " where the host RAM rules out fewer cards");
    CHECK(compared > 400);
    CHECK(found > 200);
    CHECK(none > 10);
    CHECK(moe > 50);
    CHECK(below_own > 100);
    CHECK(host_ruled > 20);
}

//-----------------------------------------------------------------------------
// [SECTION] The fewest cards a plan runs on, against every count
//-----------------------------------------------------------------------------
// min_cards_for_plan() tries counts below a full node one by one and bisects the rest, on the
// claim that past a full node the host RAM per node never grows with the cards. Checked against
// trying every count: small nodes with little RAM, each stack's loader, offload, MoE.

TEST_CASE("strategy: min_cards_for_plan() is the first count that fits the cards and the host RAM") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const char* models[] = {"llama-3.1-8b", "qwen2.5-32b", "llama-3.1-70b", "mixtral-8x7b"};
    const Stack stacks[] = {Stack::hf, Stack::deepspeed, Stack::megatron, Stack::torchtitan, Stack::unsloth};
    const int max_cards = 512;
    int compared = 0, found = 0, host_moved = 0, below_node = 0;
    for (const char* model : models) {
        for (const Stack stack : stacks) {
            for (int k = 0; k < 6; k++) {
                Scenario s;
                s.model_id = model;
                s.gpu_id = k % 2 ? "A100-80G" : "L40S";
                s.stack = stack;
                s.method = k < 3 ? Method::full : Method::lora;
                s.cards_per_node = k % 3 == 0 ? 8 : k % 3 == 1 ? 4 : 16;
                s.host_ram_gib = k % 3 == 2 ? 0 : k < 3 ? 512 : 128; // 0: the catalog node's share
                if (!validate(s, c).empty()) continue;
                const ModelSpec& m = *c.find_model(s.model_id);
                const GpuSpec& g = *c.find_gpu(s.gpu_id);
                ModelDerived md;
                derive_model(s, m, md);
                for_each_strategy(s, md, max_cards, [&](const SearchPoint& p) {
                    if (p.checkpointing != s.checkpointing) return true; // one level is enough here
                    Strategy st = with_point(strategy_of(s), p);
                    const int mp = st.unit();
                    int want = 0;
                    for (int n = mp; n <= max_cards && want == 0; n += mp) {
                        st.cards = n;
                        MemoryResult mr;
                        memory_for(s, md, g, st, mr);
                        HostRamResult h;
                        host_ram_for(s, md, g, st, mr, h);
                        if (mr.fits && h.fits) want = n;
                    }
                    int memory_only = 0;
                    const int got = min_cards_for_plan(s, md, g, st, max_cards, nullptr, &memory_only);
                    CHECK_MESSAGE(got == want, model << " " << to_string(stack) << " case " << k);
                    compared++;
                    found += want > 0;
                    host_moved += memory_only > 0 && memory_only != want;
                    below_node += want > 0 && want < s.cards_per_node && memory_only != want;
                    return true;
                });
            }
        }
    }
    MESSAGE(compared << " strategies: " << found << " run somewhere, " << host_moved
                     << " where the host RAM moved the count, " << below_node
                     << " of them below a full node");
    CHECK(compared > 1000);
    CHECK(found > 300);
    CHECK(host_moved > 50);
    CHECK(below_node > 5);
}

// compare_gpus() skips a configuration's host RAM search when its ranks' own loads outgrow the node on
// every count (host_ram_never_fits()). That must never skip one that runs somewhere: each it rules
// out is loaded at every count from its first on, by host_ram_for() itself.
TEST_CASE("strategy: host_ram_never_fits() rules out only plans whose host RAM fails on every count") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const char* models[] = {"qwen3-235b-a22b", "llama-3.1-405b", "llama-3.1-70b", "qwen2.5-32b"};
    const Stack stacks[] = {Stack::hf, Stack::deepspeed, Stack::megatron, Stack::torchtitan, Stack::unsloth};
    const char* gpus[] = {"A100-80G", "H100-SXM", "L40S", "B200"}; // nodes of 1,152 to 4,096 GiB
    const int max_cards = 256;
    int ruled_out = 0, never_loads = 0, compared = 0;
    for (const char* model : models) {
        for (const Stack stack : stacks) {
            for (int k = 0; k < 8; k++) {
                Scenario s;
                s.model_id = model;
                s.gpu_id = gpus[k % 4];
                s.stack = stack;
                s.method = k < 4 ? Method::full : Method::lora;
                s.cards_per_node = k % 2 ? 8 : 4;
                s.host_ram_gib = k % 3 == 0 ? 0 : k % 3 == 1 ? 512 : 2048; // 0: the catalog node's share
                if (!validate(s, c).empty()) continue;
                const GpuSpec& g = *c.find_gpu(s.gpu_id);
                ModelDerived md;
                derive_model(s, *c.find_model(s.model_id), md);
                for_each_strategy(s, md, max_cards, [&](const SearchPoint& p) {
                    if (p.checkpointing != s.checkpointing) return true; // loading does not depend on it
                    Strategy st = with_point(strategy_of(s), p);
                    const int mp = st.unit();
                    const double floor_gib = host_load_floor_per_rank_gib(s, md, st);
                    for (const int first : {mp, 2 * mp, 8 * mp}) {
                        if (first > max_cards) continue;
                        bool loads = false; // on some count from `first` on
                        for (int n = first; n <= max_cards && !loads; n += mp) {
                            st.cards = n;
                            MemoryResult mr;
                            memory_for(s, md, g, st, mr);
                            HostRamResult h;
                            host_ram_for(s, md, g, st, mr, h);
                            loads = h.fits;
                        }
                        const bool never = host_ram_never_fits(s, g, floor_gib, first);
                        CHECK_MESSAGE(!(never && loads), model << " " << to_string(stack) << " case " << k
                                                               << " from " << first << " cards");
                        compared++;
                        ruled_out += never;
                        never_loads += !loads;
                    }
                    return true;
                });
            }
        }
    }
    MESSAGE(compared << " (strategy, first count) pairs: " << never_loads << " never load, " << ruled_out
                     << " of them ruled out without a search");
    CHECK(ruled_out > 100); // not a test that never fires: the 235B's Megatron ranks and the 405B's copies
    CHECK(ruled_out <= never_loads);
}

//-----------------------------------------------------------------------------
// [SECTION] The fewest cards for a deadline, against estimate() itself
//-----------------------------------------------------------------------------
// estimate()'s deadline search prunes with one or two wall clocks per configuration. Its answer is
// checked with estimate() itself, as a person applying it would: the strategy at that count runs and
// finishes in time, and no configuration of the search space does so on the most cards below it.

TEST_CASE("strategy: the fewest cards for a deadline run in time, and no configuration does on fewer") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    auto meets = [&](Scenario t, const StrategyChoice& p, int cards, double deadline) {
        p.apply_to(t);
        t.cards = cards;
        t.deadline_hours = 0; // the oracle itself searches no deadline
        if (!validate(t, c).empty()) return false;
        const Estimate f = estimate(t, c);
        return f.ok && f.memory.fits && f.host.fits && f.time.wall_hours <= deadline;
    };
    const char* gpus[] = {"RTX4090", "A100-80G", "H100-SXM", "L40S"};
    int checked = 0, beats_own = 0, own_never = 0;
    for (size_t mi = 0; mi < c.models.size(); mi += 3) {
        const ModelSpec& m = c.models[mi];
        for (int k = 0; k < 5; k++) {
            Scenario s;
            s.model_id = m.id;
            s.gpu_id = gpus[(mi / 3 + size_t(k)) % 4];
            s.method = k % 2 == 0 ? Method::full : Method::lora;
            s.stack = k == 3 ? Stack::megatron : Stack::hf;
            if (k == 4) { // a slow own strategy that runs: a faster one needs fewer cards in time
                s.zero = 3;
                s.offload = Offload::optimizer_params;
                s.checkpointing = Checkpointing::full;
            }
            s.data_input = DataInput::tokens;
            s.tokens = 2e9;
            s.epochs = 1;
            if (!validate(s, c).empty()) continue;
            // A deadline a few times shorter than one card's wall clock: several cards are needed.
            s.deadline_hours = estimate(s, c).time.wall_hours / (k == 2 ? 20.0 : 4.0);
            if (k == 4) s.deadline_hours = estimate(s, c).time.wall_hours / 8.0;
            const Estimate e = estimate(s, c);
            REQUIRE(e.ok);
            const CardsResult& r = e.cards;
            if (r.for_deadline_any == 0) continue;
            CAPTURE(m.id);
            CAPTURE(k);
            CHECK(meets(s, r.deadline_strategy, r.for_deadline_any, s.deadline_hours));
            if (r.for_deadline > 0) CHECK(r.for_deadline_any <= r.for_deadline);
            beats_own += r.for_deadline == 0 || r.for_deadline_any < r.for_deadline;
            own_never += r.for_deadline == 0;
            ModelDerived md;
            derive_model(s, m, md);
            for_each_strategy(s, md, kMaxCards, [&](const SearchPoint& p) {
                const int mp = p.tp * s.pp * p.cp * p.ep;
                const int below = (r.for_deadline_any - 1) / mp * mp;
                if (below >= mp)
                    CHECK_MESSAGE(!meets(s, p, below, s.deadline_hours),
                                  "ZeRO-" << p.zero << " tp " << p.tp << " offload " << int(p.offload)
                                          << " recompute " << int(p.checkpointing) << " on " << below);
                return true;
            });
            checked++;
        }
    }
    MESSAGE(checked << " deadlines: " << beats_own << " met on fewer cards than the own strategy needs ("
                    << own_never << " the own never meets)");
    CHECK(checked > 30);
    CHECK(beats_own > own_never + 5); // some beat an own strategy that does meet the deadline
}

TEST_CASE("strategy: a deadline equal to a plan's wall clock to the bit is met on that plan's cards") {
    // The deadline search times the compute and reads the wall clock off a line (wall_line()); where
    // that line's rounding puts a wall just over a deadline wall_clock() itself meets, the search asks
    // wall_clock(). Each deadline here is a strategy's own wall clock on its cards, to the bit.
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const char* gpus[] = {"RTX4090", "A100-80G", "H100-SXM", "L40S"};
    int checked = 0;
    for (size_t mi = 0; mi < c.models.size(); mi += 2) {
        for (int k = 0; k < 8; k++) {
            Scenario s;
            s.model_id = c.models[mi].id;
            s.gpu_id = gpus[(mi + size_t(k)) % 4];
            s.method = k % 3 == 0 ? Method::full : k % 3 == 1 ? Method::lora : Method::qlora;
            s.data_input = DataInput::tokens;
            s.tokens = 1e8 * (1 + k);
            s.epochs = 1;
            s.fixed_hours = 0.1 * k;
            s.overhead_fraction = 0.03 * k;
            s.cards = 1 << (k % 4);
            if (!validate(s, c).empty()) continue;
            const Estimate own = estimate(s, c);
            if (!own.ok || !own.memory.fits || !own.host.fits) continue;
            s.deadline_hours = own.time.wall_hours; // met by the scenario's own plan, exactly
            const Estimate e = estimate(s, c);
            REQUIRE(e.ok);
            CAPTURE(s.model_id);
            CAPTURE(k);
            CHECK(e.cards.for_deadline > 0);
            CHECK(e.cards.for_deadline <= s.cards);
            CHECK(e.cards.for_deadline_any > 0);
            CHECK(e.cards.for_deadline_any <= e.cards.for_deadline);
            checked++;
        }
    }
    MESSAGE(checked << " deadlines equal to a wall clock");
    CHECK(checked > 50);
}

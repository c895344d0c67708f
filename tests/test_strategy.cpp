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
    // 2 levels (flash attention: no selective) × 4 tp × (4 ZeRO + 3 with optimizer offload + 1 with params)
    CHECK(points == 2 * 4 * (4 + 3 + 1));
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
    f.cards = min_cards_for_memory(s, md, g, st);
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
        const int n = min_cards_for_memory(level, lmd, g, with_point(st, p));
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
    int compared = 0, found = 0, none = 0, moe = 0, below_own = 0;
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
            below_own +=
                want.cards > 0 && (e.cards.min_for_memory == 0 || want.cards < e.cards.min_for_memory);
        }
    }
    MESSAGE(compared << " scenarios: " << found << " fit somewhere, " << none << " nowhere, " << moe
                     << " mixture-of-experts, " << below_own << " on fewer cards than their own strategy");
    CHECK(compared > 400);
    CHECK(found > 200);
    CHECK(none > 10);
    CHECK(moe > 50);
    CHECK(below_own > 100);
}

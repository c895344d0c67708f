// traincalc — tests/test_strategy.cpp
// The strategy search space of core/strategy.h: with_point(), the one way a searched
// configuration becomes a candidate strategy in estimate(), largest_fit() and compare_gpus().
//
// Index of this file:
// [SECTION] A searched configuration applied to a strategy
#include "core/strategy.h"

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

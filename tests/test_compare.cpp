// traincalc — tests/test_compare.cpp
// compare_gpus() and cards_curve() over a hand-built catalog.
//
// Index of this file:
// [SECTION] Fixtures
// [SECTION] compare_gpus()
// [SECTION] cards_curve()
#include "core/compare.h"
#include "fixtures.h"
#include <doctest/doctest.h>
#include <cmath>

using namespace traincalc;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Fixtures
//-----------------------------------------------------------------------------

GpuSpec make_gpu(const char* id, double mem, double tflops, double nvlink, double price_hour) {
    GpuSpec g;
    g.id = id;
    g.name = id;
    g.memory_gib = mem;
    g.tflops_16bit = tflops;
    g.nvlink_gbps = nvlink;
    g.compute_capability = 8.0;
    g.tdp_w = 400;
    g.price_cny_per_hour = price_hour;
    return g;
}

Catalog compare_catalog() {
    Catalog c;
    c.gpus = {make_gpu("A100-80G", 80, 312, 600, 8), make_gpu("A100-40G", 40, 312, 600, 6),
              make_gpu("RTX4090", 24, 165, 0, 2), make_gpu("H100-80G", 80, 989, 900, 20),
              make_gpu("L40S", 48, 362, 0, 5), make_gpu("T4", 16, 65, 0, 0.8),
              make_gpu("NOPRICE", 80, 312, 600, 0), make_gpu("TINY", 1, 10, 0, 0.1)};
    c.models = {fixtures::model_7b()};
    return c;
}

Scenario compare_scenario() {
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "A100-80G";
    s.method = Method::full;
    s.data_input = DataInput::tokens;
    s.tokens = 1e9;
    s.epochs = 1;
    return s;
}

void check_order_and_marks(const std::vector<GpuOption>& v) {
    int cheapest = 0, fastest = 0;
    bool seen_unworkable = false;
    double min_wall = 1e300;
    for (size_t i = 0; i < v.size(); i++) {
        const GpuOption& o = v[i];
        if (!o.workable) {
            seen_unworkable = true;
            CHECK_FALSE(o.cheapest);
            CHECK_FALSE(o.fastest);
            continue;
        }
        CHECK_FALSE(seen_unworkable);                         // unworkable last
        if (i > 0 && v[i - 1].workable) CHECK(v[i - 1].cost_total <= o.cost_total);
        cheapest += o.cheapest;
        fastest += o.fastest;
        min_wall = std::min(min_wall, o.wall_hours);
        CHECK(std::isfinite(o.cost_total));
        CHECK(std::isfinite(o.wall_hours));
        CHECK(o.cards >= 1);
    }
    if (!v.empty() && v[0].workable) {
        CHECK(cheapest == 1);
        CHECK(fastest == 1);
        CHECK(v[0].cheapest);
        for (const GpuOption& o : v)
            if (o.fastest) CHECK(o.wall_hours == min_wall);
    }
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] compare_gpus()
//-----------------------------------------------------------------------------

TEST_CASE("compare_gpus: every catalog GPU, sorted by cost, one cheapest and one fastest") {
    Catalog c = compare_catalog();
    Scenario s = compare_scenario();
    auto v = compare_gpus(s, c);
    REQUIRE(v.size() == c.gpus.size());
    check_order_and_marks(v);
    // A 1 GiB card cannot hold a 7B model in any configuration ≤ 4096 cards? It can with ZeRO-3
    // only if activations fit: they do not (several GiB per card at s = 2048).
    for (const GpuOption& o : v) {
        const GpuSpec& g = c.gpus[size_t(o.gpu_index)];
        if (g.id == "TINY") CHECK_FALSE(o.workable);
        if (g.id == "A100-80G") {
            REQUIRE(o.workable);
            CHECK(o.memory_per_gpu_gib <= 80);
            // The option is reproducible with estimate().
            Scenario t = s;
            t.cards = o.cards;
            t.zero = o.zero;
            t.tp = o.tp;
            t.offload = o.offload;
            Estimate e = estimate(t, c);
            REQUIRE(e.ok);
            CHECK(e.memory.fits);
            CHECK(e.memory.per_gpu_gib == doctest::Approx(o.memory_per_gpu_gib));
            CHECK(e.time.wall_hours == doctest::Approx(o.wall_hours));
            CHECK(e.cost.total == doctest::Approx(o.cost_total));
        }
    }
}

TEST_CASE("compare_gpus: LoRA and a deadline") {
    Catalog c = compare_catalog();
    Scenario s = compare_scenario();
    s.method = Method::lora;
    auto v = compare_gpus(s, c);
    check_order_and_marks(v);
    for (const GpuOption& o : v)
        if (c.gpus[size_t(o.gpu_index)].id == "A100-80G") CHECK(o.cards == 1);

    s.tokens = 1e10;
    s.deadline_hours = 20;
    v = compare_gpus(s, c);
    check_order_and_marks(v);
    for (const GpuOption& o : v)
        if (o.workable) CHECK(o.wall_hours <= 20);
    // An impossible deadline: nothing is workable, nothing is marked.
    s.deadline_hours = 1;
    v = compare_gpus(s, c);
    for (const GpuOption& o : v) {
        CHECK_FALSE(o.workable);
        CHECK_FALSE(o.cheapest);
        CHECK_FALSE(o.fastest);
    }
}

TEST_CASE("compare_gpus: max_cards caps the search; invalid scenarios give unworkable rows") {
    Catalog c = compare_catalog();
    Scenario s = compare_scenario();
    auto v = compare_gpus(s, c, 1);
    for (const GpuOption& o : v) CHECK(o.cards <= 1);
    s.model_id = "unknown";
    v = compare_gpus(s, c);
    REQUIRE(v.size() == c.gpus.size());
    for (const GpuOption& o : v) CHECK_FALSE(o.workable);
    CHECK(compare_gpus(s, Catalog{}).empty());
}

TEST_CASE("compare_gpus: a card without prices costs nothing but is still compared") {
    Catalog c = compare_catalog();
    Scenario s = compare_scenario();
    auto v = compare_gpus(s, c);
    for (const GpuOption& o : v)
        if (c.gpus[size_t(o.gpu_index)].id == "NOPRICE") {
            CHECK(o.workable);
            CHECK(o.cost_total == 0);
        }
}

//-----------------------------------------------------------------------------
// [SECTION] cards_curve()
//-----------------------------------------------------------------------------

TEST_CASE("cards_curve: powers of two, compute time never rises, ZeRO-3 fits from some count on") {
    Catalog c = compare_catalog();
    Scenario s = compare_scenario();
    s.zero = 3;
    auto pts = cards_curve(s, c, 4096);
    REQUIRE(pts.size() == 13);
    CHECK(pts[0].cards == 1);
    CHECK(pts[12].cards == 4096);
    CHECK_FALSE(pts[0].fits);                 // 7B full on one 80 GiB card: 112 GB of states
    CHECK(pts[1].fits);
    bool fitted = false;
    for (size_t i = 0; i < pts.size(); i++) {
        if (i > 0) CHECK(pts[i].wall_hours <= pts[i - 1].wall_hours);
        if (pts[i].fits) fitted = true;
        else CHECK_FALSE(fitted);             // once it fits, more cards keep fitting
        CHECK(std::isfinite(pts[i].cost_total));
    }
    // tp·pp must divide the count.
    s.tp = 4;
    pts = cards_curve(s, c, 16);
    REQUIRE(pts.size() == 5);
    CHECK_FALSE(pts[0].fits);
    CHECK_FALSE(pts[1].fits);
    // Unknown card: empty curve.
    s.gpu_id = "nope";
    CHECK(cards_curve(s, c).empty());
}

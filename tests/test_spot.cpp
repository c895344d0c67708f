// traincalc — tests/test_spot.cpp
// Spot / preemptible billing (core/cost_model.h spot_for(), SpotResult in core/estimate.h):
// hand-computed cases, the issue's 48.5 h example, the properties the model must keep, the
// estimate's own spot figures and JSON, and the exact range errors of the four new inputs.
//
// Index of this file:
// [SECTION] Hand-computed cases
// [SECTION] Properties
// [SECTION] Through estimate(): cost, saving, JSON, errors

#include "core/cost_model.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/json_write.h"
#include "fixtures.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

using namespace traincalc;

namespace {

SpotResult spot(double wall_h, double lambda, double tau, double restart, int cards = 1, double price = 1,
                Terms* log = nullptr) {
    Scenario s;
    s.spot_price_hourly = price;
    s.interruptions_per_hour = lambda;
    s.checkpoint_interval_hours = tau;
    s.restart_hours = restart;
    CostResult on_demand;
    on_demand.total = 1000;
    SpotResult out;
    detail::spot_for(s, cards, wall_h, on_demand, out, log);
    return out;
}

Catalog spot_catalog() {
    Catalog c;
    GpuSpec g = fixtures::a100_80g();
    g.id = "card";
    g.name = "Card 80G";
    c.gpus = {g};
    c.models = {fixtures::model_7b()};
    return c;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Hand-computed cases
//-----------------------------------------------------------------------------

TEST_CASE("spot: the issue's 48.5 h run without checkpoints bills about 3,198 h") {
    // The issue gives no rate or restart time. λ = 0.123 per hour (one interruption every 8.1 h)
    // and a 6-minute restart reproduce it: (1/λ + R)(e^{λW} − 1) = (8.130 + 0.1)(e^{5.9655} − 1)
    // = 8.230 × 388.75 = 3,199.4 h (python: (1/0.123+0.1)*math.expm1(0.123*48.5)).
    const SpotResult r = spot(48.5, 0.123, 0, 0.1);
    CHECK(r.used);
    CHECK(r.segment_hours == 48.5);
    CHECK(r.interruptions == doctest::Approx(388.74785).epsilon(1e-6));
    CHECK(r.lost_per_interruption_hours == doctest::Approx(8.1053218).epsilon(1e-6));
    CHECK(r.billed_hours == doctest::Approx(3199.4264).epsilon(1e-7));
    // Without a restart time the figure needs λ = 0.12329 per hour (bisection of (1/λ)(e^{48.5λ} − 1) =
    // 3,198).
    CHECK(spot(48.5, 0.12329081581928142, 0, 0).billed_hours == doctest::Approx(3198).epsilon(1e-9));
    // A checkpoint interval at least as long as the run saves nothing: the same as none.
    CHECK(spot(48.5, 0.123, 100, 0.1).billed_hours == r.billed_hours);
}

TEST_CASE("spot: hourly checkpoints, hand-computed") {
    // W = 100 h, λ = 0.01 /h, τ = 1 h, R = 0.1 h: e^{0.01} − 1 = 0.010050167;
    // N = 100 × 0.010050167 = 1.0050167; lost = 1/0.01 + 0.1 − 1/0.010050167 = 0.5991667 h
    // (τ/2 + R = 0.6); H = 100 + 1.0050167 × 0.5991667 = 100.602173 h; 8 cards at ¥3: ¥2,414.45.
    Terms log;
    const SpotResult r = spot(100, 0.01, 1, 0.1, 8, 3, &log);
    CHECK(r.segment_hours == 1);
    CHECK(r.interruptions == doctest::Approx(1.0050167084).epsilon(1e-9));
    CHECK(r.lost_per_interruption_hours == doctest::Approx(0.5991666681).epsilon(1e-8));
    CHECK(r.billed_hours == doctest::Approx(100.6021725125).epsilon(1e-10));
    CHECK(r.total == doctest::Approx(100.6021725125 * 3 * 8).epsilon(1e-10));
    CHECK(r.on_demand_total == 1000);
    CHECK(r.saving == doctest::Approx(1000 - 100.6021725125 * 24).epsilon(1e-10));
    // The rule of thumb is recorded beside the exact figure.
    const Term* approx = log.find(TermId::spot_lost_first_order);
    REQUIRE(approx != nullptr);
    CHECK(approx->result == doctest::Approx(0.6));
    REQUIRE(log.find(TermId::spot_billed_hours) != nullptr);
    CHECK(log.find(TermId::spot_billed_hours)->result == r.billed_hours);
}

TEST_CASE("spot: never interrupted bills the run; no spot price, no result") {
    const SpotResult r = spot(37.5, 0, 1, 0.25);
    CHECK(r.used);
    CHECK(r.interruptions == 0);
    CHECK(r.billed_hours == 37.5);
    CHECK_FALSE(spot(37.5, 0.05, 1, 0.25, 1, 0).used);
}

//-----------------------------------------------------------------------------
// [SECTION] Properties
//-----------------------------------------------------------------------------

TEST_CASE("spot: billed hours never below the run, grow with the rate, the interval and the restart") {
    for (double W : {0.5, 3.0, 24.0, 200.0, 2000.0})
        for (double lambda : {0.001, 0.01, 0.05, 0.2, 1.0})
            for (double tau : {0.0, 0.25, 1.0, 4.0})
                for (double R : {0.0, 0.1, 1.0}) {
                    CAPTURE(W);
                    CAPTURE(lambda);
                    CAPTURE(tau);
                    CAPTURE(R);
                    const SpotResult r = spot(W, lambda, tau, R);
                    CHECK(std::isfinite(r.billed_hours));
                    CHECK(r.billed_hours >= W * (1 - 1e-12));
                    // Below the cap on λτ (kSpotMaxExposure = 500: e^500 h is "never"), where it holds.
                    if (2 * lambda * (tau > 0 && tau < W ? tau : W) <= 500)
                        CHECK(spot(W, lambda * 2, tau, R).billed_hours >= r.billed_hours);
                    CHECK(spot(W, lambda, tau, R + 0.5).billed_hours >= r.billed_hours);
                    if (tau > 0)
                        CHECK(spot(W, lambda, tau * 2, R).billed_hours >= r.billed_hours * (1 - 1e-12));
                    // Billed = W + N × lost, the shown identity.
                    CHECK(r.billed_hours ==
                          doctest::Approx(W + r.interruptions * r.lost_per_interruption_hours).epsilon(1e-9));
                }
}

TEST_CASE("spot: with rare interruptions per interval each loses τ/2 + R; without checkpoints time grows "
          "exponentially") {
    for (double tau : {0.1, 0.5, 1.0})
        for (double R : {0.0, 0.25}) {
            const double lambda = 0.002; // λτ ≤ 0.002
            const SpotResult r = spot(500, lambda, tau, R);
            CHECK(r.lost_per_interruption_hours == doctest::Approx(tau / 2 + R).epsilon(1e-3));
            CHECK(r.billed_hours == doctest::Approx(500 * (1 + lambda * (tau / 2 + R))).epsilon(1e-5));
        }
    // No checkpoints: doubling the run more than doubles the bill once λW is not small.
    double prev = spot(12, 0.1, 0, 0.1).billed_hours;
    for (double W = 24; W <= 192; W *= 2) {
        const double h = spot(W, 0.1, 0, 0.1).billed_hours;
        CHECK(h > 2 * prev);
        prev = h;
    }
    // A hopeless run (λW = 1e5) stays a finite number.
    const SpotResult hopeless = spot(1e5, 1, 0, 0);
    CHECK(std::isfinite(hopeless.billed_hours));
    CHECK(hopeless.billed_hours > 1e200);
}

//-----------------------------------------------------------------------------
// [SECTION] Through estimate(): cost, saving, JSON, errors
//-----------------------------------------------------------------------------

TEST_CASE(
    "spot: estimate() bills the run's own wall clock at the spot price against the best on-demand plan") {
    const Catalog c = spot_catalog();
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "card";
    s.cards = 4;
    s.zero = 2;
    s.spot_price_hourly = 3.5;
    s.interruptions_per_hour = 0.04;
    s.checkpoint_interval_hours = 2;
    s.restart_hours = 0.2;
    s.storage_gb = 100; // fees are paid either way
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    const double W = e.time.wall_hours;
    REQUIRE(W > 2);
    const double g = std::expm1(0.04 * 2);
    const double H = W / 2 * (1 / 0.04 + 0.2) * g;
    CHECK(e.spot.used);
    CHECK(e.spot.billed_hours == doctest::Approx(H).epsilon(1e-12));
    const double fees = e.cost.storage + e.cost.traffic;
    CHECK(fees > 0);
    CHECK(e.spot.total == doctest::Approx(H * 3.5 * 4 + fees).epsilon(1e-12));
    CHECK(e.spot.on_demand_total == e.cost.total);
    CHECK(e.spot.saving == doctest::Approx(e.cost.total - e.spot.total).epsilon(1e-12));

    const nlohmann::json j = nlohmann::json::parse(estimate_to_json(e, Lang::en), nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    REQUIRE(j.contains("spot"));
    CHECK(j["spot"]["billed_hours"].get<double>() == doctest::Approx(H).epsilon(1e-12));
    CHECK(j["spot"]["saving"].get<double>() == doctest::Approx(e.spot.saving).epsilon(1e-12));

    // The cost explanation shows the work in both languages.
    bool en = false, zh = false;
    for (const std::string& l : explain(e, Headline::cost, Lang::en))
        en = en || l.rfind("Spot: expected billed hours per card H = ", 0) == 0;
    for (const std::string& l : explain(e, Headline::cost, Lang::zh))
        zh = zh || l.rfind("竞价：每卡预期计费时长 H = ", 0) == 0;
    CHECK(en);
    CHECK(zh);

    s.spot_price_hourly = 0; // no spot price: nothing about spot
    Estimate off = estimate(s, c);
    CHECK_FALSE(off.spot.used);
    CHECK_FALSE(nlohmann::json::parse(estimate_to_json(off, Lang::en), nullptr, false).contains("spot"));
}

TEST_CASE("spot: the four inputs' exact range errors") {
    const Catalog c = spot_catalog();
    auto first_error = [&](const char* json) {
        ScenarioResult r = scenario_from_json(json, c);
        REQUIRE(r.errors.size() == 1);
        return r.errors[0];
    };
    FieldError e = first_error(R"({"interruptions_per_hour": 11})");
    CHECK(e.field == "interruptions_per_hour");
    CHECK(e.message == "interruptions_per_hour must be a number from 0 to 10, got 11");
    CHECK(e.message_zh == "interruptions_per_hour 必须是 0 到 10 之间的数，实际为 11");
    e = first_error(R"({"spot_price_hourly": -1})");
    CHECK(e.message == "spot_price_hourly must be a number from 0 to 1e9, got -1");
    e = first_error(R"({"checkpoint_interval_hours": -0.5})");
    CHECK(e.message == "checkpoint_interval_hours must be a number from 0 to 100000, got -0.5");
    e = first_error(R"({"restart_hours": 1001})");
    CHECK(e.message == "restart_hours must be a number from 0 to 1000, got 1001");
    // validate() holds the same rule for a scenario built in C++.
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "card";
    s.interruptions_per_hour = -0.1;
    const std::vector<FieldError> v = validate(s, c);
    REQUIRE(v.size() == 1);
    CHECK(v[0].message == "interruptions_per_hour must be a number from 0 to 10, got -0.1");
    // A round trip keeps them.
    s.interruptions_per_hour = 0.07;
    s.spot_price_hourly = 2.25;
    s.checkpoint_interval_hours = 0;
    s.restart_hours = 0.5;
    const ScenarioResult back = scenario_from_json(scenario_to_json(s), c);
    REQUIRE(back.errors.empty());
    CHECK(back.scenario.interruptions_per_hour == 0.07);
    CHECK(back.scenario.spot_price_hourly == 2.25);
    CHECK(back.scenario.checkpoint_interval_hours == 0);
    CHECK(back.scenario.restart_hours == 0.5);
}

// traincalc — tests/test_spot.cpp
// Spot / preemptible billing (core/cost_model.h spot_for(), SpotResult in core/estimate.h):
// hand-computed cases, the issue's 48.5 h example, the properties the model must keep, billing in
// increments (against a simulation of the same process), the estimate's own spot figures and JSON,
// and the exact range errors of the inputs.
//
// Index of this file:
// [SECTION] Hand-computed cases
// [SECTION] Properties
// [SECTION] Billing increments
// [SECTION] Through estimate(): cost, saving, JSON, errors

#include "core/constants.h"
#include "core/cost_model.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/json_write.h"
#include "fixtures.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <random>
#include <string>

using namespace traincalc;

namespace {

// Billed by the second (increment 0) unless `increment` says otherwise: the renewal model alone.
SpotResult spot(double wall_h, double lambda, double tau, double restart, int cards = 1, double price = 1,
                Terms* log = nullptr, double increment = 0) {
    Scenario s;
    s.spot_min_billed_hours = increment;
    s.spot_price_hourly = price;
    s.interruptions_per_hour = lambda;
    s.checkpoint_interval_hours = tau;
    s.restart_hours = restart;
    CostResult on_demand;
    on_demand.priced = true;
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
// [SECTION] Billing increments
//-----------------------------------------------------------------------------

TEST_CASE("spot: hourly increments, hand-computed") {
    // W = 100 h, λ = 0.01 /h, τ = 1 h, R = 0.1 h, c = 1 h: H = 100.602173 h and N = 1.0050167 as
    // above; unused per interruption c/(1 − e^{−λc}) − 1/λ = 1/(1 − e^{−0.01}) − 100 = 0.5008333 h;
    // the last instance: e^{−1} × (⌈100⌉ − 100) + (1 − e^{−1}) × 0.5008333 = 0.3165870 h; billed
    // 100.602173 + 1.0050167 × 0.5008333 + 0.3165870 = 101.422105 h (python, math.expm1).
    Terms log;
    const SpotResult r = spot(100, 0.01, 1, 0.1, 8, 3, &log, 1);
    CHECK(r.increment_hours == 1);
    CHECK(r.hours == doctest::Approx(100.6021725125).epsilon(1e-10));
    CHECK(r.unused_per_interruption_hours == doctest::Approx(0.5008333319).epsilon(1e-8));
    CHECK(r.billed_hours == doctest::Approx(101.4221054249).epsilon(1e-10));
    CHECK(r.total == doctest::Approx(101.4221054249 * 3 * 8).epsilon(1e-10));
    const Term* last = log.find(TermId::spot_last_unused);
    REQUIRE(last != nullptr);
    CHECK(last->result == doctest::Approx(0.3165870457).epsilon(1e-8));
    REQUIRE(log.find(TermId::spot_billed_whole) != nullptr);
    CHECK(log.find(TermId::spot_billed_whole)->result == r.billed_hours);
    CHECK(log.find(TermId::spot_billed_hours)->result == r.hours);
}

TEST_CASE("spot: a 24-hour minimum bills spot by the day too, as it bills on-demand") {
    // The defect: with min_billed_hours 24 the on-demand side billed 24 h and spot 5.54 h for one
    // 5.34-hour run. Unset, spot's increment is the on-demand one: H 5.5442 h, N 0.27379, unused
    // 24/(1 − e^{−1.2}) − 20 = 14.3443 h, last e^{−0.267} × 18.66 + (1 − e^{−0.267}) × 14.3443
    // = 17.6487 h: billed 27.1202 h (python).
    Scenario s;
    s.spot_price_hourly = 1;
    s.interruptions_per_hour = 0.05;
    s.checkpoint_interval_hours = 1;
    s.restart_hours = 0.25;
    s.min_billed_hours = 24;
    CostResult on_demand;
    on_demand.priced = true;
    on_demand.total = 24;
    SpotResult r;
    detail::spot_for(s, 1, 5.34, on_demand, r, nullptr);
    CHECK(r.increment_hours == 24);
    CHECK(r.hours == doctest::Approx(5.5442000066).epsilon(1e-9));
    CHECK(r.unused_per_interruption_hours == doctest::Approx(14.3443062566).epsilon(1e-9));
    CHECK(r.billed_hours == doctest::Approx(27.1202107148).epsilon(1e-9));
    CHECK(r.saving < 0); // at the same price per hour spot now costs more: the restarts pay days too
    // Billed by the second it is the renewal model's H alone.
    s.spot_min_billed_hours = 0;
    detail::spot_for(s, 1, 5.34, on_demand, r, nullptr);
    CHECK(r.increment_hours == 0);
    CHECK(r.billed_hours == r.hours);
}

TEST_CASE("spot: never interrupted, an increment rounds the run as the on-demand plan does") {
    CHECK(spot(37.5, 0, 1, 0.25, 1, 1, nullptr, 1).billed_hours == 38);
    CHECK(spot(37.5, 0, 1, 0.25, 1, 1, nullptr, 24).billed_hours == 48);
    CHECK(spot(37.5, 0, 1, 0.25, 1, 1, nullptr, 0.5).billed_hours == 37.5);
    CHECK(spot(37.5, 0, 1, 0.25, 1, 1, nullptr, 0).billed_hours == 37.5);
}

TEST_CASE("spot: increments only add, at most one increment per instance; small λc loses about c/2") {
    for (double W : {0.5, 3.0, 24.0, 200.0})
        for (double lambda : {0.001, 0.05, 0.5})
            for (double c : {1.0 / 60, 1.0, 24.0}) {
                CAPTURE(W);
                CAPTURE(lambda);
                CAPTURE(c);
                const SpotResult r = spot(W, lambda, 1, 0.25, 1, 1, nullptr, c);
                CHECK(r.unused_per_interruption_hours >= 0);
                CHECK(r.unused_per_interruption_hours <= c);
                CHECK(r.billed_hours >= r.hours);
                CHECK(r.billed_hours <= r.hours + (r.interruptions + 1) * c * (1 + 1e-12));
                CHECK(r.hours == doctest::Approx(spot(W, lambda, 1, 0.25).billed_hours).epsilon(1e-12));
            }
    const SpotResult small = spot(100, 0.001, 1, 0.1, 1, 1, nullptr, 0.1); // λc = 1e-4
    CHECK(small.unused_per_interruption_hours == doctest::Approx(0.05).epsilon(1e-4));
}

// The same renewal process drawn at random: instances live Exp(λ) hours, work is saved every τ, each
// restart takes R, and every instance bills ⌈its hours / c⌉ × c. The mean over 20,000 runs against
// the closed form (the README's error figures come from this process, 40,000 runs a case).
static double simulated_billed(double W, double lambda, double tau, double R, double c,
                               std::mt19937_64& rng) {
    std::exponential_distribution<double> life(lambda);
    const int runs = 20000;
    double sum = 0;
    for (int i = 0; i < runs; ++i) {
        double done = 0, billed = 0;
        for (bool first = true;; first = false) {
            const double start = first ? 0 : R;
            const double l = life(rng), left = W - done;
            const double hours = start + (l >= left ? left : l);
            billed += detail::ceil_units(hours, c);
            if (l >= left) break;
            done += std::floor(l / tau) * tau; // saved at each whole τ of this instance's work
        }
        sum += billed;
    }
    return sum / runs;
}

TEST_CASE("spot: billed hours in increments against a simulation of the process") {
    std::mt19937_64 rng(20261204);
    struct Case {
        double W, lambda, tau, R, c, tolerance;
    };
    // One-hour increments within 2%; a day's increment on runs shorter than a day reads low by up
    // to 11% (the last instance after an interruption is short, so more of its day goes unused).
    const Case cases[] = {{100, 0.01, 1, 0.1, 1, 0.02},   {24, 0.05, 1, 0.25, 1, 0.02},
                          {8.17, 0.05, 1, 0.25, 1, 0.02}, {10, 0.2, 1, 0.25, 1, 0.02},
                          {700, 0.05, 2, 0.25, 24, 0.02}, {5.34, 0.05, 1, 0.25, 24, 0.13}};
    for (const Case& k : cases) {
        CAPTURE(k.W);
        CAPTURE(k.lambda);
        CAPTURE(k.c);
        const double model = spot(k.W, k.lambda, k.tau, k.R, 1, 1, nullptr, k.c).billed_hours;
        const double simulated = simulated_billed(k.W, k.lambda, k.tau, k.R, k.c, rng);
        CHECK(std::fabs(model / simulated - 1) <= k.tolerance);
    }
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
    s.spot_min_billed_hours = 0; // by the second: H itself is billed
    s.storage_gb = 100;          // fees are paid either way
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

    // Unset, the increment is the on-demand plan's (1 h): H plus the unused parts of increments.
    s.spot_min_billed_hours = -1;
    const Estimate hourly = estimate(s, c);
    REQUIRE(hourly.ok);
    CHECK(hourly.spot.increment_hours == 1);
    CHECK(hourly.spot.hours == doctest::Approx(H).epsilon(1e-12));
    CHECK(hourly.spot.billed_hours > H);
    CHECK(hourly.spot.billed_hours < H + (hourly.spot.interruptions + 1) * 1);
    CHECK(hourly.spot.total == doctest::Approx(hourly.spot.billed_hours * 3.5 * 4 + fees).epsilon(1e-12));
    const nlohmann::json hj = nlohmann::json::parse(estimate_to_json(hourly, Lang::en), nullptr, false);
    CHECK(hj["spot"]["hours"].get<double>() == doctest::Approx(H).epsilon(1e-12));
    CHECK(hj["spot"]["increment_hours"].get<double>() == 1);
    CHECK(hj["spot"]["billed_hours"].get<double>() ==
          doctest::Approx(hourly.spot.billed_hours).epsilon(1e-12));

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
    e = first_error(R"({"spot_min_billed_hours": 745})");
    CHECK(e.field == "spot_min_billed_hours");
    CHECK(e.message == "spot_min_billed_hours must be a number from -1 to 744, got 745");
    CHECK(e.message_zh == "spot_min_billed_hours 必须是 -1 到 744 之间的数，实际为 745");
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
    s.spot_min_billed_hours = 0;
    const ScenarioResult back = scenario_from_json(scenario_to_json(s), c);
    REQUIRE(back.errors.empty());
    CHECK(back.scenario.interruptions_per_hour == 0.07);
    CHECK(back.scenario.spot_price_hourly == 2.25);
    CHECK(back.scenario.checkpoint_interval_hours == 0);
    CHECK(back.scenario.restart_hours == 0.5);
    CHECK(back.scenario.spot_min_billed_hours == 0);
    CHECK(Scenario{}.spot_min_billed_hours == -1); // unset: the on-demand increment
}

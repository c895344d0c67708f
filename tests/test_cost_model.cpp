// traincalc — tests/test_cost_model.cpp
// core/cost_model.h: prices in the scenario's currency, each rental plan's bill (whole billed
// units), the cheapest plan, fees, rent versus buy, provider quotes — golden cases by hand.
//
// Index of this file:
// [SECTION] Prices
// [SECTION] Plans
// [SECTION] Rent versus buy
// [SECTION] Quotes
#include "core/cost_model.h"
#include "core/explain.h"

#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace traincalc;
using namespace traincalc::detail;

namespace {
GpuSpec priced_card() {
    GpuSpec g;
    g.id = "test";
    g.memory_gib = 80;
    g.tflops_16bit = 312;
    g.tdp_w = 400;
    g.price_cny_per_hour = 10;
    g.price_cny_per_day = 200;
    g.price_cny_per_month = 5000;
    g.purchase_cny = 108000;
    return g;
}
} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Prices
//-----------------------------------------------------------------------------

TEST_CASE("cost_model: catalog prices in CNY, converted to USD at the scenario's rate; own prices win") {
    Catalog c;
    Scenario s;
    Prices p = prices_for(s, priced_card(), c, true);
    CHECK(p.hourly == 10);
    CHECK(p.daily == 200);
    CHECK(p.monthly == 5000);
    CHECK(p.purchase == 108000);
    s.currency = Currency::usd;
    s.cny_per_usd = 8;
    p = prices_for(s, priced_card(), c, true);
    CHECK(p.hourly == doctest::Approx(1.25));
    s.price_hourly = 2; // the user's own quote, in USD
    p = prices_for(s, priced_card(), c, true);
    CHECK(p.hourly == 2);
    p = prices_for(s, priced_card(), c, false); // another card in a comparison: catalog's
    CHECK(p.hourly == doctest::Approx(1.25));
}

//-----------------------------------------------------------------------------
// [SECTION] Plans
//-----------------------------------------------------------------------------

TEST_CASE("cost_model: 8 cards for 10.5 h: hourly bills 11 h, daily one day, monthly one month") {
    Scenario s;
    s.storage_gb = 0;
    Prices p{10, 200, 5000, 0};
    CostResult c;
    cost_for(s, p, 8, 10.5, 1e9, c);
    CHECK(c.plans[0].units == 11);
    CHECK(c.plans[0].total == doctest::Approx(880));
    CHECK(c.plans[1].units == 1);
    CHECK(c.plans[1].total == doctest::Approx(1600));
    CHECK(c.plans[2].total == doctest::Approx(40000));
    CHECK(c.best_plan == Plan::hourly);
    CHECK(c.total == doctest::Approx(880));
    CHECK(c.gpu_hours == doctest::Approx(84));
    CHECK(c.per_million_tokens == doctest::Approx(0.88));
}

TEST_CASE("cost_model: 50 h is cheaper as 2 days + 2 h than as 50 h or 3 days; fees are added once") {
    Scenario s;
    s.storage_gb = 100; // 100 GB × 0.3 per GB-month × 50/720 month
    s.storage_per_gb_month = 0.3;
    s.traffic_gb = 10;
    s.traffic_per_gb = 1;
    Prices p{10, 200, 5000, 0};
    CostResult c;
    cost_for(s, p, 1, 50, 1e9, c);
    const double fees = 100 * 0.3 * 50 / 720 + 10;
    CHECK(c.storage == doctest::Approx(100 * 0.3 * 50 / 720));
    CHECK(c.traffic == doctest::Approx(10));
    CHECK(c.plans[0].total == doctest::Approx(500 + fees));
    CHECK(c.plans[1].total == doctest::Approx(600 + fees));
    CHECK(c.plans[3].total == doctest::Approx(2 * 200 + 2 * 10 + fees));
    CHECK(c.best_plan == Plan::mixed);
    CHECK(c.total == doctest::Approx(420 + fees));
}

//-----------------------------------------------------------------------------
// [SECTION] Rent versus buy
//-----------------------------------------------------------------------------

TEST_CASE("cost_model: owning per month = depreciation + power + rack + operations; break-even hours") {
    Scenario s;
    s.depreciation_months = 36;
    s.pue = 1.25;
    s.electricity_per_kwh = 0.8;
    s.hours_per_month_used = 300;
    s.rack_per_month = 375;
    s.ops_per_month = 500;
    const GpuSpec g = priced_card();
    Prices p{10, 200, 5000, 108000};
    BuyResult b;
    buy_for(s, g, p, b);
    CHECK(b.depreciation_per_month == doctest::Approx(3000));
    CHECK(b.power_per_month == doctest::Approx(0.4 * 1.25 * 300 * 0.8)); // 120
    CHECK(b.own_per_month == doctest::Approx(3000 + 120 + 375 + 500));
    // The cost section's cheapest mix: 12 days + 12 h × 10 = 2,520 < 13 days × 200 < 300 h × 10.
    CHECK(b.rent_per_month == doctest::Approx(2520));
    CHECK_FALSE(b.buying_cheaper);
    // Against renting the same hours the cheapest way: by the hour from 404 h (3,875 ÷ 9.6 = 403.6),
    // by whole days from 481 h (480 h: ¥4,000 against ¥4,067), but 20 days and 6 h (486 h) rent for
    // ¥4,060 against owning's ¥4,069.4; at 487 h ¥4,070 against ¥4,069.8, and on to 720 h.
    CHECK(b.break_even_hours_per_month == 487);
    CHECK(b.purchase_known);
    p.purchase = 0; // unknown price: never "buy"
    buy_for(s, g, p, b);
    CHECK_FALSE(b.purchase_known);
    CHECK_FALSE(b.buying_cheaper);
}

// The break-even by brute force: every whole hour of a month, renting it as the cost section prices
// a run of that length on one card with no fees (its cheapest mix, plans[3]).
static double break_even_by_hours(double fixed, double q, const Prices& p, double unit) {
    Scenario s;
    s.storage_gb = 0;
    s.traffic_gb = 0;
    s.min_billed_hours = unit;
    double from = 0;
    for (double h = 720; h >= 1; h -= 1) {
        CostResult c;
        cost_for(s, p, 1, h, 1e9, c);
        if (!(fixed + q * h <= c.plans[3].total)) break;
        from = h;
    }
    return from;
}

TEST_CASE("break_even_hours: the search gives what every hour of the month gives (grid)") {
    int cases = 0, never = 0;
    for (double fixed : {0.0, 500.0, 3875.0, 4208.0, 12000.0})
        for (double q : {0.0, 0.416, 1.5})
            for (double hourly : {0.0, 0.3, 8.0, 10.0, 29.58, 60.0})
                for (double daily : {0.0, 100.0, 200.0, 580.0})
                    for (double monthly : {0.0, 3000.0, 5000.0, 10500.0})
                        // 5, 0.7 and 48 do not divide a day: checked hour by hour
                        for (double unit : {1.0, 0.5, 0.3, 2.0, 24.0, 5.0, 0.7, 48.0}) {
                            const Prices p{hourly, daily, monthly, 1};
                            if (!(hourly > 0 || daily > 0 || monthly > 0)) continue;
                            const double want = break_even_by_hours(fixed, q, p, unit);
                            CHECK_MESSAGE(break_even_hours(fixed, q, p, unit) == want,
                                          fixed << " " << q << " " << hourly << " " << daily << " " << monthly
                                                << " " << unit);
                            ++cases;
                            never += want == 0;
                        }
    CHECK(cases > 1000);
    CHECK(never > 100); // both answers occur
    CHECK(never < cases - 100);
}

TEST_CASE("rent or buy, the page's default (Qwen2.5 7B LoRA, one A100 80GB at ¥30/h, ¥580/day, "
          "¥10,500/month): the break-even is where owning first costs no more than the cost section's "
          "cheapest rent") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const Scenario s;
    const Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    const GpuSpec* g = c.find_gpu(s.gpu_id);
    REQUIRE(g);
    const Prices p = prices_for(s, *g, c, true);
    REQUIRE(p.hourly == 30);
    REQUIRE(p.daily == 580);
    REQUIRE(p.monthly == 10500);
    // Owning h hours a month: fixed + power per hour × h, from the estimate's own parts.
    const double fixed = e.buy.depreciation_per_month + s.rack_per_month + s.ops_per_month;
    const double q = e.buy.power_per_month / s.hours_per_month_used;
    const auto own = [&](double h) { return fixed + q * h; };
    // Renting h hours: what the cost section charges for a run of h hours on one card, fees aside.
    Scenario run = s;
    run.storage_gb = 0;
    run.traffic_gb = 0;
    const auto rent = [&](double h) {
        CostResult r;
        cost_for(run, p, 1, h, 1e9, r);
        return r.total;
    };

    // (1) At the break-even owning costs no more than renting, an hour below renting is cheaper.
    // It said 169 h, where 7 days + 1 h rent for ¥4,090 and owning costs ¥4,279.
    const double be = e.buy.break_even_hours_per_month;
    CHECK(be == 176);
    CHECK(own(be) <= rent(be));
    CHECK(rent(be - 1) < own(be - 1));
    for (double h = be; h <= 720; h += 1) CHECK_MESSAGE(own(h) <= rent(h), h); // and stays so
    CHECK(rent(169) == 7 * 580 + 30);
    CHECK(own(169) > rent(169));

    // (2) The rent side is the cost section's cheapest plan for the same hours, at the use set (300 h:
    // 12 days + 12 h) and on both sides of the break-even; the owning side is fixed + power × h.
    CHECK(e.buy.rent_per_month == rent(s.hours_per_month_used));
    CHECK(e.buy.rent_per_month == 12 * 580 + 12 * 30);
    for (int i = 0; i < 2; i++) {
        const Term* r = e.terms.find(TermId::rent_at_break_even, i);
        const Term* o = e.terms.find(TermId::own_at_break_even, i);
        REQUIRE(r);
        REQUIRE(o);
        CHECK(r->result == rent(be - i));
        CHECK(o->result == doctest::Approx(own(be - i)));
    }
    CHECK(e.terms.find(TermId::rent_at_break_even, 0)->result == 7 * 580 + 8 * 30);
    CHECK(e.terms.find(TermId::rent_at_break_even, 1)->result == 7 * 580 + 7 * 30);

    // (3) The break-even line shows what it compares, with the numbers, in both languages.
    const auto line = [&](Lang lang, const std::string& start) {
        for (const std::string& l : explain(e, Headline::buy, lang))
            if (l.rfind(start, 0) == 0) return l;
        return std::string();
    };
    CHECK(
        line(Lang::en, "Break-even use per month = ") ==
        "Break-even use per month = 176 h (7.33 days): at 176 h owning ¥4,281.55 ≤ renting ¥4,300 (cheapest "
        "plan), at 175 h owning ¥4,281.13 > renting ¥4,270");
    CHECK(line(Lang::zh, "每月盈亏平衡使用时长 = ") ==
          "每月盈亏平衡使用时长 = 176 小时（7.33 天）：176 小时自购 ¥4,281.55 ≤ 租用 ¥4,300（最省方案），175 "
          "小时自购 ¥4,281.13 > 租用 ¥4,270");
    CHECK(line(Lang::en, "Renting the same hours (cheapest plan) = ") ==
          "Renting the same hours (cheapest plan) = days × price + billed × price = 7 × ¥580 + 8 h × ¥30 = "
          "¥4,300");
    CHECK(line(Lang::en, "Renting an hour below the break-even use (cheapest plan) = ") ==
          "Renting an hour below the break-even use (cheapest plan) = days × price + billed × price = 7 × "
          "¥580 + 7 h × ¥30 = ¥4,270");
    CHECK(line(Lang::zh, "比盈亏平衡点少 1 小时的自购成本 = ") ==
          "比盈亏平衡点少 1 小时的自购成本 = 固定成本 + 每小时电费 × 小时 = ¥4,208.33 + ¥0.416 × 175 小时 = "
          "¥4,281.13");
}

TEST_CASE(
    "a scenario in dollars: the amounts it leaves out are the defaults in dollars, what it writes stays") {
    // The defaults are yuan (0.8 ¥/kWh, rack ¥375, operations ¥500): read as dollars they made owning
    // an RTX 4090 $1,085 a month where it is $210 (tests/golden/qlora_4090_usd.json).
    Catalog c;
    c.cny_per_usd = 7.2;
    ScenarioResult r =
        scenario_from_json(R"({"price":{"currency":"USD","hourly":2},"rack_per_month":40})", c);
    REQUIRE(r.errors.empty());
    CHECK(r.scenario.currency == Currency::usd);
    CHECK(r.scenario.electricity_per_kwh == doctest::Approx(0.8 / 7.2));
    CHECK(r.scenario.ops_per_month == doctest::Approx(500 / 7.2));
    CHECK(r.scenario.storage_per_gb_month == doctest::Approx(0.3 / 7.2));
    CHECK(r.scenario.rack_per_month == 40); // written: as written
    CHECK(r.scenario.price_hourly == 2);
    CHECK(r.scenario.price_daily == -1); // the catalog's, a flag
    CHECK(r.scenario.cny_per_usd == 0);  // not set by the conversion
    // At the scenario's own rate when it gives one, whichever key comes first.
    r = scenario_from_json(R"({"cny_per_usd":8,"price":{"currency":"USD"}})", c);
    REQUIRE(r.errors.empty());
    CHECK(r.scenario.rack_per_month == doctest::Approx(375 / 8.0));
    CHECK(r.scenario.cny_per_usd == 8);
    // A patch that changes the currency moves the current amounts, as the page's switch does; one
    // that names the same currency changes nothing.
    Scenario base;
    base.electricity_per_kwh = 1.44;
    r = scenario_patch(base, R"({"price":{"currency":"USD"}})", c);
    CHECK(r.scenario.electricity_per_kwh == doctest::Approx(0.2));
    r = scenario_patch(r.scenario, R"({"price":{"currency":"USD"},"budget":100})", c);
    CHECK(r.scenario.electricity_per_kwh == doctest::Approx(0.2));
    CHECK(r.scenario.budget == 100);
    // A bad currency converts nothing and is reported once.
    r = scenario_patch(base, R"({"price":{"currency":"eur"}})", c);
    CHECK(r.errors.size() == 1);
    CHECK(r.scenario.electricity_per_kwh == 1.44);
}

TEST_CASE("in_currency: a switch converts every amount the scenario holds; rent or buy keeps its answer") {
    Catalog c;
    c.cny_per_usd = 7.2;
    Scenario s; // the defaults: 0.8 ¥/kWh, rack ¥375, operations ¥500, storage ¥0.3/GB-month
    s.price_hourly = 36;
    s.purchase_price = -1; // the catalog's: stays a flag
    s.budget = 7200;
    s.quotes[0].price_per_card_hour = 18;
    s.quotes[0].deposit = 720;
    const Scenario u = in_currency(s, Currency::usd, c);
    CHECK(u.currency == Currency::usd);
    CHECK(u.electricity_per_kwh == doctest::Approx(0.8 / 7.2));
    CHECK(u.rack_per_month == doctest::Approx(375 / 7.2));
    CHECK(u.ops_per_month == doctest::Approx(500 / 7.2));
    CHECK(u.storage_per_gb_month == doctest::Approx(0.3 / 7.2));
    CHECK(u.price_hourly == doctest::Approx(5));
    CHECK(u.price_daily == -1);
    CHECK(u.purchase_price == -1);
    CHECK(u.budget == doctest::Approx(1000));
    CHECK(u.quotes[0].price_per_card_hour == doctest::Approx(2.5));
    CHECK(u.quotes[0].deposit == doctest::Approx(100));
    const Scenario back = in_currency(u, Currency::cny, c); // and back, at the same rate
    CHECK(back.electricity_per_kwh == doctest::Approx(0.8));
    CHECK(back.rack_per_month == doctest::Approx(375));
    CHECK(back.price_hourly == doctest::Approx(36));
    CHECK(in_currency(s, Currency::cny, c).rack_per_month == 375); // no switch, no change
    // Back and forth six times, at the catalog's rate and at a typed one: the amounts typed, to the bit
    // (26.5 drifted to 26.500000000000007, into the link; a tester, 2026-12-08).
    for (double rate : {0.0, 7.13}) {
        Scenario t = s;
        t.cny_per_usd = rate;
        t.price_hourly = 26.5;
        t.spot_price_hourly = 12.3;
        t.budget = 1234.56;
        t.quotes[1].price_per_card_hour = 1.98;
        for (int i = 0; i < 6; i++) t = in_currency(in_currency(t, Currency::usd, c), Currency::cny, c);
        CHECK(t.price_hourly == 26.5);
        CHECK(t.spot_price_hourly == 12.3);
        CHECK(t.budget == 1234.56);
        CHECK(t.quotes[1].price_per_card_hour == 1.98);
        CHECK(t.electricity_per_kwh == 0.8);
        CHECK(t.storage_per_gb_month == 0.3);
    }
    // The scenario's own rate wins over the catalog's.
    s.cny_per_usd = 8;
    CHECK(in_currency(s, Currency::usd, c).rack_per_month == doctest::Approx(375 / 8.0));
    // Rent or buy in either currency: the same break-even hours (it read ¥ amounts as $ before).
    const GpuSpec g = priced_card();
    BuyResult cny, usd;
    buy_for(s, g, prices_for(s, g, c, true), cny);
    const Scenario su = in_currency(s, Currency::usd, c);
    buy_for(su, g, prices_for(su, g, c, true), usd);
    CHECK(usd.break_even_hours_per_month == doctest::Approx(cny.break_even_hours_per_month));
    CHECK(usd.buying_cheaper == cny.buying_cheaper);
    CHECK(usd.own_per_month * 8 == doctest::Approx(cny.own_per_month));
}

//-----------------------------------------------------------------------------
// [SECTION] Quotes
//-----------------------------------------------------------------------------

TEST_CASE("cost_model: a quote bills whole increments; its bandwidth changes the upload time") {
    Scenario s;
    s.cards = 2;
    s.upload_gb = 36;
    s.quotes[0].name = "A";
    s.quotes[0].price_per_card_hour = 12;
    s.quotes[0].min_billed_hours = 1;
    s.quotes[1].price_per_card_hour = 9;
    s.quotes[1].min_billed_hours = 24;
    s.quotes[2].price_per_card_hour = 10;
    s.quotes[2].bandwidth_mbps = 8; // 36 GB at 8 Mbit/s = 10 h instead of 0.1 h
    ModelDerived md;
    TimeResult t;
    t.wall_hours = 20.2;
    t.upload_hours = 0.1;
    QuoteResult q[3];
    quotes_for(s, md, t, q);
    CHECK(q[0].billed_hours == 21);
    CHECK(q[0].total == doctest::Approx(2 * 21 * 12));
    CHECK(q[1].billed_hours == 24);
    CHECK(q[1].total == doctest::Approx(2 * 24 * 9));
    CHECK(q[2].billed_hours == 31); // 20.2 − 0.1 + 10 = 30.1 → 31
    CHECK(q[2].used);
}

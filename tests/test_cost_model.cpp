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

#include <doctest/doctest.h>

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
    CHECK(b.rent_per_month == doctest::Approx(2600)); // 13 days × 200 < 300 h × 10
    CHECK_FALSE(b.buying_cheaper);
    // Against the cheapest plan for the same hours: by the hour from 404 h (3,875 ÷ 9.6 = 403.6),
    // but by the day (¥200) renting stays cheaper to day 20's last hour (480 h: ¥4,000 against ¥4,067).
    CHECK(b.break_even_hours_per_month == 481);
    CHECK(b.purchase_known);
    p.purchase = 0; // unknown price: never "buy"
    buy_for(s, g, p, b);
    CHECK_FALSE(b.purchase_known);
    CHECK_FALSE(b.buying_cheaper);
}

// The break-even by brute force: every whole hour of a month, each plan as the provider bills it.
static double break_even_by_hours(double fixed, double q, const Prices& p, double unit) {
    double from = 0;
    for (double h = 720; h >= 1; h -= 1) {
        double rent = -1;
        if (p.hourly > 0) rent = ceil_units(h, unit) * p.hourly;
        if (p.daily > 0) {
            const double d = std::ceil(h / 24 - 1e-9) * p.daily;
            rent = rent < 0 ? d : std::min(rent, d);
        }
        if (p.monthly > 0) rent = rent < 0 ? p.monthly : std::min(rent, p.monthly);
        if (!(fixed + q * h < rent)) break;
        from = h;
    }
    return from;
}

TEST_CASE("break_even_hours: the steps' tops give what every hour of the month gives (grid)") {
    int cases = 0, never = 0;
    for (double fixed : {0.0, 500.0, 3875.0, 4208.0, 12000.0})
        for (double q : {0.0, 0.416, 1.5})
            for (double hourly : {0.0, 0.3, 8.0, 10.0, 29.58, 60.0})
                for (double daily : {0.0, 100.0, 200.0, 580.0})
                    for (double monthly : {0.0, 3000.0, 5000.0, 10500.0})
                        for (double unit : {1.0, 0.5, 0.3, 2.0, 24.0}) {
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

// traincalc — core/cost_model.cpp
// Prices in the scenario's currency, rental cost under each plan, rent versus buy, provider quotes.
//
// Index of this file:
// [SECTION] Prices and cost
// [SECTION] Spot billing
// [SECTION] Rent versus buy
// [SECTION] Provider quotes
#include "cost_model.h"
#include "decimal.h"
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <limits>

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Prices and cost
//-----------------------------------------------------------------------------

static double exchange_rate(const Scenario& s, const Catalog& c) {
    if (s.cny_per_usd > 0) return s.cny_per_usd;
    if (c.cny_per_usd > 0 && std::isfinite(c.cny_per_usd)) return c.cny_per_usd;
    return kDefaultCnyPerUsd;
}

} // namespace detail

// An amount converted, snapped to the shortest decimal within 4 ulps of it: back at the same rate it
// is the amount typed, to the bit (¥26.5 came back ¥26.500000000000004, then …007, into the link and
// the JSON; a tester, 2026-12-08), while $3.6805555555555554 keeps every digit. Rounding each way to
// n digits does not round-trip (0.8 ÷ 7.2 to ten digits came back 0.7999999999).
static double converted(double v, double k) {
    const double x = v * k;
    if (!(x != 0) || !std::isfinite(x)) return x;
    const double tolerance = 4 * (std::nextafter(std::fabs(x), HUGE_VAL) - std::fabs(x));
    char text[40];
    for (int digits = 1; digits <= 15; digits++) {
        std::snprintf(text, sizeof text, "%.*e", digits - 1, x);
        double r = x;
        if (parse_decimal(text, &r) != text && std::fabs(r - x) <= tolerance) return r;
    }
    return x;
}

Scenario in_currency(const Scenario& s, Currency to, const Catalog& catalog) {
    Scenario out = s;
    out.currency = to;
    if (to == s.currency) return out;
    const double rate = detail::exchange_rate(s, catalog);
    const double k = to == Currency::usd ? 1.0 / rate : rate;
    // A negative price or purchase price means "the catalog's": it stays a flag, not an amount.
    for (double* v : {&out.price_hourly, &out.price_daily, &out.price_monthly, &out.purchase_price})
        if (*v > 0) *v = converted(*v, k);
    for (double* v : {&out.storage_per_gb_month, &out.traffic_per_gb, &out.budget, &out.spot_price_hourly,
                      &out.electricity_per_kwh, &out.rack_per_month, &out.ops_per_month})
        *v = converted(*v, k);
    for (Quote& q : out.quotes)
        for (double* v : {&q.price_per_card_hour, &q.storage_per_gb_month, &q.traffic_per_gb, &q.deposit})
            *v = converted(*v, k);
    return out;
}

namespace detail {

// A catalog price converted to the other currency, to the digits a quote has: the cent, a tenth of one
// below 1 (format_money() shows those). $0.66 × 7.2 = ¥4.752 an hour read "¥4.752" and its totals
// "¥33.264", "¥19.008" (a tester, 2026-12-08: "reads like nineteen thousand"); ¥4.75 is a quote.
static double as_quoted(double v) {
    return std::fabs(v) < 1 ? std::round(v * 1000) / 1000 : std::round(v * 100) / 100;
}

// Catalog prices are in CNY (plus an optional USD hourly); the scenario's own prices (≥ 0) are in
// its currency and apply to the scenario's card only.
Prices prices_for(const Scenario& s, const GpuSpec& g, const Catalog& c, bool scenario_card) {
    const double rate = exchange_rate(s, c);
    Prices p;
    double hourly_cny =
        g.price_cny_per_hour > 0 ? g.price_cny_per_hour : as_quoted(g.price_usd_per_hour * rate);
    if (s.currency == Currency::usd) {
        p.hourly = g.price_usd_per_hour > 0 ? g.price_usd_per_hour : as_quoted(hourly_cny / rate);
        p.daily = as_quoted(g.price_cny_per_day / rate);
        p.monthly = as_quoted(g.price_cny_per_month / rate);
        p.purchase = as_quoted(g.purchase_cny / rate);
    } else {
        p.hourly = hourly_cny;
        p.daily = g.price_cny_per_day;
        p.monthly = g.price_cny_per_month;
        p.purchase = g.purchase_cny;
    }
    if (scenario_card) {
        if (s.price_hourly >= 0) p.hourly = s.price_hourly;
        if (s.price_daily >= 0) p.daily = s.price_daily;
        if (s.price_monthly >= 0) p.monthly = s.price_monthly;
        if (s.purchase_price >= 0) p.purchase = s.purchase_price;
    }
    p.hourly = std::max(0.0, finite_or(p.hourly));
    p.daily = std::max(0.0, finite_or(p.daily));
    p.monthly = std::max(0.0, finite_or(p.monthly));
    p.purchase = std::max(0.0, finite_or(p.purchase));
    return p;
}

// Cheapest mix of whole months (720 h), days and billed hours covering `wall` hours, per card.
// Cost is linear in each count apart from the tail, so only the candidates 0, floor and
// floor + 1 of each larger unit need trying (9 combinations).
struct Mix {
    double months = 0, days = 0, hours = 0, cost = -1;
};
static Mix cheapest_mix(const Prices& p, double wall, double min_billed) {
    Mix best;
    double months_c[3] = {0, std::floor(wall / kHoursPerMonth), std::floor(wall / kHoursPerMonth) + 1};
    for (double mo : months_c) {
        if (mo > 0 && !(p.monthly > 0)) continue;
        double r1 = std::max(0.0, wall - mo * kHoursPerMonth);
        double days_c[3] = {0, std::floor(r1 / kHoursPerDay), std::floor(r1 / kHoursPerDay) + 1};
        for (double dy : days_c) {
            if (dy > 0 && !(p.daily > 0)) continue;
            double r2 = std::max(0.0, r1 - dy * kHoursPerDay);
            double hrs = ceil_units(r2, min_billed);
            if (hrs > 0 && !(p.hourly > 0)) continue;
            double cost = mo * p.monthly + dy * p.daily + hrs * p.hourly;
            if (best.cost < 0 || cost < best.cost) best = Mix{mo, dy, hrs, cost};
        }
    }
    return best;
}

// How one whole-unit plan bills: the term it records, what a unit is called (its symbol and unit
// in the shown work), the unit's length in hours and its price per card.
struct PlanRate {
    TermId term;
    const char* sym;
    const char* unit;
    double unit_hours;
    double price;
};

static PlanRate plan_rate(Plan plan, const Scenario& s, const Prices& p) {
    switch (plan) {
    case Plan::hourly: // whole hours, at least the provider's minimum
        return {TermId::plan_hourly, "billed", "h", s.min_billed_hours, p.hourly};
    case Plan::daily:
        return {TermId::plan_daily, "days", "", kHoursPerDay, p.daily};
    case Plan::monthly:
        return {TermId::plan_monthly, "months", "", kHoursPerMonth, p.monthly};
    default:
        break;
    }
    assert(!"plan_rate(): the mixed plan has no one rate; price it with cheapest_mix()");
    return {TermId::plan_hourly, "billed", "h", s.min_billed_hours, p.hourly};
}

// One plan billed in whole units (hours, days or months): units × price × cards + fees. The hourly
// plan counts billed hours, the others whole days or months, so one function serves all three.
template <class C>
static void price_plan(Plan plan, const Scenario& s, const Prices& p, double cards, double wall_hours,
                       double fees, PlanCost& out, Terms* log) {
    const PlanRate r = plan_rate(plan, s, p);
    out.plan = plan;
    out.available = r.price > 0;
    const double billed_hours = ceil_units(wall_hours, r.unit_hours);
    out.units = plan == Plan::hourly ? billed_hours : billed_hours / r.unit_hours; // hours, days or months
    out.total = 0;
    if (out.available)
        out.total = C(log, r.term, kUnitMoney)
                        .first(r.sym, out.units, r.unit)
                        .mul("price", r.price, kUnitMoney)
                        .mul("cards", cards)
                        .add(fees > 0 ? "fees" : nullptr, fees, kUnitMoney, TermId::fees)
                        .done();
}

template <class C>
static void cost_impl(const Scenario& s, const Prices& p, int cards, double wall_hours, double tokens,
                      CostResult& out, Terms* log) {
    const double n = cards < 1 ? 1 : cards;
    const double wall = std::max(0.0, wall_hours);
    const char* money = kUnitMoney;
    out.currency = s.currency;
    out.price_hourly = p.hourly;
    out.price_daily = p.daily;
    out.price_monthly = p.monthly;
    out.storage = C(log, TermId::storage_fee, money)
                      .first("storage", s.storage_gb, "GB")
                      .mul("per GB-month", s.storage_per_gb_month, money)
                      .mul("wall", wall, "h", TermId::wall_hours)
                      .div("", kHoursPerMonth, "h/month")
                      .done(); // prorated months
    out.traffic = C(log, TermId::traffic_fee, money)
                      .first("traffic", s.traffic_gb, "GB")
                      .mul("per GB", s.traffic_per_gb, money)
                      .done();
    const double fees = C(log, TermId::fees, money)
                            .first("storage", out.storage, money, TermId::storage_fee)
                            .add("traffic", out.traffic, money, TermId::traffic_fee)
                            .done();
    out.gpu_hours = n * wall;

    const Plan plans[] = {Plan::hourly, Plan::daily, Plan::monthly};
    for (int i = 0; i < 3; i++) price_plan<C>(plans[i], s, p, n, wall, fees, out.plans[i], log);
    const PlanCost& hourly = out.plans[0];
    const PlanCost& daily = out.plans[1];
    const PlanCost& monthly = out.plans[2];

    PlanCost& mixed = out.plans[3];
    mixed.plan = Plan::mixed;
    const Mix mix = (hourly.available || daily.available || monthly.available)
                        ? cheapest_mix(p, wall, s.min_billed_hours)
                        : Mix{};
    mixed.available = mix.cost >= 0;
    mixed.units = mix.months * kHoursPerMonth + mix.days * kHoursPerDay + mix.hours;
    mixed.total = 0;
    if (mixed.available) {
        C c(log, TermId::plan_mixed, money);
        if (mix.months > 0) c.add("months", mix.months).mul("price", p.monthly, money).mul("cards", n);
        if (mix.days > 0) c.add("days", mix.days).mul("price", p.daily, money).mul("cards", n);
        if (mix.hours > 0) c.add("billed", mix.hours, "h").mul("price", p.hourly, money).mul("cards", n);
        c.add(fees > 0 ? "fees" : nullptr, fees, money, TermId::fees);
        mixed.total = c.done();
    }

    out.best_plan = Plan::hourly;
    out.total = fees;
    bool found = false;
    for (const PlanCost& pc : out.plans) {
        if (!pc.available) continue;
        // Prefer a simple plan when the mix costs the same.
        if (!found || pc.total < out.total - 1e-9 * std::max(1.0, out.total)) {
            out.total = pc.total;
            out.best_plan = pc.plan;
            found = true;
        }
    }
    out.priced = found;
    if (!found) return; // no rental price: a cost per token of ¥0 would be a claim
    out.per_million_tokens = C(log, TermId::cost_per_million_tokens, money)
                                 .first("total", out.total, money)
                                 .div("D", tokens, "tokens", TermId::tokens)
                                 .mul("", kMega, "tokens")
                                 .done();
}

void cost_for(const Scenario& s, const Prices& p, int cards, double wall_hours, double tokens,
              CostResult& out, Terms* log) {
    if (log)
        cost_impl<Calc>(s, p, cards, wall_hours, tokens, out, log);
    else
        cost_impl<FastCalc>(s, p, cards, wall_hours, tokens, out, nullptr);
}

//-----------------------------------------------------------------------------
// [SECTION] Spot billing
//-----------------------------------------------------------------------------

// The run of W hours is τ-hour segments of work, each saved at its end. With interruptions a
// Poisson process of rate λ and R hours to restart, a segment takes (1/λ + R)·(e^{λτ} − 1) hours in
// expectation (each attempt fails with probability 1 − e^{−λτ}; the renewal equation), of which
// e^{λτ} − 1 are interruptions. Shown as W + N × lost: N = W/τ·(e^{λτ} − 1) interruptions, each
// losing 1/λ + R − τ/(e^{λτ} − 1) hours, which is τ/2 + R when λτ is small.
void spot_for(const Scenario& s, int cards, double wall_hours, const CostResult& on_demand, SpotResult& out,
              Terms* log) {
    out = SpotResult{};
    if (!(s.spot_price_hourly > 0)) return;
    const char* money = kUnitMoney;
    const double W = std::max(0.0, wall_hours);
    const double lambda = s.interruptions_per_hour;
    const bool saved = s.checkpoint_interval_hours > 0 && s.checkpoint_interval_hours < W;
    const double tau = saved ? s.checkpoint_interval_hours : W; // no checkpoints: the whole run
    const char* tau_sym = saved ? "τ" : "W";
    out.used = true;
    out.segment_hours = tau;
    if (lambda > 0 && W > 0) {
        const double x =
            Calc(log, TermId::spot_exposure, "").first("λ", lambda, "/h").mul(tau_sym, tau, "h").done();
        const double grow = std::expm1(std::min(x, kSpotMaxExposure)); // e^{λτ} − 1, exact for small λτ
        out.interruptions = Calc(log, TermId::spot_interruptions, "")
                                .first("W", W, "h")
                                .div(tau_sym, tau, "h")
                                .mul("(e^(λτ)−1)", grow)
                                .done();
        out.lost_per_interruption_hours = Calc(log, TermId::spot_lost_per_interruption, "h")
                                              .first("", 1)
                                              .div("λ", lambda, "/h")
                                              .add("R", s.restart_hours, "h")
                                              .sub(tau_sym, tau, "h")
                                              .div("(e^(λτ)−1)", grow)
                                              .done();
        if (saved) // the rule of thumb, shown beside the exact figure
            Calc(log, TermId::spot_lost_first_order, "h")
                .first(tau_sym, tau, "h")
                .div("", 2)
                .add("R", s.restart_hours, "h")
                .done();
        out.hours = Calc(log, TermId::spot_billed_hours, "h")
                        .first("W", W, "h")
                        .add("N", out.interruptions, "", TermId::spot_interruptions)
                        .mul("lost", out.lost_per_interruption_hours, "h", TermId::spot_lost_per_interruption)
                        .done();
    } else {
        out.hours = Calc(log, TermId::spot_billed_hours, "h").first("W", W, "h").done(); // never interrupted
    }
    out.billed_hours = out.hours; // by the second; in increments, below
    // Billed in increments of c, every instance pays its last one whole. An interrupted instance's
    // life is exponential: E[⌈L/c⌉·c − L] = c/(1 − e^{−λc}) − 1/λ (≈ c/2 when λc is small). The last
    // instance is the whole run with probability e^{−λW} (its own rounding, ⌈W⌉ − W), else taken as
    // an interrupted one's. Against a simulation of the same renewal process (scripts/spot_simulation.py):
    // within 1.4% at c = 1 h; 24 h increments on a run shorter than a day read up to 11% low.
    const double c = s.spot_min_billed_hours < 0 ? s.min_billed_hours : s.spot_min_billed_hours;
    out.increment_hours = c > 0 ? c : 0;
    const bool whole = c > 0 && out.hours > 0;
    if (whole) {
        const double rest = ceil_units(W, c) - W; // an uninterrupted run's rounding
        const bool interrupted = out.interruptions > 0 && lambda > 0;
        double last = rest;
        if (interrupted) {
            const double kept = -std::expm1(-lambda * c); // 1 − e^{−λc}, exact for small λc
            // The clamp only trims the cancellation of c/(1 − e^{−λc}) − 1/λ when λc ≪ 1.
            out.unused_per_interruption_hours = clampd(Calc(log, TermId::spot_unused_per_interruption, "h")
                                                           .first("c", c, "h")
                                                           .div("(1−e^(−λc))", kept)
                                                           .sub("", 1)
                                                           .div("λ", lambda, "/h")
                                                           .done(),
                                                       0, c);
            const double p0 =
                1 + std::expm1(-lambda * W); // e^{−λW}: expm1 is in the page, exp's tables are not
            last = Calc(log, TermId::spot_last_unused, "h")
                       .first("e^(−λW)", p0)
                       .mul("(⌈W⌉−W)", rest, "h")
                       .add("(1−e^(−λW))", 1 - p0)
                       .mul("unused", out.unused_per_interruption_hours, "h",
                            TermId::spot_unused_per_interruption)
                       .done();
        }
        // One Calc open at a time: a term's operands are the log's run from its first to its last.
        out.billed_hours =
            Calc(log, TermId::spot_billed_whole, "h")
                .first("H", out.hours, "h", TermId::spot_billed_hours)
                .add(interrupted ? "N" : nullptr, out.interruptions, "", TermId::spot_interruptions)
                .mul(interrupted ? "unused" : nullptr, out.unused_per_interruption_hours, "h",
                     TermId::spot_unused_per_interruption)
                .add(last > 0 ? "last" : nullptr, last, "h",
                     interrupted ? TermId::spot_last_unused : TermId::none)
                .done();
    }
    const double fees = on_demand.storage + on_demand.traffic;
    out.total = Calc(log, TermId::spot_total, money)
                    .first("billed", out.billed_hours, "h",
                           whole ? TermId::spot_billed_whole : TermId::spot_billed_hours)
                    .mul("spot price", s.spot_price_hourly, money)
                    .mul("cards", cards < 1 ? 1 : cards)
                    .add(fees > 0 ? "fees" : nullptr, fees, money, fees > 0 ? TermId::fees : TermId::none)
                    .done();
    out.on_demand_total = on_demand.total;
    out.on_demand_priced = on_demand.priced; // else a saving against ¥0 would say spot costs more
    if (out.on_demand_priced)
        out.saving = Calc(log, TermId::spot_saving, money)
                         .first("on demand", on_demand.total, money)
                         .sub("spot", out.total, money, TermId::spot_total)
                         .done();
    out.interruptions = finite_or(out.interruptions);
    out.hours = finite_or(out.hours);
    out.billed_hours = finite_or(out.billed_hours);
    out.total = finite_or(out.total);
    out.saving = finite_or(out.saving);
}

//-----------------------------------------------------------------------------
// [SECTION] Rent versus buy
//-----------------------------------------------------------------------------

// Renting `hours` a month, per card, the way the cost section prices a run: its cheapest mix of
// months, days and billed hours (the mixed plan, never dearer than a single plan); cost −1: no price.
static Mix rent_mix(const Prices& p, double hours, double min_billed) {
    if (!p.rented()) return Mix{};
    return cheapest_mix(p, hours, min_billed);
}

// The search for the last whole hour at which renting costs less than owning. Only the cheapest
// mix (rent_mix()'s) decides an hour; a cheap bound on it, never above it, passes over the hours it
// clears: whole days at the cheaper of a day and 24 hours, the rest at the cheaper of a day and its
// hours, or a month, whichever is least (any mix covering h hours costs at least that).
struct RentCheaper {
    double fixed, power_per_hour, min_billed;
    const Prices& p;
    double own(double h) const { return fixed + power_per_hour * h; }
    double rent(double h) const { return cheapest_mix(p, h, min_billed).cost; }
    double bound(double h) const {
        constexpr double none = std::numeric_limits<double>::infinity();
        const double hour = p.hourly > 0 ? p.hourly : none, day = p.daily > 0 ? p.daily : none;
        const double days = std::floor(h / kHoursPerDay), rest = h - days * kHoursPerDay;
        double b = (days > 0 ? days * std::min(day, kHoursPerDay * hour) : 0) +
                   (rest > 0 ? std::min(day, rest * hour) : 0);
        if (p.monthly > 0) b = std::min(b, p.monthly);
        return b * (1 - 1e-9); // below rent_mix()'s rounding too
    }
    bool rent_cheaper(double h) const { return own(h) > bound(h) && own(h) > rent(h); }
    // The last such hour in [a, b], 0 if none, the upper half first. When rent never falls as the
    // hours grow, a range whose top owning costs no more than its bottom's bound holds none.
    double last(double a, double b) const {
        if (!(own(b) > bound(a))) return 0;
        if (a >= b) return own(a) > rent(a) ? a : 0;
        const double mid = std::floor((a + b) / 2);
        const double upper = last(mid + 1, b);
        return upper > 0 ? upper : last(a, mid);
    }
};

// Rent versus buy, per card per month.
// The fewest whole hours h (1..720) from which owning, fixed + power × h, costs no more than renting
// the same hours on the cheapest mix, at every whole hour up to a month's use; 0 = never (renting is
// cheaper at 720 h). Renting is piecewise linear in the hours (an hourly tail, then a flat day or
// month), so owning can win an hour and lose the next: the answer is an hour above the last whole
// hour at which renting is cheaper. The halving search finds it exactly when rent never falls with
// the hours, as when the billing increment divides a day (the mix's candidates are then its exact
// optimum); other increments are checked hour by hour, from the month's last hour down.
double break_even_hours(double fixed, double power_per_hour, const Prices& p, double increment_h) {
    if (!p.rented()) return 0;
    const double month = kHoursPerMonth;
    const RentCheaper search{fixed, power_per_hour, increment_h, p};
    const double unit = increment_h > 0 ? increment_h : 1;
    const double per_day = kHoursPerDay / unit;
    double last = 0; // the last whole hour at which renting is cheaper
    if (std::fabs(per_day - std::round(per_day)) <= 1e-9 * per_day) {
        last = search.last(1, month);
    } else {
        for (double h = month; h >= 1 && last == 0; h -= 1)
            if (search.rent_cheaper(h)) last = h;
    }
    return last >= month ? 0 : last + 1;
}

void buy_for(const Scenario& s, const GpuSpec& g, const Prices& prices, BuyResult& b, Terms* log) {
    b = BuyResult{};
    const double H = s.hours_per_month_used;
    const char* money = kUnitMoney;
    b.depreciation_per_month = Calc(log, TermId::depreciation_per_month, money)
                                   .first("purchase", prices.purchase, money)
                                   .div("months", s.depreciation_months)
                                   .done();
    const double power_per_hour = g.tdp_w / kWattsPerKw * s.pue * s.electricity_per_kwh;
    b.power_per_month = Calc(log, TermId::power_per_month, money)
                            .first("TDP", g.tdp_w, "W")
                            .div("", kWattsPerKw, "W/kW")
                            .mul("PUE", s.pue)
                            .mul("hours", H, "h")
                            .mul("per kWh", s.electricity_per_kwh, money)
                            .done();
    b.own_per_month =
        Calc(log, TermId::own_per_month, money)
            .first("depreciation", b.depreciation_per_month, money, TermId::depreciation_per_month)
            .add("power", b.power_per_month, money, TermId::power_per_month)
            .add("rack", s.rack_per_month, money)
            .add("operations", s.ops_per_month, money)
            .done();
    // The month's hours rented as the cost section would price them (rent_mix): its shown work
    // names the months, days and billed hours it takes, as the mixed plan's line does, per card.
    const auto log_rent = [&](TermId id, const Mix& m, int index) {
        Calc c(log, id, money, 1.0, index);
        if (m.months > 0) c.add("months", m.months).mul("price", prices.monthly, money);
        if (m.days > 0) c.add("days", m.days).mul("price", prices.daily, money);
        if (m.hours > 0) c.add("billed", m.hours, "h").mul("price", prices.hourly, money);
        if (!(m.months > 0 || m.days > 0 || m.hours > 0)) { // no use: nothing rented
            if (prices.hourly > 0)
                c.first("billed", 0, "h").mul("price", prices.hourly, money);
            else if (prices.daily > 0)
                c.first("days", 0).mul("price", prices.daily, money);
            else
                c.first("months", 0).mul("price", prices.monthly, money);
        }
        return c.done();
    };
    const Mix at_use = rent_mix(prices, H, s.min_billed_hours);
    const bool priced = at_use.cost >= 0;
    b.rent_per_month = priced ? log_rent(TermId::rent_per_month, at_use, 0) : 0;
    b.purchase_known = prices.purchase > 0; // no price: depreciation 0 would fake "buy"
    b.rent_known = priced;                  // no price: rent 0 would fake "rent"
    b.buying_cheaper = b.purchase_known && priced && b.own_per_month < b.rent_per_month;
    if (!priced) return;
    // Break-even: the fewest whole hours a month from which owning costs no more than renting the
    // same hours the cheapest way, up to a whole month's use. Against the hourly price alone
    // (fixed ÷ (hourly − power)), it said 142 h where renting by the day was still cheaper; against
    // the cheapest single plan, 169 h where 7 days and an hour (¥4,090) were still cheaper.
    const double fixed =
        Calc(log, TermId::fixed_per_month, money)
            .first("depreciation", b.depreciation_per_month, money, TermId::depreciation_per_month)
            .add("rack", s.rack_per_month, money)
            .add("operations", s.ops_per_month, money)
            .done();
    const double hours = break_even_hours(fixed, power_per_hour, prices, s.min_billed_hours);
    if (hours <= 0) return; // renting is cheaper at a whole month's use
    b.break_even_hours_per_month = Calc(log, TermId::break_even_hours, "h").first("", hours, "h").done();
    // The comparison the break-even line shows: owning against renting at it (index 0), where owning
    // costs no more, and an hour below it (index 1), where renting costs less.
    for (int i = 0; i < (hours > 1 ? 2 : 1); i++) {
        Calc(log, TermId::own_at_break_even, money, 1.0, i)
            .first("fixed cost", fixed, money, TermId::fixed_per_month)
            .add("power per hour", power_per_hour, money)
            .mul("hours", hours - i, "h")
            .done();
        log_rent(TermId::rent_at_break_even, rent_mix(prices, hours - i, s.min_billed_hours), i);
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Provider quotes
//-----------------------------------------------------------------------------

// Provider quotes: the quote's bandwidth (if given) changes the upload time, hence the wall.
void quotes_for(const Scenario& s, const ModelDerived& md, const TimeResult& t, QuoteResult (&out)[3],
                Terms* log) {
    const char* money = kUnitMoney;
    for (int i = 0; i < 3; i++) {
        const Quote& q = s.quotes[i];
        QuoteResult& qr = out[i];
        qr = QuoteResult{};
        if (!(q.price_per_card_hour > 0)) continue;
        double wall = t.wall_hours;
        if (q.bandwidth_mbps > 0) {
            double upload_bytes = s.upload_gb > 0 ? s.upload_gb * kBytesPerGB : md.dataset_bytes;
            wall += safe_div(upload_bytes * kBitsPerByte, q.bandwidth_mbps * kMega) / kSecondsPerHour -
                    t.upload_hours;
        }
        qr.used = true;
        qr.billed_hours = ceil_units(wall, q.min_billed_hours);
        qr.total = Calc(log, TermId::quote_total, money, 1.0, i)
                       .first("cards", s.cards)
                       .mul("billed", qr.billed_hours, "h")
                       .mul("price", q.price_per_card_hour, money)
                       .add("storage", s.storage_gb, "GB")
                       .mul("per GB-month", q.storage_per_gb_month, money)
                       .mul("wall", wall, "h")
                       .div("", kHoursPerMonth, "h/month")
                       .add("traffic", s.traffic_gb, "GB")
                       .mul("per GB", q.traffic_per_gb, money)
                       .done();
    }
}

} // namespace detail
} // namespace traincalc

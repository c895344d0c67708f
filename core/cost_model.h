// traincalc — core/cost_model.h (private to core/*.cpp)
// Money: the prices a card has in the scenario's currency, the cost of a run under each rental
// plan (and the cheapest mix), rent versus buy per card per month, and provider quotes.
//
// Index of this file:
// [SECTION] Prices and rental cost
// [SECTION] Rent versus buy, provider quotes
#pragma once
#include "model_math.h"

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Prices and rental cost
//-----------------------------------------------------------------------------

struct Prices { // per card, in the scenario's currency; 0 = not offered
    double hourly = 0, daily = 0, monthly = 0, purchase = 0;
    bool rented() const { return hourly > 0 || daily > 0 || monthly > 0; } // some rental plan is offered
};
Prices prices_for(const Scenario& s, const GpuSpec& g, const Catalog& c, bool scenario_card);
// Fills plans, totals, fees and best plan for `cards` cards over `wall_hours`.
void cost_for(const Scenario& s, const Prices& p, int cards, double wall_hours, double tokens,
              CostResult& out, Terms* log = nullptr);

//-----------------------------------------------------------------------------
// [SECTION] Rent versus buy, provider quotes
//-----------------------------------------------------------------------------

// Spot billing against the on-demand cost (see SpotResult): expected interruptions, lost work,
// billed hours and cost for `cards` cards over a run of `wall_hours`.
void spot_for(const Scenario& s, int cards, double wall_hours, const CostResult& on_demand, SpotResult& out,
              Terms* log = nullptr);

// Per card per month: owning (depreciation, power, rack, operations) against renting the same hours
// the way the cost section prices a run (its cheapest mix of months, days and billed hours).
// Rent or buy: the fewest whole hours a month from which owning (fixed + power per hour × h)
// costs no more than renting the same hours that way, at every whole hour up to 720 h; 0 = never.
double break_even_hours(double fixed, double power_per_hour, const Prices& p, double increment_h);
void buy_for(const Scenario& s, const GpuSpec& g, const Prices& prices, BuyResult& out, Terms* log = nullptr);
// The three provider quotes: billed hours and total (a quote's bandwidth changes the upload time).
void quotes_for(const Scenario& s, const ModelDerived& md, const TimeResult& t, QuoteResult (&out)[3],
                Terms* log = nullptr);

} // namespace detail
} // namespace traincalc

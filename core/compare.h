// traincalc — core/compare.h
// Searches over card counts and strategies: the smallest count that fits, the count for a
// deadline, and every catalog GPU's cheapest workable configuration side by side.
#pragma once
#include "estimate.h"
#include <vector>

namespace traincalc {

struct GpuOption {
    int gpu_index = -1;                // into catalog.gpus
    bool workable = false;             // some configuration ≤ max cards fits
    int cards = 0;
    int zero = 0;
    int tp = 1;
    Offload offload = Offload::none;
    double memory_per_gpu_gib = 0;
    double wall_hours = 0;
    double cost_total = 0;             // in the scenario's currency, best plan
    bool cheapest = false;
    bool fastest = false;
};

// For each catalog GPU, the cheapest configuration (cards among powers of two up to
// max_cards, strategies ZeRO 0–3 / offload / TP) that fits and meets the deadline if any.
// Sorted by cost, unworkable last. Budget: ≤ 1 ms for the built-in catalog in the page.
std::vector<GpuOption> compare_gpus(const Scenario& s, const Catalog& catalog, int max_cards = 4096);

// Time and cost against card count for the chart: counts 1,2,4,…,max_cards.
struct CurvePoint {
    int cards = 0;
    bool fits = false;
    double wall_hours = 0;
    double cost_total = 0;
};
std::vector<CurvePoint> cards_curve(const Scenario& s, const Catalog& catalog, int max_cards = 4096);

} // namespace traincalc

// traincalc — core/compare.h
// Searches over card counts and strategies: the smallest count that fits, the count for a
// deadline, every catalog GPU's cheapest workable configuration side by side, and the specific
// changes that make a scenario fit when it does not.
#pragma once
#include "estimate.h"
#include <cstddef>
#include <string>
#include <vector>

namespace traincalc {

struct GpuOption {
    int gpu_index = -1;    // into catalog.gpus
    bool workable = false; // some configuration ≤ max cards fits, runs and meets the deadline if any
    bool runs = false;     // some configuration ≤ max cards fits and runs: false = too big; workable
                           // false with runs true: no count meets the deadline
    int cards = 0;
    StrategyChoice strategy; // searched: ZeRO, tp, cp, ep, sequence parallelism, offloads, recomputation
    bool provider = false;   // the provider catalog's own priced GPU (listed first)
    double memory_per_gpu_gib = 0;
    double wall_hours = 0;
    double cost_total = 0; // in the scenario's currency, best plan (0 without a price)
    bool priced = false;   // the card has a rental price for the scenario (else cost_total is no cost)
    bool cheapest = false; // the cheapest priced row
    bool fastest = false;
};

// For each catalog GPU, the cheapest configuration: for each strategy (recomputation none/selective/full
// × ZeRO 0–3 × offload × TP × CP × EP × activation offload; fields the scenario fixes stay as given) the
// fewest cards, up to max_cards, that fit, run and meet the deadline if any. A provider's priced GPUs
// (GpuSpec::from_provider) come first, then the rest; each group sorted by cost, rows without a price
// after the priced ones (fewest cards, then soonest, chose their configuration), unworkable last. With
// Catalog::only_provider only the provider's GPUs are listed. Budget: ≤ 1 ms for the built-in catalog in
// the page.
std::vector<GpuOption> compare_gpus(const Scenario& s, const Catalog& catalog, int max_cards = 4096);

// compare_gpus() in parts, for a catalog too large to compare at once (a provider's 10,000 cards:
// the page spreads them over frames). compare_gpus_range() gives the rows of catalog.gpus
// [first, last) in catalog order, unsorted (only_provider applied); rank_gpu_options() then sorts
// the rows of every range together and marks them, exactly as compare_gpus() does.
std::vector<GpuOption> compare_gpus_range(const Scenario& s, const Catalog& catalog, size_t first,
                                          size_t last, int max_cards = 4096);
void rank_gpu_options(std::vector<GpuOption>& rows);

// A card's catalog price per card-hour in the scenario's currency, converted as the comparison and
// the estimate convert it (to the cent); 0 = none. The GPU picker's price column.
double catalog_hourly_price(const Scenario& s, const GpuSpec& g, const Catalog& catalog);

// Time and cost against card count for the chart: counts 1,2,4,…,max_cards.
struct CurvePoint {
    int cards = 0;
    bool fits = false;
    double wall_hours = 0;
    double cost_total = 0;
};
std::vector<CurvePoint> cards_curve(const Scenario& s, const Catalog& catalog, int max_cards = 4096);

// What to change when the scenario does not fit: each remedy is one specific change, checked by
// running estimate() on the changed scenario, so it always fits (never a generic or wrong hint).
enum class RemedyKind {
    micro_batch,           // micro-batch 1, gradient accumulation × old micro-batch (same batch)
    recompute_selective,   // activation recomputation: selective (no flash attention)
    recompute_full,        // activation recomputation: full
    offload_optimizer,     // optimizer states to CPU (ZeRO ≥ 1)
    offload_params,        // optimizer states and weights to CPU (ZeRO-3)
    offload_less,          // less CPU offload (weights back on the card, or nothing offloaded): host RAM
    more_host_ram,         // machines with more RAM (a common size ≥ the plan's peak per machine): host RAM
    fewer_ranks,           // fewer cards per machine, more machines (a given machine RAM): host RAM
    zero_cards,            // a ZeRO stage on the fewest cards (powers of two × tp·pp)
    bigger_card,           // another catalog GPU with more memory, same cards and strategy
    lora,                  // LoRA instead of a full fine-tune
    qlora,                 // QLoRA (never offered to a QLoRA user; LoRA users get only this)
    recompute_zero_cards,  // full recomputation and ZeRO-3 on the fewest cards (when nothing else fits)
    recompute_bigger_card, // full recomputation on a bigger card (when nothing else fits)
    fewest_cards_plan,     // the cards search's best strategy on its fewest cards, when no one change
                           // above reaches as few (it changes several settings at once)
    count
};

struct Remedy {
    RemedyKind kind = RemedyKind::recompute_full;
    int cards = 1;           // cards the changed scenario uses
    StrategyChoice strategy; // the changed scenario's ZeRO, tp, cp, ep, offload, recomputation...
    int micro_batch = 1;
    int grad_accum = 1;
    Method method = Method::full;
    int gpu_index = -1;     // bigger_card: into catalog.gpus; -1 = the scenario's own card
    double per_gpu_gib = 0; // estimate() of the changed scenario
    double usable_gib = 0;
    double cpu_ram_gib = 0; // offload: the offloaded states per card (the texts quote host_per_rank_gib)
    double host_per_rank_gib = 0; // offload: the host RAM peak per card (states, gradients, process)
    double host_ram_gib = 0;  // the machine's RAM the changed scenario asks for, GiB; 0 = the catalog's share
    int cards_per_node = 8;   // cards per machine in the changed scenario
    double host_peak_gib = 0; // host RAM per machine at the changed scenario's peak, GiB
    double wall_hours = 0;
    double cost_total = 0; // scenario's currency, best plan
};

// Empty when the scenario fits or is invalid. Order: changes that keep the training the same
// first (batch split, recomputation, offload, more cards, a bigger card), method changes last.
std::vector<Remedy> remedies(const Scenario& s, const Catalog& catalog);

// The scenario with the remedy applied (what remedies() estimated; the page's "apply").
Scenario apply_remedy(const Scenario& s, const Remedy& r, const Catalog& catalog);

// "Full recomputation fits 1 card: 19.9 of 23.3 GiB" / "全量重计算可放入 1 张卡：19.9 / 23.3 GiB".
std::string remedy_text(const Remedy& r, const Catalog& catalog, Lang lang);

} // namespace traincalc

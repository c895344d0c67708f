// traincalc — bench/bench.cpp
// Native timings of the estimator over the built-in catalog: µs per estimate() and per
// compare_gpus(), median of several runs of many iterations. Budgets (docs/design.md): one estimate
// ≤ 5 µs native; the whole comparison ≤ 1 ms in the page (wasm ~2× slower), so ≤ ~300 µs here.
//
// Index of this file:
// [SECTION] Timing helper
// [SECTION] A provider's catalog of many GPUs
// [SECTION] main()
#include "core/compare.h"
#include "core/estimate.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace traincalc;

//-----------------------------------------------------------------------------
// [SECTION] Timing helper
//-----------------------------------------------------------------------------

// Median over `runs` of the mean µs per call over `iters` calls.
template <typename F> static double median_us(int runs, int iters, F&& fn) {
    std::vector<double> per_call_us;
    for (int r = 0; r < runs; r++) {
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < iters; i++) fn(i);
        auto t1 = std::chrono::steady_clock::now();
        per_call_us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / iters);
    }
    std::sort(per_call_us.begin(), per_call_us.end());
    return per_call_us[per_call_us.size() / 2];
}

//-----------------------------------------------------------------------------
// [SECTION] A provider's catalog of many GPUs
//-----------------------------------------------------------------------------

// The same block bench/provider_block.mjs writes into the page: n priced GPUs, about 150 bytes
// each, "mode": "extend" over the built-in catalog.
static std::string provider_block(int n) {
    std::string text = "{\"mode\":\"extend\",\"gpus\":[";
    char entry[320];
    for (int i = 0; i < n; i++) {
        std::snprintf(
            entry, sizeof entry,
            "%s{\"id\":\"P%d\",\"name\":\"Provider card %d\",\"memory_gib\":%d,\"tflops_16bit\":%d,"
            "\"nvlink_gbps\":%d,\"compute_capability\":8.0,\"tdp_w\":400,\"price_cny_per_hour\":%.1f}",
            i ? "," : "", i, i, 24 + 8 * (i % 10), 100 + i % 900, i % 2 ? 600 : 0, 5 + (i % 300) / 10.0);
        text += entry;
    }
    return text + "]}";
}

// bench/provider_block.mjs's compactBlock(): about 72 bytes a card, every other one priced;
// 100,000 of them fit the 8 MiB catalog cap (core/limits.h).
static std::string compact_block(int n) {
    std::string text = "{\"mode\":\"extend\",\"gpus\":[";
    char entry[200], id[16];
    for (int i = 0; i < n; i++) {
        int k = 0;
        char digits[16];
        for (unsigned v = unsigned(i); k == 0 || v; v /= 36)
            digits[k++] = "0123456789abcdefghijklmnopqrstuvwxyz"[v % 36];
        for (int j = 0; j < k; j++) id[j] = digits[k - 1 - j];
        id[k] = 0;
        char price[40] = "";
        if (i % 2 == 0) std::snprintf(price, sizeof price, ",\"price_cny_per_hour\":%d", 5 + i % 30);
        std::snprintf(entry, sizeof entry,
                      "%s{\"id\":\"P%s\",\"name\":\"P\",\"memory_gib\":%d,\"tflops_16bit\":%d%s}",
                      i ? "," : "", id, 24 + 8 * (i % 10), 100 + i % 900, price);
        text += entry;
    }
    return text + "]}";
}

// Seconds of one call, best of `runs`.
template <typename F> static double best_ms(int runs, F&& fn) {
    double best = 1e300;
    for (int r = 0; r < runs; r++) {
        auto t0 = std::chrono::steady_clock::now();
        fn();
        best = std::min(
            best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
}

//-----------------------------------------------------------------------------
// [SECTION] main()
//-----------------------------------------------------------------------------

int main() {
    CatalogResult parsed = parse_catalog(builtin_catalog_json());
    const Catalog& catalog = parsed.catalog;
    if (catalog.gpus.empty() || catalog.models.empty()) {
        std::fprintf(stderr, "bench: the built-in catalog has no GPUs or models (%zu errors)\n",
                     parsed.errors.size());
        return 1;
    }
    std::printf("catalog: %zu GPUs, %zu models\n\n", catalog.gpus.size(), catalog.models.size());
    volatile double sink = 0; // keeps results alive so the optimiser cannot drop the work

    // Scenarios: the default (LoRA 7B on one A100), a full fine-tune with ZeRO-3 on 8 cards with a
    // deadline (exercises the card searches), a 70B pretraining-sized run, and the widest search
    // space: a mixture-of-experts model on Megatron at 32K tokens, where context and expert
    // parallelism and activation offload are searched too (up to 2,304 configurations).
    std::vector<Scenario> scenarios(4);
    scenarios[1].method = Method::full;
    scenarios[1].zero = 3;
    scenarios[1].cards = 8;
    scenarios[1].deadline_hours = 24;
    scenarios[2].model_id = catalog.find_model("llama-3.1-70b") ? "llama-3.1-70b" : catalog.models.back().id;
    scenarios[2].method = Method::full;
    scenarios[2].data_input = DataInput::tokens;
    scenarios[2].tokens = 1e12;
    scenarios[2].epochs = 1;
    scenarios[2].zero = 1;
    scenarios[2].tp = 8;
    scenarios[2].pp = 4;
    scenarios[2].cards = 1024;
    scenarios[2].checkpointing = Checkpointing::full;
    scenarios[3].model_id =
        catalog.find_model("qwen3-235b-a22b") ? "qwen3-235b-a22b" : catalog.models.back().id;
    scenarios[3].method = Method::full;
    scenarios[3].stack = Stack::megatron;
    scenarios[3].seq_len = 32768;
    scenarios[3].zero = 1;
    scenarios[3].cards = 64;
    const char* names[4] = {"default (LoRA 7B, 1 card)", "full 7B, ZeRO-3, 8 cards, deadline",
                            "70B pretrain, 1024 cards", "MoE 235B on Megatron, 32K tokens, 64 cards"};
    for (Scenario& s : scenarios)
        if (!catalog.find_gpu(s.gpu_id)) s.gpu_id = catalog.gpus.front().id;
    for (Scenario& s : scenarios)
        if (!catalog.find_model(s.model_id)) s.model_id = catalog.models.front().id;

    std::printf("| what | µs per call (median of 7 runs) | budget |\n|---|---|---|\n");
    for (int k = 0; k < 4; k++) {
        const Scenario& s = scenarios[size_t(k)];
        if (!estimate(s, catalog).ok) {
            std::fprintf(stderr, "bench: scenario %d is invalid\n", k);
            return 1;
        }
        double us = median_us(7, k < 3 ? 20000 : 2000, [&](int) {
            Estimate e = estimate(s, catalog);
            sink = sink + e.time.wall_hours;
        });
        std::printf("| estimate(): %s | %.2f | ≤ 5 |\n", names[k], us);
    }
    for (int k = 0; k < 4; k++) {
        const Scenario& s = scenarios[size_t(k)];
        double us = median_us(7, k < 3 ? 300 : 20, [&](int) {
            auto v = compare_gpus(s, catalog);
            sink = sink + (v.empty() ? 0 : v[0].cost_total);
        });
        std::printf("| compare_gpus() over %zu GPUs: %s | %.1f | ≤ 300 native (≤ 1000 in the page) |\n",
                    catalog.gpus.size(), names[k], us);
    }
    {
        const Scenario& s = scenarios[0];
        double us = median_us(7, 3000, [&](int) {
            auto v = cards_curve(s, catalog);
            sink = sink + (v.empty() ? 0 : v[0].wall_hours);
        });
        std::printf("| cards_curve() 1..4096 | %.2f | — |\n", us);
    }

    // A provider's page with thousands of GPUs (issue 11: a 10,000-GPU block): what loading and
    // the first estimate cost. merge_catalog() parses and merges the block over the built-in one.
    std::printf("\n| provider block | bytes | merge_catalog() ms | estimate() µs | compare_gpus() ms "
                "|\n|---|---|---|---|---|\n");
    for (int n : {1000, 10000, 100000}) {
        const std::string block = n < 100000 ? provider_block(n) : compact_block(n);
        Catalog merged;
        const double merge_ms = best_ms(3, [&] { merged = merge_catalog(catalog, block).catalog; });
        const Scenario& s = scenarios[0];
        const double est_us =
            median_us(5, 2000, [&](int) { sink = sink + estimate(s, merged).time.wall_hours; });
        const double cmp_ms = best_ms(3, [&] {
            auto v = compare_gpus(s, merged);
            sink = sink + (v.empty() ? 0 : v[0].cost_total);
        });
        std::printf("| %d GPUs%s | %zu | %.1f | %.2f | %.1f |\n", n, n < 100000 ? "" : " (short entries)",
                    block.size(), merge_ms, est_us, cmp_ms);
    }
    return 0;
}

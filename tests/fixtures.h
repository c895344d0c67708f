// traincalc — tests/fixtures.h
// Hand-built catalog entries shared by the core tests, so that they do not depend on
// assets/catalog.json (whose figures are data, edited independently); and that catalog, parsed
// once, for the tests that check it or run the shipped figures.
#pragma once
#include "core/catalog.h"
#include "core/scenario.h"
#include <cmath>

namespace traincalc::fixtures {

// The built-in catalog (assets/catalog.json as embedded), parsed once per test binary.
inline const Catalog& builtin_catalog() {
    static const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    return c;
}

// A LLaMA-7B-shaped model with exactly 7e9 parameters (docs/design.md's worked example's N).
inline ModelSpec model_7b() {
    ModelSpec m;
    m.id = "test-7b";
    m.name = "Test 7B";
    m.params = 7e9;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kv_heads = 32;
    m.ffn = 11008;
    m.vocab = 32000;
    m.context = 4096;
    return m;
}

// An A100 80GB SXM as several tests price it: NVLink, 8 CNY/h, no day or month price, no purchase
// price, no host RAM (tests add what they exercise).
inline GpuSpec a100_80g() {
    GpuSpec g;
    g.id = "A100-80G";
    g.name = "NVIDIA A100 80GB SXM";
    g.memory_gib = 80;
    g.tflops_16bit = 312;
    g.nvlink_gbps = 600;
    g.compute_capability = 8.0;
    g.tdp_w = 400;
    g.price_cny_per_hour = 8;
    return g;
}

// An L20: PCIe, 48 GB, hourly only (3.2 CNY/h): a small card where offload and multi-card matter.
inline GpuSpec l20() {
    GpuSpec g;
    g.id = "L20";
    g.name = "NVIDIA L20";
    g.memory_gib = 48;
    g.tflops_16bit = 119.5;
    g.compute_capability = 8.9;
    g.tdp_w = 275;
    g.price_cny_per_hour = 3.2;
    return g;
}

// A GQA model of Qwen2.5-7B's shape: 4 KV heads (tp ≤ 4), a large vocabulary.
inline ModelSpec gqa_7b() {
    ModelSpec m;
    m.id = "gqa-7b";
    m.name = "GQA 7B";
    m.params = 7.62e9;
    m.layers = 28;
    m.hidden = 3584;
    m.heads = 28;
    m.kv_heads = 4;
    m.ffn = 18944;
    m.vocab = 152064;
    m.context = 32768;
    return m;
}

// A vision-language model of Qwen2.5-VL-7B's shape (config.json vision_config; the catalog's
// qwen2.5-vl-7b cites it): the GQA 7B language model plus a 32-block SwiGLU ViT over 14-pixel
// patches merged 2×2, windowed attention (64 patches) with 4 full-attention blocks.
inline ModelSpec vl_7b() {
    ModelSpec m = gqa_7b();
    m.id = "vl-7b";
    m.name = "VL 7B";
    m.params = 7615616512;
    m.vision_depth = 32;
    m.vision_hidden = 1280;
    m.vision_ffn = 3420;
    m.vision_gated_ffn = true;
    m.vision_patch = 14;
    m.vision_temporal_patch = 2;
    m.vision_merge = 2;
    m.vision_window = 64;
    m.vision_full_layers = 4;
    m.image_min_pixels = 3136;
    m.image_max_pixels = 12845056;
    return m;
}

// Scenarios on the built-in catalog's ids (assets/catalog.json), for the host RAM tests.

// Llama 3.1 70B pretrained in full on A100-80G, 1e12 tokens per epoch (the bench's 70B case sets
// ZeRO-1, tp 8, pp 4 and 1,024 cards on top).
inline Scenario pretrain_70b() {
    Scenario s;
    s.model_id = "llama-3.1-70b";
    s.gpu_id = "A100-80G";
    s.method = Method::full;
    s.data_input = DataInput::tokens;
    s.tokens = 1e12;
    s.checkpointing = Checkpointing::full;
    return s;
}

// Qwen2.5-3B in full on one A100-80G, ZeRO-1 with the optimizer offloaded, on a machine of 32 GiB:
// the card holds it (63.2 of 77.6 GiB without offload), the machine does not (3.09e9 × 12 B = 34.5 GiB
// of optimizer states and 5.75 GiB of gradients for the CPU step).
inline Scenario offload_on_small_machine() {
    Scenario s;
    s.model_id = "qwen2.5-3b";
    s.gpu_id = "A100-80G";
    s.method = Method::full;
    s.zero = 1;
    s.offload = Offload::optimizer;
    s.host_ram_gib = 32;
    return s;
}

// Llama 3.1 8B in full on 1e10 tokens, H100s (built-in catalog), 24 h deadline: the strategy that fits
// on the fewest cards (ZeRO-1, optimizer on the CPU: 1 card) needs 24 cards in time, ZeRO-3 without
// offload 20 (the deadline searches of estimate() and compare_gpus()).
inline Scenario llama8b_in_24h() {
    Scenario s;
    s.model_id = "llama-3.1-8b";
    s.gpu_id = "H100-SXM";
    s.method = Method::full;
    s.data_input = DataInput::tokens;
    s.tokens = 1e10;
    s.epochs = 1;
    s.deadline_hours = 24;
    return s;
}

// |value - expected| ≤ fraction · |expected|: a published figure matched within a relative error.
inline bool within(double value, double expected, double fraction) {
    return std::fabs(value - expected) <= fraction * std::fabs(expected);
}

} // namespace traincalc::fixtures

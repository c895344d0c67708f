// traincalc — tests/test_vision.cpp
// Multimodal fine-tuning (issue 13 item 6): image tokens from the model's own resize rule, the
// vision tower's parameters against the published totals, what images and freezing change in an
// estimate, the show-work terms, the JSON, and the exact errors.
//
// The resize rule is Qwen2-VL's image processor smart_resize (transformers
// models/qwen2_vl/image_processing_qwen2_vl.py; QwenLM qwen-vl-utils vision_process.py), used by
// Qwen2-VL, Qwen2.5-VL and Qwen3-VL: each side rounded (Python round) to a multiple of
// patch · merge (28; Qwen3-VL 32), then scaled into [min_pixels, max_pixels]. The expected counts
// below are that Python function's outputs for these sizes, run by hand.
//
// Index of this file:
// [SECTION] Image tokens
// [SECTION] Vision parameters
// [SECTION] Through estimate(): properties, terms, JSON, errors

#include "core/catalog.h"
#include "core/estimate.h"
#include "core/json_write.h"
#include "core/scenario.h"
#include "fixtures.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace traincalc;

namespace {

Catalog vision_catalog() {
    Catalog c;
    c.gpus = {fixtures::a100_80g()};
    c.models = {fixtures::vl_7b(), fixtures::gqa_7b()};
    return c;
}

// Qwen2.5-VL-7B LoRA on one A100 80GB, 1,000 samples of 200 text tokens and one 1,280×720 image.
Scenario vision_scenario() {
    Scenario s;
    s.model_id = "vl-7b";
    s.samples = 1000;
    s.avg_tokens = 200;
    s.epochs = 1;
    s.seq_len = 4096;
    s.images_per_sample = 1;
    s.image_width = 1280;
    s.image_height = 720;
    return s;
}

const ModelSpec& builtin(const char* id) {
    static const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const ModelSpec* m = c.find_model(id);
    REQUIRE_MESSAGE(m != nullptr, "the built-in catalog lacks " << id);
    return *m;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Image tokens
//-----------------------------------------------------------------------------

TEST_CASE("image_grid: Qwen2.5-VL tokens follow smart_resize (factor 28, min 3136, max 12845056 px)") {
    const ModelSpec m = fixtures::vl_7b();
    ImageGrid g = image_grid(m, 1280, 720);
    CHECK(g.height_px == 728); // round(720/28) = 26 → 728
    CHECK(g.width_px == 1288); // round(1280/28) = 46 → 1288
    CHECK(g.tokens == 1196);   // 26 × 46
    CHECK(g.patches == 4784);  // 52 × 92 patches of 14 px, merged 2×2 into the 1,196 tokens
    CHECK(image_grid(m, 4000, 3000).tokens == 15301); // 107 × 143, below max_pixels
    // Above max_pixels (8000×6000 = 48 MP): β = √(H·W/max), sides floored to 28: 3080 × 4116.
    g = image_grid(m, 8000, 6000);
    CHECK(g.height_px == 3080);
    CHECK(g.width_px == 4116);
    CHECK(g.tokens == 16170);
    CHECK(g.height_px * g.width_px <= m.image_max_pixels);
    // Below min_pixels (20×20): scaled up by √(min/(H·W)) and ceiled: 56 × 56, 4 tokens.
    CHECK(image_grid(m, 20, 20).tokens == 4);
    // LLaMA-Factory's image_max_pixels 768·768 first shrinks 1280×720 to 1024×576 (× 0.8): 21 × 37.
    CHECK(image_grid(m, 1280, 720, 768 * 768).tokens == 777);
    CHECK(image_grid(m, 1280, 720, 4e6).tokens == 1196); // a cap above the image: no change
    // A text-only model has no image tokens.
    CHECK(image_grid(fixtures::gqa_7b(), 1280, 720).tokens == 0);
}

TEST_CASE("image_grid: Qwen3-VL's 16-pixel patches (factor 32) and Python's round-half-to-even") {
    const ModelSpec& m = builtin("qwen3-vl-8b");
    const ImageGrid g = image_grid(m, 1280, 720);
    CHECK(g.height_px == 704); // 720/32 = 22.5 rounds to 22 (half to even), not 23
    CHECK(g.width_px == 1280);
    CHECK(g.tokens == 880);
    CHECK(g.patches == 3520);
    // Qwen3-VL's shortest_edge 65536 px (256²): a 100×100 image is scaled up to 256×256 = 8 × 8.
    CHECK(image_grid(m, 100, 100).tokens == 64);
    CHECK(image_grid(builtin("qwen2.5-vl-7b"), 1280, 720).tokens == 1196); // the catalog's, as the fixture's
}

//-----------------------------------------------------------------------------
// [SECTION] Vision parameters
//-----------------------------------------------------------------------------

TEST_CASE("count_vision_params: the published visual totals, exactly") {
    // Qwen2.5-VL-7B: model.visual has 676,550,144 parameters (a public script printing
    // sum(p.numel()) of model.visual; = the hub total 8,292,166,656 − the language model).
    const VisionParamCount q25 = count_vision_params(fixtures::vl_7b());
    CHECK(q25.total == 676550144);
    CHECK(q25.per_block == 19702200); // qkv 1280×3840+3840, proj, SwiGLU 3×1280×3420 + biases, 2 norms
    CHECK(q25.mergers == 44574464);   // RMSNorm 1280, 5120×5120+5120, 5120×3584+3584
    CHECK(count_vision_params(builtin("qwen2.5-vl-7b")).total == 676550144);
    // Qwen3-VL-8B: the hub's safetensors total 8,767,123,696 minus Qwen3-8B's 8,190,735,360.
    CHECK(count_vision_params(builtin("qwen3-vl-8b")).total == 8767123696.0 - 8190735360.0);
    CHECK(count_vision_params(fixtures::gqa_7b()).total == 0);
}

//-----------------------------------------------------------------------------
// [SECTION] Through estimate()
//-----------------------------------------------------------------------------

TEST_CASE("estimate with images: tokens per sample, vision FLOPs and memory are the terms' results") {
    const Catalog c = vision_catalog();
    const Estimate e = estimate(vision_scenario(), c);
    REQUIRE_MESSAGE(e.ok, (e.errors.empty() ? "" : e.errors[0].message));
    const Term* tokens = e.terms.find(TermId::image_tokens);
    REQUIRE(tokens != nullptr);
    CHECK(tokens->result == 1196);
    CHECK(e.terms.find(TermId::sample_tokens)->result == 200 + 1196);
    CHECK(e.terms.find(TermId::tokens_per_epoch)->result == doctest::Approx(1000 * 1396.0));
    CHECK(e.terms.find(TermId::vision_params)->result == 676550144);
    // Frozen tower: forward only, 2 FLOPs per weight per patch (merger: per token) + attention
    // 4·h_v·P·Σ s_attn (4 full blocks over 4,784 patches, 28 windowed over 64).
    const double per_patch = count_vision_params(fixtures::vl_7b()).per_patch;
    const double mergers = count_vision_params(fixtures::vl_7b()).mergers;
    const double forward =
        2 * per_patch * 4784 + 2 * mergers * 1196 + 4 * 1280 * 4784 * (4 * 4784 + 28 * 64.0);
    CHECK(e.terms.find(TermId::vision_flops_per_image)->result == doctest::Approx(forward));
    CHECK(e.terms.find(TermId::vision_flops_per_token)->result == doctest::Approx(forward / 1396));
    // The vision weights (16-bit) are on the card; nothing trained, so no states.
    CHECK(e.terms.find(TermId::vision_weights)->result == doctest::Approx(676550144 * 2.0 / (1 << 30)));
    CHECK(e.terms.find(TermId::vision_states) == nullptr);
    CHECK(e.memory.vision_gib > e.terms.find(TermId::vision_weights)->result);
}

TEST_CASE("estimate with images: more images cost more memory and time; freezing the tower saves both") {
    const Catalog c = vision_catalog();
    for (Method method : {Method::full, Method::lora}) {
        CAPTURE(static_cast<int>(method));
        Scenario s = vision_scenario();
        s.method = method;
        s.zero = method == Method::full ? 3 : 0;
        s.cards = method == Method::full ? 8 : 1;
        Scenario text = s;
        text.images_per_sample = 0;
        Scenario more = s;
        more.images_per_sample = 3;
        const Estimate e0 = estimate(text, c), e1 = estimate(s, c), e3 = estimate(more, c);
        REQUIRE(e0.ok);
        REQUIRE(e1.ok);
        REQUIRE(e3.ok);
        CHECK(e1.memory.per_gpu_gib > e0.memory.per_gpu_gib);
        CHECK(e3.memory.per_gpu_gib > e1.memory.per_gpu_gib);
        CHECK(e1.time.compute_hours > e0.time.compute_hours);
        CHECK(e3.time.compute_hours > e1.time.compute_hours);
        Scenario trained = s;
        trained.freeze_vision_tower = false;
        const Estimate et = estimate(trained, c);
        REQUIRE(et.ok);
        CHECK(et.memory.per_gpu_gib > e1.memory.per_gpu_gib);
        CHECK(et.time.compute_hours > e1.time.compute_hours);
        CHECK(et.memory.vision_gib > e1.memory.vision_gib);
        // Only full fine-tuning trains the tower's own weights (gradients + optimizer states).
        CHECK((et.terms.find(TermId::vision_states) != nullptr) == (method == Method::full));
    }
}

TEST_CASE("estimate with images: unpacked samples carry their images' tokens to the longest sample") {
    const Catalog c = vision_catalog();
    Scenario s = vision_scenario();
    s.packing = false;
    s.micro_batch = 2;
    s.max_tokens = 400; // the longest text; + 1,196 image tokens = 1,596 ≤ seq_len
    Estimate e = estimate(s, c);
    REQUIRE(e.ok);
    // avg + (max − avg)·(b−1)/(b+1), both with the image's tokens: 1396 + 200/3.
    CHECK(e.terms.find(TermId::padded_tokens_per_sample)->result == doctest::Approx(1396 + 200.0 / 3));
    CHECK(e.terms.find(TermId::images_per_sequence)->result == 1);
    Scenario two = s;
    two.images_per_sample = 2;
    CHECK(estimate(two, c).memory.activations_gib > e.memory.activations_gib);
}

TEST_CASE("scenario JSON: the image inputs round-trip, are absent at their defaults, and are checked") {
    const Catalog c = vision_catalog();
    Scenario s = vision_scenario();
    s.image_max_pixels = 589824;
    s.freeze_vision_tower = false;
    const std::string text = scenario_to_json(s);
    const ScenarioResult back = scenario_from_json(text, c);
    REQUIRE(back.errors.empty());
    CHECK(back.scenario.images_per_sample == 1);
    CHECK(back.scenario.image_max_pixels == 589824);
    CHECK(back.scenario.freeze_vision_tower == false);
    CHECK(scenario_to_json(Scenario{}).find("image") == std::string::npos);

    ScenarioResult r = scenario_from_json(R"({"model":"vl-7b","images_per_sample":1001})", c);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "images_per_sample");
    r = scenario_from_json(R"({"model":"vl-7b","image_width":0})", c);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "image_width");
}

TEST_CASE("a text-only model given images is an error naming the field, in both languages") {
    const Catalog c = vision_catalog();
    Scenario s = vision_scenario();
    s.model_id = "gqa-7b";
    const Estimate e = estimate(s, c);
    REQUIRE_FALSE(e.ok);
    REQUIRE(e.errors.size() == 1);
    CHECK(e.errors[0].field == "images_per_sample");
    CHECK(e.errors[0].message ==
          "images_per_sample (1) needs a vision-language model; \"GQA 7B\" has no vision tower");
    CHECK(e.errors[0].message_zh == "images_per_sample（1）需要视觉语言模型；\"GQA 7B\" 没有视觉编码器");
}

TEST_CASE("estimate JSON: a vision object only with images") {
    const Catalog c = vision_catalog();
    const Estimate e = estimate(vision_scenario(), c);
    REQUIRE(e.ok);
    const nlohmann::json j = nlohmann::json::parse(estimate_to_json(e, Lang::en), nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    REQUIRE(j.contains("vision"));
    CHECK(j["vision"]["image_tokens"] == 1196);
    CHECK(j["vision"]["tokens_per_sample"] == 1396);
    CHECK(j["vision"]["vision_params"] == 676550144);
    Scenario text = vision_scenario();
    text.images_per_sample = 0;
    const nlohmann::json t =
        nlohmann::json::parse(estimate_to_json(estimate(text, c), Lang::en), nullptr, false);
    CHECK_FALSE(t.contains("vision"));
}

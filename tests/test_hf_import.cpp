// traincalc — tests/test_hf_import.cpp
// model_from_hf_config() (core/hf_import.h): published config.json values count to the published
// parameter totals; bad files give messages naming the key.
//
// Index of this file:
// [SECTION] Hugging Face configs (the published config.json values)
// [SECTION] model_from_hf_config() pins
#include "core/hf_import.h"
#include "fixtures.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace traincalc;
using fixtures::within;

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Hugging Face configs (trimmed to the keys that matter; values as published)
//-----------------------------------------------------------------------------

const char kLlama2_7B[] = R"({
  "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_act": "silu",
  "hidden_size": 4096, "intermediate_size": 11008, "max_position_embeddings": 4096,
  "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 32,
  "rms_norm_eps": 1e-05, "tie_word_embeddings": false, "torch_dtype": "float16", "vocab_size": 32000})";

const char kLlama31_8B[] = R"({
  "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_act": "silu",
  "hidden_size": 4096, "intermediate_size": 14336, "max_position_embeddings": 131072,
  "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
  "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                   "original_max_position_embeddings": 8192, "rope_type": "llama3"},
  "rope_theta": 500000.0, "tie_word_embeddings": false, "vocab_size": 128256})";

const char kQwen25_7B[] = R"({
  "architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "hidden_act": "silu",
  "hidden_size": 3584, "intermediate_size": 18944, "max_position_embeddings": 131072,
  "num_attention_heads": 28, "num_hidden_layers": 28, "num_key_value_heads": 4,
  "rope_theta": 1000000.0, "sliding_window": 131072, "tie_word_embeddings": false,
  "use_sliding_window": false, "vocab_size": 152064})";

const char kMixtral_8x7B[] = R"({
  "architectures": ["MixtralForCausalLM"], "model_type": "mixtral", "hidden_act": "silu",
  "hidden_size": 4096, "intermediate_size": 14336, "max_position_embeddings": 32768,
  "num_attention_heads": 32, "num_experts_per_tok": 2, "num_hidden_layers": 32,
  "num_key_value_heads": 8, "num_local_experts": 8, "rope_theta": 1000000.0,
  "tie_word_embeddings": false, "vocab_size": 32000})";

const char kDeepSeekV3[] = R"({
  "architectures": ["DeepseekV3ForCausalLM"], "model_type": "deepseek_v3",
  "first_k_dense_replace": 3, "hidden_size": 7168, "intermediate_size": 18432,
  "kv_lora_rank": 512, "max_position_embeddings": 163840, "moe_intermediate_size": 2048,
  "n_group": 8, "n_routed_experts": 256, "n_shared_experts": 1, "num_attention_heads": 128,
  "num_experts_per_tok": 8, "num_hidden_layers": 61, "num_key_value_heads": 128,
  "num_nextn_predict_layers": 1, "q_lora_rank": 1536, "qk_nope_head_dim": 128,
  "qk_rope_head_dim": 64, "tie_word_embeddings": false, "v_head_dim": 128, "vocab_size": 129280})";

const char kGlm4_9B[] = R"({
  "model_type": "chatglm", "add_qkv_bias": true, "ffn_hidden_size": 13696, "hidden_size": 4096,
  "kv_channels": 128, "multi_query_attention": true, "multi_query_group_num": 2,
  "num_attention_heads": 32, "num_layers": 40, "padded_vocab_size": 151552, "seq_length": 8192})";

const char kGemma2_9B[] = R"({
  "model_type": "gemma2", "head_dim": 256, "hidden_size": 3584, "intermediate_size": 14336,
  "max_position_embeddings": 8192, "num_attention_heads": 16, "num_hidden_layers": 42,
  "num_key_value_heads": 8, "vocab_size": 256000})";

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] model_from_hf_config() pins (published sizes, within 1%)
//-----------------------------------------------------------------------------

TEST_CASE("hf config: dense models count to their published sizes") {
    ModelResult llama2 = model_from_hf_config(kLlama2_7B);
    REQUIRE(llama2.errors.empty());
    CHECK(within(llama2.model.params, 6.74e9, 0.01));
    CHECK(llama2.model.layers == 32);
    CHECK(llama2.model.kv_heads == 32);
    CHECK(llama2.model.context == 4096);
    CHECK(llama2.model.active_params == 0);

    ModelResult llama31 = model_from_hf_config(kLlama31_8B);
    REQUIRE(llama31.errors.empty());
    CHECK(within(llama31.model.params, 8.03e9, 0.01));
    CHECK(llama31.model.kv_heads == 8);
    CHECK(llama31.model.vocab == 128256);

    ModelResult qwen = model_from_hf_config(kQwen25_7B);
    REQUIRE(qwen.errors.empty());
    CHECK(within(qwen.model.params, 7.62e9, 0.01));
    CHECK(qwen.model.ffn == 18944);
    CHECK_FALSE(qwen.model.tied_embeddings);

    ModelResult glm = model_from_hf_config(kGlm4_9B);
    REQUIRE(glm.errors.empty());
    CHECK(within(glm.model.params, 9.40e9, 0.01));
    CHECK(glm.model.kv_heads == 2);
    CHECK(glm.model.layers == 40);
    CHECK(glm.model.context == 8192);

    ModelResult gemma = model_from_hf_config(kGemma2_9B);
    REQUIRE(gemma.errors.empty());
    CHECK(gemma.model.tied_embeddings); // Gemma ties by default when the key is absent
    CHECK(gemma.model.head_dim == 256);
    CHECK(within(gemma.model.params, 9.24e9, 0.01));
}

TEST_CASE("hf config: MoE total and active parameters") {
    ModelResult mixtral = model_from_hf_config(kMixtral_8x7B);
    REQUIRE(mixtral.errors.empty());
    CHECK(within(mixtral.model.params, 46.7e9, 0.01));
    CHECK(within(mixtral.model.active_params, 12.9e9, 0.01));
    CHECK(mixtral.model.experts == 8);
    CHECK(mixtral.model.experts_per_token == 2);

    ModelResult ds = model_from_hf_config(kDeepSeekV3);
    REQUIRE(ds.errors.empty());
    CHECK(within(ds.model.params, 671e9, 0.01));
    CHECK(within(ds.model.active_params, 37e9, 0.02));
    CHECK(ds.model.dense_layers == 3);
    CHECK(ds.model.shared_experts == 1);
    CHECK(ds.model.ffn == 2048);
    CHECK(ds.model.dense_ffn == 18432);
    // Multi-head latent attention is read into the model (count_params counts it).
    CHECK(ds.model.kv_lora_rank == 512);
    CHECK(ds.model.q_lora_rank == 1536);
    CHECK(ds.model.qk_nope_head_dim == 128);
    CHECK(ds.model.qk_rope_head_dim == 64);
    CHECK(ds.model.v_head_dim == 128);
    CHECK(ds.model.params == doctest::Approx(count_params(ds.model).total));
    CHECK(within(ds.model.params, 671e9, 1e-4));

    // DeepSeek-V2: deepseek-ai/DeepSeek-V3 inference/configs/config_236B.json in HF key names;
    // 236B total, 21B active (DeepSeek-V3 README, comparison table). Counted 235.74B, 21.38B.
    ModelResult v2 = model_from_hf_config(R"({"model_type":"deepseek_v2","hidden_size":5120,
        "intermediate_size":12288,"moe_intermediate_size":1536,"num_hidden_layers":60,"first_k_dense_replace":1,
        "num_attention_heads":128,"num_key_value_heads":128,"n_routed_experts":160,"n_shared_experts":2,
        "num_experts_per_tok":6,"q_lora_rank":1536,"kv_lora_rank":512,"qk_nope_head_dim":128,
        "qk_rope_head_dim":64,"v_head_dim":128,"vocab_size":102400,"tie_word_embeddings":false})");
    REQUIRE(v2.errors.empty());
    CHECK(within(v2.model.params, 236e9, 0.005));
    CHECK(within(v2.model.active_params, 21e9, 0.02));
    // A null q_lora_rank (DeepSeek-V2-Lite) is a full-rank query projection.
    ModelResult lite =
        model_from_hf_config(R"({"hidden_size":2048,"num_hidden_layers":2,"num_attention_heads":16,
        "vocab_size":1000,"intermediate_size":4096,"q_lora_rank":null,"kv_lora_rank":512,"qk_nope_head_dim":128,
        "qk_rope_head_dim":64,"v_head_dim":128})");
    REQUIRE(lite.errors.empty());
    CHECK(lite.model.q_lora_rank == 0);
    CHECK(count_params(lite.model).attention_per_layer ==
          doctest::Approx(2048.0 * 16 * 192 + 2048.0 * 576 + 512 + 512.0 * 16 * 256 + 16.0 * 128 * 2048));
}

TEST_CASE("hf config: a multimodal config's text_config is read") {
    ModelResult r = model_from_hf_config(R"({"model_type":"llava","vision_config":{"hidden_size":1024},
        "text_config":{"model_type":"llama","hidden_size":4096,"intermediate_size":11008,"num_attention_heads":32,
        "num_hidden_layers":32,"vocab_size":32000,"tie_word_embeddings":false}})");
    REQUIRE(r.errors.empty());
    CHECK(within(r.model.params, 6.74e9, 0.01));
    r = model_from_hf_config(R"({"text_config":{"hidden_size":4096}})");
    REQUIRE(r.errors.size() == 3);
    CHECK(r.errors[0].field == "text_config.num_hidden_layers");
    CHECK(r.errors[0].message == "text_config.num_hidden_layers is required");
}

TEST_CASE("hf config: bad input gives messages, not crashes") {
    ModelResult r = model_from_hf_config("{\"hidden_size\": 4096");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "");
    CHECK(r.errors[0].message == "not valid JSON: syntax error at byte offset 20");

    r = model_from_hf_config(R"({"hidden_size": 4096, "num_hidden_layers": 32, "vocab_size": 32000})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "num_attention_heads");
    CHECK(r.errors[0].message == "num_attention_heads is required");
    CHECK(r.errors[0].message_zh == "缺少必填字段 num_attention_heads");

    r = model_from_hf_config(
        R"({"hidden_size": -1, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "hidden_size");
    CHECK(r.errors[0].message == "hidden_size must be an integer from 1 to 1000000, got -1");
    CHECK(r.errors[0].message_zh == "hidden_size 必须是 1 到 1000000 之间的整数，实际为 -1");

    r = model_from_hf_config("[1,2]");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "a config.json must be a JSON object, got an array");

    // More experts per token than experts.
    r = model_from_hf_config(R"({"hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
        "vocab_size": 100, "intermediate_size": 128, "num_local_experts": 2, "num_experts_per_tok": 3})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "experts_per_token");
    CHECK(r.errors[0].message == "experts_per_token must be at most experts (2), got 3");
}

// Found by fuzz_hf_config (CI, 2026-12-06): a model narrower than the default LoRA rank (16) is a
// valid if tiny model; the scenario's rank is what does not fit, said on lora_rank alone.
TEST_CASE("hf config: a model narrower than the LoRA rank imports; the rank is the one error") {
    ModelResult r = model_from_hf_config(R"({"model_type": "deepseek_v3", "first_k_dense_replace": 3,
        "hidden_size": 12, "moe_intermediate_size": 2048, "n_routed_experts": 256, "num_attention_heads": 128,
        "num_experts_per_tok": 8, "num_hidden_layers": 61, "num_key_value_heads": 128, "q_lora_rank": 1536,
        "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 124, "vocab_size": 129280})");
    REQUIRE(r.errors.empty());
    CHECK(r.model.hidden == 12);
    const Catalog cat = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s; // LoRA, rank 16
    s.model_id.clear();
    s.model = r.model;
    std::vector<FieldError> errors = validate(s, cat);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].field == "lora_rank");
    CHECK(errors[0].message == "lora_rank (16) must be at most the model's hidden size (12)");
    CHECK(errors[0].message_zh == "lora_rank（16）不能超过模型的隐藏维度（12）");
    s.method = Method::full;
    CHECK(validate(s, cat).empty());
}

//-----------------------------------------------------------------------------
// [SECTION] Vision-language models: config.json's vision_config against the catalog
//-----------------------------------------------------------------------------

namespace {

// The three families' config.json, trimmed to the keys that matter (values as published on the hub:
// Qwen/Qwen2-VL-7B-Instruct, Qwen/Qwen2.5-VL-7B-Instruct, Qwen/Qwen3-VL-8B-Instruct; the catalog's
// entries cite the same files).
const char kQwen2VL7B[] = R"({
  "architectures": ["Qwen2VLForConditionalGeneration"], "model_type": "qwen2_vl", "hidden_act": "silu",
  "hidden_size": 3584, "intermediate_size": 18944, "max_position_embeddings": 32768,
  "num_attention_heads": 28, "num_hidden_layers": 28, "num_key_value_heads": 4, "rms_norm_eps": 1e-06,
  "tie_word_embeddings": false, "vocab_size": 152064,
  "vision_config": {"depth": 32, "embed_dim": 1280, "mlp_ratio": 4, "num_heads": 16, "in_chans": 3,
                    "hidden_size": 1536, "patch_size": 14, "spatial_merge_size": 2, "temporal_patch_size": 2}})";

const char kQwen25VL7B[] = R"({
  "architectures": ["Qwen2_5_VLForConditionalGeneration"], "model_type": "qwen2_5_vl", "hidden_act": "silu",
  "hidden_size": 3584, "intermediate_size": 18944, "max_position_embeddings": 128000,
  "num_attention_heads": 28, "num_hidden_layers": 28, "num_key_value_heads": 4, "rms_norm_eps": 1e-06,
  "tie_word_embeddings": false, "vocab_size": 152064,
  "vision_config": {"depth": 32, "hidden_act": "silu", "hidden_size": 1280, "intermediate_size": 3420,
                    "num_heads": 16, "in_chans": 3, "out_hidden_size": 3584, "patch_size": 14,
                    "spatial_merge_size": 2, "spatial_patch_size": 14, "window_size": 112,
                    "fullatt_block_indexes": [7, 15, 23, 31], "tokens_per_second": 2, "temporal_patch_size": 2}})";

const char kQwen3VL8B[] = R"({
  "architectures": ["Qwen3VLForConditionalGeneration"], "model_type": "qwen3_vl", "tie_word_embeddings": false,
  "text_config": {"attention_bias": false, "head_dim": 128, "hidden_act": "silu", "hidden_size": 4096,
                  "intermediate_size": 12288, "max_position_embeddings": 262144, "model_type": "qwen3_vl_text",
                  "num_attention_heads": 32, "num_hidden_layers": 36, "num_key_value_heads": 8,
                  "rms_norm_eps": 1e-06, "vocab_size": 151936},
  "vision_config": {"deepstack_visual_indexes": [8, 16, 24], "depth": 27, "hidden_act": "gelu_pytorch_tanh",
                    "hidden_size": 1152, "in_channels": 3, "intermediate_size": 4304, "model_type": "qwen3_vl",
                    "num_heads": 16, "num_position_embeddings": 2304, "out_hidden_size": 4096,
                    "patch_size": 16, "spatial_merge_size": 2, "temporal_patch_size": 2}})";

} // namespace

TEST_CASE("hf config: a Qwen-VL config.json's vision_config gives the catalog entry's tower") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    struct Case {
        const char* config;
        const char* id;
    };
    for (const Case& k : {Case{kQwen2VL7B, "qwen2-vl-7b"}, Case{kQwen25VL7B, "qwen2.5-vl-7b"},
                          Case{kQwen3VL8B, "qwen3-vl-8b"}}) {
        CAPTURE(k.id);
        const ModelResult r = model_from_hf_config(k.config);
        REQUIRE(r.errors.empty());
        const ModelSpec* want = c.find_model(k.id);
        REQUIRE(want);
        const ModelSpec& m = r.model;
        CHECK(m.vision_depth == want->vision_depth);
        CHECK(m.vision_hidden == want->vision_hidden);
        CHECK(m.vision_ffn == want->vision_ffn);
        CHECK(m.vision_gated_ffn == want->vision_gated_ffn);
        CHECK(m.vision_layernorm == want->vision_layernorm);
        CHECK(m.vision_patch_bias == want->vision_patch_bias);
        CHECK(m.vision_patch == want->vision_patch);
        CHECK(m.vision_temporal_patch == want->vision_temporal_patch);
        CHECK(m.vision_merge == want->vision_merge);
        CHECK(m.vision_pos_embeddings == want->vision_pos_embeddings);
        CHECK(m.vision_deepstack == want->vision_deepstack);
        CHECK(m.vision_window == want->vision_window);
        CHECK(m.vision_full_layers == want->vision_full_layers);
        CHECK(m.image_min_pixels == want->image_min_pixels);
        CHECK(m.image_max_pixels == want->image_max_pixels);
        // The counts and an image's tokens follow from those fields: the same as the catalog's.
        CHECK(count_vision_params(m).total == count_vision_params(*want).total);
        CHECK(image_grid(m, 1280, 720).tokens == image_grid(*want, 1280, 720).tokens);
        CHECK(m.params == doctest::Approx(want->params).epsilon(1e-12)); // the language model alone
    }
    // The published visual counts (catalog sources): Qwen2-VL 675,759,104; Qwen2.5-VL 676,550,144;
    // Qwen3-VL 576,388,336.
    CHECK(count_vision_params(model_from_hf_config(kQwen2VL7B).model).total == 675759104.0);
    CHECK(count_vision_params(model_from_hf_config(kQwen25VL7B).model).total == 676550144.0);
    CHECK(count_vision_params(model_from_hf_config(kQwen3VL8B).model).total == 576388336.0);
    // Another family's vision_config (LLaVA's CLIP tower) is not read: the model is text only.
    CHECK(model_from_hf_config(R"({"model_type":"llava","vision_config":{"hidden_size":1024},
        "text_config":{"model_type":"llama","hidden_size":4096,"intermediate_size":11008,"num_attention_heads":32,
        "num_hidden_layers":32,"vocab_size":32000}})")
              .model.vision_depth == 0);
    // A bad value inside vision_config names its key.
    const ModelResult bad = model_from_hf_config(
        R"({"model_type":"qwen2_5_vl","hidden_size":3584,"intermediate_size":18944,"num_attention_heads":28,
        "num_hidden_layers":28,"num_key_value_heads":4,"vocab_size":152064,"vision_config":{"depth":-1,
        "hidden_size":1280,"intermediate_size":3420}})");
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].field == "vision_config.depth");
    CHECK(bad.errors[0].message == "vision_config.depth must be an integer from 1 to 1000, got -1");
}

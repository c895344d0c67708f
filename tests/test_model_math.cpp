// traincalc — tests/test_model_math.cpp
// derive_model() (core/model_math.h): what a model and a scenario imply before any card is chosen.
// Golden cases computed by hand from the formulas' sources; LoRA counts checked against the counts
// Hugging Face PEFT prints for LLaMA-7B.
//
// Index of this file:
// [SECTION] Bytes per parameter (ZeRO paper: 2 + 2 + 12 = 16 B with AdamW)
// [SECTION] LoRA adapters (PEFT's print_trainable_parameters)
// [SECTION] FLOPs per token and tokens
#include "core/catalog.h"
#include "core/model_math.h"
#include "fixtures.h"

#include <doctest/doctest.h>

using namespace traincalc;
using namespace traincalc::detail;

namespace {
Scenario full_7b() {
    Scenario s;
    s.model_id = "";
    s.model = fixtures::model_7b();
    s.method = Method::full;
    s.data_input = DataInput::tokens;
    s.tokens = 2.5e8;
    s.epochs = 2;
    s.seq_len = 4096;
    return s;
}
} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Bytes per parameter
//-----------------------------------------------------------------------------

TEST_CASE("model_math: mixed-precision AdamW holds 2 + 2 + 12 bytes per parameter") {
    ModelDerived md;
    derive_model(full_7b(), fixtures::model_7b(), md);
    CHECK(md.params == 7e9);
    CHECK(md.weight_bytes_per_param == 2);
    CHECK(md.grad_bytes_per_param == 2);
    CHECK(md.optimizer_bytes_per_param == 12);
    CHECK(md.weights_bytes == doctest::Approx(1.4e10));
    CHECK(md.grads_bytes == doctest::Approx(1.4e10));
    CHECK(md.optimizer_bytes == doctest::Approx(8.4e10));
    CHECK(md.adapter_params == 0);
}

TEST_CASE("model_math: fp32 needs no master copy; pure bf16 keeps 16-bit moments; 8-bit AdamW") {
    Scenario s = full_7b();
    ModelDerived md;
    s.precision = Precision::fp32;
    derive_model(s, s.model, md);
    CHECK(md.weight_bytes_per_param == 4);
    CHECK(md.optimizer_bytes_per_param == 8); // m + v, fp32
    s.precision = Precision::bf16;
    s.master_weights = false;
    derive_model(s, s.model, md);
    CHECK(md.optimizer_bytes_per_param == 4); // 16-bit m + v
    s.master_weights = true;
    s.optimizer = Optimizer::adamw_8bit;
    derive_model(s, s.model, md);
    CHECK(md.optimizer_bytes_per_param == 6); // fp32 master + two 8-bit moments
}

//-----------------------------------------------------------------------------
// [SECTION] LoRA adapters
//-----------------------------------------------------------------------------

// PEFT on LLaMA-7B (hidden 4096, 32 layers), q_proj + v_proj: "trainable params: 4,194,304" at
// r = 8 (the PEFT README's LoRA example prints the same count for any 7B LLaMA), i.e.
// r·(4096 + 4096)·2 matrices·32 layers.
TEST_CASE("model_math: LoRA adapter count is r·(d_in + d_out) per adapted matrix (PEFT's count)") {
    Scenario s = full_7b();
    s.method = Method::lora;
    s.lora_targets = LoraTargets::qv;
    s.lora_rank = 8;
    ModelDerived md;
    derive_model(s, s.model, md);
    CHECK(md.adapter_params == doctest::Approx(4194304));
    CHECK(md.trainable_params == doctest::Approx(4194304));
    CHECK(md.grads_bytes == 0); // frozen base: no gradients for it
    CHECK(md.optimizer_bytes == 0);
    s.lora_rank = 16;
    derive_model(s, s.model, md);
    CHECK(md.adapter_params == doctest::Approx(8388608));
}

// An MoE token passes through its k routed experts (and the shared ones), so its compute trains those
// experts' adapters only; memory holds every expert's. Qwen3-30B-A3B (config.json: hidden 2048, 48
// layers, 32 q / 4 kv heads of 128, moe_intermediate_size 768, 128 experts, 8 per token), all linear
// layers at r = 16: attention 2,048 + 4,096 + 2,048 + 512 + 2,048 + 512 + 4,096 + 2,048 = 17,408 wide.
TEST_CASE("model_math: MoE LoRA computes the adapters of the experts a token is routed to, holds them all") {
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s;
    s.model_id = "qwen3-30b-a3b";
    s.method = Method::lora;
    s.lora_targets = LoraTargets::all;
    s.lora_rank = 16;
    const ModelSpec* m = c.find_model(s.model_id);
    REQUIRE(m);
    s.model = *m;
    ModelDerived md;
    derive_model(s, *m, md);
    CHECK(md.adapter_params == doctest::Approx(16.0 * 48 * (17408 + 3 * (2048 + 768) * 128)));
    CHECK(md.adapter_params_active == doctest::Approx(16.0 * 48 * (17408 + 3 * (2048 + 768) * 8)));
    CHECK(md.flops_executed_per_token == doctest::Approx(4 * md.active_params + 6 * md.adapter_params_active +
                                                         md.flops_attention_per_token));
    // Llama 4 Scout: 1 routed expert of 16 and 1 shared, both always in the token's path and in memory.
    s.model_id = "llama-4-scout";
    m = c.find_model(s.model_id);
    REQUIRE(m);
    s.model = *m;
    derive_model(s, *m, md);
    const double ffn = 3.0 * (m->hidden + m->ffn);
    const double attn = md.adapter_params / (16.0 * m->layers) - ffn * (16 + 1);
    CHECK(attn > 0);
    CHECK(md.adapter_params_active == doctest::Approx(16.0 * m->layers * (attn + ffn * (1 + 1))));
    // A dense model's token runs through every adapter.
    s.model_id = "";
    s.model = fixtures::model_7b();
    derive_model(s, s.model, md);
    CHECK(md.adapter_params_active == md.adapter_params);
}

TEST_CASE("model_math: QLoRA keeps the linear layers in NF4 (0.516 B) and the rest in 16-bit") {
    Scenario s = full_7b();
    s.method = Method::qlora;
    ModelDerived md;
    derive_model(s, s.model, md);
    CHECK(md.quantised);
    CHECK(md.linear_params > 0);
    CHECK(md.linear_params + md.other_params == doctest::Approx(7e9));
    CHECK(md.weights_bytes == doctest::Approx(md.linear_params * kNf4BytesPerParam + md.other_params * 2));
}

//-----------------------------------------------------------------------------
// [SECTION] FLOPs per token and tokens
//-----------------------------------------------------------------------------

TEST_CASE("model_math: model FLOPs per token 6·N + 12·L·h·s (PaLM), executed adds recomputation") {
    Scenario s = full_7b();
    ModelDerived md;
    derive_model(s, s.model, md);
    const double attn = 12.0 * 32 * 4096 * 4096; // 6.44e9
    CHECK(md.flops_model_per_token == doctest::Approx(6 * 7e9 + attn));
    s.flash_attention = false; // eager attention executes what the model-FLOPs convention counts
    derive_model(s, s.model, md);
    CHECK(md.flops_executed_per_token == doctest::Approx(md.flops_model_per_token));
    CHECK(md.tokens_per_epoch == doctest::Approx(2.5e8));
    CHECK(md.tokens == doctest::Approx(5e8)); // × 2 epochs
    s.checkpointing = Checkpointing::full;    // one more forward: +2·N, and the attention again
    derive_model(s, s.model, md);
    CHECK(md.flops_executed_per_token > md.flops_model_per_token + 2 * 7e9 - 1);
}

TEST_CASE("model_math: causal flash attention executes half the s² scores (and half again when recomputed)") {
    Scenario s = full_7b();
    s.flash_attention = true;
    ModelDerived md;
    derive_model(s, s.model, md);
    const double attn = 12.0 * 32 * 4096 * 4096;
    CHECK(md.flops_model_per_token == doctest::Approx(6 * 7e9 + attn)); // the MFU convention is unchanged
    CHECK(md.flops_attention_per_token == doctest::Approx(attn / 2));
    CHECK(md.flops_executed_per_token == doctest::Approx(6 * 7e9 + attn / 2));
    s.checkpointing = Checkpointing::full; // + 2·N and the attention forward 4·L·h·s, both halved
    derive_model(s, s.model, md);
    CHECK(md.flops_attention_per_token == doctest::Approx((attn + 4.0 * 32 * 4096 * 4096) / 2));
    s.flash_attention = false;
    derive_model(s, s.model, md);
    CHECK(md.flops_attention_per_token == doctest::Approx(attn + 4.0 * 32 * 4096 * 4096));
}

TEST_CASE("model_math: data given as samples × tokens, or as megabytes of text") {
    Scenario s = full_7b();
    s.data_input = DataInput::samples;
    s.samples = 50000;
    s.avg_tokens = 500;
    s.epochs = 3;
    ModelDerived md;
    derive_model(s, s.model, md);
    CHECK(md.tokens == doctest::Approx(7.5e7));
    s.data_input = DataInput::dataset_size;
    s.dataset_mb = 100; // 1e8 B ÷ 1.5 chars/token ÷ 3 B/char
    s.chars_per_token = 1.5;
    s.bytes_per_char = 3;
    s.epochs = 1;
    derive_model(s, s.model, md);
    CHECK(md.tokens == doctest::Approx(1e8 / 1.5 / 3));
    CHECK(md.dataset_bytes == doctest::Approx(1e8));
}

TEST_CASE("model_math: rollouts cache K and V per layer, or MLA's latent (DeepSeek-V3: 2 B x 61 x 576)") {
    Scenario s = full_7b();
    s.objective = Objective::grpo;
    ModelDerived md;
    derive_model(s, s.model, md);
    // fixtures::model_7b(): K and V of kv_heads·head_dim each (kv_cache_values_per_token_layer), 2 B, every
    // layer.
    CHECK(md.kv_bytes_per_token ==
          doctest::Approx(2.0 * s.model.layers * kv_cache_values_per_token_layer(s.model)));
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    const ModelSpec* ds = c.find_model("deepseek-v3");
    REQUIRE(ds != nullptr);
    s.model = *ds;
    derive_model(s, s.model, md);
    CHECK(md.kv_bytes_per_token == doctest::Approx(2.0 * 61 * (512 + 64))); // was 2·2·61·(128·128) as GQA
}

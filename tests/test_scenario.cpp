// traincalc — tests/test_scenario.cpp
// Scenario JSON: defaults, every field's round trip, exact range messages in both languages,
// unknown keys and ids, custom and pasted Hugging Face models, validate().
//
// Index of this file:
// [SECTION] Fixtures
// [SECTION] Round trip, field by field
// [SECTION] Reading: keys, inference, patches
// [SECTION] Errors (exact text)
// [SECTION] validate() and to_string()
// [SECTION] Relations between fields (exact text)
// [SECTION] One contract: whatever validate() accepts, estimate() answers

#include "checks.h"
#include "core/estimate.h"
#include "core/json_write.h"
#include "core/scenario.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <string>

using namespace traincalc;
using traincalc::checks::check_one_error;

//-----------------------------------------------------------------------------
// [SECTION] Fixtures
//-----------------------------------------------------------------------------
namespace {

Catalog two_card_catalog() {
    CatalogResult r = parse_catalog(R"({"gpus":[
        {"id":"A100-80G","name":"NVIDIA A100 80GB SXM","memory_gib":80,"tflops_16bit":312,"nvlink_gbps":600},
        {"id":"RTX4090","name":"GeForce RTX 4090","memory_gib":24,"tflops_16bit":165,"tflops_fp8":330}],
        "models":[
        {"id":"qwen2.5-7b","layers":28,"hidden":3584,"heads":28,"kv_heads":4,"ffn":18944,"vocab":152064,"params":7.62e9},
        {"id":"llama-3.1-8b","layers":32,"hidden":4096,"heads":32,"kv_heads":8,"ffn":14336,"vocab":128256,"params":8.03e9}]})");
    REQUIRE(r.errors.empty());
    return r.catalog;
}

// Every field compared one by one: a failure names the field.
void check_same_model(const ModelSpec& a, const ModelSpec& b) {
    CHECK(a.id == b.id);
    CHECK(a.name == b.name);
    CHECK(a.params == b.params);
    CHECK(a.active_params == b.active_params);
    CHECK(a.layers == b.layers);
    CHECK(a.hidden == b.hidden);
    CHECK(a.heads == b.heads);
    CHECK(a.kv_heads == b.kv_heads);
    CHECK(a.ffn == b.ffn);
    CHECK(a.vocab == b.vocab);
    CHECK(a.context == b.context);
    CHECK(a.experts == b.experts);
    CHECK(a.experts_per_token == b.experts_per_token);
    CHECK(a.gated_ffn == b.gated_ffn);
    CHECK(a.tied_embeddings == b.tied_embeddings);
    CHECK(a.source == b.source);
    CHECK(a.head_dim == b.head_dim);
    CHECK(a.shared_experts == b.shared_experts);
    CHECK(a.dense_layers == b.dense_layers);
    CHECK(a.dense_ffn == b.dense_ffn);
}

void check_same_gpu(const GpuSpec& a, const GpuSpec& b) {
    CHECK(a.id == b.id);
    CHECK(a.name == b.name);
    CHECK(a.memory_gib == b.memory_gib);
    CHECK(a.tflops_16bit == b.tflops_16bit);
    CHECK(a.tflops_fp8 == b.tflops_fp8);
    CHECK(a.bandwidth_gbps == b.bandwidth_gbps);
    CHECK(a.nvlink_gbps == b.nvlink_gbps);
    CHECK(a.compute_capability == b.compute_capability);
    CHECK(a.tdp_w == b.tdp_w);
    CHECK(a.utilization_default == b.utilization_default);
    CHECK(a.bf16 == b.bf16);
    CHECK(a.verified == b.verified);
    CHECK(a.price_cny_per_hour == b.price_cny_per_hour);
    CHECK(a.price_cny_per_day == b.price_cny_per_day);
    CHECK(a.price_cny_per_month == b.price_cny_per_month);
    CHECK(a.price_usd_per_hour == b.price_usd_per_hour);
    CHECK(a.purchase_cny == b.purchase_cny);
    CHECK(a.source == b.source);
    CHECK(a.price_source == b.price_source);
}

} // namespace

// Shared with test_url.cpp (declared there).
void check_same_scenario(const Scenario& a, const Scenario& b) {
    CHECK(a.model_id == b.model_id);
    check_same_model(a.model, b.model);
    CHECK(a.method == b.method);
    CHECK(a.lora_rank == b.lora_rank);
    CHECK(a.lora_targets == b.lora_targets);
    CHECK(a.data_input == b.data_input);
    CHECK(a.tokens == b.tokens);
    CHECK(a.samples == b.samples);
    CHECK(a.avg_tokens == b.avg_tokens);
    CHECK(a.dataset_mb == b.dataset_mb);
    CHECK(a.chars_per_token == b.chars_per_token);
    CHECK(a.bytes_per_char == b.bytes_per_char);
    CHECK(a.epochs == b.epochs);
    CHECK(a.seq_len == b.seq_len);
    CHECK(a.micro_batch == b.micro_batch);
    CHECK(a.grad_accum == b.grad_accum);
    CHECK(a.checkpointing == b.checkpointing);
    CHECK(a.flash_attention == b.flash_attention);
    CHECK(a.precision == b.precision);
    CHECK(a.optimizer == b.optimizer);
    CHECK(a.zero == b.zero);
    CHECK(a.tp == b.tp);
    CHECK(a.pp == b.pp);
    CHECK(a.offload == b.offload);
    CHECK(a.gpu_id == b.gpu_id);
    check_same_gpu(a.gpu, b.gpu);
    CHECK(a.cards == b.cards);
    CHECK(a.utilization == b.utilization);
    CHECK(a.scaling_efficiency == b.scaling_efficiency);
    CHECK(a.tokens_per_second_per_gpu == b.tokens_per_second_per_gpu);
    CHECK(a.deadline_hours == b.deadline_hours);
    CHECK(a.overhead_fraction == b.overhead_fraction);
    CHECK(a.fixed_hours == b.fixed_hours);
    CHECK(a.upload_gb == b.upload_gb);
    CHECK(a.upload_mbps == b.upload_mbps);
    CHECK(a.download_mbps == b.download_mbps);
    CHECK(a.checkpoints == b.checkpoints);
    CHECK(a.disk_write_mb_per_s == b.disk_write_mb_per_s);
    CHECK(a.pilot_hours == b.pilot_hours);
    CHECK(a.pilot_fraction == b.pilot_fraction);
    CHECK(a.currency == b.currency);
    CHECK(a.price_hourly == b.price_hourly);
    CHECK(a.price_daily == b.price_daily);
    CHECK(a.price_monthly == b.price_monthly);
    CHECK(a.min_billed_hours == b.min_billed_hours);
    CHECK(a.storage_gb == b.storage_gb);
    CHECK(a.storage_per_gb_month == b.storage_per_gb_month);
    CHECK(a.traffic_gb == b.traffic_gb);
    CHECK(a.traffic_per_gb == b.traffic_per_gb);
    CHECK(a.cny_per_usd == b.cny_per_usd);
    CHECK(a.purchase_price == b.purchase_price);
    CHECK(a.depreciation_months == b.depreciation_months);
    CHECK(a.electricity_per_kwh == b.electricity_per_kwh);
    CHECK(a.pue == b.pue);
    CHECK(a.rack_per_month == b.rack_per_month);
    CHECK(a.ops_per_month == b.ops_per_month);
    CHECK(a.hours_per_month_used == b.hours_per_month_used);
    for (int i = 0; i < 3; ++i) {
        CAPTURE(i);
        CHECK(a.quotes[i].name == b.quotes[i].name);
        CHECK(a.quotes[i].price_per_card_hour == b.quotes[i].price_per_card_hour);
        CHECK(a.quotes[i].min_billed_hours == b.quotes[i].min_billed_hours);
        CHECK(a.quotes[i].bandwidth_mbps == b.quotes[i].bandwidth_mbps);
        CHECK(a.quotes[i].storage_per_gb_month == b.quotes[i].storage_per_gb_month);
        CHECK(a.quotes[i].traffic_per_gb == b.quotes[i].traffic_per_gb);
        CHECK(a.quotes[i].deposit == b.quotes[i].deposit);
    }
}

// A scenario with every field away from its default; doubles chosen to need 17 digits.
Scenario every_field_changed() {
    Scenario s;
    s.model_id = "";
    s.model.id = "";
    s.model.name = "My MoE 中文";
    s.model.params = 46.7e9 + 0.1;
    s.model.active_params = 12.9e9 / 3;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.kv_heads = 8;
    s.model.ffn = 14336;
    s.model.vocab = 32000;
    s.model.context = 32768;
    s.model.experts = 8;
    s.model.experts_per_token = 2;
    s.model.gated_ffn = false;
    s.model.tied_embeddings = true;
    s.model.source = "config.json";
    s.model.head_dim = 128;
    s.model.shared_experts = 1;
    s.model.dense_layers = 1;
    s.model.dense_ffn = 20000;
    s.method = Method::qlora;
    s.lora_rank = 64;
    s.lora_targets = LoraTargets::qv;
    s.data_input = DataInput::dataset_size;
    s.tokens = 1e13;
    s.samples = 123457;
    s.avg_tokens = 500 + 1.0 / 3;
    s.dataset_mb = 1.0 / 3;
    s.chars_per_token = 3.9;
    s.bytes_per_char = 1;
    s.epochs = 2.5;
    s.seq_len = 8192;
    s.micro_batch = 4;
    s.grad_accum = 16;
    s.checkpointing = Checkpointing::selective;
    s.flash_attention = false;
    s.precision = Precision::fp8;
    s.optimizer = Optimizer::adamw_8bit;
    s.zero = 3;
    s.tp = 2;
    s.pp = 4;
    s.offload = Offload::optimizer_params;
    s.gpu_id = "";
    s.gpu.id = "";
    s.gpu.name = "Custom card";
    s.gpu.memory_gib = 96;
    s.gpu.tflops_16bit = 989.4;
    s.gpu.tflops_fp8 = 1978.9;
    s.gpu.bandwidth_gbps = 3350;
    s.gpu.nvlink_gbps = 900;
    s.gpu.compute_capability = 9.0;
    s.gpu.tdp_w = 700;
    s.gpu.utilization_default = 0.35;
    s.gpu.bf16 = false;
    s.gpu.verified = false;
    s.gpu.price_cny_per_hour = 17.5;
    s.gpu.price_cny_per_day = 400;
    s.gpu.price_cny_per_month = 9000;
    s.gpu.price_usd_per_hour = 2.49;
    s.gpu.purchase_cny = 250000;
    s.gpu.source = "datasheet";
    s.gpu.price_source = "quote";
    s.cards = 4096;
    s.utilization = 0.45;
    s.scaling_efficiency = 0.9;
    s.tokens_per_second_per_gpu = 3000.5;
    s.deadline_hours = 72;
    s.overhead_fraction = 0.2;
    s.fixed_hours = 4;
    s.upload_gb = 12.5;
    s.upload_mbps = 50;
    s.download_mbps = 500;
    s.checkpoints = 10;
    s.disk_write_mb_per_s = 1200;
    s.pilot_hours = 0.75;
    s.pilot_fraction = 0.05;
    s.currency = Currency::usd;
    s.price_hourly = 2.1;
    s.price_daily = 45;
    s.price_monthly = 1200;
    s.min_billed_hours = 0.5;
    s.storage_gb = 500;
    s.storage_per_gb_month = 0.1;
    s.traffic_gb = 20;
    s.traffic_per_gb = 0.8;
    s.cny_per_usd = 7.25;
    s.purchase_price = 30000;
    s.depreciation_months = 48;
    s.electricity_per_kwh = 0.12;
    s.pue = 1.5;
    s.rack_per_month = 100;
    s.ops_per_month = 50;
    s.hours_per_month_used = 720;
    s.quotes[0] = Quote{"AutoDL", 1.98, 1, 100, 0.3, 0, 100};
    s.quotes[1] = Quote{"恒源云", 2.2, 0.5, 50, 0.2, 0.8, 0};
    s.quotes[2] = Quote{"third", 3.0 / 7, 24, 1000, 0, 0.1, 5000};
    return s;
}

//-----------------------------------------------------------------------------
// [SECTION] Round trip, field by field
//-----------------------------------------------------------------------------

TEST_CASE("scenario: {} gives the documented defaults; to_json of the defaults reads back the same") {
    Catalog cat = two_card_catalog();
    ScenarioResult r = scenario_from_json("{}", cat);
    CHECK(r.errors.empty());
    check_same_scenario(r.scenario, Scenario{});
    ScenarioResult back = scenario_from_json(scenario_to_json(Scenario{}), cat);
    CHECK(back.errors.empty());
    check_same_scenario(back.scenario, Scenario{});
}

TEST_CASE("scenario: from_json(to_json(s)) == s for every field (custom model and card)") {
    Catalog cat = two_card_catalog();
    Scenario s = every_field_changed();
    std::string text = scenario_to_json(s);
    ScenarioResult r = scenario_from_json(text, cat);
    for (const FieldError& e : r.errors) MESSAGE(e.field << ": " << e.message);
    CHECK(r.errors.empty());
    check_same_scenario(r.scenario, s);
    CHECK(scenario_to_json(r.scenario) == text);
}

TEST_CASE("scenario: round trip keeps the custom model and card while catalog ids are chosen") {
    Catalog cat = two_card_catalog();
    Scenario s = every_field_changed();
    s.model_id = "llama-3.1-8b";
    s.gpu_id = "RTX4090";
    ScenarioResult r = scenario_from_json(scenario_to_json(s), cat);
    for (const FieldError& e : r.errors) MESSAGE(e.field << ": " << e.message);
    CHECK(r.errors.empty());
    check_same_scenario(r.scenario, s);
}

//-----------------------------------------------------------------------------
// [SECTION] Reading: keys, inference, patches
//-----------------------------------------------------------------------------

TEST_CASE("scenario: docs/design.md keys") {
    Catalog cat = two_card_catalog();
    ScenarioResult r = scenario_from_json(R"({"model":"llama-3.1-8b","method":"full","tokens":1e9,"epochs":1,
        "seq_len":4096,"micro_batch":2,"grad_accum":4,"checkpointing":"full","flash_attention":false,
        "precision":"fp16","optimizer":"sgd","lora_rank":8,"lora_targets":"qv","zero":2,"tp":2,"pp":2,
        "offload":"optimizer","gpu":"RTX4090","cards":8,"utilization":0.5,"scaling_efficiency":0.8,
        "tokens_per_second_per_gpu":2500,"deadline_hours":48,
        "price":{"currency":"USD","hourly":2,"daily":40,"monthly":900}})",
                                          cat);
    CHECK(r.errors.empty());
    const Scenario& s = r.scenario;
    CHECK(s.model_id == "llama-3.1-8b");
    CHECK(s.method == Method::full);
    CHECK(s.data_input == DataInput::tokens);
    CHECK(s.tokens == 1e9);
    CHECK(s.checkpointing == Checkpointing::full);
    CHECK_FALSE(s.flash_attention);
    CHECK(s.precision == Precision::fp16);
    CHECK(s.optimizer == Optimizer::sgd);
    CHECK(s.lora_targets == LoraTargets::qv);
    CHECK(s.zero == 2);
    CHECK(s.offload == Offload::optimizer);
    CHECK(s.gpu_id == "RTX4090");
    CHECK(s.cards == 8);
    CHECK(s.currency == Currency::usd);
    CHECK(s.price_hourly == 2);
    CHECK(s.price_daily == 40);
    CHECK(s.price_monthly == 900);
}

TEST_CASE("scenario: samples + avg_tokens and dataset_mb set data_input") {
    Catalog cat = two_card_catalog();
    ScenarioResult r = scenario_from_json(R"({"samples":1000,"avg_tokens":300})", cat);
    CHECK(r.errors.empty());
    CHECK(r.scenario.data_input == DataInput::samples);
    r = scenario_from_json(R"({"dataset_mb":50})", cat);
    CHECK(r.scenario.data_input == DataInput::dataset_size);
    r = scenario_from_json(R"({"tokens":5e8,"samples":10,"data_input":"samples"})", cat);
    CHECK(r.errors.empty());
    CHECK(r.scenario.data_input == DataInput::samples);
    r = scenario_from_json(R"({"tokens":5e8,"samples":10})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "tokens");
    CHECK(r.errors[0].message == "give either tokens or samples + avg_tokens, not both (or set data_input)");
}

TEST_CASE("scenario: custom model and card objects") {
    Catalog cat = two_card_catalog();
    ScenarioResult r = scenario_from_json(R"({"model":{"params":7e9,"layers":32,"hidden":4096,"heads":32,
        "kv_heads":8,"ffn":11008,"vocab":32000},"gpu":{"name":"My card","memory_gib":48,"tflops_16bit":150,
        "tflops_fp8":300,"bandwidth_gbps":960,"nvlink":true}})",
                                          cat);
    for (const FieldError& e : r.errors) MESSAGE(e.field << ": " << e.message);
    CHECK(r.errors.empty());
    CHECK(r.scenario.model_id.empty());
    CHECK(r.scenario.model.params == 7e9);
    CHECK(r.scenario.model.kv_heads == 8);
    CHECK(r.scenario.gpu_id.empty());
    CHECK(r.scenario.gpu.name == "My card");
    CHECK(r.scenario.gpu.nvlink_gbps == 600);
    CHECK(r.scenario.gpu.tflops_fp8 == 300);

    // Params counted when only the architecture is given; MoE active params too.
    r = scenario_from_json(R"({"model":{"layers":32,"hidden":4096,"heads":32,"kv_heads":8,"ffn":14336,
        "vocab":32000,"experts":8,"experts_per_token":2}})",
                           cat);
    CHECK(r.errors.empty());
    CHECK(r.scenario.model.params == doctest::Approx(46.7e9).epsilon(0.01));
    CHECK(r.scenario.model.active_params == doctest::Approx(12.9e9).epsilon(0.01));
}

TEST_CASE("scenario: a pasted Hugging Face config.json inside model") {
    Catalog cat = two_card_catalog();
    ScenarioResult r = scenario_from_json(R"({"model":{"model_type":"llama","hidden_size":4096,
        "intermediate_size":11008,"num_attention_heads":32,"num_hidden_layers":32,"num_key_value_heads":32,
        "vocab_size":32000,"max_position_embeddings":4096,"tie_word_embeddings":false}})",
                                          cat);
    CHECK(r.errors.empty());
    CHECK(r.scenario.model_id.empty());
    CHECK(r.scenario.model.params == doctest::Approx(6.74e9).epsilon(0.01));
    CHECK(r.scenario.model.context == 4096);

    r = scenario_from_json(R"({"model":{"hidden_size":4096,"num_hidden_layers":0,"num_attention_heads":32,
        "vocab_size":32000}})",
                           cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "model.num_hidden_layers");
    CHECK(r.errors[0].message == "model.num_hidden_layers must be an integer from 1 to 10000, got 0");
    CHECK(r.scenario.model_id == "qwen2.5-7b"); // unchanged on error
}

TEST_CASE("scenario_patch: applies over a base and keeps the rest") {
    Catalog cat = two_card_catalog();
    Scenario base;
    base.cards = 8;
    base.gpu_id = "RTX4090";
    ScenarioResult r = scenario_patch(base, R"({"epochs":1,"price":{"hourly":1.5}})", cat);
    CHECK(r.errors.empty());
    CHECK(r.scenario.cards == 8);
    CHECK(r.scenario.gpu_id == "RTX4090");
    CHECK(r.scenario.epochs == 1);
    CHECK(r.scenario.price_hourly == 1.5);
    CHECK(r.scenario.price_daily == -1);
    CHECK(r.scenario.currency == Currency::cny);

    r = scenario_patch(base, R"({"quotes":[{"name":"only","price_per_card_hour":2}]})", cat);
    CHECK(r.errors.empty());
    CHECK(r.scenario.quotes[0].name == "only");
    CHECK(r.scenario.quotes[0].min_billed_hours == 1);
    CHECK(r.scenario.quotes[1].name.empty());
}

TEST_CASE("scenario: extreme but valid values pass") {
    Catalog cat = two_card_catalog();
    ScenarioResult r = scenario_from_json(R"({"tokens":1e13,"cards":4096,"seq_len":1048576,
        "model":{"params":2e12,"layers":200,"hidden":32768,"heads":256,"vocab":256000}})",
                                          cat);
    for (const FieldError& e : r.errors) MESSAGE(e.field << ": " << e.message);
    CHECK(r.errors.empty());
    CHECK(r.scenario.tokens == 1e13);
    CHECK(r.scenario.model.params == 2e12);
    CHECK(r.scenario.cards == 4096);
    CHECK(validate(r.scenario, cat).empty());
}

//-----------------------------------------------------------------------------
// [SECTION] Errors (exact text)
//-----------------------------------------------------------------------------

TEST_CASE("scenario errors: ranges, types, enums, unknown keys and ids") {
    Catalog cat = two_card_catalog();
    ScenarioResult r = scenario_from_json(R"({"cards":0})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "cards");
    CHECK(r.errors[0].message == "cards must be an integer from 1 to 65536, got 0");
    CHECK(r.errors[0].message_zh == "cards 必须是 1 到 65536 之间的整数，实际为 0");
    CHECK(r.scenario.cards == 1); // the default stays

    r = scenario_from_json(R"({"epochs":"three"})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "epochs must be a number from 0.01 to 1000, got \"three\"");
    CHECK(r.errors[0].message_zh == "epochs 必须是 0.01 到 1000 之间的数，实际为 \"three\"");

    r = scenario_from_json(R"({"utilization":1.5,"zero":4,"tp":1.5})", cat);
    REQUIRE(r.errors.size() == 3);
    CHECK(r.errors[0].message == "tp must be an integer from 1 to 1024, got 1.5");
    CHECK(r.errors[1].message == "utilization must be a number from 0.001 to 1, got 1.5");
    CHECK(r.errors[2].message == "zero must be an integer from 0 to 3, got 4");

    r = scenario_from_json(R"({"method":"dpo"})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "method");
    CHECK(r.errors[0].message == "method must be one of \"full\", \"lora\", \"qlora\", got \"dpo\"");
    CHECK(r.errors[0].message_zh == "method 必须是 \"full\"、\"lora\"、\"qlora\" 之一，实际为 \"dpo\"");

    r = scenario_from_json(R"({"flash_attention":1})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "flash_attention must be true or false, got 1");

    r = scenario_from_json(R"({"gpus":8})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "gpus");
    CHECK(r.errors[0].message == "unknown key \"gpus\"");
    CHECK(r.errors[0].message_zh == "未知的键 \"gpus\"");

    r = scenario_from_json(R"({"model":"gpt-5","gpu":"B300"})", cat);
    REQUIRE(r.errors.size() == 2);
    CHECK(r.errors[0].field == "gpu");
    CHECK(r.errors[0].message == "unknown GPU id \"B300\": not in the catalog (known: A100-80G, RTX4090)");
    CHECK(r.errors[0].message_zh == "未知的GPU id \"B300\"：目录中没有（已知：A100-80G, RTX4090）");
    CHECK(r.errors[1].field == "model");
    CHECK(r.errors[1].message ==
          "unknown model id \"gpt-5\": not in the catalog (known: qwen2.5-7b, llama-3.1-8b)");

    r = scenario_from_json(R"({"model":{"layers":32}})", cat);
    REQUIRE(r.errors.size() == 3);
    CHECK(r.errors[0].field == "model.hidden");
    CHECK(r.errors[0].message == "model.hidden is required");
    CHECK(r.errors[0].message_zh == "缺少必填字段 model.hidden");

    r = scenario_from_json(
        R"({"model":{"params":7e9,"layers":32,"hidden":4096,"heads":32,"vocab":32000,"ffm":1}})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "model.ffm");
    CHECK(r.errors[0].message == "unknown key \"model.ffm\"");

    r = scenario_from_json(R"({"gpu":{"name":"x","memory_gib":5000,"tflops_16bit":100}})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "gpu.memory_gib");
    CHECK(r.errors[0].message == "gpu.memory_gib must be a number from 1 to 4096, got 5000");

    r = scenario_from_json(R"({"price":{"currency":"EUR","hourly":-2}})", cat);
    REQUIRE(r.errors.size() == 2);
    CHECK(r.errors[0].field == "price.currency");
    CHECK(r.errors[0].message == "price.currency must be one of \"CNY\", \"USD\", got \"EUR\"");
    CHECK(r.errors[1].field == "price.hourly");
    CHECK(r.errors[1].message == "price.hourly must be a number from -1 to 1e9, got -2");

    r = scenario_from_json(R"({"quotes":[{},{},{},{}]})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "quotes must be an array of at most 3 objects, got an array");

    r = scenario_from_json(R"({"quotes":[{"deposit":-1}]})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "quotes[0].deposit");
    CHECK(r.errors[0].message == "quotes[0].deposit must be a number from 0 to 1e12, got -1");
}

TEST_CASE("scenario errors: not JSON, not an object, huge and strange values") {
    Catalog cat = two_card_catalog();
    ScenarioResult r = scenario_from_json("{\"cards\": 8,}", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "");
    CHECK(r.errors[0].message == "not valid JSON: syntax error at byte offset 12");
    r = scenario_from_json("42", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "a scenario must be a JSON object, got 42");
    r = scenario_from_json(R"({"tokens":1e400})", cat); // the parser rejects overflowing numbers
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "not valid JSON: syntax error at byte offset 14");
    r = scenario_from_json(R"({"tokens":1e16})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "tokens must be a number from 1 to 1e15, got 1e16");
    r = scenario_from_json(R"({"cards":18446744073709551615})", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "cards must be an integer from 1 to 65536, got 1.8446744073709552e19");
    // A long string value is shown truncated on a character boundary.
    std::string long_id(100, 'x');
    r = scenario_from_json("{\"method\":\"" + long_id + "\"}", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message ==
          "method must be one of \"full\", \"lora\", \"qlora\", got \"" + std::string(60, 'x') + "…\"");
    r = scenario_from_json("{\"method\":\"" + std::string(59, 'x') + "中文\"}", cat);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message ==
          "method must be one of \"full\", \"lora\", \"qlora\", got \"" + std::string(59, 'x') + "…\"");
}

//-----------------------------------------------------------------------------
// [SECTION] validate() and to_string()
//-----------------------------------------------------------------------------

TEST_CASE("validate: an already-built scenario") {
    Catalog cat = two_card_catalog();
    CHECK(validate(Scenario{}, cat).empty());
    Scenario s;
    s.cards = 0;
    s.epochs = std::numeric_limits<double>::quiet_NaN();
    s.gpu_id = "nope";
    s.quotes[1].min_billed_hours = 0;
    std::vector<FieldError> errors = validate(s, cat);
    REQUIRE(errors.size() == 4);
    CHECK(errors[0].field == "epochs");
    CHECK(errors[0].message == "epochs must be a number from 0.01 to 1000, got NaN");
    CHECK(errors[1].field == "cards");
    CHECK(errors[1].message == "cards must be an integer from 1 to 65536, got 0");
    CHECK(errors[2].field == "quotes[1].min_billed_hours");
    CHECK(errors[3].field == "gpu");

    Scenario custom;
    custom.model_id = "";
    errors = validate(custom, cat);
    REQUIRE(!errors.empty());
    CHECK(errors[0].field == "model.params");
    CHECK(errors[0].message == "model.params must be a number from 1000 to 1e14, got 0");
}

TEST_CASE("to_string: the JSON spellings") {
    CHECK(std::string(to_string(Method::qlora)) == "qlora");
    CHECK(std::string(to_string(LoraTargets::all)) == "all");
    CHECK(std::string(to_string(Checkpointing::selective)) == "selective");
    CHECK(std::string(to_string(Precision::fp8)) == "fp8");
    CHECK(std::string(to_string(Optimizer::adamw_8bit)) == "adamw_8bit");
    CHECK(std::string(to_string(Offload::optimizer_params)) == "optimizer+params");
    CHECK(std::string(to_string(Currency::usd)) == "USD");
    CHECK(std::string(to_string(static_cast<Method>(7))) == "?");
}

TEST_CASE("errors_to_json: the shape every surface reports errors in, in either language") {
    const std::vector<FieldError> errors = {{"cards", "cards must be an integer from 1 to 65536, got 0",
                                             "cards 必须是 1 到 65536 之间的整数，实际为 0"},
                                            {"gpu", "say \"no\"", ""}};
    CHECK(errors_to_json(errors, Lang::en) ==
          R"({"errors":[{"field":"cards","message":"cards must be an integer from 1 to 65536, got 0"},)"
          R"({"field":"gpu","message":"say \"no\""}]})");
    // Chinese where there is a Chinese message, English otherwise.
    CHECK(errors_to_json(errors, Lang::zh) ==
          R"({"errors":[{"field":"cards","message":"cards 必须是 1 到 65536 之间的整数，实际为 0"},)"
          R"({"field":"gpu","message":"say \"no\""}]})");
    CHECK(errors_to_json({}, Lang::en) == R"({"errors":[]})");
}

//-----------------------------------------------------------------------------
// [SECTION] Relations between fields (exact text)
//-----------------------------------------------------------------------------
TEST_CASE("validate: tp × pp must fit in the cards and divide them") {
    Catalog cat = two_card_catalog();
    Scenario s; // qwen2.5-7b: 28 heads, 4 kv heads, 28 layers
    s.tp = 2;
    s.pp = 4;
    s.cards = 4;
    check_one_error(s, cat, "cards", "cards (4) must be at least tp × pp (8)",
                    "cards（4）不能少于 tp × pp（8）");
    s.cards = 12;
    check_one_error(s, cat, "cards", "cards (12) must be a multiple of tp × pp (8)",
                    "cards（12）必须是 tp × pp（8）的整数倍");
    s.cards = 16;
    CHECK(validate(s, cat).empty());
}

TEST_CASE("validate: tp must divide the attention heads and the key/value heads") {
    Catalog cat = two_card_catalog();
    Scenario s;
    s.cards = 8;
    s.tp = 8; // 28 heads
    check_one_error(s, cat, "tp", "tp (8) must divide the model's attention heads (28)",
                    "tp（8）必须能整除模型的注意力头数（28）");
    s.tp = 7; // divides 28 heads, not 4 kv heads
    s.cards = 7;
    check_one_error(s, cat, "tp", "tp (7) must divide the model's key/value heads (4)",
                    "tp（7）必须能整除模型的键值头数（4）");
    s.model_id = "llama-3.1-8b"; // 32 heads, 8 kv heads
    s.tp = 8;
    s.cards = 8;
    CHECK(validate(s, cat).empty());
    s.model.kv_heads = 0; // a custom model without GQA: kv heads = heads
    s.model_id = "";
    s.model = *cat.find_model("llama-3.1-8b");
    s.model.kv_heads = 0;
    CHECK(validate(s, cat).empty());
}

TEST_CASE(
    "validate: pp at most the layers, lora_rank at most the hidden size, parameter offload needs ZeRO-3") {
    Catalog cat = two_card_catalog();
    Scenario s;
    s.pp = 32;
    s.cards = 32;
    check_one_error(s, cat, "pp", "pp (32) must be at most the model's layers (28)",
                    "pp（32）不能超过模型的层数（28）");
    s = Scenario{};
    s.lora_rank = 1024;
    s.model_id = "";
    s.model = *cat.find_model("qwen2.5-7b");
    s.model.hidden = 896; // a small custom model
    s.model.heads = 14;
    s.model.kv_heads = 2;
    check_one_error(s, cat, "lora_rank", "lora_rank (1024) must be at most the model's hidden size (896)",
                    "lora_rank（1024）不能超过模型的隐藏维度（896）");
    s.method = Method::full; // the rank means nothing without adapters
    CHECK(validate(s, cat).empty());
    s = Scenario{};
    s.zero = 2;
    s.offload = Offload::optimizer_params;
    check_one_error(s, cat, "offload", "offload \"optimizer+params\" needs zero = 3, got zero = 2",
                    "offload \"optimizer+params\" 需要 zero = 3，实际 zero = 2");
    s.zero = 3;
    CHECK(validate(s, cat).empty());
}

TEST_CASE("keep_ids_in_catalog: an id the catalog lacks becomes its start card, the default's, else its "
          "first entry; a custom entry stays") {
    Catalog cat = two_card_catalog();
    Scenario s;
    s.gpu_id = "H800"; // a provider's "replace" removed it
    s.model_id = "llama-3.1-8b";
    keep_ids_in_catalog(s, cat);
    CHECK(s.gpu_id == Scenario{}.gpu_id); // the page's default card (A100-80G), not the first (a T4)
    CHECK(s.gpu_id == "A100-80G");
    s.gpu_id = "H800";
    cat.start_gpu = "RTX4090"; // a provider's default_gpu
    keep_ids_in_catalog(s, cat);
    CHECK(s.gpu_id == "RTX4090");
    cat.start_gpu.clear();
    Catalog rev = cat; // the default card not first: a catalog led by another card still lands on it
    std::swap(rev.gpus[0], rev.gpus[1]);
    rev.index_ids();
    s.gpu_id = "H800";
    keep_ids_in_catalog(s, rev);
    CHECK(s.gpu_id == "A100-80G");
    rev.gpus.erase(rev.gpus.begin() + 1); // without the default card: the first
    rev.index_ids();
    s.gpu_id = "H800";
    keep_ids_in_catalog(s, rev);
    CHECK(s.gpu_id == "RTX4090");
    s.gpu_id = "A100-80G";
    CHECK(s.model_id == "llama-3.1-8b");
    s.model_id = "mixtral-8x7b";
    s.gpu_id = "RTX4090";
    keep_ids_in_catalog(s, cat);
    CHECK(s.model_id == "qwen2.5-7b");
    CHECK(s.gpu_id == "RTX4090");
    s.gpu_id.clear(); // a custom GPU typed in
    s.model_id.clear();
    keep_ids_in_catalog(s, cat);
    CHECK(s.gpu_id.empty());
    CHECK(s.model_id.empty());
    cat.gpus.clear(); // nothing to fall back to: the id stays, and validate() says it
    s.gpu_id = "H800";
    keep_ids_in_catalog(s, cat);
    CHECK(s.gpu_id == "H800");
}

TEST_CASE("retarget_rollouts: PPO's defaults where GRPO's were, and back; a person's own values stay") {
    Scenario s; // GRPO's: G = 8, a colocated engine, one pass
    s.objective = Objective::ppo;
    retarget_rollouts(s, Objective::sft);
    CHECK(s.generations == 1);
    CHECK(s.rollout == Rollout::policy);
    CHECK(s.update_epochs == 4);
    s.objective = Objective::grpo;
    retarget_rollouts(s, Objective::ppo);
    CHECK(s.generations == 8);
    CHECK(s.rollout == Rollout::colocated);
    CHECK(s.update_epochs == 1);
    s.generations = 16; // set by the person: kept either way
    s.rollout = Rollout::separate;
    s.objective = Objective::ppo;
    retarget_rollouts(s, Objective::grpo);
    CHECK(s.generations == 16);
    CHECK(s.rollout == Rollout::separate);
    CHECK(s.update_epochs == 4);
    s.objective = Objective::dpo; // not a rollout objective: nothing of PPO's to undo but the defaults
    retarget_rollouts(s, Objective::dpo);
    CHECK(s.generations == 16);
}

TEST_CASE("validate: relations are checked only once every range passes (no division by a bad tp)") {
    Catalog cat = two_card_catalog();
    Scenario s;
    s.tp = 0;
    s.cards = 3;
    std::vector<FieldError> errors = validate(s, cat);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].field == "tp");
    CHECK(errors[0].message == "tp must be an integer from 1 to 1024, got 0");
}

TEST_CASE("scenario: utilization and scaling_efficiency are above 0 when given; absent is the default") {
    Catalog cat = two_card_catalog();
    ScenarioResult r = scenario_from_json(R"({"utilization":0,"scaling_efficiency":0})", cat);
    REQUIRE(r.errors.size() == 2);
    CHECK(r.errors[0].field == "scaling_efficiency"); // keys are read in sorted order
    CHECK(r.errors[0].message == "scaling_efficiency = 0 is not allowed: it must be above 0 and at most 1; "
                                 "leave scaling_efficiency out for "
                                 "the default");
    CHECK(r.errors[1].field == "utilization");
    CHECK(r.errors[1].message == "utilization = 0 is not allowed: it must be above 0 and at most 1; leave "
                                 "utilization out for the default");
    CHECK(r.errors[1].message_zh == "utilization 不能为 0：必须大于 0 且不超过 1；不填则使用默认值");
    // Absent keys are written as absent, so every written scenario reads back.
    Scenario s;
    std::string j = scenario_to_json(s);
    CHECK(j.find("\"utilization\"") == std::string::npos);
    CHECK(j.find("\"scaling_efficiency\"") == std::string::npos);
    CHECK(scenario_from_json(j, cat).errors.empty());
    s.utilization = 0.45;
    j = scenario_to_json(s);
    CHECK(j.find("\"utilization\":0.45") != std::string::npos);
    r = scenario_from_json(j, cat);
    CHECK(r.errors.empty());
    CHECK(r.scenario.utilization == 0.45);
}

//-----------------------------------------------------------------------------
// [SECTION] One contract: whatever validate() accepts, estimate() answers
//-----------------------------------------------------------------------------

TEST_CASE(
    "estimate() answers exactly what validate() accepts, with finite numbers (seeded random scenarios)") {
    Catalog cat = two_card_catalog();
    std::mt19937 rng(20261130);
    auto uni = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    auto logu = [&](double lo, double hi) { return std::exp(uni(std::log(lo), std::log(hi))); };
    auto pick = [&](int n) { return int(rng() % unsigned(n)); };
    int accepted = 0, rejected = 0;
    for (int i = 0; i < 600; i++) {
        Scenario s;
        if (pick(3) == 0) { // a custom model near the smallest allowed
            s.model_id = "";
            s.model.params = logu(1000, 1e14);
            s.model.layers = 1 + pick(200);
            s.model.hidden = 1 + pick(20000);
            s.model.heads = 1 + pick(128);
            s.model.kv_heads = pick(2) ? 0 : 1 + pick(s.model.heads);
            s.model.vocab = 1 + pick(300000);
            s.model.ffn = pick(60000);
        } else {
            s.model_id = pick(2) ? "qwen2.5-7b" : "llama-3.1-8b";
        }
        s.gpu_id = pick(2) ? "A100-80G" : "RTX4090";
        s.method = Method(pick(3));
        s.lora_rank = 1 + pick(1024);
        s.seq_len = 1 + pick(1 << 20);
        s.micro_batch = 1 + pick(64);
        s.grad_accum = 1 + pick(65536);
        s.checkpointing = Checkpointing(pick(3));
        s.precision = Precision(pick(4));
        s.zero = pick(4);
        s.offload = Offload(pick(3));
        s.tp = 1 << pick(4);
        s.pp = 1 + pick(40);
        s.cards = pick(2) ? s.tp * s.pp * (1 + pick(64)) : 1 + pick(65536);
        s.utilization = pick(2) ? 0 : uni(1e-6, 1);
        s.scaling_efficiency = pick(2) ? 0 : uni(1e-6, 1);
        s.tokens_per_second_per_gpu = pick(3) ? 0 : logu(1e-3, 1e9);
        s.epochs = logu(0.01, 1000);
        s.deadline_hours = pick(2) ? 0 : logu(1e-3, 1e6);
        CAPTURE(scenario_to_json(s));
        const bool valid = validate(s, cat).empty();
        Estimate e = estimate(s, cat);
        CHECK(e.ok == valid);
        if (!e.ok) {
            rejected++;
            continue;
        }
        accepted++;
        for (double v : {e.flops.executed, e.time.wall_hours, e.time.wall_hours_high, e.memory.per_gpu_gib,
                         e.memory.headroom_gib, e.cost.total, e.cost.per_million_tokens, e.gpu_hours,
                         e.throughput_tokens_per_second_per_gpu, e.buy.break_even_hours_per_month})
            CHECK(std::isfinite(v));
        for (const Term& t : e.terms.items) CHECK(std::isfinite(t.result));
        std::string j = estimate_to_json(e, Lang::zh);
        CHECK(j.find("null") == std::string::npos);
    }
    CHECK(accepted > 100);
    CHECK(rejected > 100);
}

//-----------------------------------------------------------------------------
// [SECTION] Enum spellings (core/enums.inc)
//-----------------------------------------------------------------------------

namespace {
// Every value: its JSON spelling reads back to it, spellings and display texts are unique and
// non-empty in both languages, and an unknown spelling is refused.
template <class E> void check_enum_table() {
    std::set<std::string> json, en, zh;
    for (int i = 0; i < enum_count<E>(); i++) {
        const E v = static_cast<E>(i);
        E back{};
        CHECK(from_string(to_string(v), &back));
        CHECK(back == v);
        CHECK(json.insert(to_string(v)).second);
        CHECK(std::string(display_name(v, Lang::en)).size() > 0);
        CHECK(std::string(display_name(v, Lang::zh)).size() > 0);
        CHECK(en.insert(display_name(v, Lang::en)).second);
        CHECK(zh.insert(display_name(v, Lang::zh)).second);
    }
    E untouched = static_cast<E>(0);
    CHECK_FALSE(from_string("no-such-value", &untouched));
    CHECK(to_string(static_cast<E>(enum_count<E>())) == std::string("?"));
}
} // namespace

TEST_CASE("enums: one spelling table, every value round-trips and is shown in both languages") {
    check_enum_table<Method>();
    check_enum_table<LoraTargets>();
    check_enum_table<Checkpointing>();
    check_enum_table<Precision>();
    check_enum_table<Optimizer>();
    check_enum_table<Offload>();
    check_enum_table<DataInput>();
    check_enum_table<Currency>();
    check_enum_table<Stack>();
    check_enum_table<LossImpl>();
    check_enum_table<Plan>();
    check_enum_table<Lang>();
    CHECK(std::string(to_string(Offload::optimizer_params)) == "optimizer+params");
    CHECK(std::string(display_name(Offload::optimizer_params, Lang::zh)) == "优化器和权重");
    CHECK(enum_count<Precision>() == 4);
}

// traincalc — tests/test_config_export.cpp
// core/config_export.h: every exported config parsed back and checked key by key against the keys
// the tool documents, and imported back (core/config_import.h) into the same scenario fields.
//
// Documented keys, taken from (commits as in tests/configs/*):
//   DeepSpeed      docs/_pages/config-json.md (deepspeedai/DeepSpeed @
//   edaa7221267243c7be7fb49c5d5f5c4fb97b4641) LLaMA-Factory
//   src/llamafactory/hparams/{model,data,finetuning}_args.py and the Transformers
//                  TrainingArguments its examples/train_lora/*.yaml use (hiyouga/LLaMA-Factory @
//                  ff6d4d12eeb0)
//   accelerate     LLaMA-Factory's examples/accelerate/fsdp_config.yaml (the keys of accelerate's config
//   file)
//
// Index of this file:
// [SECTION] Helpers and the documented key lists
// [SECTION] DeepSpeed JSON
// [SECTION] LLaMA-Factory YAML
// [SECTION] accelerate FSDP YAML and launch commands
// [SECTION] The plan when the scenario does not fit

#include "cli/yaml_json.h"
#include "core/catalog.h"
#include "core/config_export.h"
#include "core/config_import.h"
#include "core/estimate.h"
#include "core/scenario.h"
#include "core/url.h"
#include "fixtures.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <regex>
#include <set>
#include <sstream>
#include <string>

using namespace traincalc;
using Json = nlohmann::json;

//-----------------------------------------------------------------------------
// [SECTION] Helpers and the documented key lists
//-----------------------------------------------------------------------------
namespace {

// Each plain scalar that YAML 1.2 reads as a number is one to PyYAML too (YAML 1.1: an int, or a
// float with a dot and a signed exponent): "ddp_timeout: 1.8e8" was the string '1.8e8' to the
// yaml.safe_load of LLaMA-Factory's older versions and of other tools. Returns the first that is not.
std::string pyyaml_non_number(const std::string& yaml) {
    static const std::regex number(R"(^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$)");
    static const std::regex yaml11(
        R"(^[-+]?(0|[1-9][0-9_]*)$|^[-+]?[0-9][0-9_]*\.[0-9_]*([eE][-+][0-9]+)?$)");
    std::istringstream in(yaml);
    for (std::string line; std::getline(in, line);) {
        const size_t colon = line.find(": ");
        if (colon == std::string::npos || line.find('#') < colon) continue;
        std::string v = line.substr(colon + 2);
        v = v.substr(0, v.find("  #")); // a comment after the value
        if (std::regex_match(v, number) && !std::regex_match(v, yaml11)) return line;
    }
    return "";
}

// DeepSpeed config-json.md: top-level keys, "zero_optimization" keys, offload keys, fp16/bf16 keys.
const std::set<std::string> kDeepSpeedTop = {"train_batch_size",
                                             "train_micro_batch_size_per_gpu",
                                             "gradient_accumulation_steps",
                                             "optimizer",
                                             "scheduler",
                                             "fp16",
                                             "bf16",
                                             "gradient_clipping",
                                             "zero_optimization",
                                             "steps_per_print",
                                             "wall_clock_breakdown",
                                             "tensor_parallel",
                                             "expert_parallel",
                                             "prescale_gradients",
                                             "communication_data_type"};
const std::set<std::string> kDeepSpeedZero = {"stage",
                                              "allgather_partitions",
                                              "allgather_bucket_size",
                                              "overlap_comm",
                                              "reduce_scatter",
                                              "reduce_bucket_size",
                                              "contiguous_gradients",
                                              "offload_param",
                                              "offload_optimizer",
                                              "stage3_max_live_parameters",
                                              "stage3_max_reuse_distance",
                                              "stage3_prefetch_bucket_size",
                                              "stage3_param_persistence_threshold",
                                              "sub_group_size",
                                              "stage3_gather_16bit_weights_on_model_save",
                                              "round_robin_gradients",
                                              "load_from_fp32_weights"};
const std::set<std::string> kDeepSpeedOffload = {"device",      "nvme_path",  "pin_memory", "buffer_count",
                                                 "buffer_size", "max_in_cpu", "ratio",      "fast_init"};
const std::set<std::string> kDeepSpeedFp16 = {"enabled",
                                              "auto_cast",
                                              "loss_scale",
                                              "initial_scale_power",
                                              "loss_scale_window",
                                              "hysteresis",
                                              "consecutive_hysteresis",
                                              "min_loss_scale"};
const std::set<std::string> kDeepSpeedTp = {"autotp_size", "tp_overlap_comm", "preset_model",
                                            "partition_config"};
// config-json.md, "Expert Parallel (AutoEP)" (DeepSpeed 0.19.6): the expert_parallel keys.
const std::set<std::string> kDeepSpeedEp = {
    "enabled",           "autoep_size",    "expert_tensor_parallel_size",
    "preset_model",      "use_grouped_mm", "disable_triton_grouped_mm",
    "moe_layer_pattern", "router_pattern", "expert_pattern",
    "score_func",        "score_apply",    "route_norm"};

// LLaMA-Factory hparams (model_args.py, data_args.py, finetuning_args.py) and Transformers'
// TrainingArguments keys its examples use.
const std::set<std::string> kLlamaFactoryKeys = {
    "model_name_or_path", "trust_remote_code", "stage", "do_train", "finetuning_type", "lora_rank",
    "lora_target", "quantization_bit", "quantization_method", "deepspeed", "disable_gradient_checkpointing",
    "flash_attn", "enable_liger_kernel", "use_unsloth", "dataset", "template", "cutoff_len", "packing",
    "preprocessing_num_workers", "output_dir", "logging_steps", "save_steps", "plot_loss",
    "per_device_train_batch_size", "gradient_accumulation_steps", "learning_rate", "num_train_epochs",
    "lr_scheduler_type", "warmup_ratio", "pure_bf16", "bf16", "fp16", "optim", "ddp_timeout",
    // model_args.py ProcessorArguments, finetuning_args.py
    "image_max_pixels", "freeze_vision_tower", "freeze_multi_modal_projector",
    // finetuning_args.py RLHFArguments, generating_args.py
    "pref_beta", "pref_loss", "reward_model", "reward_model_type", "max_new_tokens", "ppo_epochs"};

// examples/accelerate/fsdp_config.yaml
const std::set<std::string> kAccelerateKeys = {"compute_environment",
                                               "debug",
                                               "distributed_type",
                                               "downcast_bf16",
                                               "fsdp_config",
                                               "machine_rank",
                                               "main_training_function",
                                               "mixed_precision",
                                               "num_machines",
                                               "num_processes",
                                               "rdzv_backend",
                                               "same_network",
                                               "tpu_env",
                                               "tpu_use_cluster",
                                               "tpu_use_sudo",
                                               "use_cpu"};
const std::set<std::string> kAccelerateFsdpKeys = {
    "fsdp_auto_wrap_policy",          "fsdp_backward_prefetch",  "fsdp_forward_prefetch",
    "fsdp_cpu_ram_efficient_loading", "fsdp_offload_params",     "fsdp_sharding_strategy",
    "fsdp_state_dict_type",           "fsdp_sync_module_states", "fsdp_use_orig_params"};

void check_keys(const Json& obj, const std::set<std::string>& documented, const std::string& where) {
    REQUIRE(obj.is_object());
    for (auto it = obj.begin(); it != obj.end(); ++it)
        CHECK_MESSAGE(documented.count(it.key()) == 1, where << it.key() << " is not a documented key");
}

Estimate estimate_of(const Scenario& s) {
    Estimate e = estimate(s, fixtures::builtin_catalog());
    REQUIRE_MESSAGE(e.ok, (e.errors.empty() ? "" : e.errors[0].message));
    return e;
}

Json parse_yaml(const std::string& text) {
    YamlJson y = yaml_to_json(text);
    REQUIRE_MESSAGE(y.errors.empty(), (y.errors.empty() ? "" : y.errors[0].message) << "\n" << text);
    Json j = Json::parse(y.json, nullptr, false);
    REQUIRE(j.is_object());
    return j;
}

bool has_note(const ConfigExport& x, const std::string& en) {
    for (const ExportNote& n : x.notes)
        if (n.en == en) return true;
    return false;
}

// A plan that fits with ZeRO-3 and offload on 8 cards.
Scenario zero3_scenario() {
    Scenario s;
    s.model_id = "qwen2.5-7b";
    s.method = Method::full;
    s.zero = 3;
    s.offload = Offload::optimizer_params;
    s.cards = 8;
    s.micro_batch = 2;
    s.grad_accum = 4;
    s.seq_len = 4096;
    s.checkpointing = Checkpointing::full;
    return s;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] DeepSpeed JSON
//-----------------------------------------------------------------------------

TEST_CASE("config export: DeepSpeed JSON has only documented keys and the plan's values") {
    const Estimate e = estimate_of(zero3_scenario());
    REQUIRE(e.memory.fits);
    ConfigExport x = export_config(e, ExportFormat::deepspeed);
    REQUIRE(x.errors.empty());
    CHECK(x.file_name == "traincalc_deepspeed.json");
    Json j = Json::parse(x.text, nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    check_keys(j, kDeepSpeedTop, "");
    check_keys(j["zero_optimization"], kDeepSpeedZero, "zero_optimization.");
    check_keys(j["zero_optimization"]["offload_optimizer"], kDeepSpeedOffload,
               "zero_optimization.offload_optimizer.");
    check_keys(j["zero_optimization"]["offload_param"], kDeepSpeedOffload,
               "zero_optimization.offload_param.");
    check_keys(j["bf16"], kDeepSpeedFp16, "bf16.");
    CHECK(j["zero_optimization"]["stage"] == 3);
    CHECK(j["zero_optimization"]["offload_optimizer"]["device"] == "cpu");
    CHECK(j["zero_optimization"]["offload_param"]["device"] == "cpu");
    CHECK(j["train_micro_batch_size_per_gpu"] == 2);
    CHECK(j["gradient_accumulation_steps"] == 4);
    CHECK(j["train_batch_size"] == 64); // 2 × 4 × 8 data-parallel ranks
    CHECK(j["bf16"]["enabled"] == true);
    CHECK(j["zero_optimization"]["reduce_bucket_size"] ==
          3584LL * 3584); // hidden², as Transformers fills "auto"
    CHECK(j["zero_optimization"]["stage3_prefetch_bucket_size"] == static_cast<long long>(0.9 * 3584 * 3584));
    CHECK(j["zero_optimization"]["stage3_param_persistence_threshold"] == 35840);
    CHECK_FALSE(j.contains("fp16"));
}

TEST_CASE("config export: DeepSpeed fp16, ZeRO-2, AutoTP keys are documented ones") {
    Scenario s = zero3_scenario();
    s.precision = Precision::fp16;
    s.zero = 2;
    s.offload = Offload::optimizer;
    s.tp = 2;
    const Estimate e = estimate_of(s);
    ConfigExport x = export_config(e, ExportFormat::deepspeed);
    Json j = Json::parse(x.text, nullptr, false);
    REQUIRE(j.is_object());
    REQUIRE_FALSE(x.plan.searched);
    check_keys(j, kDeepSpeedTop, "");
    check_keys(j["zero_optimization"], kDeepSpeedZero, "zero_optimization.");
    check_keys(j["fp16"], kDeepSpeedFp16, "fp16.");
    check_keys(j["tensor_parallel"], kDeepSpeedTp, "tensor_parallel.");
    CHECK(j["fp16"]["enabled"] == true);
    CHECK(j["zero_optimization"]["stage"] == 2);
    CHECK(j["zero_optimization"]["reduce_bucket_size"] == 5e8);
    CHECK_FALSE(j["zero_optimization"].contains("offload_param"));
    CHECK(j["tensor_parallel"]["autotp_size"] == 2);
    // Left out: Transformers would check it against world size (8) × micro × accumulation, DeepSpeed
    // derives it over cards / tp data-parallel ranks.
    CHECK_FALSE(j.contains("train_batch_size"));
    CHECK(j["train_micro_batch_size_per_gpu"] == 2);
    CHECK(j["gradient_accumulation_steps"] == 4);
    auto has_note = [&](const std::string& head) {
        for (const ExportNote& n : x.notes)
            if (n.en.rfind(head, 0) == 0) return true;
        return false;
    };
    CHECK(has_note("tensor parallelism through DeepSpeed AutoTP (tensor_parallel.autotp_size); "
                   "train_batch_size left out: DeepSpeed derives it (micro × accumulation × cards / tp)"));
    CHECK_FALSE(has_note("DeepSpeed AutoTP trains with ZeRO stages 0-2 only"));
    // ZeRO-3 with TP (a Hugging Face stack plan: FSDP2 + TP) is not a DeepSpeed AutoTP config: said.
    s.zero = 3;
    s.offload = Offload::none;
    const ConfigExport z3 = export_config(estimate_of(s), ExportFormat::deepspeed);
    bool said = false;
    for (const ExportNote& n : z3.notes)
        said = said || n.en ==
                           "DeepSpeed AutoTP trains with ZeRO stages 0-2 only: this plan's ZeRO-3 with TP 2 "
                           "runs as FSDP2 + TP (accelerate's parallelism_config_tp_size), or choose the "
                           "DeepSpeed stack, whose search keeps TP to ZeRO 0-2";
    CHECK(said);
}

TEST_CASE("config export: DeepSpeed JSON round trip (export, import back)") {
    const Scenario s = zero3_scenario();
    ConfigExport x = export_config(estimate_of(s), ExportFormat::deepspeed);
    ConfigImport r = import_config(x.text, ConfigKind::detect, Scenario{}, fixtures::builtin_catalog());
    REQUIRE(r.errors.empty());
    CHECK(r.kind == ConfigKind::deepspeed);
    CHECK(r.scenario.zero == s.zero);
    CHECK(r.scenario.offload == s.offload);
    CHECK(r.scenario.micro_batch == s.micro_batch);
    CHECK(r.scenario.grad_accum == s.grad_accum);
    CHECK(r.scenario.cards == s.cards);
    CHECK(r.scenario.precision == s.precision);
}

//-----------------------------------------------------------------------------
// [SECTION] LLaMA-Factory YAML
//-----------------------------------------------------------------------------

TEST_CASE("config export: LLaMA-Factory YAML keys and round trip") {
    struct Case {
        Method method;
        Precision precision;
        Checkpointing ck;
        LossImpl loss;
        Optimizer opt;
        LoraTargets targets;
    };
    for (const Case c : {Case{Method::lora, Precision::bf16, Checkpointing::full, LossImpl::stack,
                              Optimizer::adamw, LoraTargets::all},
                         Case{Method::qlora, Precision::fp16, Checkpointing::none, LossImpl::chunked,
                              Optimizer::adamw_8bit, LoraTargets::qv},
                         Case{Method::full, Precision::bf16, Checkpointing::full, LossImpl::chunked,
                              Optimizer::adamw, LoraTargets::all}}) {
        Scenario s;
        s.model_id = "qwen2.5-7b";
        s.method = c.method;
        s.precision = c.precision;
        s.checkpointing = c.ck;
        s.loss = c.loss;
        s.optimizer = c.opt;
        s.lora_targets = c.targets;
        s.lora_rank = 64;
        s.seq_len = 4096;
        s.micro_batch = 2;
        s.grad_accum = 16;
        s.epochs = 2;
        s.cards = 4;
        s.zero = c.method == Method::full ? 3 : 0;
        CAPTURE(to_string(c.method));
        const Estimate e = estimate_of(s);
        ConfigExport x = export_config(e, ExportFormat::llamafactory);
        REQUIRE(x.errors.empty());
        Json y = parse_yaml(x.text);
        check_keys(y, kLlamaFactoryKeys, "");
        CHECK(pyyaml_non_number(x.text) == "");
        CHECK(y["ddp_timeout"] == 180000000);
        CHECK(y["model_name_or_path"] == "Qwen/Qwen2.5-7B");
        CHECK(y["template"] == "qwen");
        CHECK(y["cutoff_len"] == 4096);
        CHECK(y["num_train_epochs"] == 2.0);
        // Imported back: the same fields.
        YamlJson yj = yaml_to_json(x.text);
        ConfigImport r =
            import_config(yj.json, ConfigKind::detect, Scenario{}, fixtures::builtin_catalog(), yj.lines);
        REQUIRE_MESSAGE(r.errors.empty(), (r.errors.empty() ? "" : r.errors[0].message));
        CHECK(r.kind == ConfigKind::llamafactory);
        const Scenario& b = r.scenario;
        CHECK(b.model_id == s.model_id);
        CHECK(b.method == s.method);
        if (s.method != Method::full) {
            CHECK(b.lora_rank == s.lora_rank);
            CHECK(b.lora_targets == s.lora_targets);
        }
        CHECK(b.seq_len == s.seq_len);
        CHECK(b.micro_batch == s.micro_batch);
        CHECK(b.grad_accum == s.grad_accum);
        CHECK(b.epochs == doctest::Approx(s.epochs));
        CHECK(b.precision == s.precision);
        CHECK(b.checkpointing == s.checkpointing);
        CHECK(b.loss == s.loss);
        CHECK(b.optimizer == s.optimizer);
        CHECK(b.flash_attention == s.flash_attention);
        // The DeepSpeed file is named when the plan needs DeepSpeed, and imports back to the plan.
        if (x.plan.strategy.zero > 0) {
            CHECK(y["deepspeed"] == "traincalc_deepspeed.json");
            ConfigExport d = export_config(e, ExportFormat::deepspeed);
            ConfigImport rd = import_config(d.text, ConfigKind::deepspeed, b, fixtures::builtin_catalog());
            REQUIRE(rd.errors.empty());
            CHECK(rd.scenario.zero == x.plan.strategy.zero);
            CHECK(rd.scenario.cards == x.plan.cards);
        } else {
            CHECK_FALSE(y.contains("deepspeed"));
        }
    }
}

// Every objective was written as stage sft: a DPO plan exported as a file that trains SFT.
TEST_CASE("config export: the objective is LLaMA-Factory's stage and keys, and imports back") {
    struct Case {
        Objective objective;
        Method method;
        const char* stage;
        const char* pref_loss; // "" = no key
    };
    for (const Case& c :
         {Case{Objective::sft, Method::lora, "sft", ""}, Case{Objective::dpo, Method::lora, "dpo", "sigmoid"},
          Case{Objective::orpo, Method::full, "dpo", "orpo"},
          Case{Objective::simpo, Method::lora, "dpo", "simpo"},
          Case{Objective::kto, Method::qlora, "kto", ""}, Case{Objective::ppo, Method::lora, "ppo", ""},
          Case{Objective::ppo, Method::full, "ppo", ""}, Case{Objective::grpo, Method::lora, "grpo", ""}}) {
        Scenario s;
        s.model_id = "qwen2.5-7b";
        s.objective = c.objective;
        s.method = c.method;
        s.completion_len = 768;
        s.zero = c.method == Method::full ? 3 : 0;
        s.cards = 8;
        CAPTURE(to_string(c.objective));
        const ConfigExport x = export_config(estimate_of(s), ExportFormat::llamafactory);
        REQUIRE(x.errors.empty());
        const Json y = parse_yaml(x.text);
        check_keys(y, kLlamaFactoryKeys, "");
        CHECK(y["stage"] == c.stage);
        if (*c.pref_loss)
            CHECK(y["pref_loss"] == c.pref_loss);
        else
            CHECK_FALSE(y.contains("pref_loss"));
        // pref_beta: LLaMA-Factory's default (the scenario holds no beta), DPO only.
        CHECK(y.contains("pref_beta") == (c.objective == Objective::dpo));
        if (c.objective == Objective::dpo) CHECK(y["pref_beta"] == 0.1);
        CHECK(y.contains("reward_model") == (c.objective == Objective::ppo));
        if (c.objective == Objective::ppo) {
            CHECK(x.text.find(
                      "reward_model: saves/your-reward-model  # replace: your reward model (stage rm)\n") !=
                  std::string::npos);
            CHECK(y["max_new_tokens"] == 768);
            CHECK(y["ppo_epochs"] == 1); // the plan's update_epochs: absent, LLaMA-Factory would run 4
            // A LoRA reward model is refused with a full policy (finetuning_args.py __post_init__).
            CHECK(y.contains("reward_model_type") == (c.method == Method::full));
            CHECK(has_note(x,
                           "LLaMA-Factory's PPO generates one completion per prompt: the plan's 8 per prompt "
                           "are not written"));
        }
        const bool grpo_note =
            has_note(x, "LLaMA-Factory has no GRPO stage: stage grpo is written so that it stops rather than "
                        "train SFT; run GRPO with TRL's GRPOTrainer (trl grpo)");
        CHECK(grpo_note == (c.objective == Objective::grpo));
        for (const ExportNote& n : x.notes) CHECK_FALSE(n.zh.empty());
        if (c.objective == Objective::grpo) {
            bool zh = false;
            for (const ExportNote& n : x.notes)
                zh = zh || n.zh ==
                               "LLaMA-Factory 没有 GRPO 阶段：写出 stage grpo 使其停止运行，而不是训练 SFT；"
                               "请用 TRL 的 GRPOTrainer（trl grpo）运行 GRPO";
            CHECK(zh);
            CHECK(x.text.find(
                      "stage: grpo  # not a LLaMA-Factory stage: it stops with \"Unknown task: grpo.\"\n") !=
                  std::string::npos);
        }
        // The stage's own demo data and example rate (a DPO file with alpaca_en_demo stops: no pairs), and
        // packing only where LLaMA-Factory packs (SFT).
        const bool pairs = c.objective == Objective::dpo || c.objective == Objective::orpo ||
                           c.objective == Objective::simpo;
        CHECK(y["dataset"] == (pairs                           ? "dpo_en_demo"
                               : c.objective == Objective::kto ? "kto_en_demo"
                                                               : "alpaca_en_demo"));
        CHECK(x.text.find(std::string("learning_rate: ") +
                          (pairs || c.objective == Objective::kto ? "5.0e-6"
                           : c.objective == Objective::ppo        ? "1.0e-5"
                           : c.method == Method::full             ? "1.0e-5"
                                                                  : "1.0e-4") +
                          "  # LLaMA-Factory's example value\n") != std::string::npos);
        CHECK(y.contains("packing") == (c.objective == Objective::sft));
        // PPO's cutoff_len is the prompt: the sequence less the generated tokens.
        CHECK(y["cutoff_len"] == (c.objective == Objective::ppo ? s.seq_len - 768 : s.seq_len));
        // Imported back: the same objective and method, and the same sequence length (a PPO round trip
        // grew by max_new_tokens each time).
        const YamlJson yj = yaml_to_json(x.text);
        const ConfigImport r =
            import_config(yj.json, ConfigKind::detect, Scenario{}, fixtures::builtin_catalog(), yj.lines);
        REQUIRE_MESSAGE(r.errors.empty(), (r.errors.empty() ? "" : r.errors[0].message));
        CHECK(r.scenario.objective == c.objective);
        CHECK(r.scenario.method == c.method);
        CHECK(r.scenario.seq_len == s.seq_len);
    }
}

TEST_CASE("config export: every catalog model has its Hugging Face repository") {
    for (const ModelSpec& m : fixtures::builtin_catalog().models) {
        CAPTURE(m.id);
        const std::string repo = catalog_model_repo(m);
        CHECK(repo.find('/') != std::string::npos);
        CHECK(repo.find(' ') == std::string::npos);
    }
    CHECK(catalog_model_repo(*fixtures::builtin_catalog().find_model("qwen3-30b-a3b")) ==
          "Qwen/Qwen3-30B-A3B");
    CHECK(catalog_model_repo(*fixtures::builtin_catalog().find_model("qwen3-235b-a22b")) ==
          "Qwen/Qwen3-235B-A22B");
    CHECK(catalog_model_repo(*fixtures::builtin_catalog().find_model("gpt-oss-20b")) == "openai/gpt-oss-20b");
    Scenario s;
    s.model_id = "qwen3-30b-a3b";
    s.cards = 8;
    s.zero = 3;
    const ConfigExport x = export_config(estimate_of(s), ExportFormat::llamafactory);
    CHECK(parse_yaml(x.text)["model_name_or_path"] == "Qwen/Qwen3-30B-A3B");
    CHECK_FALSE(has_note(x, "model_name_or_path: a custom model has no repository: write its path or Hugging "
                            "Face name"));
}

TEST_CASE("config export: a bf16 loss has no LLaMA-Factory key: a note says so, nothing is written") {
    Scenario s;
    s.model_id = "qwen2.5-7b";
    s.method = Method::lora;
    s.loss = LossImpl::bf16;
    ConfigExport x = export_config(estimate_of(s), ExportFormat::llamafactory);
    REQUIRE(x.errors.empty());
    CHECK_FALSE(parse_yaml(x.text).contains("enable_liger_kernel"));
    bool noted = false;
    for (const ExportNote& n : x.notes)
        noted = noted || (n.en == "loss bf16: no LLaMA-Factory key; this file runs the fp32-upcast loss" &&
                          n.zh == "损失 bf16：LLaMA-Factory 无此键；此文件用 fp32 上转损失");
    CHECK(noted);
}

TEST_CASE("config export: a custom model is a placeholder, with a note") {
    Scenario s;
    s.model_id.clear();
    s.model = *fixtures::builtin_catalog().find_model("qwen2.5-1.5b");
    s.model.id.clear();
    s.model.source.clear();
    ConfigExport x = export_config(estimate_of(s), ExportFormat::llamafactory);
    Json y = parse_yaml(x.text);
    CHECK(y["model_name_or_path"] == "path/to/your/model");
    CHECK(y["template"] == "default");
    REQUIRE_FALSE(x.notes.empty());
    CHECK(x.notes[0].en ==
          "model_name_or_path: a custom model has no repository: write its path or Hugging Face name");
}

// The import resolves Qwen/Qwen2.5-7B-Instruct to the catalog's qwen2.5-7b (its architecture); the
// export wrote the catalog's Qwen/Qwen2.5-7B: a config that trains the base, not the model imported.
TEST_CASE("config export: the repository an imported config named is written back, not its catalog base") {
    const YamlJson y =
        yaml_to_json("model_name_or_path: Qwen/Qwen2.5-7B-Instruct\nfinetuning_type: lora\nlora_rank: 32\n");
    const ConfigImport r =
        import_config(y.json, ConfigKind::detect, Scenario{}, fixtures::builtin_catalog(), y.lines);
    REQUIRE_MESSAGE(r.errors.empty(), (r.errors.empty() ? "" : r.errors[0].message));
    CHECK(r.scenario.model_id == "qwen2.5-7b");
    CHECK(r.scenario.model_repo == "Qwen/Qwen2.5-7B-Instruct");
    CHECK(parse_yaml(export_config(estimate_of(r.scenario), ExportFormat::llamafactory)
                         .text)["model_name_or_path"] == "Qwen/Qwen2.5-7B-Instruct");
    // It travels with the scenario: its JSON (saved state, the CLI) and its link.
    const std::string json = scenario_to_json(r.scenario);
    CHECK(json.find(R"("model_repo":"Qwen/Qwen2.5-7B-Instruct")") != std::string::npos);
    CHECK(scenario_from_json(json, fixtures::builtin_catalog()).scenario.model_repo ==
          "Qwen/Qwen2.5-7B-Instruct");
    const HashState h = decode_hash(encode_hash(r.scenario, false, "en"), fixtures::builtin_catalog());
    REQUIRE(h.scenario.errors.empty());
    CHECK(h.scenario.scenario.model_repo == "Qwen/Qwen2.5-7B-Instruct");
    // The catalog's own repository, or a catalog id, is not kept: nothing to write back.
    for (const char* name : {"Qwen/Qwen2.5-7B", "qwen2.5-7b"}) {
        const YamlJson own = yaml_to_json(std::string("model_name_or_path: ") + name + "\n");
        CHECK(import_config(own.json, ConfigKind::detect, Scenario{}, fixtures::builtin_catalog(), own.lines)
                  .scenario.model_repo == "");
    }
    // Another model (set() or a link's "model", a config.json) takes it away: the catalog's is written.
    const ScenarioResult other =
        scenario_patch(r.scenario, R"({"model":"qwen2.5-14b"})", fixtures::builtin_catalog());
    REQUIRE(other.errors.empty());
    CHECK(other.scenario.model_repo == "");
    CHECK(parse_yaml(export_config(estimate_of(other.scenario), ExportFormat::llamafactory)
                         .text)["model_name_or_path"] == "Qwen/Qwen2.5-14B");
    // Checked as the scenario's other free text: one line, bounded; validate() too (set from C++).
    const ScenarioResult bad =
        scenario_patch(Scenario{}, R"({"model_repo":"Qwen/x\u001b[2J"})", fixtures::builtin_catalog());
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].field == "model_repo");
    CHECK(bad.errors[0].message == "model_repo must be a repository or path of at most 1024 bytes without "
                                   "control characters, got \"Qwen/x\x1b[2J\"");
    CHECK(bad.errors[0].message_zh == "model_repo 必须是不超过 1024 字节、不含控制字符的仓库名或路径，实际为 "
                                      "\"Qwen/x\x1b[2J\"");
    CHECK(scenario_patch(Scenario{}, R"({"model_repo":7})", fixtures::builtin_catalog()).errors.size() == 1);
    Scenario long_repo = r.scenario;
    long_repo.model_repo = std::string(1025, 'a');
    const std::vector<FieldError> v = validate(long_repo, fixtures::builtin_catalog());
    REQUIRE(!v.empty());
    CHECK(v[0].field == "model_repo");
}

//-----------------------------------------------------------------------------
// [SECTION] accelerate FSDP YAML and launch commands
//-----------------------------------------------------------------------------

TEST_CASE("config export: accelerate FSDP config keys and values") {
    Scenario s = zero3_scenario();
    s.cards = 16;
    ConfigExport x = export_config(estimate_of(s), ExportFormat::accelerate);
    Json y = parse_yaml(x.text);
    CHECK(pyyaml_non_number(x.text) == "");
    check_keys(y, kAccelerateKeys, "");
    check_keys(y["fsdp_config"], kAccelerateFsdpKeys, "fsdp_config.");
    CHECK(y["distributed_type"] == "FSDP");
    CHECK(y["fsdp_config"]["fsdp_sharding_strategy"] == "FULL_SHARD");
    CHECK(y["fsdp_config"]["fsdp_offload_params"] == true);
    CHECK(y["num_processes"] == 16);
    CHECK(y["num_machines"] == 2);
    CHECK(y["mixed_precision"] == "bf16");
    CHECK(y["downcast_bf16"] == "no"); // quoted: a bare no would read as false
    CHECK(y["tpu_env"] == Json::array());
}

TEST_CASE(
    "config export: one card is said in the singular, and the YAML's parts are headed as LLaMA-Factory's") {
    Scenario s; // the default: LoRA on one card
    s.cards = 1;
    const Estimate e = estimate_of(s);
    const ConfigExport x = export_config(e, ExportFormat::launch);
    CHECK(x.text.find("# 1 GPU = 1 node × 1 GPU\n") != std::string::npos);
    const ConfigExport y = export_config(e, ExportFormat::llamafactory);
    for (const char* head :
         {"\n### model\n", "\n### method\n", "\n### dataset\n", "\n### output\n", "\n### train\n"})
        CHECK_MESSAGE(y.text.find(head) != std::string::npos, head);
    CHECK(y.text.find("# ##") == std::string::npos);
}

TEST_CASE("config export: launch commands carry the card count") {
    Scenario s = zero3_scenario();
    s.cards = 16;
    ConfigExport x = export_config(estimate_of(s), ExportFormat::launch);
    CHECK(x.text.rfind("#!/bin/sh\n", 0) == 0);
    CHECK(x.text.find("# 16 GPUs = 2 nodes × 8 GPUs\n") != std::string::npos);
    CHECK(x.text.find("FORCE_TORCHRUN=1 NNODES=2 NODE_RANK=${NODE_RANK:?} MASTER_ADDR=${MASTER_ADDR:?} "
                      "MASTER_PORT=29500 "
                      "NPROC_PER_NODE=8 llamafactory-cli train traincalc_llamafactory.yaml") !=
          std::string::npos);
    CHECK(x.text.find("# torchrun --nnodes 2 --nproc_per_node 8 train.py") != std::string::npos);
    CHECK(
        x.text.find("# deepspeed --num_nodes 2 --num_gpus 8 train.py --deepspeed traincalc_deepspeed.json") !=
        std::string::npos);
    s.cards = 4;
    x = export_config(estimate_of(s), ExportFormat::launch);
    CHECK(x.text.find("FORCE_TORCHRUN=1 NNODES=1 NPROC_PER_NODE=4 llamafactory-cli train "
                      "traincalc_llamafactory.yaml\n") != std::string::npos);
}

//-----------------------------------------------------------------------------
// [SECTION] The plan when the scenario does not fit
//-----------------------------------------------------------------------------

TEST_CASE("config export: a scenario that does not fit exports the fewest-cards set-up the estimate found") {
    Scenario s;
    s.model_id = "qwen2.5-32b";
    s.method = Method::full;
    s.cards = 1;
    s.zero = 0;
    const Estimate e = estimate_of(s);
    REQUIRE_FALSE(e.memory.fits);
    REQUIRE(e.cards.min_for_memory_any > 0);
    const ExportPlan p = export_plan(e);
    CHECK(p.searched);
    CHECK(p.fits);
    CHECK(p.cards == e.cards.min_for_memory_any);
    CHECK(p.strategy == e.cards.best_strategy);
    ConfigExport x = export_config(e, ExportFormat::deepspeed);
    REQUIRE_FALSE(x.notes.empty());
    CHECK(x.notes[0].en == "the scenario's own set-up does not fit in memory: these configs use the "
                           "fewest-cards set-up found (" +
                               std::to_string(p.cards) + (p.cards == 1 ? " card)" : " cards)"));
    CHECK(x.notes[0].zh ==
          "场景自身的设置放不下：这些配置使用搜索到的最少卡数设置（" + std::to_string(p.cards) + " 张卡）");
    Json j = Json::parse(x.text, nullptr, false);
    CHECK(j["zero_optimization"]["stage"] == p.strategy.zero);
    // Estimated again with the plan: it fits, as the search said.
    Scenario planned = s;
    planned.cards = p.cards;
    p.strategy.apply_to(planned);
    CHECK(estimate_of(planned).memory.fits);
}

TEST_CASE("config export: on more cards than the fewest, the note says both counts") {
    // A 72B QLoRA on two 24 GB cards: its own set-up does not fit; the fewest-cards plan (ZeRO-3, the
    // optimizer and parameters offloaded, full recomputation) runs on 1 card, and the configs keep the
    // scenario's 2. The note said "the fewest-cards set-up found (2 cards)" (2026-12-05).
    Scenario s;
    s.model_id = "qwen2.5-72b";
    s.method = Method::qlora;
    s.gpu_id = "RTX4090";
    s.cards = 2;
    const Estimate e = estimate_of(s);
    REQUIRE_FALSE(e.memory.fits);
    REQUIRE(e.cards.min_for_memory_any == 1);
    const ExportPlan p = export_plan(e);
    CHECK(p.cards == 2);
    const ConfigExport x = export_config(e, ExportFormat::llamafactory);
    REQUIRE_FALSE(x.notes.empty());
    CHECK(x.notes[0].en == "the scenario's own set-up does not fit in memory: these configs use the set-up "
                           "of the fewest-cards plan (1 card) on the scenario's 2 cards");
    CHECK(x.notes[0].zh == "场景自身的设置放不下：这些配置在场景的 2 张卡上使用最少卡数方案（1 张卡）的设置");
}

TEST_CASE("config export: an invalid estimate exports nothing but its errors") {
    Scenario s;
    s.micro_batch = 0;
    Estimate e = estimate(s, fixtures::builtin_catalog());
    REQUIRE_FALSE(e.ok);
    ConfigExport x = export_config(e, ExportFormat::llamafactory);
    CHECK(x.text.empty());
    REQUIRE_FALSE(x.errors.empty());
    CHECK(x.errors[0].field == "micro_batch");
}

//-----------------------------------------------------------------------------
// [SECTION] Parallelism and vision-language models (issue 13)
//-----------------------------------------------------------------------------

namespace {

// Mixtral 8x7B LoRA on 8 cards with cp 2, ep 4 and activation offload, as set (it fits).
Scenario parallel_scenario() {
    Scenario s;
    s.model_id = "mixtral-8x7b";
    s.method = Method::lora;
    s.cards = 8;
    s.seq_len = 4096;
    s.cp = 2;
    s.ep = 4;
    s.activation_offload = true;
    s.checkpointing = Checkpointing::full;
    return s;
}

} // namespace

TEST_CASE(
    "config export: expert parallelism as DeepSpeed AutoEP; cp and activation offload said in the notes") {
    const Estimate e = estimate_of(parallel_scenario());
    REQUIRE(e.memory.fits);
    const ConfigExport x = export_config(e, ExportFormat::deepspeed);
    REQUIRE(x.errors.empty());
    CHECK_FALSE(x.plan.searched);
    Json j = Json::parse(x.text, nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    check_keys(j, kDeepSpeedTop, "");
    check_keys(j["expert_parallel"], kDeepSpeedEp, "expert_parallel.");
    CHECK(j["expert_parallel"]["enabled"] == true);
    CHECK(j["expert_parallel"]["autoep_size"] == 4);
    CHECK(j["expert_parallel"]["preset_model"] == "mixtral");
    CHECK(has_note(x,
                   "expert parallelism through DeepSpeed AutoEP (expert_parallel.autoep_size, DeepSpeed 0.19 "
                   "or later; its presets need Transformers 5.0 or later)"));
    CHECK(has_note(x,
                   "context parallelism (cp 2) has no key in a DeepSpeed config: not written (Megatron-LM: "
                   "--context-parallel-size)"));
    CHECK(has_note(x, "activation offload has no key in a DeepSpeed config: not written"));
    for (const ExportNote& n : x.notes) CHECK_FALSE(n.zh.empty());
    // Imported back: ep from autoep_size.
    const ConfigImport r =
        import_config(x.text, ConfigKind::detect, parallel_scenario(), fixtures::builtin_catalog());
    REQUIRE_MESSAGE(r.errors.empty(), (r.errors.empty() ? "" : r.errors[0].message));
    CHECK(r.scenario.ep == 4);
    for (const std::string& k : r.unused) CHECK(k.rfind("expert_parallel", 0) != 0); // every AutoEP key read
    // AutoEP off: autoep_size is ignored, said so; a model without a preset gets a note instead of one.
    const ConfigImport off =
        import_config(R"({"expert_parallel": {"enabled": false, "autoep_size": 8}})", ConfigKind::deepspeed,
                      parallel_scenario(), fixtures::builtin_catalog());
    REQUIRE(off.errors.empty());
    CHECK(off.scenario.ep == 4); // the base scenario's, untouched
    REQUIRE(off.ignored.size() == 1);
    CHECK(off.ignored[0].key == "expert_parallel.autoep_size");
    CHECK(off.ignored[0].note == "expert_parallel.enabled is not true: AutoEP is off");
    Scenario g = parallel_scenario();
    g.model_id = "gpt-oss-20b";
    g.ep = 4;
    g.cp = 1;
    g.activation_offload = false;
    const ConfigExport gx = export_config(estimate_of(g), ExportFormat::deepspeed);
    Json gj = Json::parse(gx.text, nullptr, false);
    CHECK_FALSE(gj["expert_parallel"].contains("preset_model"));
    CHECK(has_note(gx, "no AutoEP preset for this model: DeepSpeed detects it from model_type or needs "
                       "expert_parallel.moe_layer_pattern, router_pattern and expert_pattern"));
    CHECK_FALSE(has_note(gx, "activation offload has no key in a DeepSpeed config: not written"));
}

TEST_CASE("config export: LLaMA-Factory and accelerate with cp/ep say what they cannot express") {
    const Estimate e = estimate_of(parallel_scenario());
    const ConfigExport y = export_config(e, ExportFormat::llamafactory);
    REQUIRE(y.errors.empty());
    Json yj = parse_yaml(y.text);
    check_keys(yj, kLlamaFactoryKeys, "");
    CHECK(yj["deepspeed"] == "traincalc_deepspeed.json"); // AutoEP lives there
    CHECK(has_note(y,
                   "expert parallelism (ep 4) is in traincalc_deepspeed.json (DeepSpeed AutoEP), which the "
                   "deepspeed: line loads"));
    CHECK(has_note(y, "LLaMA-Factory's Trainer has no context parallelism or activation offload key; its "
                      "Megatron-Bridge backend (USE_MEGATRON_BRIDGE=1) reads context_parallel_size "
                      "(hparams/megatron_bridge_args.py): not written"));
    CHECK(y.text.find("# traincalc plan: mixtral-8x7b, lora, 8 × A100-80G, ZeRO-0, cp 2, ep 4, activation "
                      "offload, recomputation full\n") == 0);
    const ConfigExport a = export_config(e, ExportFormat::accelerate);
    Json aj = parse_yaml(a.text);
    check_keys(aj, kAccelerateKeys, "");
    CHECK(has_note(a, "expert parallelism is not in this FSDP config: use the DeepSpeed file (AutoEP)"));
    CHECK(has_note(a, "context parallelism (cp 2) has no key in this FSDP config: not written (Megatron-LM: "
                      "--context-parallel-size)"));
    const ConfigExport l = export_config(e, ExportFormat::launch);
    CHECK(l.text.find("DeepSpeed from the YAML's deepspeed: traincalc_deepspeed.json") != std::string::npos);
}

TEST_CASE("config export: a vision-language model's LLaMA-Factory keys, and imported back") {
    Scenario s;
    s.model_id = "qwen2.5-vl-7b";
    s.images_per_sample = 2;
    s.image_width = 1920;
    s.image_height = 1080;
    s.freeze_vision_tower = false;
    const Estimate e = estimate_of(s);
    const ConfigExport x = export_config(e, ExportFormat::llamafactory);
    REQUIRE(x.errors.empty());
    Json y = parse_yaml(x.text);
    check_keys(y, kLlamaFactoryKeys, "");
    CHECK(y["template"] == "qwen2_vl");
    // The estimate's cap is the processor's (LLaMA-Factory's own default, 768 × 768, would shrink more).
    CHECK(y["image_max_pixels"] == 12845056);
    CHECK(y["freeze_vision_tower"] == false);
    CHECK(y["freeze_multi_modal_projector"] == false);
    CHECK(has_note(x,
                   "images: 2 per sample, 1920 × 1080 px as estimated; the dataset's own images decide the "
                   "real tokens"));
    YamlJson yj = yaml_to_json(x.text);
    ConfigImport r =
        import_config(yj.json, ConfigKind::detect, Scenario{}, fixtures::builtin_catalog(), yj.lines);
    REQUIRE_MESSAGE(r.errors.empty(), (r.errors.empty() ? "" : r.errors[0].message));
    CHECK(r.scenario.model_id == "qwen2.5-vl-7b");
    CHECK_FALSE(r.scenario.freeze_vision_tower);
    CHECK(r.scenario.image_max_pixels == 12845056);
    for (const std::string& k : r.unused)
        CHECK((k != "image_max_pixels" && k != "freeze_vision_tower" && k != "freeze_multi_modal_projector"));
    // With the images the YAML cannot carry put back, the estimate is the same.
    Scenario back = r.scenario;
    back.images_per_sample = s.images_per_sample;
    back.image_width = s.image_width;
    back.image_height = s.image_height;
    back.samples = s.samples;
    back.avg_tokens = s.avg_tokens;
    back.data_input = s.data_input;
    back.cards = s.cards;
    const Estimate eb = estimate_of(back);
    CHECK(eb.memory.per_gpu_gib == doctest::Approx(e.memory.per_gpu_gib));
    CHECK(eb.flops.executed == doctest::Approx(e.flops.executed));
    // A frozen tower writes true for both; LLaMA-Factory's default cap is resolved when the key is absent.
    s.freeze_vision_tower = true;
    s.image_max_pixels = 1003520;
    Json f = parse_yaml(export_config(estimate_of(s), ExportFormat::llamafactory).text);
    CHECK(f["freeze_vision_tower"] == true);
    CHECK(f["freeze_multi_modal_projector"] == true);
    CHECK(f["image_max_pixels"] == 1003520);
    const YamlJson dy = yaml_to_json("model_name_or_path: Qwen/Qwen2.5-VL-7B-Instruct\nstage: sft\n"
                                     "finetuning_type: lora\nfreeze_multi_modal_projector: false\n");
    const ConfigImport d =
        import_config(dy.json, ConfigKind::llamafactory, Scenario{}, fixtures::builtin_catalog(), dy.lines);
    REQUIRE_MESSAGE(d.errors.empty(), (d.errors.empty() ? "" : d.errors[0].message));
    CHECK(d.scenario.image_max_pixels == 768 * 768);
    bool resolved = false;
    for (const ImportNote& n : d.resolved)
        resolved =
            resolved || (n.key == "image_max_pixels" &&
                         n.note == "not in the file: LLaMA-Factory's default image_max_pixels, 768 × 768");
    CHECK(resolved);
    REQUIRE(d.ignored.size() == 1);
    CHECK(d.ignored[0].key == "freeze_multi_modal_projector");
    CHECK(d.ignored[0].note == "the estimate freezes or trains the merger (projector) with the vision tower");
}

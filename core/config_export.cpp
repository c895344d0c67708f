// traincalc — core/config_export.cpp
// Writes the plan as LLaMA-Factory YAML, DeepSpeed JSON, an accelerate FSDP config and launch
// commands. The keys written are the tools' documented ones (tests/test_config_export.cpp checks
// them against lists taken from DeepSpeed's docs/_pages/config-json.md, LLaMA-Factory's
// src/llamafactory/hparams/*.py and examples/accelerate/fsdp_config.yaml). YAML is written by hand:
// flat maps of plain scalars, one level of nesting at most.
//
// Index of this file:
// [SECTION] Names
// [SECTION] The plan
// [SECTION] Small writers (YAML scalars, the model's repository and template)
// [SECTION] DeepSpeed JSON
// [SECTION] LLaMA-Factory YAML
// [SECTION] accelerate FSDP YAML
// [SECTION] Launch commands
// [SECTION] export_config()

#include "core/config_export.h"
#include "core/config_import.h"
#include "core/json_read.h"

#include <cmath>
#include <string>

namespace traincalc {
using detail::Json;

//-----------------------------------------------------------------------------
// [SECTION] Names
//-----------------------------------------------------------------------------
namespace {
const char* const kFormatNames[] = {"llamafactory", "deepspeed", "accelerate", "launch"};
const char* const kFileNames[] = {"traincalc_llamafactory.yaml", "traincalc_deepspeed.json",
                                  "traincalc_accelerate_fsdp.yaml", "traincalc_launch.sh"};
} // namespace

const char* to_string(ExportFormat f) {
    const int i = static_cast<int>(f);
    return i >= 0 && i < kExportFormatCount ? kFormatNames[i] : "?";
}
const char* export_file_name(ExportFormat f) {
    const int i = static_cast<int>(f);
    return i >= 0 && i < kExportFormatCount ? kFileNames[i] : "?";
}
bool export_format_from_string(std::string_view text, ExportFormat& out) {
    for (int i = 0; i < kExportFormatCount; ++i)
        if (text == kFormatNames[i]) {
            out = static_cast<ExportFormat>(i);
            return true;
        }
    return false;
}

//-----------------------------------------------------------------------------
// [SECTION] The plan
//-----------------------------------------------------------------------------

ExportPlan export_plan(const Estimate& e) {
    const Scenario& s = e.scenario;
    ExportPlan p;
    p.cards = s.cards;
    p.strategy = strategy_choice_of(s);
    p.pp = s.pp;
    p.micro_batch = s.micro_batch;
    p.grad_accum = s.grad_accum;
    p.fits = e.memory.fits;
    if (e.memory.fits || e.cards.min_for_memory_any <= 0) return p;
    // The fewest-cards set-up; on the scenario's own count when that is more (memory only falls with
    // more data-parallel ranks) and a multiple of tp·pp·cp·ep.
    const CardsResult& c = e.cards;
    p.searched = true;
    p.fits = true;
    p.strategy = c.best_strategy;
    const int mp = p.strategy.tp * p.pp * p.strategy.cp * p.strategy.ep;
    p.cards = s.cards >= c.min_for_memory_any && s.cards % mp == 0 ? s.cards : c.min_for_memory_any;
    return p;
}

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Small writers
//-----------------------------------------------------------------------------

std::string num(double v) {
    return detail::format_plain(v);
}

// A YAML scalar: bare when it cannot be read as anything but this string, else double-quoted
// (JSON's string syntax is valid YAML).
std::string yaml_str(const std::string& s) {
    static const char* const kWords[] = {"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"};
    bool bare = !s.empty();
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '-' || c == '.' || c == '/'))
            bare = false;
    if (bare && ((s[0] >= '0' && s[0] <= '9') || s[0] == '-' || s[0] == '.')) bare = false;
    std::string l;
    for (char c : s) l += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    for (const char* w : kWords)
        if (l == w) bare = false;
    return bare ? s : detail::dump_safe(Json(s));
}

struct Lines {
    std::string text;
    void comment(const std::string& c) { text += "# " + c + "\n"; }
    // "### model": how LLaMA-Factory's own example YAMLs head their parts.
    void section(const char* name) { text += std::string("### ") + name + "\n"; }
    void blank() { text += "\n"; }
    void kv(const std::string& k, const std::string& v, const std::string& comment = "") {
        text += k + ": " + v + (comment.empty() ? "" : "  # " + comment) + "\n";
    }
    void kv_str(const std::string& k, const std::string& v, const std::string& comment = "") {
        kv(k, yaml_str(v), comment);
    }
    void kv_bool(const std::string& k, bool b) { kv(k, b ? "true" : "false"); }
    // Every digit: "1.8e8" is a string to PyYAML (YAML 1.1 floats need a dot and a signed
    // exponent), and LLaMA-Factory's ddp_timeout then failed as timedelta(seconds="1.8e8").
    void kv_int(const std::string& k, long long n) { kv(k, std::to_string(n)); }
};

// The model's Hugging Face repository: the one an imported config named (a fine-tune, a local copy)
// while the model is still the catalog's it resolved to, else the catalog source's ("config.json of
// ORG/NAME on …").
std::string model_repo(const Estimate& e, std::vector<ExportNote>& notes) {
    if (!e.scenario.model_id.empty() && !e.scenario.model_repo.empty()) return e.scenario.model_repo;
    const std::string repo = catalog_model_repo(e.model);
    if (!repo.empty()) return repo;
    notes.push_back(
        {"model_name_or_path: a custom model has no repository: write its path or Hugging Face name",
         "model_name_or_path：自定义模型没有仓库名：请填写其路径或 Hugging Face 名称"});
    return "path/to/your/model";
}

// LLaMA-Factory's chat template for a catalog model family (src/llamafactory/data/template.py names).
std::string lf_template(const std::string& id) {
    struct Row {
        const char* prefix;
        const char* tmpl;
    };
    static const Row kRows[] = {{"qwen2-vl", "qwen2_vl"},
                                {"qwen2.5-vl", "qwen2_vl"},
                                {"qwen3-vl", "qwen3_vl_nothink"},
                                {"qwen", "qwen"},
                                {"llama-3", "llama3"},
                                {"llama-2", "llama2"},
                                {"mistral", "mistral"},
                                {"mixtral", "mistral"},
                                {"deepseek-v3", "deepseek3"},
                                {"glm-4", "glm4"},
                                {"yi-", "yi"},
                                {"internlm2", "intern2"},
                                {"gemma-2", "gemma2"},
                                {"baichuan2", "baichuan2"}};
    for (const Row& r : kRows)
        if (id.compare(0, std::char_traits<char>::length(r.prefix), r.prefix) == 0) return r.tmpl;
    return "default";
}

const char* hf_optim(Optimizer o) {
    switch (o) {
    case Optimizer::adamw:
        return "adamw_torch";
    case Optimizer::adamw_8bit:
        return "adamw_bnb_8bit";
    case Optimizer::sgd:
        return "sgd";
    }
    return "adamw_torch";
}

// Cards per node for the launchers: 8 when the count is a multiple of 8, else the largest divisor ≤ 8.
int per_node(int cards) {
    for (int k = 8; k >= 1; --k)
        if (cards % k == 0) return k;
    return 1;
}

std::string summary(const Estimate& e, const ExportPlan& p) {
    const Scenario& s = e.scenario;
    const std::string model = e.model.id.empty() ? e.model.name : e.model.id;
    const std::string gpu = e.gpu.id.empty() ? e.gpu.name : e.gpu.id;
    return "traincalc plan: " + model + ", " + to_string(s.method) + ", " + num(p.cards) + " × " + gpu +
           ", ZeRO-" + num(p.strategy.zero) +
           (p.strategy.offload != Offload::none ? std::string(", offload ") + to_string(p.strategy.offload)
                                                : "") +
           (p.strategy.tp > 1 ? ", tp " + num(p.strategy.tp) : "") +
           (p.strategy.cp > 1 ? ", cp " + num(p.strategy.cp) : "") +
           (p.strategy.ep > 1 ? ", ep " + num(p.strategy.ep) : "") +
           (p.strategy.activation_offload ? ", activation offload" : "") + ", recomputation " +
           to_string(p.strategy.checkpointing);
}

// DeepSpeed AutoEP's built-in presets (config-json.md, "Expert Parallel (AutoEP)": mixtral, qwen3_moe,
// qwen3_5_moe, deepseek_v2, deepseek_v3) for the catalog's MoE families; nullptr = none fits.
const char* autoep_preset(const std::string& id) {
    struct Row {
        const char* prefix;
        const char* preset;
    };
    static const Row kRows[] = {{"mixtral", "mixtral"},
                                {"qwen3-30b-a3b", "qwen3_moe"},
                                {"qwen3-235b-a22b", "qwen3_moe"},
                                {"deepseek-v3", "deepseek_v3"},
                                {"deepseek-r1", "deepseek_v3"}};
    for (const Row& r : kRows)
        if (id.compare(0, std::char_traits<char>::length(r.prefix), r.prefix) == 0) return r.preset;
    return nullptr;
}

// What a config file cannot say about the plan's context parallelism and activation offload (no key
// of that tool expresses them: written nowhere rather than under an invented key).
void parallel_notes(const ExportPlan& p, const char* tool_en, const char* tool_zh,
                    std::vector<ExportNote>& notes) {
    if (p.strategy.cp > 1)
        notes.push_back({std::string("context parallelism (cp ") + num(p.strategy.cp) + ") has no key in " +
                             tool_en + ": not written (Megatron-LM: --context-parallel-size)",
                         std::string("上下文并行（cp ") + num(p.strategy.cp) + "）在 " + tool_zh +
                             " 中没有对应的键：未写出（Megatron-LM：--context-parallel-size）"});
    if (p.strategy.activation_offload)
        notes.push_back({std::string("activation offload has no key in ") + tool_en + ": not written",
                         std::string("激活卸载在 ") + tool_zh + " 中没有对应的键：未写出"});
}

//-----------------------------------------------------------------------------
// [SECTION] DeepSpeed JSON
//-----------------------------------------------------------------------------

// Bucket sizes: what Transformers writes for "auto" at ZeRO-3 (HfTrainerDeepSpeedConfig:
// reduce_bucket_size = hidden², stage3_prefetch_bucket_size = 0.9·hidden², persistence = 10·hidden);
// DeepSpeed's documented defaults (5e8) at stages 1–2, as LLaMA-Factory's ds_z2_config.json.
std::string deepspeed_json(const Estimate& e, const ExportPlan& p, std::vector<ExportNote>& notes) {
    const Scenario& s = e.scenario;
    const int dp = p.cards / (p.strategy.tp * p.pp);
    Json j = Json::object();
    j["train_micro_batch_size_per_gpu"] = p.micro_batch;
    j["gradient_accumulation_steps"] = p.grad_accum;
    // With AutoTP the data-parallel size is cards / tp, but Transformers checks train_batch_size against
    // world size × micro × accumulation (HfTrainerDeepSpeedConfig.fill_match): left out, DeepSpeed derives
    // it from the two keys above and Transformers has nothing to mismatch.
    if (p.strategy.tp == 1) j["train_batch_size"] = static_cast<long long>(p.micro_batch) * p.grad_accum * dp;
    j["gradient_clipping"] = 1.0;
    j["steps_per_print"] = 100;
    j["wall_clock_breakdown"] = false;
    if (s.precision == Precision::bf16 || s.precision == Precision::fp8) j["bf16"] = {{"enabled", true}};
    if (s.precision == Precision::fp16)
        j["fp16"] = {{"enabled", true},           {"loss_scale", 0}, {"initial_scale_power", 16},
                     {"loss_scale_window", 1000}, {"hysteresis", 2}, {"min_loss_scale", 1}};
    if (s.precision == Precision::fp8)
        notes.push_back(
            {"FP8 training is not a DeepSpeed config switch (Transformer Engine or torchao): written as bf16",
             "FP8 训练不是 DeepSpeed 配置项（需 Transformer Engine 或 torchao）：按 bf16 写出"});
    Json z = Json::object();
    z["stage"] = p.strategy.zero;
    z["overlap_comm"] = true;
    z["contiguous_gradients"] = true;
    const double h = e.model.hidden;
    if (p.strategy.zero == 3) {
        z["reduce_bucket_size"] = static_cast<long long>(h * h);
        z["stage3_prefetch_bucket_size"] = static_cast<long long>(0.9 * h * h);
        z["stage3_param_persistence_threshold"] = static_cast<long long>(10 * h);
        z["stage3_max_live_parameters"] = 1e9;
        z["stage3_max_reuse_distance"] = 1e9;
        z["sub_group_size"] = 1e9;
        z["stage3_gather_16bit_weights_on_model_save"] = true;
        notes.push_back(
            {"ZeRO-3 buckets as Transformers fills \"auto\": reduce_bucket_size = hidden² = " + num(h) +
                 "² = " + num(std::floor(h * h)) +
                 ", stage3_prefetch_bucket_size = 0.9 × hidden², persistence threshold = 10 × hidden",
             "ZeRO-3 桶大小按 Transformers 填写 \"auto\" 的方式：reduce_bucket_size = hidden² = " + num(h) +
                 "² = " + num(std::floor(h * h)) +
                 "，stage3_prefetch_bucket_size = 0.9 × hidden²，持久化阈值 = 10 × hidden"});
    } else if (p.strategy.zero > 0) {
        z["allgather_partitions"] = true;
        z["allgather_bucket_size"] = 5e8;
        z["reduce_scatter"] = true;
        z["reduce_bucket_size"] = 5e8;
        notes.push_back({"ZeRO-1/2 buckets: DeepSpeed's documented default 5e8 elements (as LLaMA-Factory's "
                         "ds_z2_config.json)",
                         "ZeRO-1/2 桶大小：DeepSpeed 文档中的默认值 5e8 个元素（与 LLaMA-Factory 的 "
                         "ds_z2_config.json 相同）"});
    } else if (p.strategy.ep <= 1) { // with ep, DeepSpeed is what runs AutoEP (below)
        notes.push_back({"ZeRO-0 is plain data parallelism: DeepSpeed is not needed for this plan",
                         "ZeRO-0 即普通数据并行：本方案不需要 DeepSpeed"});
    }
    if (p.strategy.offload != Offload::none)
        z["offload_optimizer"] = {{"device", "cpu"}, {"pin_memory", true}};
    if (p.strategy.offload == Offload::optimizer_params)
        z["offload_param"] = {{"device", "cpu"}, {"pin_memory", true}};
    j["zero_optimization"] = std::move(z);
    if (p.strategy.tp > 1) {
        j["tensor_parallel"] = {{"autotp_size", p.strategy.tp}};
        notes.push_back(
            {"tensor parallelism through DeepSpeed AutoTP (tensor_parallel.autotp_size); "
             "train_batch_size left out: DeepSpeed derives it (micro × accumulation × cards / tp)",
             "张量并行通过 DeepSpeed AutoTP（tensor_parallel.autotp_size）；未写 train_batch_size："
             "由 DeepSpeed 推出（微批 × 累积 × 卡数 / tp）"});
        if (p.strategy.zero == 3)
            notes.push_back(
                {"DeepSpeed AutoTP trains with ZeRO stages 0-2 only: this plan's ZeRO-3 with TP " +
                     num(p.strategy.tp) +
                     " runs as FSDP2 + TP (accelerate's parallelism_config_tp_size), or choose the "
                     "DeepSpeed stack, whose search keeps TP to ZeRO 0-2",
                 "DeepSpeed AutoTP 只支持 ZeRO 0-2 训练：本方案的 ZeRO-3 加 TP " + num(p.strategy.tp) +
                     " 需以 FSDP2 + TP 运行（accelerate 的 parallelism_config_tp_size），或改选 "
                     "DeepSpeed 框架，其搜索只在 ZeRO 0-2 下使用 TP"});
    }
    if (p.strategy.ep > 1) {
        // DeepSpeed AutoEP (config-json.md "Expert Parallel (AutoEP)", DeepSpeed 0.19.x): replaces the
        // Hugging Face model's MoE layers; ep ranks share the experts, carved out of data parallelism.
        Json ep = {{"enabled", true}, {"autoep_size", p.strategy.ep}};
        const char* preset = autoep_preset(e.model.id);
        if (preset) ep["preset_model"] = preset;
        j["expert_parallel"] = std::move(ep);
        notes.push_back(
            {"expert parallelism through DeepSpeed AutoEP (expert_parallel.autoep_size, DeepSpeed "
             "0.19 or later; its presets need Transformers 5.0 or later)",
             "专家并行通过 DeepSpeed AutoEP（expert_parallel.autoep_size，需 DeepSpeed 0.19 "
             "及以上；其预设需 Transformers 5.0 及以上）"});
        if (!preset)
            notes.push_back({"no AutoEP preset for this model: DeepSpeed detects it from model_type or needs "
                             "expert_parallel.moe_layer_pattern, router_pattern and expert_pattern",
                             "AutoEP 没有此模型的预设：DeepSpeed 按 model_type 识别，否则需设置 "
                             "expert_parallel.moe_layer_pattern、router_pattern 和 expert_pattern"});
        if (p.strategy.zero == 3)
            notes.push_back({"AutoEP supports ZeRO-3 only in a constrained form (DeepSpeed's AutoEP docs)",
                             "AutoEP 对 ZeRO-3 的支持有限制（见 DeepSpeed AutoEP 文档）"});
    }
    parallel_notes(p, "a DeepSpeed config", "DeepSpeed 配置", notes);
    return detail::dump_safe(j, 2) + "\n";
}

//-----------------------------------------------------------------------------
// [SECTION] LLaMA-Factory YAML
//-----------------------------------------------------------------------------

// The objective as LLaMA-Factory's stage and its keys (hparams/finetuning_args.py RLHFArguments,
// generating_args.py; at ff6d4d12): the inverse of the import's stage/pref_loss reading. Every
// objective used to be written as stage sft: a DPO plan exported as a file that trains SFT.
void lf_stage(Lines& y, const Scenario& s, std::vector<ExportNote>& notes) {
    switch (s.objective) {
    case Objective::sft:
        y.kv_str("stage", "sft");
        return;
    case Objective::dpo: // the scenario holds no beta: LLaMA-Factory's default pref_beta
    case Objective::orpo:
    case Objective::simpo:
        y.kv_str("stage", "dpo");
        if (s.objective == Objective::dpo) y.kv("pref_beta", "0.1", "LLaMA-Factory's default");
        y.kv_str("pref_loss", s.objective == Objective::dpo    ? "sigmoid"
                              : s.objective == Objective::orpo ? "orpo"
                                                               : "simpo");
        return;
    case Objective::kto:
        y.kv_str("stage", "kto");
        return;
    case Objective::ppo:
        y.kv_str("stage", "ppo");
        y.kv_str("reward_model", "saves/your-reward-model", "replace: your reward model (stage rm)");
        // A LoRA reward model is refused with a full or freeze policy (finetuning_args.py).
        if (s.method == Method::full) y.kv_str("reward_model_type", "full");
        y.kv_int("max_new_tokens", s.completion_len); // generating_args.py: the completion length
        y.kv_int("ppo_epochs", s.update_epochs);      // always: LLaMA-Factory's own default is 4
        if (s.generations > 1)
            notes.push_back({"LLaMA-Factory's PPO generates one completion per prompt: the plan's " +
                                 num(s.generations) + " per prompt are not written",
                             "LLaMA-Factory 的 PPO 每个提示词只生成一个回答：方案中每个提示词 " +
                                 num(s.generations) + " 个回答未写出"});
        return;
    case Objective::grpo:
        // No GRPO stage: an unknown stage stops the run (train/tuner.py "Unknown task"), where a
        // missing one would train SFT (the default stage) without a word.
        y.kv_str("stage", "grpo", "not a LLaMA-Factory stage: it stops with \"Unknown task: grpo.\"");
        notes.push_back({"LLaMA-Factory has no GRPO stage: stage grpo is written so that it stops rather "
                         "than train SFT; run GRPO with TRL's GRPOTrainer (trl grpo)",
                         "LLaMA-Factory 没有 GRPO 阶段：写出 stage grpo 使其停止运行，而不是训练 SFT；"
                         "请用 TRL 的 GRPOTrainer（trl grpo）运行 GRPO"});
        return;
    }
}

// Keys from LLaMA-Factory's examples/train_lora/llama3_lora_sft.yaml and hparams/*.py. The
// learning rate, schedule and logging are that example's values, not estimates.
std::string llamafactory_yaml(const Estimate& e, const ExportPlan& p, std::vector<ExportNote>& notes) {
    const Scenario& s = e.scenario;
    Lines y;
    y.comment(summary(e, p));
    y.comment("llamafactory-cli train " + std::string(kFileNames[0]));
    y.blank();
    y.section("model");
    y.kv_str("model_name_or_path", model_repo(e, notes));
    y.kv_bool("trust_remote_code", true);
    if (e.model.vision_depth > 0) {
        // Images (hparams/model_args.py ProcessorArguments, finetuning_args.py): LLaMA-Factory's own
        // default image_max_pixels is 768 × 768, so the estimate's cap is always written.
        const double max_px = s.image_max_pixels > 0 ? s.image_max_pixels : e.model.image_max_pixels;
        if (max_px > 0) y.kv_int("image_max_pixels", static_cast<long long>(max_px));
        y.kv_bool("freeze_vision_tower", s.freeze_vision_tower);
        // The estimate trains (or freezes) the tower with its merger: LLaMA-Factory's projector key.
        y.kv_bool("freeze_multi_modal_projector", s.freeze_vision_tower);
        if (s.images_per_sample > 0)
            notes.push_back({"images: " + num(s.images_per_sample) + " per sample, " + num(s.image_width) +
                                 " × " + num(s.image_height) +
                                 " px as estimated; the dataset's own images decide the real tokens",
                             "图像：每条样本 " + num(s.images_per_sample) + " 张，按 " + num(s.image_width) +
                                 " × " + num(s.image_height) +
                                 " 像素估算；实际 token 数由数据集中的图像决定"});
    }
    y.blank();
    y.section("method");
    lf_stage(y, s, notes);
    y.kv_bool("do_train", true);
    y.kv_str("finetuning_type", s.method == Method::full ? "full" : "lora");
    if (s.method != Method::full) {
        y.kv_int("lora_rank", s.lora_rank);
        y.kv_str("lora_target", s.lora_targets == LoraTargets::all ? "all" : "q_proj,v_proj");
    }
    if (s.method == Method::qlora) {
        y.kv_int("quantization_bit", 4);
        y.kv_str("quantization_method", "bnb");
    }
    if (p.strategy.zero > 0 || p.strategy.offload != Offload::none || p.strategy.tp > 1 || p.strategy.ep > 1)
        y.kv_str("deepspeed", kFileNames[1], "or drop it and launch with " + std::string(kFileNames[2]));
    if (p.strategy.checkpointing == Checkpointing::none) y.kv_bool("disable_gradient_checkpointing", true);
    if (p.strategy.checkpointing == Checkpointing::selective)
        notes.push_back({"LLaMA-Factory recomputes whole layers: selective recomputation is written as "
                         "gradient checkpointing",
                         "LLaMA-Factory 以整层为单位重计算：选择性重计算按梯度检查点写出"});
    y.kv_str("flash_attn", s.flash_attention ? "auto" : "disabled");
    if (s.loss == LossImpl::chunked) y.kv_bool("enable_liger_kernel", true);
    if (s.loss == LossImpl::bf16) // no key selects it: the file would run the model's fp32-upcast loss
        notes.push_back({"loss bf16: no LLaMA-Factory key; this file runs the fp32-upcast loss",
                         "损失 bf16：LLaMA-Factory 无此键；此文件用 fp32 上转损失"});
    if (s.stack == Stack::unsloth) y.kv_bool("use_unsloth", true);
    if (s.stack != Stack::hf && s.stack != Stack::unsloth)
        notes.push_back(
            {std::string("the scenario's stack is ") + to_string(s.stack) +
                 ": LLaMA-Factory runs on the Transformers Trainer, whose utilization and memory differ",
             std::string("场景的训练栈为 ") + to_string(s.stack) +
                 "：LLaMA-Factory 基于 Transformers Trainer，利用率与显存会不同"});
    y.blank();
    y.section("dataset");
    // LLaMA-Factory's demos for the stage: a preference stage stops on data without chosen/rejected
    // pairs ("The dataset is not applicable in the current training stage.").
    const bool pairs =
        s.objective == Objective::dpo || s.objective == Objective::orpo || s.objective == Objective::simpo;
    y.kv_str("dataset",
             e.model.vision_depth > 0        ? "mllm_demo"
             : pairs                         ? "dpo_en_demo"
             : s.objective == Objective::kto ? "kto_en_demo"
                                             : "alpaca_en_demo",
             "replace: your dataset's name in data/dataset_info.json");
    y.kv_str("template", e.model.id.empty() ? "default" : lf_template(e.model.id));
    // PPO's cutoff_len truncates the prompt, and max_new_tokens are generated after it (the import reads
    // seq_len = cutoff_len + max_new_tokens): written whole, a round trip grew by max_new_tokens each time.
    y.kv_int("cutoff_len", s.objective == Objective::ppo ? s.seq_len - s.completion_len : s.seq_len);
    if (s.objective ==
        Objective::sft) // packing is the SFT/pretraining datasets' (LLaMA-Factory ignores it else)
        y.kv_bool("packing", s.packing); // LLaMA-Factory packs only stage pt unless told: the plan's padding
    y.kv_int("preprocessing_num_workers", 16);
    y.blank();
    y.section("output");
    y.kv_str("output_dir", "saves/traincalc");
    y.kv_int("logging_steps", 10);
    y.kv_int("save_steps", 500);
    y.kv_bool("plot_loss", true);
    y.blank();
    y.section("train");
    y.kv_int("per_device_train_batch_size", p.micro_batch);
    y.kv_int("gradient_accumulation_steps", p.grad_accum);
    // LLaMA-Factory's examples' rates: SFT 1.0e-4 (LoRA) / 1.0e-5 (full), DPO and KTO 5.0e-6, PPO 1.0e-5.
    const bool rl_rate = pairs || s.objective == Objective::kto;
    y.kv("learning_rate",
         rl_rate                         ? "5.0e-6"
         : s.objective == Objective::ppo ? "1.0e-5"
         : s.method == Method::full      ? "1.0e-5"
                                         : "1.0e-4",
         "LLaMA-Factory's example value");
    y.kv("num_train_epochs", num(s.epochs) + (std::floor(s.epochs) == s.epochs ? ".0" : ""));
    y.kv_str("lr_scheduler_type", "cosine");
    y.kv("warmup_ratio", "0.1");
    if (!s.master_weights && s.precision == Precision::bf16) {
        y.kv_bool("pure_bf16", true);
        if (p.strategy.zero == 3)
            notes.push_back({"LLaMA-Factory refuses pure_bf16 with ZeRO-3",
                             "LLaMA-Factory 不允许 pure_bf16 与 ZeRO-3 同用"});
    } else if (s.precision == Precision::bf16 || s.precision == Precision::fp8) {
        y.kv_bool("bf16", true);
    } else if (s.precision == Precision::fp16) {
        y.kv_bool("fp16", true);
    }
    y.kv_str("optim", hf_optim(s.optimizer));
    y.kv_int("ddp_timeout", 180000000);
    if (p.pp > 1)
        notes.push_back({"pipeline parallelism (pp " + num(p.pp) +
                             ") is not available in LLaMA-Factory's Trainer: not written",
                         "LLaMA-Factory 的训练器不支持流水线并行（pp " + num(p.pp) + "）：未写出"});
    if (p.strategy.cp > 1 || p.strategy.activation_offload)
        notes.push_back(
            {"LLaMA-Factory's Trainer has no context parallelism or activation offload key; its "
             "Megatron-Bridge backend (USE_MEGATRON_BRIDGE=1) reads context_parallel_size "
             "(hparams/megatron_bridge_args.py): not written",
             "LLaMA-Factory 的训练器没有上下文并行或激活卸载的键；其 Megatron-Bridge 后端"
             "（USE_MEGATRON_BRIDGE=1）读取 context_parallel_size（hparams/megatron_bridge_args.py）："
             "未写出"});
    if (p.strategy.ep > 1)
        notes.push_back({"expert parallelism (ep " + num(p.strategy.ep) + ") is in " + kFileNames[1] +
                             " (DeepSpeed AutoEP), which the deepspeed: line loads",
                         "专家并行（ep " + num(p.strategy.ep) + "）写在 " + kFileNames[1] +
                             "（DeepSpeed AutoEP）中，由 deepspeed: 一行加载"});
    return y.text;
}

//-----------------------------------------------------------------------------
// [SECTION] accelerate FSDP YAML
//-----------------------------------------------------------------------------

// Keys of LLaMA-Factory's examples/accelerate/fsdp_config.yaml (accelerate's config file).
std::string accelerate_yaml(const Estimate& e, const ExportPlan& p, std::vector<ExportNote>& notes) {
    const Scenario& s = e.scenario;
    const int node = per_node(p.cards);
    const char* sharding = p.strategy.zero == 3   ? "FULL_SHARD"
                           : p.strategy.zero >= 1 ? "SHARD_GRAD_OP"
                                                  : "NO_SHARD";
    if (p.strategy.zero == 1)
        notes.push_back({"FSDP has no optimizer-only sharding (ZeRO-1): SHARD_GRAD_OP also shards the "
                         "gradients (less memory)",
                         "FSDP 没有只分片优化器的模式（ZeRO-1）：SHARD_GRAD_OP 同时分片梯度（显存更少）"});
    if (p.strategy.offload == Offload::optimizer)
        notes.push_back({"FSDP offloads parameters, gradients and optimizer states together: optimizer-only "
                         "offload is DeepSpeed's",
                         "FSDP 将参数、梯度和优化器状态一起卸载：只卸载优化器是 DeepSpeed 的功能"});
    if (p.strategy.offload == Offload::optimizer_params && p.strategy.zero != 3)
        notes.push_back({"FSDP parameter offload needs FULL_SHARD", "FSDP 参数卸载需要 FULL_SHARD"});
    if (s.method == Method::qlora)
        notes.push_back({"QLoRA under FSDP needs the 4-bit weights stored as bf16 (bnb_4bit_quant_storage)",
                         "FSDP 下的 QLoRA 需要以 bf16 存储 4 位权重（bnb_4bit_quant_storage）"});
    if (p.strategy.tp > 1)
        notes.push_back({"tensor parallelism is not in this FSDP config: use the DeepSpeed file (AutoTP)",
                         "此 FSDP 配置不含张量并行：请使用 DeepSpeed 文件（AutoTP）"});
    if (p.strategy.ep > 1)
        notes.push_back({"expert parallelism is not in this FSDP config: use the DeepSpeed file (AutoEP)",
                         "此 FSDP 配置不含专家并行：请使用 DeepSpeed 文件（AutoEP）"});
    parallel_notes(p, "this FSDP config", "此 FSDP 配置", notes);
    Lines y;
    y.comment(summary(e, p));
    y.comment("accelerate launch --config_file " + std::string(kFileNames[2]) + " src/train.py " +
              kFileNames[0] + "  (without its deepspeed: line)");
    y.kv_str("compute_environment", "LOCAL_MACHINE");
    y.kv_bool("debug", false);
    y.kv_str("distributed_type", "FSDP");
    y.kv_str("downcast_bf16", "no");
    y.text += "fsdp_config:\n";
    auto sub = [&](const std::string& k, const std::string& v) { y.text += "  " + k + ": " + v + "\n"; };
    sub("fsdp_auto_wrap_policy", "TRANSFORMER_BASED_WRAP");
    sub("fsdp_backward_prefetch", "BACKWARD_PRE");
    sub("fsdp_forward_prefetch", "false");
    sub("fsdp_cpu_ram_efficient_loading", "true");
    sub("fsdp_offload_params",
        p.strategy.offload != Offload::none && p.strategy.zero == 3 ? "true" : "false");
    sub("fsdp_sharding_strategy", sharding);
    sub("fsdp_state_dict_type", "FULL_STATE_DICT");
    sub("fsdp_sync_module_states", "true");
    sub("fsdp_use_orig_params", "true");
    y.kv_int("machine_rank", 0);
    y.kv_str("main_training_function", "main");
    y.kv_str("mixed_precision", s.precision == Precision::fp16   ? "fp16"
                                : s.precision == Precision::fp32 ? "no"
                                                                 : "bf16");
    y.kv_int("num_machines", p.cards / node);
    y.kv_int("num_processes", p.cards);
    y.kv_str("rdzv_backend", "static");
    y.kv_bool("same_network", true);
    y.kv("tpu_env", "[]");
    y.kv_bool("tpu_use_cluster", false);
    y.kv_bool("tpu_use_sudo", false);
    y.kv_bool("use_cpu", false);
    if (p.cards / node > 1)
        notes.push_back(
            {"several machines: set machine_rank (0 … " + num(p.cards / node - 1) +
                 ") and main_process_ip on each",
             "多台机器：在每台上设置 machine_rank（0 … " + num(p.cards / node - 1) + "）和 main_process_ip"});
    return y.text;
}

//-----------------------------------------------------------------------------
// [SECTION] Launch commands
//-----------------------------------------------------------------------------

std::string launch_sh(const Estimate& e, const ExportPlan& p, std::vector<ExportNote>& notes) {
    const int node = per_node(p.cards), nodes = p.cards / node;
    const bool ds =
        p.strategy.zero > 0 || p.strategy.offload != Offload::none || p.strategy.tp > 1 || p.strategy.ep > 1;
    std::string t = "#!/bin/sh\n# " + summary(e, p) + "\n";
    auto count = [](int n, const char* one, const char* many) { return num(n) + (n == 1 ? one : many); };
    t += "# " + count(p.cards, " GPU", " GPUs") + " = " + count(nodes, " node", " nodes") + " × " +
         count(node, " GPU", " GPUs") + "\n\n";
    t += "# LLaMA-Factory (torchrun underneath";
    t += ds ? std::string(", DeepSpeed from the YAML's deepspeed: ") + kFileNames[1] + ")\n" : ")\n";
    if (nodes == 1) {
        t += "FORCE_TORCHRUN=1 NNODES=1 NPROC_PER_NODE=" + num(node) + " llamafactory-cli train " +
             kFileNames[0] + "\n";
    } else {
        t += "# on node i = 0 … " + num(nodes - 1) + " (MASTER_ADDR: node 0's address)\n";
        t += "FORCE_TORCHRUN=1 NNODES=" + num(nodes) +
             " NODE_RANK=${NODE_RANK:?} MASTER_ADDR=${MASTER_ADDR:?} MASTER_PORT=29500 NPROC_PER_NODE=" +
             num(node) + " llamafactory-cli train " + kFileNames[0] + "\n";
    }
    t += "\n# Or accelerate + FSDP instead of DeepSpeed (remove the YAML's deepspeed: line):\n";
    t += "# accelerate launch --config_file " + std::string(kFileNames[2]) + " src/train.py " +
         kFileNames[0] + "\n";
    t += "\n# Or your own training script:\n";
    t += "# torchrun --nnodes " + num(nodes) + " --nproc_per_node " + num(node) + " train.py\n";
    t += "# deepspeed --num_nodes " + num(nodes) + " --num_gpus " + num(node) + " train.py --deepspeed " +
         kFileNames[1] + "\n";
    if (p.cards % 8 != 0 && p.cards > 8)
        notes.push_back({"the GPU count is not a multiple of 8: split as " + num(nodes) + " nodes × " +
                             num(node) + " GPUs",
                         "GPU 数不是 8 的倍数：按 " + num(nodes) + " 个节点 × " + num(node) + " 张卡划分"});
    return t;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] export_config()
//-----------------------------------------------------------------------------

ConfigExport export_config(const Estimate& e, ExportFormat f) {
    ConfigExport out;
    out.format = f;
    out.file_name = export_file_name(f);
    if (!e.ok) {
        out.errors = e.errors;
        return out;
    }
    out.plan = export_plan(e);
    const ExportPlan& p = out.plan;
    const auto cards_en = [](int n) { return num(n) + (n == 1 ? " card" : " cards"); };
    if (p.searched && p.cards == e.cards.min_for_memory_any)
        out.notes.push_back(
            {"the scenario's own set-up does not fit in memory: these configs use the fewest-cards set-up "
             "found (" +
                 cards_en(p.cards) + ")",
             "场景自身的设置放不下：这些配置使用搜索到的最少卡数设置（" + num(p.cards) + " 张卡）"});
    else if (p.searched) // on the scenario's own count, more than the fewest: both counts, not one
        out.notes.push_back(
            {"the scenario's own set-up does not fit in memory: these configs use the set-up of the "
             "fewest-cards plan (" +
                 cards_en(e.cards.min_for_memory_any) + ") on the scenario's " + cards_en(p.cards),
             "场景自身的设置放不下：这些配置在场景的 " + num(p.cards) + " 张卡上使用最少卡数方案（" +
                 num(e.cards.min_for_memory_any) + " 张卡）的设置"});
    else if (!p.fits)
        out.notes.push_back(
            {"this plan does not fit in memory on any card count searched: it will run out of memory",
             "此方案在搜索的任何卡数下都放不下：运行时会显存不足"});
    switch (f) {
    case ExportFormat::llamafactory:
        out.text = llamafactory_yaml(e, p, out.notes);
        break;
    case ExportFormat::deepspeed:
        out.text = deepspeed_json(e, p, out.notes);
        break;
    case ExportFormat::accelerate:
        out.text = accelerate_yaml(e, p, out.notes);
        break;
    case ExportFormat::launch:
        out.text = launch_sh(e, p, out.notes);
        break;
    }
    return out;
}

} // namespace traincalc

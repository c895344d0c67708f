// traincalc — tests/test_config_import.cpp
// core/config_import.h: the fixtures of tests/configs/ (written anew from each tool's documented keys;
// the source of each is named in its header) read into scenarios whose fields are checked one by
// one; "auto" and defaults resolved as the tools resolve them; errors naming the key and the line.
// YAML goes through the CLI's converter (cli/yaml_json.cpp, yaml-cpp), as in `traincalc import`.
//
// Index of this file:
// [SECTION] Helpers
// [SECTION] LLaMA-Factory
// [SECTION] axolotl
// [SECTION] DeepSpeed
// [SECTION] Transformers / TRL, config.json
// [SECTION] Detection, chains, conflicts and bad input

#include "cli/yaml_json.h"
#include "core/catalog.h"
#include "core/config_import.h"
#include "core/estimate.h"
#include "core/scenario.h"
#include "fixtures.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>

using namespace traincalc;

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------
namespace {

// A file of the source tree's tests/ as text (`path` under tests/).
std::string test_file(const std::string& path) {
    std::ifstream f(std::string(TRAINCALC_SOURCE_DIR) + "/tests/" + path, std::ios::binary);
    REQUIRE_MESSAGE(f.good(), "missing tests/" << path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::string fixture(const std::string& name) {
    return test_file("configs/" + name);
}

// A table the page's browser tests read too (tests/yaml_*.json), parsed.
nlohmann::json json_table(const std::string& name) {
    const nlohmann::json table = nlohmann::json::parse(test_file(name), nullptr, false);
    REQUIRE_MESSAGE(!table.is_discarded(), "tests/" << name << " is not JSON");
    return table;
}

// As the CLI does: JSON as it is, YAML through yaml-cpp with its key lines.
ConfigImport import_text(const std::string& text, ConfigKind kind = ConfigKind::detect,
                         const Scenario& base = Scenario{}) {
    if (looks_like_json(text)) return import_config(text, kind, base, fixtures::builtin_catalog());
    YamlJson y = yaml_to_json(text);
    REQUIRE_MESSAGE(y.errors.empty(), (y.errors.empty() ? "" : y.errors[0].message));
    return import_config(y.json, kind, base, fixtures::builtin_catalog(), y.lines);
}

const ImportNote* find(const std::vector<ImportNote>& list, const std::string& key,
                       const std::string& field = "") {
    for (const ImportNote& n : list)
        if (n.key == key && (field.empty() || n.field == field)) return &n;
    return nullptr;
}

bool has(const std::vector<std::string>& list, const std::string& s) {
    for (const std::string& x : list)
        if (x == s) return true;
    return false;
}

std::string all_errors(const ConfigImport& r) {
    std::string s;
    for (const FieldError& e : r.errors) s += e.field + ": " + e.message + "\n";
    return s;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] LLaMA-Factory
//-----------------------------------------------------------------------------

TEST_CASE("config import: LLaMA-Factory LoRA SFT YAML (examples/train_lora)") {
    ConfigImport r = import_text(fixture("llamafactory_qwen_lora_sft.yaml"));
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::llamafactory);
    const Scenario& s = r.scenario;
    CHECK(s.model_id == "qwen2.5-7b"); // Qwen/Qwen2.5-7B-Instruct: the base model's architecture
    CHECK(s.method == Method::lora);
    CHECK(s.lora_rank == 32);
    CHECK(s.lora_targets == LoraTargets::all);
    CHECK(s.seq_len == 4096);  // cutoff_len
    CHECK(s.micro_batch == 2); // per_device_train_batch_size
    CHECK(s.grad_accum == 4);
    CHECK(s.epochs == doctest::Approx(2.0));
    CHECK(s.precision == Precision::bf16);
    CHECK(s.checkpointing == Checkpointing::full); // LLaMA-Factory's default, resolved
    // Lines from the YAML: model_name_or_path is on line 5, cutoff_len on line 18.
    const ImportNote* model = find(r.applied, "model_name_or_path", "model");
    REQUIRE(model != nullptr);
    CHECK(model->line == 5);
    CHECK(model->value == "qwen2.5-7b");
    const ImportNote* len = find(r.applied, "cutoff_len", "seq_len");
    REQUIRE(len != nullptr);
    CHECK(len->line == 18);
    CHECK(len->value == "4096");
    const ImportNote* gc = find(r.resolved, "disable_gradient_checkpointing", "checkpointing");
    REQUIRE(gc != nullptr);
    CHECK(gc->note == "not in the file: LLaMA-Factory enables gradient checkpointing unless "
                      "disable_gradient_checkpointing is true");
    CHECK(find(r.ignored, "max_samples") != nullptr);
    CHECK(has(r.unused, "learning_rate"));
    CHECK(has(r.unused, "template"));
    CHECK_FALSE(has(r.unused, "cutoff_len"));
}

TEST_CASE("config import: LLaMA-Factory packing sets the scenario's (it was \"not used\")") {
    const std::string head = "model_name_or_path: Qwen/Qwen2.5-7B\nstage: sft\nfinetuning_type: lora\n";
    ConfigImport off = import_text(head + "packing: false\n");
    REQUIRE_MESSAGE(off.errors.empty(), all_errors(off));
    CHECK_FALSE(off.scenario.packing);
    CHECK(find(off.applied, "packing", "packing") != nullptr);
    CHECK_FALSE(has(off.unused, "packing"));
    ConfigImport sft = import_text(head); // LLaMA-Factory packs only stage pt unless told
    CHECK_FALSE(sft.scenario.packing);
    CHECK(find(sft.resolved, "stage", "packing") != nullptr);
    ConfigImport pt = import_text("model_name_or_path: Qwen/Qwen2.5-7B\nstage: pt\nfinetuning_type: full\n");
    CHECK(pt.scenario.packing);
}

TEST_CASE("config import: LLaMA-Factory QLoRA with a shipped DeepSpeed file, DPO stage, Liger") {
    ConfigImport r = import_text(fixture("llamafactory_qlora_ds3.yaml"));
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    const Scenario& s = r.scenario;
    CHECK(s.model_id == "llama-2-13b");
    CHECK(s.method == Method::qlora);         // finetuning_type lora + quantization_bit 4
    CHECK(s.lora_targets == LoraTargets::qv); // q_proj,v_proj
    CHECK(s.lora_rank == 8);                  // LLaMA-Factory's default, resolved
    CHECK(find(r.resolved, "lora_rank", "lora_rank") != nullptr);
    CHECK(s.seq_len == 2048); // default cutoff_len
    CHECK(s.zero == 3);       // ds_z3_offload_config.json as shipped
    CHECK(s.offload == Offload::optimizer_params);
    CHECK(s.precision == Precision::fp16);
    CHECK(s.loss == LossImpl::chunked); // enable_liger_kernel
    CHECK(s.micro_batch == 1);
    CHECK(s.grad_accum == 16);
    const ImportNote* ds = find(r.applied, "deepspeed", "zero");
    REQUIRE(ds != nullptr);
    CHECK(ds->note.find("ds_z3_offload_config.json as shipped") != std::string::npos);
    // stage dpo with the default pref_loss (sigmoid): DPO, the reference = the base with adapters off.
    CHECK(s.objective == Objective::dpo);
    CHECK(s.reference == Reference::model);
    CHECK(find(r.applied, "stage", "objective") != nullptr);
}

TEST_CASE("config import: a DeepSpeed file of one's own is not read, and the note says where to import it") {
    // "(kind deepspeed)" was the CLI's word: on the page the file goes through Training configs too.
    ConfigImport r = import_text("finetuning_type: lora\ndeepspeed: configs/my_ds.json\n");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    const ImportNote* ds = find(r.ignored, "deepspeed");
    REQUIRE(ds != nullptr);
    CHECK(ds->note == "the DeepSpeed file \"configs/my_ds.json\" is not read: import it after this one (the "
                      "page: Training configs; the CLI: one more FILE)");
    CHECK(ds->note_zh ==
          "未读取 DeepSpeed 文件 \"configs/my_ds.json\"：请随后再导入它（网页：训练配置；命令行：再加一个 "
          "FILE 参数）");
}

TEST_CASE("config import: LLaMA-Factory errors name the key and its line") {
    ConfigImport r = import_text("finetuning_type: lora\nper_device_train_batch_size: 0\n");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "per_device_train_batch_size");
    CHECK(r.errors[0].message ==
          "per_device_train_batch_size (line 2) → micro_batch must be an integer from 1 to 65536, got 0");
    CHECK(r.scenario.micro_batch == Scenario{}.micro_batch); // the base, untouched

    r = import_text("finetuning_type: freeze\n");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "finetuning_type (line 1): \"freeze\" is not modelled: traincalc estimates "
                                 "full, lora (and QLoRA through quantization_bit)");
    r = import_text("finetuning_type: full\nquantization_bit: 4\n");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message ==
          "quantization_bit (line 2): quantization is only compatible with the LoRA method (LLaMA-Factory)");
    CHECK(r.errors[0].message_zh ==
          "quantization_bit（第 2 行）：量化只能与 LoRA 方法一起使用（LLaMA-Factory）");
    r = import_text("finetuning_type: lora\ncutoff_len: long\n");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "cutoff_len (line 2): must be a whole number, got \"long\"");
}

// A full fine-tune without a flag trains in fp32 (the trained parameters cast up, no autocast); LoRA and
// QLoRA keep the frozen base 16-bit (it was estimated as fp32: 28.4 GiB of weights for a 7B).
TEST_CASE("config import: LLaMA-Factory precision: pure_bf16, fp32 for a full fine-tune, 16-bit LoRA") {
    ConfigImport r = import_text("finetuning_type: full\npure_bf16: true\n");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.precision == Precision::bf16);
    CHECK_FALSE(r.scenario.master_weights);
    r = import_text("finetuning_type: full\n");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.precision == Precision::fp32);
    const ImportNote* p = find(r.resolved, "bf16", "precision");
    REQUIRE(p != nullptr);
    CHECK(p->note == "not in the file: without bf16, fp16 or pure_bf16 LLaMA-Factory casts the trained "
                     "parameters to fp32 (model/adapter.py) and the Trainer runs no mixed precision: fp32");
    CHECK(r.scenario.micro_batch == 8); // Transformers' per_device_train_batch_size default
    for (const char* text : {"finetuning_type: lora\n", "finetuning_type: lora\nquantization_bit: 4\n",
                             "finetuning_type: lora\nbf16: false\nfp16: false\n"}) {
        CAPTURE(text);
        r = import_text(text);
        REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
        CHECK(r.scenario.precision == Precision::bf16); // the default card (H100) has bf16
        p = find(r.resolved, "bf16", "precision");
        REQUIRE(p != nullptr);
        CHECK(
            p->note.find(": with LoRA or QLoRA LLaMA-Factory computes in the model's 16-bit dtype (bf16 when "
                         "the card has it, else fp16: infer_optim_dtype), the frozen base loaded in it "
                         "(4-bit with QLoRA), and upcasts only the adapters to fp32; ") != std::string::npos);
        CHECK_FALSE(has(r.unused, "fp16"));
    }
    CHECK(find(r.resolved, "fp16") != nullptr); // both flags off: both listed
    Scenario t4;
    t4.gpu_id = "T4";
    r = import_text("finetuning_type: lora\n", ConfigKind::detect, t4);
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.precision == Precision::fp16);
    p = find(r.resolved, "bf16", "precision");
    REQUIRE(p != nullptr);
    CHECK(p->note ==
          "not in the file: with LoRA or QLoRA LLaMA-Factory computes in the model's 16-bit dtype (bf16 when "
          "the card has it, else fp16: infer_optim_dtype), the frozen base loaded in it (4-bit with QLoRA), "
          "and "
          "upcasts only the adapters to fp32; T4 has no bf16");
    CHECK(p->note_zh ==
          "文件中没有：使用 LoRA 或 QLoRA 时 LLaMA-Factory 以模型自身的 16 位精度计算（卡支持时为 "
          "bf16，否则 fp16：infer_optim_dtype），冻结的基座按此精度加载（QLoRA 为 4 位），只把适配器"
          "上转为 fp32；T4 不支持 bf16");
    // A flag on is read as it is.
    r = import_text("finetuning_type: lora\nfp16: true\n");
    CHECK(r.scenario.precision == Precision::fp16);
    CHECK(find(r.applied, "fp16", "precision") != nullptr);
}

//-----------------------------------------------------------------------------
// [SECTION] axolotl
//-----------------------------------------------------------------------------

TEST_CASE("config import: axolotl QLoRA YAML (examples/llama-3/qlora.yml keys)") {
    ConfigImport r = import_text(fixture("axolotl_llama3_qlora.yaml"));
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::axolotl);
    const Scenario& s = r.scenario;
    CHECK(s.model_id == "qwen2.5-14b");
    CHECK(s.method == Method::qlora);
    CHECK(s.lora_rank == 32);
    CHECK(s.lora_targets == LoraTargets::all); // lora_target_linear
    CHECK(s.seq_len == 4096);
    CHECK(s.micro_batch == 2);
    CHECK(s.grad_accum == 4);
    CHECK(s.epochs == doctest::Approx(4.0));
    CHECK(s.checkpointing == Checkpointing::full);
    CHECK(s.flash_attention);
    CHECK(s.optimizer == Optimizer::adamw); // paged_adamw_32bit
    CHECK(s.precision == Precision::bf16);  // bf16: auto on the base scenario's A100
    const ImportNote* bf = find(r.resolved, "bf16", "precision");
    REQUIRE(bf != nullptr);
    CHECK(bf->note ==
          "axolotl resolves bf16: auto to bf16 when the card supports it, else fp16: A100-80G does");
    CHECK(find(r.applied, "sample_packing", "packing") != nullptr); // sample_packing: true
    CHECK(s.packing);
    CHECK(has(r.unused, "lora_alpha"));
    CHECK(has(r.unused, "datasets"));

    // The same file for a T4 (no bf16): axolotl falls back to fp16.
    Scenario t4;
    t4.gpu_id = "T4";
    r = import_text(fixture("axolotl_llama3_qlora.yaml"), ConfigKind::axolotl, t4);
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.precision == Precision::fp16);
    bf = find(r.resolved, "bf16", "precision");
    REQUIRE(bf != nullptr);
    CHECK(bf->note ==
          "axolotl resolves bf16: auto to bf16 when the card supports it, else fp16: T4 does not");
}

TEST_CASE("config import: axolotl full fine-tune with FSDP offload and Liger") {
    ConfigImport r = import_text(fixture("axolotl_fft_fsdp.yaml"));
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    const Scenario& s = r.scenario;
    CHECK(s.model_id == "llama-3.1-8b");
    CHECK(s.method == Method::full); // no adapter
    CHECK(s.zero == 3);              // full_shard
    CHECK(s.offload == Offload::optimizer_params);
    CHECK(s.loss == LossImpl::chunked);
    CHECK(s.seq_len == 8192);
    CHECK(s.grad_accum == 2);
    const ImportNote* z = find(r.applied, "fsdp", "zero");
    REQUIRE(z != nullptr);
    CHECK(z->note == "FSDP FULL_SHARD shards as ZeRO-3 does");
}

TEST_CASE("config import: axolotl errors") {
    ConfigImport r = import_text("base_model: Qwen/Qwen2.5-7B\nadapter: qlora\nlora_r: 8\n");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "adapter");
    CHECK(r.errors[0].message == "adapter (line 2): qlora needs load_in_4bit: true (axolotl)");
    r = import_text("base_model: Qwen/Qwen2.5-7B\nadapter: lora\n");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "lora_r: a LoRA adapter needs lora_r");
}

//-----------------------------------------------------------------------------
// [SECTION] DeepSpeed
//-----------------------------------------------------------------------------

TEST_CASE("config import: DeepSpeed ZeRO-3 with offload; the card count from DeepSpeed's batch rule") {
    ConfigImport r = import_text(fixture("deepspeed_z3_offload.json"));
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::deepspeed);
    const Scenario& s = r.scenario;
    CHECK(s.zero == 3);
    CHECK(s.offload == Offload::optimizer_params);
    CHECK(s.micro_batch == 2);
    CHECK(s.grad_accum == 4);
    CHECK(s.cards == 8); // 64 / (2 × 4)
    CHECK(s.precision == Precision::bf16);
    CHECK(s.model_id == Scenario{}.model_id); // a DeepSpeed config names no model
    CHECK(find(r.ignored, "zero_optimization.reduce_bucket_size") != nullptr);
    CHECK(find(r.resolved, "zero_optimization.stage3_prefetch_bucket_size") != nullptr);
    CHECK(r.applied[0].line == 0); // JSON carries no lines
}

TEST_CASE("config import: DeepSpeed \"auto\" keeps what the Trainer would fill in") {
    Scenario base;
    base.micro_batch = 3;
    base.grad_accum = 5;
    base.precision = Precision::fp16;
    ConfigImport r = import_text(fixture("deepspeed_z2_auto.json"), ConfigKind::detect, base);
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.zero == 2);
    CHECK(r.scenario.offload == Offload::optimizer);
    CHECK(r.scenario.micro_batch == 3);
    CHECK(r.scenario.grad_accum == 5);
    CHECK(r.scenario.precision == Precision::fp16);
    const ImportNote* m = find(r.resolved, "train_micro_batch_size_per_gpu");
    REQUIRE(m != nullptr);
    CHECK(m->note == "\"auto\": the Trainer fills it from per_device_train_batch_size (the scenario's "
                     "micro_batch is kept)");
    CHECK(find(r.resolved, "bf16.enabled") != nullptr);
}

// DeepSpeed's AutoTP training is enabled by `tensor_parallel.autotp_size` alone, with or without a
// zero_optimization block (https://www.deepspeed.ai/tutorials/autotp-training/, "Basic Usage":
// "tensor_parallel": {"autotp_size": 4}). A config without zero_optimization once stopped reading
// before tensor_parallel, so tp stayed 1 and the key was listed as unused.
TEST_CASE("config import: DeepSpeed tensor_parallel.autotp_size with and without zero_optimization") {
    // tp must fit in the cards: a base scenario gives them, as in `traincalc import base.json ds.json`.
    Scenario base;
    base.cards = 8;
    ConfigImport r = import_text(R"({"tensor_parallel":{"autotp_size":2},"activation_checkpointing":{}})",
                                 ConfigKind::deepspeed, base);
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.tp == 2);
    const ImportNote* tp = find(r.applied, "tensor_parallel.autotp_size", "tp");
    REQUIRE(tp != nullptr);
    CHECK(tp->value == "2");
    CHECK_FALSE(has(r.unused, "tensor_parallel.autotp_size"));
    // The other top-level key after the ZeRO block is read too: ignored with its reason, not unused.
    CHECK(find(r.ignored, "activation_checkpointing") != nullptr);
    CHECK_FALSE(has(r.unused, "activation_checkpointing"));
    CHECK(r.scenario.zero == 0); // DeepSpeed's default stage, resolved as before
    CHECK(find(r.resolved, "zero_optimization", "zero") != nullptr);

    r = import_text(R"({"zero_optimization":{"stage":2},"tensor_parallel":{"autotp_size":4}})",
                    ConfigKind::detect, base);
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::deepspeed);
    CHECK(r.scenario.zero == 2);
    CHECK(r.scenario.tp == 4);
    CHECK(find(r.applied, "tensor_parallel.autotp_size", "tp") != nullptr);
    // An AutoTP-only DeepSpeed config is recognised by its tensor_parallel block.
    r = import_text(R"({"tensor_parallel":{"autotp_size":2}})", ConfigKind::detect, base);
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::deepspeed);
    CHECK(r.scenario.tp == 2);

    // On the default scenario's one card the tp read is checked against the cards like any other.
    r = import_text(R"({"tensor_parallel":{"autotp_size":2}})", ConfigKind::deepspeed);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "cards");
    CHECK(r.errors[0].message == "after the import: cards (1) must be at least tp × pp (2)");
}

TEST_CASE("config import: DeepSpeed refusals") {
    ConfigImport r = import_text(R"({"zero_optimization":{"stage":2,"offload_param":{"device":"cpu"}}})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "zero_optimization.offload_param.device");
    CHECK(r.errors[0].message == "zero_optimization.offload_param.device: parameter offload is valid only "
                                 "with ZeRO stage 3 (DeepSpeed)");
    r = import_text(R"({"zero_optimization":{"stage":1},"bf16":{"enabled":true},"fp16":{"enabled":true}})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "bf16.enabled: bf16 and fp16 are both enabled: DeepSpeed refuses that");
    r = import_text(
        R"({"train_batch_size":30,"train_micro_batch_size_per_gpu":4,"gradient_accumulation_steps":2})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "train_batch_size: must be train_micro_batch_size_per_gpu × "
                                 "gradient_accumulation_steps × GPUs, got 30");
    r = import_text(R"({"zero_optimization":{"stage":3,"offload_optimizer":{"device":"gpu"}}})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message ==
          "zero_optimization.offload_optimizer.device: must be \"cpu\", \"nvme\" or \"none\", got \"gpu\"");
}

//-----------------------------------------------------------------------------
// [SECTION] Transformers / TRL, config.json
//-----------------------------------------------------------------------------

TEST_CASE("config import: TRL SFT arguments (JSON) with TRL's defaults") {
    ConfigImport r = import_text(fixture("trl_sft_args.json"));
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::hf_training_args);
    const Scenario& s = r.scenario;
    CHECK(s.model_id == "qwen2.5-1.5b");
    CHECK(s.method == Method::lora);
    CHECK(s.lora_rank == 16);
    CHECK(s.lora_targets == LoraTargets::qv);
    CHECK(s.seq_len == 2048);
    CHECK(s.micro_batch == 4);
    CHECK(s.grad_accum == 2);
    CHECK(s.epochs == doctest::Approx(1.0));
    CHECK(s.checkpointing == Checkpointing::full); // TRL's SFTConfig default
    CHECK(s.precision == Precision::bf16);         // TRL's SFTConfig default
    const ImportNote* gc = find(r.resolved, "gradient_checkpointing", "checkpointing");
    REQUIRE(gc != nullptr);
    CHECK(gc->note == "not in the file: TRL SFTConfig checkpoints every layer by default");
}

TEST_CASE("config import: TRL GRPO arguments (open-r1's recipe): G, lengths, a vLLM server, the defaults") {
    ConfigImport r = import_text(fixture("openr1_grpo_simple_rl.yaml"));
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::hf_training_args);
    const Scenario& s = r.scenario;
    CHECK(s.objective == Objective::grpo);
    CHECK(s.generations == 7);
    CHECK(s.completion_len == 1024);
    CHECK(s.seq_len == 650 + 1024); // max_prompt_length + max_completion_length
    CHECK(s.micro_batch == 2);
    CHECK(s.grad_accum == 8);
    CHECK(s.rollout == Rollout::separate); // vllm_device: vLLM on its own card (TRL 0.14-0.17)
    CHECK(s.rollout_cards == 1);
    CHECK(s.reference == Reference::none); // TRL's beta 0.0 today (0.04 in TRL 0.14: say beta to match)
    CHECK(s.steps_per_generation == 0);    // TRL's default: gradient_accumulation_steps
    CHECK(s.checkpointing == Checkpointing::full);
    const ImportNote* cards = find(r.resolved, "vllm_device", "rollout_cards");
    REQUIRE(cards != nullptr);
    CHECK(cards->note == "the server's cards are not in the file: 1 assumed (trl vllm-serve)");
    CHECK(find(r.ignored, "vllm_gpu_memory_utilization") != nullptr); // a server's own flag
    const ImportNote* g = find(r.applied, "num_generations", "generations");
    REQUIRE(g != nullptr);
    CHECK(g->line == 20);
}

TEST_CASE("config import: TRL GRPO colocated vLLM: the slice held, sleep mode, no vLLM, bad mode") {
    ConfigImport r = import_text(
        R"({"output_dir":"o","num_generations":16,"use_vllm":true,"vllm_gpu_memory_utilization":0.4,)"
        R"("beta":0.04,"steps_per_generation":1})");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.objective == Objective::grpo);
    CHECK(r.scenario.rollout == Rollout::colocated); // TRL's default vllm_mode
    CHECK(r.scenario.engine_memory_fraction == doctest::Approx(0.4));
    CHECK(r.scenario.reference == Reference::model);
    CHECK(r.scenario.steps_per_generation == 1);
    CHECK(r.scenario.completion_len == 512); // GRPOConfig's default
    CHECK(r.scenario.seq_len == 512 + 512);  // no prompt length: 512 assumed, said so
    REQUIRE(find(r.resolved, "max_completion_length", "seq_len") != nullptr);
    r = import_text(R"({"num_generations":4,"use_vllm":true,"vllm_enable_sleep_mode":true,)"
                    R"("vllm_gpu_memory_utilization":0.5})");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.engine_memory_fraction == 0); // asleep while training: the larger phase
    r = import_text(R"({"num_generations":4})");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.rollout == Rollout::colocated);
    CHECK(find(r.resolved, "use_vllm", "rollout")->note.find("generate() on the training cards") !=
          std::string::npos);
    r = import_text(R"({"num_generations":4,"use_vllm":true,"vllm_mode":"remote"})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "vllm_mode");
    CHECK(r.errors[0].message == "vllm_mode: must be \"server\" or \"colocate\", got \"remote\"");
}

// TRL's ModelConfig.use_peft defaults to False: without it the whole model trains (it was the base
// scenario's method: the page's default LoRA). And every key of the file is in a list.
TEST_CASE("config import: TRL arguments without use_peft train the whole model; every key is listed") {
    const std::string grpo =
        "model_name_or_path: Qwen/Qwen2.5-7B-Instruct\ntorch_dtype: bfloat16\n"
        "bf16: true\nuse_vllm: true\nvllm_mode: colocate\nvllm_gpu_memory_utilization: 0.3\n"
        "vllm_enable_sleep_mode: true\ngradient_checkpointing: true\nbeta: 0.0\n"
        "loss_type: dr_grpo\nnum_generations: 8\nmax_prompt_length: 512\n"
        "max_completion_length: 2048\nper_device_train_batch_size: 8\n"
        "gradient_accumulation_steps: 4\nsteps_per_generation: 4\noutput_dir: o\nseed: 42\n";
    ConfigImport r = import_text(grpo);
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::hf_training_args);
    CHECK(r.scenario.method == Method::full);
    const ImportNote* m = find(r.resolved, "use_peft", "method");
    REQUIRE(m != nullptr);
    CHECK(m->note ==
          "not in the file: TRL's ModelConfig.use_peft defaults to false, so the whole model trains");
    CHECK(m->note_zh == "文件中没有：TRL 的 ModelConfig.use_peft 默认为 false，即训练整个模型");
    CHECK(import_text(fixture("openr1_grpo_simple_rl.yaml")).scenario.method == Method::full);
    // Every key of the file: applied, resolved, ignored or unused (vllm_mode, loss_type and, with sleep
    // mode, vllm_gpu_memory_utilization were in none).
    auto listed = [&](const ConfigImport& c, const std::string& k) {
        return find(c.applied, k) || find(c.resolved, k) || find(c.ignored, k) || has(c.unused, k);
    };
    for (const char* k :
         {"model_name_or_path", "torch_dtype", "bf16", "use_vllm", "vllm_mode", "vllm_gpu_memory_utilization",
          "vllm_enable_sleep_mode", "gradient_checkpointing", "beta", "loss_type", "num_generations",
          "max_prompt_length", "max_completion_length", "per_device_train_batch_size",
          "gradient_accumulation_steps", "steps_per_generation", "output_dir", "seed"})
        CHECK_MESSAGE(listed(r, k), k << " is in no list");
    CHECK(find(r.applied, "vllm_mode", "rollout") != nullptr);
    CHECK(find(r.resolved, "loss_type")->note ==
          "loss_type dr_grpo: how the loss is weighed and averaged; the same memory and time");
    CHECK(find(r.ignored, "vllm_gpu_memory_utilization")->note ==
          "with sleep mode the engine gives its slice back while the policy trains: the generation phase is "
          "counted from its weights and KV cache, not from this cap");
    ConfigImport off = import_text(R"({"num_generations":4,"use_vllm":false,"vllm_mode":"colocate"})");
    REQUIRE_MESSAGE(off.errors.empty(), all_errors(off));
    CHECK(find(off.ignored, "vllm_mode")->note == "use_vllm is not true: TRL starts no vLLM engine");
    // use_peft as given; LoRA keys without it are TRL's to ignore; plain Transformers arguments: full.
    ConfigImport lora = import_text(R"({"max_length":2048,"use_peft":true,"lora_r":32})");
    REQUIRE_MESSAGE(lora.errors.empty(), all_errors(lora));
    CHECK(lora.scenario.method == Method::lora);
    CHECK(lora.scenario.lora_rank == 32);
    ConfigImport stray = import_text(R"({"max_length":2048,"lora_r":32})");
    REQUIRE_MESSAGE(stray.errors.empty(), all_errors(stray));
    CHECK(stray.scenario.method == Method::full);
    REQUIRE(find(stray.ignored, "lora_r") != nullptr);
    CHECK(find(stray.ignored, "lora_r")->note ==
          "use_peft is not true: TRL builds no LoRA adapter (get_peft_config)");
    // Plain Transformers arguments: a script's own PEFT model leaves no trace in them, so the scenario's
    // method stays (a LoRA run's training_args.json imported over a LoRA plan turned it into full).
    ConfigImport hf = import_text(R"({"output_dir":"out","per_device_train_batch_size":16})");
    CHECK(hf.scenario.method == Scenario{}.method);
    REQUIRE(find(hf.resolved, "use_peft") != nullptr);
    CHECK(find(hf.resolved, "use_peft")->note ==
          "not in the file: a Trainer's arguments do not say whether the script adds adapters (PEFT); the "
          "method stays the scenario's");
    // LLaMA-Factory's own default finetuning_type stays lora (hparams/finetuning_args.py).
    CHECK(import_text("stage: sft\ncutoff_len: 1024\n").scenario.method == Method::lora);
}

TEST_CASE("config import: LLaMA-Factory PPO: one response from generate(), the value head on the policy, "
          "the reward an adapter, the lengths from max_new_tokens") {
    ConfigImport r = import_text(fixture("llamafactory_llama31_ppo_lora.yaml"));
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    const Scenario& s = r.scenario;
    CHECK(s.objective == Objective::ppo);
    CHECK(s.generations == 1);
    CHECK(s.rollout == Rollout::policy);
    CHECK(s.steps_per_generation == 1); // generate() one mini-batch at a time
    CHECK(s.critic == Critic::value_head);
    CHECK(s.reward == Reward::adapter); // reward_model_type's default, lora
    CHECK(s.reference == Reference::model);
    CHECK(s.completion_len == 1024); // max_new_tokens
    CHECK(s.seq_len == 2048 + 1024); // the prompt (cutoff_len) + max_new_tokens
    const ImportNote* c = find(r.applied, "max_new_tokens", "completion_len");
    REQUIRE(c != nullptr);
    CHECK(c->line == 33);
    CHECK_FALSE(has(r.unused, "max_new_tokens"));
    CHECK_FALSE(has(r.unused, "reward_model"));
    const ImportNote* rm = find(r.resolved, "reward_model_type", "reward");
    REQUIRE(rm != nullptr);
    CHECK(rm->note == "not in the file: LLaMA-Factory's default reward_model_type lora, an adapter on the "
                      "policy's base");
    CHECK(find(r.resolved, "stage", "rollout")->note ==
          "the policy's own generate() on the training cards: no vLLM engine, no copy of the weights");
    // reward_model_type full: a whole reward model; api: a server; anything else is refused.
    ConfigImport full = import_text("stage: ppo\nfinetuning_type: full\nreward_model_type: full\n");
    REQUIRE_MESSAGE(full.errors.empty(), all_errors(full));
    CHECK(full.scenario.reward == Reward::model);
    CHECK(full.scenario.completion_len == 1024); // LLaMA-Factory's default max_new_tokens
    CHECK(full.scenario.seq_len == 2048 + 1024);
    ConfigImport api = import_text("stage: ppo\nfinetuning_type: lora\nreward_model_type: api\n");
    CHECK(api.scenario.reward == Reward::api);
    ConfigImport bad = import_text("stage: ppo\nfinetuning_type: lora\nreward_model_type: oft\n");
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].message == "reward_model_type (line 3): must be lora, full or api, got \"oft\"");
}

TEST_CASE("config import: LLaMA-Factory PPO refuses a LoRA reward model on a full or freeze policy, as "
          "LLaMA-Factory does") {
    // finetuning_args.py __post_init__: "`reward_model_type` cannot be lora for Freeze/Full PPO training."
    ConfigImport r = import_text("stage: ppo\nfinetuning_type: full\nreward_model_type: lora\n");
    REQUIRE(r.errors.size() == 1); // was: accepted, a LoRA reward adapter on a base that has none
    CHECK(r.errors[0].field == "reward_model_type");
    CHECK(r.errors[0].message ==
          "reward_model_type (line 3): cannot be lora with finetuning_type full: LLaMA-Factory refuses it "
          "(\"`reward_model_type` cannot be lora for Freeze/Full PPO training.\"); set reward_model_type: "
          "full (a whole reward model) or api");
    CHECK(r.errors[0].message_zh ==
          "reward_model_type（第 3 行）：finetuning_type 为 full 时不能是 lora：LLaMA-Factory 会拒绝"
          "（\"`reward_model_type` cannot be lora for Freeze/Full PPO training.\"）；请设 reward_model_type: "
          "full（完整的奖励模型）或 api");
    // Absent, reward_model_type is lora: refused the same way, the default named.
    ConfigImport d = import_text("stage: ppo\nfinetuning_type: freeze\n");
    REQUIRE(d.errors.size() >= 1);
    const FieldError* e = nullptr;
    for (const FieldError& x : d.errors)
        if (x.field == "reward_model_type") e = &x;
    REQUIRE(e != nullptr);
    CHECK(e->message == "reward_model_type: cannot be lora (LLaMA-Factory's default when absent) with "
                        "finetuning_type freeze: LLaMA-Factory refuses it (\"`reward_model_type` cannot be "
                        "lora for Freeze/Full PPO training.\"); set reward_model_type: full (a whole reward "
                        "model) or api");
    // LoRA policy with a LoRA reward, and a full policy with a full reward, are accepted.
    CHECK(import_text("stage: ppo\nfinetuning_type: lora\nreward_model_type: lora\n").errors.empty());
    CHECK(import_text("stage: ppo\nfinetuning_type: full\nreward_model_type: full\n").errors.empty());
}

TEST_CASE("config import: optimisation passes per batch of rollouts: LLaMA-Factory's ppo_epochs (default 4) "
          "and TRL's num_iterations (default 1) set update_epochs") {
    ConfigImport r = import_text(fixture("llamafactory_llama31_ppo_lora.yaml"));
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.update_epochs == 4); // was 1: ppo_epochs not modelled
    const ImportNote* e = find(r.resolved, "ppo_epochs", "update_epochs");
    REQUIRE(e != nullptr);
    CHECK(e->note == "not in the file: LLaMA-Factory's default ppo_epochs 4, optimisation passes over each "
                     "batch of rollouts");
    CHECK(e->note_zh == "文件中没有：LLaMA-Factory 默认 ppo_epochs 为 4，即每批生成结果上的优化轮数");
    ConfigImport two = import_text("stage: ppo\nfinetuning_type: lora\nppo_epochs: 2\n");
    REQUIRE_MESSAGE(two.errors.empty(), all_errors(two));
    CHECK(two.scenario.update_epochs == 2);
    CHECK(find(two.applied, "ppo_epochs", "update_epochs") != nullptr);
    CHECK(find(two.ignored, "ppo_epochs") == nullptr); // was: "not modelled: one assumed"
    // TRL's GRPOConfig num_iterations (μ); absent: its default 1, so a PPO import before leaves no 4.
    ConfigImport g = import_text(R"({"num_generations":8,"num_iterations":2,"max_completion_length":256})");
    REQUIRE_MESSAGE(g.errors.empty(), all_errors(g));
    CHECK(g.scenario.update_epochs == 2);
    ConfigImport over =
        import_text(R"({"num_generations":8,"max_completion_length":256})", ConfigKind::detect, r.scenario);
    REQUIRE_MESSAGE(over.errors.empty(), all_errors(over));
    CHECK(over.scenario.update_epochs == 1);
    CHECK(find(over.resolved, "num_iterations", "update_epochs") != nullptr);
    ConfigImport bad = import_text("stage: ppo\nfinetuning_type: lora\nppo_epochs: 0\n");
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].message.find("update_epochs") != std::string::npos);
}

TEST_CASE(
    "config import: a LLaMA-Factory PPO config over a TRL GRPO import sets every rollout field itself") {
    ConfigImport g =
        import_text(R"({"num_generations":8,"max_prompt_length":512,"max_completion_length":2048,)"
                    R"("use_vllm":true,"vllm_gpu_memory_utilization":0.3,"beta":0.0})");
    REQUIRE_MESSAGE(g.errors.empty(), all_errors(g));
    REQUIRE(g.scenario.completion_len == 2048);
    // Was: "after the import: completion_len (2048) must be below seq_len (2048)".
    ConfigImport p =
        import_text(fixture("llamafactory_llama31_ppo_lora.yaml"), ConfigKind::detect, g.scenario);
    REQUIRE_MESSAGE(p.errors.empty(), all_errors(p));
    CHECK(p.scenario.completion_len == 1024);
    CHECK(p.scenario.seq_len == 3072);
    CHECK(p.scenario.generations == 1);
    CHECK(p.scenario.rollout == Rollout::policy);
    CHECK(p.scenario.reference == Reference::model); // GRPO's beta 0 left none: PPO's KL needs it
}

TEST_CASE("config import: preference stages: LLaMA-Factory's stage/pref_loss and axolotl's rl") {
    auto objective_of = [](const std::string& text) {
        ConfigImport r = import_text(text);
        REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
        return r.scenario.objective;
    };
    CHECK(objective_of("stage: dpo\nfinetuning_type: lora\n") == Objective::dpo);
    CHECK(objective_of("stage: dpo\npref_loss: orpo\nfinetuning_type: lora\n") == Objective::orpo);
    CHECK(objective_of("stage: dpo\npref_loss: simpo\nfinetuning_type: lora\n") == Objective::simpo);
    CHECK(objective_of("stage: dpo\npref_loss: ipo\nfinetuning_type: lora\n") == Objective::dpo);
    CHECK(objective_of("stage: kto\nfinetuning_type: lora\n") == Objective::kto);
    CHECK(objective_of("stage: ppo\nfinetuning_type: lora\n") == Objective::ppo);
    CHECK(objective_of("stage: sft\nfinetuning_type: lora\n") == Objective::sft);
    ConfigImport rm = import_text("stage: rm\nfinetuning_type: lora\n");
    CHECK(rm.scenario.objective == Objective::sft);
    REQUIRE(find(rm.ignored, "stage") != nullptr);
    CHECK(find(rm.ignored, "stage")->note ==
          "stage rm (reward-model training) is estimated as supervised fine-tuning");
    CHECK(objective_of("base_model: meta-llama/Llama-3.1-8B\nrl: ipo\n") == Objective::dpo);
    CHECK(objective_of("base_model: meta-llama/Llama-3.1-8B\nrl: kto\n") == Objective::kto);
    ConfigImport g = import_text("base_model: meta-llama/Llama-3.1-8B\nrl: grpo\ntrl:\n  num_generations: 4\n"
                                 "  max_completion_length: 256\n  use_vllm: true\n  vllm_mode: server\n");
    REQUIRE_MESSAGE(g.errors.empty(), all_errors(g));
    CHECK(g.scenario.objective == Objective::grpo);
    CHECK(g.scenario.generations == 4);
    CHECK(g.scenario.completion_len == 256);
    CHECK(g.scenario.rollout == Rollout::separate);
    CHECK(find(g.applied, "trl.num_generations", "generations") != nullptr);
    CHECK_FALSE(has(g.unused, "trl.num_generations"));
}

TEST_CASE(
    "config import: plain Transformers arguments take the Trainer's defaults (fp32, no checkpointing)") {
    ConfigImport r = import_text(R"({"output_dir":"out","per_device_train_batch_size":16,"max_steps":1000})");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.precision == Precision::fp32);
    CHECK(r.scenario.checkpointing == Checkpointing::none);
    CHECK(r.scenario.micro_batch == 16);
    CHECK(r.scenario.epochs == doctest::Approx(3.0));
    CHECK(find(r.ignored, "max_steps") != nullptr);
}

TEST_CASE("config import: a model's config.json becomes a custom model") {
    // Qwen2.5-7B's architecture (config.json keys as published on the Hub; values as in assets/catalog.json).
    const std::string cfg = R"({"architectures":["Qwen2ForCausalLM"],"model_type":"qwen2","hidden_size":3584,
        "intermediate_size":18944,"num_hidden_layers":28,"num_attention_heads":28,"num_key_value_heads":4,
        "vocab_size":152064,"max_position_embeddings":32768,"tie_word_embeddings":false})";
    ConfigImport r = import_text(cfg);
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::hf_config);
    CHECK(r.scenario.model_id.empty());
    CHECK(r.scenario.model.layers == 28);
    CHECK(r.scenario.model.hidden == 3584);
    CHECK(r.scenario.model.kv_heads == 4);
    // Parameters counted from the architecture, as the catalog's own qwen2.5-7b entry.
    const ModelSpec* q = fixtures::builtin_catalog().find_model("qwen2.5-7b");
    REQUIRE(q != nullptr);
    CHECK(r.scenario.model.params == doctest::Approx(q->params).epsilon(0.01));
    CHECK(r.unused.empty());
}

TEST_CASE("config import: a Qwen2.5-VL config.json gives the catalog entry's tower and image tokens") {
    const std::string cfg =
        R"({"architectures":["Qwen2_5_VLForConditionalGeneration"],"model_type":"qwen2_5_vl",
        "hidden_size":3584,"intermediate_size":18944,"num_hidden_layers":28,"num_attention_heads":28,
        "num_key_value_heads":4,"vocab_size":152064,"max_position_embeddings":128000,"tie_word_embeddings":false,
        "vision_config":{"depth":32,"hidden_act":"silu","hidden_size":1280,"intermediate_size":3420,"num_heads":16,
        "in_chans":3,"out_hidden_size":3584,"patch_size":14,"spatial_merge_size":2,"window_size":112,
        "fullatt_block_indexes":[7,15,23,31],"temporal_patch_size":2}})";
    ConfigImport r = import_text(cfg);
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.kind == ConfigKind::hf_config);
    CHECK(r.unused.empty());
    // The imported (custom) model against the catalog's, with the same images: the same estimate.
    Scenario imported = r.scenario;
    imported.images_per_sample = 1;
    Scenario listed = imported;
    listed.model_id = "qwen2.5-vl-7b";
    const Estimate a = estimate(imported, fixtures::builtin_catalog()),
                   b = estimate(listed, fixtures::builtin_catalog());
    REQUIRE(a.ok);
    REQUIRE(b.ok);
    CHECK(a.model.params == b.model.params);
    const Term* ta = a.terms.find(TermId::vision_params);
    const Term* tb = b.terms.find(TermId::vision_params);
    REQUIRE(ta);
    REQUIRE(tb);
    CHECK(ta->result == tb->result);
    CHECK(a.terms.find(TermId::image_tokens)->result == b.terms.find(TermId::image_tokens)->result);
    CHECK(a.memory.per_gpu_gib == doctest::Approx(b.memory.per_gpu_gib));
}

//-----------------------------------------------------------------------------
// [SECTION] Detection, chains, conflicts and bad input
//-----------------------------------------------------------------------------

TEST_CASE("config import: a LLaMA-Factory YAML then a DeepSpeed JSON (\"auto\" filled from the YAML)") {
    ConfigImport lf = import_text(fixture("llamafactory_qwen_lora_sft.yaml"));
    REQUIRE(lf.errors.empty());
    ConfigImport ds = import_text(fixture("deepspeed_z2_auto.json"), ConfigKind::deepspeed, lf.scenario);
    REQUIRE_MESSAGE(ds.errors.empty(), all_errors(ds));
    CHECK(ds.scenario.micro_batch == 2);
    CHECK(ds.scenario.grad_accum == 4);
    CHECK(ds.scenario.precision == Precision::bf16);
    CHECK(ds.scenario.zero == 2);
    CHECK(ds.scenario.seq_len == 4096);
}

TEST_CASE("config import: one file setting a field two ways is a conflict the Trainer refuses too") {
    const std::string text = "finetuning_type: lora\nper_device_train_batch_size: 2\ndeepspeed:\n  "
                             "train_micro_batch_size_per_gpu: 4\n"
                             "  zero_optimization:\n    stage: 2\n";
    ConfigImport r = import_text(text);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "deepspeed.train_micro_batch_size_per_gpu");
    CHECK(r.errors[0].message == "deepspeed.train_micro_batch_size_per_gpu (line 4): sets micro_batch = 4, "
                                 "but per_device_train_batch_size (line 2) set it to 2");
}

TEST_CASE("config import: unknown kinds, non-objects, YAML syntax, models not in the catalog") {
    ConfigImport r = import_text(R"({"learning_rate": 0.001})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.kind == ConfigKind::detect);
    CHECK(r.errors[0].message.find("cannot tell which tool this config is for") == 0);
    r = import_config("[1,2]", ConfigKind::detect, Scenario{}, fixtures::builtin_catalog());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "a config must be a JSON object (a YAML mapping), got an array");
    YamlJson y = yaml_to_json("finetuning_type: lora\ncutoff_len: [1\n");
    REQUIRE(y.errors.size() == 1);
    CHECK(y.errors[0].message == "YAML: line 2, column 13: this '[' is not closed by ']'");
    r = import_text("finetuning_type: lora\nmodel_name_or_path: /data/models/my-model\n");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.model_id == Scenario{}.model_id);
    const ImportNote* m = find(r.ignored, "model_name_or_path");
    REQUIRE(m != nullptr);
    CHECK(
        m->note ==
        "\"/data/models/my-model\" is not in the model catalog: import its config.json too (kind hf_config)");
}

TEST_CASE("config import: a repository's base name, as the import and the pickers' search read it") {
    CHECK(repo_base_name("Qwen/Qwen2.5-7B-Instruct") == "qwen2.5-7b");
    CHECK(repo_base_name("meta-llama/Llama-2-7b-chat-hf") == "llama-2-7b"); // two suffixes, both cut
    CHECK(repo_base_name("google/gemma-2-9b-it") == "gemma-2-9b");
    CHECK(repo_base_name("Qwen2.5-7B") == "qwen2.5-7b");                       // no organisation
    CHECK(repo_base_name("/data/models/Qwen2.5-7B-Instruct") == "qwen2.5-7b"); // a local directory
    CHECK(repo_base_name("-instruct") == "-instruct");                         // never cut to nothing
    CHECK(repo_base_name("org/") == "");
    // A local directory named as the repository it was downloaded from is that model's architecture.
    ConfigImport r =
        import_text("finetuning_type: lora\nmodel_name_or_path: /data/models/Qwen2.5-7B-Instruct\n");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.model_id == "qwen2.5-7b");
    const ImportNote* n = find(r.applied, "model_name_or_path", "model");
    REQUIRE(n != nullptr);
    CHECK(n->note == "/data/models/Qwen2.5-7B-Instruct has the architecture of the catalog's qwen2.5-7b "
                     "(Qwen/Qwen2.5-7B): a fine-tuned variant");
    CHECK(n->note_zh == "/data/models/Qwen2.5-7B-Instruct 与目录中的 "
                        "qwen2.5-7b（Qwen/Qwen2.5-7B）结构相同：同一基座的微调版本");
    // Named as the repository itself: that model, not "a fine-tuned variant" of it.
    r = import_text("finetuning_type: lora\nmodel_name_or_path: /data/models/qwen2.5-7B\n");
    REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
    CHECK(r.scenario.model_id == "qwen2.5-7b");
    n = find(r.applied, "model_name_or_path", "model");
    REQUIRE(n != nullptr);
    CHECK(n->note == "/data/models/qwen2.5-7B is named as Qwen/Qwen2.5-7B: the catalog's qwen2.5-7b");
    CHECK(n->note_zh == "/data/models/qwen2.5-7B 与 Qwen/Qwen2.5-7B 同名：目录模型 qwen2.5-7b");
}

// Meta renamed its repositories (meta-llama/Meta-Llama-3.1-8B-Instruct → Llama-3.1-8B-Instruct); the
// old names, in LLaMA-Factory's own examples, were "not in the model catalog".
TEST_CASE("config import: Meta's first Llama 3 and 3.1 repository names are the catalog's models") {
    CHECK(repo_base_name("meta-llama/Meta-Llama-3.1-8B-Instruct") == "llama-3.1-8b");
    struct Case {
        const char* name;
        const char* id;
        const char* note;
    };
    for (const Case& c :
         {Case{"meta-llama/Meta-Llama-3.1-8B-Instruct", "llama-3.1-8b",
               "meta-llama/Meta-Llama-3.1-8B-Instruct has the architecture of the catalog's llama-3.1-8b "
               "(meta-llama/Llama-3.1-8B): a fine-tuned variant"},
          Case{"meta-llama/Meta-Llama-3.1-70B", "llama-3.1-70b",
               "meta-llama/Meta-Llama-3.1-70B is named as meta-llama/Llama-3.1-70B: the catalog's "
               "llama-3.1-70b"},
          Case{"meta-llama/Meta-Llama-3-8B-Instruct", "llama-3.1-8b",
               "meta-llama/Meta-Llama-3-8B-Instruct (Llama 3) has the architecture of the catalog's "
               "llama-3.1-8b "
               "(meta-llama/Llama-3.1-8B) with 8,192 tokens of context"}}) {
        CAPTURE(c.name);
        ConfigImport r =
            import_text(std::string("finetuning_type: lora\nmodel_name_or_path: ") + c.name + "\n");
        REQUIRE_MESSAGE(r.errors.empty(), all_errors(r));
        CHECK(r.scenario.model_id == c.id);
        CHECK(r.scenario.model_repo == c.name); // written back by the export
        const ImportNote* n = find(r.applied, "model_name_or_path", "model");
        REQUIRE(n != nullptr);
        CHECK(n->note == c.note);
    }
}

TEST_CASE("config import: YAML scalars resolve as PyYAML's safe_load") {
    YamlJson y = yaml_to_json("a: yes\nb: off\nc: ~\nd: 1.0e-4\ne: '8'\nf: 0x10\ng: 3.0\nh: 1_000\n");
    REQUIRE(y.errors.empty());
    CHECK(y.json == R"({"a":true,"b":false,"c":null,"d":0.0001,"e":"8","f":16,"g":3.0,"h":1000})");
    CHECK(y.lines.size() == 8);
    CHECK(y.lines[4].key == "e");
    CHECK(y.lines[4].line == 5);
}

// The table tests/e2e/configs.test.mjs also checks the page's reader against (web/yaml_json.js):
// y/n stay strings (PyYAML's words), 1e9 and 1e-4 are numbers (strtod; PyYAML and js-yaml's YAML
// 1.1 schema read them as strings), quoted and tagged values are strings, the first document only.
TEST_CASE("config import: YAML values as tests/yaml_scalars.json says (the page reads them alike)") {
    const nlohmann::json table = json_table("yaml_scalars.json");
    REQUIRE(table["cases"].size() >= 30);
    for (const nlohmann::json& c : table["cases"]) {
        const std::string yaml = c[0].get<std::string>();
        CAPTURE(yaml);
        YamlJson y = yaml_to_json(yaml);
        REQUIRE(y.errors.empty());
        const nlohmann::json got = nlohmann::json::parse(y.json, nullptr, false);
        REQUIRE(!got.is_discarded());
        CHECK_MESSAGE(got == c[1], got.dump() << " (expected " << c[1].dump() << ")");
    }
}

// The table tests/e2e/configs.test.mjs also checks the page's reader against: layouts PyYAML takes
// (a flow collection closed under its key, quoted values over lines), and an unclosed bracket named
// where it opens, in both languages.
TEST_CASE("config import: YAML layouts and unclosed brackets as tests/yaml_layouts.json says") {
    const nlohmann::json table = json_table("yaml_layouts.json");
    REQUIRE(table["cases"].size() >= 25);
    int named = 0;
    for (const nlohmann::json& c : table["cases"]) {
        const std::string yaml = c["yaml"].get<std::string>();
        CAPTURE(yaml);
        YamlJson y = yaml_to_json(yaml);
        if (c.contains("json")) {
            REQUIRE_MESSAGE(y.errors.empty(), y.errors[0].message);
            const nlohmann::json got = nlohmann::json::parse(y.json, nullptr, false);
            CHECK_MESSAGE(got == c["json"], got.dump() << " (expected " << c["json"].dump() << ")");
            continue;
        }
        REQUIRE(y.errors.size() == 1);
        CHECK(y.lines.empty());
        if (c.contains("error")) {
            CHECK(y.errors[0].message == "YAML: " + c["error"].get<std::string>());
            named++;
        } else {
            CHECK(y.errors[0].message.find("is not closed") == std::string::npos);
        }
    }
    CHECK(named >= 8);
    // Chinese words at the same place.
    YamlJson y = yaml_to_json("a: [1, {x: 2\n");
    REQUIRE(y.errors.size() == 1);
    CHECK(y.errors[0].message_zh == "YAML：第 1 行第 8 列：这里的“{”没有用“}”闭合");
}

TEST_CASE("config import: JSON output lists applied, resolved, ignored, unused in the chosen language") {
    ConfigImport r = import_text(fixture("llamafactory_qlora_ds3.yaml"));
    const std::string en = config_import_to_json(r, Lang::en);
    const std::string zh = config_import_to_json(r, Lang::zh);
    CHECK(en.find("\"kind\":\"llamafactory\"") != std::string::npos);
    CHECK(en.find("the file is not read; ") != std::string::npos);
    CHECK(en.find("\"key\":\"stage\"") != std::string::npos);
    CHECK(zh.find("未读取该文件；按 ") != std::string::npos); // the same note in Chinese
    CHECK(zh.find("the file is not read; ") == std::string::npos);
    CHECK(en.find("\"unused\":[\"dataset\",\"do_train\",\"quantization_method\",\"template\"]") !=
          std::string::npos);
}

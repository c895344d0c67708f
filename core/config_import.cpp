// traincalc — core/config_import.cpp
// Configs of LLaMA-Factory, axolotl, DeepSpeed, Transformers/TRL and a model's config.json read into
// a Scenario. Each tool's keys are read by one function below, with the tool's own source named;
// they build one scenario patch (scenario JSON keys), which scenario_patch() then range-checks, so
// the ranges and messages of core/scenario.cpp's field table stay the only ones. An error found
// there is renamed to the file's key (and line) that set the field.
//
// Sources of the keys and defaults (read at the commits named in tests/configs/*):
//   LLaMA-Factory  src/llamafactory/hparams/{finetuning,model,data}_args.py, parser.py (packing
//                  default, quantization only with LoRA), model/model_utils/checkpointing.py
//                  (gradient checkpointing on unless disable_gradient_checkpointing),
//                  examples/deepspeed/ds_z*_config.json (the files `deepspeed:` usually names)
//   axolotl        src/axolotl/utils/schemas/{config,peft,training}.py, utils/config/__init__.py
//                  (resolve_dtype: bf16 "auto" = bf16 when the card has it, else fp16),
//                  deepspeed_configs/*.json
//   DeepSpeed      docs/_pages/config-json.md (keys and defaults: ZeRO stage 0, offload devices)
//   Transformers   TrainingArguments defaults (per_device_train_batch_size 8, epochs 3, no mixed
//                  precision, no checkpointing) and HfTrainerDeepSpeedConfig ("auto" filled from them)
//   TRL            trl/trainer/sft_config.py (max_length 1024, gradient checkpointing and bf16 on)
//
// Index of this file:
// [SECTION] Kinds
// [SECTION] The importer: patch, notes, errors
// [SECTION] Shared readers: model, precision, optimizer, LoRA targets, DeepSpeed, FSDP
// [SECTION] DeepSpeed JSON
// [SECTION] Transformers / TRL training arguments
// [SECTION] LLaMA-Factory
// [SECTION] axolotl
// [SECTION] Detection
// [SECTION] import_config() and JSON

#include "core/config_import.h"
#include "core/hf_import.h"
#include "core/json_read.h"
#include "core/limits.h"
#include "core/order.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace traincalc {
using detail::Json;

//-----------------------------------------------------------------------------
// [SECTION] Kinds
//-----------------------------------------------------------------------------
namespace {
const char* const kKindNames[] = {"auto",      "llamafactory",     "axolotl",
                                  "deepspeed", "hf_training_args", "hf_config"};
const char* const kKindRead[] = {"",
                                 "read as a LLaMA-Factory config",
                                 "read as an axolotl config",
                                 "read as a DeepSpeed config",
                                 "read as Transformers/TRL training arguments",
                                 "read as a model's config.json"};
const char* const kKindReadZh[] = {"",
                                   "按 LLaMA-Factory 配置读取",
                                   "按 axolotl 配置读取",
                                   "按 DeepSpeed 配置读取",
                                   "按 Transformers/TRL 训练参数读取",
                                   "按模型的 config.json 读取"};
} // namespace

const char* to_string(ConfigKind k) {
    const size_t i = static_cast<size_t>(k);
    return i < sizeof kKindNames / sizeof kKindNames[0] ? kKindNames[i] : "?";
}

bool config_kind_from_string(std::string_view text, ConfigKind& out) {
    for (size_t i = 0; i < sizeof kKindNames / sizeof kKindNames[0]; ++i)
        if (text == kKindNames[i]) {
            out = static_cast<ConfigKind>(i);
            return true;
        }
    return false;
}

//-----------------------------------------------------------------------------
// [SECTION] The importer: patch, notes, errors
//-----------------------------------------------------------------------------
namespace {

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

std::string shown(const Json& v) {
    return detail::describe_value(v, false);
}
std::string shown_zh(const Json& v) {
    return detail::describe_value(v, true);
}

// The patch value as the notes show it: strings bare, numbers plain.
std::string value_text(const Json& v) {
    if (v.is_string()) return v.get_ref<const std::string&>();
    if (v.is_number()) return detail::format_plain(v.get<double>());
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    if (v.is_object() && v.contains("params") && v["params"].is_number())
        return "custom model, " + detail::format_plain(v["params"].get<double>()) + " parameters";
    if (v.is_object()) return "custom model";
    return detail::dump_safe(v);
}

struct Importer {
    const Scenario& base;
    const Catalog& catalog;
    const std::vector<KeyLine>& lines;
    ConfigImport& out;
    Json patch = Json::object();                              // scenario JSON keys to apply over `base`
    std::vector<std::pair<std::string, std::string>> setters; // scenario field → the file key that set it
    std::vector<std::string> seen; // file keys accounted for (applied, ignored, errors)

    Importer(const Scenario& b, const Catalog& c, const std::vector<KeyLine>& l, ConfigImport& o)
        : base(b), catalog(c), lines(l), out(o) {}

    int line_of(const std::string& key) const {
        for (const KeyLine& k : lines)
            if (k.key == key) return k.line;
        return 0;
    }
    std::string where(const std::string& key) const {
        const int l = line_of(key);
        return l > 0 ? key + " (line " + std::to_string(l) + ")" : key;
    }
    std::string where_zh(const std::string& key) const {
        const int l = line_of(key);
        return l > 0 ? key + "（第 " + std::to_string(l) + " 行）" : key;
    }
    void mark(const std::string& key) { seen.push_back(key); }
    bool marked(const std::string& key) const {
        return std::find(seen.begin(), seen.end(), key) != seen.end();
    }
    const std::string* setter(const std::string& field) const {
        for (const auto& fs : setters)
            if (fs.first == field) return &fs.second;
        return nullptr;
    }

    void error(const std::string& key, const std::string& en, const std::string& zh) {
        mark(key);
        out.errors.push_back(FieldError{key, where(key) + ": " + en, where_zh(key) + "：" + zh});
    }
    ImportNote note(const std::string& key, const std::string& field, const Json& v, std::string en,
                    std::string zh) const {
        return ImportNote{key,           field,         field.empty() ? "" : value_text(v),
                          std::move(en), std::move(zh), line_of(key)};
    }
    // Sets a scenario field from `key`. Two keys of one file setting one field differently is a
    // conflict the tool itself would refuse (the Trainer checks its DeepSpeed config the same way).
    bool set(const std::string& key, const std::string& field, const Json& v, std::string en = "",
             std::string zh = "", bool resolved = false) {
        mark(key);
        if (const std::string* by = setter(field)) {
            if (patch[field] != v) {
                error(key,
                      "sets " + field + " = " + value_text(v) + ", but " + where(*by) + " set it to " +
                          value_text(patch[field]),
                      "将 " + field + " 设为 " + value_text(v) + "，但 " + where_zh(*by) + " 已设为 " +
                          value_text(patch[field]));
                return false;
            }
        } else {
            setters.emplace_back(field, key);
        }
        patch[field] = v;
        (resolved ? out.resolved : out.applied).push_back(note(key, field, v, std::move(en), std::move(zh)));
        return true;
    }
    // A value the file leaves to the tool (a default, "auto"): set as the tool resolves it, said so.
    void resolve(const std::string& key, const std::string& field, const Json& v, std::string en,
                 std::string zh) {
        set(key, field, v, std::move(en), std::move(zh), true);
    }
    // Only a note: the tool resolves the key to what the scenario already holds.
    void keep(const std::string& key, std::string en, std::string zh) {
        mark(key);
        out.resolved.push_back(ImportNote{key, "", "", std::move(en), std::move(zh), line_of(key)});
    }
    void ignore(const std::string& key, std::string en, std::string zh) {
        mark(key);
        out.ignored.push_back(ImportNote{key, "", "", std::move(en), std::move(zh), line_of(key)});
    }
    bool has(const std::string& field) const { return patch.contains(field); }

    // Typed reads; a wrong type is an error naming the key.
    bool want_bool(const std::string& key, const Json& v, bool& b) {
        if (v.is_boolean()) {
            b = v.get<bool>();
            return true;
        }
        error(key, "must be true or false, got " + shown(v), "必须是 true 或 false，实际为 " + shown_zh(v));
        return false;
    }
    bool want_int(const std::string& key, const Json& v, long long& n) {
        if (v.is_number()) {
            const double d = v.get<double>();
            if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 1e15) {
                n = static_cast<long long>(d);
                return true;
            }
        }
        error(key, "must be a whole number, got " + shown(v), "必须是整数，实际为 " + shown_zh(v));
        return false;
    }
    bool want_number(const std::string& key, const Json& v, double& d) {
        if (v.is_number() && std::isfinite(v.get<double>())) {
            d = v.get<double>();
            return true;
        }
        error(key, "must be a number, got " + shown(v), "必须是数字，实际为 " + shown_zh(v));
        return false;
    }
    bool want_string(const std::string& key, const Json& v, std::string& s) {
        if (v.is_string()) {
            s = v.get_ref<const std::string&>();
            return true;
        }
        error(key, "must be a string, got " + shown(v), "必须是字符串，实际为 " + shown_zh(v));
        return false;
    }
    // The card the scenario trains on (for bf16 "auto").
    bool gpu_has_bf16() const {
        const GpuSpec* g = base.gpu_id.empty() ? &base.gpu : catalog.find_gpu(base.gpu_id);
        return g && g->bf16 && !(g->compute_capability > 0 && g->compute_capability < 8.0);
    }
    // The model the scenario will train: the file's (a catalog id it named) or the base scenario's.
    const ModelSpec* model() const {
        if (patch.contains("model") && patch["model"].is_string())
            return catalog.find_model(patch["model"].get_ref<const std::string&>());
        return base.model_id.empty() ? &base.model : catalog.find_model(base.model_id);
    }
    std::string gpu_name() const {
        const GpuSpec* g = base.gpu_id.empty() ? &base.gpu : catalog.find_gpu(base.gpu_id);
        return g ? (g->id.empty() ? g->name : g->id) : "?";
    }
};

const Json* get(const Json& obj, const char* key) {
    if (!obj.is_object()) return nullptr;
    auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
}
bool is_auto(const Json& v) {
    return v.is_string() && v.get_ref<const std::string&>() == "auto";
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Shared readers
//-----------------------------------------------------------------------------

namespace {
// The name after the last '/' (all of it without one), lower case: "Qwen/Qwen2.5-7B" → "qwen2.5-7b".
// Meta's first names of Llama 3 and 3.1 ("Meta-Llama-3.1-8B-Instruct", renamed "Llama-3.1-8B-Instruct")
// read as the new ones: they were not recognised.
std::string repo_leaf(const std::string& repo) {
    std::string leaf = lower(repo.substr(repo.rfind('/') + 1)); // npos + 1 is 0
    if (leaf.rfind("meta-llama-3", 0) == 0) leaf.erase(0, 5);
    return leaf;
}
} // namespace

std::string repo_base_name(const std::string& repo) {
    std::string n = repo_leaf(repo);
    static const char* const kSuffixes[] = {"-instruct", "-chat", "-it", "-hf", "-base"};
    for (bool cut = true; cut;) {
        cut = false;
        for (const char* sfx : kSuffixes) {
            const size_t len = std::char_traits<char>::length(sfx);
            if (n.size() > len && n.compare(n.size() - len, len, sfx) == 0) {
                n.resize(n.size() - len);
                cut = true;
            }
        }
    }
    return n;
}

std::string catalog_model_repo(const ModelSpec& m) {
    const std::string head = "config.json of ";
    if (m.source.compare(0, head.size(), head) != 0) return "";
    const size_t end = m.source.find(' ', head.size());
    return m.source.substr(head.size(), end == std::string::npos ? std::string::npos : end - head.size());
}

namespace {

// The repository as the file names it, kept beside the catalog model it resolved to: the export
// writes it back (the catalog's own repository would train another model: the base, not -Instruct).
void keep_model_repo(Importer& im, const std::string& key, const std::string& name, const std::string& repo) {
    if (name == repo || im.setter("model_repo")) return; // the catalog's own; or base_model after the first
    im.setters.emplace_back("model_repo", key);
    im.patch["model_repo"] = name;
}

// model_name_or_path / base_model: a catalog model when the repository (or its base model) is one.
void read_model_name(Importer& im, const std::string& key, const Json& v) {
    std::string name;
    if (!im.want_string(key, v, name)) return;
    if (im.catalog.find_model(name)) {
        im.set(key, "model", name);
        return;
    }
    const std::string want = repo_base_name(name);
    // A local directory or another organisation's copy of a repository is named as the repository.
    const std::string leaf = repo_leaf(name);
    for (const ModelSpec& m : im.catalog.models) {
        const std::string repo = catalog_model_repo(m);
        if (repo.empty()) continue;
        if (lower(repo) == lower(name)) {
            if (im.set(key, "model", m.id, "catalog model " + m.id, "目录模型 " + m.id))
                keep_model_repo(im, key, name, repo);
            return;
        }
        if (repo_leaf(repo) == leaf) { // /data/models/Qwen2.5-7B is the model, not a fine-tune of it
            if (im.set(key, "model", m.id, name + " is named as " + repo + ": the catalog's " + m.id,
                       name + " 与 " + repo + " 同名：目录模型 " + m.id))
                keep_model_repo(im, key, name, repo);
            return;
        }
        if (repo_base_name(repo) == want || lower(m.id) == want) {
            if (im.set(key, "model", m.id,
                       name + " has the architecture of the catalog's " + m.id + " (" + repo +
                           "): a fine-tuned variant",
                       name + " 与目录中的 " + m.id + "（" + repo + "）结构相同：同一基座的微调版本"))
                keep_model_repo(im, key, name, repo);
            return;
        }
    }
    // Llama 3's 8B and 70B ("Meta-Llama-3-8B"): Llama 3.1's architecture with 8,192 tokens of context.
    if (want.rfind("llama-3-", 0) == 0)
        if (const ModelSpec* m = im.catalog.find_model("llama-3.1-" + want.substr(8))) {
            const std::string repo = catalog_model_repo(*m);
            if (im.set(key, "model", m->id,
                       name + " (Llama 3) has the architecture of the catalog's " + m->id + " (" + repo +
                           ") with 8,192 tokens of context",
                       name + "（Llama 3）与目录中的 " + m->id + "（" + repo +
                           "）结构相同，上下文 8,192 token"))
                keep_model_repo(im, key, name, repo);
            return;
        }
    im.ignore(key,
              "\"" + name + "\" is not in the model catalog: import its config.json too (kind hf_config)",
              "\"" + name + "\" 不在模型目录中：请再导入它的 config.json（类型 hf_config）");
}

// Optimizer names of Transformers' `optim` (also axolotl's `optimizer`).
void read_optimizer(Importer& im, const std::string& key, const Json& v) {
    std::string o;
    if (!im.want_string(key, v, o)) return;
    o = lower(o);
    const char* mapped = nullptr;
    if (o == "adamw_torch" || o == "adamw_torch_fused" || o == "adamw_hf" || o == "adamw_apex_fused" ||
        o == "paged_adamw_32bit" || o == "adamw_torch_xla" || o == "adamw_torch_npu_fused" || o == "adam" ||
        o == "adamw")
        mapped = "adamw";
    else if (o == "adamw_bnb_8bit" || o == "adamw_8bit" || o == "paged_adamw_8bit" ||
             o == "adamw_torch_8bit" || o == "adam8bit" || o == "paged_adam8bit")
        mapped = "adamw_8bit";
    else if (o == "sgd")
        mapped = "sgd";
    if (mapped)
        im.set(key, "optimizer", mapped);
    else
        im.ignore(key,
                  "optimizer \"" + o + "\" is not modelled (adamw, 8-bit adamw, sgd): the scenario's is kept",
                  "未建模优化器 \"" + o + "\"（支持 adamw、8 位 adamw、sgd）：保留场景中的设置");
}

// LoRA target modules → "qv" or "all". `v` is a list, or one comma-separated string.
void read_lora_targets(Importer& im, const std::string& key, const Json& v) {
    std::vector<std::string> mods;
    if (v.is_string()) {
        std::string s = v.get_ref<const std::string&>(), cur;
        for (char c : s + ",") {
            if (c == ',') {
                if (!cur.empty()) mods.push_back(cur);
                cur.clear();
            } else if (c != ' ')
                cur += c;
        }
    } else if (v.is_array()) {
        for (const Json& e : v)
            if (e.is_string()) mods.push_back(e.get_ref<const std::string&>());
    } else {
        im.error(key, "must be a list of module names or a comma-separated string, got " + shown(v),
                 "必须是模块名列表或逗号分隔的字符串，实际为 " + shown_zh(v));
        return;
    }
    auto has = [&](const char* m) { return std::find(mods.begin(), mods.end(), m) != mods.end(); };
    const bool all = has("all") || has("all-linear") ||
                     (has("q_proj") && has("k_proj") && has("v_proj") && has("o_proj") && has("gate_proj") &&
                      has("up_proj") && has("down_proj"));
    if (all)
        im.set(key, "lora_targets", "all");
    else if (mods.size() == 2 && has("q_proj") && has("v_proj"))
        im.set(key, "lora_targets", "qv");
    else
        im.ignore(key,
                  "targets other than q,v or every linear layer are not modelled: the scenario's are kept",
                  "未建模 q,v 或全部线性层以外的目标模块：保留场景中的设置");
}

void read_deepspeed_object(Importer& im, const Json& ds, const std::string& prefix);

// `deepspeed:` naming a file. The file is not read (core has no I/O); the files LLaMA-Factory and
// axolotl ship are known by name, and their ZeRO stage and offload are applied from that.
void read_deepspeed_path(Importer& im, const std::string& key, const std::string& path) {
    struct Shipped {
        const char* name;
        const char* tool;
        int stage;
        const char* offload; // scenario spelling
        bool param_only;     // offloads parameters without the optimizer (not modelled)
    };
    static const Shipped kShipped[] = {
        {"ds_z0_config.json", "LLaMA-Factory examples/deepspeed", 0, "none", false},
        {"ds_z2_config.json", "LLaMA-Factory examples/deepspeed", 2, "none", false},
        {"ds_z2_offload_config.json", "LLaMA-Factory examples/deepspeed", 2, "optimizer", false},
        {"ds_z3_config.json", "LLaMA-Factory examples/deepspeed", 3, "none", false},
        {"ds_z3_offload_config.json", "LLaMA-Factory examples/deepspeed", 3, "optimizer+params", false},
        {"zero1.json", "axolotl deepspeed_configs", 1, "none", false},
        {"zero1_torch_compile.json", "axolotl deepspeed_configs", 1, "none", false},
        {"zero2.json", "axolotl deepspeed_configs", 2, "optimizer", false},
        {"zero2_torch_compile.json", "axolotl deepspeed_configs", 2, "optimizer", false},
        {"zero3.json", "axolotl deepspeed_configs", 3, "none", false},
        {"zero3_bf16.json", "axolotl deepspeed_configs", 3, "none", false},
        {"zero3_bf16_cpuoffload_all.json", "axolotl deepspeed_configs", 3, "optimizer+params", false},
        {"zero3_bf16_cpuoffload_params.json", "axolotl deepspeed_configs", 3, "none", true},
    };
    const size_t slash = path.find_last_of('/');
    const std::string file = slash == std::string::npos ? path : path.substr(slash + 1);
    for (const Shipped& s : kShipped) {
        if (file != s.name) continue;
        const std::string what = std::string(s.tool) + "/" + s.name;
        const std::string en = "the file is not read; " + what + " as shipped: ZeRO-" +
                               std::to_string(s.stage) + " (import your own file to be exact)";
        const std::string zh = "未读取该文件；按 " + what + " 的原始内容：ZeRO-" + std::to_string(s.stage) +
                               "（导入你自己的文件可更准确）";
        im.set(key, "zero", s.stage, en, zh);
        im.set(key, "offload", s.offload, en, zh);
        if (s.param_only)
            im.out.ignored.push_back(ImportNote{
                key, "", "",
                "it offloads the parameters but not the optimizer: traincalc "
                "models optimizer offload, or both",
                "它只卸载参数而不卸载优化器：traincalc 只建模优化器卸载或两者同时卸载", im.line_of(key)});
        return;
    }
    // Said for both places a person imports from ("kind deepspeed" was the CLI's word alone).
    im.ignore(
        key,
        "the DeepSpeed file \"" + path +
            "\" is not read: import it after this one (the page: Training configs; the CLI: one more FILE)",
        "未读取 DeepSpeed 文件 \"" + path +
            "\"：请随后再导入它（网页：训练配置；命令行：再加一个 FILE 参数）");
}

void read_deepspeed_key(Importer& im, const std::string& key, const Json& v) {
    if (v.is_string())
        read_deepspeed_path(im, key, v.get_ref<const std::string&>());
    else if (v.is_object()) {
        im.mark(key);
        read_deepspeed_object(im, v, key + ".");
    } else if (!v.is_null())
        im.error(key, "must be a file path or a DeepSpeed config object, got " + shown(v),
                 "必须是文件路径或 DeepSpeed 配置对象，实际为 " + shown_zh(v));
}

// Transformers' `fsdp` ("full_shard auto_wrap offload", or a list): FULL_SHARD shards what ZeRO-3
// shards, SHARD_GRAD_OP what ZeRO-2 does; "offload" moves parameters, gradients and optimizer
// states to the CPU.
void read_fsdp_options(Importer& im, const std::string& key, const Json& v) {
    std::vector<std::string> opts;
    if (v.is_string()) {
        std::string cur;
        for (char c : v.get_ref<const std::string&>() + " ") {
            if (c == ' ' || c == ',') {
                if (!cur.empty()) opts.push_back(lower(cur));
                cur.clear();
            } else
                cur += c;
        }
    } else if (v.is_array()) {
        for (const Json& e : v)
            if (e.is_string()) opts.push_back(lower(e.get_ref<const std::string&>()));
    } else if (v.is_boolean() || v.is_null()) {
        if (v.is_boolean() && v.get<bool>()) opts.push_back("full_shard");
    } else {
        im.error(key, "must be FSDP options (\"full_shard auto_wrap\") or a list, got " + shown(v),
                 "必须是 FSDP 选项（\"full_shard auto_wrap\"）或列表，实际为 " + shown_zh(v));
        return;
    }
    auto has = [&](const char* o) { return std::find(opts.begin(), opts.end(), o) != opts.end(); };
    if (opts.empty()) {
        im.mark(key);
        return;
    }
    int stage = -1;
    if (has("full_shard") || has("hybrid_shard"))
        stage = 3;
    else if (has("shard_grad_op") || has("hybrid_shard_zero2"))
        stage = 2;
    if (stage < 0) {
        im.ignore(key, "no sharding strategy named (full_shard, shard_grad_op)",
                  "未指定分片策略（full_shard、shard_grad_op）");
        return;
    }
    im.set(key, "zero", stage,
           stage == 3 ? "FSDP FULL_SHARD shards as ZeRO-3 does" : "FSDP SHARD_GRAD_OP shards as ZeRO-2 does",
           stage == 3 ? "FSDP FULL_SHARD 的分片与 ZeRO-3 相同" : "FSDP SHARD_GRAD_OP 的分片与 ZeRO-2 相同");
    if (has("offload")) {
        if (stage == 3)
            im.set(key, "offload", "optimizer+params",
                   "FSDP offload moves parameters, gradients and optimizer states to the CPU",
                   "FSDP offload 将参数、梯度和优化器状态移到 CPU");
        else
            im.ignore(
                key,
                "FSDP offload with SHARD_GRAD_OP is not modelled (parameter offload needs full sharding)",
                "未建模 SHARD_GRAD_OP 下的 FSDP offload（参数卸载需要完全分片）");
    }
}

// Precision from bf16/fp16 flags: true/false, or axolotl's "auto" (bf16 when the card has it).
// Absent flags fall back to `default_text` ("fp32" for the Trainer, "auto" for axolotl, "bf16" for TRL).
void read_precision(Importer& im, const Json& doc, const char* tool, const char* default_en,
                    const char* default_zh, const char* default_value) {
    const Json* bf = get(doc, "bf16");
    const Json* fp = get(doc, "fp16");
    bool b = false, f = false;
    const bool b_auto = bf && is_auto(*bf), f_auto = fp && is_auto(*fp);
    if (bf && !bf->is_null() && !b_auto && !im.want_bool("bf16", *bf, b)) return;
    if (fp && !fp->is_null() && !f_auto && !im.want_bool("fp16", *fp, f)) return;
    if (b && f) {
        im.error("bf16", "bf16 and fp16 are both true: the Trainer refuses that",
                 "bf16 与 fp16 同时为 true：训练器会拒绝");
        return;
    }
    if (b) {
        im.set("bf16", "precision", "bf16");
        if (fp) im.mark("fp16");
        return;
    }
    if (f) {
        im.set("fp16", "precision", "fp16");
        if (bf) im.mark("bf16");
        return;
    }
    if (b_auto) {
        const bool has_bf16 = im.gpu_has_bf16();
        im.resolve("bf16", "precision", has_bf16 ? "bf16" : "fp16",
                   std::string(tool) + " resolves bf16: auto to bf16 when the card supports it, else fp16: " +
                       im.gpu_name() + (has_bf16 ? " does" : " does not"),
                   std::string(tool) + " 将 bf16: auto 解析为 bf16（卡支持时），否则 fp16：" + im.gpu_name() +
                       (has_bf16 ? " 支持" : " 不支持"));
        if (fp) im.mark("fp16");
        return;
    }
    const bool explicit_off = (bf && !bf->is_null()) || (fp && !fp->is_null());
    const std::string key = bf ? "bf16" : fp ? "fp16" : "bf16";
    if (std::string(default_value) == "auto" && !explicit_off) {
        const bool has_bf16 = im.gpu_has_bf16();
        im.resolve(key, "precision", has_bf16 ? "bf16" : "fp16",
                   std::string("not in the file: ") + default_en + "; " + im.gpu_name() +
                       (has_bf16 ? " has bf16" : " has no bf16"),
                   std::string("文件中没有：") + default_zh + "；" + im.gpu_name() +
                       (has_bf16 ? " 支持 bf16" : " 不支持 bf16"));
        return;
    }
    if (explicit_off) {
        if (bf) im.mark("bf16");
        if (fp) im.mark("fp16");
        im.resolve(key, "precision", "fp32", "bf16 and fp16 are off: the Trainer trains in fp32",
                   "bf16 与 fp16 均关闭：训练器以 fp32 训练");
        return;
    }
    im.resolve(key, "precision", default_value, std::string("not in the file: ") + default_en,
               std::string("文件中没有：") + default_zh);
}

//-----------------------------------------------------------------------------
// [SECTION] DeepSpeed JSON
//-----------------------------------------------------------------------------

// Batch sizes: micro-batch and accumulation, and the GPU count their product gives with
// train_batch_size (DeepSpeed's batch rule). "auto" leaves the trainer's (or the scenario's) value.
void read_ds_batch(Importer& im, const Json& ds, const std::string& prefix) {
    auto key = [&](const std::string& k) { return prefix + k; };
    auto auto_note = [&](const std::string& k, const char* field, const char* from) {
        im.keep(key(k),
                std::string("\"auto\": the Trainer fills it from ") + from + " (the scenario's " + field +
                    " is kept)",
                std::string("\"auto\"：训练器用 ") + from + " 填入（保留场景中的 " + field + "）");
    };
    long long micro = 0, accum = 0, global = 0;
    if (const Json* v = get(ds, "train_micro_batch_size_per_gpu")) {
        if (is_auto(*v))
            auto_note("train_micro_batch_size_per_gpu", "micro_batch", "per_device_train_batch_size");
        else if (im.want_int(key("train_micro_batch_size_per_gpu"), *v, micro))
            im.set(key("train_micro_batch_size_per_gpu"), "micro_batch", micro);
    }
    if (const Json* v = get(ds, "gradient_accumulation_steps")) {
        if (is_auto(*v))
            auto_note("gradient_accumulation_steps", "grad_accum", "gradient_accumulation_steps");
        else if (im.want_int(key("gradient_accumulation_steps"), *v, accum))
            im.set(key("gradient_accumulation_steps"), "grad_accum", accum);
    }
    if (const Json* v = get(ds, "train_batch_size")) {
        if (is_auto(*v))
            auto_note("train_batch_size", "cards", "the per-card batch × accumulation × world size");
        else if (im.want_int(key("train_batch_size"), *v, global)) {
            if (micro > 0 && accum > 0 && global % (micro * accum) == 0 && global / (micro * accum) >= 1)
                im.set(key("train_batch_size"), "cards", global / (micro * accum),
                       "train_batch_size ÷ (micro-batch × accumulation) = GPUs (DeepSpeed's batch rule)",
                       "train_batch_size ÷（微批 × 累积步数）= GPU 数（DeepSpeed 的批大小规则）");
            else if (micro > 0 && accum > 0)
                im.error(key("train_batch_size"),
                         "must be train_micro_batch_size_per_gpu × gradient_accumulation_steps × GPUs, got " +
                             detail::format_plain(double(global)),
                         "必须等于 train_micro_batch_size_per_gpu × gradient_accumulation_steps × GPU "
                         "数，实际为 " +
                             detail::format_plain(double(global)));
            else
                im.ignore(key("train_batch_size"),
                          "the GPU count follows only with both the micro-batch and the accumulation given",
                          "只有同时给出微批和累积步数才能推出 GPU 数");
        }
    }
}

// The bf16 / bfloat16 / fp16 blocks: which one is enabled sets the precision.
void read_ds_precision(Importer& im, const Json& ds, const std::string& prefix) {
    auto key = [&](const std::string& k) { return prefix + k; };
    // Precision blocks: "bf16" (alias "bfloat16") and "fp16" with "enabled".
    bool bf = false, fp = false, any_auto = false;
    for (const char* blk : {"bf16", "bfloat16", "fp16"}) {
        const Json* b = get(ds, blk);
        if (!b) continue;
        const std::string k = key(std::string(blk) + ".enabled");
        im.mark(key(blk));
        const Json* en = get(*b, "enabled");
        if (!b->is_object()) {
            im.error(key(blk), "must be an object {\"enabled\": ...}", "必须是对象 {\"enabled\": ...}");
            continue;
        }
        if (!en) {
            im.mark(k);
            continue;
        } // DeepSpeed: "enabled" defaults to false
        bool on = false;
        if (is_auto(*en)) {
            any_auto = true;
            im.mark(k);
            continue;
        }
        if (!im.want_bool(k, *en, on)) continue;
        im.mark(k);
        (std::string(blk) == "fp16" ? fp : bf) |= on;
    }
    if (bf && fp)
        im.error(key("bf16.enabled"), "bf16 and fp16 are both enabled: DeepSpeed refuses that",
                 "bf16 与 fp16 同时启用：DeepSpeed 会拒绝");
    else if (bf)
        im.set(get(ds, "bf16") ? key("bf16.enabled") : key("bfloat16.enabled"), "precision", "bf16");
    else if (fp)
        im.set(key("fp16.enabled"), "precision", "fp16");
    else if (any_auto)
        im.keep(key("bf16.enabled"),
                "\"auto\": the Trainer enables bf16 or fp16 as its own bf16/fp16 say (the scenario's "
                "precision is kept)",
                "\"auto\"：训练器按自身的 bf16/fp16 设置启用（保留场景中的精度）");
}

// optimizer.type: the Adam family is modelled, others are named as not.
void read_ds_optimizer(Importer& im, const Json& ds, const std::string& prefix) {
    auto key = [&](const std::string& k) { return prefix + k; };
    if (const Json* o = get(ds, "optimizer")) {
        im.mark(key("optimizer"));
        if (const Json* t = get(*o, "type")) {
            std::string type;
            if (im.want_string(key("optimizer.type"), *t, type)) {
                const std::string l = lower(type);
                if (l == "adam" || l == "adamw" || l == "fusedadam" || l == "cpuadam")
                    im.set(key("optimizer.type"), "optimizer", "adamw");
                else
                    im.ignore(key("optimizer.type"),
                              "optimizer \"" + type + "\" is not modelled (Adam, AdamW)",
                              "未建模优化器 \"" + type + "\"（支持 Adam、AdamW）");
            }
        }
    }
}

// The ZeRO stage (DeepSpeed's default 0). Returns the zero_optimization block for the offload and
// buffer keys, or nullptr when there is none or it is malformed (the caller then reads no further).
const Json* read_ds_zero_stage(Importer& im, const Json& ds, const std::string& prefix,
                               long long* stage_out) {
    auto key = [&](const std::string& k) { return prefix + k; };
    // ZeRO. DeepSpeed's default is stage 0 (config-json.md).
    const Json* z = get(ds, "zero_optimization");
    if (z && !z->is_object()) {
        im.error(key("zero_optimization"), "must be an object", "必须是对象");
        return nullptr;
    }
    if (z) im.mark(key("zero_optimization"));
    long long stage = 0;
    if (const Json* st = z ? get(*z, "stage") : nullptr) {
        if (!im.want_int(key("zero_optimization.stage"), *st, stage)) return nullptr;
        im.set(key("zero_optimization.stage"), "zero", stage);
    } else if (prefix.empty() || z) {
        im.resolve(z ? key("zero_optimization.stage") : key("zero_optimization"), "zero", 0,
                   "not in the file: DeepSpeed's default ZeRO stage is 0",
                   "文件中没有：DeepSpeed 默认 ZeRO 阶段为 0");
    }
    *stage_out = stage;
    return z;
}

// offload_optimizer / offload_param (and the legacy cpu_offload) mapped to the scenario's offload,
// with DeepSpeed's own rules: parameter offload only at stage 3, optimizer offload from stage 1.
void read_ds_offload(Importer& im, const Json& z, const std::string& prefix, long long stage) {
    auto key = [&](const std::string& k) { return prefix + k; };
    auto device = [&](const char* block, std::string& dev) {
        const Json* b = get(z, block);
        if (!b) return false;
        im.mark(key(std::string("zero_optimization.") + block));
        const Json* d = get(*b, "device");
        if (!d) {
            dev = "cpu";
            return true;
        } // config-json.md: device defaults to cpu
        const std::string k = key(std::string("zero_optimization.") + block + ".device");
        if (!im.want_string(k, *d, dev)) return false;
        im.mark(k);
        return true;
    };
    std::string opt_dev, par_dev;
    const bool has_opt = device("offload_optimizer", opt_dev), has_par = device("offload_param", par_dev);
    bool legacy = false;
    if (const Json* c = get(z, "cpu_offload")) {
        bool b = false;
        if (im.want_bool(key("zero_optimization.cpu_offload"), *c, b)) legacy = b;
    }
    const bool opt = legacy || (has_opt && opt_dev != "none"), par = has_par && par_dev != "none";
    const std::string opt_key = legacy && !has_opt ? key("zero_optimization.cpu_offload")
                                                   : key("zero_optimization.offload_optimizer.device");
    for (const std::string* d : {&opt_dev, &par_dev})
        if (!d->empty() && *d != "cpu" && *d != "nvme" && *d != "none")
            im.error(d == &opt_dev ? key("zero_optimization.offload_optimizer.device")
                                   : key("zero_optimization.offload_param.device"),
                     "must be \"cpu\", \"nvme\" or \"none\", got \"" + *d + "\"",
                     "必须是 \"cpu\"、\"nvme\" 或 \"none\"，实际为 \"" + *d + "\"");
    if (par && stage != 3)
        im.error(key("zero_optimization.offload_param.device"),
                 "parameter offload is valid only with ZeRO stage 3 (DeepSpeed)",
                 "参数卸载只能用于 ZeRO 阶段 3（DeepSpeed）");
    else if (opt && stage < 1)
        im.error(opt_key, "optimizer offload needs ZeRO stage 1, 2 or 3 (DeepSpeed)",
                 "优化器卸载需要 ZeRO 阶段 1、2 或 3（DeepSpeed）");
    else if (opt && par)
        im.set(key("zero_optimization.offload_param.device"), "offload", "optimizer+params",
               opt_dev == "nvme" || par_dev == "nvme"
                   ? "NVMe offload: the GPU holds the same as with CPU offload"
                   : "",
               opt_dev == "nvme" || par_dev == "nvme" ? "NVMe 卸载：GPU 上的占用与 CPU 卸载相同" : "");
    else if (opt)
        im.set(opt_key, "offload", "optimizer",
               opt_dev == "nvme" ? "NVMe offload: the GPU holds the same as with CPU offload" : "",
               opt_dev == "nvme" ? "NVMe 卸载：GPU 上的占用与 CPU 卸载相同" : "");
    else if (par)
        im.ignore(key("zero_optimization.offload_param.device"),
                  "parameters offloaded without the optimizer: traincalc models optimizer offload, or both",
                  "只卸载参数而不卸载优化器：traincalc 只建模优化器卸载或两者同时卸载");
    else if (has_opt || has_par || prefix.empty())
        im.resolve(has_opt ? key("zero_optimization.offload_optimizer.device") : key("zero_optimization"),
                   "offload", "none",
                   has_opt || has_par ? "" : "no offload_optimizer or offload_param: nothing is offloaded",
                   has_opt || has_par ? "" : "没有 offload_optimizer 或 offload_param：不卸载");
}

// Communication buffer sizes: read and noted as outside the memory estimate.
void read_ds_buffers(Importer& im, const Json& z, const std::string& prefix) {
    auto key = [&](const std::string& k) { return prefix + k; };
    // Communication buffers take GPU memory the estimate does not count.
    for (const char* b : {"reduce_bucket_size", "allgather_bucket_size", "stage3_prefetch_bucket_size",
                          "stage3_max_live_parameters"}) {
        const Json* v = get(z, b);
        if (!v) continue;
        const std::string k = key(std::string("zero_optimization.") + b);
        if (is_auto(*v)) {
            im.keep(k, "\"auto\": the Trainer sets it from the model's hidden size",
                    "\"auto\"：训练器按模型的隐藏维度设置");
            continue;
        }
        im.ignore(k, "communication buffers (elements; 16-bit: 2 bytes each) are not in the memory estimate",
                  "通信缓冲区（元素数；16 位每个 2 字节）未计入显存估计");
    }
}

// A DeepSpeed config (top level, or under `deepspeed:` of a trainer config: keys prefixed).
// "auto" values are filled by the Transformers Trainer from its own arguments: the scenario keeps
// what the trainer keys (or the base scenario) give, and says so.
void read_deepspeed_object(Importer& im, const Json& ds, const std::string& prefix) {
    auto key = [&](const std::string& k) { return prefix + k; };
    read_ds_batch(im, ds, prefix);
    read_ds_precision(im, ds, prefix);
    read_ds_optimizer(im, ds, prefix);
    long long stage = 0;
    const Json* z = read_ds_zero_stage(im, ds, prefix, &stage);
    // Offload and buffers live inside zero_optimization; tensor_parallel and activation_checkpointing
    // are top-level keys, read with or without it (AutoTP needs no ZeRO block).
    if (z) {
        read_ds_offload(im, *z, prefix, stage);
        read_ds_buffers(im, *z, prefix);
    }
    if (const Json* tp = get(ds, "tensor_parallel")) {
        im.mark(key("tensor_parallel"));
        if (const Json* n = get(*tp, "autotp_size")) {
            long long t = 0;
            if (im.want_int(key("tensor_parallel.autotp_size"), *n, t))
                im.set(key("tensor_parallel.autotp_size"), "tp", t);
        }
    }
    // DeepSpeed AutoEP (config-json.md "Expert Parallel (AutoEP)"): ep = autoep_size when enabled
    // (default false: then every other expert_parallel key is ignored by DeepSpeed too).
    if (const Json* ep = get(ds, "expert_parallel")) {
        im.mark(key("expert_parallel"));
        bool enabled = false;
        if (const Json* on = get(*ep, "enabled"))
            if (im.want_bool(key("expert_parallel.enabled"), *on, enabled))
                im.mark(key("expert_parallel.enabled"));
        if (const Json* n = get(*ep, "autoep_size")) {
            long long size = 1;
            if (!enabled)
                im.ignore(key("expert_parallel.autoep_size"),
                          "expert_parallel.enabled is not true: AutoEP is off",
                          "expert_parallel.enabled 不是 true：AutoEP 未启用");
            else if (im.want_int(key("expert_parallel.autoep_size"), *n, size))
                im.set(key("expert_parallel.autoep_size"), "ep", size);
        } else if (enabled) {
            im.resolve(key("expert_parallel.enabled"), "ep", 1,
                       "AutoEP on without autoep_size: DeepSpeed's default 1 (every rank holds every expert)",
                       "启用 AutoEP 但没有 autoep_size：DeepSpeed 默认 1（每个进程持有全部专家）");
        }
        for (const char* k : {"preset_model", "expert_tensor_parallel_size", "use_grouped_mm"})
            if (get(*ep, k)) im.mark(key(std::string("expert_parallel.") + k));
    }
    if (get(ds, "activation_checkpointing"))
        im.ignore(key("activation_checkpointing"),
                  "DeepSpeed's activation checkpointing applies to models that call deepspeed.checkpointing; "
                  "Hugging Face models use the Trainer's gradient_checkpointing",
                  "DeepSpeed 的激活检查点只作用于调用 deepspeed.checkpointing 的模型；Hugging Face "
                  "模型用训练器的 gradient_checkpointing");
}

//-----------------------------------------------------------------------------
// [SECTION] Transformers / TRL training arguments (shared by LLaMA-Factory)
//-----------------------------------------------------------------------------

// A numeric key with the tool's default when absent (or null): one row of a tool's table.
struct DefaultedKey {
    const char* key;   // the file's key
    const char* field; // the scenario field it sets
    double def;        // the tool's default
    bool integer;      // read and resolved as a whole number
};

// The keys LLaMA-Factory (through the Trainer) and axolotl both read as "value, else the default":
// one reader so a value and a default are applied and noted the same way in every tool.
void read_defaulted(Importer& im, const Json& doc, const DefaultedKey& r, const std::string& why_en,
                    const std::string& why_zh) {
    const Json* v = get(doc, r.key);
    if (v && !v->is_null()) {
        if (r.integer) {
            long long n = 0;
            if (im.want_int(r.key, *v, n)) im.set(r.key, r.field, n);
        } else {
            double x = 0;
            if (im.want_number(r.key, *v, x)) im.set(r.key, r.field, x);
        }
        return;
    }
    const Json def = r.integer ? Json(static_cast<long long>(r.def)) : Json(r.def);
    im.resolve(r.key, r.field, def, why_en, why_zh);
}

// max_steps > 0 overrides the epochs key named in the note; the data size is the user's to match.
void read_max_steps(Importer& im, const Json& v, const std::string& en, const std::string& zh) {
    long long n = 0;
    if (im.want_int("max_steps", v, n) && n > 0)
        im.ignore("max_steps", en, zh);
    else
        im.mark("max_steps");
}

// A true/false key that, when true, sets one scenario field (Liger, Unsloth, flash attention,
// chunked losses in every tool); false is only noted as read. False when the value is no boolean.
bool read_switch(Importer& im, const char* key, const Json& v, const char* field, const Json& on,
                 const char* en = "", const char* zh = "") {
    bool b = false;
    if (!im.want_bool(key, v, b)) return false;
    if (b)
        im.set(key, field, on, en, zh);
    else
        im.mark(key);
    return true;
}

struct TrainerDefaults {
    const char* tool;      // named in the notes
    long long micro_batch; // per_device_train_batch_size
    long long grad_accum;
    double epochs;
    const char* precision; // "fp32", "bf16", "auto"
    const char* precision_en;
    const char* precision_zh;
    bool checkpointing; // gradient checkpointing on by default
};

// Keys of TrainingArguments (Transformers) that LLaMA-Factory and TRL pass through unchanged.
void read_trainer_keys(Importer& im, const Json& doc, const TrainerDefaults& d) {
    const std::string why_en = std::string("not in the file: ") + d.tool + "'s default";
    const std::string why_zh = std::string("文件中没有：") + d.tool + " 的默认值";
    for (const DefaultedKey& r :
         {DefaultedKey{"per_device_train_batch_size", "micro_batch", static_cast<double>(d.micro_batch),
                       true},
          DefaultedKey{"gradient_accumulation_steps", "grad_accum", static_cast<double>(d.grad_accum), true},
          DefaultedKey{"num_train_epochs", "epochs", d.epochs, false}})
        read_defaulted(im, doc, r, why_en, why_zh);
    if (const Json* v = get(doc, "max_steps"))
        read_max_steps(
            im, *v,
            "max_steps overrides num_train_epochs in the Trainer: give the data as tokens or samples to "
            "match it",
            "训练器中 max_steps 优先于 num_train_epochs：请按 token 数或样本数给出数据量以与之对应");
    if (const Json* v = get(doc, "optim")) read_optimizer(im, "optim", *v);
    if (const Json* v = get(doc, "use_liger_kernel"))
        read_switch(im, "use_liger_kernel", *v, "loss", "chunked",
                    "Liger's fused linear cross-entropy keeps no full logits",
                    "Liger 的融合线性交叉熵不保留完整 logits");
    if (const Json* v = get(doc, "fsdp")) read_fsdp_options(im, "fsdp", *v);
    if (const Json* v = get(doc, "deepspeed")) read_deepspeed_key(im, "deepspeed", *v);
}

// gradient_checkpointing: true/false (Transformers, TRL), absent = the tool's default.
void read_gradient_checkpointing(Importer& im, const Json& doc, const TrainerDefaults& d) {
    const Json* v = get(doc, "gradient_checkpointing");
    if (v && !v->is_null()) {
        bool b = false;
        if (im.want_bool("gradient_checkpointing", *v, b))
            im.set("gradient_checkpointing", "checkpointing", b ? "full" : "none");
        return;
    }
    im.resolve(
        "gradient_checkpointing", "checkpointing", d.checkpointing ? "full" : "none",
        std::string("not in the file: ") + d.tool +
            (d.checkpointing ? " checkpoints every layer by default" : " does not checkpoint by default"),
        std::string("文件中没有：") + d.tool + (d.checkpointing ? " 默认对每层做检查点" : " 默认不做检查点"));
}

// TRL-only keys (ModelConfig and SFTConfig, trl/trainer/sft_config.py; trl/trainer/model_config.py).
const char* const kTrlMarkers[] = {"max_length",
                                   "max_seq_length",
                                   "packing",
                                   "use_peft",
                                   "dataset_text_field",
                                   "loss_type",
                                   "completion_only_loss",
                                   "assistant_only_loss",
                                   "dataset_name",
                                   "padding_free",
                                   "lora_r",
                                   "num_generations",
                                   "max_completion_length",
                                   "use_vllm",
                                   "steps_per_generation",
                                   "vllm_mode"};
bool is_trl(const Json& doc) {
    for (const char* k : kTrlMarkers)
        if (doc.contains(k)) return true;
    return false;
}

// TRL's use_peft: LoRA (QLoRA with load_in_4bit) or full, with ModelConfig's default rank. Without
// it the whole model trains: ModelConfig.use_peft defaults to False and get_peft_config() then
// returns None (trl/trainer/model_config.py, trainer/utils.py); plain TrainingArguments have no PEFT.
// It was left to the base scenario's method: the page's default LoRA.
void read_trl_peft(Importer& im, const Json& doc, bool trl) {
    const Json* use = get(doc, "use_peft");
    bool peft = false;
    if (use && !use->is_null() && !im.want_bool("use_peft", *use, peft)) return;
    if (!peft) {
        if (use && !use->is_null())
            im.set("use_peft", "method", "full");
        else if (trl)
            im.resolve(
                "use_peft", "method", "full",
                "not in the file: TRL's ModelConfig.use_peft defaults to false, so the whole model trains",
                "文件中没有：TRL 的 ModelConfig.use_peft 默认为 false，即训练整个模型");
        else // a script's own PEFT model leaves no trace in the Trainer's arguments: the method stays
            im.keep(
                "use_peft",
                "not in the file: a Trainer's arguments do not say whether the script adds adapters (PEFT); "
                "the method stays the scenario's",
                "文件中没有：Trainer 的参数不说明脚本是否加了适配器（PEFT）；训练方法保持场景原值");
        for (const char* k : {"lora_r", "lora_target_modules", "load_in_4bit"})
            if (get(doc, k))
                im.ignore(k, "use_peft is not true: TRL builds no LoRA adapter (get_peft_config)",
                          "use_peft 不是 true：TRL 不构建 LoRA 适配器（get_peft_config）");
        return;
    }
    bool q4 = false;
    if (const Json* q = get(doc, "load_in_4bit")) {
        im.want_bool("load_in_4bit", *q, q4);
        im.mark("load_in_4bit");
    }
    im.set("use_peft", "method", q4 ? "qlora" : "lora", q4 ? "with load_in_4bit: QLoRA" : "",
           q4 ? "配合 load_in_4bit：QLoRA" : "");
    if (const Json* r = get(doc, "lora_r")) {
        long long n = 0;
        if (im.want_int("lora_r", *r, n)) im.set("lora_r", "lora_rank", n);
    } else
        im.resolve("lora_r", "lora_rank", 16, "not in the file: TRL ModelConfig's default lora_r",
                   "文件中没有：TRL ModelConfig 的默认 lora_r");
    if (const Json* t = get(doc, "lora_target_modules")) read_lora_targets(im, "lora_target_modules", *t);
}

// TRL's GRPOConfig keys (trl/trainer/grpo_config.py); also under axolotl's `trl:` block (prefix "trl.").
const char* const kGrpoMarkers[] = {"num_generations", "max_completion_length", "use_vllm",
                                    "steps_per_generation", "vllm_mode"};
const char* grpo_marker(const Json& doc) {
    for (const char* k : kGrpoMarkers)
        if (doc.contains(k)) return k;
    return nullptr;
}

// Where rollouts run: use_vllm false = the policy's own generate() on the training cards; vLLM colocated
// (TRL's default mode) holds its gpu_memory_utilization slice through training unless it sleeps; a
// `trl vllm-serve` server (or TRL 0.14-0.17's vllm_device) runs on its own cards.
void read_grpo_engine(Importer& im, const Json& doc, const std::string& prefix) {
    auto key = [&](const char* k) { return prefix + k; };
    bool vllm = false;
    if (const Json* v = get(doc, "use_vllm"); v && !im.want_bool(key("use_vllm"), *v, vllm)) return;
    std::string mode = "colocate";
    if (const Json* v = get(doc, "vllm_mode"); v && !im.want_string(key("vllm_mode"), *v, mode)) return;
    if (!vllm) {
        im.resolve(key("use_vllm"), "rollout", "colocated",
                   get(doc, "use_vllm") ? "generate() on the training cards: timed here as a vLLM engine "
                                          "would decode, so optimistic"
                                        : "not in the file: TRL generates with generate() on the training "
                                          "cards; timed here as a vLLM engine would decode, so optimistic",
                   "在训练卡上用 generate() 生成：这里按 vLLM 引擎的解码速度计时，因此偏乐观");
        if (get(doc, "vllm_mode"))
            im.ignore(key("vllm_mode"), "use_vllm is not true: TRL starts no vLLM engine",
                      "use_vllm 不是 true：TRL 不启动 vLLM 引擎");
        return;
    }
    if (mode == "server" || get(doc, "vllm_device")) {
        const std::string k = get(doc, "vllm_device") ? key("vllm_device") : key("vllm_mode");
        im.set(k, "rollout", "separate", "a vLLM server on its own card(s)", "vLLM 服务运行在独立的卡上");
        im.resolve(k, "rollout_cards", 1,
                   "the server's cards are not in the file: 1 assumed (trl vllm-serve)",
                   "文件中没有服务所用的卡数：按 1 张计（trl vllm-serve）");
        if (get(doc, "vllm_gpu_memory_utilization"))
            im.ignore(key("vllm_gpu_memory_utilization"), "applies to colocated vLLM only (TRL)",
                      "只对同卡 vLLM 生效（TRL）");
        return;
    }
    if (mode != "colocate") {
        im.error(key("vllm_mode"), "must be \"server\" or \"colocate\", got \"" + mode + "\"",
                 "必须是 \"server\" 或 \"colocate\"，实际为 \"" + mode + "\"");
        return;
    }
    im.set(key("use_vllm"), "rollout", "colocated",
           "vLLM colocated on the training cards (TRL's default mode)", "vLLM 与训练同卡（TRL 的默认模式）");
    if (get(doc, "vllm_mode")) // the same field, the same value: listed beside use_vllm (it was in no list)
        im.set(key("vllm_mode"), "rollout", "colocated", "vLLM on the training cards", "vLLM 与训练同卡");
    bool sleeps = false;
    if (const Json* v = get(doc, "vllm_enable_sleep_mode"))
        if (!im.want_bool(key("vllm_enable_sleep_mode"), *v, sleeps)) return;
    if (sleeps) {
        im.set(key("vllm_enable_sleep_mode"), "engine_memory_fraction", 0.0,
               "the engine sleeps while the policy trains", "训练时引擎休眠");
        if (get(doc, "vllm_gpu_memory_utilization"))
            im.ignore(
                key("vllm_gpu_memory_utilization"),
                "with sleep mode the engine gives its slice back while the policy trains: the "
                "generation phase is counted from its weights and KV cache, not from this cap",
                "开启休眠时引擎在训练期间释放其显存份额：生成阶段按其权重和 KV 缓存计算，而不是按此上限");
        return;
    }
    if (const Json* v = get(doc, "vllm_gpu_memory_utilization")) {
        double f = 0;
        if (im.want_number(key("vllm_gpu_memory_utilization"), *v, f))
            im.set(key("vllm_gpu_memory_utilization"), "engine_memory_fraction", f,
                   "held through training (no sleep mode)", "训练期间一直保留（未开休眠）");
    } else
        im.resolve(key("vllm_gpu_memory_utilization"), "engine_memory_fraction", 0.3,
                   "not in the file: TRL's default, held through training (no sleep mode)",
                   "文件中没有：TRL 的默认值，训练期间一直保留（未开休眠）");
}

// GRPO: G, the completion and prompt lengths, the generation batching, the engine and the reference
// (beta). `marker`: the key that made it GRPO (sets the objective); nullptr when the caller set it.
void read_trl_grpo(Importer& im, const Json& doc, const std::string& prefix, const char* marker) {
    auto key = [&](const char* k) { return prefix + k; };
    if (marker)
        im.resolve(key(marker), "objective", "grpo", "GRPOConfig keys: GRPO", "GRPOConfig 的键：GRPO");
    auto int_key = [&](const char* k, const char* field, long long def, const char* why_en,
                       const char* why_zh) -> long long {
        long long n = def;
        if (const Json* v = get(doc, k); v && !v->is_null()) {
            if (im.want_int(key(k), *v, n)) im.set(key(k), field, n);
        } else if (why_en)
            im.resolve(key(k), field, def, why_en, why_zh);
        return n;
    };
    int_key("num_generations", "generations", 8, "not in the file: TRL GRPOConfig's default",
            "文件中没有：TRL GRPOConfig 的默认值");
    const long long c =
        int_key("max_completion_length", "completion_len", 512, "not in the file: TRL GRPOConfig's default",
                "文件中没有：TRL GRPOConfig 的默认值");
    if (im.has("seq_len")) {
        // The tool's own length key (axolotl's sequence_len) already set it: the prompt is the rest.
        if (get(doc, "max_prompt_length")) im.mark(key("max_prompt_length"));
    } else if (const Json* v = get(doc, "max_prompt_length"); v && !v->is_null()) {
        long long p = 0;
        if (im.want_int(key("max_prompt_length"), *v, p))
            im.set(key("max_prompt_length"), "seq_len", p + c, "prompt + max_completion_length",
                   "提示词 + max_completion_length");
    } else
        im.resolve(key("max_completion_length"), "seq_len", 512 + c,
                   "the prompt length is not in the file (TRL 0.28 dropped max_prompt_length): 512 tokens "
                   "assumed before the completion; set seq_len to the longest prompt + completion",
                   "文件中没有提示词长度（TRL 0.28 去掉了 max_prompt_length）：按 512 token 加回答长度计；"
                   "请把 seq_len 设为最长提示词 + 回答");
    int_key("steps_per_generation", "steps_per_generation", 0, nullptr, nullptr);
    int_key("num_iterations", "update_epochs", 1,
            "not in the file: TRL GRPOConfig's default num_iterations (μ), one optimisation pass per batch",
            "文件中没有：TRL GRPOConfig 默认 num_iterations（μ）为 1，每批只做一轮优化");
    if (get(doc, "generation_batch_size"))
        im.ignore(key("generation_batch_size"),
                  "counts completions over every process: give steps_per_generation = generation_batch_size "
                  "÷ (per_device_train_batch_size × processes)",
                  "按所有进程的回答数计：请给出 steps_per_generation = generation_batch_size ÷ "
                  "（per_device_train_batch_size × 进程数）");
    if (const Json* v = get(doc, "beta"); v && !v->is_null()) {
        double b = 0;
        if (im.want_number(key("beta"), *v, b))
            im.set(key("beta"), "reference", b > 0 ? "model" : "none",
                   b > 0 ? "beta > 0: the KL term needs the reference policy"
                         : "beta = 0: no reference model",
                   b > 0 ? "beta > 0：KL 项需要参考模型" : "beta = 0：不加载参考模型");
    } else
        im.resolve(key("beta"), "reference", "none",
                   "not in the file: TRL's default beta 0.0 loads no reference",
                   "文件中没有：TRL 默认 beta 为 0.0，不加载参考模型");
    read_grpo_engine(im, doc, prefix);
}

void read_hf_training_args(Importer& im, const Json& doc) {
    const bool trl = is_trl(doc);
    const char* grpo = grpo_marker(doc);
    // Transformers: per_device_train_batch_size 8, 1 accumulation step, 3 epochs, fp32, no checkpointing.
    // TRL's SFTConfig changes bf16 (on unless fp16) and gradient_checkpointing (on).
    const TrainerDefaults d = trl ? TrainerDefaults{grpo ? "TRL GRPOConfig" : "TRL SFTConfig",
                                                    8,
                                                    1,
                                                    3.0,
                                                    "bf16",
                                                    "TRL's configs train in bf16 unless fp16 is set",
                                                    "TRL 的配置默认以 bf16 训练（除非设置 fp16）",
                                                    true}
                                  : TrainerDefaults{"Transformers' TrainingArguments",
                                                    8,
                                                    1,
                                                    3.0,
                                                    "fp32",
                                                    "without bf16 or fp16 the Trainer trains in fp32",
                                                    "未设置 bf16 或 fp16 时训练器以 fp32 训练",
                                                    false};
    read_trainer_keys(im, doc, d);
    read_gradient_checkpointing(im, doc, d);
    read_precision(im, doc, d.tool, d.precision_en, d.precision_zh, d.precision);
    if (const Json* v = get(doc, "model_name_or_path")) read_model_name(im, "model_name_or_path", *v);
    const char* len_key = doc.contains("max_length")       ? "max_length"
                          : doc.contains("max_seq_length") ? "max_seq_length"
                                                           : nullptr;
    if (len_key) {
        long long n = 0;
        if (im.want_int(len_key, doc[len_key], n))
            im.set(len_key, "seq_len", n, "the longest sequence a batch holds", "一个批次中最长的序列");
    } else if (trl && !grpo) {
        im.resolve("max_length", "seq_len", 1024, "not in the file: TRL SFTConfig's default max_length",
                   "文件中没有：TRL SFTConfig 的默认 max_length");
    }
    if (grpo) read_trl_grpo(im, doc, "", grpo);
    if (const Json* v = get(doc, "packing")) {
        bool b = false;
        if (im.want_bool("packing", *v, b))
            im.keep("packing",
                    b ? "packing fills every sequence to max_length: give avg_tokens = max_length"
                      : "no packing: each sample is one sequence",
                    b ? "打包使每条序列填满 max_length：请把 avg_tokens 设为 max_length"
                      : "不打包：每个样本一条序列");
    }
    read_trl_peft(im, doc, trl);
    if (const Json* v = get(doc, "loss_type")) {
        std::string t;
        if (im.want_string("loss_type", *v, t)) {
            if (t == "chunked_nll")
                im.set("loss_type", "loss", "chunked",
                       "the cross-entropy runs in chunks: no full logits kept",
                       "交叉熵分块计算：不保留完整 logits");
            else // TRL's other loss types weigh or average the loss differently (it was in no list)
                im.keep("loss_type",
                        "loss_type " + t + ": how the loss is weighed and averaged; the same memory and time",
                        "loss_type " + t + "：只改变损失的加权与平均方式；显存和时间相同");
        }
    }
    if (const Json* v = get(doc, "load_in_8bit")) {
        bool b = false;
        if (im.want_bool("load_in_8bit", *v, b) && b)
            im.ignore("load_in_8bit", "8-bit base weights are not modelled (16-bit LoRA or 4-bit QLoRA)",
                      "未建模 8 位基座权重（支持 16 位 LoRA 或 4 位 QLoRA）");
        else
            im.mark("load_in_8bit");
    }
}

//-----------------------------------------------------------------------------
// [SECTION] LLaMA-Factory
//-----------------------------------------------------------------------------

// Method: finetuning_type and quantization_bit, then LoRA's rank and targets. False when either has
// the wrong type: the method is unknown, so the file is read no further.
bool read_llamafactory_method(Importer& im, const Json& doc) {
    // Method: finetuning_type (default lora), quantization_bit 4 → QLoRA (only with LoRA: parser.py).
    std::string ft = "lora";
    const Json* ftv = get(doc, "finetuning_type");
    if (ftv && !im.want_string("finetuning_type", *ftv, ft)) return false;
    long long qbit = 0;
    const Json* q = get(doc, "quantization_bit");
    if (q && !q->is_null() && !im.want_int("quantization_bit", *q, qbit)) return false;
    if (ft != "lora" && ft != "full") {
        im.error(
            "finetuning_type",
            "\"" + ft +
                "\" is not modelled: traincalc estimates full, lora (and QLoRA through quantization_bit)",
            "未建模 \"" + ft + "\"：traincalc 支持 full、lora（以及通过 quantization_bit 的 QLoRA）");
    } else if (qbit != 0 && ft != "lora") {
        im.error("quantization_bit", "quantization is only compatible with the LoRA method (LLaMA-Factory)",
                 "量化只能与 LoRA 方法一起使用（LLaMA-Factory）");
    } else {
        const char* method = ft == "full" ? "full" : qbit == 4 ? "qlora" : "lora";
        const std::string k = "finetuning_type";
        if (ftv)
            im.set(k, "method", method, qbit == 4 ? "with quantization_bit: 4, QLoRA" : "",
                   qbit == 4 ? "配合 quantization_bit: 4，即 QLoRA" : "");
        else
            im.resolve(k, "method", method,
                       "not in the file: LLaMA-Factory's default finetuning_type is lora",
                       "文件中没有：LLaMA-Factory 默认 finetuning_type 为 lora");
        if (q) {
            if (qbit == 4 || qbit == 0)
                im.mark("quantization_bit");
            else
                im.ignore("quantization_bit",
                          "only 4-bit base weights (QLoRA) are modelled: estimated as LoRA on 16-bit weights",
                          "只建模 4 位基座权重（QLoRA）：按 16 位权重上的 LoRA 估算");
        }
        if (ft == "lora") {
            if (const Json* r = get(doc, "lora_rank")) {
                long long n = 0;
                if (im.want_int("lora_rank", *r, n)) im.set("lora_rank", "lora_rank", n);
            } else
                im.resolve("lora_rank", "lora_rank", 8, "not in the file: LLaMA-Factory's default lora_rank",
                           "文件中没有：LLaMA-Factory 的默认 lora_rank");
            if (const Json* t = get(doc, "lora_target"))
                read_lora_targets(im, "lora_target", *t);
            else
                im.resolve("lora_target", "lora_targets", "all",
                           "not in the file: LLaMA-Factory's default lora_target is all",
                           "文件中没有：LLaMA-Factory 默认 lora_target 为 all");
        }
    }
    return true;
}

// LLaMA-Factory's PPO (train/ppo/workflow.py, trainer.py; trl 0.8.6-0.9.6's PPOTrainer): one response per
// prompt from the policy's own generate(), a mini-batch (per_device_train_batch_size) at a time; the value
// head on the policy (AutoModelForCausalLMWithValueHead); the reward model an adapter on the same base
// (reward_model_type lora, the default), a whole model (full) or a server (api); the reference the base with
// the adapter off under LoRA, a copy otherwise. Every field it sets is LLaMA-Factory's own, so a previous
// import (a GRPO config's G, engine or completion length) cannot leave one behind.
void read_llamafactory_ppo(Importer& im, const Json& doc) {
    im.set("stage", "objective", "ppo");
    im.resolve("stage", "generations", 1, "LLaMA-Factory's PPO generates one response per prompt",
               "LLaMA-Factory 的 PPO 每个提示词生成一条回答");
    im.resolve("stage", "rollout", "policy",
               "the policy's own generate() on the training cards: no vLLM engine, no copy of the weights",
               "在训练卡上用策略模型自身的 generate() 生成：没有 vLLM 引擎，不另存权重");
    im.resolve("stage", "steps_per_generation", 1,
               "generate() runs one mini-batch (per_device_train_batch_size) at a time",
               "generate() 每次处理一个小批次（per_device_train_batch_size）");
    im.resolve("stage", "critic", "value_head", "the value head sits on the policy (trl's ValueHead model)",
               "价值头在策略模型上（trl 的 ValueHead 模型）");
    im.resolve("stage", "reference", "model",
               "the KL penalty needs the reference: the base with the adapter off under LoRA, else a copy",
               "KL 惩罚需要参考模型：LoRA 下为关闭适配器的基座，否则为一份副本");
    std::string rm = "lora";
    const Json* rt = get(doc, "reward_model_type");
    if (rt && !im.want_string("reward_model_type", *rt, rm)) return;
    const char* reward = rm == "lora" ? "adapter" : rm == "full" ? "model" : rm == "api" ? "api" : nullptr;
    // finetuning_args.py __post_init__ refuses a LoRA reward model on a policy that is not LoRA (the
    // adapter needs the policy's PEFT base): "`reward_model_type` cannot be lora for Freeze/Full PPO
    // training."
    std::string ft = "lora";
    if (const Json* f = get(doc, "finetuning_type"); f && f->is_string())
        ft = f->get_ref<const std::string&>();
    if (!reward) {
        im.error("reward_model_type", "must be lora, full or api, got \"" + rm + "\"",
                 "必须是 lora、full 或 api，实际为 \"" + rm + "\"");
    } else if (rm == "lora" && ft != "lora") {
        const std::string given = rt ? "lora" : "lora (LLaMA-Factory's default when absent)";
        const std::string given_zh = rt ? "lora" : "lora（缺省时 LLaMA-Factory 的默认值）";
        im.error("reward_model_type",
                 "cannot be " + given + " with finetuning_type " + ft +
                     ": LLaMA-Factory refuses it (\"`reward_model_type` cannot be lora for Freeze/Full PPO "
                     "training.\"); set reward_model_type: full (a whole reward model) or api",
                 "finetuning_type 为 " + ft + " 时不能是 " + given_zh +
                     "：LLaMA-Factory 会拒绝（\"`reward_model_type` cannot be lora for Freeze/Full PPO "
                     "training.\"）；请设 reward_model_type: full（完整的奖励模型）或 api");
    } else if (rt) {
        im.set("reward_model_type", "reward", reward);
    } else {
        im.resolve("reward_model_type", "reward", reward,
                   "not in the file: LLaMA-Factory's default reward_model_type lora, an adapter on the "
                   "policy's base",
                   "文件中没有：LLaMA-Factory 默认 reward_model_type 为 lora，即策略基座上的适配器");
    }
    if (get(doc, "reward_model")) im.mark("reward_model");
    // trl's PPOTrainer.step trains each batch of rollouts ppo_epochs times (finetuning_args.py, default 4).
    if (const Json* v = get(doc, "ppo_epochs"); v && !v->is_null()) {
        long long n = 0;
        if (im.want_int("ppo_epochs", *v, n)) im.set("ppo_epochs", "update_epochs", n);
    } else {
        im.resolve("ppo_epochs", "update_epochs", 4,
                   "not in the file: LLaMA-Factory's default ppo_epochs 4, optimisation passes over each "
                   "batch of rollouts",
                   "文件中没有：LLaMA-Factory 默认 ppo_epochs 为 4，即每批生成结果上的优化轮数");
    }
    if (get(doc, "ppo_buffer_size")) im.mark("ppo_buffer_size"); // batches per step: memory and time alike
}

// The stage's objective (finetuning_args.py): dpo with pref_loss (sigmoid, hinge, ipo and kto_pair are
// DPO-shaped: a chosen and a rejected sequence and the reference; orpo and simpo need no reference), kto,
// ppo (policy, reference, reward model and a critic); rm is estimated as supervised fine-tuning.
void read_llamafactory_stage(Importer& im, const Json& doc, const std::string& st) {
    if (st == "sft" || st == "pt") {
        im.mark("stage");
        return;
    }
    if (st == "dpo") {
        std::string loss = "sigmoid";
        const Json* pl = get(doc, "pref_loss");
        if (pl && !im.want_string("pref_loss", *pl, loss)) return;
        if (loss == "orpo" || loss == "simpo") {
            im.set("stage", "objective", loss, "stage dpo with pref_loss " + loss,
                   "stage dpo，pref_loss 为 " + loss);
            if (pl) im.mark("pref_loss");
        } else {
            im.set("stage", "objective", "dpo");
            if (pl)
                im.keep("pref_loss", "pref_loss " + loss + ": a DPO-shaped loss, the same memory and time",
                        "pref_loss " + loss + "：与 DPO 同形的损失，显存和时间相同");
        }
        return;
    }
    if (st == "kto") {
        im.set("stage", "objective", st);
        return;
    }
    if (st == "ppo") {
        read_llamafactory_ppo(im, doc);
        return;
    }
    if (st == "grpo") { // what the export writes for a GRPO plan: no LLaMA-Factory stage, said so
        im.set("stage", "objective", "grpo",
               "not a LLaMA-Factory stage (it stops with \"Unknown task: grpo.\"): read as the GRPO plan "
               "traincalc exports; TRL's GRPOTrainer runs it",
               "不是 LLaMA-Factory 的阶段（会以 \"Unknown task: grpo.\" 停止）：按 traincalc 导出的 GRPO "
               "方案读取；由 TRL 的 GRPOTrainer 运行");
        return;
    }
    im.ignore("stage", "stage " + st + " (reward-model training) is estimated as supervised fine-tuning",
              "阶段 " + st + "（奖励模型训练）按监督微调估算");
}

// What a sample is: the stage (its objective), cutoff_len and packing.
void read_llamafactory_data(Importer& im, const Json& doc) {
    if (const Json* v = get(doc, "stage")) {
        std::string st;
        if (im.want_string("stage", *v, st)) {
            read_llamafactory_stage(im, doc, st);
        }
    }
    // Sequence length: cutoff_len (default 2048). PPO: cutoff_len truncates the prompt (its unsupervised
    // processor) and generate() adds up to max_new_tokens (generating_args.py, default 1024).
    const Json* stage_v = get(doc, "stage");
    const bool ppo = stage_v && stage_v->is_string() && stage_v->get_ref<const std::string&>() == "ppo";
    long long c = 0;
    if (ppo) {
        c = 1024;
        if (const Json* v = get(doc, "max_new_tokens"); v && !v->is_null()) {
            if (im.want_int("max_new_tokens", *v, c)) im.set("max_new_tokens", "completion_len", c);
        } else {
            im.resolve("max_new_tokens", "completion_len", c, "not in the file: LLaMA-Factory's default",
                       "文件中没有：LLaMA-Factory 的默认值");
        }
    }
    if (const Json* v = get(doc, "cutoff_len")) {
        long long n = 0;
        if (im.want_int("cutoff_len", *v, n)) {
            if (ppo)
                im.set("cutoff_len", "seq_len", n + c, "the prompt (cutoff_len) + max_new_tokens",
                       "提示词（cutoff_len）+ max_new_tokens");
            else
                im.set("cutoff_len", "seq_len", n);
        }
    } else {
        im.resolve(
            "cutoff_len", "seq_len", 2048 + c,
            ppo ? "not in the file: LLaMA-Factory's default cutoff_len 2048 (the prompt) + max_new_tokens"
                : "not in the file: LLaMA-Factory's default cutoff_len",
            ppo ? "文件中没有：LLaMA-Factory 的默认 cutoff_len 2048（提示词）+ max_new_tokens"
                : "文件中没有：LLaMA-Factory 的默认 cutoff_len");
    }
    bool packing = false;
    if (const Json* v = get(doc, "packing")) {
        if (!v->is_null()) im.want_bool("packing", *v, packing);
    } else if (const Json* sv = get(doc, "stage"))
        packing = sv->is_string() && sv->get_ref<const std::string&>() == "pt";
    if (const Json* v = get(doc, "neat_packing")) {
        bool b = false;
        if (im.want_bool("neat_packing", *v, b) && b) packing = true;
    }
    // The scenario's packing follows (it was read and dropped: "packing: false" was "not used", and a
    // sample of 300 tokens then ran as if packed: no padding in its FLOPs).
    const char* by = get(doc, "packing") ? "packing" : get(doc, "neat_packing") ? "neat_packing" : nullptr;
    if (by)
        im.set(by, "packing", packing,
               packing ? "packing fills every sequence to cutoff_len"
                       : "no packing: each sample one sequence",
               packing ? "打包使每条序列填满 cutoff_len" : "不打包：每条样本一条序列");
    else if (get(doc, "stage"))
        im.resolve("stage", "packing", packing,
                   packing ? "not in the file: LLaMA-Factory packs stage pt"
                           : "not in the file: LLaMA-Factory packs only stage pt",
                   packing ? "文件中没有：LLaMA-Factory 在 pt 阶段打包"
                           : "文件中没有：LLaMA-Factory 只在 pt 阶段打包");
}

// Checkpointing is on by default in LLaMA-Factory; false when the switch has the wrong type, and
// the file is read no further.
bool read_llamafactory_checkpointing(Importer& im, const Json& doc) {
    // Gradient checkpointing is on unless disable_gradient_checkpointing (model_utils/checkpointing.py).
    bool no_gc = false;
    const Json* gc = get(doc, "disable_gradient_checkpointing");
    if (gc && !im.want_bool("disable_gradient_checkpointing", *gc, no_gc)) return false;
    if (gc)
        im.set("disable_gradient_checkpointing", "checkpointing", no_gc ? "none" : "full");
    else
        im.resolve("disable_gradient_checkpointing", "checkpointing", "full",
                   "not in the file: LLaMA-Factory enables gradient checkpointing unless "
                   "disable_gradient_checkpointing is true",
                   "文件中没有：除非 disable_gradient_checkpointing 为 true，LLaMA-Factory 都启用梯度检查点");
    if (get(doc, "gradient_checkpointing")) im.mark("gradient_checkpointing");
    return true;
}

// LoRA/QLoRA with neither bf16 nor fp16 on: LLaMA-Factory still computes in model_args.compute_dtype,
// inferred from the model's torch_dtype (model/patcher.py, extras/misc.py infer_optim_dtype: bf16 when
// the card has it, else fp16), loads the frozen base in the checkpoint's dtype (model/loader.py
// torch_dtype "auto") and upcasts only the adapters to fp32 (model/adapter.py): a 16-bit base, not the
// fp32 it was estimated in. False when this is not the case (a full fine-tune, a flag on, a bad value).
bool read_llamafactory_adapter_dtype(Importer& im, const Json& doc) {
    if (!im.patch.contains("method") || im.patch["method"] == "full") return false;
    const Json* bf = get(doc, "bf16");
    const Json* fp = get(doc, "fp16");
    for (const Json* v : {bf, fp})
        if (v && !v->is_null() && !(v->is_boolean() && !v->get<bool>())) return false;
    const bool has_bf16 = im.gpu_has_bf16();
    const bool off = (bf && !bf->is_null()) || (fp && !fp->is_null());
    const std::string key = bf ? "bf16" : fp ? "fp16" : "bf16";
    im.resolve(key, "precision", has_bf16 ? "bf16" : "fp16",
               std::string(off ? "bf16 and fp16 are off" : "not in the file") +
                   ": with LoRA or QLoRA LLaMA-Factory computes in the model's 16-bit dtype (bf16 when the "
                   "card has it, else fp16: infer_optim_dtype), the frozen base loaded in it (4-bit with "
                   "QLoRA), and upcasts only the adapters to fp32; " +
                   im.gpu_name() + (has_bf16 ? " has bf16" : " has no bf16"),
               std::string(off ? "bf16 与 fp16 均关闭" : "文件中没有") +
                   "：使用 LoRA 或 QLoRA 时 LLaMA-Factory 以模型自身的 16 位精度计算（卡支持时为 bf16，否则 "
                   "fp16：infer_optim_dtype），冻结的基座按此精度加载（QLoRA 为 4 位），只把适配器上转为 "
                   "fp32；" +
                   im.gpu_name() + (has_bf16 ? " 支持 bf16" : " 不支持 bf16"));
    if (bf && fp) im.keep("fp16", "off as well", "同样关闭");
    return true;
}

// pure_bf16 drops the fp32 master weights; otherwise bf16/fp16 as the Trainer reads them.
void read_llamafactory_precision(Importer& im, const Json& doc, const TrainerDefaults& d) {
    // Precision: bf16 / fp16, or pure_bf16 (no fp32 master weights).
    bool pure = false;
    if (const Json* v = get(doc, "pure_bf16")) im.want_bool("pure_bf16", *v, pure);
    if (pure) {
        im.set("pure_bf16", "precision", "bf16");
        im.set("pure_bf16", "master_weights", false, "pure bf16: no fp32 master weights",
               "纯 bf16：没有 fp32 主权重");
        if (get(doc, "bf16")) im.mark("bf16");
        if (get(doc, "fp16")) im.mark("fp16");
    } else {
        if (get(doc, "pure_bf16")) im.mark("pure_bf16");
        if (!read_llamafactory_adapter_dtype(im, doc))
            read_precision(im, doc, "LLaMA-Factory", d.precision_en, d.precision_zh, d.precision);
    }
}

// Kernels that change memory (Liger, Unsloth, flash attention) and the switches not modelled.
void read_llamafactory_extras(Importer& im, const Json& doc) {
    if (const Json* v = get(doc, "enable_liger_kernel"))
        read_switch(im, "enable_liger_kernel", *v, "loss", "chunked",
                    "Liger's fused linear cross-entropy keeps no full logits",
                    "Liger 的融合线性交叉熵不保留完整 logits");
    if (const Json* v = get(doc, "use_unsloth")) read_switch(im, "use_unsloth", *v, "stack", "unsloth");
    if (const Json* v = get(doc, "flash_attn")) {
        std::string fa;
        if (im.want_string("flash_attn", *v, fa))
            im.set("flash_attn", "flash_attention", fa != "disabled" && fa != "eager",
                   fa == "auto" ? "auto: SDPA or FlashAttention-2, neither stores the attention scores" : "",
                   fa == "auto" ? "auto：SDPA 或 FlashAttention-2，都不保存注意力分数" : "");
    }
    for (const char* k :
         {"use_dora", "use_galore", "use_badam", "use_apollo", "use_adam_mini", "use_llama_pro"}) {
        const Json* v = get(doc, k);
        bool b = false;
        if (!v || !im.want_bool(k, *v, b)) continue;
        if (b)
            im.ignore(k,
                      std::string(k) +
                          " changes the trainable parameters or the optimizer's memory: not modelled",
                      std::string(k) + " 会改变可训练参数或优化器显存：未建模");
        else
            im.mark(k);
    }
    // Images (hparams/model_args.py ProcessorArguments, finetuning_args.py): the vision tower frozen
    // or trained, and the pre-shrink cap. The merger is LLaMA-Factory's projector; the estimate trains
    // or freezes it with the tower.
    if (const Json* v = get(doc, "freeze_vision_tower")) {
        bool b = true;
        if (im.want_bool("freeze_vision_tower", *v, b))
            im.set("freeze_vision_tower", "freeze_vision_tower", b);
    }
    if (const Json* v = get(doc, "freeze_multi_modal_projector")) {
        bool b = true;
        if (im.want_bool("freeze_multi_modal_projector", *v, b)) {
            const Json* tower = get(doc, "freeze_vision_tower");
            const bool tower_frozen = !(tower && tower->is_boolean()) || tower->get<bool>();
            if (b == tower_frozen)
                im.mark("freeze_multi_modal_projector");
            else
                im.ignore("freeze_multi_modal_projector",
                          "the estimate freezes or trains the merger (projector) with the vision tower",
                          "估算中合并层（投影层）与视觉塔一起冻结或训练");
        }
    }
    if (const Json* v = get(doc, "image_max_pixels")) {
        long long px = 0;
        if (im.want_int("image_max_pixels", *v, px)) im.set("image_max_pixels", "image_max_pixels", px);
    } else if (const ModelSpec* m = im.model(); m && m->vision_depth > 0) {
        im.resolve("image_max_pixels", "image_max_pixels", 768 * 768,
                   "not in the file: LLaMA-Factory's default image_max_pixels, 768 × 768",
                   "文件中没有：LLaMA-Factory 的默认 image_max_pixels，768 × 768");
    }
    if (const Json* v = get(doc, "max_samples"))
        if (!v->is_null())
            im.ignore("max_samples",
                      "caps each dataset's samples; the datasets' sizes are not in the config: give samples "
                      "or tokens",
                      "限制每个数据集的样本数；配置中没有数据集大小：请给出样本数或 token 数");
}

// A LLaMA-Factory YAML: the Trainer's keys, then its own, in the order the pieces above depend on.
void read_llamafactory(Importer& im, const Json& doc) {
    // Training arguments: Transformers' defaults, which LLaMA-Factory keeps (no mixed precision unless set).
    const TrainerDefaults d{"LLaMA-Factory (Transformers' TrainingArguments)",
                            8,
                            1,
                            3.0,
                            "fp32",
                            "without bf16, fp16 or pure_bf16 LLaMA-Factory casts the trained parameters to "
                            "fp32 (model/adapter.py) and the Trainer runs no mixed precision: fp32",
                            "未设置 bf16、fp16 或 pure_bf16 时 LLaMA-Factory 把训练的参数转为 fp32"
                            "（model/adapter.py），训练器也不用混合精度：以 fp32 训练",
                            false};
    read_trainer_keys(im, doc, d);
    if (const Json* v = get(doc, "model_name_or_path")) read_model_name(im, "model_name_or_path", *v);
    if (!read_llamafactory_method(im, doc)) return;
    read_llamafactory_data(im, doc);
    if (!read_llamafactory_checkpointing(im, doc)) return;
    read_llamafactory_precision(im, doc, d);
    read_llamafactory_extras(im, doc);
}

//-----------------------------------------------------------------------------
// [SECTION] axolotl
//-----------------------------------------------------------------------------

// Method: adapter (none = full), 4/8-bit loading, LoRA's rank and targets. False when adapter has
// the wrong type: the method is unknown, so the file is read no further.
bool read_axolotl_method(Importer& im, const Json& doc) {
    // Method: adapter lora/qlora (none = full); qlora needs load_in_4bit (axolotl's validation).
    std::string adapter;
    const Json* av = get(doc, "adapter");
    if (av && !av->is_null() && !im.want_string("adapter", *av, adapter)) return false;
    bool q4 = false, q8 = false;
    if (const Json* v = get(doc, "load_in_4bit"))
        if (!v->is_null()) im.want_bool("load_in_4bit", *v, q4);
    if (const Json* v = get(doc, "load_in_8bit"))
        if (!v->is_null()) im.want_bool("load_in_8bit", *v, q8);
    if (get(doc, "load_in_4bit")) im.mark("load_in_4bit");
    if (get(doc, "load_in_8bit")) im.mark("load_in_8bit");
    if (adapter.empty()) {
        im.resolve("adapter", "method", "full", "no adapter: a full fine-tune", "没有 adapter：全参数微调");
    } else if (adapter == "qlora" && !q4) {
        im.error("adapter", "qlora needs load_in_4bit: true (axolotl)",
                 "qlora 需要 load_in_4bit: true（axolotl）");
    } else if (adapter == "lora" || adapter == "qlora") {
        im.set("adapter", "method", q4 ? "qlora" : "lora",
               q4 && adapter == "lora" ? "4-bit base weights with a LoRA adapter: QLoRA" : "",
               q4 && adapter == "lora" ? "4 位基座权重配 LoRA：即 QLoRA" : "");
        if (q8 && !q4)
            im.ignore("load_in_8bit",
                      "8-bit base weights are not modelled: estimated as LoRA on 16-bit weights",
                      "未建模 8 位基座权重：按 16 位权重上的 LoRA 估算");
        if (const Json* r = get(doc, "lora_r")) {
            long long n = 0;
            if (im.want_int("lora_r", *r, n)) im.set("lora_r", "lora_rank", n);
        } else
            im.error("lora_r", "a LoRA adapter needs lora_r", "LoRA 适配器需要 lora_r");
        bool linear = false;
        if (const Json* t = get(doc, "lora_target_linear"))
            if (!t->is_null()) im.want_bool("lora_target_linear", *t, linear);
        if (linear)
            im.set("lora_target_linear", "lora_targets", "all");
        else if (const Json* t = get(doc, "lora_target_modules"); t && !t->is_null())
            read_lora_targets(im, "lora_target_modules", *t);
        if (get(doc, "lora_target_linear")) im.mark("lora_target_linear");
        if (get(doc, "lora_target_modules")) im.mark("lora_target_modules");
    } else {
        im.error("adapter",
                 "\"" + adapter + "\" is not modelled: traincalc estimates lora, qlora or none (full)",
                 "未建模 \"" + adapter + "\"：traincalc 支持 lora、qlora 或不用（全参数）");
    }
    return true;
}

// Batch, accumulation, epochs and length with axolotl's defaults; max_steps and sample packing.
void read_axolotl_batch(Importer& im, const Json& doc) {
    // Batch and length: axolotl's defaults micro_batch_size 1, accumulation 1, epochs 1, sequence_len 512.
    for (const DefaultedKey& r :
         {DefaultedKey{"micro_batch_size", "micro_batch", 1, true},
          DefaultedKey{"gradient_accumulation_steps", "grad_accum", 1, true},
          DefaultedKey{"num_epochs", "epochs", 1, false}, DefaultedKey{"sequence_len", "seq_len", 512, true}})
        read_defaulted(im, doc, r, "not in the file: axolotl's default", "文件中没有：axolotl 的默认值");
    if (const Json* v = get(doc, "max_steps")) {
        if (v->is_null()) // null is axolotl's "unset"
            im.mark("max_steps");
        else
            read_max_steps(im, *v,
                           "max_steps overrides num_epochs: give the data as tokens or samples to match it",
                           "max_steps 优先于 num_epochs：请按 token 数或样本数给出数据量以与之对应");
    }
    if (const Json* v = get(doc, "sample_packing")) {
        bool b = false;
        if (!v->is_null() && im.want_bool("sample_packing", *v, b))
            im.set("sample_packing", "packing", b,
                   b ? "packing fills every sequence to sequence_len"
                     : "no packing: each sample one sequence",
                   b ? "打包使每条序列填满 sequence_len" : "不打包：每条样本一条序列");
        else
            im.mark("sample_packing");
    } else {
        im.resolve("sample_packing", "packing", false, "not in the file: axolotl's default, no packing",
                   "文件中没有：axolotl 默认不打包");
    }
}

// Checkpointing (off by default in axolotl) and activation offloading (not modelled).
void read_axolotl_checkpointing(Importer& im, const Json& doc) {
    // gradient_checkpointing: true, "offload" or "offload_disk" recompute every layer; default false.
    const Json* gc = get(doc, "gradient_checkpointing");
    if (gc && !gc->is_null()) {
        if (gc->is_boolean())
            im.set("gradient_checkpointing", "checkpointing", gc->get<bool>() ? "full" : "none");
        else if (gc->is_string())
            im.set(
                "gradient_checkpointing", "checkpointing", "full",
                "the checkpointed activations also go to the CPU or disk: the estimate keeps them on the GPU",
                "检查点激活值还会卸载到 CPU 或磁盘：估计仍按保留在 GPU 上计算");
        else
            im.error("gradient_checkpointing",
                     "must be true, false, \"offload\" or \"offload_disk\", got " + shown(*gc),
                     "必须是 true、false、\"offload\" 或 \"offload_disk\"，实际为 " + shown_zh(*gc));
    } else {
        im.resolve("gradient_checkpointing", "checkpointing", "none",
                   "not in the file: axolotl does not checkpoint by default",
                   "文件中没有：axolotl 默认不做检查点");
    }
    if (const Json* v = get(doc, "activation_offloading"))
        if (!v->is_null() && !(v->is_boolean() && !v->get<bool>()))
            im.ignore("activation_offloading", "activations offloaded to the CPU: not modelled",
                      "激活值卸载到 CPU：未建模");
}

// fp8 matmuls, else bf16/fp16 with axolotl's "auto" default.
void read_axolotl_precision(Importer& im, const Json& doc) {
    // Precision: bf16 defaults to "auto" (resolve_dtype: bf16 when the card has it, else fp16).
    bool fp8 = false;
    if (const Json* v = get(doc, "fp8"))
        if (!v->is_null()) im.want_bool("fp8", *v, fp8);
    if (fp8) {
        im.set("fp8", "precision", "fp8", "FP8 matmuls (torchao); weights stay 16-bit",
               "FP8 矩阵乘（torchao）；权重仍为 16 位");
        if (get(doc, "bf16")) im.mark("bf16");
        if (get(doc, "fp16")) im.mark("fp16");
    } else {
        if (get(doc, "fp8")) im.mark("fp8");
        read_precision(im, doc, "axolotl",
                       "axolotl's bf16 defaults to auto (bf16 when the card has it, else fp16)",
                       "axolotl 的 bf16 默认为 auto（卡支持时用 bf16，否则 fp16）", "auto");
    }
}

// Attention kernels, the optimizer and the chunked losses: what changes activation and state memory.
void read_axolotl_kernels(Importer& im, const Json& doc) {
    for (const char* k : {"flash_attention", "sdp_attention", "xformers_attention"})
        if (const Json* v = get(doc, k))
            if (v->is_null() || !read_switch(im, k, *v, "flash_attention", true,
                                             "the attention scores are not stored", "不保存注意力分数"))
                im.mark(k);
    if (const Json* v = get(doc, "optimizer"))
        if (!v->is_null()) read_optimizer(im, "optimizer", *v);
    for (const char* k : {"chunked_cross_entropy", "cut_cross_entropy", "liger_fused_linear_cross_entropy"})
        if (const Json* v = get(doc, k))
            if (v->is_null() ||
                !read_switch(im, k, *v, "loss", "chunked", "the loss keeps no full fp32 logits",
                             "损失不保留完整的 fp32 logits"))
                im.mark(k);
}

// Sharding: a DeepSpeed config, or FSDP (v1 options, or fsdp_config with fsdp_version 2).
void read_axolotl_sharding(Importer& im, const Json& doc) {
    if (const Json* v = get(doc, "deepspeed")) read_deepspeed_key(im, "deepspeed", *v);
    // FSDP: `fsdp` options (v1), or fsdp_config with fsdp_version 2 (reshard_after_forward false = ZeRO-2).
    if (const Json* v = get(doc, "fsdp"); v && !v->is_null()) read_fsdp_options(im, "fsdp", *v);
    if (const Json* c = get(doc, "fsdp_config"); c && c->is_object()) {
        im.mark("fsdp_config");
        if (!im.has("zero")) {
            bool reshard = true;
            if (const Json* r = get(*c, "reshard_after_forward"))
                im.want_bool("fsdp_config.reshard_after_forward", *r, reshard);
            im.set(get(*c, "reshard_after_forward") ? "fsdp_config.reshard_after_forward" : "fsdp_config",
                   "zero", reshard ? 3 : 2,
                   reshard ? "FSDP resharding after forward shards as ZeRO-3 does"
                           : "FSDP without resharding after forward shards as ZeRO-2 does",
                   reshard ? "FSDP 前向后重新分片，与 ZeRO-3 相同" : "FSDP 前向后不重新分片，与 ZeRO-2 相同");
        }
        for (const char* k : {"offload_params", "fsdp_offload_params"}) {
            const Json* o = get(*c, k);
            bool b = false;
            const std::string key = std::string("fsdp_config.") + k;
            if (!o || !im.want_bool(key, *o, b)) continue;
            if (b && im.patch.value("zero", 0) == 3)
                im.set(key, "offload", "optimizer+params",
                       "FSDP offload moves parameters, gradients and optimizer states to the CPU",
                       "FSDP offload 将参数、梯度和优化器状态移到 CPU");
            else if (b)
                im.ignore(key, "parameter offload needs full sharding", "参数卸载需要完全分片");
            else
                im.mark(key);
        }
    }
}

// An axolotl YAML, piece by piece; tensor, context parallelism and RL last.
// axolotl's rl (utils/schemas/enums.py RLType): dpo, ipo and gdpo are DPO-shaped; orpo, kto, simpo; grpo
// with TRL's GRPOConfig keys under `trl:` (TRL's defaults when the block is absent); ebft is not modelled.
void read_axolotl_rl(Importer& im, const Json& doc, const Json& v) {
    std::string rl;
    if (!im.want_string("rl", v, rl)) return;
    if (rl == "dpo" || rl == "ipo" || rl == "gdpo") {
        im.set("rl", "objective", "dpo",
               rl == "dpo" ? "" : rl + ": a DPO-shaped loss, the same memory and time",
               rl == "dpo" ? "" : rl + "：与 DPO 同形的损失，显存和时间相同");
    } else if (rl == "orpo" || rl == "kto" || rl == "simpo") {
        im.set("rl", "objective", rl);
    } else if (rl == "grpo") {
        im.set("rl", "objective", "grpo");
        const Json* trl = get(doc, "trl");
        if (trl && !trl->is_object()) {
            im.error("trl", "must be a mapping of TRL's GRPOConfig keys", "必须是 TRL GRPOConfig 键的映射");
            return;
        }
        if (trl) im.mark("trl");
        read_trl_grpo(im, trl ? *trl : Json::object(), "trl.", nullptr);
    } else {
        im.ignore("rl", "rl " + rl + " is estimated as supervised fine-tuning",
                  "rl " + rl + " 按监督微调估算");
    }
}

void read_axolotl(Importer& im, const Json& doc) {
    if (const Json* v = get(doc, "base_model")) read_model_name(im, "base_model", *v);
    if (!read_axolotl_method(im, doc)) return;
    read_axolotl_batch(im, doc);
    read_axolotl_checkpointing(im, doc);
    read_axolotl_precision(im, doc);
    read_axolotl_kernels(im, doc);
    read_axolotl_sharding(im, doc);
    if (const Json* v = get(doc, "tensor_parallel_size"); v && !v->is_null()) {
        long long n = 0;
        if (im.want_int("tensor_parallel_size", *v, n)) im.set("tensor_parallel_size", "tp", n);
    }
    if (const Json* v = get(doc, "context_parallel_size"); v && !v->is_null())
        im.ignore("context_parallel_size", "context (sequence) parallelism is not modelled",
                  "未建模上下文（序列）并行");
    if (const Json* v = get(doc, "rl"); v && !v->is_null()) read_axolotl_rl(im, doc, *v);
}

//-----------------------------------------------------------------------------
// [SECTION] Detection
//-----------------------------------------------------------------------------

ConfigKind detect(const Json& doc, std::string& marker) {
    auto any = [&](std::initializer_list<const char*> keys) {
        for (const char* k : keys)
            if (doc.contains(k)) {
                marker = k;
                return true;
            }
        return false;
    };
    if (any({"hidden_size", "num_hidden_layers", "architectures"})) return ConfigKind::hf_config;
    if (any({"zero_optimization", "train_micro_batch_size_per_gpu", "train_batch_size",
             "zero_allow_untested_optimizer", "tensor_parallel"}))
        return ConfigKind::deepspeed;
    if (any({"finetuning_type", "cutoff_len", "template", "lora_rank", "quantization_bit",
             "disable_gradient_checkpointing", "lora_target", "stage", "enable_liger_kernel"}))
        return ConfigKind::llamafactory;
    if (any({"base_model", "micro_batch_size", "sequence_len", "num_epochs", "adapter", "sample_packing",
             "lora_target_linear"}))
        return ConfigKind::axolotl;
    if (any({"per_device_train_batch_size", "num_train_epochs", "output_dir", "gradient_accumulation_steps",
             "max_length", "max_seq_length", "use_peft", "num_generations", "max_completion_length"}))
        return ConfigKind::hf_training_args;
    return ConfigKind::detect;
}

// Every key of the document, nested objects dotted (not into arrays): what `unused` lists.
void collect_keys(const Json& obj, const std::string& prefix, std::vector<std::string>& keys) {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        const std::string k = prefix + it.key();
        if (it.value().is_object() && !it.value().empty())
            collect_keys(it.value(), k + ".", keys);
        else
            keys.push_back(k);
    }
}

// The kind told apart by a key only that tool uses, said in a note naming the key; false (with an
// error) when no tool's key is there.
bool detect_kind(Importer& im, const Json& doc, ConfigImport& out) {
    std::string marker;
    out.kind = detect(doc, marker);
    if (out.kind == ConfigKind::detect) {
        detail::add_error(
            out.errors, "",
            "cannot tell which tool this config is for: no key of LLaMA-Factory, axolotl, "
            "DeepSpeed, Transformers/TRL or config.json found; give the kind",
            "无法判断配置属于哪个工具：没有 LLaMA-Factory、axolotl、DeepSpeed、Transformers/TRL 或 "
            "config.json 的键；请指定类型");
        return false;
    }
    const size_t k = static_cast<size_t>(out.kind);
    out.resolved.push_back(ImportNote{marker, "", "", std::string(kKindRead[k]) + " (key " + marker + ")",
                                      std::string(kKindReadZh[k]) + "（键 " + marker + "）",
                                      im.line_of(marker)});
    return true;
}

// The tool's reader for the kind; a config.json becomes a custom model in the patch.
void read_by_kind(Importer& im, const Json& doc, ConfigImport& out) {
    switch (out.kind) {
    case ConfigKind::llamafactory:
        read_llamafactory(im, doc);
        break;
    case ConfigKind::axolotl:
        read_axolotl(im, doc);
        break;
    case ConfigKind::deepspeed:
        read_deepspeed_object(im, doc, "");
        break;
    case ConfigKind::hf_training_args:
        read_hf_training_args(im, doc);
        break;
    case ConfigKind::hf_config: {
        // The catalog's reader of config.json; the model goes into the patch as a custom model.
        ModelResult m;
        detail::model_from_hf_object(doc, detail::Ctx{}, m);
        collect_keys(doc, "", im.seen);
        if (!m.errors.empty()) {
            out.errors.insert(out.errors.end(), m.errors.begin(), m.errors.end());
            break;
        }
        im.patch["model"] = detail::model_to_json(m.model);
        im.setters.emplace_back("model", "config.json");
        out.applied.push_back(ImportNote{"config.json", "model", value_text(im.patch["model"]),
                                         "architecture read from the config.json, parameters counted from it",
                                         "从 config.json 读取结构并据此计算参数量", 0});
        break;
    }
    case ConfigKind::detect:
        break;
    }
}

// The patch goes through the scenario's own field table (its ranges and messages, renamed to the
// file's key that set the field), then validate() on the result: the importer holds no ranges.
void apply_patch(Importer& im, const Scenario& base, const Catalog& catalog, ConfigImport& out) {
    ScenarioResult r = scenario_patch(base, detail::dump_safe(im.patch), catalog);
    for (FieldError& e : r.errors) {
        const std::string top = e.field.substr(0, e.field.find_first_of(".["));
        if (const std::string* key = im.setter(top)) {
            e.message = im.where(*key) + " → " + e.message;
            e.message_zh = im.where_zh(*key) + " → " + e.message_zh;
            e.field = *key;
        }
        out.errors.push_back(std::move(e));
    }
    if (out.errors.empty()) {
        for (FieldError& e : validate(r.scenario, catalog)) {
            e.message = "after the import: " + e.message;
            e.message_zh = "导入后：" + e.message_zh;
            out.errors.push_back(std::move(e));
        }
        out.scenario = std::move(r.scenario);
    }
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] import_config() and JSON
//-----------------------------------------------------------------------------

ConfigImport import_config(std::string_view json_text, ConfigKind kind, const Scenario& base,
                           const Catalog& catalog, const std::vector<KeyLine>& lines) {
    ConfigImport out;
    out.scenario = base;
    out.kind = kind;
    Json doc;
    if (!detail::parse_json(json_text, limits::kMaxConfigBytes, "the config", "配置", doc, out.errors))
        return out;
    if (!doc.is_object()) {
        detail::add_error(out.errors, "",
                          "a config must be a JSON object (a YAML mapping), got " + shown(doc),
                          "配置必须是 JSON 对象（YAML 映射），实际为 " + shown_zh(doc));
        return out;
    }
    Importer im{base, catalog, lines, out};
    if (kind == ConfigKind::detect && !detect_kind(im, doc, out)) return out;
    read_by_kind(im, doc, out);
    // Keys nobody read: listed by name, so nothing is dropped silently.
    std::vector<std::string> all;
    collect_keys(doc, "", all);
    for (const std::string& k : all) {
        bool used = im.marked(k);
        if (!used) out.unused.push_back(k);
    }
    if (out.errors.empty()) apply_patch(im, base, catalog, out);
    detail::cap_errors(out.errors);
    // Notes in the file's order when lines are known.
    if (!lines.empty())
        for (auto* list : {&out.applied, &out.resolved, &out.ignored})
            stable_sort_list(*list, [](const void* context, int a, int b) {
                const auto& notes = *static_cast<const std::vector<ImportNote>*>(context);
                return notes[static_cast<size_t>(a)].line < notes[static_cast<size_t>(b)].line;
            });
    return out;
}

std::string config_import_to_json(const ConfigImport& r, Lang lang, int indent) {
    const bool zh = lang == Lang::zh;
    auto notes = [&](const std::vector<ImportNote>& list) {
        Json a = Json::array();
        for (const ImportNote& n : list) {
            Json o = {{"key", n.key}, {"note", zh && !n.note_zh.empty() ? n.note_zh : n.note}};
            if (!n.field.empty()) {
                o["field"] = n.field;
                o["value"] = n.value;
            }
            if (n.line > 0) o["line"] = n.line;
            a.push_back(std::move(o));
        }
        return a;
    };
    Json j = Json::object();
    j["kind"] = to_string(r.kind);
    Json scenario = detail::parse_json_text(scenario_to_json(r.scenario));
    j["scenario"] = scenario.is_discarded() ? Json() : scenario;
    j["applied"] = notes(r.applied);
    j["resolved"] = notes(r.resolved);
    j["ignored"] = notes(r.ignored);
    j["unused"] = r.unused;
    Json errors = Json::array();
    for (const FieldError& e : r.errors)
        errors.push_back(
            {{"field", e.field}, {"message", zh && !e.message_zh.empty() ? e.message_zh : e.message}});
    j["errors"] = std::move(errors);
    return detail::dump_safe(j, indent);
}

} // namespace traincalc

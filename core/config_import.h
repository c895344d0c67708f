// traincalc — core/config_import.h
// Reads the configs people already have into a Scenario: LLaMA-Factory and axolotl YAML (converted
// to JSON before they reach core: the CLI with yaml-cpp, the page in its web layer), a DeepSpeed JSON
// config, Transformers/TRL training arguments, and a model's config.json. Every key that maps to the
// scenario is applied and listed; keys that matter but have no mapping are listed as ignored; values
// the tool resolves itself ("auto", a default left out of the file) are resolved as the tool does
// and said so. Pure: JSON text in, plain structs out.
//
// Index of this file:
// [SECTION] Kinds
// [SECTION] Result
// [SECTION] import_config()
#pragma once
#include "catalog.h"
#include "scenario.h"
#include <string>
#include <string_view>
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Kinds (spelling in the comment: --kind, the JS API, the MCP tool)
//-----------------------------------------------------------------------------

enum class ConfigKind {
    detect,           // "auto": told apart by keys only one tool uses
    llamafactory,     // "llamafactory": llamafactory-cli train YAML
    axolotl,          // "axolotl": axolotl train YAML
    deepspeed,        // "deepspeed": DeepSpeed config JSON (ds_config.json)
    hf_training_args, // "hf_training_args": Transformers TrainingArguments / TRL SFTConfig (JSON or trl YAML)
    hf_config,        // "hf_config": a model's config.json
};
const char* to_string(ConfigKind k);
bool config_kind_from_string(std::string_view text, ConfigKind& out); // false for an unknown name

//-----------------------------------------------------------------------------
// [SECTION] Result
//-----------------------------------------------------------------------------

// One key of the file and what became of it.
struct ImportNote {
    std::string key;     // the file's key, nested keys dotted: "zero_optimization.offload_optimizer.device"
    std::string field;   // scenario field it set ("offload"); "" when nothing was set
    std::string value;   // the value set, in the scenario JSON's spelling ("optimizer"); "" when none
    std::string note;    // English: how it was read, or why it was not
    std::string note_zh; // Simplified Chinese, same content
    int line = 0;        // 1-based line in the file; 0 = unknown (JSON input carries no lines)
};

struct ConfigImport {
    ConfigKind kind = ConfigKind::detect; // the kind read (as detected, or as given)
    Scenario scenario;                    // the base with the file applied (the base itself on errors)
    std::vector<ImportNote> applied;      // keys that set a scenario field
    std::vector<ImportNote> resolved;     // "auto" values and tool defaults resolved as the tool does
    std::vector<ImportNote> ignored;      // keys that change memory, time or cost but have no mapping
    std::vector<std::string> unused;      // every other key (logging, paths, learning rate, …)
    std::vector<FieldError> errors;       // field = the file's key; the message names its line when known
};

// Where each key of the YAML sits (the YAML layer's marks); keys dotted as in ImportNote::key.
struct KeyLine {
    std::string key;
    int line = 0; // 1-based
};

//-----------------------------------------------------------------------------
// [SECTION] import_config()
//-----------------------------------------------------------------------------

// Applies the config over `base`. ConfigKind::detect tells the kinds apart by their keys and says
// which it chose (an error when nothing identifies one). The result's scenario passes validate()
// when errors is empty. Never throws; text over limits::kMaxConfigBytes is refused.
ConfigImport import_config(std::string_view json_text, ConfigKind kind, const Scenario& base,
                           const Catalog& catalog, const std::vector<KeyLine>& lines = {});

// {"kind", "scenario", "applied":[{key, field, value, note, line}], "resolved", "ignored", "unused",
//  "errors":[{field, message}]}; `lang` picks the notes' and messages' language. indent -1 = compact.
std::string config_import_to_json(const ConfigImport& r, Lang lang, int indent = -1);

// The Hugging Face repository a catalog model's config.json comes from (its `source` starts
// "config.json of ORG/NAME on Hugging Face"); "" when the source does not say.
std::string catalog_model_repo(const ModelSpec& m);

// "Qwen/Qwen2.5-7B-Instruct" → "qwen2.5-7b": the name after the last '/' (an organisation, a local
// directory), lower case, without the post-training suffixes that keep the architecture (-instruct,
// -chat, -it, -hf, -base). An import's model and the pickers' search both read a repository so.
std::string repo_base_name(const std::string& repo);

} // namespace traincalc

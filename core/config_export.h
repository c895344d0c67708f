// traincalc — core/config_export.h
// The estimated plan written as the configs that run it: a LLaMA-Factory YAML, a DeepSpeed JSON
// (ZeRO stage, offload, bucket sizes, batch), an accelerate FSDP config, and the launch commands
// with the card count. Each is text in, text out (no files: the CLI writes, the page downloads).
//
// Index of this file:
// [SECTION] Formats and the plan
// [SECTION] export_config()
#pragma once
#include "estimate.h"
#include <string>
#include <string_view>
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Formats and the plan
//-----------------------------------------------------------------------------

enum class ExportFormat {
    llamafactory, // "llamafactory": llamafactory-cli train YAML
    deepspeed,    // "deepspeed": DeepSpeed config JSON
    accelerate,   // "accelerate": accelerate launch --config_file YAML (FSDP)
    launch,       // "launch": shell commands (llamafactory-cli / torchrun / deepspeed / accelerate)
};
constexpr int kExportFormatCount = 4;
const char* to_string(ExportFormat f);
bool export_format_from_string(std::string_view text, ExportFormat& out);
const char* export_file_name(ExportFormat f); // "traincalc_llamafactory.yaml", …

// What the configs run: the scenario's own set-up when it fits, else the fewest-cards set-up the
// estimate found (CardsResult::best_strategy), else the scenario's (then a note says it will not fit).
struct ExportPlan {
    int cards = 1;
    StrategyChoice strategy; // ZeRO, tp, cp, ep, sequence parallelism, offloads, recomputation
    int pp = 1;
    int micro_batch = 1;
    int grad_accum = 1;
    bool searched = false; // true: the scenario's set-up does not fit; this is the search's
    bool fits = false;     // the plan fits in memory (per the estimate)
};
ExportPlan export_plan(const Estimate& e);

struct ExportNote {
    std::string en;
    std::string zh;
};

struct ConfigExport {
    ExportFormat format = ExportFormat::llamafactory;
    ExportPlan plan;
    std::string file_name;          // suggested name; the other files refer to each other by these
    std::string text;               // the file's content
    std::vector<ExportNote> notes;  // what the file cannot say, values that are examples, not estimates
    std::vector<FieldError> errors; // the estimate's own errors (then text is empty)
};

//-----------------------------------------------------------------------------
// [SECTION] export_config()
//-----------------------------------------------------------------------------

// `e` is a finished estimate (its scenario, resolved model and card). Never throws.
ConfigExport export_config(const Estimate& e, ExportFormat f);

} // namespace traincalc

// traincalc — core/scenario.h
// What the user asks: model, method, data, cards, prices. Plain data with documented defaults;
// the page, the URL hash, the JS API and the CLI all edit this one struct.
//
// Index of this file:
// [SECTION] Enums
// [SECTION] Scenario
// [SECTION] JSON (the contract of docs/design.md) and validation
#pragma once
#include "catalog.h"
#include <string>
#include <string_view>
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Enums (spellings and display text: enums.inc)
//-----------------------------------------------------------------------------

#define TC_V(name, json, en, zh) name,
#define TC_ENUM(Type, ...) enum class Type { __VA_ARGS__ };
#include "enums.inc"
#undef TC_ENUM
#undef TC_V

// How many values each enum has (for pickers and range checks): enum_count<Method>() == 3.
template <class E> constexpr int enum_count();
#define TC_V(name, json, en, zh) +1
#define TC_ENUM(Type, ...)                                                                                   \
    template <> constexpr int enum_count<Type>() {                                                           \
        return 0 __VA_ARGS__;                                                                                \
    }
#include "enums.inc"
#undef TC_ENUM
#undef TC_V

//-----------------------------------------------------------------------------
// [SECTION] Scenario
//-----------------------------------------------------------------------------

// One provider's quote, for the "before renting" comparison of up to three providers.
struct Quote {
    std::string name;                // provider name, free text
    double price_per_card_hour = 0;  // in the scenario's currency; 0 = quote unused
    double min_billed_hours = 1;     // billing increment, hours
    double bandwidth_mbps = 0;       // upload bandwidth offered, Mbit/s; 0 = use scenario's
    double storage_per_gb_month = 0; // storage fee
    double traffic_per_gb = 0;       // traffic fee
    double deposit = 0;              // refundable deposit (shown, not added to cost)
};

// Strategy fields the searches (fewest cards, deadline, GPU comparison, largest fit) may change
// unless the scenario fixes them: JSON "fixed": ["tp", "ep", ...] (kFixableNames, in bit order).
enum FixedBit : unsigned {
    fix_tp = 1u << 0,
    fix_cp = 1u << 1,
    fix_ep = 1u << 2,
    fix_zero = 1u << 3,
    fix_offload = 1u << 4,
    fix_checkpointing = 1u << 5,
    fix_sequence_parallel = 1u << 6,
    fix_activation_offload = 1u << 7,
};
constexpr const char* kFixableNames[] = {
    "tp", "cp", "ep", "zero", "offload", "checkpointing", "sequence_parallel", "activation_offload"};
constexpr int kFixableCount = int(sizeof kFixableNames / sizeof kFixableNames[0]);

struct Scenario {
    // Model: a catalog id, or a custom architecture when model_id is empty.
    std::string model_id = "qwen2.5-7b"; // catalog id; "" = use `model`
    ModelSpec model;                     // custom model (used when model_id is empty)
    // The repository (or path) an imported config named for the catalog model: a fine-tune of it
    // ("Qwen/Qwen2.5-7B-Instruct"), a local copy. The config export writes it back; "" = the
    // catalog's own. Another model (picked, loaded, a patch's "model") clears it.
    std::string model_repo;
    Method method = Method::lora; // default LoRA: what most renting teams run
    int lora_rank = 16;           // r, 1..1024
    LoraTargets lora_targets = LoraTargets::all;
    // Objective (full/LoRA/QLoRA above apply to the policy). DPO/ORPO/SimPO train a chosen and a
    // rejected sequence per sample; GRPO/PPO samples are prompts, each rolled out G times.
    Objective objective = Objective::sft;
    Reference reference =
        Reference::model;     // with LoRA/QLoRA the reference is the base, adapters off: no copy
    int generations = 8;      // G: completions per prompt (GRPO/PPO), 1..1024
    int completion_len = 512; // generated tokens per completion (GRPO/PPO), < seq_len
    Rollout rollout = Rollout::colocated;
    Reward reward = Reward::model;     // PPO's reward model: a copy on the cards, an adapter, or a server
    Critic critic = Critic::model;     // PPO's critic: its own model, or a value head on the policy
    double engine_memory_fraction = 0; // colocated: vLLM gpu_memory_utilization held through training;
                                       // 0 = the engine sleeps while training (peak = the larger phase)
    int rollout_cards = 1;             // separate: inference cards (billed too), 1..65536
    int steps_per_generation = 0;      // micro-batches one generation call serves (TRL's key), 0..65536;
                                       // 0 = grad_accum: one call per optimizer step (TRL >= 0.18);
                                       // 1 = a call every micro-batch (TRL <= 0.17, open-r1's runs)
    int update_epochs = 1; // optimisation passes over each batch of rollouts (GRPO/PPO), 1..1024: TRL's
                           // num_iterations (μ) and LLaMA-Factory's ppo_epochs (its default 4)

    // Data. tokens processed D = tokens × epochs.
    DataInput data_input = DataInput::samples;
    double tokens = 2.5e8;        // tokens per epoch, when data_input == tokens
    double samples = 50000;       // when data_input == samples
    double avg_tokens = 500;      // tokens per sample
    double max_tokens = 0;        // the longest sample, tokens; 0 = seq_len (samples, unpacked)
    bool packing = true;          // samples packed into full sequences; false = each sample is one
                                  // sequence, padded to the longest of its micro-batch
    double dataset_mb = 100;      // raw text size, MB, when data_input == dataset_size
    double chars_per_token = 1.5; // ~1.5 for Chinese text, ~4 for English
    double bytes_per_char = 3;    // UTF-8: 3 for Chinese, 1 for English
    double epochs = 3;            // 0.01..1000
    int seq_len = 2048;           // s, tokens
    int micro_batch = 1;          // b, sequences per card per step
    int grad_accum = 8;           // micro-batches per optimizer step (m with pipelining)
    // Images (vision-language models only): each resized as the model's processor does, its tokens
    // part of the sample's sequence (avg_tokens and max_tokens count the text only).
    int images_per_sample = 0;       // 0..1000; 0 = text only
    int image_width = 1280;          // px, 1..100000
    int image_height = 720;          // px, 1..100000
    double image_max_pixels = 0;     // px; 0 = the model's processor cap (LLaMA-Factory image_max_pixels)
    bool freeze_vision_tower = true; // LLaMA-Factory's default: the tower and its merger frozen

    // Training set-up.
    Checkpointing checkpointing = Checkpointing::none;
    bool flash_attention = true;
    Precision precision = Precision::bf16;
    Optimizer optimizer = Optimizer::adamw;
    int zero = 0; // ZeRO stage 0..3
    int tp = 1;   // tensor-parallel degree
    int pp = 1;   // pipeline-parallel degree
    int cp = 1;   // context-parallel degree: each of cp cards holds seq_len / cp tokens of every sequence
    int ep = 1;   // expert-parallel degree (MoE): routed experts ÷ ep, carved out of data parallelism
    bool sequence_parallel = true;   // with tp > 1: the activations TP leaves whole (norms, layer
                                     // inputs) are split ÷ tp too (Megatron --sequence-parallel)
    bool activation_offload = false; // stored activations of all but kActOffloadKeepLayers layers
                                     // in host RAM (moved over PCIe, hidden behind compute when it can)
    unsigned fixed = 0;              // FixedBit set: strategy fields the card searches keep as given
    Offload offload = Offload::none;
    Stack stack = Stack::hf;         // Hugging Face Trainer / LLaMA-Factory / TRL / axolotl
    LossImpl loss = LossImpl::stack; // the stack's loss implementation unless set
    bool master_weights = true;      // false = pure bf16/fp16 (litgpt bf16-true, MPT "PURE"): no fp32
                                     // master copy, optimizer moments in 16-bit

    // Cards: a catalog id, or a custom card when gpu_id is empty.
    std::string gpu_id = "A100-80G";
    GpuSpec gpu;                   // custom card (used when gpu_id is empty)
    int cards = 1;                 // 1..65536
    double utilization = 0;        // fraction of peak on executed FLOPs; 0 = the stack's, else card default
    double scaling_efficiency = 0; // fraction; 0 = default curve by cards and interconnect
    double tokens_per_second_per_gpu = 0; // measured; 0 = not measured (use utilization)
    double deadline_hours = 0;            // 0 = no deadline
    int cards_per_node = 8;               // GPUs per machine (ranks sharing one host's RAM)
    double host_ram_gib = 0;              // host RAM per node, GiB; 0 = the card's catalog figure
    double budget = 0; // money to spend, in `currency`; 0 = none (inverse: most tokens it buys)

    // Wall clock.
    double overhead_fraction = 0.15;  // data loading, logging, eval, checkpoints (range ×0.5..×2)
    double fixed_hours = 2;           // environment set-up and debugging
    double upload_gb = 0;             // dataset upload, GB; 0 = estimate from the data
    double upload_mbps = 100;         // Mbit/s
    double download_mbps = 1000;      // model download, Mbit/s (weights size from the model)
    double checkpoints = 3;           // checkpoint writes over the run
    double disk_write_mb_per_s = 500; // checkpoint write speed, MB/s (weights + optimizer states)
    double pilot_hours = 0;           // measured pilot run time; 0 = none
    double pilot_fraction = 0.02;     // fraction of the data the pilot processed

    // Prices, per card, in `currency`. A negative value means "take the catalog's".
    Currency currency = Currency::cny;
    double price_hourly = -1;
    double price_daily = -1;
    double price_monthly = -1;
    double min_billed_hours = 1;       // billing increment of the hourly plan
    double storage_gb = 0;             // extra storage rented
    double storage_per_gb_month = 0.3; // storage fee
    double traffic_gb = 0;             // egress billed
    double traffic_per_gb = 0;         // traffic fee
    double cny_per_usd = 0;            // exchange rate; 0 = the catalog's

    // Spot / preemptible cards: cheaper, but the provider may take them back (Poisson interruptions).
    double spot_price_hourly = 0;         // per card-hour in `currency`; 0 = no spot comparison
    double interruptions_per_hour = 0.05; // expected interruptions of the run per hour; Google stops a
                                          // preemptible VM within 24 h at the latest (≥ 1/24 h), so 0.05
    double checkpoint_interval_hours =
        1;                             // h of work between saved checkpoints; 0 = none (restart from scratch)
    double restart_hours = 0.25;       // h after each interruption: a new instance, reload, resume
    double spot_min_billed_hours = -1; // spot billing increment, h; negative = min_billed_hours, 0 = by the
                                       // second (AWS, Google Cloud and Azure bill spot per second)

    // Owning instead (rent versus buy), in `currency`.
    double purchase_price = -1; // per card; negative = catalog's
    double depreciation_months = 36;
    double electricity_per_kwh = 0.8;  // CNY/kWh typical for China industrial power
    double pue = 1.3;                  // power usage effectiveness of the room
    double rack_per_month = 375;       // per card (a 3,000/month rack shared by 8 cards)
    double ops_per_month = 500;        // per card: staff, spares, network
    double hours_per_month_used = 300; // planned utilisation of an owned card

    Quote quotes[3]; // up to three providers' quotes
};

// One strategy the searches choose (fewest cards, GPU comparison, largest fit, deadline): the fields
// they change, written once. Cards, pp and the card itself are the caller's (a comparison row has its
// own). Embedded in CardsResult, GpuOption, FitAnswer and DeadlineAnswer; apply_to() is the one way a
// chosen strategy goes back into a scenario (the page's row press, the CLI), so nothing is left behind.
struct StrategyChoice {
    int zero = 0;                    // ZeRO stage 0..3
    int tp = 1;                      // tensor parallel
    int cp = 1;                      // context parallel
    int ep = 1;                      // expert parallel (MoE)
    bool sequence_parallel = true;   // with tp > 1
    bool activation_offload = false; // stored activations in host RAM
    Offload offload = Offload::none;
    Checkpointing checkpointing = Checkpointing::none; // activation recomputation
    // Writes every field above into s (and nothing else).
    void apply_to(Scenario& s) const;
};
// The scenario's own strategy as a choice.
StrategyChoice strategy_choice_of(const Scenario& s);
bool operator==(const StrategyChoice& a, const StrategyChoice& b);
inline bool operator!=(const StrategyChoice& a, const StrategyChoice& b) {
    return !(a == b);
}

// What a strategy search tried: the range of each dimension over the configurations visited, so
// "no strategy fits" names what was searched (cp and ep only on stacks and models that have them).
struct StrategySpan {
    int zero_lo = 3, zero_hi = 0; // ZeRO stages tried (lo > hi: nothing visited)
    int tp_lo = 8, tp_hi = 1, cp_lo = 8, cp_hi = 1, ep_lo = 8, ep_hi = 1;
    int levels = 0;                  // recomputation levels tried, as a bit set of Checkpointing values
    bool offload = false;            // some CPU offload tried
    bool activation_offload = false; // activation offload tried
    void see(const StrategyChoice& p);
};

//-----------------------------------------------------------------------------
// [SECTION] JSON and validation
//-----------------------------------------------------------------------------

struct ScenarioResult {
    Scenario scenario;              // defaults where a key is missing or invalid
    std::vector<FieldError> errors; // empty = every key valid
};

// Reads docs/design.md's scenario JSON. Missing keys keep the defaults. Unknown keys are errors
// ("unknown key"). Ranges are checked here and in validate().
ScenarioResult scenario_from_json(std::string_view json_text, const Catalog& catalog);

// Applies a partial scenario (JS API set()) over `base`.
ScenarioResult scenario_patch(const Scenario& base, std::string_view json_text, const Catalog& catalog);

// Every field, so that a round trip reproduces the scenario exactly.
std::string scenario_to_json(const Scenario& s);

// The scenario in another currency: every amount it holds in its own (prices it sets, fees, budget,
// spot price, purchase price it sets, power, rack and operations, quotes) converted at its exchange
// rate (cny_per_usd, else the catalog's). What the page's currency switch does: 0.8 ¥/kWh becomes
// $0.111/kWh, not $0.8/kWh. Catalog prices (negative fields) follow by themselves.
Scenario in_currency(const Scenario& s, Currency to, const Catalog& catalog);

// {"errors":[{"field":...,"message":...}]}: the shape every surface (CLI, JS API) reports errors in.
// indent -1 = compact.
std::string errors_to_json(const std::vector<FieldError>& errors, Lang lang, int indent = -1);

// Range checks on an already-built scenario (the page's sliders, the CLI).
std::vector<FieldError> validate(const Scenario& s, const Catalog& catalog);

// The range validate() holds a top-level number key to ("samples": 1 .. 1e12; from 0 for a key
// whose 0 means unset, "utilization"); false for a key that is not a number of the scenario.
bool number_range(std::string_view key, double* lo, double* hi);

// The scenario's GPU and model ids on this catalog: an id it lacks (a provider's "replace" removed
// it) becomes the catalog's start card (Catalog::start_gpu), else the default scenario's card or model
// when the catalog has it, else its first; an empty id (a custom entry) stays. The page
// applies it to what it opens on, and tools/prerender.cpp to the text it writes.
void keep_ids_in_catalog(Scenario& s, const Catalog& catalog);

// The objective changed from `before` to s.objective by a person (the page's picker): PPO's own
// defaults where the rollout inputs still hold GRPO's, and back. PPO (TRL's PPOTrainer and
// LLaMA-Factory's) generates one completion per prompt with the policy's own generate() and trains each
// batch of rollouts 4 times (num_ppo_epochs / ppo_epochs); GRPO (TRL) 8 on a colocated engine, once.
// A value the person set (neither default) stays.
void retarget_rollouts(Scenario& s, Objective before);

// The one check of validate() a link's reader needs as well: the free text (ids, names, sources,
// quote names) fits in a link (limits::kMaxScenarioTextJsonBytes), so a link that reads without
// errors writes back one that does. Empty when it fits; else one error naming the longest text.
std::vector<FieldError> link_text_errors(const Scenario& s);

// Each enum's JSON spelling ("optimizer+params"), its display text in a language ("Optimizer and
// weights" / "优化器和权重"), and the value a spelling names (false for an unknown spelling).
#define TC_V(name, json, en, zh)
#define TC_ENUM(Type, ...)                                                                                   \
    const char* to_string(Type);                                                                             \
    const char* display_name(Type, Lang);                                                                    \
    bool from_string(std::string_view, Type*);
#include "enums.inc"
#undef TC_ENUM
#undef TC_V
// A card's name in a language: its Chinese name in Chinese when it has one, else its name, else its id.
inline const std::string& gpu_display_name(const GpuSpec& g, Lang lang) {
    if (lang == Lang::zh && !g.name_zh.empty()) return g.name_zh;
    return g.name.empty() ? g.id : g.name;
}
// A model's name in a language, as gpu_display_name(): "" for a custom model (the caller names it).
inline const std::string& model_display_name(const ModelSpec& m, Lang lang) {
    if (lang == Lang::zh && !m.name_zh.empty()) return m.name_zh;
    return m.name.empty() ? m.id : m.name;
}
// Objectives with a chosen and a rejected sequence per sample; with online rollouts.
inline bool is_paired(Objective o) {
    return o == Objective::dpo || o == Objective::orpo || o == Objective::simpo;
}
inline bool is_rl(Objective o) {
    return o == Objective::grpo || o == Objective::ppo;
}
// Whether the objective uses a reference policy at all (ORPO and SimPO have none; SFT neither).
// Inference cards billed beside the training cards (GRPO/PPO with a separate engine).
int rollout_extra_cards(const Scenario& s);
inline bool uses_reference(Objective o) {
    return o == Objective::dpo || o == Objective::kto || o == Objective::grpo || o == Objective::ppo;
}

} // namespace traincalc

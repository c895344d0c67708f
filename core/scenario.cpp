// traincalc — core/scenario.cpp
// The scenario JSON of docs/design.md: read (with bilingual range messages), patch, write (every
// field, exact round trip) and validate. One table below is the single place where each
// field's key, type, range and unit are defined; reading, writing and validate() all use it.
//
// Index of this file:
// [SECTION] Enum spellings and to_string()
// [SECTION] The field table (keys, types, ranges, units)
// [SECTION] Reading: scenario_from_json(), scenario_patch()
// [SECTION] Writing: scenario_to_json()
// [SECTION] validate()

#include "core/scenario.h"
#include "core/hf_import.h"
#include "core/json_read.h"

#include <cmath>
#include <string>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Enum spellings and to_string()
//-----------------------------------------------------------------------------
namespace {

// k<Type>Names: the JSON spellings (the field table reads enums through these); k<Type>Display: en, zh.
#define TC_V(name, json, en, zh) json,
#define TC_ENUM(Type, ...) const char* const k##Type##Names[] = {__VA_ARGS__};
#include "core/enums.inc"
#undef TC_ENUM
#undef TC_V
#define TC_V(name, json, en, zh) {en, zh},
#define TC_ENUM(Type, ...) const char* const k##Type##Display[][2] = {__VA_ARGS__};
#include "core/enums.inc"
#undef TC_ENUM
#undef TC_V

template <class E, size_t N> const char* name_of(E e, const char* const (&names)[N]) {
    size_t i = static_cast<size_t>(e);
    return i < N ? names[i] : "?";
}
template <class E, size_t N> const char* display_of(E e, Lang lang, const char* const (&names)[N][2]) {
    size_t i = static_cast<size_t>(e);
    return i < N ? names[i][lang == Lang::zh ? 1 : 0] : "?";
}
template <class E, size_t N> bool value_of(std::string_view text, E* out, const char* const (&names)[N]) {
    for (size_t i = 0; i < N; i++)
        if (text == names[i]) {
            *out = static_cast<E>(i);
            return true;
        }
    return false;
}

} // namespace

#define TC_V(name, json, en, zh)
#define TC_ENUM(Type, ...)                                                                                   \
    static_assert(sizeof k##Type##Names / sizeof k##Type##Names[0] == enum_count<Type>(), "enums.inc");      \
    const char* to_string(Type v) {                                                                          \
        return name_of(v, k##Type##Names);                                                                   \
    }                                                                                                        \
    const char* display_name(Type v, Lang lang) {                                                            \
        return display_of(v, lang, k##Type##Display);                                                        \
    }                                                                                                        \
    bool from_string(std::string_view text, Type* out) {                                                     \
        return value_of(text, out, k##Type##Names);                                                          \
    }
#include "core/enums.inc"
#undef TC_ENUM
#undef TC_V
int rollout_extra_cards(const Scenario& s) {
    return is_rl(s.objective) && s.rollout == Rollout::separate ? s.rollout_cards : 0;
}

void StrategyChoice::apply_to(Scenario& s) const {
    s.zero = zero;
    s.tp = tp;
    s.cp = cp;
    s.ep = ep;
    s.sequence_parallel = sequence_parallel;
    s.activation_offload = activation_offload;
    s.offload = offload;
    s.checkpointing = checkpointing;
}

StrategyChoice strategy_choice_of(const Scenario& s) {
    StrategyChoice c;
    c.zero = s.zero;
    c.tp = s.tp;
    c.cp = s.cp;
    c.ep = s.ep;
    c.sequence_parallel = s.sequence_parallel;
    c.activation_offload = s.activation_offload;
    c.offload = s.offload;
    c.checkpointing = s.checkpointing;
    return c;
}

void StrategySpan::see(const StrategyChoice& p) {
    auto span = [](int& lo, int& hi, int v) { lo = v < lo ? v : lo, hi = v > hi ? v : hi; };
    span(zero_lo, zero_hi, p.zero);
    span(tp_lo, tp_hi, p.tp);
    span(cp_lo, cp_hi, p.cp);
    span(ep_lo, ep_hi, p.ep);
    levels |= 1 << static_cast<int>(p.checkpointing);
    offload = offload || p.offload != Offload::none;
    activation_offload = activation_offload || p.activation_offload;
}

bool operator==(const StrategyChoice& a, const StrategyChoice& b) {
    return a.zero == b.zero && a.tp == b.tp && a.cp == b.cp && a.ep == b.ep &&
           a.sequence_parallel == b.sequence_parallel && a.activation_offload == b.activation_offload &&
           a.offload == b.offload && a.checkpointing == b.checkpointing;
}

//-----------------------------------------------------------------------------
// [SECTION] The field table
//-----------------------------------------------------------------------------
// Scenario JSON keys. Missing keys keep the defaults of core/scenario.h.
//
// clang-format off
//  key                        type     range                unit / meaning
//  model                      string | object               catalog id; or {params, layers, hidden, heads,
//                                                           kv_heads, ffn, vocab, active_params, ...ModelSpec
//                                                           members}; or a pasted HF config.json (has
//                                                           hidden_size)
//  custom_model               object                        the custom model kept while a catalog id is
//                                                           chosen
//  model_repo                 string   ≤ 1024 bytes, no control characters   the repository or path an
//                                                           imported config named for the catalog model
//                                                           (a fine-tune of it); the config export writes
//                                                           it; absent = the catalog's; a patch that sets
//                                                           model without it clears it
//  method                     enum     full lora qlora
//  lora_rank                  integer  1 .. 1024
//  lora_targets               enum     qv all
//  objective                  enum     sft dpo orpo kto simpo grpo ppo   (absent = sft)
//  reference                  enum     model precomputed none   DPO/KTO/GRPO/PPO reference policy
//  generations                integer  1 .. 1024            G completions per prompt (GRPO/PPO)
//  completion_len             integer  1 .. 1048576         generated tokens per completion (< seq_len)
//  rollout                    enum     colocated separate policy   where rollouts are generated (policy =
//                                                           its own generate(), no engine)
//  reward                     enum     model adapter api    PPO's reward model (adapter: on the policy's base)
//  critic                     enum     model value_head     PPO's critic (value_head: on the policy)
//  engine_memory_fraction     number   0 .. 0.95            colocated vLLM slice held in training; 0 = sleeps
//  rollout_cards              integer  1 .. 65536           separate inference cards
//  steps_per_generation       integer  0 .. 65536           micro-batches per generation call; 0 = grad_accum
//  update_epochs              integer  1 .. 1024            optimisation passes over each batch of rollouts
//                                                           (TRL num_iterations, LLaMA-Factory ppo_epochs)
//  data_input                 enum     tokens samples dataset_size   (inferred from the keys given when
//                                                           absent)
//  tokens                     number   1 .. 1e15            tokens per epoch  (sets data_input = tokens)
//  samples                    number   1 .. 1e12            samples per epoch (sets data_input = samples)
//  avg_tokens                 number   1 .. 1e7             tokens per sample (sets data_input = samples)
//  max_tokens                 number   0 .. 1e7             the longest sample; 0 = seq_len (used when
//                                                           packing is false)
//  packing                    boolean                       samples packed into full sequences (default
//                                                           true); false = each sample padded to the
//                                                           longest in its micro-batch
//  dataset_mb                 number   0.001 .. 1e9         MB of raw text (sets data_input = dataset_size)
//  chars_per_token            number   0.1 .. 20
//  bytes_per_char             number   0.1 .. 8
//  epochs                     number   0.01 .. 1000
//  seq_len                    integer  1 .. 1048576         tokens
//  micro_batch                integer  1 .. 65536           sequences per card per step
//  grad_accum                 integer  1 .. 65536           micro-batches per optimizer step
//  images_per_sample          integer  0 .. 1000            images per sample (a vision-language model only)
//  image_width, image_height  integer  1 .. 100000          px, before the processor resizes them
//  image_max_pixels           number   0 .. 1e10            px cap; 0 = the model's processor cap
//  freeze_vision_tower        boolean                       default true (LLaMA-Factory): tower + merger
//  checkpointing              enum     none selective full
//  flash_attention            boolean
//  master_weights             boolean                       false = pure 16-bit: no fp32 master, 16-bit
//                                                           moments
//  precision                  enum     bf16 fp16 fp8 fp32
//  optimizer                  enum     adamw adamw_8bit sgd
//  zero                       integer  0 .. 3               ZeRO stage
//  tp                         integer  1 .. 1024            tensor-parallel degree
//  pp                         integer  1 .. 1024            pipeline-parallel degree
//  cp                         integer  1 .. 1024            context-parallel degree (divides seq_len)
//  ep                         integer  1 .. 1024            expert-parallel degree (MoE; divides the experts
//                                                           and the data-parallel size)
//  sequence_parallel          boolean                       with tp > 1 (default true): what TP leaves whole
//                                                           (norm and layer inputs) ÷ tp too
//  activation_offload         boolean                       stored activations in host RAM (default false)
//  fixed                      array of strategy names       what the searches keep as given: "tp" "cp" "ep"
//                                                           "zero" "offload" "checkpointing"
//                                                           "sequence_parallel" "activation_offload"
//  offload                    enum     none optimizer optimizer+params
//  stack                      enum     hf unsloth torchtitan megatron deepspeed   training stack (sets
//                                                           defaults; absent = hf)
//  loss                       enum     stack fp32_upcast chunked   logits memory; absent = the stack's
//  gpu                        string | object               catalog id; or {name, memory_gib, tflops_16bit,
//                                                           tflops_fp8, bandwidth_gbps, nvlink (true/false
//                                                           or GB/s), ...GpuSpec members}
//  custom_gpu                 object                        the custom card kept while a catalog id is chosen
//  cards                      integer  1 .. 65536
//  utilization                number   0.001 .. 1           fraction of peak; absent = card default (a JSON
//                                                           0 is refused; the Scenario holds absent as 0)
//  scaling_efficiency         number   0.001 .. 1           fraction; absent = default curve (as utilization)
//  tokens_per_second_per_gpu  number   0 | 0.001 .. 1e9     measured; 0 = not measured
//  deadline_hours             number   0 .. 1e6             h; 0 = none
//  budget                     number   0 .. 1e12            money in `currency`; 0 = none
//  cards_per_node             integer  1 .. 64              GPUs per machine (ranks sharing its RAM)
//  host_ram_gib               number   0 | 1 .. 1e6         host RAM per node, GiB; 0 = the card's catalog
//                                                           figure
//  overhead_fraction          number   0 .. 10              of compute time
//  fixed_hours                number   0 .. 1e5             h
//  upload_gb                  number   0 .. 1e7             GB; 0 = estimated from the data
//  upload_mbps                number   0.01 .. 1e7          Mbit/s
//  download_mbps              number   0.01 .. 1e7          Mbit/s
//  checkpoints                number   0 .. 1e6             writes over the run
//  disk_write_mb_per_s        number   1 .. 1e6             MB/s
//  pilot_hours                number   0 .. 1e5             h; 0 = no pilot
//  pilot_fraction             number   0.000001 .. 1        fraction of the data
//  price                      object   {currency: "CNY"|"USD", hourly, daily, monthly}: each -1 .. 1e9
//                                      per card in `currency`; negative = the catalog's price
//  min_billed_hours           number   0.01 .. 744          h
//  storage_gb                 number   0 .. 1e9             GB
//  storage_per_gb_month       number   0 .. 1e6             currency/GB/month
//  traffic_gb                 number   0 .. 1e9             GB
//  traffic_per_gb             number   0 .. 1e6             currency/GB
//  cny_per_usd                number   0 | 0.01 .. 1000     0 = the catalog's (no tiny rate: 5e-324
//                                                           overflows prices)
//  spot_price_hourly          number   0 .. 1e9             per card-hour in `currency`; 0 = no spot
//                                                           comparison
//  interruptions_per_hour     number   0 .. 10              expected interruptions of the run per hour
//  checkpoint_interval_hours  number   0 .. 1e5             h of work between checkpoints; 0 = none
//  restart_hours              number   0 .. 1000            h lost to each restart (new instance, reload)
//  spot_min_billed_hours      number   -1 .. 744            h, spot's billing increment; negative = as
//                                                           min_billed_hours, 0 = by the second
//  purchase_price             number   -1 .. 1e10           per card; negative = the catalog's
//  depreciation_months        number   1 .. 600             months
//  electricity_per_kwh        number   0 .. 100             currency/kWh
//  pue                        number   1 .. 5
//  rack_per_month             number   0 .. 1e7             currency per card
//  ops_per_month              number   0 .. 1e7             currency per card
//  hours_per_month_used       number   0 .. 744             h
//  quotes                     array of at most 3 objects {name, price_per_card_hour 0 .. 1e9,
//                                      min_billed_hours 0.01 .. 744, bandwidth_mbps 0 .. 1e7,
//                                      storage_per_gb_month 0 .. 1e6, traffic_per_gb 0 .. 1e6,
//                                      deposit 0 .. 1e12}
//
// Relations (validate(), once every range passes; see check_relations()):
//  cards ≥ tp × pp × cp × ep, and a multiple of it  tp divides the model's heads and key/value heads
//  cp divides seq_len                               ep needs an MoE model and divides its experts
//  pp ≤ the model's layers                          lora_rank ≤ the model's hidden size (LoRA, QLoRA)
//  offload "optimizer+params" needs zero = 3
//  GRPO/PPO: completion_len < seq_len (the prompt is the rest), the card's bandwidth_gbps known
// estimate() calls validate() itself: these are the only ranges and rules the estimator relies on.
// clang-format on
namespace {

using detail::bool_row;
using detail::Ctx;
using detail::enum_row;
using detail::FieldRow;
using detail::int_row;
using detail::Json;
using detail::Kind;
using detail::num_row;
using detail::str_row;
using detail::unset_or_row;
using detail::Zero;

#define TC_ENUM_ROW(key, member, Type, names)                                                                \
    enum_row<Scenario>(                                                                                      \
        key, [](const Scenario& s) { return static_cast<int>(s.member); },                                   \
        [](Scenario& s, int v) { s.member = static_cast<Type>(v); }, names,                                  \
        static_cast<int>(sizeof names / sizeof names[0]))

const FieldRow<Scenario> kScenarioRows[] = {
    TC_ENUM_ROW("method", method, Method, kMethodNames),
    int_row<Scenario>("lora_rank", &Scenario::lora_rank, 1, 1024, ""),
    TC_ENUM_ROW("lora_targets", lora_targets, LoraTargets, kLoraTargetsNames),
    TC_ENUM_ROW("objective", objective, Objective, kObjectiveNames),
    TC_ENUM_ROW("reference", reference, Reference, kReferenceNames),
    int_row<Scenario>("generations", &Scenario::generations, 1, 1024, ""),
    int_row<Scenario>("completion_len", &Scenario::completion_len, 1, 1048576, "tokens"),
    TC_ENUM_ROW("rollout", rollout, Rollout, kRolloutNames),
    TC_ENUM_ROW("reward", reward, Reward, kRewardNames),
    TC_ENUM_ROW("critic", critic, Critic, kCriticNames),
    num_row<Scenario>("engine_memory_fraction", &Scenario::engine_memory_fraction, 0, 0.95, "fraction"),
    int_row<Scenario>("rollout_cards", &Scenario::rollout_cards, 1, 65536, ""),
    int_row<Scenario>("steps_per_generation", &Scenario::steps_per_generation, 0, 65536, ""),
    int_row<Scenario>("update_epochs", &Scenario::update_epochs, 1, 1024, ""),
    TC_ENUM_ROW("data_input", data_input, DataInput, kDataInputNames),
    num_row<Scenario>("tokens", &Scenario::tokens, 1, 1e15, "tokens"),
    num_row<Scenario>("samples", &Scenario::samples, 1, 1e12, "samples"),
    num_row<Scenario>("avg_tokens", &Scenario::avg_tokens, 1, 1e7, "tokens"),
    num_row<Scenario>("max_tokens", &Scenario::max_tokens, 0, 1e7, "tokens"),
    bool_row<Scenario>("packing", &Scenario::packing),
    num_row<Scenario>("dataset_mb", &Scenario::dataset_mb, 0.001, 1e9, "MB"),
    num_row<Scenario>("chars_per_token", &Scenario::chars_per_token, 0.1, 20, ""),
    num_row<Scenario>("bytes_per_char", &Scenario::bytes_per_char, 0.1, 8, ""),
    num_row<Scenario>("epochs", &Scenario::epochs, 0.01, 1000, ""),
    int_row<Scenario>("seq_len", &Scenario::seq_len, 1, 1048576, "tokens"),
    int_row<Scenario>("micro_batch", &Scenario::micro_batch, 1, 65536, ""),
    int_row<Scenario>("grad_accum", &Scenario::grad_accum, 1, 65536, ""),
    int_row<Scenario>("images_per_sample", &Scenario::images_per_sample, 0, 1000, "images"),
    int_row<Scenario>("image_width", &Scenario::image_width, 1, 100000, "px"),
    int_row<Scenario>("image_height", &Scenario::image_height, 1, 100000, "px"),
    num_row<Scenario>("image_max_pixels", &Scenario::image_max_pixels, 0, 1e10, "px"),
    bool_row<Scenario>("freeze_vision_tower", &Scenario::freeze_vision_tower),
    TC_ENUM_ROW("checkpointing", checkpointing, Checkpointing, kCheckpointingNames),
    bool_row<Scenario>("flash_attention", &Scenario::flash_attention),
    bool_row<Scenario>("master_weights", &Scenario::master_weights),
    TC_ENUM_ROW("precision", precision, Precision, kPrecisionNames),
    TC_ENUM_ROW("optimizer", optimizer, Optimizer, kOptimizerNames),
    int_row<Scenario>("zero", &Scenario::zero, 0, 3, ""),
    int_row<Scenario>("tp", &Scenario::tp, 1, 1024, ""),
    int_row<Scenario>("pp", &Scenario::pp, 1, 1024, ""),
    int_row<Scenario>("cp", &Scenario::cp, 1, 1024, ""),
    int_row<Scenario>("ep", &Scenario::ep, 1, 1024, ""),
    bool_row<Scenario>("sequence_parallel", &Scenario::sequence_parallel),
    bool_row<Scenario>("activation_offload", &Scenario::activation_offload),
    TC_ENUM_ROW("offload", offload, Offload, kOffloadNames),
    TC_ENUM_ROW("stack", stack, Stack, kStackNames),
    TC_ENUM_ROW("loss", loss, LossImpl, kLossImplNames),
    int_row<Scenario>("cards", &Scenario::cards, 1, 65536, ""),
    unset_or_row<Scenario>("utilization", &Scenario::utilization, 0.001, 1, "fraction",
                           Zero::unset_not_in_json),
    unset_or_row<Scenario>("scaling_efficiency", &Scenario::scaling_efficiency, 0.001, 1, "fraction",
                           Zero::unset_not_in_json),
    unset_or_row<Scenario>("tokens_per_second_per_gpu", &Scenario::tokens_per_second_per_gpu, 0.001, 1e9,
                           "tokens/s"),
    num_row<Scenario>("deadline_hours", &Scenario::deadline_hours, 0, 1e6, "h"),
    num_row<Scenario>("budget", &Scenario::budget, 0, 1e12, "money"),
    int_row<Scenario>("cards_per_node", &Scenario::cards_per_node, 1, 64, ""),
    unset_or_row<Scenario>("host_ram_gib", &Scenario::host_ram_gib, 1, 1e6, "GiB"),
    num_row<Scenario>("overhead_fraction", &Scenario::overhead_fraction, 0, 10, "fraction"),
    num_row<Scenario>("fixed_hours", &Scenario::fixed_hours, 0, 1e5, "h"),
    num_row<Scenario>("upload_gb", &Scenario::upload_gb, 0, 1e7, "GB"),
    num_row<Scenario>("upload_mbps", &Scenario::upload_mbps, 0.01, 1e7, "Mbit/s"),
    num_row<Scenario>("download_mbps", &Scenario::download_mbps, 0.01, 1e7, "Mbit/s"),
    num_row<Scenario>("checkpoints", &Scenario::checkpoints, 0, 1e6, ""),
    num_row<Scenario>("disk_write_mb_per_s", &Scenario::disk_write_mb_per_s, 1, 1e6, "MB/s"),
    num_row<Scenario>("pilot_hours", &Scenario::pilot_hours, 0, 1e5, "h"),
    num_row<Scenario>("pilot_fraction", &Scenario::pilot_fraction, 0.000001, 1, "fraction"),
    num_row<Scenario>("min_billed_hours", &Scenario::min_billed_hours, 0.01, 744, "h"),
    num_row<Scenario>("storage_gb", &Scenario::storage_gb, 0, 1e9, "GB"),
    num_row<Scenario>("storage_per_gb_month", &Scenario::storage_per_gb_month, 0, 1e6, "/GB/month"),
    num_row<Scenario>("traffic_gb", &Scenario::traffic_gb, 0, 1e9, "GB"),
    num_row<Scenario>("traffic_per_gb", &Scenario::traffic_per_gb, 0, 1e6, "/GB"),
    unset_or_row<Scenario>("cny_per_usd", &Scenario::cny_per_usd, 0.01, 1000, "CNY/USD"),
    num_row<Scenario>("spot_price_hourly", &Scenario::spot_price_hourly, 0, 1e9, "per card-hour"),
    num_row<Scenario>("interruptions_per_hour", &Scenario::interruptions_per_hour, 0, 10, "/h"),
    num_row<Scenario>("checkpoint_interval_hours", &Scenario::checkpoint_interval_hours, 0, 1e5, "h"),
    num_row<Scenario>("restart_hours", &Scenario::restart_hours, 0, 1000, "h"),
    num_row<Scenario>("spot_min_billed_hours", &Scenario::spot_min_billed_hours, -1, 744, "h"),
    num_row<Scenario>("purchase_price", &Scenario::purchase_price, -1, 1e10, "per card"),
    num_row<Scenario>("depreciation_months", &Scenario::depreciation_months, 1, 600, "months"),
    num_row<Scenario>("electricity_per_kwh", &Scenario::electricity_per_kwh, 0, 100, "/kWh"),
    num_row<Scenario>("pue", &Scenario::pue, 1, 5, ""),
    num_row<Scenario>("rack_per_month", &Scenario::rack_per_month, 0, 1e7, "per card"),
    num_row<Scenario>("ops_per_month", &Scenario::ops_per_month, 0, 1e7, "per card"),
    num_row<Scenario>("hours_per_month_used", &Scenario::hours_per_month_used, 0, 744, "h"),
};

// The `price` object: {"currency", "hourly", "daily", "monthly"}.
const FieldRow<Scenario> kPriceRows[] = {
    TC_ENUM_ROW("currency", currency, Currency, kCurrencyNames),
    num_row<Scenario>("hourly", &Scenario::price_hourly, -1, 1e9, "per card-hour"),
    num_row<Scenario>("daily", &Scenario::price_daily, -1, 1e9, "per card-day"),
    num_row<Scenario>("monthly", &Scenario::price_monthly, -1, 1e9, "per card-month"),
};
#undef TC_ENUM_ROW

const FieldRow<Quote> kQuoteRows[] = {
    str_row<Quote>("name", &Quote::name),
    num_row<Quote>("price_per_card_hour", &Quote::price_per_card_hour, 0, 1e9, "per card-hour"),
    num_row<Quote>("min_billed_hours", &Quote::min_billed_hours, 0.01, 744, "h"),
    num_row<Quote>("bandwidth_mbps", &Quote::bandwidth_mbps, 0, 1e7, "Mbit/s"),
    num_row<Quote>("storage_per_gb_month", &Quote::storage_per_gb_month, 0, 1e6, "/GB/month"),
    num_row<Quote>("traffic_per_gb", &Quote::traffic_per_gb, 0, 1e6, "/GB"),
    num_row<Quote>("deposit", &Quote::deposit, 0, 1e12, ""),
};

constexpr int kMaxQuotes = 3;

Ctx nested_ctx(const std::string& path) {
    return Ctx{path + ".", path + ".", "", ""};
}

//-----------------------------------------------------------------------------
// [SECTION] Reading
//-----------------------------------------------------------------------------

// "unknown model id "x": not in the catalog (known: a, b, …)".
template <class T>
void unknown_id_error(std::vector<FieldError>& errors, const char* key, const char* what_en,
                      const char* what_zh, const std::string& id, const std::vector<T>& known) {
    std::string list;
    for (size_t i = 0; i < known.size() && i < 8; ++i) list += (i ? ", " : "") + known[i].id;
    if (known.size() > 8) list += ", …";
    std::string shown = detail::truncate_utf8(id, 60);
    errors.push_back(FieldError{
        key,
        std::string("unknown ") + what_en + " id \"" + shown + "\": not in the catalog (known: " + list + ")",
        std::string("未知的") + what_zh + " id \"" + shown + "\"：目录中没有（已知：" + list + "）"});
}

void read_model(const Json& v, const Catalog& catalog, Scenario& s, std::vector<FieldError>& errors) {
    if (v.is_string()) {
        const std::string& id = v.get_ref<const std::string&>();
        if (catalog.find_model(id))
            s.model_id = id;
        else
            unknown_id_error(errors, "model", "model", "模型", id, catalog.models);
        return;
    }
    Ctx ctx = nested_ctx("model");
    if (v.is_object() && v.contains("hidden_size")) {
        // A pasted Hugging Face config.json.
        ModelResult r;
        detail::model_from_hf_object(v, ctx, r);
        if (!r.errors.empty()) {
            errors.insert(errors.end(), r.errors.begin(), r.errors.end());
            return;
        }
        s.model_id.clear();
        s.model = std::move(r.model);
        return;
    }
    if (!v.is_object()) {
        detail::type_error(errors, Ctx{}, "model", "a catalog id or an object", "目录中的 id 或对象", v);
        return;
    }
    ModelSpec m;
    if (detail::read_model_object(v, ctx, false, m, errors)) {
        s.model_id.clear();
        s.model = std::move(m);
    }
}

// model_repo: one line of text a config file can hold, short enough for a link.
bool model_repo_ok(const std::string& repo) {
    if (repo.size() > limits::kMaxModelRepoBytes) return false;
    for (unsigned char c : repo)
        if (c < 0x20 || c == 0x7f) return false;
    return true;
}

void model_repo_error(std::vector<FieldError>& errors, const Json& v) {
    const std::string max = detail::format_plain(static_cast<double>(limits::kMaxModelRepoBytes));
    detail::add_error(errors, "model_repo",
                      "model_repo must be a repository or path of at most " + max +
                          " bytes without control characters, got " + detail::describe_value(v, false),
                      "model_repo 必须是不超过 " + max + " 字节、不含控制字符的仓库名或路径，实际为 " +
                          detail::describe_value(v, true));
}

void read_model_repo(const Json& v, Scenario& s, std::vector<FieldError>& errors) {
    if (!v.is_string()) {
        detail::type_error(errors, Ctx{}, "model_repo", "a string", "字符串", v);
        return;
    }
    const std::string& repo = v.get_ref<const std::string&>();
    if (!model_repo_ok(repo)) {
        model_repo_error(errors, v);
        return;
    }
    s.model_repo = repo;
}

void read_gpu(const Json& v, const Catalog& catalog, Scenario& s, std::vector<FieldError>& errors) {
    if (v.is_string()) {
        const std::string& id = v.get_ref<const std::string&>();
        if (catalog.find_gpu(id))
            s.gpu_id = id;
        else
            unknown_id_error(errors, "gpu", "GPU", "GPU", id, catalog.gpus);
        return;
    }
    if (!v.is_object()) {
        detail::type_error(errors, Ctx{}, "gpu", "a catalog id or an object", "目录中的 id 或对象", v);
        return;
    }
    GpuSpec g;
    g.name = "custom";
    if (detail::read_gpu_object(v, nested_ctx("gpu"), false, g, errors)) {
        s.gpu_id.clear();
        s.gpu = std::move(g);
    }
}

void read_quotes(const Json& v, Scenario& s, std::vector<FieldError>& errors) {
    if (!v.is_array() || v.size() > kMaxQuotes) {
        detail::type_error(errors, Ctx{}, "quotes", "an array of at most 3 objects", "最多 3 个对象的数组",
                           v);
        return;
    }
    for (size_t i = 0; i < v.size(); ++i) {
        std::string path = "quotes[" + std::to_string(i) + "]";
        if (!v[i].is_object()) {
            detail::type_error(errors, Ctx{}, path.c_str(), "an object", "对象", v[i]);
            continue;
        }
        Quote q = s.quotes[i];
        if (detail::read_object(kQuoteRows, v[i], nested_ctx(path), q, errors)) s.quotes[i] = q;
    }
    // Fewer quotes than slots: the rest are cleared, so an array replaces the whole list.
    for (size_t i = v.size(); i < kMaxQuotes; ++i) s.quotes[i] = Quote{};
}

// "fixed": ["tp", "zero", ...]: the strategy fields the searches keep as given (the whole list:
// an array replaces the set). Unknown names are errors naming the entry.
void read_fixed(const Json& v, Scenario& s, std::vector<FieldError>& errors) {
    std::string known;
    for (int i = 0; i < kFixableCount; ++i) known += std::string(i ? ", " : "") + kFixableNames[i];
    if (!v.is_array() || v.size() > size_t(kFixableCount)) {
        detail::type_error(errors, Ctx{}, "fixed", "an array of strategy field names",
                           "由策略字段名组成的数组", v);
        return;
    }
    unsigned bits = 0;
    for (size_t i = 0; i < v.size(); ++i) {
        const std::string path = "fixed[" + std::to_string(i) + "]";
        int found = -1;
        if (v[i].is_string())
            for (int k = 0; k < kFixableCount; ++k)
                if (v[i].get_ref<const std::string&>() == kFixableNames[k]) found = k;
        if (found < 0) {
            detail::add_error(
                errors, path,
                path + " must be one of " + known + ", got " + detail::describe_value(v[i], false),
                path + " 必须是 " + known + " 之一，实际为 " + detail::describe_value(v[i], true));
            return;
        }
        bits |= 1u << found;
    }
    s.fixed = bits;
}

// utilization and scaling_efficiency: absent means the default (held as 0 in the Scenario);
// a JSON 0 would silently mean "default" too, so it is refused with a way out.
bool is_optional_fraction(const std::string& key) {
    return key == "utilization" || key == "scaling_efficiency";
}
void zero_fraction_error(std::vector<FieldError>& errors, const std::string& key) {
    detail::add_error(errors, key,
                      key + " = 0 is not allowed: it must be above 0 and at most 1; leave " + key +
                          " out for the default",
                      key + " 不能为 0：必须大于 0 且不超过 1；不填则使用默认值");
}

void apply(const Json& doc, const Catalog& catalog, Scenario& s, std::vector<FieldError>& errors) {
    const Ctx top;
    // A patch that changes the currency takes the amounts it does not write along, as the page's
    // currency switch does (in_currency(), at the patch's cny_per_usd if it gives one): a scenario
    // {"price":{"currency":"usd"}} has $0.111/kWh, not the yuan default 0.8 read as dollars. The
    // amounts it writes are read as written, in its currency.
    if (doc.contains("price") && doc["price"].is_object() && doc["price"].contains("currency")) {
        Scenario probe = s;
        std::vector<FieldError> ignored; // reported by the reading below
        detail::read_object(kPriceRows, doc["price"], nested_ctx("price"), probe, ignored);
        if (doc.contains("cny_per_usd"))
            detail::read_row(*detail::find_row(kScenarioRows, "cny_per_usd"), doc["cny_per_usd"], top, probe,
                             ignored);
        if (ignored.empty() && probe.currency != s.currency) {
            Scenario at_rate = s;
            at_rate.cny_per_usd = probe.cny_per_usd;
            const double kept_rate = s.cny_per_usd;
            s = in_currency(at_rate, probe.currency, catalog);
            s.cny_per_usd = kept_rate;
        }
    }
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        const std::string& key = it.key();
        const Json& v = it.value();
        if (key == "model")
            read_model(v, catalog, s, errors);
        else if (key == "model_repo")
            read_model_repo(v, s, errors);
        else if (key == "gpu")
            read_gpu(v, catalog, s, errors);
        else if (key == "custom_model")
            detail::read_model_fields(v, nested_ctx("custom_model"), s.model, errors);
        else if (key == "custom_gpu")
            detail::read_gpu_fields(v, nested_ctx("custom_gpu"), s.gpu, errors);
        else if (key == "quotes")
            read_quotes(v, s, errors);
        else if (key == "fixed")
            read_fixed(v, s, errors);
        else if (key == "price") {
            if (v.is_object())
                detail::read_object(kPriceRows, v, nested_ctx("price"), s, errors);
            else
                detail::type_error(errors, top, "price", "an object", "对象", v);
        } else if (is_optional_fraction(key) && v.is_number() && v.get<double>() == 0) {
            zero_fraction_error(errors, key);
        } else if (const FieldRow<Scenario>* row = detail::find_row(kScenarioRows, key)) {
            detail::read_row(*row, v, top, s, errors);
        } else {
            detail::unknown_key_error(errors, top, key);
        }
    }
    // The repository named another model: a patch that sets the model without one clears it.
    if (doc.contains("model") && !doc.contains("model_repo")) s.model_repo.clear();
    // How the data amount is given follows the keys present unless data_input says.
    if (doc.contains("data_input")) return;
    const bool tokens = doc.contains("tokens");
    const bool samples = doc.contains("samples") || doc.contains("avg_tokens");
    if (tokens && samples)
        detail::add_error(errors, "tokens",
                          "give either tokens or samples + avg_tokens, not both (or set data_input)",
                          "tokens 与 samples + avg_tokens 只能给出一种（或设置 data_input）");
    else if (tokens)
        s.data_input = DataInput::tokens;
    else if (samples)
        s.data_input = DataInput::samples;
    else if (doc.contains("dataset_mb"))
        s.data_input = DataInput::dataset_size;
}

} // namespace

ScenarioResult scenario_patch(const Scenario& base, std::string_view json_text, const Catalog& catalog) {
    ScenarioResult result;
    result.scenario = base;
    Json doc;
    if (!detail::parse_json(json_text, limits::kMaxScenarioBytes, "the scenario", "场景", doc, result.errors))
        return result;
    if (!doc.is_object()) {
        detail::add_error(result.errors, "",
                          "a scenario must be a JSON object, got " + detail::describe_value(doc, false),
                          "场景必须是 JSON 对象，实际为 " + detail::describe_value(doc, true));
        return result;
    }
    apply(doc, catalog, result.scenario, result.errors);
    detail::cap_errors(result.errors);
    return result;
}

ScenarioResult scenario_from_json(std::string_view json_text, const Catalog& catalog) {
    return scenario_patch(Scenario{}, json_text, catalog);
}

//-----------------------------------------------------------------------------
// [SECTION] Writing
//-----------------------------------------------------------------------------
namespace {

template <class T, size_t N> void write_rows(const FieldRow<T> (&rows)[N], const T& in, Json& j) {
    for (const FieldRow<T>& r : rows) {
        switch (r.kind) {
        case Kind::number:
            j[r.key] = in.*r.num;
            break;
        case Kind::integer:
            j[r.key] = in.*r.integer;
            break;
        case Kind::boolean:
            j[r.key] = in.*r.flag;
            break;
        case Kind::string:
            j[r.key] = in.*r.str;
            break;
        case Kind::enumeration: {
            const int v = r.get(in); // an out-of-range enum set from C++ is written as "?"
            j[r.key] = v >= 0 && v < r.name_count ? r.names[v] : "?";
            break;
        }
        }
    }
}

bool is_default(const ModelSpec& m) {
    return detail::model_to_json(m) == detail::model_to_json(ModelSpec{});
}
bool is_default(const GpuSpec& g) {
    return detail::gpu_to_json(g) == detail::gpu_to_json(GpuSpec{});
}

} // namespace

std::string scenario_to_json(const Scenario& s) {
    Json j = Json::object();
    if (s.model_id.empty())
        j["model"] = detail::model_to_json(s.model);
    else {
        j["model"] = s.model_id;
        if (!is_default(s.model)) j["custom_model"] = detail::model_to_json(s.model);
    }
    if (!s.model_repo.empty()) j["model_repo"] = s.model_repo;
    if (s.gpu_id.empty())
        j["gpu"] = detail::gpu_to_json(s.gpu);
    else {
        j["gpu"] = s.gpu_id;
        if (!is_default(s.gpu)) j["custom_gpu"] = detail::gpu_to_json(s.gpu);
    }
    write_rows(kScenarioRows, s, j);
    if (s.utilization == 0) j.erase("utilization");               // absent: the card's default
    if (s.scaling_efficiency == 0) j.erase("scaling_efficiency"); // absent: the default curve
    if (s.stack == Stack::hf) j.erase("stack");                   // absent: the default stack
    if (s.loss == LossImpl::stack) j.erase("loss");               // absent: the stack's loss
    if (s.master_weights) j.erase("master_weights"); // absent: mixed precision with a master copy
    {                                                // method inputs at their defaults: absent
        const Scenario d;
        if (s.objective == d.objective) j.erase("objective");
        if (s.reference == d.reference) j.erase("reference");
        if (s.generations == d.generations) j.erase("generations");
        if (s.completion_len == d.completion_len) j.erase("completion_len");
        if (s.rollout == d.rollout) j.erase("rollout");
        if (s.reward == d.reward) j.erase("reward");
        if (s.critic == d.critic) j.erase("critic");
        if (s.engine_memory_fraction == d.engine_memory_fraction) j.erase("engine_memory_fraction");
        if (s.rollout_cards == d.rollout_cards) j.erase("rollout_cards");
        if (s.steps_per_generation == d.steps_per_generation) j.erase("steps_per_generation");
        if (s.update_epochs == d.update_epochs) j.erase("update_epochs");
        if (s.images_per_sample == d.images_per_sample) j.erase("images_per_sample"); // image inputs too
        if (s.image_width == d.image_width) j.erase("image_width");
        if (s.image_height == d.image_height) j.erase("image_height");
        if (s.image_max_pixels == d.image_max_pixels) j.erase("image_max_pixels");
        if (s.freeze_vision_tower == d.freeze_vision_tower) j.erase("freeze_vision_tower");
    }
    if (s.packing) j.erase("packing"); // absent: packed
    {                                  // parallelism of issue 13 at its defaults: absent
        const Scenario d;
        if (s.cp == d.cp) j.erase("cp");
        if (s.ep == d.ep) j.erase("ep");
        if (s.sequence_parallel == d.sequence_parallel) j.erase("sequence_parallel");
        if (s.activation_offload == d.activation_offload) j.erase("activation_offload");
        if (s.fixed != 0) {
            Json f = Json::array();
            for (int k = 0; k < kFixableCount; ++k)
                if (s.fixed & (1u << k)) f.push_back(kFixableNames[k]);
            j["fixed"] = std::move(f);
        }
    }
    if (s.max_tokens == 0) j.erase("max_tokens"); // absent: seq_len
    Json price = Json::object();
    write_rows(kPriceRows, s, price);
    j["price"] = std::move(price);
    Json quotes = Json::array();
    for (const Quote& q : s.quotes) {
        Json one = Json::object();
        write_rows(kQuoteRows, q, one);
        quotes.push_back(std::move(one));
    }
    j["quotes"] = std::move(quotes);
    return detail::dump_safe(j);
}

//-----------------------------------------------------------------------------
// [SECTION] validate()
//-----------------------------------------------------------------------------

namespace {

std::string num_text(double v) {
    return detail::format_plain(v);
}

// Rules between fields that no single range expresses. Run only when every range passed, so
// each operand is in range (no division by zero, no overflow of tp × pp).
void check_relations(const Scenario& s, const ModelSpec& m, const GpuSpec& g,
                     std::vector<FieldError>& errors) {
    // ≤ 1024^4 = 2^40: no overflow in 64 bits. EP is carved out of data parallelism (Megatron):
    // ep divides d = cards / (tp·pp·cp), i.e. tp·pp·cp·ep divides the cards.
    const long long mp = 1LL * s.tp * s.pp * s.cp * s.ep;
    // Texts are built only for an error: estimate() runs this on every call.
    auto tp = [&] { return num_text(s.tp); };
    auto pp = [&] { return num_text(s.pp); };
    auto cards = [&] { return num_text(s.cards); };
    auto mps = [&] { return num_text(double(mp)); };
    // The factors named are those in use: "tp × pp" as before, "× cp", "× ep" when set.
    auto names = [&] {
        std::string n = "tp × pp";
        if (s.cp > 1) n += " × cp";
        if (s.ep > 1) n += " × ep";
        return n;
    };
    if (mp > s.cards)
        detail::add_error(errors, "cards",
                          "cards (" + cards() + ") must be at least " + names() + " (" + mps() + ")",
                          "cards（" + cards() + "）不能少于 " + names() + "（" + mps() + "）");
    else if (s.cards % mp != 0)
        detail::add_error(errors, "cards",
                          "cards (" + cards() + ") must be a multiple of " + names() + " (" + mps() + ")",
                          "cards（" + cards() + "）必须是 " + names() + "（" + mps() + "）的整数倍");
    if (s.seq_len % s.cp != 0)
        detail::add_error(errors, "cp",
                          "cp (" + num_text(s.cp) + ") must divide seq_len (" + num_text(s.seq_len) +
                              "): each of the cp cards holds seq_len / cp tokens of every sequence",
                          "cp（" + num_text(s.cp) + "）必须能整除 seq_len（" + num_text(s.seq_len) +
                              "）：cp 张卡各持有每条序列的 seq_len / cp 个 token");
    if (s.ep > 1 && m.experts <= 0)
        detail::add_error(
            errors, "ep",
            "ep (" + num_text(s.ep) + ") needs a mixture-of-experts model: this model is dense (experts = 0)",
            "ep（" + num_text(s.ep) + "）需要混合专家（MoE）模型：该模型是稠密模型（experts = 0）");
    else if (s.ep > 1 && m.experts % s.ep != 0)
        detail::add_error(
            errors, "ep",
            "ep (" + num_text(s.ep) + ") must divide the model's experts (" + num_text(m.experts) + ")",
            "ep（" + num_text(s.ep) + "）必须能整除模型的专家数（" + num_text(m.experts) + "）");
    const int kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
    if (m.heads % s.tp != 0)
        detail::add_error(errors, "tp",
                          "tp (" + tp() + ") must divide the model's attention heads (" + num_text(m.heads) +
                              ")",
                          "tp（" + tp() + "）必须能整除模型的注意力头数（" + num_text(m.heads) + "）");
    else if (kv % s.tp != 0)
        detail::add_error(errors, "tp",
                          "tp (" + tp() + ") must divide the model's key/value heads (" + num_text(kv) + ")",
                          "tp（" + tp() + "）必须能整除模型的键值头数（" + num_text(kv) + "）");
    if (s.pp > m.layers)
        detail::add_error(errors, "pp",
                          "pp (" + pp() + ") must be at most the model's layers (" + num_text(m.layers) + ")",
                          "pp（" + pp() + "）不能超过模型的层数（" + num_text(m.layers) + "）");
    if (s.method != Method::full && s.lora_rank > m.hidden)
        detail::add_error(errors, "lora_rank",
                          "lora_rank (" + num_text(s.lora_rank) +
                              ") must be at most the model's hidden size (" + num_text(m.hidden) + ")",
                          "lora_rank（" + num_text(s.lora_rank) + "）不能超过模型的隐藏维度（" +
                              num_text(m.hidden) + "）");
    if (s.offload == Offload::optimizer_params && s.zero != 3)
        detail::add_error(errors, "offload",
                          "offload \"optimizer+params\" needs zero = 3, got zero = " + num_text(s.zero),
                          "offload \"optimizer+params\" 需要 zero = 3，实际 zero = " + num_text(s.zero));
    if (is_rl(s.objective) && s.completion_len >= s.seq_len)
        detail::add_error(errors, "completion_len",
                          "completion_len (" + num_text(s.completion_len) + ") must be below seq_len (" +
                              num_text(s.seq_len) + "): the prompt is the rest of the sequence",
                          "completion_len（" + num_text(s.completion_len) + "）必须小于 seq_len（" +
                              num_text(s.seq_len) + "）：其余部分是提示词");
    if (s.images_per_sample > 0 && m.vision_depth < 1)
        detail::add_error(errors, "images_per_sample",
                          "images_per_sample (" + num_text(s.images_per_sample) +
                              ") needs a vision-language "
                              "model; \"" +
                              (m.name.empty() ? m.id : m.name) + "\" has no vision tower",
                          "images_per_sample（" + num_text(s.images_per_sample) + "）需要视觉语言模型；\"" +
                              (m.name.empty() ? m.id : m.name) + "\" 没有视觉编码器");
    if (is_rl(s.objective) && !(g.bandwidth_gbps > 0))
        detail::add_error(errors, "gpu.bandwidth_gbps",
                          "GRPO/PPO rollouts need the card's memory bandwidth (gpu.bandwidth_gbps): decoding "
                          "is bound by it",
                          "GRPO/PPO 的生成需要显卡的显存带宽（gpu.bandwidth_gbps）：解码速度受其限制");
}

} // namespace

namespace {

// Bytes a string takes inside JSON: control characters as \u00XX, '"' and '\\' escaped.
size_t json_text_bytes(const std::string& t) {
    size_t n = 0;
    for (unsigned char c : t) n += c < 0x20 ? 6 : (c == '"' || c == '\\') ? 2 : 1;
    return n;
}

} // namespace

void retarget_rollouts(Scenario& s, Objective before) {
    struct Defaults {
        int generations;
        Rollout rollout;
        int update_epochs;
    };
    const Defaults grpo{8, Rollout::colocated, 1}, ppo{1, Rollout::policy, 4};
    const bool to_ppo = s.objective == Objective::ppo && before != Objective::ppo;
    const bool from_ppo = before == Objective::ppo && s.objective != Objective::ppo;
    if (!to_ppo && !from_ppo) return;
    const Defaults& from = to_ppo ? grpo : ppo;
    const Defaults& to = to_ppo ? ppo : grpo;
    if (s.generations == from.generations) s.generations = to.generations;
    if (s.rollout == from.rollout) s.rollout = to.rollout;
    if (s.update_epochs == from.update_epochs) s.update_epochs = to.update_epochs;
}

void keep_ids_in_catalog(Scenario& s, const Catalog& catalog) {
    // The catalog's own start card (a provider's default_gpu), else the page's default, else its first:
    // the first alone put a provider's visitors on a T4 when the host's next catalog dropped their card.
    const Scenario defaults;
    if (!s.gpu_id.empty() && !catalog.find_gpu(s.gpu_id) && !catalog.gpus.empty())
        s.gpu_id = catalog.find_gpu(catalog.start_gpu) ? catalog.start_gpu
                   : catalog.find_gpu(defaults.gpu_id) ? defaults.gpu_id
                                                       : catalog.gpus.front().id;
    if (!s.model_id.empty() && !catalog.find_model(s.model_id) && !catalog.models.empty())
        s.model_id = catalog.find_model(defaults.model_id) ? defaults.model_id : catalog.models.front().id;
}

// Every accepted scenario must fit in a link (the page reads back at most kMaxHashBytes): the
// free text is the only part without a range, so its written size is bounded here.
std::vector<FieldError> link_text_errors(const Scenario& s) {
    const std::pair<const char*, const std::string*> texts[] = {{"model", &s.model_id},
                                                                {"model_repo", &s.model_repo},
                                                                {"gpu", &s.gpu_id},
                                                                {"model.id", &s.model.id},
                                                                {"model.name", &s.model.name},
                                                                {"model.source", &s.model.source},
                                                                {"gpu.id", &s.gpu.id},
                                                                {"gpu.name", &s.gpu.name},
                                                                {"gpu.source", &s.gpu.source},
                                                                {"gpu.price_source", &s.gpu.price_source},
                                                                {"quotes[0].name", &s.quotes[0].name},
                                                                {"quotes[1].name", &s.quotes[1].name},
                                                                {"quotes[2].name", &s.quotes[2].name}};
    static_assert(kMaxQuotes == 3, "link_text_errors(): list every quote's name");
    size_t n = 0, longest = 0;
    const char* field = "";
    for (const auto& [key, text] : texts) {
        const size_t b = json_text_bytes(*text);
        n += b;
        if (b > longest) longest = b, field = key;
    }
    std::vector<FieldError> errors;
    if (n <= limits::kMaxScenarioTextJsonBytes) return errors;
    const std::string have = detail::format_plain(static_cast<double>(n));
    const std::string alone = detail::format_plain(static_cast<double>(longest));
    const std::string max = detail::format_plain(static_cast<double>(limits::kMaxScenarioTextJsonBytes));
    detail::add_error(errors, field,
                      "the names, ids and sources take " + have + " bytes (" + field + " " + alone +
                          "); a link holds at most " + max + ": shorten them",
                      "名称、id 和来源共 " + have + " 字节（" + field + " 占 " + alone + "），链接最多容纳 " +
                          max + " 字节：请缩短");
    return errors;
}

bool number_range(std::string_view key, double* lo, double* hi) {
    const FieldRow<Scenario>* row = nullptr;
    for (const FieldRow<Scenario>& r : kScenarioRows) // no allocation: the page asks every frame
        if (key == r.key) row = &r;
    if (row == nullptr || row->kind != Kind::number) return false;
    *lo = row->zero == detail::Zero::in_range ? row->min : 0.0;
    *hi = row->max;
    return true;
}

std::vector<FieldError> validate(const Scenario& s, const Catalog& catalog) {
    std::vector<FieldError> errors;
    // Built once: estimate() calls validate() every time, and these never change.
    static const Ctx top;
    static const Ctx price_ctx = nested_ctx("price");
    static const Ctx quote_ctx[kMaxQuotes] = {nested_ctx("quotes[0]"), nested_ctx("quotes[1]"),
                                              nested_ctx("quotes[2]")};
    for (const FieldRow<Scenario>& r : kScenarioRows) detail::check_row(r, s, top, errors);
    for (const FieldRow<Scenario>& r : kPriceRows) detail::check_row(r, s, price_ctx, errors);
    for (int i = 0; i < kMaxQuotes; ++i)
        for (const FieldRow<Quote>& r : kQuoteRows) detail::check_row(r, s.quotes[i], quote_ctx[i], errors);
    // Enumerations set from C++ may hold any int: check they name a value.
    for (const FieldRow<Scenario>& r : kScenarioRows)
        if (r.kind == Kind::enumeration && (r.get(s) < 0 || r.get(s) >= r.name_count))
            detail::add_error(errors, r.key, std::string(r.key) + " has no valid value",
                              std::string(r.key) + " 的值无效");
    if (static_cast<int>(s.currency) < 0 || static_cast<int>(s.currency) > 1)
        detail::add_error(errors, "price.currency", "price.currency has no valid value",
                          "price.currency 的值无效");

    // The model and card: a custom one, or the catalog's (checked again here: a catalog built in
    // C++ has not been through parse_catalog()).
    static const Ctx model_ctx = nested_ctx("model");
    static const Ctx gpu_ctx = nested_ctx("gpu");
    const ModelSpec* m = s.model_id.empty() ? &s.model : catalog.find_model(s.model_id);
    if (!m)
        unknown_id_error(errors, "model", "model", "模型", s.model_id, catalog.models);
    else
        detail::check_model(*m, model_ctx, errors);
    const GpuSpec* g = s.gpu_id.empty() ? &s.gpu : catalog.find_gpu(s.gpu_id);
    if (!g)
        unknown_id_error(errors, "gpu", "GPU", "GPU", s.gpu_id, catalog.gpus);
    else
        detail::check_gpu(*g, gpu_ctx, errors);
    if (!model_repo_ok(s.model_repo)) model_repo_error(errors, Json(s.model_repo)); // set from C++
    if (errors.empty()) check_relations(s, *m, *g, errors);
    for (FieldError& e : link_text_errors(s)) errors.push_back(std::move(e));
    return errors;
}

std::string errors_to_json(const std::vector<FieldError>& errors, Lang lang, int indent) {
    Json list = Json::array();
    for (const FieldError& e : errors) {
        const std::string& m = lang == Lang::zh && !e.message_zh.empty() ? e.message_zh : e.message;
        list.push_back({{"field", e.field}, {"message", m}});
    }
    return detail::dump_safe(Json{{"errors", list}}, indent);
}

} // namespace traincalc

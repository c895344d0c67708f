// traincalc — core/json_write.cpp
// Writing JSON: the estimate (docs/design.md's estimate JSON, every key listed there plus the itemised
// results), and catalog entries (the CLI's `gpus`/`models` listings). Never NaN or Infinity.
//
// Index of this file:
// [SECTION] Estimate
// [SECTION] Catalog entries
#include "json_write.h"
#include "constants.h"
#include "explain.h"
#include "json_read.h"
#include <nlohmann/json.hpp>

namespace traincalc {

using namespace detail;

//-----------------------------------------------------------------------------
// [SECTION] Estimate
//-----------------------------------------------------------------------------

namespace {

using json = nlohmann::json;

const char* warning_code_name(WarningCode c) {
    switch (c) {
    case WarningCode::no_bf16:
        return "no_bf16";
    case WarningCode::no_fp8:
        return "no_fp8";
    case WarningCode::pcie_scaling:
        return "pcie_scaling";
    case WarningCode::seq_over_context:
        return "seq_over_context";
    case WarningCode::impossible_throughput:
        return "impossible_throughput";
    case WarningCode::memory_nearly_full:
        return "memory_nearly_full";
    case WarningCode::does_not_fit:
        return "does_not_fit";
    case WarningCode::fixed_overhead_dominates:
        return "fixed_overhead_dominates";
    case WarningCode::deadline_impossible:
        return "deadline_impossible";
    case WarningCode::cards_not_divisible:
        return "cards_not_divisible";
    case WarningCode::qlora_needs_lora_rank:
        return "qlora_needs_lora_rank";
    case WarningCode::offload_slow:
        return "offload_slow";
    case WarningCode::fp32_slow:
        return "fp32_slow";
    case WarningCode::unverified_gpu:
        return "unverified_gpu";
    case WarningCode::zero_single_rank:
        return "zero_single_rank";
    case WarningCode::host_ram_short:
        return "host_ram_short";
    case WarningCode::padding_waste:
        return "padding_waste";
    case WarningCode::pilot_disagrees:
        return "pilot_disagrees";
    case WarningCode::batch_over_epoch:
        return "batch_over_epoch";
    case WarningCode::misses_deadline:
        return "misses_deadline";
    case WarningCode::over_budget:
        return "over_budget";
    default:
        return "unknown";
    }
}

json lines(const std::vector<std::string>& v) {
    json a = json::array();
    for (const std::string& l : v) a.push_back(l);
    return a;
}

} // namespace

namespace {

// Never NaN or Infinity in the output.
double finite_num(double v) {
    return finite_or(v);
}

// An object of numbers from a table of keys and values, in one loop: nlohmann's initializer lists
// inline each pair (~100 bytes of wasm a key; the page's size, issue 15). The output is the same:
// an object's keys are sorted (std::map) however it is filled.
struct NumKey {
    const char* key;
    double value;
};
json numbers(std::initializer_list<NumKey> rows) {
    json j = json::object();
    for (const NumKey& r : rows) j[r.key] = finite_num(r.value);
    return j;
}

json flops_json(const FlopsResult& f) {
    json j = numbers({{"tokens", f.tokens},
                      {"model", f.model},
                      {"rule_of_thumb", f.rule_of_thumb},
                      {"executed", f.executed},
                      {"per_token_executed", f.per_token_executed},
                      {"params", f.params},
                      {"active_params", f.active_params},
                      {"trainable_params", f.trainable_params}});
    if (f.padded_tokens_per_sample > 0) { // only when samples are not packed
        j["padded_tokens_per_sample"] = finite_num(f.padded_tokens_per_sample);
        j["padding_waste"] = finite_num(f.padding_waste);
    }
    return j;
}

json time_json(const TimeResult& t) {
    return numbers({{"compute_hours", t.compute_hours},
                    {"wall_hours", t.wall_hours},
                    {"wall_hours_low", t.wall_hours_low},
                    {"wall_hours_high", t.wall_hours_high},
                    {"overhead_hours", t.overhead_hours},
                    {"fixed_hours", t.fixed_hours},
                    {"upload_hours", t.upload_hours},
                    {"download_hours", t.download_hours},
                    {"checkpoint_hours", t.checkpoint_hours},
                    {"pilot_extrapolated_hours", t.pilot_extrapolated_hours},
                    {"pipeline_bubble", t.pipeline_bubble},
                    {"utilization", t.utilization},
                    {"scaling_efficiency", t.scaling_efficiency},
                    {"effective_tflops_per_gpu", t.effective_tflops_per_gpu},
                    {"peak_tflops", t.peak_tflops}});
}

json memory_json(const MemoryResult& m) {
    json j = numbers({{"per_gpu_gib", m.per_gpu_gib},
                      {"weights_gib", m.weights_gib},
                      {"gradients_gib", m.gradients_gib},
                      {"optimizer_gib", m.optimizer_gib},
                      {"adapters_gib", m.adapters_gib},
                      {"activations_gib", m.activations_gib},
                      {"logits_gib", m.logits_gib},
                      {"gathered_gib", m.gathered_gib},
                      {"overhead_gib", m.overhead_gib},
                      {"capacity_gib", m.capacity_gib},
                      {"usable_gib", m.usable_gib},
                      {"headroom_gib", m.headroom_gib},
                      {"cpu_ram_gib", m.cpu_ram_gib},
                      {"activations_host_gib", m.activations_host_gib},
                      {"expert_weights_gib", m.expert_weights_gib}});
    j["fits"] = m.fits;
    return j;
}

// Present only beyond SFT (SFT output is unchanged).
json objective_json(const Estimate& e) {
    const Scenario& s = e.scenario;
    const TimeResult& t = e.time;
    const MemoryResult& m = e.memory;
    json j = numbers({{"generation_hours", t.generation_hours},
                      {"training_hours", t.compute_hours - t.generation_hours},
                      {"reference_gib", m.reference_gib},
                      {"reward_gib", m.reward_gib},
                      {"critic_gib", m.critic_gib},
                      {"kv_cache_gib", m.kv_cache_gib},
                      {"generation_gib", m.generation_gib},
                      {"engine_slice_gib", m.engine_slice_gib}});
    j["name"] = to_string(s.objective);
    j["billed_cards"] = s.cards + rollout_extra_cards(s);
    return j;
}

// Present only with images (text-only output is unchanged); the values are the shown terms' results.
json vision_json(const Estimate& e) {
    auto term = [&](TermId id) {
        const Term* t = e.terms.find(id);
        return t ? t->result : 0.0;
    };
    json j = numbers({{"image_tokens", term(TermId::image_tokens)},
                      {"patches_per_image", term(TermId::vision_patches)},
                      {"tokens_per_sample", term(TermId::sample_tokens)},
                      {"vision_params", term(TermId::vision_params)},
                      {"flops_per_image", term(TermId::vision_flops_per_image)},
                      {"flops_per_token", term(TermId::vision_flops_per_token)},
                      {"vision_gib", e.memory.vision_gib}});
    j["images_per_sample"] = e.scenario.images_per_sample;
    j["tower_trained"] = !e.scenario.freeze_vision_tower;
    return j;
}

// A searched strategy's keys, each named `prefix` + field ("best_tp" in cards, "tp" in an answer).
void put_strategy(json& j, const StrategyChoice& c, const std::string& prefix) {
    j[prefix + "zero"] = c.zero;
    j[prefix + "tp"] = c.tp;
    j[prefix + "cp"] = c.cp;
    j[prefix + "ep"] = c.ep;
    j[prefix + "sequence_parallel"] = c.sequence_parallel;
    j[prefix + "activation_offload"] = c.activation_offload;
    j[prefix + "offload"] = to_string(c.offload);
    j[prefix + "checkpointing"] = to_string(c.checkpointing);
}

json cards_json(const Estimate& e) {
    const CardsResult& c = e.cards;
    json j{{"count", e.scenario.cards},
           {"min_for_memory", c.min_for_memory},
           {"min_for_memory_any", c.min_for_memory_any},
           {"for_deadline", c.for_deadline},
           {"for_deadline_any", c.for_deadline_any},
           {"min_for_memory_only", c.min_for_memory_only}};
    put_strategy(j, c.best_strategy, "best_");
    if (c.for_deadline_any > 0)
        put_strategy(j, c.deadline_strategy, "deadline_"); // the fewest for the deadline
    if (c.memory_only_cards > 0) {                         // fewer cards the host RAM per node rules out
        j["memory_only_cards"] = c.memory_only_cards;
        j["memory_only_host_peak_gib"] = finite_or(c.memory_only_host.peak_node_gib);
        j["memory_only_host_available_gib"] = finite_or(c.memory_only_host.available_gib);
        put_strategy(j, c.memory_only_strategy, "memory_only_");
    }
    return j;
}

json cost_json(const CostResult& cost) {
    json plans = json::array();
    for (const PlanCost& p : cost.plans) {
        if (!p.available) continue;
        json row = numbers({{"total", p.total}, {"units", p.units}});
        row["plan"] = to_string(p.plan);
        plans.push_back(std::move(row));
    }
    json j = numbers({{"total", cost.total},
                      {"storage", cost.storage},
                      {"traffic", cost.traffic},
                      {"per_million_tokens", cost.per_million_tokens},
                      {"gpu_hours", cost.gpu_hours},
                      {"price_hourly", cost.price_hourly},
                      {"price_daily", cost.price_daily},
                      {"price_monthly", cost.price_monthly}});
    j["currency"] = to_string(cost.currency);
    j["best_plan"] = to_string(cost.best_plan);
    j["priced"] = cost.priced;
    j["plans"] = std::move(plans);
    return j;
}

json buy_json(const BuyResult& b) {
    json j = numbers({{"own_per_month", b.own_per_month},
                      {"power_per_month", b.power_per_month},
                      {"depreciation_per_month", b.depreciation_per_month},
                      {"rent_per_month", b.rent_per_month},
                      {"break_even_hours_per_month", b.break_even_hours_per_month}});
    j["buying_cheaper"] = b.buying_cheaper;
    j["purchase_known"] = b.purchase_known;
    j["rent_known"] = b.rent_known;
    return j;
}

json quotes_json(const Estimate& e) {
    json quotes = json::array();
    for (int i = 0; i < 3; i++) {
        const QuoteResult& q = e.quotes[i];
        quotes.push_back(json{{"name", e.scenario.quotes[i].name},
                              {"used", q.used},
                              {"billed_hours", finite_num(q.billed_hours)},
                              {"total", finite_num(q.total)},
                              {"deposit", finite_num(e.scenario.quotes[i].deposit)}});
    }
    return quotes;
}

json host_ram_json(const HostRamResult& h) {
    json j = numbers({{"load_per_rank_gib", h.load_per_rank_gib},
                      {"load_node_gib", h.load_node_gib},
                      {"offload_per_rank_gib", h.offload_per_rank_gib},
                      {"offload_node_gib", h.offload_node_gib},
                      {"process_node_gib", h.process_node_gib},
                      {"peak_node_gib", h.peak_node_gib},
                      {"available_gib", h.available_gib}});
    j["ranks_per_node"] = h.ranks_per_node;
    j["load_per_rank"] = h.load_per_rank;
    j["known"] = h.known;
    j["fits"] = h.fits;
    return j;
}

json spot_json(const Estimate& e) {
    const Scenario& s = e.scenario;
    const SpotResult& sp = e.spot;
    json j = numbers({{"price_hourly", s.spot_price_hourly},
                      {"interruptions_per_hour", s.interruptions_per_hour},
                      {"checkpoint_interval_hours", s.checkpoint_interval_hours},
                      {"restart_hours", s.restart_hours},
                      {"segment_hours", sp.segment_hours},
                      {"interruptions", sp.interruptions},
                      {"lost_per_interruption_hours", sp.lost_per_interruption_hours},
                      {"hours", sp.hours},
                      {"increment_hours", sp.increment_hours},
                      {"unused_per_interruption_hours", sp.unused_per_interruption_hours},
                      {"billed_hours", sp.billed_hours},
                      {"total", sp.total},
                      {"on_demand_total", sp.on_demand_total},
                      {"saving", sp.saving}});
    j["on_demand_priced"] = sp.on_demand_priced;
    return j;
}

json fit_json(const FitAnswer& a) {
    json j{{"found", a.found},
           {"value", a.value},
           {"at_limit", a.at_limit},
           {"per_gpu_gib", finite_or(a.per_gpu_gib)},
           {"next_per_gpu_gib", finite_or(a.next_per_gpu_gib)},
           {"usable_gib", finite_or(a.usable_gib)},
           {"host_limited", a.host_limited},
           {"planned_value", a.planned_value}};
    if (a.host_limited) {
        j["next_host_peak_gib"] = finite_or(a.next_host_peak_gib);
        j["next_host_available_gib"] = finite_or(a.next_host_available_gib);
    }
    if (a.host_blocked) { // nothing runs: the cards hold 1, the machine's RAM does not
        j["host_blocked"] = true;
        j["blocked_host_peak_gib"] = finite_or(a.blocked_host_peak_gib);
        j["blocked_host_available_gib"] = finite_or(a.blocked_host_available_gib);
        put_strategy(j, a.blocked_strategy, "blocked_");
    }
    put_strategy(j, a.strategy, "");
    return j;
}

json inverse_json(const InverseResult& r, const Catalog& catalog, Lang lang) {
    json j = json::object();
    j["micro_batch"] = fit_json(r.micro_batch);
    j["seq_len"] = fit_json(r.seq_len);
    const BudgetAnswer& b = r.budget;
    if (b.asked) {
        json& bj = j["budget"] = numbers({{"budget", r.scenario.budget},
                                          {"tokens_per_epoch", b.tokens_per_epoch},
                                          {"tokens", b.tokens},
                                          {"cost_total", b.cost_total},
                                          {"next_cost_total", b.next_cost_total},
                                          {"wall_hours", b.wall_hours}});
        bj["found"] = b.found;
        bj["fits"] = b.fits;
        bj["host_short"] = b.host_short;
        bj["unpriced"] = b.unpriced;
        bj["at_limit"] = b.at_limit;
        bj["plan"] = to_string(b.plan);
    }
    const DeadlineAnswer& d = r.deadline;
    if (d.asked) {
        const bool g = d.found && d.gpu_index >= 0 && d.gpu_index < int(catalog.gpus.size());
        j["deadline"] = json{{"deadline_hours", finite_or(r.scenario.deadline_hours)},
                             {"found", d.found},
                             {"gpu", g ? catalog.gpus[size_t(d.gpu_index)].id : std::string()},
                             {"cards", d.cards},
                             {"plan", to_string(d.plan)},
                             {"cost_total", finite_or(d.cost_total)},
                             {"wall_hours", finite_or(d.wall_hours)}};
        put_strategy(j["deadline"], d.strategy, ""); // cp, ep, sequence parallelism, activation offload too
    }
    j["explain"] = lines(explain(r, catalog, lang));
    return j;
}

json warnings_json(const Estimate& e, Lang lang) {
    json warnings = json::array();
    for (const Warning& w : e.warnings)
        warnings.push_back(json{{"code", warning_code_name(w.code)},
                                {"message", warning_text(w, e, lang)},
                                {"value", finite_num(w.value)},
                                {"limit", finite_num(w.limit)}});
    return warnings;
}

json explain_json(const Estimate& e, Lang lang) {
    return json{{"compute", lines(explain(e, Headline::compute, lang))},
                {"time", lines(explain(e, Headline::time, lang))},
                {"memory", lines(explain(e, Headline::memory, lang))},
                {"cards", lines(explain(e, Headline::cards, lang))},
                {"cost", lines(explain(e, Headline::cost, lang))},
                {"buy", lines(explain(e, Headline::buy, lang))}};
}

} // namespace

std::string estimate_to_json(const Estimate& e, Lang lang) {
    json j = json::object();
    j["ok"] = e.ok;
    json errors = json::array();
    for (const FieldError& fe : e.errors)
        errors.push_back(
            json{{"field", fe.field}, {"message", lang == Lang::zh ? fe.message_zh : fe.message}});
    j["errors"] = errors;
    // Invalid UTF-8 in user text is replaced (dump_safe), never thrown.
    if (!e.ok) return dump_safe(j);
    j["model"] = json{{"id", e.model.id}, {"name", e.model.name}};
    j["gpu"] = json{{"id", e.gpu.id}, {"name", e.gpu.name}};
    j["flops"] = flops_json(e.flops);
    j["time"] = time_json(e.time);
    j["gpu_hours"] = finite_num(e.gpu_hours);
    j["throughput_tokens_per_second_per_gpu"] = finite_num(e.throughput_tokens_per_second_per_gpu);
    j["memory"] = memory_json(e.memory);
    if (e.scenario.objective != Objective::sft) j["objective"] = objective_json(e);
    if (e.scenario.images_per_sample > 0) j["vision"] = vision_json(e);
    j["host_ram"] = host_ram_json(e.host);
    j["cards"] = cards_json(e);
    j["cost"] = cost_json(e.cost);
    j["buy"] = buy_json(e.buy);
    j["quotes"] = quotes_json(e);
    if (e.spot.used) j["spot"] = spot_json(e);
    j["warnings"] = warnings_json(e, lang);
    j["explain"] = explain_json(e, lang);
    return dump_safe(j);
}

//-----------------------------------------------------------------------------
// [SECTION] Catalog entries
//-----------------------------------------------------------------------------

std::string inverse_to_json(const InverseResult& r, const Catalog& catalog, Lang lang) {
    if (!r.ok) return errors_to_json(r.errors, lang);
    return dump_safe(inverse_json(r, catalog, lang));
}

std::string estimate_to_json(const Estimate& e, Lang lang, const InverseResult& inverse,
                             const Catalog& catalog) {
    json j = detail::parse_json_text(estimate_to_json(e, lang));
    if (j.is_discarded() || !e.ok || !inverse.ok) return estimate_to_json(e, lang);
    j["inverse"] = inverse_json(inverse, catalog, lang);
    return dump_safe(j);
}

std::string gpus_to_json(const std::vector<GpuSpec>& gpus, int indent) {
    Json list = Json::array();
    for (const GpuSpec& g : gpus) list.push_back(gpu_to_json(g));
    return dump_safe(list, indent);
}

std::string models_to_json(const std::vector<ModelSpec>& models, int indent) {
    Json list = Json::array();
    for (const ModelSpec& m : models) list.push_back(model_to_json(m));
    return dump_safe(list, indent);
}

std::string plain_number(double v) {
    return format_plain(v);
}

} // namespace traincalc

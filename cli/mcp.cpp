// traincalc — cli/mcp.cpp
// The Model Context Protocol over stdio (modelcontextprotocol.io specification, revisions
// 2024-11-05 … 2025-11-25): lifecycle `initialize` (and `ping`), `tools/list`, `tools/call`.
// JSON-RPC errors: -32700 parse error, -32600 invalid request, -32601 method not found,
// -32602 invalid params (an unknown tool, or arguments that do not match the tool's inputSchema).
// A tool that runs but finds the input wrong (a scenario field out of range) answers a result with
// isError: true and the errors, so the agent can correct itself.
//
// Index of this file:
// [SECTION] JSON-RPC replies
// [SECTION] Tool schemas
// [SECTION] Tools
// [SECTION] Dispatch and the stdio loop

#include "cli/mcp.h"
#include "cli/yaml_json.h"
#include "core/compare.h"
#include "core/config_export.h"
#include "core/config_import.h"
#include "core/estimate.h"
#include "core/json_read.h"
#include "core/json_write.h"
#include "core/scenario.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <string>

namespace traincalc {
namespace {
using Json = nlohmann::json;

// Revisions whose messages this server's shapes match; the newest is offered when the client's is unknown.
const char* const kProtocolVersions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};

//-----------------------------------------------------------------------------
// [SECTION] JSON-RPC replies
//-----------------------------------------------------------------------------

std::string dump(const Json& j) {
    return detail::dump_safe(j);
}

std::string reply(const Json& id, Json result) {
    return dump(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}
std::string error_reply(const Json& id, int code, const std::string& message) {
    return dump(Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

// A tool's result: the JSON as text (every client shows text) and as structuredContent.
Json tool_result(const Json& value, bool is_error) {
    return Json{{"content", Json::array({Json{{"type", "text"}, {"text", dump(value)}}})},
                {"structuredContent", value},
                {"isError", is_error}};
}

//-----------------------------------------------------------------------------
// [SECTION] Tool schemas
//-----------------------------------------------------------------------------

Json scenario_schema() {
    return Json{{"type", "object"},
                {"description",
                 "A traincalc scenario (docs/design.md keys): model (catalog id or architecture object), "
                 "method full|lora|qlora, tokens or samples + avg_tokens, epochs, seq_len, micro_batch, "
                 "grad_accum, checkpointing, precision, optimizer, zero, tp, pp, offload, gpu (catalog id "
                 "or object), cards, price … Missing keys take the defaults."}};
}
Json lang_schema() {
    return Json{
        {"type", "string"}, {"enum", {"en", "zh"}}, {"description", "language of messages (default en)"}};
}

Json tools_list() {
    Json tools = Json::array();
    tools.push_back(
        {{"name", "estimate"},
         {"title", "Estimate a training run"},
         {"description",
          "Compute, memory per GPU (and whether it fits), cards, time and cost of a training run, "
          "with the fewest-cards strategy when it does not fit."},
         {"inputSchema",
          {{"type", "object"},
           {"properties", {{"scenario", scenario_schema()}, {"lang", lang_schema()}}},
           {"required", {"scenario"}}}}});
    tools.push_back({{"name", "compare_gpus"},
                     {"title", "Compare every catalog GPU"},
                     {"description",
                      "For each catalog GPU, the cheapest configuration that fits (cards, ZeRO stage, tensor "
                      "parallelism, offload, recomputation), its wall-clock hours and cost; cheapest and "
                      "fastest marked."},
                     {"inputSchema",
                      {{"type", "object"},
                       {"properties",
                        {{"scenario", scenario_schema()},
                         {"max_cards",
                          {{"type", "integer"},
                           {"minimum", 1},
                           {"maximum", 65536},
                           {"description", "largest card count searched (default 4096)"}}}}},
                       {"required", {"scenario"}}}}});
    tools.push_back(
        {{"name", "import_config"},
         {"title", "Import a training config"},
         {"description",
          "Read a LLaMA-Factory or axolotl YAML, a DeepSpeed JSON, Transformers/TRL training arguments "
          "or a model's config.json into a scenario; lists the keys applied, resolved (auto, defaults), "
          "ignored and unused."},
         {"inputSchema",
          {{"type", "object"},
           {"properties",
            {{"text", {{"type", "string"}, {"description", "the config file's text (YAML or JSON)"}}},
             {"kind",
              {{"type", "string"},
               {"enum", {"auto", "llamafactory", "axolotl", "deepspeed", "hf_training_args", "hf_config"}},
               {"description", "which tool's config (default auto: told apart by its keys)"}}},
             {"base", scenario_schema()},
             {"lang", lang_schema()}}},
           {"required", {"text"}}}}});
    tools.push_back(
        {{"name", "export_config"},
         {"title", "Write the plan as a config"},
         {"description",
          "Estimate the scenario and write its plan as a LLaMA-Factory YAML, a DeepSpeed JSON, an "
          "accelerate FSDP config or the launch commands."},
         {"inputSchema",
          {{"type", "object"},
           {"properties",
            {{"scenario", scenario_schema()},
             {"format",
              {{"type", "string"}, {"enum", {"llamafactory", "deepspeed", "accelerate", "launch"}}}},
             {"lang", lang_schema()}}},
           {"required", {"scenario", "format"}}}}});
    return Json{{"tools", std::move(tools)}};
}

//-----------------------------------------------------------------------------
// [SECTION] Tools
//-----------------------------------------------------------------------------

struct Call {
    const Json& args;
    const Catalog& catalog;
    Lang lang = Lang::en;
};

Json errors_json(const std::vector<FieldError>& errors, Lang lang) {
    return Json::parse(errors_to_json(errors, lang), nullptr, false);
}

// The scenario argument read over `base`; false with the errors (a tool error, not a protocol one).
bool read_scenario(const Json& v, const Scenario& base, const Catalog& catalog, Scenario& out,
                   std::vector<FieldError>& errors) {
    ScenarioResult r = scenario_patch(base, dump(v), catalog);
    errors = std::move(r.errors);
    if (errors.empty()) errors = validate(r.scenario, catalog);
    out = std::move(r.scenario);
    return errors.empty();
}

Json tool_estimate(const Call& c) {
    Scenario s;
    std::vector<FieldError> errors;
    if (!read_scenario(c.args["scenario"], Scenario{}, c.catalog, s, errors))
        return tool_result(errors_json(errors, c.lang), true);
    Estimate e = estimate(s, c.catalog);
    if (!e.ok) return tool_result(errors_json(e.errors, c.lang), true);
    return tool_result(Json::parse(estimate_to_json(e, c.lang), nullptr, false), false);
}

Json tool_compare(const Call& c) {
    Scenario s;
    std::vector<FieldError> errors;
    if (!read_scenario(c.args["scenario"], Scenario{}, c.catalog, s, errors))
        return tool_result(errors_json(errors, c.lang), true);
    const int max_cards = c.args.contains("max_cards") ? c.args["max_cards"].get<int>() : 4096;
    Json rows = Json::array();
    for (const GpuOption& o : compare_gpus(s, c.catalog, max_cards)) {
        const GpuSpec& g = c.catalog.gpus[static_cast<size_t>(o.gpu_index)];
        Json row = {{"gpu", g.id}, {"name", g.name}, {"workable", o.workable}, {"runs", o.runs}};
        if (o.workable) {
            row["cards"] = o.cards;
            const StrategyChoice& st = o.strategy;
            row["zero"] = st.zero;
            row["tp"] = st.tp;
            row["cp"] = st.cp;
            row["ep"] = st.ep;
            row["sequence_parallel"] = st.sequence_parallel;
            row["activation_offload"] = st.activation_offload;
            row["offload"] = to_string(st.offload);
            row["checkpointing"] = to_string(st.checkpointing);
            row["memory_per_gpu_gib"] = o.memory_per_gpu_gib;
            row["wall_hours"] = o.wall_hours;
            row["cost_total"] = o.cost_total;
            row["currency"] = to_string(s.currency);
            row["priced"] = o.priced;
            row["cheapest"] = o.cheapest;
            row["fastest"] = o.fastest;
        }
        rows.push_back(std::move(row));
    }
    return tool_result(Json{{"gpus", std::move(rows)}}, false);
}

Json tool_import(const Call& c) {
    const std::string& text = c.args["text"].get_ref<const std::string&>();
    ConfigKind kind = ConfigKind::detect;
    if (c.args.contains("kind")) config_kind_from_string(c.args["kind"].get_ref<const std::string&>(), kind);
    Scenario base;
    std::vector<FieldError> errors;
    if (c.args.contains("base") && !read_scenario(c.args["base"], Scenario{}, c.catalog, base, errors))
        return tool_result(errors_json(errors, c.lang), true);
    YamlJson y;
    if (looks_like_json(text))
        y.json = text;
    else
        y = yaml_to_json(text);
    if (!y.errors.empty()) return tool_result(errors_json(y.errors, c.lang), true);
    ConfigImport r = import_config(y.json, kind, base, c.catalog, y.lines);
    return tool_result(Json::parse(config_import_to_json(r, c.lang), nullptr, false), !r.errors.empty());
}

Json tool_export(const Call& c) {
    Scenario s;
    std::vector<FieldError> errors;
    if (!read_scenario(c.args["scenario"], Scenario{}, c.catalog, s, errors))
        return tool_result(errors_json(errors, c.lang), true);
    ExportFormat f = ExportFormat::llamafactory;
    export_format_from_string(c.args["format"].get_ref<const std::string&>(), f);
    Estimate e = estimate(s, c.catalog);
    ConfigExport x = export_config(e, f);
    if (!x.errors.empty()) return tool_result(errors_json(x.errors, c.lang), true);
    Json notes = Json::array();
    for (const ExportNote& n : x.notes) notes.push_back(c.lang == Lang::zh ? n.zh : n.en);
    return tool_result(Json{{"file_name", x.file_name}, {"text", x.text}, {"notes", std::move(notes)}},
                       false);
}

// The inputSchema's rules, checked before a tool runs: a violation is -32602 (invalid params).
std::string check_args(const std::string& tool, const Json& args) {
    auto want = [&](const char* key, bool required, bool (Json::*is)() const,
                    const char* type) -> std::string {
        if (!args.contains(key))
            return required ? std::string("missing required argument \"") + key + "\"" : "";
        if (!(args[key].*is)()) return std::string("argument \"") + key + "\" must be " + type;
        return "";
    };
    auto one_of = [&](const char* key, std::initializer_list<const char*> names) -> std::string {
        if (!args.contains(key)) return "";
        for (const char* n : names)
            if (args[key] == n) return "";
        return std::string("argument \"") + key + "\" has a value outside its enum";
    };
    std::string e = want("lang", false, &Json::is_string, "a string");
    if (e.empty()) e = one_of("lang", {"en", "zh"});
    if (tool == "estimate" || tool == "compare_gpus" || tool == "export_config")
        if (e.empty()) e = want("scenario", true, &Json::is_object, "an object");
    if (tool == "compare_gpus" && e.empty()) {
        e = want("max_cards", false, &Json::is_number_integer, "an integer");
        if (e.empty() && args.contains("max_cards") &&
            (args["max_cards"].get<long long>() < 1 || args["max_cards"].get<long long>() > 65536))
            e = "argument \"max_cards\" must be from 1 to 65536";
    }
    if (tool == "import_config") {
        if (e.empty()) e = want("text", true, &Json::is_string, "a string");
        if (e.empty()) e = want("kind", false, &Json::is_string, "a string");
        if (e.empty())
            e = one_of("kind",
                       {"auto", "llamafactory", "axolotl", "deepspeed", "hf_training_args", "hf_config"});
        if (e.empty()) e = want("base", false, &Json::is_object, "an object");
    }
    if (tool == "export_config") {
        if (e.empty()) e = want("format", true, &Json::is_string, "a string");
        if (e.empty()) e = one_of("format", {"llamafactory", "deepspeed", "accelerate", "launch"});
    }
    return e;
}

//-----------------------------------------------------------------------------
// [SECTION] Dispatch and the stdio loop
//-----------------------------------------------------------------------------

std::string handle(const Json& msg, const Catalog& catalog) {
    const Json null_id;
    if (!msg.is_object())
        return error_reply(null_id, -32600,
                           "Invalid Request: a message must be a JSON object (batches are not supported)");
    const bool has_id = msg.contains("id");
    const Json id = has_id ? msg["id"] : null_id;
    if (has_id && !id.is_string() && !id.is_number_integer())
        return error_reply(null_id, -32600, "Invalid Request: id must be a string or an integer");
    if (!msg.contains("jsonrpc") || msg["jsonrpc"] != "2.0")
        return error_reply(id, -32600, "Invalid Request: jsonrpc must be \"2.0\"");
    if (!msg.contains("method") || !msg["method"].is_string())
        return error_reply(id, -32600, "Invalid Request: method must be a string");
    const std::string& method = msg["method"].get_ref<const std::string&>();
    if (msg.contains("params") && !msg["params"].is_object() && !msg["params"].is_array())
        return error_reply(id, -32600, "Invalid Request: params must be an object");
    if (!has_id)
        return ""; // a notification (notifications/initialized, notifications/cancelled, …): no reply
    const Json params = msg.contains("params") && msg["params"].is_object() ? msg["params"] : Json::object();

    if (method == "initialize") {
        if (!params.contains("protocolVersion") || !params["protocolVersion"].is_string())
            return error_reply(id, -32602, "Invalid params: initialize needs protocolVersion (a string)");
        std::string version = kProtocolVersions[0];
        for (const char* v : kProtocolVersions)
            if (params["protocolVersion"] == v) version = v;
        return reply(
            id, Json{{"protocolVersion", version},
                     {"capabilities", {{"tools", {{"listChanged", false}}}}},
                     {"serverInfo",
                      {{"name", "traincalc"},
                       {"title", "traincalc GPU training estimator"},
                       {"version", "0.1.0"}}},
                     {"instructions",
                      "Estimate GPU training runs: call import_config on the user's LLaMA-Factory/axolotl/"
                      "DeepSpeed config, then estimate or compare_gpus with the scenario it returns."}});
    }
    if (method == "ping") return reply(id, Json::object());
    if (method == "tools/list") return reply(id, tools_list());
    if (method == "tools/call") {
        if (!params.contains("name") || !params["name"].is_string())
            return error_reply(id, -32602, "Invalid params: tools/call needs name (a string)");
        if (params.contains("arguments") && !params["arguments"].is_object())
            return error_reply(id, -32602, "Invalid params: arguments must be an object");
        const std::string& name = params["name"].get_ref<const std::string&>();
        const Json args = params.contains("arguments") ? params["arguments"] : Json::object();
        if (name != "estimate" && name != "compare_gpus" && name != "import_config" &&
            name != "export_config")
            return error_reply(id, -32602, "Unknown tool: " + name);
        const std::string bad = check_args(name, args);
        if (!bad.empty()) return error_reply(id, -32602, "Invalid params: " + bad);
        Call c{args, catalog, args.contains("lang") && args["lang"] == "zh" ? Lang::zh : Lang::en};
        if (name == "estimate") return reply(id, tool_estimate(c));
        if (name == "compare_gpus") return reply(id, tool_compare(c));
        if (name == "import_config") return reply(id, tool_import(c));
        return reply(id, tool_export(c));
    }
    return error_reply(id, -32601, "Method not found: " + method);
}

} // namespace

std::string mcp_handle(const std::string& line, const Catalog& catalog) {
    const Json msg = Json::parse(line, nullptr, false);
    if (msg.is_discarded()) return error_reply(Json(), -32700, "Parse error: the line is not JSON");
    return handle(msg, catalog);
}

int run_mcp(std::istream& in, std::ostream& out, const Catalog& catalog) {
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        const std::string r = mcp_handle(line, catalog);
        if (!r.empty()) out << r << "\n" << std::flush; // stdout carries only protocol messages
    }
    return 0;
}

} // namespace traincalc

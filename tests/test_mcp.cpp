// traincalc — tests/test_mcp.cpp
// A client that speaks the Model Context Protocol to the built binary (`traincalc mcp`, path in
// TRAINCALC_CLI): newline-delimited JSON-RPC 2.0 on stdin, one reply a line on stdout. Checks the
// lifecycle, tools/list's schemas, tools/call of every tool, and the protocol errors of bad calls.
//
// Index of this file:
// [SECTION] Talking to the server
// [SECTION] initialize, ping, tools/list
// [SECTION] tools/call
// [SECTION] Bad calls: protocol errors

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using Json = nlohmann::json;

//-----------------------------------------------------------------------------
// [SECTION] Talking to the server
//-----------------------------------------------------------------------------
namespace {

// Sends `lines` (one message each) to a fresh server and returns its replies, one JSON per line.
std::vector<Json> session(const std::vector<std::string>& lines, int* exit_code = nullptr) {
    std::string pattern = (fs::temp_directory_path() / "traincalc_mcp_XXXXXX").string();
    const int fd = mkstemp(&pattern[0]);
    REQUIRE_MESSAGE(fd >= 0, "cannot create a temporary file from " << pattern);
    std::string input;
    for (const std::string& l : lines) input += l + "\n";
    REQUIRE(write(fd, input.data(), input.size()) == static_cast<ssize_t>(input.size()));
    close(fd);
    const std::string cmd = "'" + std::string(TRAINCALC_CLI) + "' mcp < '" + pattern + "' 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    const int status = pclose(p);
    std::remove(pattern.c_str());
    if (exit_code) *exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::vector<Json> replies;
    size_t start = 0;
    for (size_t nl = out.find('\n'); nl != std::string::npos; start = nl + 1, nl = out.find('\n', start)) {
        Json j = Json::parse(out.substr(start, nl - start), nullptr, false);
        REQUIRE_MESSAGE(!j.is_discarded(), "a reply line is not JSON: " << out.substr(start, nl - start));
        replies.push_back(std::move(j));
    }
    CHECK_MESSAGE(start == out.size(), "output does not end with a newline");
    return replies;
}

Json one(const std::string& line) {
    std::vector<Json> r = session({line});
    REQUIRE(r.size() == 1);
    return r[0];
}

std::string call(int id, const std::string& tool, const Json& args) {
    return Json{{"jsonrpc", "2.0"},
                {"id", id},
                {"method", "tools/call"},
                {"params", {{"name", tool}, {"arguments", args}}}}
        .dump();
}

const char kInit[] =
    R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",)"
    R"("capabilities":{},"clientInfo":{"name":"traincalc-test","version":"1"}}})";
const char kInitialized[] = R"({"jsonrpc":"2.0","method":"notifications/initialized"})";

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] initialize, ping, tools/list
//-----------------------------------------------------------------------------

TEST_CASE("mcp: initialize, the initialized notification (no reply), ping, tools/list") {
    int code = -1;
    std::vector<Json> r = session({kInit, kInitialized, R"({"jsonrpc":"2.0","id":"p","method":"ping"})",
                                   R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})"},
                                  &code);
    CHECK(code == 0);
    REQUIRE(r.size() == 3); // the notification gets no reply
    CHECK(r[0]["jsonrpc"] == "2.0");
    CHECK(r[0]["id"] == 1);
    CHECK(r[0]["result"]["protocolVersion"] == "2025-06-18"); // the client's, which the server supports
    CHECK(r[0]["result"]["capabilities"]["tools"].is_object());
    CHECK(r[0]["result"]["serverInfo"]["name"] == "traincalc");
    CHECK(r[1]["id"] == "p");
    CHECK(r[1]["result"] == Json::object());
    const Json& tools = r[2]["result"]["tools"];
    REQUIRE(tools.is_array());
    std::vector<std::string> names;
    for (const Json& t : tools) {
        names.push_back(t["name"]);
        CHECK(t["description"].is_string());
        CHECK(t["inputSchema"]["type"] == "object");
        CHECK(t["inputSchema"]["properties"].is_object());
        for (const Json& req : t["inputSchema"]["required"])
            CHECK(t["inputSchema"]["properties"].contains(req.get<std::string>()));
    }
    CHECK(names == std::vector<std::string>{"estimate", "compare_gpus", "import_config", "export_config"});
}

TEST_CASE("mcp: an unknown protocol version is answered with the server's newest") {
    Json r = one(
        R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{}}})");
    CHECK(r["result"]["protocolVersion"] == "2025-11-25");
}

//-----------------------------------------------------------------------------
// [SECTION] tools/call
//-----------------------------------------------------------------------------

TEST_CASE("mcp: tools/call estimate, compare_gpus, import_config, export_config") {
    const Json scenario = {{"model", "qwen2.5-7b"}, {"method", "lora"}, {"gpu", "A100-80G"}, {"cards", 1}};
    const std::string lf =
        "model_name_or_path: Qwen/Qwen2.5-7B-Instruct\nfinetuning_type: lora\nlora_rank: 16\n"
        "cutoff_len: 4096\nper_device_train_batch_size: 2\nbf16: true\n";
    std::vector<Json> r = session(
        {kInit, kInitialized, call(10, "estimate", {{"scenario", scenario}}),
         call(11, "compare_gpus", {{"scenario", scenario}, {"max_cards", 64}}),
         call(12, "import_config", {{"text", lf}}),
         call(13, "export_config", {{"scenario", scenario}, {"format", "deepspeed"}}),
         call(14, "estimate", {{"scenario", {{"micro_batch", 0}}}}),
         call(15, "import_config", {{"text", "finetuning_type: lora\ncutoff_len: 0\n"}, {"lang", "zh"}})});
    REQUIRE(r.size() == 7);
    // estimate: the estimate JSON, as text and structured.
    const Json& est = r[1]["result"];
    CHECK(r[1]["id"] == 10);
    CHECK(est["isError"] == false);
    CHECK(est["content"][0]["type"] == "text");
    CHECK(Json::parse(est["content"][0]["text"].get<std::string>()) == est["structuredContent"]);
    CHECK(est["structuredContent"]["memory"]["fits"] == true);
    CHECK(est["structuredContent"]["time"]["wall_hours"].get<double>() > 0);
    // compare_gpus: every catalog GPU, one marked cheapest.
    const Json& gpus = r[2]["result"]["structuredContent"]["gpus"];
    REQUIRE(gpus.is_array());
    CHECK(gpus.size() >= 10);
    int cheapest = 0;
    for (const Json& g : gpus) cheapest += g.value("cheapest", false) ? 1 : 0;
    CHECK(cheapest == 1);
    // import_config: the YAML's keys applied, with lines.
    const Json& imp = r[3]["result"]["structuredContent"];
    CHECK(r[3]["result"]["isError"] == false);
    CHECK(imp["kind"] == "llamafactory");
    CHECK(imp["scenario"]["seq_len"] == 4096);
    CHECK(imp["scenario"]["micro_batch"] == 2);
    bool cutoff_line = false;
    for (const Json& a : imp["applied"]) cutoff_line |= a["key"] == "cutoff_len" && a["line"] == 4;
    CHECK(cutoff_line);
    // export_config: a DeepSpeed JSON that parses.
    const Json& ex = r[4]["result"]["structuredContent"];
    CHECK(ex["file_name"] == "traincalc_deepspeed.json");
    CHECK(Json::parse(ex["text"].get<std::string>())["zero_optimization"]["stage"] == 0);
    // A bad scenario is a tool error (isError), not a protocol error: the agent can fix it.
    CHECK(r[5]["result"]["isError"] == true);
    CHECK(r[5]["result"]["structuredContent"]["errors"][0]["field"] == "micro_batch");
    CHECK(r[6]["result"]["isError"] == true);
    CHECK(r[6]["result"]["structuredContent"]["errors"][0]["message"] ==
          "cutoff_len（第 2 行） → seq_len 必须是 1 到 1048576 之间的整数，实际为 0");
}

//-----------------------------------------------------------------------------
// [SECTION] Bad calls: protocol errors
//-----------------------------------------------------------------------------

TEST_CASE("mcp: bad calls get JSON-RPC errors") {
    auto code_of = [](const Json& r) { return r["error"]["code"].get<int>(); };
    // -32700: not JSON (id unknown: null).
    Json r = one("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ");
    CHECK(code_of(r) == -32700);
    CHECK(r["id"].is_null());
    // -32600: not a request object; a batch; wrong jsonrpc; method not a string; id of a wrong type.
    CHECK(code_of(one("42")) == -32600);
    CHECK(code_of(one(R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])")) == -32600);
    r = one(R"({"jsonrpc":"1.0","id":7,"method":"ping"})");
    CHECK(code_of(r) == -32600);
    CHECK(r["id"] == 7);
    CHECK(code_of(one(R"({"jsonrpc":"2.0","id":8,"method":3})")) == -32600);
    CHECK(code_of(one(R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})")) == -32600);
    // -32601: no such method.
    r = one(R"({"jsonrpc":"2.0","id":9,"method":"resources/list"})");
    CHECK(code_of(r) == -32601);
    CHECK(r["error"]["message"] == "Method not found: resources/list");
    // -32602: an unknown tool, missing or mistyped arguments, values outside an enum, initialize without a
    // version.
    r = one(call(20, "largest_batch", Json::object()));
    CHECK(code_of(r) == -32602);
    CHECK(r["error"]["message"] == "Unknown tool: largest_batch");
    r = one(call(21, "estimate", Json::object()));
    CHECK(code_of(r) == -32602);
    CHECK(r["error"]["message"] == "Invalid params: missing required argument \"scenario\"");
    CHECK(code_of(one(call(22, "estimate", {{"scenario", "qwen"}}))) == -32602);
    CHECK(code_of(one(call(23, "import_config", {{"text", 5}}))) == -32602);
    CHECK(code_of(one(call(24, "export_config", {{"scenario", Json::object()}, {"format", "yaml"}}))) ==
          -32602);
    CHECK(code_of(one(call(25, "compare_gpus", {{"scenario", Json::object()}, {"max_cards", 0}}))) == -32602);
    CHECK(code_of(one(R"({"jsonrpc":"2.0","id":26,"method":"tools/call","params":{"arguments":{}}})")) ==
          -32602);
    CHECK(code_of(one(R"({"jsonrpc":"2.0","id":27,"method":"initialize","params":{}})")) == -32602);
    // A notification of an unknown method gets no reply at all; blank lines are skipped.
    std::vector<Json> none = session({R"({"jsonrpc":"2.0","method":"notifications/whatever"})", "", "   "});
    CHECK(none.empty());
}

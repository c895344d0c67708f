// traincalc — cli/mcp.h
// `traincalc mcp`: a Model Context Protocol server on stdio for coding agents. JSON-RPC 2.0, one
// message per line (the stdio transport); tools estimate, compare_gpus, import_config and
// export_config, each with a JSON Schema for its arguments.
#pragma once
#include "core/catalog.h"
#include <iosfwd>
#include <string>

namespace traincalc {

// Serves until `in` ends. Returns the exit status (0).
int run_mcp(std::istream& in, std::ostream& out, const Catalog& catalog);

// One message in, the reply line out ("" for a notification, which gets no reply). For tests.
std::string mcp_handle(const std::string& line, const Catalog& catalog);

} // namespace traincalc

// traincalc — core/json_write.h
// Writing JSON: the estimate (docs/design.md's contract) and catalog entries. Values are always finite;
// invalid UTF-8 in user text is replaced, never thrown (the page builds with JSON_NOEXCEPTION).
// (The scenario's JSON is written by scenario_to_json(), beside its field table in scenario.h.)
//
// Index of this file:
// [SECTION] Estimate
// [SECTION] Catalog entries
#pragma once
#include "estimate.h"
#include "inverse.h"
#include <string>
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Estimate
//-----------------------------------------------------------------------------

// docs/design.md's estimate JSON (every key listed there, plus the itemised results), on one line.
// `lang` chooses the language of error and warning messages and of the explanation lines.
std::string estimate_to_json(const Estimate& e, Lang lang);
// The same with the inverse questions' answers under "inverse" (the CLI's `estimate --inverse`).
std::string estimate_to_json(const Estimate& e, Lang lang, const InverseResult& inverse,
                             const Catalog& catalog);

// The inverse questions alone: {"micro_batch":{...},"seq_len":{...},"budget":{...},"deadline":{...},
// "explain":[...]}, or {"errors":[...]} (the CLI's `largest-batch`).
std::string inverse_to_json(const InverseResult& r, const Catalog& catalog, Lang lang);

//-----------------------------------------------------------------------------
// [SECTION] Catalog entries
//-----------------------------------------------------------------------------

// The catalog's own keys (parse_catalog() reads them back), indented by `indent` (-1: one line).
std::string gpus_to_json(const std::vector<GpuSpec>& gpus, int indent = 2);
std::string models_to_json(const std::vector<ModelSpec>& models, int indent = 2);

// Shortest text that reads back to the same double; integers without an exponent ("0", not "-0").
std::string plain_number(double v);

} // namespace traincalc

// traincalc — core/limits.h
// Input size caps: the longest text each parser reads. The same numbers bound the page's JS API,
// its file import and URL hash, and the CLI's stdin and files (README, "Bad input"). Text over
// its cap is refused with an error before any parsing: no input can make the parser allocate
// without bound.
//
// Index of this file:
// [SECTION] Caps (bytes, and errors kept)
#pragma once
#include <cstddef>

namespace traincalc {
namespace limits {

//-----------------------------------------------------------------------------
// [SECTION] Caps (bytes, and errors kept)
//-----------------------------------------------------------------------------

// A scenario (scenario_from_json, scenario_patch; JS set(), an imported scenario, CLI FILE).
// A full scenario with every key and three quotes is about 3 KB.
constexpr size_t kMaxScenarioBytes = 1024 * 1024;

// A catalog (parse_catalog, merge_catalog; the page's provider block, setCatalog(), --catalog).
// The built-in one is 29 KB; 8 MiB holds 100,000 short GPU entries.
constexpr size_t kMaxCatalogBytes = 8 * 1024 * 1024;

// A Hugging Face config.json (model_from_hf_config; paste, import). Real ones are 1–70 KB.
constexpr size_t kMaxConfigBytes = 1024 * 1024;

// A training config (YAML or JSON) as given, before YAML becomes JSON, and any FILE the CLI reads as a
// scenario or a config: the larger of the two. The page refuses a text or file over its cap unread.
constexpr size_t kMaxImportFileBytes =
    kMaxScenarioBytes > kMaxConfigBytes ? kMaxScenarioBytes : kMaxConfigBytes;

// A URL hash after '#' (decode_hash; encode_hash's links must fit too): a full scenario is
// about 4 KB in base64url.
constexpr size_t kMaxHashBytes = 64 * 1024;
// What a scenario's free text (ids, names, sources, quote names) may take once written as JSON
// (control characters as \u00XX): base64 makes it 4/3, and the rest of the scenario's JSON needs
// under 8 KiB of the link (tests/test_url.cpp checks a scenario at this limit gives a link that fits).
constexpr size_t kMaxScenarioTextJsonBytes = (kMaxHashBytes - 8 * 1024) / 4 * 3;

// A scenario's model_repo (the repository or path an imported config named): Hugging Face ids are
// at most 96 characters; a local path longer than this is not a path anyone types.
constexpr size_t kMaxModelRepoBytes = 1024;

// Errors kept per parse: past this many, one more error says how many were left out
// (a document of a million unknown keys must not answer with a million messages).
constexpr size_t kMaxErrors = 100;

} // namespace limits
} // namespace traincalc

// traincalc — cli/yaml_json.h
// YAML → JSON for the native tools (Debian's yaml-cpp), keeping each key's line for error messages.
// core/ reads JSON only; the page does the same conversion in its web layer with an npm parser.
#pragma once
#include "core/catalog.h"
#include "core/config_import.h"
#include <string>
#include <vector>

namespace traincalc {

struct YamlJson {
    std::string json;               // the document as JSON text ("" when errors)
    std::vector<KeyLine> lines;     // every mapping key, nested keys dotted, 1-based lines
    std::vector<FieldError> errors; // YAML syntax errors, with line and column
};

// Scalars resolve as PyYAML's safe_load does (LLaMA-Factory, axolotl and TRL load their YAML with
// it): null/~/empty, true/false/yes/no/on/off, integers, floats; quoted scalars stay strings.
// One lenience: 1e9 (no dot) reads as a number, as in JSON, where PyYAML would keep a string.
YamlJson yaml_to_json(const std::string& text);

// True when the text is JSON rather than YAML (its first non-blank character opens an object or array):
// JSON goes to core unchanged, so numbers keep JSON's meaning.
bool looks_like_json(const std::string& text);

} // namespace traincalc

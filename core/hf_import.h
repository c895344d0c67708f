// traincalc — core/hf_import.h
// A Hugging Face config.json (the file every model repository has) read into a ModelSpec, its
// parameters counted from the architecture (count_params). Text in, values and messages out.
//
// Index of this file:
// [SECTION] model_from_hf_config()
#pragma once
#include "catalog.h"
#include <string_view>
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] model_from_hf_config()
//-----------------------------------------------------------------------------

// A Hugging Face config.json read into a ModelSpec, parameters counted from the architecture.
struct ModelResult {
    ModelSpec model;
    std::vector<FieldError> errors;
};
ModelResult model_from_hf_config(std::string_view config_json_text);

} // namespace traincalc

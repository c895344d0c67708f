// traincalc — tests/fuzz/fuzz_hf_config.cpp
// model_from_hf_config() on any text, then an estimate with the imported model: never a
// crash, never NaN/Infinity.
#include "core/hf_import.h"
#include "fuzz_common.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace traincalc;
    const Catalog& catalog = fuzz_builtin_catalog();
    ModelResult r = model_from_hf_config(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!r.errors.empty()) return 0;
    Scenario s;
    s.model_id.clear();
    s.model = r.model;
    FUZZ_CHECK(std::isfinite(s.model.params) && s.model.params >= 1000, "imported params out of range");
    // The default LoRA's rank (16) must fit the hidden size: a rule of the scenario, not of the
    // model (a config with hidden_size 12 is a valid if tiny model), said on lora_rank alone.
    const std::vector<FieldError> lora_errors = validate(s, catalog);
    if (s.model.hidden >= s.lora_rank)
        FUZZ_CHECK(lora_errors.empty(), "an imported model fails validate() under LoRA");
    else
        FUZZ_CHECK(lora_errors.size() == 1 && lora_errors[0].field == "lora_rank",
                   "a model narrower than the LoRA rank fails on more than lora_rank");
    fuzz_check_estimate(s, catalog);
    s.method = Method::full;
    FUZZ_CHECK(validate(s, catalog).empty(), "an imported model fails validate()");
    fuzz_check_estimate(s, catalog);
    s.cards = 8;
    s.zero = 3;
    fuzz_check_estimate(s, catalog);
    return 0;
}

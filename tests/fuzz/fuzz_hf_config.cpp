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
    FUZZ_CHECK(validate(s, catalog).empty(), "an imported model fails validate()");
    fuzz_check_estimate(s, catalog);
    s.method = Method::full;
    s.cards = 8;
    s.zero = 3;
    fuzz_check_estimate(s, catalog);
    return 0;
}

// traincalc — tests/fuzz/fuzz_catalog.cpp
// parse_catalog() and merge_catalog() over the built-in catalog: never a crash; every entry
// they accept can be estimated without NaN/Infinity.
#include "fuzz_common.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace traincalc;
    std::string text(reinterpret_cast<const char*>(data), size);
    CatalogResult parsed = parse_catalog(text);
    CatalogResult merged = merge_catalog(fuzz_builtin_catalog(), text);
    // Accepted entries are usable: estimate the first few cards and models of the input.
    const Catalog& cat = merged.catalog;
    for (size_t i = 0; i < parsed.catalog.gpus.size() && i < 2; ++i) {
        Scenario s;
        s.gpu_id = parsed.catalog.gpus[i].id;
        if (cat.find_gpu(s.gpu_id) && cat.find_model(s.model_id)) fuzz_check_estimate(s, cat);
    }
    for (size_t i = 0; i < parsed.catalog.models.size() && i < 2; ++i) {
        Scenario s;
        s.model_id = parsed.catalog.models[i].id;
        if (cat.find_gpu(s.gpu_id) && cat.find_model(s.model_id)) fuzz_check_estimate(s, cat);
    }
    return 0;
}

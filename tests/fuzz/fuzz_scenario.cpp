// traincalc — tests/fuzz/fuzz_scenario.cpp
// Scenario JSON → validate → estimate → estimate_to_json: never a crash, never NaN/Infinity;
// whatever validate() accepts, estimate() answers (ok);
// and every accepted scenario survives to_json/from_json and the URL hash unchanged.
#include "core/url.h"
#include "fuzz_common.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace traincalc;
    const Catalog& catalog = fuzz_builtin_catalog();
    std::string text(reinterpret_cast<const char*>(data), size);
    ScenarioResult r = scenario_from_json(text, catalog);
    if (!r.errors.empty()) return 0;
    if (!validate(r.scenario, catalog).empty()) return 0;
    // One input contract: whatever validate() accepts, estimate() answers.
    FUZZ_CHECK(estimate(r.scenario, catalog).ok, "validate() accepted a scenario that estimate() refused");
    fuzz_check_estimate(r.scenario, catalog);

    std::string once = scenario_to_json(r.scenario);
    ScenarioResult again = scenario_from_json(once, catalog);
    FUZZ_CHECK(again.errors.empty(), "to_json of an accepted scenario does not read back");
    FUZZ_CHECK(scenario_to_json(again.scenario) == once, "to_json/from_json round trip changed the scenario");

    HashState st = decode_hash(encode_hash(r.scenario, true, "zh"), catalog);
    FUZZ_CHECK(st.has_scenario && st.scenario.errors.empty(),
               "the URL hash of an accepted scenario does not decode");
    FUZZ_CHECK(scenario_to_json(st.scenario.scenario) == once,
               "the URL hash round trip changed the scenario");
    return 0;
}

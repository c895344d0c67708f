// traincalc — tests/fuzz/fuzz_hash.cpp
// decode_hash() on any text: never a crash; a hash that decodes cleanly re-encodes to the
// same scenario. Also feeds the input as the base64url payload, to reach the JSON reader.
#include "core/url.h"
#include "fuzz_common.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace traincalc;
    const Catalog& catalog = fuzz_builtin_catalog();
    std::string text(reinterpret_cast<const char*>(data), size);
    for (const std::string& hash : {text, "#s=" + base64url_encode(text) + "&embed=1"}) {
        HashState st = decode_hash(hash, catalog);
        if (!st.has_scenario || !st.scenario.errors.empty()) continue;
        std::string once = scenario_to_json(st.scenario.scenario);
        HashState again = decode_hash(encode_hash(st.scenario.scenario, st.embed, st.lang), catalog);
        FUZZ_CHECK(again.has_scenario && again.scenario.errors.empty(), "re-encoded hash does not decode");
        FUZZ_CHECK(scenario_to_json(again.scenario.scenario) == once, "hash round trip changed the scenario");
        FUZZ_CHECK(again.embed == st.embed && again.lang == st.lang, "hash round trip changed embed/lang");
    }
    std::string bytes;
    base64url_decode(text, bytes);
    return 0;
}

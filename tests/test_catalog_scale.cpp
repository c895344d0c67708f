// traincalc — tests/test_catalog_scale.cpp
// Catalog loading is linear in the number of entries: ids are hashed for the duplicate check
// and for merging (it was a pairwise O(n²) scan: 40 s for 100,000 entries). Checked by how the
// time grows (10× the entries must cost far less than 100× the time), not by a wall-clock
// budget, so the test holds under sanitizers and on a busy machine; the time is printed.
//
// Index of this file:
// [SECTION] Helpers
// [SECTION] parse_catalog() and merge_catalog() at 10,000 and 100,000 entries

#include "core/catalog.h"
#include "core/limits.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <string>

using namespace traincalc;

//-----------------------------------------------------------------------------
// [SECTION] Helpers
//-----------------------------------------------------------------------------
namespace {

// {"gpus":[{"id":"g0","name":"G","memory_gib":80,"tflops_16bit":100}, …]}: about 60 bytes each.
std::string catalog_text(int gpus, const char* prefix = "g") {
    std::string text = "{\"gpus\":[";
    text.reserve(static_cast<size_t>(gpus) * 64 + 16);
    for (int i = 0; i < gpus; ++i) {
        text += i ? ",{\"id\":\"" : "{\"id\":\"";
        text += prefix + std::to_string(i) + "\",\"name\":\"G\",\"memory_gib\":80,\"tflops_16bit\":100}";
    }
    return text + "]}";
}

// Best of three runs, in seconds.
template <class F> double seconds(F&& run) {
    double best = 1e9;
    for (int k = 0; k < 3; ++k) {
        auto t0 = std::chrono::steady_clock::now();
        run();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] parse_catalog() and merge_catalog() at 10,000 and 100,000 entries
//-----------------------------------------------------------------------------

TEST_CASE("catalog scale: 100,000 entries load in linear time (parse and merge)") {
    const std::string small = catalog_text(10000), large = catalog_text(100000);
    REQUIRE(large.size() <= limits::kMaxCatalogBytes); // 100,000 short entries fit under the cap

    CatalogResult r = parse_catalog(large);
    REQUIRE(r.errors.empty());
    REQUIRE(r.catalog.gpus.size() == 100000);
    CHECK(r.catalog.gpus[99999].id == "g99999");

    const double t_small = seconds([&] { parse_catalog(small); });
    const double t_large = seconds([&] { parse_catalog(large); });
    MESSAGE("parse_catalog: 10,000 entries " << t_small * 1e3 << " ms, 100,000 entries " << t_large * 1e3
                                             << " ms");
    CHECK(t_large < 30 * t_small); // linear: ~10×; the pairwise scan was ~100×

    // merge (extend): 100,000 provider entries over a 100,000-entry base, half of them replacing.
    const std::string provider_small = catalog_text(10000, "g"), provider_large = catalog_text(100000, "g");
    const Catalog base = r.catalog;
    CatalogResult merged = merge_catalog(base, provider_large);
    REQUIRE(merged.errors.empty());
    CHECK(merged.catalog.gpus.size() == 100000); // every id replaced in place
    const std::string fresh = catalog_text(100000, "h");
    merged = merge_catalog(base, fresh);
    CHECK(merged.catalog.gpus.size() == 200000); // every id new, appended
    const Catalog base_small = parse_catalog(small).catalog;
    const double m_small = seconds([&] { merge_catalog(base_small, provider_small); });
    const double m_large = seconds([&] { merge_catalog(base, provider_large); });
    MESSAGE("merge_catalog: 10,000 over 10,000 " << m_small * 1e3 << " ms, 100,000 over 100,000 "
                                                 << m_large * 1e3 << " ms");
    CHECK(m_large < 30 * m_small);
}

TEST_CASE("catalog scale: duplicate ids are still found, naming the first definition") {
    CatalogResult r = parse_catalog(R"({"gpus":[
        {"id":"a","name":"A","memory_gib":8,"tflops_16bit":1},
        {"id":"b","name":"B","memory_gib":8,"tflops_16bit":1},
        {"id":"a","name":"A2","memory_gib":8,"tflops_16bit":1}]})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].field == "gpus[2].id");
    CHECK(r.errors[0].message == "gpus[2] (id \"a\"): duplicate id, first defined at gpus[0]");
    REQUIRE(r.catalog.gpus.size() == 2);
    CHECK(r.catalog.gpus[0].name == "A");
}

// traincalc — tests/test_json_write.cpp
// core/json_write.h: catalog entries written with the catalog's own keys read back to the same
// entries; an invalid estimate's JSON carries only its errors; numbers are written plainly.
// (estimate_to_json's full key set and finiteness: tests/test_estimate.cpp and the fuzzers.)
//
// Index of this file:
// [SECTION] Catalog entries
// [SECTION] Estimates
#include "core/json_write.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace traincalc;

//-----------------------------------------------------------------------------
// [SECTION] Catalog entries
//-----------------------------------------------------------------------------

TEST_CASE("json_write: the built-in catalog written by gpus_to_json/models_to_json reads back the same") {
    CatalogResult base = parse_catalog(builtin_catalog_json());
    REQUIRE(base.errors.empty());
    const std::string text = R"({"gpus": )" + gpus_to_json(base.catalog.gpus, -1) + R"(, "models": )" +
                             models_to_json(base.catalog.models, -1) + "}";
    CatalogResult again = parse_catalog(text);
    REQUIRE(again.errors.empty());
    REQUIRE(again.catalog.gpus.size() == base.catalog.gpus.size());
    REQUIRE(again.catalog.models.size() == base.catalog.models.size());
    for (size_t i = 0; i < base.catalog.gpus.size(); i++) {
        const GpuSpec &a = base.catalog.gpus[i], &b = again.catalog.gpus[i];
        CHECK(a.id == b.id);
        CHECK(a.memory_gib == b.memory_gib);
        CHECK(a.tflops_16bit == b.tflops_16bit);
        CHECK(a.price_cny_per_hour == b.price_cny_per_hour);
        CHECK(a.verified == b.verified);
    }
    for (size_t i = 0; i < base.catalog.models.size(); i++) {
        const ModelSpec &a = base.catalog.models[i], &b = again.catalog.models[i];
        CHECK(a.id == b.id);
        CHECK(a.params == b.params);
        CHECK(a.layers == b.layers);
        CHECK(a.vocab == b.vocab);
    }
}

TEST_CASE("json_write: plain_number") {
    CHECK(plain_number(-0.0) == "0");
    CHECK(plain_number(1048576) == "1048576");
    CHECK(plain_number(3.5e12) == "3.5e12");
}

//-----------------------------------------------------------------------------
// [SECTION] Estimates
//-----------------------------------------------------------------------------

TEST_CASE("json_write: an invalid scenario's estimate is ok:false with its errors, in the language asked") {
    CatalogResult c = parse_catalog(builtin_catalog_json());
    Scenario s;
    s.cards = 0;
    const Estimate e = estimate(s, c.catalog);
    REQUIRE_FALSE(e.ok);
    auto en = nlohmann::json::parse(estimate_to_json(e, Lang::en));
    auto zh = nlohmann::json::parse(estimate_to_json(e, Lang::zh));
    CHECK(en["ok"] == false);
    CHECK(en.size() == 2); // ok and errors only: no stale numbers
    REQUIRE(en["errors"].size() >= 1);
    CHECK(en["errors"][0]["field"] == "cards");
    CHECK(en["errors"][0]["message"] != zh["errors"][0]["message"]);
}

// traincalc — tests/test_underflow.cpp
// Arithmetic that cannot lie: tiny positive inputs whose 0 means "not set" are refused by their
// range (0, or a value from a floor up), never underflowed to a silent 0 or an overflowed price;
// and no "-0" in any output, JSON or text.
//
// Index of this file:
// [SECTION] Tiny inputs are range errors naming the field
// [SECTION] No -0 in output

#include "core/catalog.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/json_read.h"
#include "core/json_write.h"
#include "core/scenario.h"
#include "core/url.h"
#include "fixtures.h"

#include <doctest/doctest.h>

#include <cstring>
#include <string>

using namespace traincalc;

namespace {

bool has_negative_zero(const std::string& text, const char* sign = "-") {
    const size_t n = std::strlen(sign) + 1; // the sign and the zero
    const std::string zero = std::string(sign) + "0";
    for (size_t i = text.find(zero); i != std::string::npos; i = text.find(zero, i + 1)) {
        const char next = i + n < text.size() ? text[i + n] : ',';
        // "-0", "-0.0", "-0.00": a zero with a sign (not -0.5 or -0e... of a real number).
        if (next == '.') {
            size_t k = i + n + 1;
            while (k < text.size() && text[k] == '0') ++k;
            if (k == text.size() || !(text[k] >= '1' && text[k] <= '9')) return true;
        } else if (!(next >= '0' && next <= '9')) {
            // "ZeRO-0" is a name, not a number.
            if (!(i >= 4 && text.compare(i - 4, 4, "ZeRO") == 0)) return true;
        }
    }
    return false;
}
// Either sign: ASCII '-' (JSON, links) or the minus U+2212 format_number writes in text.
bool has_signed_zero(const std::string& text) {
    return has_negative_zero(text) || has_negative_zero(text, "−");
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Tiny inputs are range errors naming the field
//-----------------------------------------------------------------------------

TEST_CASE(
    "underflow: utilization 1e-310, scaling_efficiency / tokens_per_second_per_gpu / cny_per_usd 5e-324") {
    struct Case {
        const char* json;
        const char* field;
        const char* message;
    } cases[] = {
        {R"({"utilization": 1e-310})", "utilization",
         "utilization must be a number from 0.001 to 1, got 1e-310"},
        {R"({"scaling_efficiency": 5e-324})", "scaling_efficiency",
         "scaling_efficiency must be a number from 0.001 to 1, got 5e-324"},
        {R"({"tokens_per_second_per_gpu": 5e-324})", "tokens_per_second_per_gpu",
         "tokens_per_second_per_gpu must be 0 (not set) or a number from 0.001 to 1e9, got 5e-324"},
        {R"({"cny_per_usd": 5e-324})", "cny_per_usd",
         "cny_per_usd must be 0 (not set) or a number from 0.01 to 1000, got 5e-324"},
        {R"({"gpu": {"name": "X", "memory_gib": 80, "tflops_16bit": 100, "tflops_fp8": 5e-324}})",
         "gpu.tflops_fp8", "gpu.tflops_fp8 must be 0 (not set) or a number from 0.01 to 100000, got 5e-324"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.json);
        ScenarioResult r = scenario_from_json(c.json, fixtures::builtin_catalog());
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0].field == c.field);
        CHECK(r.errors[0].message == c.message);
    }
    // The "not set" zeros still read, and mean what they meant.
    CHECK(scenario_from_json(R"({"tokens_per_second_per_gpu": 0, "cny_per_usd": 0})",
                             fixtures::builtin_catalog())
              .errors.empty());
    CHECK(
        scenario_from_json(R"({"utilization": 0.001, "scaling_efficiency": 1})", fixtures::builtin_catalog())
            .errors.empty());
    CHECK(scenario_from_json(R"({"utilization": 0})", fixtures::builtin_catalog()).errors.size() ==
          1); // as before: leave it out
    CHECK(parse_catalog(R"({"gpus":[{"id":"a","name":"a","memory_gib":8,"tflops_16bit":1,"tflops_fp8":0}]})")
              .errors.empty());
}

TEST_CASE("underflow: validate() and estimate() refuse the same tiny values set from C++") {
    Scenario s;
    CHECK(validate(s, fixtures::builtin_catalog()).empty()); // 0 = not set passes
    s.utilization = 1e-310;
    std::vector<FieldError> e = validate(s, fixtures::builtin_catalog());
    REQUIRE(e.size() == 1);
    CHECK(e[0].field == "utilization");
    Estimate est = estimate(s, fixtures::builtin_catalog());
    CHECK_FALSE(est.ok); // never "… × 1e-310 × 1) = 0 s"
    s = Scenario{};
    s.cny_per_usd = 5e-324;
    s.currency = Currency::usd;
    est = estimate(s, fixtures::builtin_catalog());
    CHECK_FALSE(est.ok); // never a daily price of $1e300
    REQUIRE(est.errors.size() == 1);
    CHECK(est.errors[0].field == "cny_per_usd");
    s = Scenario{};
    s.tokens_per_second_per_gpu = 5e-324;
    CHECK_FALSE(estimate(s, fixtures::builtin_catalog()).ok);
}

//-----------------------------------------------------------------------------
// [SECTION] No -0 in output
//-----------------------------------------------------------------------------

TEST_CASE("negative zero: -0.0 in, never -0 out (scenario JSON, link, estimate JSON, report, messages)") {
    CHECK(plain_number(-0.0) == "0");
    const char* in =
        R"({"fixed_hours": -0.0, "deadline_hours": -0.0, "storage_gb": -0.0, "upload_gb": -0.0})";
    ScenarioResult r = scenario_from_json(in, fixtures::builtin_catalog());
    REQUIRE(r.errors.empty());
    CHECK_FALSE(has_negative_zero(scenario_to_json(r.scenario)));
    std::string json_text;
    REQUIRE(base64url_decode(encode_hash(r.scenario, false, "").substr(3), json_text));
    CHECK_FALSE(has_negative_zero(json_text));
    Estimate e = estimate(r.scenario, fixtures::builtin_catalog());
    REQUIRE(e.ok);
    CHECK_FALSE(has_negative_zero(estimate_to_json(e, Lang::en)));
    CHECK_FALSE(has_signed_zero(report_markdown(e, Lang::en)));
    CHECK_FALSE(has_signed_zero(report_markdown(e, Lang::zh)));

    // Set from C++ (a slider at zero): the written JSON still says 0.
    Scenario s;
    s.fixed_hours = -0.0;
    s.price_hourly = -0.0;
    CHECK_FALSE(has_negative_zero(scenario_to_json(s)));
    CHECK(format_money(-0.0004, Currency::cny) == "¥0");
    CHECK(format_money(-0.004, Currency::cny) == "−¥0.004");
    CHECK(format_money(-0.5, Currency::cny) == "−¥0.50");
    CHECK(format_number(-0.0) == "0");
    // A range message quoting -0 for a field that starts above 0.
    ScenarioResult bad = scenario_from_json(R"({"epochs": -0.0})", fixtures::builtin_catalog());
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].message == "epochs must be a number from 0.01 to 1000, got 0");
}

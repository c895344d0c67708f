// traincalc — tests/checks.h
// Checks shared by the core tests (doctest), beside tests/fixtures.h's data. Test files are
// compiled together in batches (CMake unity builds): a helper two files need lives here, once.
#pragma once
#include "core/scenario.h"
#include <doctest/doctest.h>
#include <vector>

namespace traincalc::checks {

// The one error validate() gives for `s`, checked in both languages.
inline void check_one_error(const Scenario& s, const Catalog& cat, const char* field, const char* en,
                            const char* zh) {
    const std::vector<FieldError> errors = validate(s, cat);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].field == field);
    CHECK(errors[0].message == en);
    CHECK(errors[0].message_zh == zh);
}

} // namespace traincalc::checks

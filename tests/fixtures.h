// traincalc — tests/fixtures.h
// Hand-built catalog entries shared by the core tests, so that they do not depend on
// assets/catalog.json (whose figures are data, edited independently).
#pragma once
#include "core/catalog.h"
#include <cmath>

namespace traincalc::fixtures {

// A LLaMA-7B-shaped model with exactly 7e9 parameters (docs/design.md's worked example's N).
inline ModelSpec model_7b() {
    ModelSpec m;
    m.id = "test-7b";
    m.name = "Test 7B";
    m.params = 7e9;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kv_heads = 32;
    m.ffn = 11008;
    m.vocab = 32000;
    m.context = 4096;
    return m;
}

// |value - expected| ≤ fraction · |expected|: a published figure matched within a relative error.
inline bool within(double value, double expected, double fraction) {
    return std::fabs(value - expected) <= fraction * std::fabs(expected);
}

} // namespace traincalc::fixtures

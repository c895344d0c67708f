// traincalc — tests/fuzz/fuzz_common.h
// Shared by the libFuzzer targets: the built-in catalog parsed once, and the output checks
// (valid JSON, no null, no NaN/Infinity anywhere) that turn a silent bad value into a crash.
#pragma once
#include "core/catalog.h"
#include "core/estimate.h"
#include "core/json_write.h"
#include "core/scenario.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

// Aborts with a message: libFuzzer records the input that triggered it.
#define FUZZ_CHECK(cond, what)                                                                               \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            std::fprintf(stderr, "FUZZ_CHECK failed: %s (%s:%d)\n", what, __FILE__, __LINE__);               \
            std::abort();                                                                                    \
        }                                                                                                    \
    } while (0)

inline const traincalc::Catalog& fuzz_builtin_catalog() {
    static const traincalc::Catalog catalog =
        traincalc::parse_catalog(traincalc::builtin_catalog_json()).catalog;
    return catalog;
}

// "nan", "inf", "infinity" as whole words (so "maintenance" passes), any case.
inline bool has_nonfinite_word(const std::string& text) {
    size_t i = 0, n = text.size();
    while (i < n) {
        if (!std::isalpha(static_cast<unsigned char>(text[i]))) {
            ++i;
            continue;
        }
        size_t start = i;
        while (i < n && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
        std::string word = text.substr(start, i - start);
        for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (word == "nan" || word == "inf" || word == "infinity") return true;
    }
    return false;
}

inline bool has_null(const nlohmann::json& j) {
    if (j.is_null()) return true;
    if (j.is_number_float()) return !std::isfinite(j.get<double>());
    if (j.is_object() || j.is_array())
        for (const auto& v : j)
            if (has_null(v)) return true;
    return false;
}

// The user's own text (names, ids, sources) may say "inf"; it is blanked before the check.
inline std::vector<std::string> user_strings(const traincalc::Scenario& s,
                                             const traincalc::Catalog& catalog) {
    std::vector<std::string> out = {s.model_id, s.gpu_id,   s.model.id,   s.model.name,      s.model.source,
                                    s.gpu.id,   s.gpu.name, s.gpu.source, s.gpu.price_source};
    for (const traincalc::Quote& q : s.quotes) out.push_back(q.name);
    for (const traincalc::GpuSpec& g : catalog.gpus)
        for (const std::string* t : {&g.id, &g.name, &g.source, &g.price_source}) out.push_back(*t);
    for (const traincalc::ModelSpec& m : catalog.models)
        for (const std::string* t : {&m.id, &m.name, &m.source}) out.push_back(*t);
    // Longest first: "A10" must not break "NVIDIA A100 ... inf" before the whole name is blanked.
    std::sort(out.begin(), out.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    return out;
}

// Every string value of `j`, with the user's own text removed, must not say nan/inf.
inline bool strings_mention_nonfinite(const nlohmann::json& j, const std::vector<std::string>& user) {
    if (j.is_string()) {
        std::string text = j.get<std::string>();
        for (const std::string& u : user) {
            if (u.empty()) continue;
            for (size_t at = text.find(u); at != std::string::npos; at = text.find(u, at))
                text.replace(at, u.size(), " ");
        }
        return has_nonfinite_word(text);
    }
    if (j.is_object() || j.is_array())
        for (const auto& v : j)
            if (strings_mention_nonfinite(v, user)) return true;
    return false;
}

// estimate() and estimate_to_json() in both languages must give finite, valid JSON.
inline void fuzz_check_estimate(const traincalc::Scenario& s, const traincalc::Catalog& catalog) {
    using namespace traincalc;
    Estimate e = estimate(s, catalog);
    const std::vector<std::string> user = user_strings(s, catalog);
    for (Lang lang : {Lang::en, Lang::zh}) {
        std::string out = estimate_to_json(e, lang);
        nlohmann::json j = nlohmann::json::parse(out, nullptr, false);
        FUZZ_CHECK(!j.is_discarded(), "estimate_to_json is not valid JSON");
        FUZZ_CHECK(!has_null(j), "estimate_to_json has a null (NaN or Infinity written as null)");
        FUZZ_CHECK(!strings_mention_nonfinite(j, user), "estimate_to_json mentions nan/inf");
    }
}

// traincalc — core/data_size.cpp
// See data_size.h. The same arithmetic as estimate()'s tokens-per-epoch term, in both directions.
#include "core/data_size.h"
#include "core/constants.h"
#include "core/format.h"
#include <algorithm>
#include <cmath>

namespace traincalc {

static bool positive(double v) {
    return std::isfinite(v) && v > 0;
}

double tokens_per_epoch(const Scenario& s) {
    double t = 0;
    switch (s.data_input) {
    case DataInput::tokens:
        t = s.tokens;
        break;
    case DataInput::samples:
        t = s.samples * s.avg_tokens;
        break;
    case DataInput::dataset_size:
        t = s.dataset_mb * detail::kMega / s.chars_per_token / s.bytes_per_char;
        break;
    }
    return positive(t) ? t : 0.0;
}

void set_tokens_per_epoch(Scenario& s, double tokens, int significant) {
    if (!positive(tokens)) return;
    const auto round = [significant](double v) {
        return significant > 0 ? round_significant(v, significant) : v;
    };
    switch (s.data_input) {
    case DataInput::tokens:
        s.tokens = round(tokens);
        break;
    case DataInput::samples:
        if (positive(s.avg_tokens)) s.samples = std::max(1.0, std::round(round(tokens / s.avg_tokens)));
        break;
    case DataInput::dataset_size:
        if (positive(s.chars_per_token) && positive(s.bytes_per_char))
            s.dataset_mb = round(tokens * s.chars_per_token * s.bytes_per_char / detail::kMega);
        break;
    }
}

bool tokens_per_epoch_range(const Scenario& s, double* lo, double* hi) {
    double scale = 1; // tokens per unit of the mode's own quantity
    const char* key = "tokens";
    if (s.data_input == DataInput::samples) {
        scale = s.avg_tokens;
        key = "samples";
    } else if (s.data_input == DataInput::dataset_size) {
        scale = detail::kMega / s.chars_per_token / s.bytes_per_char;
        key = "dataset_mb";
    }
    if (!positive(scale) || !number_range(key, lo, hi)) return false;
    *lo *= scale;
    *hi *= scale;
    return true;
}

} // namespace traincalc

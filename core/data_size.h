// traincalc — core/data_size.h
// The data size as tokens per epoch, read from and written to whichever way the scenario gives
// it (tokens, samples × tokens per sample, or a dataset's size in MB): the page's tokens slider
// moves the scenario's own quantity, so the other inputs (tokens per sample, text language) hold.
#pragma once
#include "core/scenario.h"

namespace traincalc {

// Tokens per epoch as the scenario's data inputs give them (0 when they are not positive).
double tokens_per_epoch(const Scenario& s);

// Sets the data size to `tokens` per epoch by moving the data mode's own quantity: `tokens`,
// `samples` (tokens per sample held) or `dataset_mb` (characters per token and bytes per
// character held). Samples are whole. significant > 0 rounds the moved quantity to that many
// significant digits (a slider's drag: 31,000 samples, not 31,429). Does nothing when tokens is
// not positive and finite or the held quantities are not positive.
void set_tokens_per_epoch(Scenario& s, double tokens, int significant = 0);

// The tokens per epoch the data mode's own quantity can give within validate()'s range, the held
// quantities as they are (samples 1 .. 1e12 × 500 tokens a sample: 500 .. 5e14). False when a held
// quantity is not positive.
bool tokens_per_epoch_range(const Scenario& s, double* lo, double* hi);

} // namespace traincalc

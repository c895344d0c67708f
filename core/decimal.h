// traincalc — core/decimal.h
// Decimal text to the nearest double, rounded correctly (ties to even), as a correct strtod does:
// the page's wasm reads every number with it (web/strtod.cpp puts it under nlohmann/json's lexer)
// in place of musl's strtod, whose quad-precision arithmetic was 5.7 KB of the page's gzip
// (README "Speed and size"); the UI's typed numbers use it natively too, so a box reads the same
// text the same way everywhere. tests/test_decimal.cpp checks it against glibc's strtod.
//
// Index of this file:
// [SECTION] parse_decimal()
#pragma once

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] parse_decimal()
//-----------------------------------------------------------------------------

// Reads [+-]digits[.digits][(e|E)[+-]digits] from `text` (at least one digit before or after the
// point; an exponent without digits is not read), no leading space. Returns the first character
// not read and sets *out, or returns `text` (and sets nothing) when there is no number. Never
// hexadecimal, "inf" or "nan". Beyond the double range: ±infinity; below: ±0 or a subnormal.
const char* parse_decimal(const char* text, double* out);

} // namespace traincalc

// traincalc — core/format.h
// Numbers for people, by language: Chinese groups large numbers in 万 (1e4), 亿 (1e8) and 万亿
// (1e12) where English writes 25,000 or 4.8e8; compact money for chart ticks; the colon that
// suits the language (full-width in Chinese). The plain formatters (format_number, format_hours,
// format_money) stay in explain.h; these build on them.
//
// Index of this file:
// [SECTION] Quantities (万/亿 in Chinese)
// [SECTION] Money on an axis
// [SECTION] Punctuation
#pragma once
#include "scenario.h"
#include <string>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Quantities (万/亿 in Chinese)
//-----------------------------------------------------------------------------

// 25000 → "2.5 万", 4.8e8 → "4.8 亿", 1.2e13 → "12 万亿"; below 1e4 as format_number ("9,999");
// from 1e16 on scientific as format_number ("1.05e19": 万亿亿 reads worse than an exponent).
std::string format_number_zh(double v, int significant = 3);

// The units format_number_zh writes, largest first: what reads its text back (explain.cpp's
// as_shown) takes them from here, so the two cannot drift apart.
struct ZhUnit {
    double size;      // 1e12, 1e8, 1e4
    const char* name; // " 万亿", " 亿", " 万": with the space format_number_zh puts before it
};
extern const ZhUnit kZhUnits[3];

// format_number in English, format_number_zh in Chinese: tokens, samples, parameters, hours.
std::string format_quantity(double v, Lang lang, int significant = 3);

// `a` rounded to `significant` digits, at least one (31,429 → 31,000 at two): format_number_zh
// rounds first, so 99,996 becomes "10 万", not "9,999.6 万"; a slider's drag lands on round values.
// 0 for a ≤ 0 or NaN; infinity as it is.
double round_significant(double a, int significant);

//-----------------------------------------------------------------------------
// [SECTION] Money on an axis
//-----------------------------------------------------------------------------

// Short tick labels: below 10,000 as format_money ("¥3,200"); above, English "¥25k", "¥4.8M",
// "¥1.2B" and Chinese "¥2.5 万", "¥4.8 亿". Two significant digits (a tick, not a bill).
std::string format_money_compact(double v, Currency c, Lang lang);

//-----------------------------------------------------------------------------
// [SECTION] Punctuation
//-----------------------------------------------------------------------------

// Between a label and its value: ": " in English, the full-width "：" (no space) in Chinese.
inline const char* colon(Lang lang) {
    return lang == Lang::zh ? "\xEF\xBC\x9A" : ": ";
}

} // namespace traincalc

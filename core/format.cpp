// traincalc — core/format.cpp
// Language-aware number formatting on top of explain.h's plain formatters.
//
// Index of this file:
// [SECTION] Quantities
// [SECTION] Money on an axis
#include "format.h"
#include "explain.h"
#include <cmath>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Quantities
//-----------------------------------------------------------------------------

double round_significant(double a, int significant) {
    if (!(a > 0)) return 0;
    if (!std::isfinite(a) || significant > 17) return a; // 17 digits hold every double
    if (significant < 1) significant = 1;
    const int e = significant - 1 - static_cast<int>(std::floor(std::log10(a)));
    // Multiply or divide by an exact power of ten: 1e-5 is inexact, 1e5 is not (1e8 stays 1e8).
    const double p = std::pow(10.0, e < 0 ? -e : e);
    if (e < 0) return std::round(a / p) * p;
    if (!std::isfinite(a * p)) return a; // a subnormal at many digits: 10^e overflows
    return std::round(a * p) / p;
}

const ZhUnit kZhUnits[3] = {{1e12, " 万亿"}, {1e8, " 亿"}, {1e4, " 万"}};

std::string format_number_zh(double v, int significant) {
    if (!std::isfinite(v) || v == 0) return "0";
    if (significant < 1) significant = 1;
    if (significant > 15) significant = 15;
    const char* sign = v < 0 ? kMinusSign : "";
    if (std::fabs(v) < 1e4) return sign + format_number(std::fabs(v), significant); // as English: 9,999
    const double a = round_significant(std::fabs(v), significant);
    if (a >= 1e16) return sign + format_number(a, significant);
    for (const ZhUnit& u : kZhUnits)
        if (a >= u.size) return sign + format_number(a / u.size, significant) + u.name;
    return sign + format_number(a, significant);
}

std::string format_quantity(double v, Lang lang, int significant) {
    return lang == Lang::zh ? format_number_zh(v, significant) : format_number(v, significant);
}

//-----------------------------------------------------------------------------
// [SECTION] Money on an axis
//-----------------------------------------------------------------------------

std::string format_money_compact(double v, Currency c, Lang lang) {
    if (!std::isfinite(v)) v = 0;
    const double a = std::fabs(v);
    if (a < 1e4) return format_money(v, c);
    const std::string sign = v < 0 ? kMinusSign : "";
    const char* symbol = c == Currency::usd ? "$" : "\xC2\xA5"; // ¥
    if (lang == Lang::zh) return sign + symbol + format_number_zh(a, 2);
    struct Unit {
        double size;
        const char* name;
    };
    static const Unit kUnits[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}};
    const double r = round_significant(a, 2);
    if (r >= 1e15) return sign + symbol + format_number(r, 2);
    for (const Unit& u : kUnits)
        if (r >= u.size) return sign + symbol + format_number(r / u.size, 2) + u.name;
    return format_money(v, c);
}

} // namespace traincalc

// traincalc — web/strtod.cpp
// The page's strtod: core/decimal.h's parse_decimal() after C's leading white space. musl's
// strtod works in quad precision (soft-float __addtf3, __multf3, __divtf3, fmodl, scalbnl...),
// 5.7 KB of the page's gzip for reading numbers (2026-12-02: 261,437 against 267,116 bytes with a
// stand-in). Every caller in the page passes decimal text: nlohmann/json's lexer (JSON's number
// grammar) and ImGui's ImAtof; core and ui read typed numbers with parse_decimal() itself.
// Hexadecimal, "inf" and "nan", which C's strtod also reads, are read as no number here.
// strtof and strtold are defined because musl defines the three in one object (any of them
// would pull its strtod in beside this one); nothing in the page reads a float or a long double.
#include "core/decimal.h"

extern "C" {

double strtod(const char* text, char** end) {
    const char* p = text;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++; // isspace() in the C locale
    double v = 0;
    const char* stop = traincalc::parse_decimal(p, &v);
    if (end) *end = const_cast<char*>(stop == p ? text : stop);
    return v;
}

float strtof(const char* text, char** end) {
    return static_cast<float>(strtod(text, end));
}

long double strtold(const char* text, char** end) {
    return strtod(text, end);
}

} // extern "C"

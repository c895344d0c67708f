// traincalc — ui/strings.h
// Every string the page draws, in English and Simplified Chinese, from ONE table (strings.inc).
// scripts/gen_font.py subsets the font to the characters of ui/*.inc among others, so a string
// added to the table is automatically drawable.
#pragma once
#include "core/scenario.h"

namespace traincalc {

enum class Str : int {
#define TC_STR(key, en, zh) key,
#include "strings.inc"
#undef TC_STR
    count
};

// Never null, never empty (tests/test_ui_strings.cpp checks every key).
const char* tr(Str key, Lang lang);
const char* str_key_name(Str key); // "model_title": for tests and diagnostics

} // namespace traincalc

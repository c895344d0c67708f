// traincalc — ui/strings.cpp
// The string table expanded from strings.inc: two constant arrays, no allocation.
#include "strings.h"

namespace traincalc {

namespace {
struct Entry {
    const char* en;
    const char* zh;
    const char* key;
};
constexpr Entry kStrings[] = {
#define TC_STR(key, en, zh) {en, zh, #key},
#include "strings.inc"
#undef TC_STR
};
static_assert(sizeof(kStrings) / sizeof(kStrings[0]) == static_cast<size_t>(Str::count),
              "strings.inc expanded twice differently");
} // namespace

const char* tr(Str key, Lang lang) {
    const int i = static_cast<int>(key);
    if (i < 0 || i >= static_cast<int>(Str::count)) return "?";
    return lang == Lang::zh ? kStrings[i].zh : kStrings[i].en;
}

const char* str_key_name(Str key) {
    const int i = static_cast<int>(key);
    if (i < 0 || i >= static_cast<int>(Str::count)) return "?";
    return kStrings[i].key;
}

} // namespace traincalc

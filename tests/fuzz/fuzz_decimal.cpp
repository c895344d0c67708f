// traincalc — tests/fuzz/fuzz_decimal.cpp
// parse_decimal() on any text against glibc's strtod: what it reads, strtod reads whole and to the
// same double (bits compared); where it reads nothing, the text does not start a decimal number.
// The page reads every number with it (web/strtod.cpp), so a wrong rounding here is a wrong
// figure there.
#include "core/decimal.h"
#include "fuzz_common.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size); // NUL-terminated by std::string
    double got = 0;
    const char* end = traincalc::parse_decimal(text.c_str(), &got);
    const size_t used = static_cast<size_t>(end - text.c_str());
    FUZZ_CHECK(used <= std::strlen(text.c_str()), "read past the text's end");
    if (used == 0) {
        const char* p = text.c_str();
        if (*p == '+' || *p == '-') p++;
        if (*p == '.') p++;
        FUZZ_CHECK(!(*p >= '0' && *p <= '9'), "a decimal number was not read");
        return 0;
    }
    const std::string prefix = text.substr(0, used);
    char* stop = nullptr;
    const double want = std::strtod(prefix.c_str(), &stop);
    FUZZ_CHECK(stop == prefix.c_str() + used, "strtod reads a different number of characters");
    FUZZ_CHECK(std::memcmp(&got, &want, sizeof got) == 0, "a different double than strtod's");
    return 0;
}

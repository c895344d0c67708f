// traincalc — core/decimal.cpp
// parse_decimal(): the nearest double to a decimal text. A text of at most 15 significant digits
// and a power of ten up to 22 is one exact division or product (Clinger's fast path); any other
// is estimated within a few units in the last place and then corrected: the exact decimal is
// compared, in big integers, with the midpoints to the neighbouring doubles (Clinger's
// "AlgorithmR", without its floating-point shortcuts).
//
// Index of this file:
// [SECTION] Big integers (what the comparison needs: ×small, +small, ×5^e, shifts, compare)
// [SECTION] Reading the text
// [SECTION] Rounding
#include "core/decimal.h"

#include <cassert>
#include <cmath>
#include <cstdint>

namespace traincalc {
namespace {

// 768 significant digits decide the rounding of any decimal (a midpoint between two doubles
// has at most 767); the digits after them only count as "something non-zero follows".
constexpr int kMaxDigits = 800;

//-----------------------------------------------------------------------------
// [SECTION] Big integers
//-----------------------------------------------------------------------------

// Up to 160 × 32 = 5,120 bits: the largest comparison is 10^(800+330) × 2^54 (3,808 bits).
struct Big {
    uint32_t limb[160]; // little-endian
    int n = 0;          // limbs in use; the top one is non-zero

    void mul_add(uint32_t mul, uint32_t add) {
        uint64_t carry = add;
        for (int i = 0; i < n; i++) {
            const uint64_t t = uint64_t(limb[i]) * mul + carry;
            limb[i] = uint32_t(t);
            carry = t >> 32;
        }
        if (carry) {
            assert(n < 160 && "Big: more than 5,120 bits; kMaxDigits and the exponent checks bound it");
            limb[n++] = uint32_t(carry);
        }
    }
    void mul_pow5(int e) {
        for (; e >= 13; e -= 13) mul_add(1220703125u, 0); // 5^13, the largest power of 5 in 32 bits
        uint32_t p = 1;
        while (e-- > 0) p *= 5;
        mul_add(p, 0);
    }
    void shl(int bits) {
        if (n == 0) return;
        const int limbs = bits / 32, b = bits % 32;
        assert(n + limbs + 1 <= 160 && "Big: more than 5,120 bits");
        limb[n + limbs] = 0;
        for (int i = n - 1; i >= 0; i--) {
            limb[i + limbs + 1] |= b ? limb[i] >> (32 - b) : 0;
            limb[i + limbs] = limb[i] << b;
        }
        for (int i = 0; i < limbs; i++) limb[i] = 0;
        n += limbs + 1;
        while (n > 0 && limb[n - 1] == 0) n--;
    }
};

int compare(const Big& a, const Big& b) {
    if (a.n != b.n) return a.n < b.n ? -1 : 1;
    for (int i = a.n - 1; i >= 0; i--)
        if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i] ? -1 : 1;
    return 0;
}

//-----------------------------------------------------------------------------
// [SECTION] Reading the text
//-----------------------------------------------------------------------------

struct Decimal {
    char digits[kMaxDigits]; // significant digits kept, '0'-'9', no leading zero
    int count = 0;           // digits kept
    bool sticky = false;     // a non-zero digit after the kept ones
    long exp10 = 0;          // value = 0.digits × 10^exp10 (saturated far beyond the double range)
};

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

//-----------------------------------------------------------------------------
// [SECTION] Rounding
//-----------------------------------------------------------------------------

// The sign of M × 10^e10 (+ a sliver when sticky) − q × 2^j.
int compare_exact(const Big& m, long e10, bool sticky, uint64_t q, int j) {
    Big a = m, b;
    b.limb[0] = uint32_t(q);
    b.limb[1] = uint32_t(q >> 32);
    b.n = b.limb[1] ? 2 : (b.limb[0] ? 1 : 0);
    if (e10 >= 0) {
        a.mul_pow5(int(e10));
        a.shl(int(e10));
    } else {
        b.mul_pow5(int(-e10));
        b.shl(int(-e10));
    }
    if (j >= 0)
        b.shl(j);
    else
        a.shl(-j);
    const int c = compare(a, b);
    return c == 0 && sticky ? 1 : c;
}

double round_correctly(const Decimal& d) {
    // M: the kept digits as an integer, so the value is M × 10^e10 (+ the sticky sliver).
    const long e10 = d.exp10 - d.count;
    if (!d.sticky && d.count <= 15 && e10 >= -22 && e10 <= 22) {
        // Both operands exact (M < 10^15 < 2^53, 10^22 < 2^73 with 22 trailing zero bits), so
        // one rounding: the correct one.
        double m = 0, p = 1;
        for (int i = 0; i < d.count; i++) m = m * 10 + (d.digits[i] - '0');
        for (long i = 0; i < (e10 < 0 ? -e10 : e10); i++) p *= 10;
        return e10 < 0 ? m / p : m * p;
    }
    Big m;
    for (int i = 0; i < d.count; i += 9) {
        uint32_t chunk = 0, scale = 1;
        for (int k = i; k < i + 9 && k < d.count; k++, scale *= 10)
            chunk = chunk * 10 + uint32_t(d.digits[k] - '0');
        m.mul_add(scale, chunk);
    }
    // An estimate from the first 19 digits, a few units in the last place off at most.
    const int lead = d.count < 19 ? d.count : 19;
    uint64_t u = 0;
    for (int i = 0; i < lead; i++) u = u * 10 + uint64_t(d.digits[i] - '0');
    const long ex = e10 + (d.count - lead); // -342 .. 308: the caller ruled out the rest
    double x = ex < -300 ? double(u) * std::pow(10.0, double(ex + 300)) * 1e-300
                         : double(u) * std::pow(10.0, double(ex));
    if (!(x <= 1.7976931348623157e308)) x = 1.7976931348623157e308;
    for (int step = 0; step < 64; step++) { // a few steps; the bound keeps a defect from hanging the page
        // x = q × 2^k: q the 53-bit significand (fewer bits below the normal range).
        int e = -1021; // 0: q = 0 at the subnormals' scale
        if (x != 0) std::frexp(x, &e);
        const int k = e - 53 < -1074 ? -1074 : e - 53;
        const uint64_t q = uint64_t(std::ldexp(x, -k));
        // Above the midpoint to the next double (or on it, q odd: ties go to the even one): up.
        const int up = compare_exact(m, e10, d.sticky, 2 * q + 1, k - 1);
        if (up > 0 || (up == 0 && (q & 1))) {
            if (x == 1.7976931348623157e308) return HUGE_VAL;
            x = std::nextafter(x, HUGE_VAL);
            continue;
        }
        if (q == 0) return x;
        // The midpoint to the double below: half as far when x is a power of two above the
        // subnormals (the step below it is half the step above).
        const bool power_of_two = q == (uint64_t(1) << 52) && k > -1074;
        const int down = power_of_two ? compare_exact(m, e10, d.sticky, 4 * q - 1, k - 2)
                                      : compare_exact(m, e10, d.sticky, 2 * q - 1, k - 1);
        if (down < 0 || (down == 0 && (q & 1))) {
            x = std::nextafter(x, 0.0);
            continue;
        }
        return x;
    }
    assert(false && "parse_decimal: 64 steps from the estimate and not there; the comparisons are wrong");
    return x;
}

} // namespace

const char* parse_decimal(const char* text, double* out) {
    const char* p = text;
    const bool negative = *p == '-';
    if (*p == '-' || *p == '+') p++;
    Decimal d;
    long point = 0; // digits before the point, leading zeros aside; then minus the zeros after it
    int seen = 0;   // digits read, zeros included
    for (; is_digit(*p); p++, seen++) {
        if (*p == '0' && d.count == 0) continue;
        if (d.count < kMaxDigits)
            d.digits[d.count++] = *p;
        else
            d.sticky |= *p != '0';
        if (point < 100000) point++;
    }
    if (*p == '.') {
        const char* q = p + 1;
        for (; is_digit(*q); q++, seen++) {
            if (*q == '0' && d.count == 0) {
                if (point > -100000) point--;
                continue;
            }
            if (d.count < kMaxDigits)
                d.digits[d.count++] = *q;
            else
                d.sticky |= *q != '0';
        }
        if (seen > 0) p = q; // "." alone is no number; "5." is 5
    }
    if (seen == 0) return text;
    if (*p == 'e' || *p == 'E') {
        const char* q = p + 1;
        const bool minus = *q == '-';
        if (*q == '-' || *q == '+') q++;
        if (is_digit(*q)) {
            long e = 0;
            for (; is_digit(*q); q++)
                if (e < 100000) e = e * 10 + (*q - '0');
            point += minus ? -e : e;
            p = q;
        }
    }
    while (d.count > 0 && d.digits[d.count - 1] == '0') d.count--; // 1.50000 is 15 × 10^-1
    d.exp10 = point;
    double v;
    if (d.count == 0)
        v = 0;
    else if (point > 309)
        v = HUGE_VAL; // ≥ 10^309
    else if (point < -323)
        v = 0; // < 10^-324, under half the smallest subnormal
    else
        v = round_correctly(d);
    *out = negative ? -v : v;
    return p;
}

} // namespace traincalc

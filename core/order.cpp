// traincalc — core/order.cpp
// The one stable sort (core/order.h says why): a bottom-up merge sort of indices, written out
// because std::stable_sort's merge, rotate and buffer paths are ~3.3 KB of the page's wasm for the
// one comparison type, against a few hundred bytes here. O(n log n), n extra ints.
#include "order.h"

namespace traincalc {

std::vector<int> identity_order(size_t n) {
    std::vector<int> order(n);
    for (size_t i = 0; i < n; i++) order[i] = static_cast<int>(i);
    return order;
}

void stable_sort_indices(std::vector<int>& order, IndexLess less, const void* context) {
    const size_t n = order.size();
    std::vector<int> buffer(n);
    std::vector<int>* from = &order;
    std::vector<int>* to = &buffer;
    // Runs of `width` are merged in pairs; on a tie the left run's element goes first (stable).
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            const size_t mid = lo + width < n ? lo + width : n;
            const size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t a = lo, b = mid, k = lo;
            while (a < mid && b < hi)
                (*to)[k++] = less(context, (*from)[b], (*from)[a]) ? (*from)[b++] : (*from)[a++];
            while (a < mid) (*to)[k++] = (*from)[a++];
            while (b < hi) (*to)[k++] = (*from)[b++];
        }
        std::vector<int>* t = from;
        from = to;
        to = t;
    }
    if (from != &order) order.swap(buffer);
}

} // namespace traincalc

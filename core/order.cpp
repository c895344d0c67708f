// traincalc — core/order.cpp
// The one std::stable_sort instantiation (core/order.h says why).
#include "order.h"

#include <algorithm>

namespace traincalc {

std::vector<int> identity_order(size_t n) {
    std::vector<int> order(n);
    for (size_t i = 0; i < n; i++) order[i] = static_cast<int>(i);
    return order;
}

void stable_sort_indices(std::vector<int>& order, IndexLess less, const void* context) {
    std::stable_sort(order.begin(), order.end(),
                     [less, context](int a, int b) { return less(context, a, b); });
}

} // namespace traincalc

// traincalc — core/order.h
// One stable sort for the whole program: indices ordered through a comparison function pointer.
// Each std::stable_sort over another element type or comparison lambda is another copy of its
// merge, move and buffer steps (~3.2 KB of the page's wasm each; three lists had one: the GPU
// ranking, the import notes, the comparison table's columns).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace traincalc {

// True when the element at index a goes before the one at index b; context is the caller's.
using IndexLess = bool (*)(const void* context, int a, int b);

// 0, 1, …, n - 1.
std::vector<int> identity_order(size_t n);

// Sorts order (indices into the caller's list) stably: equal elements keep their order.
void stable_sort_indices(std::vector<int>& order, IndexLess less, const void* context);

// Permutes list so that its element i is the old element order[i]; order must be a permutation of
// 0 … list.size() - 1 (as identity_order() gives and stable_sort_indices() keeps).
template <class T> void apply_order(std::vector<T>& list, const std::vector<int>& order) {
    std::vector<T> sorted;
    sorted.reserve(list.size());
    for (int i : order) sorted.push_back(std::move(list[static_cast<size_t>(i)]));
    list = std::move(sorted);
}

// Sorts list stably by less, which is given the list itself as its context and two of its indices:
// identity_order(), stable_sort_indices() and apply_order() in one call.
template <class T> void stable_sort_list(std::vector<T>& list, IndexLess less) {
    std::vector<int> order = identity_order(list.size());
    stable_sort_indices(order, less, &list);
    apply_order(list, order);
}

} // namespace traincalc

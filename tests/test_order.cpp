// traincalc — tests/test_order.cpp
// core/order.h: the one stable sort (indices through a function pointer) and the permutation.
#include "core/order.h"
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace traincalc;

namespace {
struct KeyedRow {
    int key;
    std::string name;
};
bool by_key(const void* context, int a, int b) {
    const auto& rows = *static_cast<const std::vector<KeyedRow>*>(context);
    return rows[static_cast<size_t>(a)].key < rows[static_cast<size_t>(b)].key;
}
} // namespace

TEST_CASE("identity_order: 0 … n-1, and empty for 0") {
    CHECK(identity_order(4) == std::vector<int>{0, 1, 2, 3});
    CHECK(identity_order(0).empty());
}

TEST_CASE("stable_sort_indices: ordered by the comparison, equal keys keep their order") {
    const std::vector<KeyedRow> rows = {{3, "a"}, {1, "b"}, {3, "c"}, {2, "d"}, {1, "e"}, {3, "f"}};
    std::vector<int> order = identity_order(rows.size());
    stable_sort_indices(order, by_key, &rows);
    CHECK(order == std::vector<int>{1, 4, 3, 0, 2, 5});
    // Every length from 0 to 70 (odd and even numbers of passes, a last run shorter than the others)
    // and 100,000 (a provider's large block): ordered, stable, a permutation.
    std::vector<size_t> sizes;
    for (size_t n = 0; n <= 70; n++) sizes.push_back(n);
    sizes.push_back(100000);
    for (size_t n : sizes) {
        std::vector<KeyedRow> many;
        for (size_t i = 0; i < n; i++) many.push_back({static_cast<int>((i * 7919) % 13), ""});
        order = identity_order(many.size());
        stable_sort_indices(order, by_key, &many);
        REQUIRE(order.size() == n);
        std::vector<bool> seen(n, false);
        for (size_t i = 0; i < n; i++) {
            REQUIRE(order[i] >= 0);
            REQUIRE(static_cast<size_t>(order[i]) < n);
            REQUIRE(!seen[static_cast<size_t>(order[i])]);
            seen[static_cast<size_t>(order[i])] = true;
            if (i == 0) continue;
            const KeyedRow& p = many[static_cast<size_t>(order[i - 1])];
            const KeyedRow& q = many[static_cast<size_t>(order[i])];
            REQUIRE(p.key <= q.key);
            if (p.key == q.key) REQUIRE(order[i - 1] < order[i]);
        }
    }
}

TEST_CASE("apply_order: element i becomes the old element order[i]") {
    std::vector<KeyedRow> rows = {{3, "a"}, {1, "b"}, {2, "c"}};
    std::vector<int> order = identity_order(rows.size());
    stable_sort_indices(order, by_key, &rows);
    apply_order(rows, order);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].name == "b");
    CHECK(rows[1].name == "c");
    CHECK(rows[2].name == "a");
}

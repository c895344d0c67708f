// traincalc — tests/test_order.cpp
// core/order.h: the one stable sort (indices through a function pointer) and the permutation.
#include "core/order.h"
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace traincalc;

namespace {
struct Row {
    int key;
    std::string name;
};
bool by_key(const void* context, int a, int b) {
    const auto& rows = *static_cast<const std::vector<Row>*>(context);
    return rows[static_cast<size_t>(a)].key < rows[static_cast<size_t>(b)].key;
}
} // namespace

TEST_CASE("identity_order: 0 … n-1, and empty for 0") {
    CHECK(identity_order(4) == std::vector<int>{0, 1, 2, 3});
    CHECK(identity_order(0).empty());
}

TEST_CASE("stable_sort_indices: ordered by the comparison, equal keys keep their order") {
    const std::vector<Row> rows = {{3, "a"}, {1, "b"}, {3, "c"}, {2, "d"}, {1, "e"}, {3, "f"}};
    std::vector<int> order = identity_order(rows.size());
    stable_sort_indices(order, by_key, &rows);
    CHECK(order == std::vector<int>{1, 4, 3, 0, 2, 5});
    // Longer than the insertion-sort cutoff of libc++ (its merge path): still stable.
    std::vector<Row> many;
    for (int i = 0; i < 1000; i++) many.push_back({(i * 7919) % 13, std::to_string(i)});
    order = identity_order(many.size());
    stable_sort_indices(order, by_key, &many);
    for (size_t i = 1; i < order.size(); i++) {
        const Row& p = many[static_cast<size_t>(order[i - 1])];
        const Row& q = many[static_cast<size_t>(order[i])];
        REQUIRE(p.key <= q.key);
        if (p.key == q.key) REQUIRE(order[i - 1] < order[i]);
    }
}

TEST_CASE("apply_order: element i becomes the old element order[i]") {
    std::vector<Row> rows = {{3, "a"}, {1, "b"}, {2, "c"}};
    std::vector<int> order = identity_order(rows.size());
    stable_sort_indices(order, by_key, &rows);
    apply_order(rows, order);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].name == "b");
    CHECK(rows[1].name == "c");
    CHECK(rows[2].name == "a");
}

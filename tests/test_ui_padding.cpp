// traincalc — tests/test_ui_padding.cpp
// Issue 12 item 4 on the page: data given as samples can be packed into full sequences or padded to
// the longest sample of each micro-batch. The data section's "Packed into full sequences" checkbox
// and "Longest sample" box are drawn through the widgets helpers in both languages, found by role
// and name as the browser tests find them, wired to the scenario, and the padding shows in the
// compute headline's show-work.
#include "ui_harness.h"

#include <doctest/doctest.h>

#include <string>

using namespace traincalc;
using traincalc_test::find_node;
using traincalc_test::Page;

namespace {
// Any semantics node whose accessible name contains `part` (a show-work line's copy button is named
// after the line's first 40 bytes).
bool named_containing(const App& app, const std::string& part) {
    for (const SemNode& n : app.sem)
        if (n.name.find(part) != std::string::npos) return true;
    return false;
}
} // namespace

TEST_CASE("padding controls: 'Packed into full sequences' and 'Longest sample', in en and zh") {
    struct Names {
        Lang lang;
        const char *packing, *longest, *padded_line;
    };
    for (const Names& n :
         {Names{Lang::en, "Packed into full sequences", "Longest sample, tokens (0 = sequence length)",
                "Padded tokens per sample (no packing)"},
          Names{Lang::zh, "打包成整段序列", "最长样本 token 数（0 = 序列长度）",
                "每条样本填充后的 token 数"}}) {
        Page page(1280, 9000, 1, n.lang);
        Scenario& s = page.app.scenario;
        s.data_input = DataInput::samples;
        s.samples = 10000;
        s.avg_tokens = 500;
        s.seq_len = 2048;
        s.micro_batch = 8;
        refresh(page.app);
        REQUIRE(page.app.estimate.ok);
        const double packed_hours = page.app.estimate.time.compute_hours;
        page.frame();
        page.frame();
        const SemNode* pack = find_node(page.app, Role::checkbox, n.packing);
        REQUIRE(pack);
        CHECK(pack->state == 1);                                   // packed by default
        CHECK_FALSE(find_node(page.app, Role::number, n.longest)); // no longest sample while packed
        // A click on the checkbox unpacks the samples: the longest-sample box appears.
        page.click(*pack);
        CHECK_FALSE(s.packing);
        REQUIRE(find_node(page.app, Role::number, n.longest));
        // The longest sample 2,000 (typed in the browser test): each sample costs avg + (max − avg)·(b −
        // 1)/(b + 1) = 500 + 1,500 · 7/9 = 1,666.7 tokens, 70% of them padding, and the compute grows with
        // them.
        s.max_tokens = 2000;
        refresh(page.app);
        REQUIRE(page.app.estimate.ok);
        CHECK(page.app.estimate.flops.padded_tokens_per_sample == doctest::Approx(500 + 1500.0 * 7 / 9));
        CHECK(page.app.estimate.flops.padding_waste == doctest::Approx(0.7));
        CHECK(page.app.estimate.time.compute_hours > packed_hours * 3);
        // The compute headline's show-work has the padded tokens' line.
        page.app.show_work[static_cast<int>(Headline::compute)] = true;
        page.frame();
        page.frame();
        CHECK(named_containing(page.app, n.padded_line));
        CHECK(page.recovered == "");
    }
}

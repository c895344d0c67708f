// traincalc — tests/test_ui_loss.cpp
// The Advanced section's loss picker (issue 12: logits by loss implementation): the bf16 choice is an
// option of the "Loss (logits memory)" combobox in both languages, found by role and name as the
// browser tests find it, chosen by a click, wired to the scenario, and the logits term follows it
// (8 B per token and vocabulary entry against the Hugging Face stack's 17).
#include "ui_harness.h"

#include <doctest/doctest.h>

#include <string>

using namespace traincalc;
using traincalc_test::find_node;
using traincalc_test::Page;

TEST_CASE("loss picker: 'bf16, no fp32 copy' is an option, in en and zh, and sets 8 B per entry") {
    struct Names {
        Lang lang;
        const char *picker, *bf16, *help;
    };
    for (const Names& n :
         {Names{Lang::en, "Loss (logits memory)", "bf16, no fp32 copy", "Help: Training stack"},
          Names{Lang::zh, "损失函数（logits 显存）", "bf16，无 fp32 副本", "说明：训练框架"}}) {
        Page page(1280, 9000, 1, n.lang);
        page.app.show_advanced = true;
        refresh(page.app);
        REQUIRE(page.app.estimate.ok);
        const double upcast_gib = page.app.estimate.memory.logits_gib; // the Hugging Face stack's 17 B
        page.frame();
        page.frame();
        const SemNode* picker = find_node(page.app, Role::combobox, n.picker);
        REQUIRE(picker);
        CHECK(find_node(page.app, Role::button, n.help));       // the help names the bytes of each choice
        CHECK_FALSE(find_node(page.app, Role::option, n.bf16)); // closed: no options yet
        page.click(*picker);
        const SemNode* option = find_node(page.app, Role::option, n.bf16);
        REQUIRE(option);
        CHECK(option->state == 0);
        page.click(*option);
        CHECK(page.app.scenario.loss == LossImpl::bf16);
        REQUIRE(page.app.estimate.ok);
        CHECK(page.app.estimate.memory.logits_gib == doctest::Approx(upcast_gib * 8 / 17));
        picker = find_node(page.app, Role::combobox, n.picker);
        REQUIRE(picker);
        CHECK(picker->value == n.bf16); // the combobox shows the choice
        CHECK(page.recovered == "");
    }
}

// traincalc — tests/test_ui_parallelism.cpp
// The inputs screen's parallelism controls of issue 13 (context and expert parallel degrees,
// sequence parallelism, activation offload): drawn through the widgets helpers in both languages,
// found by role and name as the browser tests find them, wired to the scenario, and marked invalid
// with their field's error.
#include "ui_harness.h"

#include <doctest/doctest.h>

using namespace traincalc;
using traincalc_test::find_node;
using traincalc_test::Page;

TEST_CASE("parallelism controls: cp, ep, sequence parallel and activation offload, in en and zh") {
    struct Names {
        Lang lang;
        const char *cp, *ep, *sp, *offload;
    };
    for (const Names& n :
         {Names{Lang::en, "Context parallel (CP)", "Expert parallel (EP)", "Sequence parallel (with TP)",
                "Activation offload to host RAM"},
          Names{Lang::zh, "上下文并行（CP）", "专家并行（EP）", "序列并行（配合 TP）", "激活卸载到内存"}}) {
        Page page(1280, 9000, 1, n.lang);
        page.app.show_advanced = true;
        page.frame();
        page.frame();
        CHECK(find_node(page.app, Role::number, n.cp));
        CHECK(find_node(page.app, Role::number, n.ep));
        const SemNode* sp = find_node(page.app, Role::checkbox, n.sp);
        const SemNode* off = find_node(page.app, Role::checkbox, n.offload);
        REQUIRE(sp);
        REQUIRE(off);
        CHECK(sp->state == 1); // on by default
        CHECK(off->state == 0);
        // A click on the offload checkbox turns it on and the estimate moves activations to the host.
        const float x = (off->x0 + off->x1) / 2, y = (off->y0 + off->y1) / 2;
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2(x, y);
        io.MouseDown[0] = true;
        page.frame();
        io.MouseDown[0] = false;
        page.frame();
        page.frame();
        CHECK(page.app.scenario.activation_offload);
        REQUIRE(page.app.estimate.ok);
        CHECK(page.app.estimate.memory.activations_host_gib > 0);
        CHECK(page.recovered == "");
    }
}

TEST_CASE("parallelism controls: ep on a dense model marks the EP box invalid with its field's error") {
    Page page(1280, 9000, 1, Lang::en);
    page.app.show_advanced = true;
    page.app.scenario.ep = 2; // the default model is dense
    refresh(page.app);
    CHECK_FALSE(page.app.estimate.ok);
    page.frame();
    page.frame();
    const SemNode* ep = find_node(page.app, Role::number, "Expert parallel (EP)");
    REQUIRE(ep);
    CHECK(ep->invalid);
    const SemNode* cp = find_node(page.app, Role::number, "Context parallel (CP)");
    REQUIRE(cp);
    CHECK_FALSE(cp->invalid);
    CHECK(page.recovered == "");
}

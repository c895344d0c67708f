// traincalc — tests/test_ui_parallelism.cpp
// The inputs screen's parallelism controls of issue 13 (context and expert parallel degrees,
// sequence parallelism, activation offload): drawn through the widgets helpers in both languages,
// found by role and name as the browser tests find them, wired to the scenario, and marked invalid
// with their field's error.
#include "ui_harness.h"

#include <doctest/doctest.h>

#include <string>

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
        page.click(*off);
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

TEST_CASE("a GPU comparison row shows and says its whole strategy: cp, ep and activation offload included") {
    struct Case {
        const char* model;
        Stack stack;
        int seq_len;
        bool cp, ep; // which the rows must show
    };
    // Qwen3 30B-A3B on Megatron at 32K tokens: the search proposes context parallelism on some rows
    // (6 of 25; Mixtral's rows went to CPU offload instead, before its time was calibrated, and now to
    // recomputation); gpt-oss-120b (128 experts) on DeepSpeed (expert parallelism, no cp) at 4K: expert
    // parallelism.
    for (const Case& k : {Case{"qwen3-30b-a3b", Stack::megatron, 32768, true, false},
                          Case{"gpt-oss-120b", Stack::deepspeed, 4096, false, true}})
        for (const Lang lang : {Lang::en, Lang::zh}) {
            Page page(1280, 9000, 1, lang);
            Scenario& s = page.app.scenario;
            s.model_id = k.model;
            s.method = Method::full;
            s.stack = k.stack;
            s.seq_len = k.seq_len;
            s.cards = 8;
            refresh(page.app);
            REQUIRE(page.app.estimate.ok);
            page.frame();
            page.frame();
            int with_cp = 0, with_ep = 0;
            for (const GpuOption& o : page.app.comparison) {
                if (!o.workable) continue;
                const GpuSpec& g = page.app.catalog->gpus[o.gpu_index];
                const SemNode* row =
                    find_node(page.app, Role::option, g.name + " × " + std::to_string(o.cards));
                if (!row) continue; // a row scrolled out of the table's view draws no button
                // The row's button carries its cells as its description (aria-description on the page).
                CHECK(row->value.find(lang == Lang::zh ? "费用：" : "Cost ") == 0); // the columns' order
                CHECK(row->value.find(lang == Lang::zh ? "卡数：" : "Cards ") != std::string::npos);
                if (o.strategy.cp > 1) {
                    with_cp++;
                    CHECK(row->value.find(" · CP " + std::to_string(o.strategy.cp)) != std::string::npos);
                }
                if (o.strategy.ep > 1) {
                    with_ep++;
                    CHECK(row->value.find(" · EP " + std::to_string(o.strategy.ep)) != std::string::npos);
                }
            }
            if (k.cp) CHECK(with_cp > 0);
            if (k.ep) CHECK(with_ep > 0);
            CHECK(page.recovered == "");
        }
}

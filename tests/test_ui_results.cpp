// traincalc — tests/test_ui_results.cpp
// The results screen when a scenario does not fit: remedies drawn (and their glyphs in the font),
// time and cost marked, balanced frames; the string table's printf formats; Chinese number text.
#include "core/format.h"
#include "fixtures.h"
#include "ui/strings.h"
#include "ui_harness.h"
#include <cstring>
#include <doctest/doctest.h>
#include <string>

using namespace traincalc;
using traincalc_test::Page;

namespace {

// Qwen2.5-7B with LoRA at 4,096 tokens on one RTX 4090: does not fit as set.
Scenario lora_7b_on_4090() {
    Scenario s;
    s.gpu_id = "RTX4090";
    s.seq_len = 4096;
    s.cards = 1;
    return s;
}

// The characters of `text` the atlas's main font has no glyph for.
std::string missing_glyphs(const std::string& text) {
    const ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
    std::string missing;
    const char* p = text.c_str();
    const char* end = p + text.size();
    while (p < end) {
        unsigned int c = 0;
        const int n = ImTextCharFromUtf8(&c, p, end);
        if (n <= 0) break;
        if (!font->FindGlyphNoFallback(static_cast<ImWchar>(c)))
            missing += std::string(p, static_cast<size_t>(n));
        p += n;
    }
    return missing;
}

} // namespace

TEST_CASE("string-table printf formats hold exactly one %s and no other conversion, in both languages") {
    for (Str k : {Str::tps_per_card_fmt, Str::cards_strategy_fmt, Str::break_even_fmt, Str::buying_cheaper,
                  Str::renting_cheaper}) {
        for (Lang l : {Lang::en, Lang::zh}) {
            const std::string f = tr(k, l);
            CAPTURE(f);
            const size_t at = f.find('%');
            REQUIRE(at != std::string::npos);
            CHECK(f.compare(at, 2, "%s") == 0);
            CHECK(f.find('%', at + 1) == std::string::npos);
        }
    }
    CHECK(std::string(tr(Str::tps_per_card_fmt, Lang::zh)) == "每卡 %s token/s"); // not "token/s 每卡"
}

TEST_CASE(
    "a scenario that does not fit: remedies computed, every frame balanced, both languages and widths") {
    const Scenario s = lora_7b_on_4090();
    const Estimate e = estimate(s, traincalc_test::catalog());
    REQUIRE(e.ok);
    REQUIRE_FALSE(e.memory.fits);
    const std::vector<Remedy> v = remedies(s, traincalc_test::catalog());
    REQUIRE_FALSE(v.empty());
    for (const Remedy& r : v) CHECK(r.kind != RemedyKind::lora); // a LoRA user is never told to use LoRA
    for (float w : {1280.0f, 390.0f}) {
        for (Lang lang : {Lang::en, Lang::zh}) {
            Page page(w, 900, 1, lang);
            page.app.scenario = s;
            page.app.expand_all = true;
            refresh(page.app);
            for (int i = 0; i < 3; i++) page.frame();
            CHECK(page.recovered == "");
            CHECK(page.vertices() > 0);
            for (const Remedy& r : v) {
                const std::string text = remedy_text(r, traincalc_test::catalog(), lang);
                CAPTURE(text);
                CHECK(missing_glyphs(text) == "");
            }
        }
    }
}

TEST_CASE("Chinese quantities and compact money draw with the font subset") {
    Page page(1280, 800, 1, Lang::zh);
    for (double v : {2.5e4, 4.8e8, 1.2e13}) CHECK(missing_glyphs(format_quantity(v, Lang::zh)) == "");
    CHECK(missing_glyphs(format_money_compact(368640, Currency::cny, Lang::zh)) == "");
    for (int i = 0; i < static_cast<int>(Str::count); i++) {
        CAPTURE(str_key_name(static_cast<Str>(i)));
        CHECK(missing_glyphs(tr(static_cast<Str>(i), Lang::zh)) == "");
    }
}

TEST_CASE("the cost card's plan totals are one line a screen reader reads, in both languages") {
    // They were drawn only: "Show work: Cost" was a screen reader's only way to them.
    for (const Lang lang : {Lang::en, Lang::zh}) {
        Page page(1280, 800, 1, lang);
        page.frame();
        const bool en = lang == Lang::en;
        CHECK(traincalc_test::has_text(page.app,
                                       en ? "Hourly ¥270 · Daily ¥580 · Monthly ¥10,500 · Cheapest mix ¥270"
                                          : "按小时 ¥270 · 按天 ¥580 · 按月 ¥10,500 · 组合最省 ¥270"));
        CHECK(page.recovered == "");
    }
}

TEST_CASE("a remedy's Use button applies it: the scenario then fits") {
    Page page(1280, 6000, 1, Lang::en); // tall enough that the button is not clipped
    page.app.scenario = lora_7b_on_4090();
    // A chunked loss (Liger): with the Hugging Face stack's fp32 logits only a bigger card fits.
    page.app.scenario.loss = LossImpl::chunked;
    page.app.expand_all = true;
    refresh(page.app);
    REQUIRE_FALSE(page.app.estimate.memory.fits);
    for (int i = 0; i < 3; i++) page.frame();
    const SemNode* use = nullptr;
    for (const SemNode& n : page.app.sem)
        if (n.role == Role::button && n.name.rfind("Use: Full recomputation fits 1 card: ", 0) == 0) use = &n;
    if (!use)
        for (const SemNode& n : page.app.sem)
            if (n.role == Role::button && n.name.rfind("Use: ", 0) == 0) MESSAGE(n.name);
    REQUIRE(use);
    CAPTURE(use->y0);
    // What web/main.cpp does for a press on the button's DOM twin: activate the ImGui item.
    page.app.sem_action = SemAction{use->id, SemActionKind::press, 0, ""};
    ImGui::ActivateItem(use->id);
    for (int i = 0; i < 3; i++) page.frame();
    CHECK(page.app.scenario.checkpointing == Checkpointing::full);
    CHECK(page.app.scenario.cards == 1);
    CHECK(page.app.estimate.memory.fits);
    CHECK(page.recovered == "");
}

TEST_CASE("a plan that fits the card but not the machine's RAM: the remedies show, and Use makes it run") {
    for (Lang lang : {Lang::en, Lang::zh}) {
        Page page(1280, 6000, 1, lang);
        Scenario& s = page.app.scenario;
        s = fixtures::offload_on_small_machine(); // the card holds it, the 32 GiB machine does not
        refresh(page.app);
        REQUIRE(page.app.estimate.memory.fits);
        REQUIRE_FALSE(page.app.estimate.host.fits);
        for (int i = 0; i < 3; i++) page.frame();
        const std::string want = lang == Lang::zh ? "采用：不卸载到 CPU（省下内存）可放入 1 张卡："
                                                  : "Use: No CPU offload (less host RAM) fits 1 card: ";
        const SemNode* use = nullptr;
        for (const SemNode& n : page.app.sem)
            if (n.role == Role::button && n.name.rfind(want, 0) == 0) use = &n;
        if (!use)
            for (const SemNode& n : page.app.sem)
                if (n.role == Role::button) MESSAGE(n.name);
        REQUIRE(use);
        // The section says what the changes are for: the card holds the plan, the machine does not.
        auto heading = [&](Str k) {
            for (const SemNode& n : page.app.sem)
                if (n.role == Role::heading && n.value == tr(k, lang)) return true;
            return false;
        };
        CHECK(heading(Str::remedies_title_host));
        CHECK_FALSE(heading(Str::remedies_title));
        CHECK(missing_glyphs(use->name) == "");
        CHECK(missing_glyphs(tr(Str::host_ram_rules_out, lang)) == "");
        page.app.sem_action = SemAction{use->id, SemActionKind::press, 0, ""};
        ImGui::ActivateItem(use->id);
        for (int i = 0; i < 3; i++) page.frame();
        CHECK(page.app.scenario.offload == Offload::none);
        CHECK(page.app.estimate.memory.fits);
        CHECK(page.app.estimate.host.fits);
        CHECK(page.recovered == "");
    }
}

TEST_CASE("the phone's one-line answer says when the machine's RAM, not the card, is short") {
    for (Lang lang : {Lang::en, Lang::zh}) {
        Page page(390, 844, 1, lang);
        Scenario& s = page.app.scenario;
        s = fixtures::offload_on_small_machine(); // the card holds it, the 32 GiB machine does not
        refresh(page.app);
        for (int i = 0; i < 3; i++) page.frame();
        auto line_with = [&](Str k) {
            const std::string want = std::string(" · ") + tr(k, lang) + " · ";
            for (const SemNode& n : page.app.sem)
                if (n.role == Role::text && n.value.find(want) != std::string::npos) return true;
            return false;
        };
        CHECK(line_with(Str::host_ram_short));
        CHECK_FALSE(line_with(Str::fits));
        s.host_ram_gib = 256; // a machine that holds it: the line says it fits
        refresh(page.app);
        for (int i = 0; i < 3; i++) page.frame();
        CHECK(line_with(Str::fits));
        CHECK_FALSE(line_with(Str::host_ram_short));
        CHECK(page.recovered == "");
    }
}

TEST_CASE("the comparison's rows are one list: options after a listbox, the GPU in use selected") {
    // A list is one Tab stop (web/shell.html walks it with the arrows): 25 buttons were 25 stops,
    // which an embed, results first, put before its inputs.
    for (const float width : {1280.0f, 390.0f}) { // a table, and a phone's blocks
        CAPTURE(width);
        Page page(width, 20000, width < 500 ? 3.0f : 1.0f, Lang::en);
        for (int i = 0; i < 3; i++) page.frame();
        size_t list = page.app.sem.size();
        for (size_t i = 0; i < page.app.sem.size(); i++)
            if (page.app.sem[i].role == Role::listbox && page.app.sem[i].name == "Every GPU compared")
                list = i;
        REQUIRE(list < page.app.sem.size());
        int rows = 0, selected = 0;
        size_t i = list + 1;
        for (; i < page.app.sem.size() && page.app.sem[i].role == Role::option; i++) {
            const SemNode& n = page.app.sem[i];
            rows++;
            CHECK(traincalc_test::comparison_row(n));
            CHECK_MESSAGE(n.value.find(" h") != std::string::npos, n.value); // its cells, said with it
            if (n.state == 1) {
                selected++;
                CHECK(n.name == "NVIDIA A100 80GB SXM × " + std::to_string(page.app.scenario.cards));
            } else {
                CHECK(n.state == 0);
            }
        }
        CHECK(rows == static_cast<int>(page.app.comparison.size()));
        CHECK(selected == 1);
        CHECK(page.app.sem[list].y1 == page.app.sem[i - 1].y1); // spans its rows
        for (; i < page.app.sem.size(); i++) CHECK_FALSE(traincalc_test::comparison_row(page.app.sem[i]));
        CHECK(page.recovered == "");
    }
}

TEST_CASE("a provider catalog of 100 GPUs: the comparison draws 40 rows, then all on request") {
    std::string gpus;
    for (int i = 0; i < 100; i++)
        gpus += std::string(i ? "," : "") + "{\"id\":\"P" + std::to_string(i) + "\",\"name\":\"Provider " +
                std::to_string(i) +
                "\",\"memory_gib\":80,\"tflops_16bit\":300,\"nvlink_gbps\":600,\"compute_capability\":8.0,"
                "\"price_cny_per_hour\":" +
                std::to_string(10 + i) + "}";
    const CatalogResult big =
        merge_catalog(traincalc_test::catalog(), "{\"mode\":\"extend\",\"gpus\":[" + gpus + "]}");
    REQUIRE(big.errors.empty());
    Page page(1280, 20000, 1, Lang::en);
    page.app.catalog = &big.catalog;
    refresh(page.app);
    const size_t all_rows =
        100 + traincalc_test::catalog().gpus.size(); // the provider's and the built-in ones
    const std::string show_all = "Show every GPU (" + std::to_string(all_rows) + ")";
    REQUIRE(page.app.comparison.size() == all_rows);
    for (int i = 0; i < 3; i++) page.frame();
    auto rows = [&] {
        int n = 0;
        for (const SemNode& node : page.app.sem) n += traincalc_test::comparison_row(node);
        return n;
    };
    CHECK(rows() == 40);
    const SemNode* all = traincalc_test::find_node(page.app, Role::button, show_all);
    REQUIRE(all);
    page.app.sem_action = SemAction{all->id, SemActionKind::press, 0, ""};
    ImGui::ActivateItem(all->id);
    for (int i = 0; i < 3; i++) page.frame();
    CHECK(rows() == static_cast<int>(all_rows));
    CHECK(traincalc_test::find_node(page.app, Role::button, show_all) == nullptr);
    CHECK(page.recovered == "");
}

TEST_CASE("a provider catalog of 1,000 GPUs: compared over frames, then the same table as compare_gpus()") {
    std::string gpus;
    for (int i = 0; i < 1000; i++)
        gpus += std::string(i ? "," : "") + "{\"id\":\"P" + std::to_string(i) + "\",\"name\":\"Provider " +
                std::to_string(i) + "\",\"memory_gib\":" + std::to_string(24 + 8 * (i % 10)) +
                ",\"tflops_16bit\":" + std::to_string(100 + i % 900) +
                ",\"compute_capability\":8.0,\"price_cny_per_hour\":" + std::to_string(5 + i % 30) + "}";
    const CatalogResult big =
        merge_catalog(traincalc_test::catalog(), "{\"mode\":\"extend\",\"gpus\":[" + gpus + "]}");
    REQUIRE(big.errors.empty());
    const size_t n = big.catalog.gpus.size();
    REQUIRE(n > kCompareAtOnce);
    Page page(1280, 20000, 1, Lang::en);
    page.app.catalog = &big.catalog;
    refresh(page.app);
    // refresh() itself compares nothing: the first frame does not wait for 1,020 searches.
    CHECK(page.app.comparison_pending);
    CHECK(page.app.comparison.empty());
    CHECK(page.app.comparison_next == 0);
    page.frame();
    CHECK(page.app.comparison_next == kCompareStep);
    const std::string progress =
        "Comparing every GPU: " + std::to_string(kCompareStep) + " of " + std::to_string(n) + " done";
    bool shown = false;
    for (const SemNode& node : page.app.sem)
        shown = shown || (node.role == Role::text && node.value == progress);
    CHECK(shown);
    // An edit meanwhile starts over for the new scenario.
    page.app.scenario.cards = 2;
    refresh(page.app);
    CHECK(page.app.comparison_next == 0);
    int frames = 0;
    while (page.app.comparison_pending && frames < 100) {
        page.frame();
        frames++;
    }
    CHECK(frames == static_cast<int>((n + kCompareStep - 1) / kCompareStep));
    const std::vector<GpuOption> whole = compare_gpus(page.app.scenario, big.catalog);
    REQUIRE(page.app.comparison.size() == whole.size());
    for (size_t i = 0; i < whole.size(); i++) {
        CHECK(page.app.comparison[i].gpu_index == whole[i].gpu_index);
        CHECK(page.app.comparison[i].cost_total == whole[i].cost_total);
        CHECK(page.app.comparison[i].cheapest == whole[i].cheapest);
        CHECK(page.app.comparison[i].fastest == whole[i].fastest);
    }
    page.frame();
    CHECK(traincalc_test::find_node(page.app, Role::button, "Show every GPU (" + std::to_string(n) + ")") !=
          nullptr);
    // Another edit: while the next comparison is made, its section keeps the last one's height (an embed's
    // iframe is as tall as the page: a list that collapsed for a few frames moved the host's page under
    // the visitor's finger). The section: from its heading to the next heading.
    auto compare_h = [&] {
        const std::vector<SemNode>& v = page.app.sem.nodes;
        for (size_t i = 0; i < page.app.sem.size(); i++) {
            if (v[i].role != Role::heading ||
                (v[i].name != "Every GPU compared" && v[i].value != "Every GPU compared"))
                continue;
            for (size_t j = i + 1; j < page.app.sem.size(); j++)
                if (v[j].role == Role::heading) return v[j].y0 - v[i].y0;
            return page.app.sem.content_h - v[i].y0;
        }
        return -1.0f;
    };
    const float whole_h = compare_h();
    REQUIRE(whole_h > 0.0f);
    page.app.scenario.cards = 4;
    refresh(page.app);
    REQUIRE(page.app.comparison_pending);
    frames = 0;
    float least_h = whole_h;
    while (page.app.comparison_pending && frames < 100) {
        page.frame();
        if (page.app.comparison_pending) least_h = std::min(least_h, compare_h());
        frames++;
    }
    CHECK(least_h >= whole_h - 1.0f);
    CHECK(page.recovered == "");
}

TEST_CASE("a GPU comparison row applies its whole strategy, context and expert parallelism included") {
    Page page(1280, 9000, 1, Lang::en); // tall enough that every row is drawn
    page.app.scenario.model_id = "mixtral-8x7b";
    page.app.scenario.stack = Stack::megatron; // the stack whose search proposes cp and ep
    page.app.scenario.method = Method::full;
    page.app.scenario.seq_len = 32768;
    page.app.expand_all = true;
    refresh(page.app);
    for (int i = 0; i < 3; i++) page.frame();
    // A workable row whose strategy differs from the scenario's in what the search added.
    const GpuOption* pick = nullptr;
    for (const GpuOption& o : page.app.comparison)
        if (o.workable && (o.strategy.cp != page.app.scenario.cp || o.strategy.ep != page.app.scenario.ep ||
                           o.strategy.activation_offload != page.app.scenario.activation_offload))
            pick = &o;
    REQUIRE_MESSAGE(pick,
                    "no comparison row uses cp, ep or activation offload for Mixtral at 32K on Megatron");
    const GpuOption want = *pick;
    const GpuSpec& g = page.app.catalog->gpus[size_t(want.gpu_index)];
    const std::string suffix = " × " + std::to_string(want.cards);
    const SemNode* row = nullptr;
    for (const SemNode& n : page.app.sem)
        if (traincalc_test::comparison_row(n) && n.name.rfind(g.name, 0) == 0 &&
            n.name.size() >= suffix.size() &&
            n.name.compare(n.name.size() - suffix.size(), suffix.size(), suffix) == 0)
            row = &n;
    REQUIRE_MESSAGE(row, "no row named " << g.name << suffix);
    page.app.sem_action = SemAction{row->id, SemActionKind::press, 0, ""};
    ImGui::ActivateItem(row->id);
    for (int i = 0; i < 3; i++) page.frame();
    CHECK(page.app.scenario.gpu_id == g.id);
    CHECK(page.app.scenario.cards == want.cards);
    CHECK(strategy_choice_of(page.app.scenario) == want.strategy); // every searched field, cp/ep included
    // And the page's own estimate of the applied scenario shows the row's figures.
    CHECK(page.app.estimate.memory.per_gpu_gib == doctest::Approx(want.memory_per_gpu_gib));
    CHECK(page.app.estimate.time.wall_hours == doctest::Approx(want.wall_hours));
    CHECK(page.recovered == "");
}

TEST_CASE("the cards headline gives the deadline's count with the own strategy and the fewest with another") {
    // Llama 3.1 8B in full on 1e10 tokens, H100s, 24 h, as set: ZeRO-1 with the optimizer on the CPU
    // makes it on 47 cards (the CPU's optimizer step each step: 24 before its time was calibrated);
    // ZeRO-3 without offload on 20 (tests/test_estimate.cpp).
    for (const Lang lang : {Lang::en, Lang::zh}) {
        Page page(1280, 800, 1, lang);
        Scenario& s = page.app.scenario;
        s = fixtures::llama8b_in_24h();
        s.zero = 1;
        s.offload = Offload::optimizer;
        refresh(page.app);
        page.frame();
        page.frame();
        REQUIRE(page.app.estimate.cards.for_deadline == 47);
        REQUIRE(page.app.estimate.cards.for_deadline_any == 20);
        const std::string want = lang == Lang::en ? "For the deadline: 47 cards (20 with ZeRO-3)"
                                                  : "满足期限：47 张卡（换用 ZeRO-3 只需 20 张）";
        bool said = false;
        for (const SemNode& n : page.app.sem) said |= n.value == want || n.name == want;
        CHECK_MESSAGE(said, want);
        // The scenario's own strategy alone: the count keeps its unit ("满足期限：4" read as 4 hours).
        s = Scenario{};
        s.deadline_hours = 4;
        refresh(page.app);
        page.frame();
        page.frame();
        REQUIRE(page.app.estimate.cards.for_deadline == 4);
        REQUIRE(page.app.estimate.cards.for_deadline_any == 4);
        const std::string four = lang == Lang::en ? "For the deadline: 4 cards" : "满足期限：4 张卡";
        said = false;
        for (const SemNode& n : page.app.sem) said |= n.value == four || n.name == four;
        CHECK_MESSAGE(said, four);
    }
}

// On a phone the work of a headline is drawn full width below the six cards, a screen or more under
// its toggle: a tap that opened it changed only the arrow (2026-12-04, by hand). The page now asks
// the platform to bring the work's title and first lines into view (web/library_traincalc.js
// tc_js_reveal); closing it, or a frame without a press, asks nothing.
TEST_CASE("a headline's Show work opened by a click asks for its work to be brought into view") {
    for (Lang lang : {Lang::en, Lang::zh}) {
        CAPTURE(static_cast<int>(lang));
        Page page(390, 12000, 1, lang);
        for (int i = 0; i < 3; i++) page.frame();
        const std::string title = tr(Str::h_time, lang);
        const std::string name = (lang == Lang::zh ? "查看算式：" : "Show work: ") + title;
        const SemNode* toggle = traincalc_test::find_node(page.app, Role::button, name);
        REQUIRE(toggle);
        CHECK(toggle->state == 0);
        const float toggle_bottom = toggle->y1;
        CHECK(page.app.reveal_request[0] < 0);
        page.click(*toggle);
        const SemNode* open = traincalc_test::find_node(page.app, Role::button, name);
        REQUIRE(open);
        CHECK(open->state == 1);
        // The request spans the work's title and its first lines, all below the toggle.
        const std::string work_title = title + " · " + tr(Str::show_work, lang);
        const SemNode* heading = nullptr;
        for (const SemNode& n : page.app.sem)
            if (n.role == Role::heading && n.value == work_title) heading = &n;
        REQUIRE(heading);
        const float top = page.app.reveal_request[0], bottom = page.app.reveal_request[1];
        CHECK(top > toggle_bottom);
        CHECK(top <= heading->y0);
        CHECK(heading->y0 - top < ImGui::GetTextLineHeightWithSpacing());
        CHECK(bottom > heading->y1 + 3 * ImGui::GetTextLineHeight()); // some lines of work too
        CHECK(bottom - top <= 16.0f * ImGui::GetTextLineHeightWithSpacing() + 0.5f);
        CHECK_FALSE(page.app.reveal_at_once); // the work glides into view (nothing waits under the pointer)
        // Asked once: the next frames ask nothing (the platform took it), nor does closing it.
        page.app.reveal_request[0] = page.app.reveal_request[1] = -1.0f;
        page.frame();
        CHECK(page.app.reveal_request[0] < 0);
        page.click(*traincalc_test::find_node(page.app, Role::button, name));
        CHECK(traincalc_test::find_node(page.app, Role::button, name)->state == 0);
        CHECK(page.app.reveal_request[0] < 0);
    }
}

TEST_CASE("the cards headline is what the scenario's own settings need; the fewest with another strategy "
          "under it") {
    // Mixtral 8x7B full fine-tuning, ZeRO-3 on H100s: its own settings fit on 12 cards, ZeRO-3 with
    // both offloads on 3. The headline read "3": a count the visitor's settings never fit.
    for (Lang lang : {Lang::en, Lang::zh}) {
        const bool zh = lang == Lang::zh;
        CAPTURE(zh);
        Page page(1280, 9000, 1, lang);
        Scenario& s = page.app.scenario;
        s.model_id = "mixtral-8x7b";
        s.method = Method::full;
        s.samples = 200000;
        s.avg_tokens = 800;
        s.epochs = 2;
        s.seq_len = 4096;
        s.checkpointing = Checkpointing::full;
        s.zero = 3;
        s.gpu_id = "H100-SXM";
        s.cards = 16;
        refresh(page.app);
        for (int i = 0; i < 3; i++) page.frame();
        const CardsResult& c = page.app.estimate.cards;
        REQUIRE(c.min_for_memory == 12);
        REQUIRE(c.min_for_memory_any == 3);
        // The title, then its value, then the fewer with the strategy that gives it.
        const Semantics& n = page.app.sem;
        size_t at = 0;
        while (at < n.size() && !(n[at].role == Role::heading && n[at].value == tr(Str::h_cards, lang))) at++;
        REQUIRE(at + 2 < n.size());
        CHECK(n[at + 1].value == "12");
        CHECK(n[at + 2].value.rfind(zh ? "换用其他策略最少：3（" : "Fewest with another strategy: 3 (", 0) ==
              0);
        // Its own settings that never fit: the best strategy's count, saying which.
        s.offload = Offload::none;
        s.zero = 0;
        s.cards = 8;
        refresh(page.app);
        for (int i = 0; i < 3; i++) page.frame();
        REQUIRE(page.app.estimate.cards.min_for_memory == 0);
        REQUIRE(page.app.estimate.cards.min_for_memory_any > 0);
        at = 0;
        while (at < n.size() && !(n[at].role == Role::heading && n[at].value == tr(Str::h_cards, lang))) at++;
        REQUIRE(at + 2 < n.size());
        CHECK(n[at + 1].value == std::to_string(page.app.estimate.cards.min_for_memory_any));
        CHECK(n[at + 2].value.find(zh ? "按当前设置放不下" : "none with your settings") != std::string::npos);
    }
}

TEST_CASE("the memory headline's two amounts carry the digits their headroom needs") {
    // Qwen2.5 14B full fine-tuning on 8 A100s, s = 4,232: 0.103 GiB headroom. At three digits each the
    // card read "77.5 GiB / 77.6 GiB", a difference of 0.1 beside the 0.103 it shows.
    for (Lang lang : {Lang::en, Lang::zh}) {
        const bool zh = lang == Lang::zh;
        CAPTURE(zh);
        Page page(1280, 9000, 1, lang);
        Scenario& s = page.app.scenario;
        s.model_id = "qwen2.5-14b";
        s.method = Method::full;
        s.micro_batch = 1;
        s.seq_len = 4232;
        s.gpu_id = "A100-80G";
        s.cards = 8;
        s.zero = 3;
        refresh(page.app);
        for (int i = 0; i < 3; i++) page.frame();
        REQUIRE(page.app.estimate.memory.fits);
        const Semantics& n = page.app.sem;
        size_t at = 0;
        while (at < n.size() && !(n[at].role == Role::heading && n[at].value == tr(Str::h_memory, lang)))
            at++;
        REQUIRE(at + 2 < n.size());
        CHECK(n[at + 1].value == "77.497 GiB / 77.6 GiB");
        CHECK(n[at + 2].value == (zh ? "✓ 放得下（余量 0.103 GiB）" : "✓ fits (headroom 0.103 GiB)"));
        // Roomy: three digits each, as before (33 GiB of 77.6, headroom 44.6).
        s.seq_len = 1024;
        refresh(page.app);
        for (int i = 0; i < 3; i++) page.frame();
        CHECK(n[at + 1].value == format_number(page.app.estimate.memory.per_gpu_gib) + " GiB / 77.6 GiB");
    }
}

TEST_CASE("the summary line says the plan as set is past the deadline and over the budget, the warnings by "
          "how much") {
    // A tester (2026-12-08, phone zh and desktop en): a 5 h deadline and a ¥100 budget typed, the summary
    // stayed green, "8.17 小时 · 放得下 · ¥270".
    for (Lang lang : {Lang::en, Lang::zh}) {
        const bool zh = lang == Lang::zh;
        CAPTURE(zh);
        Page page(390, 16000, 1, lang); // a phone: the summary line heads the page
        page.app.scenario.deadline_hours = 5;
        page.app.scenario.budget = 100;
        refresh(page.app);
        for (int i = 0; i < 3; i++) page.frame();
        const std::string h = format_hours(page.app.estimate.time.wall_hours, lang);
        CHECK(has_text(page.app, zh ? h + " · 放得下 · ¥270 · 超过 5 小时的期限 · 超出 ¥100 的预算"
                                    : h + " · fits · ¥270 · past the 5 h deadline · over the ¥100 budget"));
        CHECK(has_text(page.app, zh ? "按当前设置需要 ¥270，比 ¥100 的预算多 ¥170。"
                                    : "As set, the run costs ¥270, over the ¥100 budget by ¥170."));
        // Met: the line as before.
        page.app.scenario.deadline_hours = 24;
        page.app.scenario.budget = 1000;
        refresh(page.app);
        for (int i = 0; i < 3; i++) page.frame();
        CHECK(has_text(page.app, zh ? h + " · 放得下 · ¥270" : h + " · fits · ¥270"));
    }
}

TEST_CASE("a card without a rental price: the cost is unknown, not ¥0, and rent or buy gives no verdict") {
    // Found by hand: the comparison's "no price" row (the modified RTX 4090 48GB) clicked, the page
    // said ¥0, "¥0 per million tokens", "Renting stays cheaper at any monthly use" and that ¥500
    // buys 3e15 tokens (60,473 years).
    for (Lang lang : {Lang::en, Lang::zh}) {
        const bool zh = lang == Lang::zh;
        CAPTURE(zh);
        Page page(390, 16000, 1, lang); // a phone: the summary line heads the page
        page.app.scenario.gpu_id = "RTX4090-48G";
        page.app.scenario.budget = 500;
        refresh(page.app);
        for (int i = 0; i < 3; i++) page.frame();
        REQUIRE(page.app.estimate.ok);
        REQUIRE_FALSE(page.app.estimate.cost.priced);
        using traincalc_test::has_text;
        CHECK(has_text(page.app, zh ? "没有租用价：请在“价格”中填写报价"
                                    : "No rental price: enter your quote under Prices"));
        CHECK(has_text(page.app, zh ? "未知：没有租用价" : "unknown: no rental price"));
        CHECK(has_text(page.app,
                       zh ? "这张卡没有租用价：无法判断买卡是否划算。请在“价格”中填入租用价。"
                          : "No rental price for this card: whether buying pays is unknown. Enter one "
                            "under Prices."));
        CHECK(has_text(page.app,
                       zh ? "预算能买的 token：无法计算，这张卡没有租用价：请在“价格”中填写报价"
                          : "Most tokens for the budget: unknown, this card has no rental price: enter "
                            "your quote under Prices"));
        for (const SemNode& n : page.app.sem) {
            CAPTURE(n.value);
            CHECK(n.value != "¥0");
            CHECK(n.value.find(zh ? "每百万 token" : "per million tokens") == std::string::npos);
            CHECK(n.value != tr(Str::break_even_never, lang));
            CHECK(n.value.find(zh ? "租卡更便宜" : "renting is cheaper") == std::string::npos);
        }
        // The summary line at the top names the price as missing.
        CHECK(has_text(page.app, zh ? "15.3 小时 · 放得下 · 无报价" : "15.3 h · fits · no price"));
    }
}

TEST_CASE(
    "the compute card names the rule of thumb as it counts: 6ND, or 6·N_act·D for a mixture of experts") {
    auto card_line = [](const char* model) {
        Page page(1280, 3000, 1, Lang::en);
        page.app.scenario.model_id = model;
        page.app.scenario.method = Method::full;
        refresh(page.app);
        page.frame();
        page.frame();
        std::string found;
        for (const SemNode& n : page.app.sem)
            if (n.role == Role::text && n.value.rfind("model\u00a0", 0) == 0) found = n.value;
        return found;
    };
    const std::string dense = card_line("qwen2.5-7b");
    CHECK(dense.find(" · 6ND\u00a0") != std::string::npos);
    const std::string moe = card_line("qwen3-30b-a3b"); // 30.5B parameters, 3.3B active
    CHECK(moe.find(" · 6·N_act·D\u00a0") != std::string::npos);
    CHECK(moe.find("6ND") == std::string::npos);
}

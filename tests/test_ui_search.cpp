// traincalc — tests/test_ui_search.cpp
// The pickers' search (ui/widgets.h search_matches()): each word of the query is found, case folded,
// in an item's name or id; Chinese names of makers and families find their Latin names. Then the
// GPU and model pickers drawn headless with such a search: what they list, and the line that says
// nothing matched.
#include "core/catalog.h"
#include "ui/widgets.h"
#include "ui_harness.h"
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace traincalc;
using traincalc::ui::search_matches;
using traincalc_test::find_node;
using traincalc_test::Page;

namespace {

// The names of the open picker's options, in order.
std::vector<std::string> options(const App& app) {
    std::vector<std::string> out;
    for (const SemNode& n : app.sem)
        if (traincalc_test::picker_option(n)) out.push_back(n.name.substr(0, n.name.find_first_of(",，")));
    return out;
}

void act(Page& page, const SemNode* n, SemActionKind kind, const char* text = "") {
    REQUIRE(n);
    sem_post_action(page.app, SemAction{n->id, kind, 0, text});
    for (int i = 0; i < 3; i++) page.frame();
}

} // namespace

TEST_CASE("search_matches: every word, in the name or the id, case folded") {
    CHECK(search_matches("", "Qwen2.5 7B", "qwen2.5-7b"));
    CHECK(search_matches("   ", "Qwen2.5 7B", "qwen2.5-7b"));
    CHECK(search_matches("qwen 7b", "Qwen2.5 7B", "qwen2.5-7b"));    // one substring missed it
    CHECK(search_matches("7B QWEN", "Qwen2.5 7B", "qwen2.5-7b"));    // in any order
    CHECK(search_matches("qwen2.5-7b", "Qwen2.5 7B", "qwen2.5-7b")); // the id as people paste it
    CHECK_FALSE(search_matches("qwen 8b", "Qwen2.5 7B", "qwen2.5-7b"));
    CHECK_FALSE(search_matches("qwen7b", "Qwen2.5 7B", "qwen2.5-7b"));
    CHECK(search_matches("a100 80", "NVIDIA A100 80GB SXM", "A100-80G"));
    CHECK(search_matches("h100\xE3\x80\x80pcie", "NVIDIA H100 80GB PCIe", "H100-PCIe")); // U+3000 splits
    CHECK_FALSE(search_matches("h100 sxm", "NVIDIA H100 80GB PCIe", "H100-PCIe"));
}

TEST_CASE("search_matches: a repository as people paste it finds its catalog model") {
    CHECK(search_matches("Qwen/Qwen2.5-7B-Instruct", "Qwen2.5 7B", "qwen2.5-7b"));
    CHECK(search_matches("Qwen2.5-7B-Instruct", "Qwen2.5 7B", "qwen2.5-7b"));
    CHECK(search_matches("meta-llama/Llama-2-7b-chat-hf", "Llama 2 7B", "llama-2-7b"));
    CHECK(search_matches("google/gemma-2-9b-it", "Gemma 2 9B", "gemma-2-9b"));
    CHECK(search_matches("deepseek-ai/DeepSeek-V3", "DeepSeek-V3", "deepseek-v3"));
    CHECK_FALSE(search_matches("Qwen/Qwen2.5-72B-Instruct", "Qwen2.5 7B", "qwen2.5-7b"));
    CHECK_FALSE(search_matches("Qwen/Qwen2.5-VL-7B-Instruct", "Qwen2.5 7B", "qwen2.5-7b"));
    CHECK_FALSE(search_matches("Qwen/Qwen2.5-7B-Instruct", "Qwen2.5-VL 7B", "qwen2.5-vl-7b"));
    CHECK_FALSE(search_matches("org/7b", "Qwen2.5 7B", "qwen2.5-7b")); // a short rest finds no long id
}

TEST_CASE("search_matches: Chinese names of makers and families find the Latin names") {
    CHECK(search_matches("昇腾", "Huawei Ascend 910B 64GB", "910B"));
    CHECK(search_matches("华为 910", "Huawei Ascend 910B 64GB", "910B"));
    CHECK(search_matches("昇", "Huawei Ascend 910B 64GB", "910B")); // on the way to 昇腾
    CHECK_FALSE(search_matches("昇腾", "NVIDIA A100 80GB SXM", "A100-80G"));
    CHECK(search_matches("通义千问 7b", "Qwen2.5 7B", "qwen2.5-7b")); // holds 千问
    CHECK(search_matches("千问", "Qwen3 30B-A3B (MoE)", "qwen3-30b-a3b"));
    CHECK_FALSE(search_matches("千问", "Llama 3.1 8B", "llama-3.1-8b"));
    CHECK(search_matches("深度求索", "DeepSeek-V3", "deepseek-v3"));
    CHECK(search_matches("魔改 4090", "GeForce RTX 4090 48GB (modified, China)", "RTX4090-48G"));
    CHECK_FALSE(search_matches("魔改 4090", "NVIDIA GeForce RTX 4090 24GB", "RTX4090"));
    CHECK(search_matches("零一万物", "Yi-1.5 34B", "yi-1.5-34b"));
    CHECK_FALSE(search_matches("零一万物", "Mixtral 8x7B", "mixtral-8x7b"));
    CHECK_FALSE(search_matches("显卡", "NVIDIA A100 80GB SXM", "A100-80G")); // no alias: as typed
}

TEST_CASE("the GPU picker lists what a Chinese search finds, and says when nothing matches") {
    Page page(1280, 3000, 1, Lang::zh);
    page.frame();
    page.frame();
    act(page, find_node(page.app, Role::combobox, "GPU 型号"), SemActionKind::press);
    act(page, find_node(page.app, Role::textbox, "搜索 GPU…"), SemActionKind::set, "昇腾");
    CHECK(options(page.app) == std::vector<std::string>{"Huawei Ascend 910B 64GB"});
    CHECK_FALSE(traincalc_test::has_text(page.app, "没有与“昇腾”匹配的项。"));
    act(page, find_node(page.app, Role::textbox, "搜索 GPU…"), SemActionKind::set, "H100 sxm");
    CHECK(options(page.app) == std::vector<std::string>{"NVIDIA H100 80GB SXM"});
    act(page, find_node(page.app, Role::textbox, "搜索 GPU…"), SemActionKind::set, "TPU");
    CHECK(options(page.app).empty());
    CHECK(traincalc_test::has_text(page.app, "没有与“TPU”匹配的项。"));
    CHECK(page.recovered == "");
}

TEST_CASE("a GPU option's name says what its row shows: memory, TFLOPS and the price") {
    for (Lang lang : {Lang::en, Lang::zh}) {
        Page page(1280, 3000, 1, lang);
        page.frame();
        page.frame();
        act(page, find_node(page.app, Role::combobox, lang == Lang::zh ? "GPU 型号" : "GPU"),
            SemActionKind::press);
        act(page, find_node(page.app, Role::textbox, lang == Lang::zh ? "搜索 GPU…" : "Search GPUs…"),
            SemActionKind::set, "H100 sxm");
        const GpuSpec* g = page.app.catalog->find_gpu("H100-SXM");
        REQUIRE(g);
        REQUIRE(g->price_cny_per_hour > 0);
        std::string name;
        for (const SemNode& n : page.app.sem)
            if (traincalc_test::picker_option(n)) name = n.name;
        const std::string price = std::string(ui::fmoney_in(g->price_cny_per_hour, Currency::cny)) + "/h";
        // The price drawn in the row is said in its name (a screen reader heard everything but it).
        CHECK(name == (lang == Lang::zh ? "NVIDIA H100 80GB SXM，80 GiB，989 TFLOPS，" + price
                                        : "NVIDIA H100 80GB SXM, 80 GiB, 989 TFLOPS, " + price));
        CHECK(page.recovered == "");
    }
}

TEST_CASE("the model picker finds \"qwen 7b\" and says in English when nothing matches") {
    Page page(390, 3000, 3, Lang::en);
    page.frame();
    page.frame();
    act(page, find_node(page.app, Role::combobox, "Model"), SemActionKind::press);
    act(page, find_node(page.app, Role::textbox, "Search models…"), SemActionKind::set, "qwen 7b");
    // "1.7B" holds "7b" too: a word is found anywhere in a name, as one typed word always was.
    CHECK(options(page.app) ==
          std::vector<std::string>{"Qwen2.5 7B", "Qwen3 1.7B", "Qwen2-VL 7B", "Qwen2.5-VL 7B"});
    act(page, find_node(page.app, Role::textbox, "Search models…"), SemActionKind::set, "gpt-5");
    CHECK(options(page.app).empty());
    CHECK(traincalc_test::has_text(page.app, "Nothing matches \"gpt-5\"."));
    CHECK(page.recovered == "");
}

// A tester (2026-12-08, a provider's page in an iframe, zh): the provider's three cards came after the
// built-in 28 in the picker (first in the comparison), and cards priced in dollars only read "$1.71/h"
// among the yuan.
TEST_CASE("the GPU picker lists a provider's cards first, and every price in the page's currency") {
    const CatalogResult merged =
        merge_catalog(traincalc_test::catalog(),
                      R"J({"mode":"extend","gpus":[{"id":"ACME-H20","name":"H20 96G (Acme, Shanghai)",
            "name_zh":"H20 96G（极客云，上海）","memory_gib":96,"tflops_16bit":148,"price_cny_per_hour":26.5}]})J");
    REQUIRE(merged.errors.empty());
    for (Lang lang : {Lang::en, Lang::zh}) {
        const bool zh = lang == Lang::zh;
        CAPTURE(zh);
        Page page(1280, 3000, 1, lang);
        page.app.catalog = &merged.catalog;
        refresh(page.app);
        page.frame();
        page.frame();
        act(page, find_node(page.app, Role::combobox, zh ? "GPU 型号" : "GPU"), SemActionKind::press);
        std::vector<std::string> names;
        for (const SemNode& n : page.app.sem)
            if (traincalc_test::picker_option(n)) names.push_back(n.name);
        REQUIRE(names.size() == merged.catalog.gpus.size());
        CHECK(names[0] == (zh ? "H20 96G（极客云，上海），96 GiB，148 TFLOPS，¥26.50/h"
                              : "H20 96G (Acme, Shanghai), 96 GiB, 148 TFLOPS, ¥26.50/h"));
        // The RTX PRO 6000's $0.66 at the catalog's 7.2, to the cent as the comparison has it.
        bool converted = false;
        for (const std::string& n : names)
            converted |= n.rfind("NVIDIA RTX PRO 6000", 0) == 0 && n.find("¥4.75/h") != std::string::npos;
        CHECK(converted);
        for (const std::string& n : names) CHECK(n.find('$') == std::string::npos);
        CHECK(page.recovered == "");
    }
}

// traincalc — tests/test_ui_charts.cpp
// The time and cost charts against the card count (ui/screen_charts.cpp): each chart is also text a
// screen reader reads and Ctrl+F finds, its points as core's card curve gives them, in English and
// Chinese, with the counts that do not fit said so.
#include "core/compare.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "ui_harness.h"
#include <doctest/doctest.h>
#include <string>

using namespace traincalc;
using traincalc_test::Page;

namespace {

// The text node that starts with `prefix`, or "" when none does.
std::string text_starting(const App& app, const std::string& prefix) {
    for (const SemNode& n : app.sem)
        if (n.role == Role::text && n.value.rfind(prefix, 0) == 0) return n.value;
    return "";
}

} // namespace

TEST_CASE("charts: each chart's points are text too, card by card, in both languages") {
    for (Lang lang : {Lang::en, Lang::zh}) {
        const bool zh = lang == Lang::zh;
        CAPTURE(zh);
        Page page(1280, 12000, 1, lang);
        for (int i = 0; i < 3; i++) page.frame();
        const std::vector<CurvePoint> curve = cards_curve(page.app.scenario, traincalc_test::catalog());
        REQUIRE(curve.size() >= 10);
        REQUIRE(curve[0].cards == 1);
        const std::string time =
            text_starting(page.app, zh ? "实际耗时按卡数：" : "Wall-clock time by card count: ");
        const std::string cost =
            text_starting(page.app, zh ? "总费用按卡数：" : "Total cost by card count: ");
        CAPTURE(time);
        CAPTURE(cost);
        // Every point, in order, as the headline writes hours and money ("1 card", then "cards").
        size_t at_time = 0, at_cost = 0;
        for (const CurvePoint& c : curve) {
            const std::string cards = std::to_string(c.cards) + (zh             ? " 张卡 "
                                                                 : c.cards == 1 ? " card "
                                                                                : " cards ");
            const std::string t = cards + format_hours(c.wall_hours, lang);
            const std::string m = cards + format_money(c.cost_total, page.app.scenario.currency);
            CAPTURE(t);
            at_time = time.find(t, at_time);
            at_cost = cost.find(m, at_cost);
            REQUIRE(at_time != std::string::npos);
            REQUIRE(at_cost != std::string::npos);
        }
        CHECK(time.find(zh ? "放不下" : "does not fit") == std::string::npos); // the default fits everywhere
    }
}

TEST_CASE("charts: the counts that do not fit are said so in the chart's text") {
    Page page(390, 12000, 1, Lang::zh);
    page.app.scenario.model_id = "qwen2.5-72b";
    page.app.scenario.method = Method::full;
    refresh(page.app);
    for (int i = 0; i < 3; i++) page.frame();
    const std::string time = text_starting(page.app, "实际耗时按卡数：");
    CAPTURE(time);
    REQUIRE(!page.app.curve.empty());
    REQUIRE(!page.app.curve[0].fits); // a 72B full fine-tune fits on no single card
    CHECK(time.find("1 张卡 " + format_hours(page.app.curve[0].wall_hours, Lang::zh) + "（放不下）") !=
          std::string::npos);
}

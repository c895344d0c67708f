// traincalc — tests/test_ui_plans.cpp
// The page's "what fits, what it buys", host RAM and spot sections (ui/screen_plans.cpp): the
// answers drawn are core's (inverse_questions(), explain(Estimate, ExplainPart)) line for line, the
// work opens from a named toggle, the inputs are typed into their boxes and kept in the link, and
// nothing leaves the page at desktop or phone width, in English and Chinese.
#include "core/inverse.h"
#include "core/url.h"
#include "ui/strings.h"
#include "ui/widgets.h"
#include "ui_harness.h"
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace traincalc;
using traincalc_test::find_node;
using traincalc_test::Page;

namespace {

// Qwen2.5-7B LoRA on 8 × A100 80GB with a budget, a deadline, a spot price and the node's RAM.
Scenario planned() {
    Scenario s;
    s.model_id = "qwen2.5-7b";
    s.method = Method::lora;
    s.gpu_id = "A100-80G";
    s.cards = 8;
    s.seq_len = 2048;
    s.micro_batch = 1;
    s.budget = 2000;
    s.deadline_hours = 24;
    s.spot_price_hourly = 4;
    s.interruptions_per_hour = 0.1;
    s.checkpoint_interval_hours = 1;
    s.restart_hours = 0.25;
    s.host_ram_gib = 1000;
    return s;
}

bool has_text(const App& app, const std::string& value) {
    for (const SemNode& n : app.sem)
        if (n.role == Role::text && n.value == value) return true;
    return false;
}

void press(Page& page, const SemNode* node) {
    REQUIRE(node);
    page.app.sem_action = SemAction{node->id, SemActionKind::press, 0, ""};
    ImGui::ActivateItem(node->id);
    for (int i = 0; i < 3; i++) page.frame();
}

// "Show work: Host RAM per machine", "查看算式：每台机器的内存" (Chinese punctuation in Chinese).
std::string show_work_name(Lang lang, Str title) {
    return std::string(lang == Lang::zh ? "查看算式：" : "Show work: ") + tr(title, lang);
}

} // namespace

TEST_CASE("plans: the answers drawn are core's lines, the work opens by its toggle, en and zh, both widths") {
    const Scenario s = planned();
    const Catalog& c = traincalc_test::catalog();
    const InverseResult r = inverse_questions(s, c);
    REQUIRE(r.ok);
    REQUIRE(r.micro_batch.found);
    REQUIRE(r.budget.found);
    REQUIRE(r.deadline.found);
    const Estimate e = estimate(s, c);
    REQUIRE(e.spot.used);
    REQUIRE(e.host.known);
    for (float w : {1280.0f, 390.0f}) {
        for (Lang lang : {Lang::en, Lang::zh}) {
            CAPTURE(w);
            CAPTURE(static_cast<int>(lang));
            Page page(w, 12000, 1, lang);
            page.app.scenario = s;
            refresh(page.app);
            for (int i = 0; i < 3; i++) page.frame();
            CHECK(page.recovered == "");
            // The answers (lines without a formula) are drawn, each as core wrote it.
            const std::vector<std::string> lines = explain(r, c, lang);
            std::vector<std::string> work;
            int answers = 0;
            for (const std::string& line : lines) {
                CAPTURE(line);
                if (line.find(" = ") != std::string::npos) {
                    work.push_back(line);
                    CHECK_FALSE(has_text(page.app, line)); // the work waits for its toggle
                } else {
                    CHECK(has_text(page.app, line));
                    answers++;
                }
            }
            CHECK(answers >= 4); // batch, sequence, budget, deadline
            CHECK(work.size() >= 5);
            // Each section's work toggle, named after it; pressed, its lines appear.
            for (Str title : {Str::inverse_title, Str::host_title, Str::spot_title}) {
                const SemNode* toggle = find_node(page.app, Role::button, show_work_name(lang, title));
                CAPTURE(show_work_name(lang, title));
                REQUIRE(toggle);
                CHECK(toggle->state == 0);
                press(page, toggle);
                const SemNode* open = find_node(page.app, Role::button, show_work_name(lang, title));
                REQUIRE(open);
                CHECK(open->state == 1);
            }
            for (const std::string& line : work) {
                CAPTURE(line);
                CHECK(has_text(page.app, line));
            }
            for (ExplainPart part : {ExplainPart::host_ram, ExplainPart::spot}) {
                const std::vector<std::string> part_lines = explain(e, part, lang);
                REQUIRE_FALSE(part_lines.empty());
                for (const std::string& line : part_lines) {
                    CAPTURE(line);
                    CHECK(has_text(page.app, line));
                }
            }
            // Nothing leaves the page's width (the phone's 390 px included).
            for (const SemNode& n : page.app.sem) {
                CAPTURE(n.name);
                CAPTURE(n.value);
                CHECK(n.x0 >= 0.0f);
                CHECK(n.x1 <= w + 0.5f);
            }
            CHECK(page.recovered == "");
        }
    }
}

TEST_CASE(
    "plans: budget, spot and machine RAM typed into their boxes change the answers and stay in the link") {
    Page page(1280, 12000, 1, Lang::en);
    page.app.scenario.model_id = "qwen2.5-7b";
    page.app.scenario.cards = 8;
    refresh(page.app);
    for (int i = 0; i < 3; i++) page.frame();
    // Without a spot price or a budget the sections say how to ask.
    CHECK(has_text(page.app, tr(Str::spot_off, Lang::en)));
    CHECK(has_text(page.app, tr(Str::inverse_ask, Lang::en)));
    struct Typed {
        const char* name;
        const char* text;
    };
    const Typed typed[] = {{"Budget (0 = none)", "1500"},
                           {"Deadline, hours (0 = none)", "30"},
                           {"Spot price per card-hour (0 = off)", "3.5"},
                           {"Interruptions per hour", "0.2"},
                           {"Checkpoint every, hours (0 = never)", "0.5"},
                           {"Restart after an interruption, hours", "0.1"},
                           {"Cards per machine", "4"},
                           {"Machine RAM, GiB (0 = catalog)", "48"}};
    for (const Typed& t : typed) {
        CAPTURE(t.name);
        const SemNode* box = find_node(page.app, Role::number, t.name);
        REQUIRE(box);
        page.app.sem_action = SemAction{box->id, SemActionKind::set, 0, t.text};
        for (int i = 0; i < 3; i++) page.frame();
    }
    const Scenario& s = page.app.scenario;
    CHECK(s.budget == 1500);
    CHECK(s.deadline_hours == 30);
    CHECK(s.spot_price_hourly == 3.5);
    CHECK(s.interruptions_per_hour == 0.2);
    CHECK(s.checkpoint_interval_hours == 0.5);
    CHECK(s.restart_hours == 0.1);
    CHECK(s.cards_per_node == 4);
    CHECK(s.host_ram_gib == 48);
    // The drawn answers follow (the same lines as core's for the typed scenario).
    const InverseResult r = inverse_questions(s, traincalc_test::catalog());
    int answers = 0;
    for (const std::string& line : explain(r, traincalc_test::catalog(), Lang::en))
        if (line.find(" = ") == std::string::npos) {
            CAPTURE(line);
            CHECK(has_text(page.app, line));
            answers++;
        }
    CHECK(answers >= 4);
    const Estimate& e = page.app.estimate;
    REQUIRE(e.spot.used);
    CHECK(e.host.available_gib == doctest::Approx(48));
    // 48 GiB for four ranks each loading its copy of a 7B model (4 × 12.6 GiB = 50.2 GiB) is short.
    CHECK_FALSE(e.host.fits);
    const std::string short_by = std::string("× ") + tr(Str::does_not_fit, Lang::en);
    bool verdict = false;
    for (const SemNode& n : page.app.sem)
        verdict = verdict || (n.role == Role::text && n.value.find(short_by) != std::string::npos &&
                              n.value.rfind(tr(Str::host_peak, Lang::en), 0) == 0);
    CHECK(verdict);
    // The link keeps every typed input.
    const HashState h = decode_hash(encode_hash(s, false, "en"), traincalc_test::catalog());
    REQUIRE(h.has_scenario);
    const ScenarioResult& back = h.scenario;
    REQUIRE(back.errors.empty());
    CHECK(back.scenario.budget == 1500);
    CHECK(back.scenario.deadline_hours == 30);
    CHECK(back.scenario.spot_price_hourly == 3.5);
    CHECK(back.scenario.interruptions_per_hour == 0.2);
    CHECK(back.scenario.checkpoint_interval_hours == 0.5);
    CHECK(back.scenario.restart_hours == 0.1);
    CHECK(back.scenario.cards_per_node == 4);
    CHECK(back.scenario.host_ram_gib == 48);
    CHECK(page.recovered == "");
}

TEST_CASE("plans: the spot billing increment shows the on-demand one until typed; 0 bills by the second") {
    Page page(1280, 12000, 1, Lang::en);
    page.app.scenario.model_id = "qwen2.5-7b";
    page.app.scenario.spot_price_hourly = 3;
    page.app.scenario.min_billed_hours = 24;
    refresh(page.app);
    for (int i = 0; i < 3; i++) page.frame();
    const char* name = "Spot billing increment, hours (0 = by the second)";
    const SemNode* box = find_node(page.app, Role::number, name);
    REQUIRE(box);
    CHECK(box->value == "24"); // unset: the on-demand increment, shown as the figure in use
    CHECK(page.app.scenario.spot_min_billed_hours == -1);
    CHECK(page.app.estimate.spot.increment_hours == 24);
    const double by_day = page.app.estimate.spot.billed_hours;
    CHECK(by_day >= 24);
    page.app.sem_action = SemAction{box->id, SemActionKind::set, 0, "0"};
    for (int i = 0; i < 3; i++) page.frame();
    CHECK(page.app.scenario.spot_min_billed_hours == 0);
    const SpotResult& sp = page.app.estimate.spot;
    CHECK(sp.increment_hours == 0);
    CHECK(sp.billed_hours == sp.hours);
    CHECK(sp.billed_hours < by_day);
    // The drawn summary bills what core bills.
    const std::string billed =
        ui::fmt(tr(Str::spot_billed_fmt, Lang::en), format_hours(sp.billed_hours, Lang::en).c_str(),
                format_hours(page.app.estimate.time.wall_hours, Lang::en).c_str());
    bool shown = false;
    for (const SemNode& n : page.app.sem)
        shown = shown || (n.role == Role::text && n.value.find(billed) != std::string::npos);
    CHECK(shown);
    const HashState h = decode_hash(encode_hash(page.app.scenario, false, "en"), traincalc_test::catalog());
    REQUIRE(h.has_scenario);
    CHECK(h.scenario.scenario.spot_min_billed_hours == 0);
}

TEST_CASE("rent or buy: the verdict names the monthly hours it assumes, and follows them") {
    // A one-off run is not 300 hours a month: the verdict says which use it weighed.
    Page page(1280, 12000, 1, Lang::en);
    page.app.scenario.model_id = "qwen2.5-7b";
    refresh(page.app);
    for (int i = 0; i < 3; i++) page.frame();
    REQUIRE(page.app.estimate.buy.purchase_known);
    CHECK(page.app.estimate.buy.break_even_hours_per_month < 300);
    CHECK(has_text(page.app, "At 300 h of use a month (planned), buying is cheaper."));
    page.app.scenario.hours_per_month_used = 20;
    refresh(page.app);
    for (int i = 0; i < 3; i++) page.frame();
    CHECK(has_text(page.app, "At 20 h of use a month (planned), renting is cheaper."));
}

TEST_CASE(
    "plans: the hint under the answers asks only for what is not set yet (a budget, a deadline, both)") {
    struct Want {
        double budget, deadline_hours;
        const char *en, *zh; // the hint, or nullptr: none
    };
    const Want wants[] = {
        {0, 0,
         "Set a budget (Prices) and a deadline (GPUs) to also see what the budget buys and the cheapest plan "
         "that meets the deadline.",
         "填写预算（价格一节）和期限（GPU 一节），还能看到预算能训练多少、满足期限的最省方案。"},
        {0, 48, "Set a budget (Prices) to also see what the budget buys.",
         "填写预算（价格一节），还能看到预算能训练多少。"},
        {2000, 0, "Set a deadline (GPUs) to also see the cheapest plan that meets it.",
         "填写期限（GPU 一节），还能看到满足期限的最省方案。"},
        {2000, 48, nullptr, nullptr},
    };
    const char* all[] = {wants[0].en, wants[1].en, wants[2].en, wants[0].zh, wants[1].zh, wants[2].zh};
    for (const Want& w : wants) {
        for (Lang lang : {Lang::en, Lang::zh}) {
            CAPTURE(w.budget);
            CAPTURE(w.deadline_hours);
            CAPTURE(static_cast<int>(lang));
            Page page(1280, 12000, 1, lang);
            page.app.scenario.budget = w.budget;
            page.app.scenario.deadline_hours = w.deadline_hours;
            refresh(page.app);
            for (int i = 0; i < 3; i++) page.frame();
            const char* want = lang == Lang::zh ? w.zh : w.en;
            for (const char* hint : all)
                CHECK(has_text(page.app, hint) == (want && std::string(hint) == want));
        }
    }
}

TEST_CASE("PPO's own inputs: optimization passes per rollout batch, the reward model and the value estimate, "
          "typed and picked on the page") {
    // LLaMA-Factory's PPO (ppo_epochs, a reward adapter, a value head) could be had only from an import
    // or a link: the page had no control for them.
    Page page(1280, 9000, 1, Lang::en);
    page.app.scenario.objective = Objective::ppo;
    page.app.expand_all = true;
    refresh(page.app);
    for (int i = 0; i < 3; i++) page.frame();
    const SemNode* passes = find_node(page.app, Role::number, "Optimization passes per rollout batch");
    REQUIRE(passes);
    page.app.sem_action = SemAction{passes->id, SemActionKind::set, 0, "4"};
    for (int i = 0; i < 3; i++) page.frame();
    CHECK(page.app.scenario.update_epochs == 4);
    const SemNode* reward = find_node(page.app, Role::combobox, "Reward model");
    const SemNode* critic = find_node(page.app, Role::combobox, "Value estimate");
    REQUIRE(reward);
    REQUIRE(critic);
    CHECK(reward->value == "A separate model on the cards");
    CHECK(critic->value == "A separate critic model");
    // The policy's own generate() holds no engine: no engine-memory slider then.
    CHECK(find_node(page.app, Role::slider, "Engine memory held in training") != nullptr);
    page.app.scenario.rollout = Rollout::policy;
    refresh(page.app);
    for (int i = 0; i < 3; i++) page.frame();
    CHECK(find_node(page.app, Role::slider, "Engine memory held in training") == nullptr);
    // GRPO has no reward model or critic of its own to choose here.
    page.app.scenario.objective = Objective::grpo;
    refresh(page.app);
    for (int i = 0; i < 3; i++) page.frame();
    CHECK(find_node(page.app, Role::combobox, "Reward model") == nullptr);
    CHECK(find_node(page.app, Role::number, "Optimization passes per rollout batch") != nullptr);
    CHECK(page.recovered == "");
}

TEST_CASE("PPO picked in the objective picker takes PPO's own rollout defaults, and GRPO picked after gives "
          "GRPO's back") {
    // Picked, PPO kept GRPO's 8 completions on a colocated vLLM engine and one pass: 43.7 days and 76 GiB
    // for a Llama 3.1 8B LoRA where LLaMA-Factory's PPO runs in 7.6 days on 32.8 GiB (a tester).
    Page page(1280, 9000, 1, Lang::en);
    page.frame();
    page.frame();
    auto pick = [&](const char* option) {
        const SemNode* picker = find_node(page.app, Role::combobox, "Objective");
        REQUIRE(picker);
        page.click(*picker);
        const SemNode* o = find_node(page.app, Role::option, option);
        REQUIRE(o);
        page.click(*o);
    };
    pick("GRPO");
    CHECK(page.app.scenario.generations == 8);
    CHECK(page.app.scenario.rollout == Rollout::colocated);
    CHECK(page.app.scenario.update_epochs == 1);
    pick("PPO (critic + reward model)");
    CHECK(page.app.scenario.objective == Objective::ppo);
    CHECK(page.app.scenario.generations == 1);
    CHECK(page.app.scenario.rollout == Rollout::policy);
    CHECK(page.app.scenario.update_epochs == 4);
    pick("GRPO");
    CHECK(page.app.scenario.generations == 8);
    CHECK(page.app.scenario.rollout == Rollout::colocated);
    CHECK(page.app.scenario.update_epochs == 1);
    CHECK(page.recovered == "");
}

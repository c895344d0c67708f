// traincalc — tests/test_inverse.cpp
// The inverse questions (core/inverse.h): a hand-computed largest micro-batch, and over a grid of
// scenarios the property every binary search must have — the answer fits (is affordable) and one
// more does not, under every strategy of the search space — checked with estimate() itself; the
// most tokens a budget buys; the cheapest plan meeting a deadline against compare_gpus(); the
// shown work reproducing; invalid input.
//
// Index of this file:
// [SECTION] Fixtures
// [SECTION] Hand-computed answers
// [SECTION] Exactness over a grid
// [SECTION] Budget and deadline
// [SECTION] Text and errors

#include "core/explain.h"
#include "core/inverse.h"
#include "core/json_write.h"
#include "core/strategy.h"
#include "fixtures.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

using namespace traincalc;

//-----------------------------------------------------------------------------
// [SECTION] Fixtures
//-----------------------------------------------------------------------------

namespace {

Catalog inverse_catalog() {
    Catalog c;
    GpuSpec a100 = fixtures::a100_80g();
    a100.price_cny_per_day = 170;
    a100.price_cny_per_month = 4500;
    const GpuSpec l20 = fixtures::l20(); // PCIe, 48 GB, hourly only
    GpuSpec h100 = a100;                 // faster, dearer
    h100.id = "H100";
    h100.name = "NVIDIA H100 SXM";
    h100.tflops_16bit = 989;
    h100.price_cny_per_hour = 20;
    h100.price_cny_per_day = 450;
    h100.price_cny_per_month = 12000;
    GpuSpec unpriced = a100; // no rental price: never a plan
    unpriced.id = "B-unpriced";
    unpriced.name = "Unpriced";
    unpriced.memory_gib = 192;
    unpriced.tflops_16bit = 2250;
    unpriced.price_cny_per_hour = unpriced.price_cny_per_day = unpriced.price_cny_per_month = 0;
    c.gpus = {a100, l20, h100, unpriced};
    c.models = {fixtures::model_7b(), fixtures::gqa_7b()}; // GQA: 4 KV heads, tp ≤ 4
    return c;
}

// The search space of core/strategy.h, written out again here: recomputation × offload × tp × ZeRO.
void for_each_strategy_on(const Scenario& s, const ModelSpec& m, const std::function<void(Scenario&)>& f) {
    const Offload offloads[] = {Offload::none, Offload::optimizer, Offload::optimizer_params};
    const int kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
    for (int level = 0; level < 3; level++) {
        if (level == 1 && s.flash_attention) continue; // selective saves nothing with flash attention
        for (Offload off : offloads)
            for (int tp : {1, 2, 4, 8}) {
                if (m.heads % tp || kv % tp || s.cards % (tp * s.pp)) continue;
                for (int z = 0; z <= 3; z++) {
                    if (off == Offload::optimizer && z < 1) continue;
                    if (off == Offload::optimizer_params && z < 3) continue;
                    // ZeRO-3 with TP only where the stack runs it (core/strategy.h), or as the scenario's
                    // own.
                    if (z == 3 && tp > 1 && !detail::stack_has_tp_with_zero3(s.stack) &&
                        !(s.zero == 3 && s.tp == tp))
                        continue;
                    Scenario t = s;
                    t.checkpointing = Checkpointing(level);
                    t.offload = off;
                    t.tp = tp;
                    t.zero = z;
                    f(t);
                }
            }
    }
}

Scenario with_strategy(Scenario s, const FitAnswer& a) {
    a.strategy.apply_to(s);
    return s;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Hand-computed answers
//-----------------------------------------------------------------------------

TEST_CASE("inverse: largest micro-batch, hand-computed (LoRA 7B, 8 × A100 80 GB, 4,096 tokens)") {
    // LoRA r 16 on all linear layers: N_a = 16 × 32 × (4 × (4096 + 4096) + 3 × (4096 + 11008)) =
    // 39,976,960 at 16 B. The search picks tp 8 with full recomputation and no ZeRO (on 8 cards tp 8
    // leaves one data-parallel rank: ZeRO shards nothing; ZeRO-3 with TP is not proposed on the Hugging
    // Face stack, where TP is DeepSpeed AutoTP: ZeRO 0-2 only). Per card, GiB: weights 14e9 B / 8;
    // adapters 39,976,960 × 16 / 8; activations 32·s·b·2h/8 + s·b·A/8 with A = 16h + 8f = 153,600 B;
    // logits s·b·32,000 × 17 / 8; × 1.06 + 1 GiB. Usable 80 − 2.4 = 77.6 GiB:
    // b = 154 gives 77.512 GiB, b = 155 gives 77.997 GiB (python). With ZeRO-3 and its weights in
    // flight (2 × 14e9 / 32 / 8) it was 157 (77.348 GiB), 158 (77.833 GiB).
    const Catalog c = inverse_catalog();
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "A100-80G";
    s.method = Method::lora;
    s.cards = 8;
    s.seq_len = 4096;
    const InverseResult r = inverse_questions(s, c);
    REQUIRE(r.ok);
    const FitAnswer& b = r.micro_batch;
    REQUIRE(b.found);
    CHECK(b.value == 154);
    CHECK_FALSE(b.at_limit);
    CHECK(b.strategy.zero == 0);
    CHECK(b.strategy.tp == 8);
    CHECK(b.strategy.offload == Offload::none);
    CHECK(b.strategy.checkpointing == Checkpointing::full);
    CHECK(b.per_gpu_gib == doctest::Approx(77.51195).epsilon(1e-6));
    CHECK(b.next_per_gpu_gib == doctest::Approx(77.99705).epsilon(1e-6));
    CHECK(b.usable_gib == doctest::Approx(77.6));
    // The headline, in both languages.
    const std::vector<std::string> en = explain(r, c, Lang::en), zh = explain(r, c, Lang::zh);
    REQUIRE(!en.empty());
    CHECK(
        en[0] ==
        "Largest micro-batch that fits on 8 cards: 154 (no ZeRO, TP 8, full recomputation); with the plan's "
        "own strategy: 2");
    CHECK(zh[0] == "8 张卡上放得下的最大微批：154（不用 ZeRO，TP 8，全量重计算）；当前策略下：2");
    // "As planned" is what estimate() says of the scenario itself: 2 fits, 3 does not.
    CHECK(b.planned_value == 2);
    Scenario planned = s;
    planned.micro_batch = 2;
    CHECK(estimate(planned, c).memory.fits);
    planned.micro_batch = 3;
    CHECK_FALSE(estimate(planned, c).memory.fits);
    // The operands carry the digits the small difference needs (77.3 GiB gave 0.3, not 0.252).
    CHECK(en[1] == "Headroom at b 154 = usable − per card = 77.6 GiB − 77.5119 GiB = 0.0881 GiB (fits)");
    CHECK(en[2] ==
          "Headroom at b 155 = usable − per card = 77.6 GiB − 77.997 GiB = −0.397 GiB (does not fit)");
}

TEST_CASE("inverse: nothing fits, and the input's maximum fits") {
    const Catalog c = inverse_catalog();
    Scenario s; // full fine-tune of 7.6B on one 48 GB card
    s.model_id = "gqa-7b";
    s.gpu_id = "L20";
    s.method = Method::full;
    s.cards = 1;
    s.seq_len = 2048;
    // With parameter and optimizer offload the 16-bit gradients (15.2 GB) still stay on the card,
    // so a micro-batch of 1 fits: the search must find the offload.
    InverseResult r = inverse_questions(s, c);
    REQUIRE(r.ok);
    REQUIRE(r.micro_batch.found);
    CHECK(r.micro_batch.strategy.offload == Offload::optimizer_params);
    s.seq_len = 1048576; // the whole range of seq_len is refused on 1 card
    s.micro_batch = 1;
    r = inverse_questions(s, c);
    CHECK_FALSE(r.micro_batch.found);
    // On 1 card only tp 1 was searched (tp·pp·cp·ep divides the cards): the text says so.
    CHECK(explain(r, c, Lang::en)[0] ==
          "Largest micro-batch: none. No strategy (recomputation, ZeRO 0–3, offload, "
          "TP 1) fits a micro-batch of 1 on 1 card");
    CHECK(explain(r, c, Lang::zh)[0] ==
          "最大微批：没有。任何策略（重计算、ZeRO 0–3、卸载、TP 1）都放不下 1 张卡上微批为 1 的情况");
    // A tiny model with chunked loss on 8 big cards: a micro-batch of 65,536 (the range's top) fits.
    Catalog tiny = c;
    ModelSpec m;
    m.id = "tiny";
    m.params = 1e6;
    m.layers = 2;
    m.hidden = 64;
    m.heads = 8;
    m.ffn = 128;
    m.vocab = 256;
    tiny.models.push_back(m);
    Scenario t;
    t.model_id = "tiny";
    t.gpu_id = "A100-80G";
    t.seq_len = 16;
    t.cards = 8;
    r = inverse_questions(t, tiny);
    REQUIRE(r.micro_batch.found);
    CHECK(r.micro_batch.at_limit);
    CHECK(r.micro_batch.value == 65536);
    CHECK(r.micro_batch.strategy.zero == 0); // the simplest of the equals
    CHECK(r.micro_batch.strategy.tp == 1);
    CHECK(r.micro_batch.strategy.checkpointing == Checkpointing::none);
    CHECK(r.terms.find(TermId::inverse_batch_headroom, 1) == nullptr); // no "one more" beyond the range
}

//-----------------------------------------------------------------------------
// [SECTION] Exactness over a grid
//-----------------------------------------------------------------------------

TEST_CASE(
    "inverse: over a grid, the largest micro-batch and longest sequence fit and one more fits no strategy") {
    const Catalog c = inverse_catalog();
    int answers = 0, refusals = 0;
    for (const char* model : {"test-7b", "gqa-7b"})
        for (const char* gpu : {"A100-80G", "L20"})
            for (Method method : {Method::full, Method::lora, Method::qlora})
                for (int cards : {1, 2, 8})
                    for (int seq : {1024, 8192})
                        for (bool flash : {true, false}) {
                            Scenario s;
                            s.model_id = model;
                            s.gpu_id = gpu;
                            s.method = method;
                            s.cards = cards;
                            s.seq_len = seq;
                            s.flash_attention = flash;
                            s.stack = cards == 2 ? Stack::unsloth : Stack::hf;
                            s.pp = cards == 8 && method == Method::full ? 2 : 1;
                            const ModelSpec& m = *c.find_model(model);
                            const InverseResult r = inverse_questions(s, c);
                            REQUIRE(r.ok);
                            for (int knob = 0; knob < 2; knob++) {
                                const FitAnswer& a = knob == 0 ? r.micro_batch : r.seq_len;
                                auto set = [&](Scenario& t, int v) {
                                    if (knob == 0)
                                        t.micro_batch = v;
                                    else
                                        t.seq_len = v;
                                };
                                CAPTURE(scenario_to_json(s));
                                CAPTURE(knob);
                                if (!a.found) { // 1 fits no strategy
                                    for_each_strategy_on(s, m, [&](Scenario& t) {
                                        set(t, 1);
                                        const Estimate e = estimate(t, c);
                                        if (e.ok) CHECK_FALSE(e.memory.fits);
                                    });
                                    continue;
                                }
                                answers++;
                                Scenario t = with_strategy(s, a);
                                set(t, a.value);
                                const Estimate at = estimate(t, c);
                                REQUIRE(at.ok);
                                CHECK(at.memory.fits);
                                CHECK(at.memory.per_gpu_gib == a.per_gpu_gib);
                                if (a.at_limit) continue;
                                for_each_strategy_on(s, m, [&](Scenario& u) {
                                    set(u, a.value + 1);
                                    const Estimate e = estimate(u, c);
                                    if (!e.ok) return;
                                    refusals++;
                                    CHECK_FALSE(e.memory.fits);
                                });
                                set(t, a.value + 1);
                                CHECK(estimate(t, c).memory.per_gpu_gib == a.next_per_gpu_gib);
                            }
                        }
    MESSAGE(answers << " answers, " << refusals << " strategies refusing one more");
    CHECK(answers > 100);
    CHECK(refusals > 1000);
}

//-----------------------------------------------------------------------------
// [SECTION] Budget and deadline
//-----------------------------------------------------------------------------

TEST_CASE("inverse: the most tokens a budget buys is affordable and one token per epoch more is not") {
    const Catalog c = inverse_catalog();
    int checked = 0;
    for (const char* gpu : {"A100-80G", "L20"})
        for (double budget : {50.0, 800.0, 12345.0, 2e6})
            for (double min_billed : {1.0, 0.01})
                for (int cards : {1, 4}) {
                    Scenario s;
                    s.model_id = "test-7b";
                    s.gpu_id = gpu;
                    s.cards = cards;
                    s.zero = cards > 1 ? 2 : 0;
                    s.budget = budget;
                    s.min_billed_hours = min_billed;
                    s.epochs = 2;
                    s.fixed_hours = 1;
                    const InverseResult r = inverse_questions(s, c);
                    REQUIRE(r.ok);
                    const BudgetAnswer& a = r.budget;
                    CAPTURE(scenario_to_json(s));
                    CHECK(a.asked);
                    REQUIRE(a.fits);
                    if (!a.found) { // even one token is too dear
                        Scenario t = s;
                        t.data_input = DataInput::tokens;
                        t.tokens = 1;
                        CHECK(estimate(t, c).cost.total > budget);
                        continue;
                    }
                    checked++;
                    CHECK(a.tokens_per_epoch == std::floor(a.tokens_per_epoch));
                    CHECK(a.tokens == a.tokens_per_epoch * 2);
                    Scenario t = s;
                    t.data_input = DataInput::tokens;
                    t.tokens = a.tokens_per_epoch;
                    const Estimate at = estimate(t, c);
                    REQUIRE(at.ok);
                    CHECK(at.cost.total <= budget);
                    CHECK(at.cost.total == a.cost_total);
                    CHECK(at.time.wall_hours == a.wall_hours);
                    t.tokens = a.tokens_per_epoch + 1;
                    const Estimate more = estimate(t, c);
                    CHECK(more.cost.total > budget);
                    CHECK(more.cost.total == a.next_cost_total);
                }
    CHECK(checked >= 20);
    // Hand-computed: one A100 at ¥8 per billed hour, ¥100 = 12 billed hours (¥96), minus 2 fixed hours
    // leaves 10 h of wall clock = compute × 1.15 (overhead) + download + upload + checkpoints.
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "A100-80G";
    s.budget = 100;
    s.epochs = 1;
    const InverseResult r = inverse_questions(s, c);
    REQUIRE(r.budget.found);
    CHECK(r.budget.cost_total == doctest::Approx(96));
    CHECK(r.budget.wall_hours <= 12);
    CHECK(r.budget.wall_hours > 11);
    CHECK(r.budget.next_cost_total == doctest::Approx(104));
    CHECK(r.budget.plan == Plan::hourly);
    // A budget below one billed hour buys nothing; a run that does not fit buys nothing.
    s.budget = 7;
    CHECK_FALSE(inverse_questions(s, c).budget.found);
    s.budget = 1e6;
    s.method = Method::full;
    s.gpu_id = "L20";
    const InverseResult none = inverse_questions(s, c);
    CHECK_FALSE(none.budget.fits);
    CHECK_FALSE(none.budget.found);
    CHECK(explain(none, c, Lang::en).back() ==
          "Most tokens for the budget: none, the run does not fit on its cards as set");
}

TEST_CASE("inverse: the cheapest plan meeting a deadline is the cheapest priced row of compare_gpus()") {
    const Catalog c = inverse_catalog();
    for (double deadline : {6.0, 24.0, 200.0, 0.5})
        for (Method method : {Method::lora, Method::full}) {
            Scenario s;
            s.model_id = "gqa-7b";
            s.gpu_id = "A100-80G";
            s.method = method;
            s.data_input = DataInput::tokens;
            s.tokens = 5e8;
            s.deadline_hours = deadline;
            const InverseResult r = inverse_questions(s, c);
            REQUIRE(r.ok);
            CAPTURE(scenario_to_json(s));
            const std::vector<GpuOption> rows = compare_gpus(s, c);
            double cheapest = -1;
            for (const GpuOption& o : rows)
                if (o.workable && c.gpus[size_t(o.gpu_index)].id != "B-unpriced" &&
                    (cheapest < 0 || o.cost_total < cheapest))
                    cheapest = o.cost_total;
            CHECK(r.deadline.asked);
            if (cheapest < 0) {
                CHECK_FALSE(r.deadline.found);
                continue;
            }
            REQUIRE(r.deadline.found);
            CHECK(c.gpus[size_t(r.deadline.gpu_index)].id != "B-unpriced");
            CHECK(r.deadline.cost_total == doctest::Approx(cheapest).epsilon(1e-12));
            CHECK(r.deadline.wall_hours <= deadline);
            // The plan it names is that row's, estimated on its own: it fits, meets the deadline, costs as
            // much.
            Scenario t = s;
            t.gpu_id = c.gpus[size_t(r.deadline.gpu_index)].id;
            t.cards = r.deadline.cards;
            r.deadline.strategy.apply_to(t);
            const Estimate e = estimate(t, c);
            REQUIRE(e.ok);
            CHECK(e.memory.fits);
            CHECK(e.time.wall_hours <= deadline);
            CHECK(e.cost.total == doctest::Approx(r.deadline.cost_total).epsilon(1e-9));
            CHECK(e.cost.best_plan == r.deadline.plan);
        }
    // The page's comparison can be handed in: the same answer.
    Scenario s;
    s.model_id = "gqa-7b";
    s.deadline_hours = 30;
    const std::vector<GpuOption> rows = compare_gpus(s, c);
    const InverseResult a = inverse_questions(s, c), b = inverse_questions(s, c, &rows);
    CHECK(a.deadline.gpu_index == b.deadline.gpu_index);
    CHECK(a.deadline.cost_total == b.deadline.cost_total);
}

//-----------------------------------------------------------------------------
// [SECTION] Text and errors
//-----------------------------------------------------------------------------

TEST_CASE("inverse: invalid input gives the validate() errors and nothing else; budget's exact range error") {
    const Catalog c = inverse_catalog();
    Scenario s;
    s.model_id = "test-7b";
    s.gpu_id = "A100-80G";
    s.cards = 3;
    s.tp = 2;
    InverseResult r = inverse_questions(s, c);
    CHECK_FALSE(r.ok);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].message == "cards (3) must be a multiple of tp × pp (2)");
    CHECK(explain(r, c, Lang::en).empty());
    const ScenarioResult bad = scenario_from_json(R"({"budget": -5})", c);
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].field == "budget");
    CHECK(bad.errors[0].message == "budget must be a number from 0 to 1e12, got -5");
    CHECK(bad.errors[0].message_zh == "budget 必须是 0 到 1e12 之间的数，实际为 -5");
}

TEST_CASE("inverse: the shown work reproduces (headroom and budget lines evaluate to their results)") {
    const Catalog c = inverse_catalog();
    for (const char* gpu : {"A100-80G", "L20", "H100"})
        for (Method method : {Method::full, Method::lora, Method::qlora}) {
            Scenario s;
            s.model_id = "gqa-7b";
            s.gpu_id = gpu;
            s.method = method;
            s.cards = 4;
            s.budget = 3000;
            s.deadline_hours = 40;
            const InverseResult r = inverse_questions(s, c);
            REQUIRE(r.ok);
            for (const Term& t : r.terms.items) {
                double sum = 0, group = 0;
                for (int i = 0; i < t.count; i++) {
                    const Operand& o = r.terms.operand(t, i);
                    if (o.op == Op::first)
                        group = o.value;
                    else if (o.op == Op::mul)
                        group *= o.value;
                    else if (o.op == Op::div)
                        group /= o.value;
                    else if (o.op == Op::add) {
                        sum += group;
                        group = o.value;
                    } else {
                        sum += group;
                        group = -o.value;
                    }
                }
                CHECK((sum + group) * t.scale == doctest::Approx(t.result).epsilon(1e-12));
            }
            // Headroom at the answer ≥ 0, at one more < 0.
            if (const Term* t = r.terms.find(TermId::inverse_batch_headroom, 0)) CHECK(t->result >= 0);
            if (const Term* t = r.terms.find(TermId::inverse_batch_headroom, 1)) CHECK(t->result < 0);
            if (const Term* t = r.terms.find(TermId::inverse_budget_left, 0)) CHECK(t->result >= 0);
            if (const Term* t = r.terms.find(TermId::inverse_budget_left, 1)) CHECK(t->result < 0);
        }
}

TEST_CASE("inverse: the host RAM per machine can be what refuses one more, and the work says so") {
    // Unsloth keeps each layer's input in host RAM: L × s × b × 2h bytes. Qwen2.5-7B at 2,048 tokens
    // on a machine of 25 GiB: b = 62 holds 28 × 2,048 × 62 × 7,168 B = 23.73 GiB and the process's own
    // 1 GiB, b = 63 24.12 + 1 GiB, while the card has room for more.
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s;
    s.model_id = "qwen2.5-7b";
    s.gpu_id = "A100-80G";
    s.method = Method::lora;
    s.stack = Stack::unsloth;
    s.host_ram_gib = 25;
    InverseResult r = inverse_questions(s, c);
    REQUIRE(r.ok);
    const FitAnswer& b = r.micro_batch;
    REQUIRE(b.found);
    CHECK(b.value == 62);
    CHECK(b.host_limited);
    CHECK(b.next_per_gpu_gib < b.usable_gib); // the card holds one more
    CHECK(b.next_host_available_gib == 25);
    CHECK(b.next_host_peak_gib == doctest::Approx(28.0 * 2048 * 63 * 7168 / (1024.0 * 1024 * 1024) + 1));
    const std::vector<std::string> en = explain(r, c, Lang::en);
    bool said = false;
    for (const std::string& line : en)
        said = said || line ==
                           "Headroom at b 63 = usable − per card = 77.6 GiB − 41.7 GiB = 35.9 GiB (fits the "
                           "cards, but the host RAM per machine would need 0.117 GiB more than its 25 GiB)";
    CHECK(said);
    // With room on the machine the card is what limits: one more does not fit the card.
    s.host_ram_gib = 1000;
    r = inverse_questions(s, c);
    REQUIRE(r.micro_batch.found);
    CHECK(r.micro_batch.value > 62);
    CHECK_FALSE(r.micro_batch.host_limited);
    CHECK(r.micro_batch.next_per_gpu_gib > r.micro_batch.usable_gib);
}

TEST_CASE("inverse: a budget buys nothing when the machine's RAM cannot hold the run, and says which") {
    // Qwen2.5-3B's offloaded optimizer on a 32 GiB machine: the card holds it, the machine does not.
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s = fixtures::offload_on_small_machine();
    s.budget = 1000;
    InverseResult r = inverse_questions(s, c);
    REQUIRE(r.ok);
    CHECK_FALSE(r.budget.found);
    CHECK_FALSE(r.budget.fits);
    CHECK(r.budget.host_short);
    std::vector<std::string> en = explain(r, c, Lang::en);
    CHECK(std::find(en.begin(), en.end(),
                    "Most tokens for the budget: none, the run does not fit its machine's RAM as set") !=
          en.end());
    // A machine of 256 GiB holds it: the budget buys tokens.
    s.host_ram_gib = 256;
    r = inverse_questions(s, c);
    CHECK(r.budget.found);
    CHECK_FALSE(r.budget.host_short);
}

TEST_CASE("inverse: a budget on a card without a rental price buys an unknown amount, not 60,000 years") {
    // At ¥0 an hour every token up to the input's maximum was "affordable": "¥500 buys 3e15 tokens
    // (¥0, 60,473 years)" on the modified RTX 4090 48GB, which the catalog lists without a price.
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s;
    s.gpu_id = "RTX4090-48G";
    REQUIRE(c.find_gpu(s.gpu_id));
    REQUIRE_FALSE(c.find_gpu(s.gpu_id)->price_cny_per_hour > 0);
    s.budget = 500;
    InverseResult r = inverse_questions(s, c);
    REQUIRE(r.ok);
    CHECK(r.budget.fits);
    CHECK(r.budget.unpriced);
    CHECK_FALSE(r.budget.found);
    CHECK(r.budget.tokens == 0);
    const std::vector<std::string> en = explain(r, c, Lang::en), zh = explain(r, c, Lang::zh);
    CHECK(std::find(
              en.begin(), en.end(),
              "Most tokens for the budget: unknown, this card has no rental price: enter your quote under "
              "Prices") != en.end());
    CHECK(std::find(zh.begin(), zh.end(),
                    "预算能买的 token：无法计算，这张卡没有租用价：请在“价格”中填写报价") != zh.end());
    s.price_hourly = 20; // a quote: the budget buys tokens again
    r = inverse_questions(s, c);
    CHECK(r.budget.found);
    CHECK_FALSE(r.budget.unpriced);
    CHECK(r.budget.cost_total <= 500);
}

TEST_CASE("inverse: nothing runs because of the machine's RAM, and the answers say so") {
    // Qwen2.5-7B with LoRA on one A100 in a 4 GiB machine: the card holds any strategy's micro-batch
    // of 1, but loading needs more RAM than the machine has: the 16-bit checkpoint (15.2 GB) without
    // ZeRO-3, one 5 GB shard of it under ZeRO-3 (4.66 GiB), the least any strategy needs, and the
    // process's own 1 GiB.
    const Catalog c = parse_catalog(builtin_catalog_json()).catalog;
    Scenario s;
    s.model_id = "qwen2.5-7b";
    s.gpu_id = "A100-80G";
    s.method = Method::lora;
    s.cards = 1;
    s.host_ram_gib = 4;
    const InverseResult r = inverse_questions(s, c);
    REQUIRE(r.ok);
    CHECK_FALSE(r.micro_batch.found);
    CHECK(r.micro_batch.host_blocked);
    CHECK(r.micro_batch.blocked_host_available_gib == 4);
    CHECK(r.micro_batch.blocked_host_peak_gib > 4);
    CHECK_FALSE(r.seq_len.found);
    CHECK(r.seq_len.host_blocked);
    const std::vector<std::string> en = explain(r, c, Lang::en), zh = explain(r, c, Lang::zh);
    CHECK(en[0] == "Largest micro-batch: none. The cards hold a micro-batch of 1 on 1 card (ZeRO-3), but the "
                   "host RAM per machine would need 5.66 GiB, and it has 4 GiB");
    CHECK(zh[0] ==
          "最大微批：没有。1 张卡的显存放得下微批 1（ZeRO-3），但每台机器的内存需要 5.66 GiB，只有 4 GiB");
    CHECK(en[1] ==
          "Longest sequence: none. The cards hold one token on 1 card (ZeRO-3), but the host RAM per "
          "machine would need 5.66 GiB, and it has 4 GiB");
    CHECK(zh[1] == "最长序列：没有。1 张卡的显存放得下 1 个 token（ZeRO-3），但每台机器的内存需要 5.66 "
                   "GiB，只有 4 GiB");
    const nlohmann::json j = nlohmann::json::parse(inverse_to_json(r, c, Lang::en));
    CHECK(j["micro_batch"]["host_blocked"] == true);
    CHECK(j["micro_batch"]["blocked_host_available_gib"] == 4.0);
    CHECK(j["micro_batch"]["blocked_host_peak_gib"].get<double>() ==
          doctest::Approx(5e9 / (1024.0 * 1024 * 1024) + 1));
    CHECK(j["micro_batch"]["blocked_zero"] == 3);
    // With the machine's RAM enough for loading, the same search finds both answers.
    s.host_ram_gib = 32;
    const InverseResult ok = inverse_questions(s, c);
    CHECK(ok.micro_batch.found);
    CHECK_FALSE(ok.micro_batch.host_blocked);
    CHECK(ok.seq_len.found);
}

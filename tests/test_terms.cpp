// traincalc — tests/test_terms.cpp
// The shown work is the work. Over a grid of scenarios (models × methods × ZeRO × offload × tp ×
// (cp, ep, sequence parallelism and activation offload along the grid) ×
// pp × checkpointing × precision, English and Chinese), every explanation line that shows a
// formula with its numbers ("… = 7.62e9 × 2 B ÷ 8 = 1.77 GiB") is parsed back and evaluated:
// the operands it shows must give the result it shows, within display rounding (interval
// arithmetic over each number's last shown digit). The term records behind the lines must add up
// to the totals the estimate reports.
//
// Index of this file:
// [SECTION] Calc: the arithmetic and its record
// [SECTION] Parsing a shown number into an interval
// [SECTION] Evaluating a shown formula
// [SECTION] Grid of scenarios
// [SECTION] Every shown formula reproduces its result
// [SECTION] Term records add up to the totals

#include "core/explain.h"
#include "fixtures.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace traincalc;

//-----------------------------------------------------------------------------
// [SECTION] Calc: the arithmetic and its record
//-----------------------------------------------------------------------------

TEST_CASE("Calc: sum of products with the usual precedence; the record is what was computed") {
    Terms log;
    // 2 × 3 + 10 ÷ 4 − 1 = 7.5
    double r =
        Calc(&log, TermId::fees, "B").first("a", 2).mul("b", 3).add("c", 10).div("d", 4).sub("", 1).done();
    CHECK(r == 7.5);
    REQUIRE(log.items.size() == 1);
    const Term& t = log.items[0];
    CHECK(t.result == 7.5);
    CHECK(t.count == 5);
    CHECK(log.operand(t, 2).op == Op::add);
    CHECK(log.operand(t, 4).op == Op::sub);
    CHECK(std::string(log.operand(t, 1).symbol) == "b");
    // Without a log, or through FastCalc, the same arithmetic and no record.
    CHECK(Calc(nullptr, TermId::fees, "B")
              .first("a", 2)
              .mul("b", 3)
              .add("c", 10)
              .div("d", 4)
              .sub("", 1)
              .done() == r);
    CHECK(FastCalc(&log, TermId::fees, "B")
              .first("a", 2)
              .mul("b", 3)
              .add("c", 10)
              .div("d", 4)
              .sub("", 1)
              .done() == r);
    CHECK(log.items.size() == 1);
    // A zero divisor gives 0, never Infinity; a scale converts bytes to GiB.
    CHECK(Calc(&log, TermId::fees, "B").first("a", 5).div("z", 0).done() == 0);
    CHECK(Calc(&log, TermId::weights, "GiB", 1.0 / 1073741824.0).first("N", 1e9).mul("B", 2).done() ==
          doctest::Approx(2e9 / 1073741824.0));
    // A leading "+ x" is recorded as the first operand; a null symbol adds without showing.
    Calc c(&log, TermId::host_ram, "GiB");
    c.add("optimizer", 3).add(nullptr, 0).add("weights", 2);
    CHECK(c.done() == 5);
    const Term& h = log.items.back();
    CHECK(h.count == 2);
    CHECK(log.operand(h, 0).op == Op::first);
    CHECK(log.find(TermId::host_ram) == &h);
    CHECK(log.find(TermId::quote_total) == nullptr);
}

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Parsing a shown number into an interval
//-----------------------------------------------------------------------------

struct Interval {
    double lo = 0, hi = 0;
};

// The first number in `text` ("7.62e9", "4,096", "−¥3,000", "¥0.42") as the interval of values
// that display as it: ± half a unit in its last shown digit, and never tighter than 3
// significant digits (format_number's default, whose trailing zeros are trimmed).
bool parse_number(const std::string& text, Interval& out, size_t* end = nullptr) {
    size_t i = 0;
    while (i < text.size() && !(text[i] >= '0' && text[i] <= '9')) i++;
    if (i == text.size()) return false;
    // A sign is the minus U+2212 (format_number's) or an ASCII '-' (a typed value quoted) right
    // before the digits or before a currency sign; the operator " − " has a space after it.
    const auto sign_ends_at = [&](size_t at) {
        return (at >= 1 && text[at - 1] == '-') || (at >= 3 && text.compare(at - 3, 3, "\xE2\x88\x92") == 0);
    };
    size_t before = i; // where a sign would end: before "$" or "¥" when one is there
    if (before >= 1 && text[before - 1] == '$')
        before -= 1;
    else if (before >= 2 && text.compare(before - 2, 2, "\xC2\xA5") == 0) // ¥
        before -= 2;
    const bool negative = sign_ends_at(i) || (before != i && sign_ends_at(before));
    std::string digits;
    int decimals = -1;
    size_t j = i;
    for (; j < text.size(); j++) {
        char c = text[j];
        if (c >= '0' && c <= '9') {
            digits += c;
            if (decimals >= 0) decimals++;
        } else if (c == ',' && j + 1 < text.size() && text[j + 1] >= '0' && text[j + 1] <= '9') {
            continue;
        } else if (c == '.' && decimals < 0 && j + 1 < text.size() && text[j + 1] >= '0' &&
                   text[j + 1] <= '9') {
            digits += c;
            decimals = 0;
        } else {
            break;
        }
    }
    int exponent = 0;
    if (j + 1 < text.size() && text[j] == 'e' &&
        ((text[j + 1] >= '0' && text[j + 1] <= '9') || (text[j + 1] == '-' && j + 2 < text.size()))) {
        size_t k = j + 1;
        bool neg_exp = text[k] == '-';
        if (neg_exp) k++;
        int e = 0;
        size_t start = k;
        while (k < text.size() && text[k] >= '0' && text[k] <= '9') e = e * 10 + (text[k++] - '0');
        if (k > start) {
            exponent = neg_exp ? -e : e;
            j = k;
        }
    }
    // Chinese counts are grouped in 万/亿/万亿 (format_number_zh): "76.2 亿" is 7.62e9.
    double group = 1;
    static const struct {
        const char* text;
        double value;
    } kGroups[] = {{" 万亿", 1e12}, {" 亿", 1e8}, {" 万", 1e4}};
    for (const auto& g : kGroups)
        if (text.compare(j, std::strlen(g.text), g.text) == 0) {
            group = g.value;
            j += std::strlen(g.text);
            break;
        }
    if (end) *end = j;
    double mantissa = std::stod(digits);
    double v = mantissa * std::pow(10.0, exponent);
    double shown_ulp = std::pow(10.0, exponent - std::max(decimals, 0));
    double three_sig = v == 0 ? 0 : std::pow(10.0, std::floor(std::log10(v)) - 2);
    double half = 0.5 * std::max(shown_ulp, three_sig) * group;
    v *= group;
    if (v == 0) half = 0;
    if (negative) v = -v;
    out = Interval{v - half, v + half};
    return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Evaluating a shown formula
//-----------------------------------------------------------------------------

// Tokens: numbers (each from one atom of text between operators), + − × ÷ ( ).
struct Token {
    char op = 0; // 0 = number
    Interval v;
};

bool tokenize(const std::string& seg, std::vector<Token>& out, std::string& why) {
    static const struct {
        const char* text;
        char op;
    } ops[] = {{" × ", '*'}, {" ÷ ", '/'}, {" / ", '/'}, {" + ", '+'}, {" − ", '-'}, {"(", '('}, {")", ')'}};
    std::string atom;
    auto flush = [&]() -> bool {
        bool blank = atom.find_first_not_of(' ') == std::string::npos;
        if (blank) {
            atom.clear();
            return true;
        }
        Interval v;
        size_t end = 0;
        if (!parse_number(atom, v, &end)) {
            why = "no number in \"" + atom + "\"";
            return false;
        }
        Interval extra;
        if (parse_number(atom.substr(end), extra)) {
            why = "more than one number in \"" + atom + "\"";
            return false;
        }
        out.push_back(Token{0, v});
        atom.clear();
        return true;
    };
    for (size_t i = 0; i < seg.size();) {
        bool matched = false;
        for (const auto& o : ops) {
            size_t n = std::strlen(o.text);
            if (seg.compare(i, n, o.text) == 0) {
                if (!flush()) return false;
                out.push_back(Token{o.op, {}});
                i += n;
                matched = true;
                break;
            }
        }
        if (!matched) atom += seg[i++];
    }
    return flush();
}

Interval combine(Interval a, char op, Interval b, bool& ok) {
    switch (op) {
    case '+':
        return {a.lo + b.lo, a.hi + b.hi};
    case '-':
        return {a.lo - b.hi, a.hi - b.lo};
    case '*': {
        double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
        return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
    }
    default:
        if (b.lo <= 0 && b.hi >= 0) {
            ok = false;
            return a;
        }
        return combine(a, '*', Interval{1 / b.hi, 1 / b.lo}, ok);
    }
}

// Recursive descent: sum := product (('+'|'-') product)*; product := atom (('*'|'/') atom)*.
struct Eval {
    const std::vector<Token>& t;
    size_t i = 0;
    bool ok = true;
    Interval atom() {
        if (i < t.size() && t[i].op == '(') {
            i++;
            Interval v = sum();
            if (i < t.size() && t[i].op == ')')
                i++;
            else
                ok = false;
            return v;
        }
        if (i < t.size() && t[i].op == 0) return t[i++].v;
        ok = false;
        return {};
    }
    Interval product() {
        Interval v = atom();
        while (ok && i < t.size() && (t[i].op == '*' || t[i].op == '/')) {
            char op = t[i++].op;
            v = combine(v, op, atom(), ok);
        }
        return v;
    }
    Interval sum() {
        Interval v = product();
        while (ok && i < t.size() && (t[i].op == '+' || t[i].op == '-')) {
            char op = t[i++].op;
            v = combine(v, op, product(), ok);
        }
        return v;
    }
};

bool has_operator(const std::string& seg) {
    for (const char* o : {" × ", " ÷ ", " / ", " + ", " − "})
        if (seg.find(o) != std::string::npos) return true;
    return false;
}

std::vector<std::string> split(const std::string& line, const std::string& sep) {
    std::vector<std::string> parts;
    size_t from = 0, at;
    while ((at = line.find(sep, from)) != std::string::npos) {
        parts.push_back(line.substr(from, at - from));
        from = at + sep.size();
    }
    parts.push_back(line.substr(from));
    return parts;
}

// Empty when the line holds no formula or its formula reproduces its result; else why not.
// The formula is the segment before the last " = ", the result the first number after it.
// Bytes shown in a GiB result are divided by 2^30 (the one conversion left to the reader).
std::string check_line(const std::string& line) {
    std::vector<std::string> seg = split(line, " = ");
    if (seg.size() < 2) return "";
    const std::string& formula = seg[seg.size() - 2];
    const std::string& result_text = seg.back();
    if (!has_operator(formula)) return "";
    std::vector<Token> tokens;
    std::string why;
    if (!tokenize(formula, tokens, why)) return "unparseable formula (" + why + ")";
    Eval ev{tokens};
    Interval got = ev.sum();
    if (!ev.ok || ev.i != tokens.size()) return "unparseable formula";
    Interval shown;
    size_t end = 0;
    if (!parse_number(result_text, shown, &end)) return "no result";
    const bool gib_result = result_text.compare(end, 4, " GiB") == 0;
    if (gib_result && formula.find("GiB") == std::string::npos) {
        got.lo /= 1073741824.0;
        got.hi /= 1073741824.0;
    }
    const double eps = 1e-9 * std::max(std::fabs(shown.lo), std::fabs(shown.hi));
    if (got.hi + eps < shown.lo || got.lo - eps > shown.hi)
        return "operands give " + std::to_string(0.5 * (got.lo + got.hi)) + ", shown " +
               std::to_string(0.5 * (shown.lo + shown.hi));
    return "";
}

//-----------------------------------------------------------------------------
// [SECTION] Grid of scenarios
//-----------------------------------------------------------------------------

Catalog grid_catalog() {
    Catalog c;
    GpuSpec a100 = fixtures::a100_80g();
    a100.bandwidth_gbps = 2039;
    a100.price_cny_per_day = 170;
    a100.price_cny_per_month = 4500;
    a100.purchase_cny = 90000;
    a100.host_ram_gib = 1152; // the node's RAM: its share is shown
    GpuSpec h100 = a100;
    h100.id = "H100";
    h100.name = "NVIDIA H100 SXM";
    h100.tflops_16bit = 989;
    h100.tflops_fp8 = 1979;
    h100.bandwidth_gbps = 3350;
    h100.compute_capability = 9.0;
    h100.tdp_w = 700;
    GpuSpec l20 = fixtures::l20(); // PCIe, small: offload and multi-card curves matter
    l20.bandwidth_gbps = 864;
    c.gpus = {a100, h100, l20};

    const ModelSpec qwen = fixtures::gqa_7b(); // GQA, large vocabulary (Qwen2.5-7B shape)
    ModelSpec moe;                             // Mixtral-8x7B shape
    moe.id = "moe-47b";
    moe.name = "MoE 8x7B";
    moe.params = 46.7e9;
    moe.active_params = 12.9e9;
    moe.layers = 32;
    moe.hidden = 4096;
    moe.heads = 32;
    moe.kv_heads = 8;
    moe.ffn = 14336;
    moe.vocab = 32000;
    moe.experts = 8;
    moe.experts_per_token = 2;
    c.models = {fixtures::model_7b(), qwen, moe, fixtures::vl_7b()};
    return c;
}

// Calls f on every scenario of the grid.
void for_each_grid_scenario(const std::function<void(const Scenario&)>& f) {
    const char* const models[] = {"test-7b", "gqa-7b", "moe-47b", "vl-7b"};
    const Method methods[] = {Method::full, Method::lora, Method::qlora};
    const Offload offloads[] = {Offload::none, Offload::optimizer, Offload::optimizer_params};
    const Checkpointing ckpts[] = {Checkpointing::none, Checkpointing::selective, Checkpointing::full};
    const Precision precisions[] = {Precision::bf16, Precision::fp32, Precision::fp8};
    const char* const gpus[] = {"A100-80G", "H100", "L20"};
    int n = 0;
    for (const char* model : models)
        for (Method method : methods)
            for (int zero = 0; zero <= 3; zero++)
                for (Offload off : offloads) {
                    if (off == Offload::optimizer && zero < 1) continue;
                    if (off == Offload::optimizer_params && zero < 3) continue;
                    for (int tp : {1, 2})
                        for (int pp : {1, 2})
                            for (Checkpointing ck : ckpts) {
                                Scenario s;
                                s.model_id = model;
                                s.method = method;
                                s.zero = zero;
                                s.offload = off;
                                s.tp = tp;
                                s.pp = pp;
                                s.checkpointing = ck;
                                s.cards = 8;
                                // Precision, card and data shape vary along the grid, not as
                                // another full product (the grid stays under a second).
                                s.precision = precisions[n % 3];
                                s.gpu_id = gpus[(n / 3) % 3];
                                s.flash_attention = n % 4 != 0;
                                s.micro_batch = 1 + n % 2;
                                s.seq_len = n % 5 == 0 ? 8192 : 2048;
                                // Every stack (loss memory, op-level selective, offloaded checkpoints)
                                // and pure 16-bit training: their terms must reproduce too.
                                s.stack = static_cast<Stack>(n % 5);
                                s.master_weights = n % 7 != 0;
                                // Every objective, reference, rollout placement and engine slice
                                // (preference and RL terms: reference, critic, generation phases).
                                s.objective = static_cast<Objective>((n + n / 7) %
                                                                     7); // not in step with master_weights
                                s.reference = static_cast<Reference>((n / 7) % 3);
                                s.rollout = (n / 3) % 2 ? Rollout::separate : Rollout::colocated;
                                s.rollout_cards = 2;
                                s.engine_memory_fraction = (n / 5) % 3 == 0 ? 0.3 : 0;
                                s.cards_per_node = n % 3 == 2 ? 4 : 8;
                                // Parallelism of issue 13: context parallelism, expert parallelism (MoE
                                // only), TP without sequence parallelism, activation offload; the cards
                                // double when tp·pp·cp·ep outgrows 8 (ep divides d).
                                s.cp = n % 6 == 3 ? 2 : 1;
                                s.ep = s.model_id == std::string("moe-47b") && n % 4 != 0
                                           ? (n % 8 < 4 ? 2 : 4)
                                           : 1;
                                s.sequence_parallel = n % 5 != 2;
                                s.activation_offload = n % 7 == 3 || n % 11 == 5;
                                while (s.cards % (tp * pp * s.cp * s.ep) != 0 ||
                                       s.cards < tp * pp * s.cp * s.ep)
                                    s.cards *= 2;
                                if (n % 9 == 4) s.fixed = fix_tp | fix_ep | fix_activation_offload;
                                // Spot billing: with hourly checkpoints, and without any (restart from
                                // scratch).
                                if (n % 3 == 1) {
                                    s.spot_price_hourly = 3.5;
                                    s.checkpoint_interval_hours = n % 2 ? 0 : 1;
                                    s.interruptions_per_hour = n % 4 == 1 ? 0 : 0.05;
                                }
                                // The vision-language model with images: frozen and trained towers,
                                // packed and unpacked samples, a LLaMA-Factory pixel cap.
                                if (s.model_id == std::string("vl-7b")) {
                                    s.images_per_sample = 1 + n % 3;
                                    s.freeze_vision_tower = n % 2 == 0;
                                    s.packing = n % 4 != 1;
                                    s.max_tokens = n % 4 == 1 ? 300 : 0;
                                    s.image_max_pixels = n % 5 == 2 ? 589824 : 0;
                                    s.image_width = n % 3 == 0 ? 640 : 1280;
                                }
                                n++;
                                f(s);
                            }
                }
}

// A few scenarios for what the grid holds fixed: data given as tokens or raw text, measured
// throughput, pilot run, fees, quotes, USD, deadline, long pipelines.
std::vector<Scenario> extra_scenarios() {
    std::vector<Scenario> v;
    Scenario s;
    s.model_id = "gqa-7b";
    s.data_input = DataInput::tokens;
    s.tokens = 2.5e8;
    s.epochs = 1;
    s.tokens_per_second_per_gpu = 2500;
    s.pilot_hours = 0.5;
    s.storage_gb = 500;
    s.traffic_gb = 100;
    s.traffic_per_gb = 0.8;
    s.quotes[0].name = "A";
    s.quotes[0].price_per_card_hour = 7;
    s.quotes[0].bandwidth_mbps = 50;
    s.quotes[1].price_per_card_hour = 9.5;
    s.quotes[1].storage_per_gb_month = 0.2;
    v.push_back(s);
    s = Scenario{};
    s.model_id = "moe-47b";
    s.data_input = DataInput::dataset_size;
    s.dataset_mb = 2000;
    s.currency = Currency::usd;
    s.cards = 16;
    s.pp = 4;
    s.grad_accum = 3;
    s.deadline_hours = 24;
    s.upload_gb = 3;
    v.push_back(s);
    s = Scenario{};
    s.model_id = "test-7b";
    s.gpu_id = "L20";
    s.method = Method::full;
    s.cards = 1;
    s.price_hourly = 0; // no price at all
    s.scaling_efficiency = 0.9;
    s.utilization = 0.35;
    v.push_back(s);
    return v;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Every shown formula reproduces its result
//-----------------------------------------------------------------------------

TEST_CASE("the line parser reads what format_number and format_money write, and catches a wrong line") {
    CHECK(check_line("Weights = 7.62e9 × 2 B ÷ 8 = 1.77 GiB") == "");
    CHECK(check_line("Weights = 7.62e9 × 2 B ÷ 8 = 1.01 GiB") != ""); // the example
    CHECK(check_line("Logits = 4,096 × 2 × 152,064 × 8 = 9.28 GiB") == "");
    CHECK(check_line("Logits = 4,096 × 2 × 152,064 × 8 = 4.64 GiB") != ""); // ÷ tp not shown
    CHECK(check_line("Cost = 14 h × ¥30 × 8 + ¥12.50 = ¥3,372") == "");
    CHECK(check_line("Margin = ¥30 − ¥0.42 = ¥29.58") == "");
    CHECK(check_line("Headroom = 77.6 GiB − 90.5 GiB = -12.9 GiB") == "");
    CHECK(check_line("Time = 1.05e19 / (312e12 × 0.4) = 84,135 s") == "");
    CHECK(check_line("A note without a formula: 3 cards") == "");
    CHECK(check_line("Broken = tp 1 two 2 × 3 = 6") != ""); // an atom with two numbers
    CHECK(check_line("训练 token 数 D = 2.5 亿 tokens × 3 = 7.5 亿 tokens") == ""); // 万/亿 in Chinese
    CHECK(check_line("训练 token 数 D = 2.5 亿 tokens × 3 = 7.5 万 tokens") != "");
}

TEST_CASE("every shown formula reproduces its shown result (grid, en and zh)") {
    const Catalog c = grid_catalog();
    std::vector<Scenario> all;
    for_each_grid_scenario([&](const Scenario& s) { all.push_back(s); });
    for (const Scenario& s : extra_scenarios()) all.push_back(s);
    REQUIRE(all.size() > 500);
    int lines_checked = 0, failures = 0;
    const Headline heads[] = {Headline::compute, Headline::time, Headline::memory,
                              Headline::cards,   Headline::cost, Headline::buy};
    for (const Scenario& s : all) {
        Estimate e = estimate(s, c);
        REQUIRE_MESSAGE(e.ok, scenario_to_json(s));
        for (Lang lang : {Lang::en, Lang::zh})
            for (Headline h : heads)
                for (const std::string& line : explain(e, h, lang)) {
                    if (line.find(" = ") != std::string::npos) lines_checked++;
                    std::string why = check_line(line);
                    if (why.empty()) continue;
                    // Report the first few in full; count the rest.
                    if (++failures <= 8)
                        FAIL_CHECK(line << "\n    " << why << "\n    " << scenario_to_json(s));
                }
    }
    MESSAGE(lines_checked << " formula lines checked, " << failures << " wrong");
    CHECK(failures == 0);
    CHECK(lines_checked > 10000);
}

TEST_CASE("inverse answers: every shown formula reproduces its shown result (grid, en and zh)") {
    const Catalog c = grid_catalog();
    int lines_checked = 0, failures = 0, n = 0;
    for_each_grid_scenario([&](const Scenario& grid) {
        if (n++ % 9 != 0) return; // a slice: each answer runs many searches
        Scenario s = grid;
        s.budget = n % 2 ? 5000 : 120;
        s.deadline_hours = n % 3 ? 48 : 0;
        const InverseResult r = inverse_questions(s, c);
        REQUIRE_MESSAGE(r.ok, scenario_to_json(s));
        for (Lang lang : {Lang::en, Lang::zh})
            for (const std::string& line : explain(r, c, lang)) {
                if (line.find(" = ") != std::string::npos) lines_checked++;
                std::string why = check_line(line);
                if (why.empty()) continue;
                if (++failures <= 8) FAIL_CHECK(line << "\n    " << why << "\n    " << scenario_to_json(s));
            }
    });
    MESSAGE(lines_checked << " inverse formula lines checked, " << failures << " wrong");
    CHECK(failures == 0);
    CHECK(lines_checked > 300);
}

TEST_CASE("explain() shows the estimate's own inputs, never a newer scenario") {
    const Catalog c = grid_catalog();
    Scenario s;
    s.model_id = "gqa-7b";
    s.seq_len = 4096;
    Estimate shown = estimate(s, c);
    REQUIRE(shown.ok);
    Scenario typed = s; // an invalid edit typed after the last good estimate
    typed.seq_len = 0;
    typed.cards = 0;
    CHECK_FALSE(estimate(typed, c).ok);
    // explain() takes no scenario at all: only the one the estimate carries can be shown.
    bool shows_seq = false;
    for (const std::string& l : explain(shown, Headline::memory, Lang::en)) {
        CHECK(l.find(" 0 × ") == std::string::npos);
        CHECK(check_line(l) == "");
        shows_seq |= l.find("4,096") != std::string::npos;
    }
    CHECK(shows_seq);
    const std::string zh = report_markdown(shown, Lang::zh);
    CHECK((zh.find("4,096") != std::string::npos || zh.find("4096") != std::string::npos));
    CHECK(shown.scenario.seq_len == 4096);
}

//-----------------------------------------------------------------------------
// [SECTION] Term records add up to the totals
//-----------------------------------------------------------------------------

namespace {

double value_of(const Terms& terms, const Term& t) {
    double sum = 0, group = 0;
    for (int i = 0; i < t.count; i++) {
        const Operand& o = terms.operand(t, i);
        switch (o.op) {
        case Op::first:
            group = o.value;
            break;
        case Op::mul:
            group *= o.value;
            break;
        case Op::div:
            group /= o.value;
            break;
        case Op::add:
            sum += group;
            group = o.value;
            break;
        case Op::sub:
            sum += group;
            group = -o.value;
            break;
        }
    }
    return (sum + group) * t.scale;
}

const Term& term(const Estimate& e, TermId id) {
    const Term* t = e.terms.find(id);
    REQUIRE_MESSAGE(t != nullptr, "term " << int(id) << " missing");
    return *t;
}

double t_gen(const Estimate& e) {
    return term(e, TermId::generation_seconds).result;
}

} // namespace

// A term's result, or 0 when the estimate did not record it.
static double value_or_zero(const Estimate& e, TermId id) {
    const Term* t = e.terms.find(id);
    return t ? t->result : 0.0;
}

TEST_CASE("term records: operands give results, references match, totals are the estimate's") {
    const Catalog c = grid_catalog();
    int scenarios = 0;
    auto check = [&](const Scenario& s) {
        Estimate e = estimate(s, c);
        REQUIRE(e.ok);
        scenarios++;
        for (const Term& t : e.terms.items) {
            REQUIRE(t.first + t.count <= int(e.terms.operands.size()));
            CHECK(value_of(e.terms, t) == doctest::Approx(t.result).epsilon(1e-12));
            for (int i = 0; i < t.count; i++) {
                const Operand& o = e.terms.operand(t, i);
                if (o.ref == TermId::none) continue;
                // The value a term shows for another term is that term's result.
                const Term& from = term(e, o.ref);
                CHECK(o.value == doctest::Approx(from.result).epsilon(1e-12));
            }
        }
        const MemoryResult& m = e.memory;
        CHECK(term(e, TermId::memory_per_gpu).result == m.per_gpu_gib);
        CHECK(term(e, TermId::memory_overhead).result == m.overhead_gib);
        CHECK(term(e, TermId::activations).result == m.activations_gib);
        CHECK(term(e, TermId::logits).result == m.logits_gib);
        CHECK(term(e, TermId::memory_headroom).result == m.headroom_gib);
        // The per-card sum holds exactly the parts that stay on the card.
        // GRPO/PPO colocated: the larger of the generation and training phases, or the engine's slice.
        bool generation_larger = false;
        const Term& sub = term(e, TermId::memory_subtotal);
        for (int i = 0; i < sub.count; i++)
            generation_larger = generation_larger || e.terms.operand(sub, i).ref == TermId::generation_phase;
        const double phase = generation_larger ? m.generation_gib : m.activations_gib + m.logits_gib;
        double parts = m.weights_gib + m.gradients_gib + m.optimizer_gib + m.adapters_gib + phase +
                       m.gathered_gib + m.overhead_gib + m.reference_gib + m.reward_gib + m.critic_gib +
                       m.engine_slice_gib + m.vision_gib;
        CHECK(m.vision_gib == doctest::Approx(value_or_zero(e, TermId::vision_weights) +
                                              value_or_zero(e, TermId::vision_states) +
                                              value_or_zero(e, TermId::vision_activations))
                                  .epsilon(1e-12));
        CHECK((m.vision_gib > 0) == (s.images_per_sample > 0));
        if (is_rl(s.objective)) {
            CHECK(t_gen(e) == doctest::Approx(e.time.generation_hours * 3600).epsilon(1e-12));
            CHECK(e.time.generation_hours > 0);
        }
        CHECK(parts == doctest::Approx(m.per_gpu_gib).epsilon(1e-12));
        // What offload moves is said, and the host total is what moved.
        if (s.offload != Offload::none && s.method == Method::full) {
            CHECK(term(e, TermId::optimizer).place == Place::host);
            CHECK(m.optimizer_gib == 0);
            double moved = term(e, TermId::optimizer).result;
            if (s.offload == Offload::optimizer_params) moved += term(e, TermId::weights).result;
            CHECK(term(e, TermId::host_ram).result == doctest::Approx(moved).epsilon(1e-12));
            CHECK(m.cpu_ram_gib == term(e, TermId::host_ram).result);
        }
        const TimeResult& t = e.time;
        CHECK(term(e, TermId::wall_hours).result == t.wall_hours);
        CHECK(term(e, TermId::wall_hours_low).result == t.wall_hours_low);
        CHECK(term(e, TermId::wall_hours_high).result == t.wall_hours_high);
        CHECK(t.wall_hours == doctest::Approx(t.compute_hours + t.overhead_hours + t.fixed_hours +
                                              t.upload_hours + t.download_hours + t.checkpoint_hours)
                                  .epsilon(1e-12));
        CHECK(term(e, TermId::compute_hours).result == t.compute_hours);
        CHECK(term(e, TermId::flops_executed).result == e.flops.executed);
        CHECK(term(e, TermId::gpu_hours).result == e.gpu_hours);
        const TermId plan_ids[4] = {TermId::plan_hourly, TermId::plan_daily, TermId::plan_monthly,
                                    TermId::plan_mixed};
        for (int i = 0; i < 4; i++)
            if (e.cost.plans[i].available) CHECK(term(e, plan_ids[i]).result == e.cost.plans[i].total);
        CHECK(term(e, TermId::own_per_month).result == e.buy.own_per_month);
    };
    for_each_grid_scenario(check);
    for (const Scenario& s : extra_scenarios()) check(s);
    CHECK(scenarios > 500);
}

// traincalc — tests/test_ui_strings.cpp
// The string table and the font subset: every key has English and Chinese text; every character
// the page can draw (UI strings, explain() and warning_text() lines, error messages, formatted
// numbers, catalog names) has a glyph in the atlas built from kFontData/kFontRanges; the atlas
// stays small (tests/test_layering.cpp checks that ui/ sees neither SDL nor Emscripten).
#include "ui/strings.h"
#include "ui/widgets.h"
#include "ui_harness.h"
#include <doctest/doctest.h>
#include <set>
#include <string>
#include <vector>

using namespace traincalc;
using traincalc_test::Page;

namespace {

// Adds every character of `text` missing from the atlas's font to `missing`.
void check_glyphs(const std::string& text, std::set<unsigned int>& missing, std::string* where = nullptr,
                  const std::string& what = "") {
    const ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
    const char* p = text.c_str();
    const char* end = p + text.size();
    while (p < end) {
        unsigned int c = 0;
        const int n = ImTextCharFromUtf8(&c, p, end);
        if (n <= 0) break;
        p += n;
        if (c == '\n' || c == '\t') continue;
        if (!font->FindGlyphNoFallback(static_cast<ImWchar>(c)) && missing.insert(c).second && where)
            *where += what + " U+" + std::to_string(c) + "\n";
    }
}

std::vector<Scenario> sample_scenarios() {
    std::vector<Scenario> out;
    out.push_back(Scenario());
    Scenario s;
    s.method = Method::full;
    s.cards = 8;
    s.deadline_hours = 1;
    s.pilot_hours = 2;
    s.tokens_per_second_per_gpu = 1e8;
    s.quotes[0].price_per_card_hour = 4;
    out.push_back(s);
    s = Scenario();
    s.method = Method::qlora;
    s.precision = Precision::fp8;
    s.offload = Offload::optimizer;
    s.checkpointing = Checkpointing::full;
    s.seq_len = 1 << 20;
    s.currency = Currency::usd;
    out.push_back(s);
    for (const GpuSpec& g : traincalc_test::catalog().gpus) {
        Scenario t;
        t.gpu_id = g.id;
        t.cards = 16;
        t.pp = 4;
        t.method = Method::full;
        t.precision = Precision::bf16;
        out.push_back(t);
    }
    for (const ModelSpec& m : traincalc_test::catalog().models) {
        Scenario t;
        t.model_id = m.id;
        out.push_back(t);
    }
    Scenario bad;
    bad.cards = 0;
    bad.seq_len = -1;
    bad.epochs = 0;
    bad.lora_rank = 0;
    out.push_back(bad);
    return out;
}

} // namespace

TEST_CASE("every string key has non-empty English and Chinese text, and they differ from the key") {
    for (int i = 0; i < static_cast<int>(Str::count); i++) {
        const Str k = static_cast<Str>(i);
        CAPTURE(str_key_name(k));
        CHECK(tr(k, Lang::en)[0] != '\0');
        CHECK(tr(k, Lang::zh)[0] != '\0');
    }
    CHECK(std::string(tr(Str::switch_language, Lang::en)) == "中文");
    CHECK(std::string(tr(Str::switch_language, Lang::zh)) == "English");
    MESSAGE("string keys: " << static_cast<int>(Str::count));
}

TEST_CASE("every character the page draws is in the font subset (atlas at dpi 1)") {
    Page page(1280, 800, 1, Lang::zh);
    std::set<unsigned int> missing;
    std::string where;
    for (int i = 0; i < static_cast<int>(Str::count); i++)
        for (Lang l : {Lang::en, Lang::zh})
            check_glyphs(tr(static_cast<Str>(i), l), missing, &where, str_key_name(static_cast<Str>(i)));
    int lines = 0;
    for (const Scenario& s : sample_scenarios()) {
        const Estimate e = estimate(s, traincalc_test::catalog());
        for (Lang l : {Lang::en, Lang::zh}) {
            for (int h = 0; h <= static_cast<int>(Headline::buy); h++)
                for (const std::string& line : explain(e, static_cast<Headline>(h), l)) {
                    check_glyphs(line, missing, &where, "explain: " + line);
                    lines++;
                }
            for (const Warning& w : e.warnings) {
                const std::string t = warning_text(w, e, l);
                check_glyphs(t, missing, &where, "warning: " + t);
                lines++;
            }
            check_glyphs(format_hours(e.time.wall_hours, l), missing, &where, "format_hours");
            check_glyphs(format_hours(3000, l), missing, &where, "format_hours");
        }
        for (const FieldError& err : e.errors) {
            check_glyphs(err.message, missing, &where, "error: " + err.message);
            check_glyphs(err.message_zh, missing, &where, "error_zh: " + err.message_zh);
        }
        check_glyphs(format_money(e.cost.total, Currency::cny), missing, &where, "money");
        check_glyphs(format_money(e.cost.total, Currency::usd), missing, &where, "money");
    }
    for (const GpuSpec& g : traincalc_test::catalog().gpus)
        check_glyphs(g.name, missing, &where, "gpu " + g.id);
    for (const ModelSpec& m : traincalc_test::catalog().models)
        check_glyphs(m.name, missing, &where, "model " + m.id);
    CHECK_MESSAGE(missing.empty(), where);
    MESSAGE("explain/warning lines checked: " << lines << "; glyphs in the font: "
                                              << ImGui::GetIO().Fonts->Fonts[0]->Glyphs.Size);
}

TEST_CASE("the headline font holds every character of the headline values") {
    Page page(1280, 800, 1, Lang::zh);
    REQUIRE(ImGui::GetIO().Fonts->Fonts.Size == 2);
    const ImFont* big = ImGui::GetIO().Fonts->Fonts[1];
    std::string values;
    for (double v : {0.0, 0.004, 0.5, 1.0, 23.4, 47.9, 100.0, 5000.0, 1e5, 1e7, 1e12, 1e20}) {
        for (Lang l : {Lang::en, Lang::zh}) values += format_hours(v, l);
        values +=
            format_money(v, Currency::cny) + format_money(v, Currency::usd) + format_money(-v, Currency::cny);
        values += format_number(v) + " FLOPs " + format_number(v) + " GiB / ";
    }
    values += tr(Str::none_fits, Lang::en);
    values += tr(Str::none_fits, Lang::zh);
    const char* p = values.c_str();
    const char* end = p + values.size();
    std::string missing;
    while (p < end) {
        unsigned int c = 0;
        const int n = ImTextCharFromUtf8(&c, p, end);
        if (n <= 0) break;
        p += n;
        if (!big->FindGlyphNoFallback(static_cast<ImWchar>(c))) missing += " U+" + std::to_string(c);
    }
    CHECK_MESSAGE(missing.empty(), missing);
}

TEST_CASE("the font atlas is at most 1024x1024 at dpi 1 and 2048x2048 at dpi 2 and 3 (sizes reported)") {
    for (float dpi : {1.0f, 2.0f, 3.0f}) {
        Page page(390, 844, dpi, Lang::zh);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        MESSAGE("font atlas at dpi " << dpi << ": " << w << "x" << h);
        if (dpi == 1.0f) {
            CHECK(w <= 1024);
            CHECK(h <= 1024);
        }
        CHECK(w <= 2048); // WebGL2 only promises 2,048-pixel textures
        CHECK(h <= 2048);
        CHECK(ImGui::GetIO().FontGlobalScale == doctest::Approx(1.0f / dpi));
    }
}

TEST_CASE(
    "wrap_line_end: Chinese lines break neither before closing punctuation nor after an opening bracket") {
    traincalc_test::Page page(390, 844, 1, traincalc::Lang::zh);
    ImGui::NewFrame();
    ImGui::Begin("wrap");
    const std::string text = "每卡 3,905 token/s（40% MFU）";
    const char* begin = text.c_str();
    const char* end = begin + text.size();
    const char* open = begin + text.find("（");
    const char* after_open = open + std::string("（").size();
    // Room for everything up to the bracket and half of "4": the line used to end after "（".
    const float width = ImGui::CalcTextSize(begin, after_open).x + ImGui::CalcTextSize("4").x * 0.5f;
    CHECK(traincalc::ui::wrap_line_end(begin, end, width) == open); // "（40% MFU）" goes to the next line
    // Closing punctuation stays with what it closes: room up to "）" less a pixel cuts before "MFU）"'s
    // word, not between "U" and "）".
    const std::string zh = "费用（按小时）。下一句";
    const char* zb = zh.c_str();
    const char* ze = zb + zh.size();
    const char* period = zb + zh.find("。");
    const float w2 = ImGui::CalcTextSize(zb, period).x + 1.0f; // "。" does not fit
    const char* cut = traincalc::ui::wrap_line_end(zb, ze, w2);
    CHECK(cut != period); // never a line starting with "。"
    CHECK(cut < period);
    CHECK(cut != zb + zh.find("）"));                            // nor with "）"
    CHECK(traincalc::ui::wrap_line_end(zb, ze, 10000.0f) == ze); // all of it fits: one line
    ImGui::End();
    ImGui::EndFrame();
}

TEST_CASE("wrap_line_end: a number keeps its unit on its line (\"2 B\", \"8.17 卡时\", \"7,500 万 token\"), "
          "a range its dash") {
    traincalc_test::Page page(390, 844, 1, traincalc::Lang::zh);
    ImGui::NewFrame();
    ImGui::Begin("wrap");
    // Room up to the middle of the unit: the line ends before the number, not between it and its
    // unit, nor inside the unit (a Chinese unit is two characters a CJK break would split).
    for (const auto& row :
         {std::pair<std::string, std::string>{"W = N × B_w = 76.2 亿 × 2 B = 14.2 GiB", "2 B"},
          {"卡时 = 卡数 × 总耗时 = 1 × 8.17 h = 8.17 卡时", "8.17 卡时"},
          {"每卡吞吐量 = D ÷ 计算 ÷ 卡数 = 7,500 万 token ÷ 19,204 s", "7,500 万 token"},
          {"At 300 h of use a month, buying is cheaper.", "300 h"},
          // A phone's comparison block (ui/screen_compare.cpp draws it by this rule: ImGui's own broke
          // after "22." and before "GiB").
          {"¥48 · 21.8 h · Cards 1 · Memory/card 22.7 GiB · ZeRO-0", "22.7 GiB"}}) {
        const std::string& text = row.first; // C++17 lambdas (CAPTURE) take no structured binding
        const std::string& number = row.second;
        CAPTURE(text);
        const char* b = text.c_str();
        const char* e = b + text.size();
        const size_t at = text.find(number);
        REQUIRE(at != std::string::npos);
        const char* num = b + at;
        const float width = ImGui::CalcTextSize(b, num + number.size() - 1).x; // the unit's last byte out
        CHECK(traincalc::ui::wrap_line_end(b, e, width) == num);
    }
    // A range stays whole, and "6ND" with its value (a no-break space).
    for (const auto& row : {std::pair<std::string, std::string>{"实际耗时：6.77 – 11 小时", "6.77"},
                            {"模型 3.61e18 · 6ND\u00a03.43e18", "6ND"}}) {
        const std::string& text = row.first;
        const std::string& from = row.second;
        CAPTURE(text);
        const char* b = text.c_str();
        const size_t at = text.find(from);
        REQUIRE(at != std::string::npos);
        const float width = ImGui::CalcTextSize(b, b + text.size() - 2).x; // all but the last digit
        CHECK(traincalc::ui::wrap_line_end(b, b + text.size(), width) == b + at);
    }
    // A short parenthesis goes whole to the next line; one wider than the line breaks inside.
    for (const auto& row : {std::pair<std::string, std::string>{"✓ fits (headroom 44.6 GiB)", "(headroom"},
                            {"盈亏平衡（每月使用小时数）", "（"},
                            {"Spot billing increment, hours (0 = by the second)", "(0"}}) {
        const std::string& text = row.first;
        const std::string& from = row.second;
        CAPTURE(text);
        const char* b = text.c_str();
        const size_t at = text.find(from);
        REQUIRE(at != std::string::npos);
        const float width = ImGui::CalcTextSize(b, b + text.size() - 2).x;
        CHECK(traincalc::ui::wrap_line_end(b, b + text.size(), width) == b + at);
    }
    const std::string wide = "a (one two three four five six)";
    const char* wb = wide.c_str();
    const float narrow =
        ImGui::CalcTextSize(wb, wb + wide.find("four")).x + 1.0f; // less than the parenthesis
    CHECK(traincalc::ui::wrap_line_end(wb, wb + wide.size(), narrow) == wb + wide.find("four"));
    // A number followed by an operator is not glued: "× 3 ÷" may break after "3 ".
    const std::string ops = "a × 3 ÷ 4";
    const char* ob = ops.c_str();
    const char* three = ob + ops.find("÷");
    CHECK(traincalc::ui::wrap_line_end(ob, ob + ops.size(), ImGui::CalcTextSize(ob, three).x + 1.0f) ==
          three);
    ImGui::End();
    ImGui::EndFrame();
}

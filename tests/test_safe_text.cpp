// traincalc — tests/test_safe_text.cpp
// Names in text and Markdown outputs (core/safe_text.h, report_markdown): HTML and Markdown
// escaped, control characters and ANSI escapes removed, long names cut between characters.
//
// Index of this file:
// [SECTION] plain_text()
// [SECTION] markdown_text()
// [SECTION] report_markdown() with hostile names

#include "core/catalog.h"
#include "core/estimate.h"
#include "core/explain.h"
#include "core/json_read.h"
#include "core/json_write.h"
#include "core/safe_text.h"
#include "core/scenario.h"
#include "fixtures.h"

#include <doctest/doctest.h>

#include <string>

using namespace traincalc;

namespace {

std::string emoji(int count) {
    std::string s;
    for (int i = 0; i < count; ++i) s += "\xF0\x9F\x98\x80"; // 😀, 4 bytes
    return s;
}

bool has_control(const std::string& s) {
    for (unsigned char c : s)
        if ((c < 0x20 && c != '\n') || c == 0x7F) return true;
    return false;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] plain_text()
//-----------------------------------------------------------------------------

TEST_CASE("plain_text: ANSI escapes and control characters removed, one line, valid UTF-8") {
    CHECK(plain_text("\x1B[31mred\x1B[0m card") == "red card");
    CHECK(plain_text("\x1B]0;pwned title\x07name") == "name");               // OSC: window title
    CHECK(plain_text("\x1B]8;;http://x\x1B\\link\x1B]8;;\x1B\\") == "link"); // OSC 8 hyperlink
    CHECK(plain_text("a\nb\r\nc\td") == "a b  c d");
    CHECK(plain_text("bell\x07\x08\x7F") == "bell");
    CHECK(plain_text("c1 \xC2\x9B"
                     "31m") == "c1 31m"); // U+009B, the 8-bit CSI
    CHECK(plain_text("abc\xE2\x80\xAE"
                     "gpj.exe") == "abcgpj.exe"); // U+202E right-to-left override
    CHECK(plain_text("bad \xFF\xC0\xAF utf8") == "bad \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD utf8");
    CHECK(plain_text("A100 80GB 中文") == "A100 80GB 中文");
}

TEST_CASE("plain_text: long names cut between characters, never inside one") {
    const std::string name = emoji(5000); // 20,000 bytes
    for (size_t max : {size_t(10), size_t(11), size_t(12), size_t(13), size_t(200), size_t(1023)}) {
        CAPTURE(max);
        const std::string cut = plain_text(name, max);
        CHECK(cut.size() <= max);
        CHECK(detail::valid_utf8(cut));
        CHECK(cut.compare(cut.size() - 3, 3, "\xE2\x80\xA6") == 0); // ends with "…"
        CHECK((cut.size() - 3) % 4 == 0);                           // whole emoji only
    }
    CHECK(plain_text("short", 200) == "short");
    CHECK(plain_text(std::string(200, 'a'), 200) == std::string(200, 'a')); // exactly at the cap: kept
}

TEST_CASE("display_width: wide and fullwidth characters 2 columns, combining marks 0, the rest 1") {
    CHECK(display_width("H800 80G") == 8);
    CHECK(display_width("（云星算力）") == 12);
    CHECK(display_width("한국어") == 6);
    CHECK(display_width("ｱ") == 1);                // halfwidth katakana
    CHECK(display_width("e\xCC\x81") == 1);        // e + combining acute
    CHECK(display_width("\xF0\x9F\x98\x80") == 2); // 😀
    CHECK(display_width("\xFF") == 1);             // an invalid byte
}

//-----------------------------------------------------------------------------
// [SECTION] markdown_text()
//-----------------------------------------------------------------------------

TEST_CASE("markdown_text: HTML as entities, Markdown syntax escaped") {
    CHECK(markdown_text("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)&gt;");
    CHECK(markdown_text("</script><script>window.__pwned=1</script>") ==
          "&lt;/script&gt;&lt;script&gt;window.\\_\\_pwned=1&lt;/script&gt;");
    CHECK(markdown_text("[click](javascript:alert(1))") == "\\[click\\](javascript:alert(1))");
    CHECK(markdown_text("![img](http://x/a.png)") == "\\!\\[img\\](http://x/a.png)");
    CHECK(markdown_text("*bold* _em_ `code` ~~del~~ a|b # h \\") ==
          "\\*bold\\* \\_em\\_ \\`code\\` \\~\\~del\\~\\~ a\\|b \\# h \\\\");
    CHECK(markdown_text("AT&T") == "AT&amp;T");
    CHECK(markdown_text("NVIDIA A100 80GB SXM (2020)") ==
          "NVIDIA A100 80GB SXM (2020)"); // plain names unchanged
}

//-----------------------------------------------------------------------------
// [SECTION] report_markdown() with hostile names
//-----------------------------------------------------------------------------

TEST_CASE("report_markdown: hostile GPU, model and quote names are escaped, cut and stripped") {
    Scenario s;
    s.gpu_id.clear();
    s.gpu.name = "<img src=x onerror=alert(1)> [x](http://evil) \x1B[2J\x1B[31mred\nline";
    s.gpu.memory_gib = 80;
    s.gpu.tflops_16bit = 312;
    s.gpu.verified = false; // the unverified-GPU warning repeats the name
    s.model_id.clear();
    s.model = parse_catalog(builtin_catalog_json()).catalog.models[0];
    s.model.name = emoji(5000);
    s.quotes[0].name = "**Cheap** <b>GPU</b>";
    s.quotes[0].price_per_card_hour = 10;
    Estimate e = estimate(s, fixtures::builtin_catalog());
    REQUIRE(e.ok);
    for (Lang lang : {Lang::en, Lang::zh}) {
        const std::string md = report_markdown(e, lang);
        CHECK(detail::valid_utf8(md));
        CHECK_FALSE(has_control(md));
        CHECK(md.find("<img") == std::string::npos);
        CHECK(md.find("<b>") == std::string::npos);
        CHECK(md.find("[x](") == std::string::npos);
        CHECK(md.find("&lt;img src=x onerror=alert(1)&gt; \\[x\\](http://evil) red line") !=
              std::string::npos);
        CHECK(md.find("\\*\\*Cheap\\*\\* &lt;b&gt;GPU&lt;/b&gt;") != std::string::npos);
        CHECK(md.find(emoji(40)) != std::string::npos);  // the name starts as given
        CHECK(md.find(emoji(300)) == std::string::npos); // and is cut, with "…"
        CHECK(md.find("\xE2\x80\xA6") != std::string::npos);
        const size_t title_end = md.find('\n');
        CHECK(title_end < 600); // the title is one line, far under the old 1023-byte cut
    }
    // The JSON output keeps the names as data (JSON-escaped, not Markdown-escaped).
    CHECK(estimate_to_json(e, Lang::en).find("<img src=x onerror=alert(1)>") != std::string::npos);
}

TEST_CASE("utf8_floor: a cut never splits a UTF-8 sequence; past the end is the end") {
    const std::string s = "a\xC3\xA9\xE5\x9B\xBD\xF0\x9F\x98\x80"; // a é 国 😀: bytes 0 | 1-2 | 3-5 | 6-9
    const size_t expect[] = {0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10, 10, 10};
    for (size_t n = 0; n < sizeof expect / sizeof expect[0]; n++) CHECK(utf8_floor(s, n) == expect[n]);
    CHECK(utf8_floor("", 5) == 0);
    CHECK(utf8_floor("\x80\x80", 1) == 0); // only continuation bytes: nothing before them to keep
}

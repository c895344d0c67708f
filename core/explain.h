// traincalc — core/explain.h
// "Show the work": formula lines with the numbers put in, and warning texts, in English
// and Simplified Chinese. Kept apart from estimate() so the arithmetic stays allocation-free.
#pragma once
#include "estimate.h"
#include "inverse.h"
#include <string>
#include <vector>

namespace traincalc {

enum class Headline { compute, time, memory, cards, cost, buy };

// Formats the estimate's own term records and inputs (never a newer scenario), e.g.
// "Executed FLOPs = per token × D = 4.57e10 FLOPs × 7.5e7 tokens = 3.43e18 FLOPs". Computes nothing.
std::vector<std::string> explain(const Estimate& e, Headline h, Lang lang);

// Parts of the estimate the page shows on their own, each with its work: the host RAM of one machine
// (its terms, how the stack loads, the verdict against the machine's RAM) and spot billing (its terms
// and the verdict against on-demand; empty without a spot price). The same lines as in the memory
// and cost work.
enum class ExplainPart { host_ram, spot };
std::vector<std::string> explain(const Estimate& e, ExplainPart p, Lang lang);

std::string warning_text(const Warning& w, const Estimate& e, Lang lang);

// One sentence with the answer, for screen readers' live region and the JS API's onChange:
// "Compute 3.43e18 FLOPs; compute time 12.5 h, wall clock about 16.4 h; memory per card 21.3 of
// 80 GiB (fits); cost ¥1,234." An invalid estimate says so ("Some inputs are invalid; ...").
std::string summary_sentence(const Estimate& e, Lang lang);
// The inverse questions' answers with their work (InverseResult::terms), e.g. "Largest micro-batch
// that fits on 8 cards: 6 (ZeRO-2, full recomputation)"; the first line of each answer is its headline.
std::vector<std::string> explain(const InverseResult& r, const Catalog& catalog, Lang lang);
// Why rent or buy gives no verdict, one sentence for the shown work and the page: no purchase price
// ("Enter one under Ownership assumptions."), or no rental price ("… under Prices."); nullptr when
// both prices are known.
const char* buy_unknown_reason(const BuyResult& b, Lang lang);
// "ZeRO-2, tp 2, cp 2, ep 4, activations offloaded, optimizer offloaded to CPU, full recomputation":
// ZeRO always, the rest only when not the default (sequence parallelism only when off with tp > 1).
std::string strategy_text(const StrategyChoice& c, Lang lang);

// A Markdown report of the whole estimate (the page's "copy report", the CLI's --text).
std::string report_markdown(const Estimate& e, Lang lang);
// The same, and when the scenario does not fit, the computed changes that fit (remedies()).
std::string report_markdown(const Estimate& e, const Catalog& catalog, Lang lang);

// The sign of a negative number in text: U+2212, the minus the formulas' operators use ("77.6 GiB −
// 80.2 GiB = −2.6 GiB"; a hyphen beside them read as a dash, and screen readers say "dash"). Boxes,
// JSON, URLs and configs keep ASCII '-' (what a keyboard types and parsers read).
inline constexpr const char* kMinusSign = "\xE2\x88\x92";

// Number formatting shared by the page and the CLI: 1.05e19, 23.4 h, 1,234 CNY, 71.2 GiB, −2.6.
std::string format_number(double v, int significant = 3);
std::string format_hours(double hours, Lang lang); // "23.4 h" / "2.3 days" / "23.4 小时"
// The digits two numbers need beside their difference shown at three: "23.26 of 23.42 GiB, headroom
// 0.157 GiB" (at three each, 23.3 − 23.1 read 0.2). 3 when three already read right; at most 12.
int difference_significant(double a, double b);
// `hours` in the unit format_hours(reference) uses, with it: a chart's ticks in one unit ("0 h",
// not "0 s", under "35 h"; "0.5 h", not "30 min", under "2 h").
std::string format_hours_as(double hours, double reference, Lang lang);
// A range with both ends in the high end's unit: "1.83 – 2.33 days", never "43.9 h – 2.33 days".
std::string format_hours_range(double low, double high, Lang lang);
// `hours` as a number in the unit format_hours(reference) uses (43.9 → 1.83 when the reference
// reads in days): a range's low end, for a caller that writes it without allocating (the UI).
double hours_in_unit_of(double hours, double reference);
// "¥1,234", "$1,234"; cents below 10,000 unless whole ("¥112.50"), a third decimal below 100 when
// the value holds one ("¥4.752"), three decimals below 1 ("¥0.416"): the shown work multiplies them.
std::string format_money(double v, Currency c);

} // namespace traincalc

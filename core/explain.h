// traincalc — core/explain.h
// "Show the work": formula lines with the numbers put in, and warning texts, in English
// and Simplified Chinese. Kept apart from estimate() so the arithmetic stays allocation-free.
#pragma once
#include "estimate.h"
#include <string>
#include <vector>

namespace traincalc {

enum class Headline { compute, time, memory, cards, cost, buy };

// Formats the estimate's own term records and inputs (never a newer scenario), e.g.
// "Executed FLOPs = per token × D = 4.57e10 FLOPs × 7.5e7 tokens = 3.43e18 FLOPs". Computes nothing.
std::vector<std::string> explain(const Estimate& e, Headline h, Lang lang);
// Old signature: `s` is ignored (the estimate carries the scenario it answered).
std::vector<std::string> explain(const Estimate& e, const Scenario& s, Headline h, Lang lang);

std::string warning_text(const Warning& w, const Estimate& e, Lang lang);

// A Markdown report of the whole estimate (the page's "copy report", the CLI's --text).
std::string report_markdown(const Estimate& e, Lang lang);
std::string report_markdown(const Estimate& e, const Scenario& s, Lang lang); // `s` ignored, as above
// The same, and when the scenario does not fit, the computed changes that fit (remedies()).
std::string report_markdown(const Estimate& e, const Catalog& catalog, Lang lang);

// Number formatting shared by the page and the CLI: 1.05e19, 23.4 h, 1,234 CNY, 71.2 GiB.
std::string format_number(double v, int significant = 3);
std::string format_hours(double hours, Lang lang);   // "23.4 h" / "2.3 days" / "23.4 小时"
std::string format_money(double v, Currency c);      // "¥1,234" / "$1,234"

} // namespace traincalc

// traincalc — core/terms.h
// The shown work, recorded where it is computed. Each result term is a formula over named
// operands (symbol, value, unit) joined by + − × ÷ with the usual precedence (a sum of
// products, no parentheses), and its result. The code that computes a term builds it with a
// Calc, whose value IS the result used by the estimate: the shown work cannot drift from the
// arithmetic. explain() only formats these records.
//
// Index of this file:
// [SECTION] Term ids
// [SECTION] Records: Operand, Term, Terms
// [SECTION] Calc: compute a term and record it in one pass
#pragma once
#include <vector>

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Term ids (explain.cpp holds each id's section and name in English and Chinese)
//-----------------------------------------------------------------------------

enum class TermId : unsigned char {
    none, // an operand that is a literal, not another term's result
    // Compute
    tokens_per_epoch,
    tokens,
    flops_model_per_token,
    flops_model,
    flops_rule_of_thumb,
    flops_attention_per_token,
    flops_executed_per_token,
    flops_executed,
    worked_example_seconds,
    // Memory (per card unless said)
    adapter_width_per_layer,
    adapter_params,
    adapter_bytes_per_param,
    weights_model,
    weights,
    weights_in_flight,
    gradients,
    optimizer,
    adapters,
    act_linear_bytes,
    act_bytes_per_token_layer,
    activations,
    logits,
    memory_subtotal,
    memory_overhead,
    memory_per_gpu,
    host_ram,
    memory_reserve,
    memory_usable,
    memory_headroom,
    // Time
    peak_tflops,
    bubble_slots,
    pipeline_bubble,
    compute_seconds,
    compute_hours,
    throughput,
    implied_utilization,
    effective_tflops,
    overhead_hours,
    upload_hours,
    download_hours,
    checkpoint_hours,
    wall_hours,
    wall_hours_low,
    wall_hours_high,
    pilot_hours,
    gpu_hours,
    // Cost
    storage_fee,
    traffic_fee,
    fees,
    plan_hourly,
    plan_daily,
    plan_monthly,
    plan_mixed,
    cost_per_million_tokens,
    quote_total,
    // Rent versus buy
    depreciation_per_month,
    power_per_month,
    own_per_month,
    rent_per_month,
    fixed_per_month,
    margin_per_hour,
    break_even_hours,
    count
};

//-----------------------------------------------------------------------------
// [SECTION] Records
//-----------------------------------------------------------------------------

enum class Op : unsigned char { first, add, sub, mul, div };

// Where a term's bytes live: on the card, or moved to the host by CPU offload.
enum class Place : unsigned char { gpu, host };

// Units are plain ASCII, never holding a digit (a reader, and the tests, find the number).
// kUnitMoney is a marker: the value is formatted in the estimate's currency.
constexpr const char* kUnitMoney = "money";

struct Operand {
    Op op = Op::first;
    const char* symbol = ""; // "N", "tp", "s"; "" = a literal constant
    double value = 0;
    const char* unit = "";     // "B", "GiB", "FLOPs", "h", kUnitMoney ...
    TermId ref = TermId::none; // the term whose result this operand is
};

constexpr int kMaxOperands = 16;

struct Term {
    TermId id = TermId::none;
    int index = 0; // which one, when an id repeats (provider quotes)
    Place place = Place::gpu;
    int count = 0;
    Operand operands[kMaxOperands];
    // result = value of the operands × scale; scale ≠ 1 only for bytes shown in GiB (1/2^30).
    double scale = 1;
    double result = 0;
    const char* unit = "";
};

struct Terms {
    std::vector<Term> items; // in the order they were computed
    const Term* find(TermId id, int index = 0) const {
        for (const Term& t : items)
            if (t.id == id && t.index == index) return &t;
        return nullptr;
    }
};

//-----------------------------------------------------------------------------
// [SECTION] Calc
//-----------------------------------------------------------------------------

// Evaluates a sum of products operand by operand; with a non-null log it also appends the
// record. Only one Calc per log may be open at a time (it writes into the log's last item).
class Calc {
  public:
    Calc(Terms* log, TermId id, const char* unit, double scale = 1.0, int index = 0) : scale_(scale) {
        if (!log) return;
        log->items.emplace_back();
        t_ = &log->items.back();
        t_->id = id;
        t_->index = index;
        t_->unit = unit;
        t_->scale = scale;
    }
    Calc& first(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        group_ = v;
        return record(Op::first, sym, v, unit, ref);
    }
    Calc& mul(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        group_ *= v;
        return record(Op::mul, sym, v, unit, ref);
    }
    // A zero or non-finite divisor gives 0, never NaN or Infinity (validate() rules it out).
    Calc& div(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        double q = group_ / v;
        group_ = (v != 0 && q == q && q - q == 0) ? q : 0.0;
        return record(Op::div, sym, v, unit, ref);
    }
    Calc& add(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        sum_ += group_;
        group_ = v;
        return record(Op::add, sym, v, unit, ref);
    }
    Calc& sub(const char* sym, double v, const char* unit = "", TermId ref = TermId::none) {
        sum_ += group_;
        group_ = -v;
        return record(Op::sub, sym, v, unit, ref);
    }
    // The result; `place` says where the bytes live (memory terms).
    double done(Place place = Place::gpu) {
        double r = (sum_ + group_) * scale_;
        if (t_) {
            t_->result = r;
            t_->place = place;
        }
        return r;
    }

  private:
    // A null symbol adds the value without showing it (a zero fee on every plan's line).
    Calc& record(Op op, const char* sym, double v, const char* unit, TermId ref) {
        if (!sym) return *this;
        if (t_ && t_->count == 0) op = Op::first; // a leading "+ x" is shown as "x"
        if (t_ && t_->count < kMaxOperands) t_->operands[t_->count++] = Operand{op, sym, v, unit, ref};
        return *this;
    }
    Term* t_ = nullptr;
    double scale_ = 1;
    double sum_ = 0;
    double group_ = 0;
};

} // namespace traincalc

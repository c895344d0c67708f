// traincalc — core/terms.cpp
// Calc's logging half: appending a term and its operands to the estimate's records. Kept out of
// line: only estimate()'s own pass records; the strategy searches use FastCalc.
//
// Index of this file:
// [SECTION] Calc logging
#include "terms.h"

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Calc logging
//-----------------------------------------------------------------------------

template <> void CalcT<true>::open(TermId id, const char* unit, int index) {
    term_ = int(log_->items.size());
    first_ = int(log_->operands.size());
    Term t;
    t.id = id;
    t.index = index;
    t.first = first_;
    t.unit = unit;
    t.scale = scale_;
    log_->items.push_back(t);
}

// A null symbol (never appended) adds the value without showing it: a zero fee on every plan's line.
template <> void CalcT<true>::append(Op op, const char* sym, double v, const char* unit, TermId ref) {
    Operand o;
    o.symbol = sym;
    o.value = v;
    o.unit = unit;
    o.op = int(log_->operands.size()) == first_ ? Op::first : op; // a leading "+ x" is shown as "x"
    o.ref = ref;
    log_->operands.push_back(o);
}

template <> void CalcT<true>::close(double result, Place place) {
    Term& t = log_->items[std::size_t(term_)];
    t.result = result;
    t.place = place;
    t.count = int(log_->operands.size()) - first_;
}

} // namespace traincalc

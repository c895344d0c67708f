// traincalc — core/terms.cpp
// Calc's logging half lives inline in terms.h (a call per operand cost a fifth of estimate());
// this file keeps the terms' out-of-line pieces, if any, and the section index.
//
// Index of this file:
// [SECTION] Calc logging
#include "terms.h"

namespace traincalc {

//-----------------------------------------------------------------------------
// [SECTION] Calc logging
//-----------------------------------------------------------------------------

} // namespace traincalc

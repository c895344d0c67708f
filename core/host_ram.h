// traincalc — core/host_ram.h (private to core/*.cpp)
// Host (CPU) RAM per node: the peak while the ranks load the model, as each training stack loads
// it, and while training, what CPU offload keeps on the host; the verdict against the node's RAM.
//
// Index of this file:
// [SECTION] Host RAM per node
#pragma once
#include "memory_model.h"

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Host RAM per node
//-----------------------------------------------------------------------------

// Fills `out` for the scenario's strategy; `mem` is memory_for() of that strategy (its host_ram
// term: the offloaded states per card). With a log, each term is recorded.
void host_ram_for(const Scenario& s, const ModelDerived& md, const GpuSpec& g, const Strategy& st,
                  const MemoryResult& mem, HostRamResult& out, Terms* log = nullptr);

} // namespace detail
} // namespace traincalc

// traincalc — core/time_model.h (private to core/*.cpp)
// Time: the peak rate for the precision, the utilization and scaling defaults, pure compute
// seconds (pipeline bubble and offload included) and the wall clock around them.
//
// Index of this file:
// [SECTION] Rates and defaults
// [SECTION] Compute time and wall clock
#pragma once
#include "memory_model.h"

namespace traincalc {
namespace detail {

//-----------------------------------------------------------------------------
// [SECTION] Rates and defaults
//-----------------------------------------------------------------------------

// Utilization used when the scenario gives none: the stack's, else the card's, else 0.4.
double default_utilization(const Scenario& s, const GpuSpec& g);
// Default multi-card scaling efficiency (see the curve in time_model.cpp).
double default_scaling(int cards, bool nvlink);
// Peak TFLOPS used for the scenario's precision on this card.
double peak_tflops(const GpuSpec& g, Precision p, Terms* log = nullptr);
// Compute-time slowdown of CPU offload (PCIe transfers): 1 = none.
double offload_slowdown(Offload o);

//-----------------------------------------------------------------------------
// [SECTION] Compute time and wall clock
//-----------------------------------------------------------------------------

struct TimeInputs {              // what compute time needs beyond the model
    double utilization = 0.4;    // fraction of peak
    double scaling_override = 0; // scenario's scaling efficiency; 0 = curve
    double measured_tps = 0;     // tokens/s per card; 0 = not measured
    bool nvlink = false;
    double peak_tflops = 0;
    double bandwidth_gbps = 0;     // memory bandwidth (GRPO/PPO decoding)
    double nvlink_gbps = 0;        // the card's NVLink figure, GB/s (both directions); 0 = PCIe only
    double pcie_gbps = kPcie4GBps; // host↔card copies (activation offload), GB/s
};
// Fills the link fields of TimeInputs from the card (NVLink figure, PCIe generation).
void set_links(TimeInputs& ti, const GpuSpec& g);
// Pure compute seconds for `cards` (bubble and offload included); writes the scaling used.
// GRPO/PPO: training plus rollout generation (generation_used, when given, gets the latter).
double compute_seconds(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st,
                       double* scaling_used, double* bubble_used, Terms* log = nullptr,
                       double* generation_used = nullptr);
// Wall clock parts from compute hours (fills TimeResult except utilization/peak fields).
void wall_clock(const Scenario& s, const ModelDerived& md, double compute_hours, TimeResult& t,
                Terms* log = nullptr);

} // namespace detail
} // namespace traincalc

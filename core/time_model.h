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

// Utilization used when the scenario gives none: the stack's, else the card's, else 0.4; `experts`
// (routed experts per MoE layer, 0 = dense) of kFineMoeMinExperts or more lower the Hugging Face
// stacks' (fine_moe_on_hf()).
double default_utilization(const Scenario& s, const GpuSpec& g, int experts);
// An MoE of many small experts on a stack that runs Transformers' own MoE layers (hf, deepspeed).
bool fine_moe_on_hf(const Scenario& s, int experts);
// The seed article's rule of thumb for data-parallel scaling (80-85% at 8 cards, ~70% at 32+),
// interpolated in log2(cards): shown beside the efficiency derived from the communication, never used.
double rule_of_thumb_scaling(int cards);
// Peak TFLOPS used for the scenario's precision on this card.
double peak_tflops(const GpuSpec& g, Precision p, Terms* log = nullptr);
// Compute-time slowdown of CPU offload (PCIe transfers): 1 = none.
double offload_slowdown(Offload o);

//-----------------------------------------------------------------------------
// [SECTION] Compute time and wall clock
//-----------------------------------------------------------------------------

struct TimeInputs {              // what compute time needs beyond the model
    double utilization = 0.4;    // fraction of peak
    double scaling_override = 0; // scenario's scaling efficiency; 0 = derived from the communication
    double measured_tps = 0;     // tokens/s per card; 0 = not measured
    bool nvlink = false;
    double peak_tflops = 0;
    double bandwidth_gbps = 0; // memory bandwidth (GRPO/PPO decoding)
    double nvlink_gbps = 0;    // the card's NVLink figure, GB/s (both directions); 0 = PCIe only
    double pcie_gbps =
        kPcie4GBps; // host↔card copies (activation offload), PCIe between cards without NVLink, GB/s
    double nic_gbps = kInterNodeGBps; // network between nodes per card and direction, GB/s
};
// Fills the link fields of TimeInputs from the card (NVLink figure, PCIe generation, network per card).
void set_links(TimeInputs& ti, const GpuSpec& g);
// Pure compute seconds for `cards` (bubble, offload and the communication compute does not hide
// included); writes the scaling efficiency that results (compute ÷ compute with communication).
// GRPO/PPO: training plus rollout generation (generation_used, when given, gets the latter).
double compute_seconds(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st,
                       double* scaling_used, double* bubble_used, Terms* log = nullptr,
                       double* generation_used = nullptr);
// The FLOPs' time alone (bubble, offload's slowdown and QLoRA's fixed cost included; no
// communication, no generation): never more than compute_seconds(), so a search's lower bound.
double math_seconds(const Scenario& s, const ModelDerived& md, const TimeInputs& ti, const Strategy& st);
// Wall clock parts from compute hours (fills TimeResult except utilization/peak fields).
void wall_clock(const Scenario& s, const ModelDerived& md, double compute_hours, TimeResult& t,
                Terms* log = nullptr);

} // namespace detail
} // namespace traincalc

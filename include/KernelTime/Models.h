//===- KernelTime/Models.h - The alternative kernel-time models -*- C++ -*-===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The Models stage (docs/design.md): the other models of the sources, each
/// a pure
/// computation over numbers the earlier stages produce, so that
/// -ktime-model can report them beside the core model:
///  - MWP-CWP, Hong & Kim's ISCA 2009 analytical model
///    (docs/models/mwp-cwp.md);
///  - KDT, the multi-feature model of the HIT patent
///    (docs/models/kdt.md).
/// No GPU figure lives here: every machine number arrives in the inputs, and
/// the docs say which target field or stage supplies it. Bad inputs (a
/// non-positive denominator, a count that is not finite) are llvm::Errors
/// naming the input, never an assertion.
///
//===----------------------------------------------------------------------===//

#ifndef KERNELTIME_MODELS_H
#define KERNELTIME_MODELS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace ktime {

//===----------------------------------------------------------------------===//
// MWP-CWP (Hong & Kim, ISCA 2009)
//===----------------------------------------------------------------------===//

/// The paper's inputs. Instruction counts are dynamic counts of ONE warp;
/// docs/models/mwp-cwp.md says which KernelTime stage supplies each field.
struct MwpCwpInputs {
  /// SM clock (Freq), GHz.
  double FreqGHz = 0;
  /// DRAM bandwidth of the GPU (Mem_Bandwidth), GB/s.
  double MemBandwidthGBs = 0;
  /// DRAM round-trip latency (Mem_LD), cycles.
  double MemLatency = 0;
  /// Minimum cycles between the departures of two memory warps from one SM
  /// (Departure_del_coal, Departure_del_uncoal).
  double DepartureDelayCoal = 0, DepartureDelayUncoal = 0;
  /// Memory transactions one uncoalesced warp access makes (#Uncoal_per_mw).
  double UncoalPerMw = 0;
  /// Bytes one warp's memory instruction moves (Load_bytes_per_warp).
  double LoadBytesPerWarp = 0;
  /// SMs that run blocks (#Active_SMs).
  unsigned ActiveSMs = 0;
  /// Per warp: computation, coalesced and uncoalesced global memory, and
  /// barrier instructions (#Comp_insts, #Coal_Mem_insts, #Uncoal_Mem_insts,
  /// #Synch_insts).
  double CompInsts = 0, CoalMemInsts = 0, UncoalMemInsts = 0, SynchInsts = 0;
  /// Cycles the SM needs to issue one warp instruction (#Issue_cycles).
  double IssueCycles = 0;
  /// Launch: threads per block, blocks, and resident blocks per SM from the
  /// occupancy calculation (#Active_blocks_per_SM).
  unsigned ThreadsPerBlock = 0, Blocks = 0, ActiveBlocksPerSM = 0;
  unsigned WarpSize = 32;
};

/// Every intermediate of the paper's equations, by the paper's names.
struct MwpCwpResult {
  /// Which of the paper's three execution-time equations applies.
  enum class CaseKind { NotEnoughWarps, MemoryBound, ComputeBound };

  double MemL = 0, DepartureDelay = 0, MWPWithoutBW = 0, BWPerWarp = 0,
         MWPPeakBW = 0, MWP = 0, CWP = 0;
  /// Active warps per SM: ActiveBlocksPerSM x ceil(ThreadsPerBlock /
  /// WarpSize).
  double N = 0;
  /// Per warp: Comp_cycles, Mem_cycles and Comp_p = Comp_cycles / #Mem_insts.
  double CompCycles = 0, MemCycles = 0, CompP = 0;
  /// ceil(Blocks / (ActiveBlocksPerSM x ActiveSMs)): rounds of resident
  /// blocks (rounded up, docs/models/mwp-cwp.md says why).
  double Rep = 0;
  /// Exec_cycles_app, Synch_cost, their sum, and the sum in ns.
  double ExecCycles = 0, SynchCost = 0, TotalCycles = 0, TimeNs = 0;
  CaseKind Case = CaseKind::MemoryBound;
};

/// Evaluates the model. Errors (message "mwp-cwp: ...") for a negative or
/// non-finite input, a zero clock, bandwidth, latency, issue rate or launch
/// dimension, and for a warp with no global memory instruction (the model
/// divides by #Mem_insts).
llvm::Expected<MwpCwpResult> computeMwpCwp(const MwpCwpInputs &In);

/// "not-enough-warps", "memory-bound" or "compute-bound".
llvm::StringRef getMwpCwpCaseName(MwpCwpResult::CaseKind C);

//===----------------------------------------------------------------------===//
// KDT (HIT patent 2019, docs/models/kdt.md)
//===----------------------------------------------------------------------===//

/// The patent's step-one features that the formulas use. NBW is derived
/// from Db; RPT, SMPB and Capability enter only through NAW, which the GPU
/// stage's occupancy calculation supplies.
struct KdtInputs {
  /// Run time of one warp of the kernel (Wtime), cycles.
  double WtimeCycles = 0;
  /// Warp size (Wsize).
  unsigned Wsize = 32;
  /// Blocks (Dg, all grid dimensions multiplied) and threads per block (Db).
  uint64_t Dg = 0;
  unsigned Db = 0;
  /// CUDA cores of the whole device (NCC) and SMs (NSM).
  uint64_t NCC = 0;
  unsigned NSM = 0;
  /// Maximum active warps per SM from the occupancy calculator (NAW); a
  /// whole number of blocks, so a multiple of NBW.
  unsigned NAW = 0;
  /// SM clock, GHz, for KDTNs.
  double FreqGHz = 0;
};

/// The patent's features, the kernel state and the kernel duration time.
struct KdtResult {
  /// The patent's three kernel states.
  enum class StateKind {
    AbsolutelyParallel, ///< (a) Dg <= APDG
    SpaceIdle,          ///< (b) Dg > APDG and DPSID >= 1
    SpaceFull           ///< (c) Dg > APDG and DPSID < 1
  };

  /// Warps per block, ceil(Db / Wsize).
  unsigned NBW = 0;
  /// Warps one SM's cores run at once, NCC / (NSM x Wsize) (ours, the
  /// quantity APDG and PEF are built from).
  double CoreWarpsPerSM = 0;
  /// Blocks that can run absolutely in parallel: NSM x floor(CoreWarpsPerSM /
  /// NBW).
  uint64_t APDG = 0;
  /// Device parallel space NAW x NSM and kernel warps Dg x NBW.
  uint64_t DPS = 0, NKW = 0;
  /// Idle degree of the device parallel space, DPS / NKW.
  double DPSID = 0;
  /// Warp load of the busiest SM, ceil(Dg / NSM) x NBW.
  uint64_t NSMW = 0;
  /// Rounds of resident warps on the busiest SM, ceil(NSMW / NAW).
  uint64_t Rounds = 0;
  /// Parallel effect factor: max(1, min(NSMW, NAW) / CoreWarpsPerSM).
  double PEF = 0;
  StateKind State = StateKind::AbsolutelyParallel;
  /// Kernel duration time volume: the kernel's duration in units of Wtime,
  /// Rounds x PEF.
  double KDTV = 0;
  /// Kernel duration time KDTV x Wtime, in cycles and ns.
  double KDTCycles = 0, KDTNs = 0;
};

/// Evaluates the reconstruction of docs/models/kdt.md. Errors (message
/// "kdt: ...") for a zero count or clock, a non-finite or negative Wtime, a
/// block that does not fit (NAW < NBW), an NAW that is not whole blocks, and
/// a warp count that overflows 64 bits.
llvm::Expected<KdtResult> computeKdt(const KdtInputs &In);

/// "absolutely-parallel" (a), "space-idle" (b) or "space-full" (c).
llvm::StringRef getKdtStateName(KdtResult::StateKind S);

} // namespace ktime

#endif // KERNELTIME_MODELS_H

//===- KernelTimeModel.cpp - One launch on one GPU: waves, PBs, SMs -------===//
//
// Kleimenov & Popova's GPU model (docs/kernel-time.md): the blocks of
// a launch run in waves of BlocksPerSM x smCount blocks; each warp's time is
// its longest thread's (sampled at the warp's first and last lane), warps
// go round-robin to the SM's processing blocks, a processing block takes
//   time_PB = max(max_wp (time_WP + time_sync), sum_wp delay_WP),
// an SM its slowest processing block, and the mean global latency is
//   lat_SM = coal * (l1 lat_L1 + l2 lat_L2 + dram lat_DRAM) + uncoal lat_U.
// Then the bandwidth iterations (WaveSolver.cpp) raise each level's
// latency until the bytes the wave asks of it fit its bandwidth. A wave
// after the first starts in refilled block slots: its warps wait the
// target's block turnaround first. The kernel is the sum of its waves plus
// the launch overhead of the target's regression.
//
//===----------------------------------------------------------------------===//
#include "GPUModelImpl.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <iterator>

using namespace llvm;

namespace ktime {

StringRef getBoundName(Bound B) {
  switch (B) {
  case Bound::Latency:
    return "latency";
  case Bound::Issue:
    return "issue";
  case Bound::Shared:
    return "shared";
  case Bound::L1:
    return "L1";
  case Bound::L2:
    return "L2";
  case Bound::DRAM:
    return "DRAM";
  case Bound::Uncoalesced:
    return "uncoalesced";
  case Bound::Atomic:
    return "atomic";
  case Bound::Launch:
    return "launch";
  }
  return "latency";
}

/// Warps per block of \p ThreadsPerBlock threads.
static double warpsPerBlock(const GpuTarget &T, uint64_t ThreadsPerBlock) {
  return std::ceil(static_cast<double>(ThreadsPerBlock) / T.WarpSize);
}

/// \p Warps held in the launch regression's range of warps.
static double fitWarps(const LaunchModel &L, double Warps) {
  return std::clamp(Warps, double(L.FitWarpsMin), double(L.FitWarpsMax));
}

double launchCycles(const GpuTarget &T, uint64_t Blocks,
                    uint64_t ThreadsPerBlock, std::string *Assumption) {
  const LaunchModel &L = T.Launch;
  double Warps = warpsPerBlock(T, ThreadsPerBlock);
  double Grid = static_cast<double>(Blocks);
  if (!L.inFitRange(Grid, Warps)) {
    // Outside the measured range the fit is held at its nearest edge
    // (docs/kernel-time.md): AMALi drops the grid term beyond its range too.
    double G = std::clamp(Grid, double(L.FitGridMin), double(L.FitGridMax));
    double W = fitWarps(L, Warps);
    // The blocks of a grid past the range are the dispatch floor's
    // (dispatchFloorCycles): a model of them, not an extrapolation, so a
    // grid that is only too large is not said.
    bool OnlyGridPastRange =
        L.FitGridMax > 0 && Grid > L.FitGridMax && L.inFitRange(G, Warps);
    if (Assumption && !OnlyGridPastRange)
      *Assumption =
          "launch overhead: grid " + std::to_string(Blocks) +
          (Blocks == 1 ? " block of " : " blocks of ") +
          std::to_string(unsigned(Warps)) +
          (unsigned(Warps) == 1 ? " warp" : " warps") +
          " is outside the regression's range (grid " +
          std::to_string(L.FitGridMin) + "-" + std::to_string(L.FitGridMax) +
          ", warps " + std::to_string(L.FitWarpsMin) + "-" +
          std::to_string(L.FitWarpsMax) + "): evaluated at the nearest edge";
    return L.cycles(G, W);
  }
  return L.cycles(Grid, Warps);
}

double dispatchFloorCycles(const GpuTarget &T, uint64_t Blocks,
                           uint64_t ThreadsPerBlock) {
  const LaunchModel &L = T.Launch;
  double Grid = static_cast<double>(Blocks);
  if (L.FitGridMax == 0 || Grid <= double(L.FitGridMax))
    return 0;
  double W = fitWarps(L, warpsPerBlock(T, ThreadsPerBlock));
  return std::max(0.0, L.slope(W)) * (Grid - double(L.FitGridMax));
}

std::array<uint64_t, 3> unlinearize(uint64_t Id,
                                    const std::array<uint64_t, 3> &Dim) {
  return {Id % Dim[0], (Id / Dim[0]) % Dim[1], Id / (Dim[0] * Dim[1])};
}

Rational toRational(uint64_t V) { return Rational(static_cast<int64_t>(V)); }

namespace {

/// \p E for a message: in full when short, else the symbols it depends on
/// (the launch's time is the kernel's with the launch's figures put in: a
/// few hundred characters that say less than their symbols).
std::string forMessage(const Expr &E) {
  constexpr size_t Longest = 160;
  std::string Text = E.str();
  if (Text.size() <= Longest)
    return Text;
  std::set<std::string> Symbols;
  E.collectSymbols(Symbols);
  std::string Of;
  for (const std::string &S : Symbols)
    Of += (Of.empty() ? "" : ", ") + S;
  return "an expression of " + Of;
}

} // namespace

Expected<double> evaluateAt(const Expr &E, const Bindings &B) {
  if (std::optional<Rational> V = E.evaluate(B))
    return V->toDouble();
  std::set<std::string> Symbols;
  E.collectSymbols(Symbols);
  std::string Missing;
  for (const std::string &S : Symbols)
    if (!B.count(S))
      Missing += (Missing.empty() ? "'" : ", '") + S + "'";
  if (Missing.empty())
    return createStringError(inconvertibleErrorCode(),
                             "cannot evaluate " + forMessage(E) +
                                 " (a division by zero?)");
  return createStringError(inconvertibleErrorCode(),
                           "no value for " + Missing + " in " + forMessage(E));
}

Bindings getLaunchSizeBindings(const LaunchShape &Shape) {
  Bindings B;
  static const char *Axis[] = {"x", "y", "z"};
  for (int D = 0; D < 3; ++D) {
    B[std::string("ntid.") + Axis[D]] = toRational(Shape.Block[D]);
    B[std::string("nctaid.") + Axis[D]] = toRational(Shape.Grid[D]);
  }
  return B;
}

namespace {

/// An error naming the symbols of a thread's time or delay that the launch
/// leaves without value: everything but the ids, the sizes and the
/// latencies (which the bandwidth iterations bind) must be bound by now.
/// The warp sampling evaluates these expressions with the latencies, and
/// an unbound symbol there counted as 0 (a device function's parameter
/// passed on through a recursive call, say).
Error checkBound(const KernelInputs &In, const LaunchShape &Shape) {
  Bindings Known = getLaunchSizeBindings(Shape);
  std::set<std::string> Symbols;
  In.Time.collectSymbols(Symbols);
  In.Delay.collectSymbols(Symbols);
  std::string Missing;
  for (const std::string &S : Symbols) {
    StringRef Name(S);
    // The sampling binds the ids, laneid and WARP_SZ per lane; the
    // bandwidth iterations bind the latencies.
    if (Known.count(S) || Name.starts_with("lat.") ||
        Name.starts_with("tid.") || Name.starts_with("ctaid.") ||
        Name == "laneid" || Name == "WARP_SZ")
      continue;
    Missing += (Missing.empty() ? "'" : ", '") + S + "'";
  }
  if (Missing.empty())
    return Error::success();
  return createStringError(inconvertibleErrorCode(), "no value for " + Missing +
                                                         " in the time " +
                                                         forMessage(In.Time));
}

/// The launch of a kernel, or of one of its fragments, on its own. A block
/// waits for its slot once, before its first fragment: \p SlotWait says
/// whether this part's blocks do (the whole kernel, its first fragment).
Expected<Prediction> predictWhole(const KernelInputs &In,
                                  const LaunchShape &Shape, const GpuTarget &T,
                                  const ClockSettings &Clocks, bool SlotWait) {
  Prediction P;
  uint64_t Blocks = Shape.Grid[0] * Shape.Grid[1] * Shape.Grid[2];
  uint64_t Threads = Shape.Block[0] * Shape.Block[1] * Shape.Block[2];
  if (Blocks == 0 || Threads == 0 || Shape.BlocksPerSM == 0)
    return createStringError(inconvertibleErrorCode(),
                             "empty launch or no resident block");
  if (Error E = checkBound(In, Shape))
    return E;
  uint64_t PerWave = uint64_t(Shape.BlocksPerSM) * T.SmCount;
  uint64_t FullWaves = Blocks / PerWave;
  uint64_t Rest = Blocks % PerWave;
  P.FullWaves = static_cast<unsigned>(FullWaves);
  P.SmClockMHz = Clocks.SmMHz;
  P.Waves = double(FullWaves) + double(Rest) / double(PerWave);

  double Turnaround = SlotWait ? T.Launch.BlockTurnaroundCycles : 0;
  WaveSolver Solver(In, Shape, T, Clocks, Turnaround);
  double ExecCycles = 0;
  std::array<double, NumTraffic> Traffic = {};
  // With many waves the block scheduler's refilling evens out blocks of
  // different lengths: the full waves are as many waves of their mean
  // block. With few, a long block holds its SM to the end: each wave is
  // its own, with the envelope of its blocks.
  const uint64_t RefilledFrom = 4;
  std::optional<Bound> LongestBlockBinds;
  if (FullWaves >= RefilledFrom) {
    Expected<WaveResult> WR =
        Solver.solveRefilled(FullWaves * PerWave, PerWave);
    if (!WR)
      return WR.takeError();
    // The mean spreads a long block's work over every slot; the launch
    // still cannot end before its longest block, alone on an SM, does.
    // The first wave's slots need no refill.
    double Waves =
        WR->Time.Cycles * double(FullWaves - 1) + WR->FirstWaveCycles;
    ExecCycles += std::max(Waves, WR->LongestBlockCycles);
    for (unsigned K = 0; K != NumTraffic; ++K)
      Traffic[K] += WR->GpuTraffic[K] * double(FullWaves);
    P.WaveTimes.push_back(WR->Time);
    if (WR->LongestBlockCycles > Waves) {
      LongestBlockBinds = WR->LongestBlockBound;
      P.Assumptions.push_back(
          formatv("the full waves take their longest block's time, {0:F1} "
                  "cycles alone on an SM, more than their mean blocks' {1:F1}",
                  WR->LongestBlockCycles, Waves)
              .str());
    }
    P.Assumptions.push_back(
        std::to_string(FullWaves) +
        " full waves, their slots refilled as blocks retire: modelled as "
        "waves of their mean block, over " +
        std::to_string(Solver.refilledKinds()[0]) + " x " +
        std::to_string(Solver.refilledKinds()[1]) + " x " +
        std::to_string(Solver.refilledKinds()[2]) +
        " kinds of ctaid.x, .y and .z values");
  } else {
    for (uint64_t W = 0; W != FullWaves; ++W) {
      Expected<WaveResult> WR =
          Solver.solve(W * PerWave, PerWave, /*Refilled=*/W > 0);
      if (!WR)
        return WR.takeError();
      ExecCycles += WR->Time.Cycles;
      for (unsigned K = 0; K != NumTraffic; ++K)
        Traffic[K] += WR->GpuTraffic[K];
      if (W == 0)
        P.WaveTimes.push_back(WR->Time);
    }
  }
  if (Rest) {
    Expected<WaveResult> WR =
        Solver.solve(FullWaves * PerWave, Rest, /*Refilled=*/FullWaves > 0);
    if (!WR)
      return WR.takeError();
    ExecCycles += WR->Time.Cycles;
    for (unsigned K = 0; K != NumTraffic; ++K)
      Traffic[K] += WR->GpuTraffic[K];
    P.WaveTimes.push_back(WR->Time);
  }
  for (const std::string &A : Solver.assumptions())
    P.Assumptions.push_back(A);
  if (Turnaround > 0 && Blocks > PerWave)
    P.Assumptions.push_back(
        formatv("block turnaround: each wave after the first waits {0:F1} "
                "cycles for its block slots to be refilled "
                "(launch.block_turnaround_cycles)",
                Turnaround)
            .str());

  // The launch's bound is its longest wave's.
  const WaveTime *Longest = &P.WaveTimes.front();
  for (const WaveTime &W : P.WaveTimes)
    if (W.Cycles > Longest->Cycles)
      Longest = &W;
  P.B = Longest->B;
  if (LongestBlockBinds)
    P.B = *LongestBlockBinds;
  P.ExecBound = P.B;
  P.ThreadTimeCycles = Solver.mainThreadTime();
  P.ThreadDelayCycles = Solver.mainThreadDelay();
  P.ThreadBarriers = Solver.mainThreadBarriers();
  P.GlobalBytes = Traffic[TrafficGlobal];
  P.L2Bytes = Traffic[TrafficSectorMissL1];
  P.DramBytes = Traffic[TrafficSectorMissL2];
  P.SharedBytes = Traffic[TrafficShared];
  P.UncoalescedBytes = Traffic[TrafficUncoalesced];
  P.L1HitBytes = Traffic[TrafficL1Hit];
  P.L1PendingHitBytes = Traffic[TrafficL1PendingHit];
  P.L2HitBytes = Traffic[TrafficL2Hit];
  double Stage = std::max(Traffic[TrafficL1Tag], Traffic[TrafficL1Data]);
  if (Stage > Traffic[TrafficSector] && T.L1.BytesPerClkPerSM > 0) {
    P.L1StageIsData = Traffic[TrafficL1Data] >= Traffic[TrafficL1Tag];
    P.L1StageCycles = Stage / double(Blocks) * P.WaveTimes.front().BlocksOnSM /
                      T.L1.BytesPerClkPerSM;
  }
  P.L1GBs = Solver.levelGBs(Bound::L1);
  P.SharedGBs = Solver.levelGBs(Bound::Shared);
  P.L2GBs = Solver.levelGBs(Bound::L2);
  P.DramGBs = Solver.levelGBs(Bound::DRAM);

  // Atomics on one address run one after another in the L2 slice that
  // holds it, whatever the waves overlap: their cycles are a floor.
  P.HotAtomics = Traffic[TrafficHotAtomics];
  if (P.HotAtomics > 0 && T.L2SameAddressAtomicCycles > 0) {
    P.AtomicCycles = P.HotAtomics * T.L2SameAddressAtomicCycles;
    if (P.AtomicCycles > ExecCycles) {
      ExecCycles = P.AtomicCycles;
      P.B = P.ExecBound = Bound::Atomic;
    }
  } else if (P.HotAtomics > 0) {
    P.Assumptions.push_back(
        "the target gives no memory.l2.same_address_atomic_cycles: atomics "
        "on one address are not serialised");
  }

  std::string LaunchNote;
  double Launch = launchCycles(T, Blocks, Threads, &LaunchNote);
  if (!LaunchNote.empty())
    P.Assumptions.push_back(LaunchNote);
  // Launch cycles are the regression's, at the target's own clock.
  P.LaunchNs = T.cyclesToNs(Launch);
  P.ExecNs = ExecCycles * 1e3 / Clocks.SmMHz;
  P.Ns = P.LaunchNs + P.ExecNs;
  if (P.LaunchNs > P.ExecNs)
    P.B = Bound::Launch;
  return P;
}

} // namespace

namespace {

/// The GPU dispatches a launch's blocks one after another at the launch
/// regression's per-block rate (its slope): AMALi measured it on empty
/// kernels of up to 2048 blocks, where it is the whole time beyond the
/// intercept. The blocks beyond that range are dispatched while the
/// earlier ones run, so their dispatch is a floor under the execution, not
/// a term added to it (docs/kernel-time.md, "Launch overhead"); RRZE's
/// back-to-back small kernels show the rate holding to 10^5 and more blocks
/// of one and two warps.
void applyDispatchFloor(Prediction &P, const LaunchShape &Shape,
                        const GpuTarget &T) {
  uint64_t Blocks = Shape.Grid[0] * Shape.Grid[1] * Shape.Grid[2];
  uint64_t Threads = Shape.Block[0] * Shape.Block[1] * Shape.Block[2];
  P.DispatchNs = T.cyclesToNs(dispatchFloorCycles(T, Blocks, Threads));
  P.DispatchBlocks = P.DispatchNs > 0 ? Blocks - T.Launch.FitGridMax : 0;
  // Written so that a NaN execution time stays NaN (and is refused later).
  if (!(P.DispatchNs > P.ExecNs))
    return;
  P.Assumptions.push_back(
      formatv("block dispatch: the {0} {1} past the launch regression's "
              "range {2} {3:F3} us at its per-block rate, more than the "
              "execution's {4:F3} us",
              P.DispatchBlocks, P.DispatchBlocks == 1 ? "block" : "blocks",
              P.DispatchBlocks == 1 ? "takes" : "take", P.DispatchNs / 1e3,
              P.ExecNs / 1e3)
          .str());
  P.DispatchRaised = true;
  P.ExecNs = P.DispatchNs;
  P.ExecBound = Bound::Launch;
  P.Ns = P.LaunchNs + P.ExecNs;
  P.B = Bound::Launch;
}

/// The fragments whose times the fragments' Assumption lists one by one;
/// the rest it gives as one sum, so that the remark stays short.
static constexpr size_t ListedFragments = 3;

/// The launch's prediction before the dispatch floor: the whole kernel's,
/// blended with its barrier fragments' where it has some.
Expected<Prediction> predictWithFragments(const KernelInputs &In,
                                          const LaunchShape &Shape,
                                          const GpuTarget &T,
                                          const ClockSettings &Clocks) {
  Expected<Prediction> P = predictWhole(In, Shape, T, Clocks, true);
  if (!P || In.Fragments.empty())
    return P;
  // Max-plus paper: a block runs the fragments between its barriers strictly in
  // sequence, each bound on its own (their sum); the whole kernel's waves
  // overlap them. The other blocks on the SM fill the gaps of one block's
  // sequence: with B of them the sequence adds 1/B of what it costs over
  // the overlapped time (docs/kernel-time.md, "Barrier fragments"). The
  // blend is of whole launches (each fragment's waves, refilled or not,
  // as predictWhole takes them) and, for the output, of each listed wave.
  // Other blocks cannot shorten a block's own chain: a wave lasts at least
  // its fragments' longest warps in sequence, so that a block more on the
  // SM never makes the wave shorter.
  std::vector<double> SumCycles(P->WaveTimes.size());
  std::vector<double> ChainCycles(P->WaveTimes.size());
  std::vector<std::string> FirstWave; // the first listed wave's times
  double FirstWaveRest = 0;           // those past the ones listed
  double SumNs = 0;
  for (const KernelInputs &Part : In.Fragments) {
    Expected<Prediction> PP =
        predictWhole(Part, Shape, T, Clocks, &Part == &In.Fragments.front());
    if (!PP)
      return PP.takeError();
    SumNs += PP->ExecNs;
    for (size_t I = 0; I < SumCycles.size() && I < PP->WaveTimes.size(); ++I) {
      SumCycles[I] += PP->WaveTimes[I].Cycles;
      ChainCycles[I] += PP->WaveTimes[I].LatencyCycles;
    }
    if (!PP->WaveTimes.empty()) {
      if (FirstWave.size() < ListedFragments)
        FirstWave.push_back(formatv("{0:F1} ({1})", PP->WaveTimes[0].Cycles,
                                    getBoundName(PP->WaveTimes[0].B))
                                .str());
      else
        FirstWaveRest += PP->WaveTimes[0].Cycles;
    }
  }
  auto Blend = [](double Overlapped, double Sequence, unsigned Blocks) {
    return Overlapped +
           std::max(0.0, Sequence - Overlapped) / std::max(1u, Blocks);
  };
  // The blocks on an SM: the full waves' (occupancy) if there are any.
  const WaveTime &First = P->WaveTimes.front();
  std::string Listed = join(FirstWave, " + ");
  if (In.Fragments.size() > ListedFragments)
    Listed += formatv(" + {0} more ({1:F1})",
                      In.Fragments.size() - ListedFragments, FirstWaveRest)
                  .str();
  P->Assumptions.push_back(
      formatv("{0} barrier fragments in sequence: first wave ({4} blocks) "
              "{1} cycles, {2:F1} overlapped; {3} blocks per SM add 1/{3} of "
              "the excess",
              In.Fragments.size(), Listed, First.Cycles, First.BlocksOnSM,
              First.Blocks)
          .str());
  double LongestChain = 0;
  for (size_t I = 0; I < SumCycles.size(); ++I) {
    WaveTime &W = P->WaveTimes[I];
    double Blended = Blend(W.Cycles, SumCycles[I], W.BlocksOnSM);
    if (ChainCycles[I] > Blended)
      P->Assumptions.push_back(
          formatv("a block's fragments take {0:F1} cycles in sequence (their "
                  "longest warps), more than the blend's {1:F1} with {2} "
                  "blocks on the SM: the wave takes the chain",
                  ChainCycles[I], Blended, W.BlocksOnSM)
              .str());
    W.Cycles = std::max(Blended, ChainCycles[I]);
    LongestChain = std::max(LongestChain, ChainCycles[I]);
  }
  // The launch cannot end before its longest chain does.
  P->ExecNs = std::max(Blend(P->ExecNs, SumNs, First.BlocksOnSM),
                       LongestChain * 1e3 / Clocks.SmMHz);
  P->Ns = P->LaunchNs + P->ExecNs;
  P->B = P->LaunchNs > P->ExecNs ? Bound::Launch : P->ExecBound;
  return P;
}

} // namespace

Expected<Prediction> predictLaunch(const KernelInputs &In,
                                   const LaunchShape &Shape, const GpuTarget &T,
                                   const ClockSettings &Clocks) {
  Expected<Prediction> P = predictWithFragments(In, Shape, T, Clocks);
  if (P)
    applyDispatchFloor(*P, Shape, T);
  return P;
}

} // namespace ktime

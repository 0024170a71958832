//===- WaveSolver.cpp - One wave, with the bandwidth iterations -----------===//
//
// time_SM(lat) is the busiest SM's time at given level latencies. For each
// level X in turn (L1 and shared memory per SM, then L2 and DRAM for the
// whole GPU) the wave asks D_X bytes of a level that moves C_X bytes per
// cycle, so the wave cannot take less than D_X / C_X cycles. When time_SM
// is shorter, the level's latency is raised until it is not: time_SM is
// non-decreasing and continuous in every latency (sums and maxima of terms
// with non-negative coefficients), so bisection finds the smallest raise.
// Raising a later level's latency can only lengthen time_SM, so every
// earlier level stays satisfied: after the last level all hold at once
// (docs/kernel-time.md gives this argument and the reasons for the order). A
// level whose latency the kernel's time does not depend on (issue-bound code)
// cannot be satisfied by waiting: the wave then takes D_X / C_X.
//
//===----------------------------------------------------------------------===//
#include "GPUModelImpl.h"
#include "KernelTime/Cost.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace ktime {

namespace {

double evalOr(const Expr &E, const Bindings &B, double Default) {
  std::optional<Rational> V = E.evaluate(B);
  return V ? V->toDouble() : Default;
}

} // namespace

WaveSolver::WaveSolver(const KernelInputs &In, const LaunchShape &Shape,
                       const GpuTarget &T, const ClockSettings &Clocks,
                       double TurnaroundCycles)
    : Compiled(In), Shape(Shape), T(T), Turnaround(TurnaroundCycles) {
  // On-chip latencies are cycles; DRAM's are nanoseconds, so they scale
  // with an overridden SM clock (docs/kernel-time.md).
  double SmScale = Clocks.SmMHz / T.SmClockMHz;
  Base.L1 = T.L1.Latency;
  Base.L2 = T.L2.Latency;
  Base.DRAM = T.DRAM.Latency * SmScale;
  Base.Uncoalesced = T.Uncoalesced.Latency * SmScale;
  Base.Shared = T.Shared.Latency;
  Fixed[getLatencySymbol(MemSpace::Local).str()] =
      Rational::fromDouble(T.Local.Latency);
  Fixed[getLatencySymbol(MemSpace::Constant).str()] =
      Rational::fromDouble(T.Constant.Latency);
  Fixed[getLatencySymbol(MemSpace::Param).str()] =
      Rational::fromDouble(T.Constant.Latency);
  // Hong & Kim's departure delay between warps at a barrier, from the
  // target's uncoalesced and DRAM latencies (docs/kernel-time.md).
  DelayDep = std::max(0.0, (Base.Uncoalesced - Base.DRAM) / 28.0);
  uint64_t Threads = Shape.Block[0] * Shape.Block[1] * Shape.Block[2];
  WarpsPerBlock =
      static_cast<unsigned>((Threads + T.WarpSize - 1) / T.WarpSize);
  // Bytes per SM cycle: L1 and shared per SM; L2 and DRAM for the GPU,
  // DRAM scaled by an overridden memory clock.
  L1BytesPerClk = T.L1.BytesPerClkPerSM;
  SharedBytesPerClk = T.Shared.BytesPerClkPerSM;
  L2BytesPerClk = T.L2.BandwidthGBs * 1e3 / Clocks.SmMHz;
  DRAMBytesPerClk = T.DRAM.BandwidthGBs * (Clocks.MemMHz / T.MemClockMHz) *
                    1e3 / Clocks.SmMHz;
  SmMHz = Clocks.SmMHz;
}

double WaveSolver::levelGBs(Bound Level) const {
  // Per SM for L1 and shared, for the GPU for L2 and DRAM.
  switch (Level) {
  case Bound::L1:
    return L1BytesPerClk * T.SmCount * SmMHz / 1e3;
  case Bound::Shared:
    return SharedBytesPerClk * T.SmCount * SmMHz / 1e3;
  case Bound::L2:
    return L2BytesPerClk * SmMHz / 1e3;
  case Bound::DRAM:
    return DRAMBytesPerClk * SmMHz / 1e3;
  default:
    return 0;
  }
}

Expected<const BlockSample *>
WaveSolver::cachedSample(std::map<uint64_t, BlockSample> &Cache,
                         uint64_t BlockId, bool EdgeWarpsOnly) {
  auto It = Cache.find(BlockId);
  if (It == Cache.end()) {
    Expected<BlockSample> S =
        sampleBlock(Compiled, Shape, BlockId, T.WarpSize, EdgeWarpsOnly);
    if (!S)
      return S.takeError();
    It = Cache.emplace(BlockId, std::move(*S)).first;
  }
  return &It->second;
}

Expected<const BlockSample *> WaveSolver::sample(uint64_t BlockId) {
  return cachedSample(Samples, BlockId, /*EdgeWarpsOnly=*/false);
}

Expected<const BlockTraffic *> WaveSolver::trafficSample(uint64_t BlockId) {
  auto It = TrafficSamples.find(BlockId);
  if (It == TrafficSamples.end()) {
    Expected<BlockTraffic> S =
        sampleBlockTraffic(Compiled, Shape, BlockId, T.WarpSize);
    if (!S)
      return S.takeError();
    It = TrafficSamples.emplace(BlockId, std::move(*S)).first;
  }
  return &It->second;
}

Expected<const BlockSample *> WaveSolver::edgeSample(uint64_t BlockId) {
  if (WarpsPerBlock <= 2)
    return sample(BlockId);
  return cachedSample(EdgeSamples, BlockId, /*EdgeWarpsOnly=*/true);
}

double
WaveSolver::meanGlobalLatency(const Latencies &L,
                              const std::array<double, NumTraffic> &Tr) const {
  double Global = Tr[TrafficGlobal];
  if (Global <= 0)
    return L.DRAM;
  double Uncoal = std::clamp(Tr[TrafficUncoalesced] / Global, 0.0, 1.0);
  // Uncoalesced requests whose sectors are all in L1 wait for the L1. The
  // shares in the coalesced requests' mix are the paper's, of all bytes.
  double UncoalHit =
      std::clamp(Tr[TrafficUncoalescedL1Hit] / Global, 0.0, Uncoal);
  double L1 = std::clamp(Tr[TrafficL1Hit] / Global, 0.0, 1.0);
  double L2 = std::clamp(Tr[TrafficL2Hit] / Global, 0.0, 1.0 - L1);
  double Dram = 1.0 - L1 - L2;
  // Hits on lines the same iteration's requests are still fetching wait
  // for that fill: the misses' latency (theirs at L2 and DRAM).
  double Pending = std::clamp(Tr[TrafficL1PendingHit] / Global, 0.0, L1);
  double Fill =
      L2 + Dram > 0 ? (L2 * L.L2 + Dram * L.DRAM) / (L2 + Dram) : L.L1;
  return (1.0 - Uncoal) * ((L1 - Pending) * L.L1 + Pending * Fill + L2 * L.L2 +
                           Dram * L.DRAM) +
         (Uncoal - UncoalHit) * L.Uncoalesced + UncoalHit * L.L1;
}

WaveSolver::SMTime
WaveSolver::smTime(const std::vector<Weighted> &Blocks, unsigned BlocksOnSM,
                   const Latencies &L,
                   const std::array<double, NumTraffic> &SMTraffic, bool Mean,
                   double Slot) const {
  Bindings B = Fixed;
  B[getLatencySymbol(MemSpace::Global).str()] =
      Rational::fromDouble(meanGlobalLatency(L, SMTraffic));
  B[getLatencySymbol(MemSpace::Shared).str()] = Rational::fromDouble(L.Shared);
  // Per warp of a block: its longest lane's time and delay in each sampled
  // block, and over the samples their largest (Mean: their weighted mean).
  std::vector<double> WarpTime(WarpsPerBlock, 0), WarpDelay(WarpsPerBlock, 0),
      WarpSync(WarpsPerBlock, 0);
  double Total = 0;
  for (const Weighted &S : Blocks)
    Total += S.Weight;
  for (const auto &[S, Weight] : Blocks) {
    auto Combine = [&, Weight = Weight](double &Into, double V) {
      Into = Mean ? Into + V * Weight / Total : std::max(Into, V);
    };
    for (unsigned W = 0; W != S->Warps.size() && W != WarpsPerBlock; ++W) {
      const WarpSample &WS = S->Warps[W];
      double Time = 0, Delay = 0;
      for (size_t I = 0; I != WS.Times.size(); ++I) {
        Time = std::max(Time, evalOr(WS.Times[I], B, 0));
        Delay = std::max(Delay, evalOr(WS.Delays[I], B, 0));
      }
      Combine(WarpTime[W], Time);
      Combine(WarpDelay[W], Delay);
      // time_sync = syncs x delay_dep x (warps per block - 1).
      Combine(WarpSync[W], WS.Barriers * DelayDep * double(WarpsPerBlock - 1));
    }
  }
  // Warps go round-robin to the processing blocks.
  unsigned PBs = std::max(1u, T.ProcessingBlocks);
  std::vector<double> PBLat(PBs, 0), PBIssue(PBs, 0);
  SMTime R{0, 0, 0, 0, 0};
  uint64_t Warps = uint64_t(BlocksOnSM) * WarpsPerBlock;
  for (uint64_t J = 0; J != Warps; ++J) {
    unsigned W = static_cast<unsigned>(J % WarpsPerBlock);
    unsigned P = static_cast<unsigned>(J % PBs);
    // A block's warps start once its slot is refilled (Slot): that wait
    // holds the slot, not the processing block's issue.
    double TimeWP = WarpTime[W] + WarpSync[W] + Slot;
    if (TimeWP > R.Latency) {
      R.Latency = TimeWP;
      R.Sync = WarpSync[W];
      R.Longest = W;
    }
    PBLat[P] = std::max(PBLat[P], TimeWP);
    PBIssue[P] += WarpDelay[W];
  }
  for (unsigned P = 0; P != PBs; ++P) {
    R.Cycles = std::max(R.Cycles, std::max(PBLat[P], PBIssue[P]));
    R.Issue = std::max(R.Issue, PBIssue[P]);
  }
  return R;
}

Expected<WaveResult> WaveSolver::solve(uint64_t FirstBlock, uint64_t NBlocks,
                                       bool Refilled) {
  // Three samples: the wave's first, middle and last block. Times take the
  // envelope of all three (the wave ends with its longest block); traffic
  // is the sum over all the wave's blocks.
  uint64_t Last = FirstBlock + NBlocks - 1;
  uint64_t Middle = FirstBlock + (NBlocks - 1) / 2;
  std::vector<Weighted> Blocks;
  for (uint64_t Id : {FirstBlock, Middle, Last}) {
    Expected<const BlockSample *> S = sample(Id);
    if (!S)
      return S.takeError();
    if (none_of(Blocks, [&](const Weighted &B) { return B.S == *S; }))
      Blocks.push_back({*S, 1});
  }
  Expected<std::array<double, NumTraffic>> Traffic =
      rangeTraffic(FirstBlock, NBlocks);
  if (!Traffic)
    return Traffic.takeError();
  return solveLevels(Blocks, /*Mean=*/false, NBlocks, *Traffic,
                     *Blocks.front().S, Refilled ? Turnaround : 0);
}

Expected<WaveResult> WaveSolver::solveRefilled(uint64_t FullBlocks,
                                               uint64_t NBlocks) {
  // The full waves' blocks, as a box of the grid: whole planes of ctaid.z,
  // else whole rows of ctaid.y, else the first part of a row. The box's
  // last plane (row) may be partly the partial wave's: its values weigh
  // only the full waves' share of it.
  const std::array<uint64_t, 3> &G = Shape.Grid;
  uint64_t Plane = G[0] * G[1];
  std::array<uint64_t, 3> Box = {FullBlocks, 1, 1};
  unsigned Outer = 0;
  double LastShare = 1;
  if (FullBlocks > Plane) {
    Box = {G[0], G[1], (FullBlocks + Plane - 1) / Plane};
    Outer = 2;
    LastShare = double(FullBlocks - (Box[2] - 1) * Plane) / double(Plane);
  } else if (FullBlocks > G[0]) {
    Box = {G[0], (FullBlocks + G[0] - 1) / G[0], 1};
    Outer = 1;
    LastShare = double(FullBlocks - (Box[1] - 1) * G[0]) / double(G[0]);
  }
  auto Id = [&](const std::array<uint64_t, 3> &C) {
    return C[0] + G[0] * (C[1] + G[1] * C[2]);
  };
  // The blocks sampled are the product of the kinds' first values (a
  // rectangle of running blocks: 2 x 2 kinds, or 3 with the row where a
  // guard cuts the block).
  Expected<std::array<AxisKinds, 3>> BoxKinds =
      boxKinds(Box, /*ByTraffic=*/false);
  if (!BoxKinds)
    return BoxKinds.takeError();
  std::array<std::vector<SpreadPoint>, 3> Kinds;
  for (unsigned D = 0; D != 3; ++D)
    Kinds[D] = std::move((*BoxKinds)[D].Kinds);
  Kinds[Outer][(*BoxKinds)[Outer].Points.back().second].Weight -= 1 - LastShare;
  // Equal samples are solved once, with their weights summed.
  std::vector<Weighted> Blocks;
  for (const SpreadPoint &Z : Kinds[2])
    for (const SpreadPoint &Y : Kinds[1])
      for (const SpreadPoint &X : Kinds[0]) {
        Expected<const BlockSample *> S =
            sample(Id({X.Value, Y.Value, Z.Value}));
        if (!S)
          return S.takeError();
        double Weight = X.Weight * Y.Weight * Z.Weight;
        auto Same = find_if(Blocks, [&](const Weighted &B) {
          return B.S == *S || sameSample(*B.S, **S);
        });
        if (Same != Blocks.end())
          Same->Weight += Weight;
        else
          Blocks.push_back({*S, Weight});
      }
  RefilledKinds = {Kinds[0].size(), Kinds[1].size(), Kinds[2].size()};
  // A wave's traffic is a full wave's share of the full waves' blocks'.
  Expected<std::array<double, NumTraffic>> Traffic =
      rangeTraffic(0, FullBlocks);
  if (!Traffic)
    return Traffic.takeError();
  for (double &Bytes : *Traffic)
    Bytes *= double(NBlocks) / double(FullBlocks);
  // The main thread the report shows is the launch's first block's.
  Expected<const BlockSample *> First = sample(0);
  if (!First)
    return First.takeError();
  return solveLevels(Blocks, /*Mean=*/true, NBlocks, *Traffic, **First,
                     Turnaround);
}

WaveResult
WaveSolver::solveLevels(const std::vector<Weighted> &Blocks, bool Mean,
                        uint64_t NBlocks,
                        const std::array<double, NumTraffic> &GpuTraffic,
                        const BlockSample &MainBlock, double Slot) {
  WaveResult R;
  unsigned BlocksOnSM =
      static_cast<unsigned>((NBlocks + T.SmCount - 1) / T.SmCount);
  R.Time.Blocks = NBlocks;
  R.Time.BlocksOnSM = BlocksOnSM;
  R.GpuTraffic = GpuTraffic;
  std::array<double, NumTraffic> SM = {};
  for (unsigned K = 0; K != NumTraffic; ++K)
    SM[K] = R.GpuTraffic[K] / double(NBlocks) * BlocksOnSM;

  Latencies L = Base;
  auto Time = [&](const Latencies &X) {
    return smTime(Blocks, BlocksOnSM, X, SM, Mean, Slot).Cycles;
  };
  struct Level {
    Bound B;
    double Demand, BytesPerClk;
    double Latencies::*Lat;
  };
  Level Levels[] = {
      {Bound::L1, SM[TrafficSector], L1BytesPerClk, &Latencies::L1},
      {Bound::L1, SM[TrafficL1Tag], L1BytesPerClk, &Latencies::L1},
      {Bound::L1, SM[TrafficL1Data], L1BytesPerClk, &Latencies::L1},
      {Bound::Shared, SM[TrafficShared], SharedBytesPerClk, &Latencies::Shared},
      {Bound::L2, R.GpuTraffic[TrafficSectorMissL1], L2BytesPerClk,
       &Latencies::L2},
      {Bound::DRAM, R.GpuTraffic[TrafficSectorMissL2], DRAMBytesPerClk,
       &Latencies::DRAM},
  };
  double Floor = 0;
  // The levels' own floors: a wave takes at least Demand / BytesPerClk.
  double Needs = 0;
  std::optional<Bound> Binding;
  double BindingNeed = 0;
  for (const Level &Lv : Levels) {
    if (Lv.Demand <= 0 || Lv.BytesPerClk <= 0)
      continue;
    double Need = Lv.Demand / Lv.BytesPerClk;
    Needs = std::max(Needs, Need);
    if (Time(L) >= Need)
      continue;
    // Raise the level's latency (DRAM's raise carries the uncoalesced
    // latency with it: those requests wait in the same queue).
    auto With = [&](double Raise) {
      Latencies X = L;
      X.*Lv.Lat += Raise;
      if (Lv.Lat == &Latencies::DRAM)
        X.Uncoalesced += Raise;
      return X;
    };
    double Hi = std::max(1.0, Need);
    while (Time(With(Hi)) < Need && Hi < 1e12)
      Hi *= 2;
    if (Time(With(Hi)) < Need) {
      // The time does not depend on this level's latency.
      Floor = std::max(Floor, Need);
    } else {
      double Lo = 0;
      for (int I = 0; I != 100 && Hi - Lo > 1e-9 * std::max(1.0, Hi); ++I) {
        double Mid = (Lo + Hi) / 2;
        (Time(With(Mid)) >= Need ? Hi : Lo) = Mid;
      }
      L = With(Hi);
    }
    if (Need >= BindingNeed) {
      Binding = Lv.B;
      BindingNeed = Need;
    }
  }
  SMTime Final = smTime(Blocks, BlocksOnSM, L, SM, Mean, Slot);
  // A block alone on an SM, at the levels' own latencies: the raises above
  // make the mean blocks' wave fit the bandwidths, and say nothing of one
  // block's wait.
  if (Mean)
    for (const Weighted &B : Blocks) {
      SMTime Alone =
          smTime({B}, /*BlocksOnSM=*/1, Base, SM, /*Mean=*/false, /*Slot=*/0);
      if (Alone.Cycles > R.LongestBlockCycles) {
        R.LongestBlockCycles = Alone.Cycles;
        R.LongestBlockBound =
            Alone.Issue >= Alone.Latency ? Bound::Issue : Bound::Latency;
      }
    }
  R.Time.Cycles = std::max(Final.Cycles, Floor);
  R.Time.TurnaroundCycles = Slot;
  // The refilled mean wave as the first of the full waves: no slot to
  // wait for, and the bandwidths still to be met. Other waves never stand
  // for the first, so they skip this evaluation.
  R.FirstWaveCycles =
      Mean && Slot > 0
          ? std::max(smTime(Blocks, BlocksOnSM, L, SM, Mean, 0).Cycles,
                     std::max(Floor, Needs))
          : R.Time.Cycles;
  R.Time.LatencyCycles = Final.Latency;
  R.Time.IssueCycles = Final.Issue;
  R.Time.SyncCycles = Final.Sync;
  R.Time.LatGlobal = meanGlobalLatency(L, SM);
  if (Binding) {
    R.Time.B = *Binding;
    if (*Binding == Bound::DRAM && SM[TrafficGlobal] > 0 &&
        SM[TrafficUncoalesced] > SM[TrafficGlobal] / 2)
      R.Time.B = Bound::Uncoalesced;
  } else {
    R.Time.B = Final.Issue >= Final.Latency ? Bound::Issue : Bound::Latency;
  }
  if (!HaveMain) {
    HaveMain = true;
    const WarpSample &W =
        MainBlock
            .Warps[std::min<size_t>(Final.Longest, MainBlock.Warps.size() - 1)];
    Bindings B = Fixed;
    B[getLatencySymbol(MemSpace::Global).str()] =
        Rational::fromDouble(R.Time.LatGlobal);
    B[getLatencySymbol(MemSpace::Shared).str()] =
        Rational::fromDouble(L.Shared);
    MainTime = evalOr(W.Times.front(), B, 0);
    MainDelay = evalOr(W.Delays.front(), B, 0);
    MainBarriers = W.Barriers;
  }
  return R;
}

} // namespace ktime

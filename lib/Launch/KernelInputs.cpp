//===- KernelInputs.cpp - The per-thread facts a launch prediction needs --===//
//
// Traffic per thread (docs/kernel-time.md, "Inputs of one launch"): for each
// access of the Memory stage, executions per thread (the trip counts of the
// loops around it, inner counts taken at the outer loops' mean iteration as
// the Thread stage does) times the fraction of the warp's lanes that reach
// it (the active fractions of the branches whose edges lead to it), times
// the access's bytes; L1 and L2 hits from estimateHits (or -ktime-hits);
// at the L1, the sectors a request moves, or a cycle per lane for a load
// whose lanes all read one bank of the L1's data array.
//
//===----------------------------------------------------------------------===//
#include "KernelInputs.h"
#include "KernelTime/Cost.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

#include <cmath>

using namespace llvm;

namespace ktime {

Bindings constantBindings(const std::map<std::string, Expr> &Exprs) {
  Bindings Values;
  for (auto &[Name, E] : Exprs)
    if (std::optional<Rational> C = E.getConstant())
      Values[Name] = *C;
  return Values;
}

std::map<std::string, Expr>
launchSubst(const std::map<std::string, Expr> &Params,
            const LaunchShape &Shape) {
  std::map<std::string, Expr> Subst = Params;
  for (auto &[Name, V] : getLaunchSizeBindings(Shape))
    Subst[Name] = Expr::constant(V);
  return Subst;
}

void collectSymbols(const KernelInputs &In, std::set<std::string> &Symbols) {
  for (const Expr *E :
       {&In.Time, &In.Delay, &In.Barriers, &In.GlobalBytes,
        &In.UncoalescedBytes, &In.L1HitBytes, &In.L2HitBytes, &In.SectorBytes,
        &In.SectorBytesMissingL1, &In.SectorBytesMissingL2, &In.SharedBytes,
        &In.HotAtomics, &In.UncoalescedL1HitBytes, &In.L1TagBytes,
        &In.L1DataBytes, &In.L1PendingHitBytes})
    E->collectSymbols(Symbols);
  for (const KernelInputs &Fragment : In.Fragments)
    collectSymbols(Fragment, Symbols);
}

namespace {

/// The share of an execution of atomic \p A that lands on the launch's
/// most-updated address: 1 / its distinct addresses (updates spread
/// evenly), 0 when those are not known (said in \p Assumptions).
Rational hotShare(const AccessInfo &A, const AtomicSite &S,
                  const std::map<std::string, Expr> &Subst,
                  std::vector<std::string> &Assumptions) {
  if (std::optional<Rational> D = distinctAtomicAddresses(A, S, Subst))
    return Rational(1) / *D;
  std::string Where =
      S.LineAlias.empty() ? S.Symbol : S.Symbol + " (" + S.LineAlias + ")";
  std::string Text = "global atomic " + Where +
                     ": its addresses are not counted (data-dependent, or "
                     "ids not followed); taken as all different, none "
                     "serialised (bind " +
                     S.Symbol + "=N for N addresses)";
  // An unrolled atomic's copies say it once.
  if (llvm::find(Assumptions, Text) == Assumptions.end())
    Assumptions.push_back(std::move(Text));
  return Rational(0);
}

/// Bytes per thread the L1's data stage costs for load \p A beyond the
/// sectors it moves, at the L1's bytes per clock: a request whose lanes all
/// read one bank (lanesShareOneBank) takes a cycle per lane (docs/memory.md,
/// "Row walks"). 0 for other requests, and for loads the L1 does not cache
/// (their path through the L1 is not modelled).
Rational dataStageExtraBytes(const AccessInfo &A, const GpuTarget &T,
                             const std::map<std::string, Expr> &Subst) {
  if (!A.IsLoad || A.IsAtomic || !l1CachesAccess(A, T) ||
      !lanesShareOneBank(A, Subst))
    return Rational(0);
  // ActiveLanes cycles over ActiveLanes threads.
  Rational Stage = Rational::fromDouble(T.L1.BytesPerClkPerSM);
  return Stage > A.TransferredBytesPerThread
             ? Stage - A.TransferredBytesPerThread
             : Rational(0);
}

/// What load or store \p A costs the L1 per thread, in bytes at the L1's
/// bytes per clock: the bytes it returns, and the cycles of its tag stage
/// and data array.
struct L1Cost {
  Rational Returned, Tag, Data;
};

/// With the target's tag rate (memory.l1.tags_per_clk), a load the L1
/// caches whose lanes' banks are known (L1DataWavefronts, which the Memory
/// stage sets for those loads only) returns the bytes its lanes ask for
/// and takes ceil(lines / tags per clock) wavefronts in the tag stage and
/// its bank-conflict wavefronts in the data array, each a cycle
/// (docs/memory.md, "The L1's cycles a request"). Otherwise it returns the
/// sectors it moves, plus dataStageExtraBytes, and its stages are not
/// counted apart.
L1Cost l1Cost(const AccessInfo &A, const GpuTarget &T,
              const std::map<std::string, Expr> &Subst) {
  if (A.L1DataWavefronts && A.ActiveLanes) {
    assert(T.L1TagsPerClk && "L1DataWavefronts without the L1's tag rate");
    // A wavefront a cycle, shared by the request's lanes.
    Rational Cycle = Rational::fromDouble(T.L1.BytesPerClkPerSM) /
                     Rational(static_cast<int64_t>(A.ActiveLanes));
    int64_t Tags = divideCeil(A.Lines, T.L1TagsPerClk);
    return {Rational(static_cast<int64_t>(A.BytesPerThread)),
            Rational(Tags) * Cycle,
            Rational(static_cast<int64_t>(*A.L1DataWavefronts)) * Cycle};
  }
  return {A.TransferredBytesPerThread + dataStageExtraBytes(A, T, Subst),
          Rational(0), Rational(0)};
}

std::array<unsigned, 3> blockDim(const LaunchShape &Shape) {
  return {static_cast<unsigned>(Shape.Block[0]),
          static_cast<unsigned>(Shape.Block[1]),
          static_cast<unsigned>(Shape.Block[2])};
}

} // namespace

KernelInputBuilder::KernelInputBuilder(Function &F,
                                       FunctionAnalysisManager &FAM,
                                       const GpuTarget &T, bool UseFragments,
                                       const ThreadModel *Known)
    : F(F), FAM(FAM), T(T), UseFragments(UseFragments) {
  if (Known) {
    Plain = *Known;
  } else {
    CostModel Costs(T);
    Plain = computeThreadModel(F, FAM, Costs, Costs.getNominalLatencies());
  }
  for (const Expr *E : {&Plain.Time, &Plain.Delay, &Plain.Barriers})
    E->collectSymbols(TimeSymbols);
  Symbols = TimeSymbols;
  for (const LoopTrip &L : Plain.Loops)
    L.Trip.collectSymbols(Symbols);
  for (AtomicSite &S : getAtomicSites(F)) {
    Symbols.insert(S.Symbol);
    Atomics.emplace(S.Inst, std::move(S));
  }
  AtomicCallees = getCalleesWith(F, isGlobalAtomic);
  MemoryCallees = getCalleesWith(F, isGlobalAccess);
  Sides = getBranchSides(F, FAM.getResult<DominatorTreeAnalysis>(F),
                         FAM.getResult<LoopAnalysis>(F));
  for (const BranchSide &S : Sides)
    Symbols.insert(S.Symbol);
}

KernelInputs KernelInputBuilder::build(
    const std::map<std::string, Expr> &Params, const LaunchShape &Shape,
    const OccupancyResult &Occ, bool ColdCache, std::optional<HitOverride> Hits,
    const SpillCode &Spills, std::vector<std::string> &Assumptions,
    std::vector<BranchUse> &Branches) {
  std::map<std::string, Expr> Subst = launchSubst(Params, Shape);
  Bindings Values = constantBindings(Subst);
  Bindings ParamValues = constantBindings(Params);

  MemoryAnalysis MA(F, FAM, T, blockDim(Shape), ParamValues);
  const ThreadModel &M = modelFor(MA, ParamValues);
  // Sides of branches on data the launch gives no share for: every lane
  // runs them (the time model counts them, the active fractions pass all
  // lanes), an upper bound the launch path says as an estimate.
  std::map<BranchEdge, Rational> Shares = getBoundShares(Sides, ParamValues);
  for (const BranchSide &S : Sides) {
    if (auto It = Shares.find({S.Branch, S.Succ}); It != Shares.end()) {
      Branches.push_back(useOf(S, "bound", It->second));
      continue;
    }
    if (S.EntersLoop) {
      Branches.push_back(useOf(S, "loop"));
      continue;
    }
    std::optional<Expr> Lanes = MA.activeLanes(*S.Branch, *S.Succ);
    if (!Lanes || !averageOverHalving(*Lanes, MA, Values))
      Branches.push_back(useOf(S, "assumed", Rational(1)));
    else
      Branches.push_back(useOf(S, "lanes"));
  }
  for (const Function *Callee : AtomicCallees)
    Assumptions.push_back(
        "global atomics in " + demangle(Callee->getName().str()) +
        ", called without being inlined, are not serialised on their "
        "addresses (docs/kernel-time.md, \"Atomics on one address\")");
  for (const Function *Callee : MemoryCallees)
    Assumptions.push_back(
        "the global loads and stores of " + demangle(Callee->getName().str()) +
        ", called without being inlined, are not in the launch's traffic "
        "(bytes, cache hits, DRAM): their latency is in the time, their "
        "bytes are not");
  for (const std::string &A : MA.kernelAssumptions())
    Assumptions.push_back(A);

  CacheContext Ctx;
  Ctx.ResidentBlocksPerSM = Occ.BlocksPerSM;
  Ctx.Launch = Values;
  Ctx.MiddleThread = middleThreadBindings(Values);
  Ctx.ThreadIds = threadIdSample(Values);
  Ctx.ColdCache = ColdCache;
  Ctx.L1BytesAvailable = T.L1.SizeBytes > Occ.L1CarveoutBytes
                             ? T.L1.SizeBytes - Occ.L1CarveoutBytes
                             : 0;
  Ctx.KernelBlockFootprintBytes = MA.blockFootprintBytes();
  Ctx.KernelGridFootprintBytes = MA.gridFootprintBytes();
  Ctx.KernelGroupFootprints = MA.groupFootprints();
  prepareResidentFootprints(Ctx, T);
  Ctx.WalkLinesKept = countWalkLines(MA.accesses(), T);

  KernelInputs In;
  In.Time = M.Time.substitute(Subst);
  In.Delay = M.Delay.substitute(Subst);
  In.Barriers = M.Barriers.substitute(Subst);
  Expr Zero = Expr::constant(0);
  // A fraction inside a loop may depend on its iteration: the mean one. An
  // inner loop's count may depend on an outer loop's iteration (a triangle):
  // its mean is taken at the outer loop's mean, which M.Loops' preorder
  // (parents first) has already put in, so one substitution leaves no
  // iteration symbol behind.
  std::map<std::string, Expr> MeanIterations;
  for (const LoopTrip &L : M.Loops)
    MeanIterations[getIterSymbol(L.Name)] =
        ((L.Trip - 1) * Expr::constant(Rational(1, 2)))
            .substitute(MeanIterations);
  Ctx.GroupLiveShare = groupLiveShares(MA, Shares, Ctx, MeanIterations);
  Rational WarpLanes(static_cast<int64_t>(std::max(1u, MA.warpLanes())));
  // A shared wavefront's banks x width bytes take (banks x width) / (the
  // banks' rate) cycles: at the data path's rate, that many cycles' bytes.
  Rational WavefrontBytesAtPathRate =
      Rational(static_cast<int64_t>(T.SharedBanks * T.SharedBankWidthBytes)) *
      Rational::fromDouble(T.Shared.BytesPerClkPerSM) /
      Rational::fromDouble(T.sharedBankRate());
  bool NotedHits = false;
  // The bytes of every access are its block's reach (executions x active
  // fraction, the same for all of the block's accesses) times constants:
  // summed per reach first, then once over the distinct reaches, so an
  // unrolled kernel's thousands of accesses do not each grow the sums.
  struct PerReach {
    Rational Shared, Global, Uncoalesced, L1Hit, L2Hit, Sectors,
        SectorsMissingL1, SectorsMissingL2, HotAtomics, UncoalescedL1Hit, L1Tag,
        L1Data, L1PendingHit;
    PerReach &operator+=(const PerReach &O) {
      L1PendingHit += O.L1PendingHit;
      L1Tag += O.L1Tag;
      L1Data += O.L1Data;
      HotAtomics += O.HotAtomics;
      UncoalescedL1Hit += O.UncoalescedL1Hit;
      Shared += O.Shared;
      Global += O.Global;
      Uncoalesced += O.Uncoalesced;
      L1Hit += O.L1Hit;
      L2Hit += O.L2Hit;
      Sectors += O.Sectors;
      SectorsMissingL1 += O.SectorsMissingL1;
      SectorsMissingL2 += O.SectorsMissingL2;
      return *this;
    }
    /// Sectors moved, and those missing L1 and L2 at hit fractions \p H
    /// (sectorBytesOnMiss: the \p Asked bytes where the L1 keeps the rest).
    void addSectors(const Rational &Moved, const Rational &Asked,
                    const HitFractions &H) {
      Sectors += Moved;
      Rational Missing = sectorBytesOnMiss(Moved, Asked, H);
      SectorsMissingL1 +=
          Missing * Rational::fromDouble(std::max(0.0, 1 - H.L1));
      SectorsMissingL2 +=
          Missing * Rational::fromDouble(std::max(0.0, 1 - H.L1 - H.L2));
    }
  };
  std::map<const BasicBlock *, Expr> ReachOfBlock;
  bool BoundedFraction = false;
  std::map<Expr, PerReach> ByReach;
  // A kernel cut at barriers every thread passes runs its fragments in
  // sequence (predictLaunch): each gets its own time, issue and traffic.
  if (UseFragments && !Fragments)
    Fragments.emplace(F, FAM, CostModel(T));
  unsigned NumFragments = Fragments ? Fragments->size() : 1;
  std::vector<std::map<Expr, PerReach>> ByFragment(
      NumFragments > 1 ? NumFragments : 0);
  // Traffic of instruction I at reach Reach: the whole kernel's, and its
  // fragment's.
  auto Record = [&](const Instruction &I, const Expr &Reach,
                    const PerReach &R) {
    ByReach[Reach] += R;
    if (NumFragments > 1)
      ByFragment[Fragments->fragmentOf(I)][Reach] += R;
  };
  for (const AccessInfo &A : MA.accesses()) {
    const BasicBlock *BB = A.Inst->getParent();
    auto [It, New] = ReachOfBlock.try_emplace(BB);
    if (New)
      It->second =
          (executionsPerThread(*A.Inst, M) *
           activeFraction(*A.Inst, MA, BoundedFraction, Shares, Values))
              .substitute(MeanIterations)
              .substitute(Subst);
    // A part of an access through a pointer each lane chooses: its lanes'
    // share of the block's reach.
    Expr Reach = It->second;
    if (A.ChoiceLanes)
      Reach = Reach *
              A.ChoiceLanes->substitute(MeanIterations).substitute(Subst) *
              Expr::constant(Rational(1) / WarpLanes);
    PerReach R;
    switch (A.Space) {
    case MemSpace::Shared: {
      // Two stages, the slower of which a request waits for (as the L1's
      // tag and data stages): the banks serve its wavefronts, banks x
      // width bytes each, at their rate, and the data path moves each
      // lane's bytes at the shared rate. Counted as bytes at the shared
      // rate. Where the banks' rate is the shared rate (no
      // memory.shared.bank_bytes_per_clk) that is the wavefronts' bytes;
      // where it is higher (GA10x: 128 banks' bytes a clock, a 64-byte
      // data path), a conflict whose wavefronts fit in the cycles the data
      // path takes anyway costs nothing more (docs/memory.md, "Shared
      // memory: bank conflicts").
      Rational WavefrontsPerLane = A.SharedBlockMean
                                       ? A.SharedBlockMean->PerLane
                                       : A.meanSharedWavefronts() / WarpLanes;
      R.Shared += std::max(WavefrontsPerLane * WavefrontBytesAtPathRate,
                           Rational(static_cast<int64_t>(A.BytesPerThread)));
      break;
    }
    case MemSpace::Global:
    case MemSpace::Generic:
    case MemSpace::Local: {
      HitFractions H = estimateHits(A, T, Ctx);
      if (Hits && A.IsLoad && !A.IsAtomic) {
        H.L1 = Hits->L1;
        H.L2 = Hits->L2;
        // Shares of bytes: nothing says which requests hit whole, or wait
        // for a fill.
        H.WholeRequestL1 = 0;
        H.L1Pending = 0;
        if (!NotedHits)
          Assumptions.push_back("cache hit fractions of the loads from "
                                "-ktime-hits: L1 " +
                                std::to_string(Hits->L1) + ", L2 " +
                                std::to_string(Hits->L2));
        NotedHits = true;
      }
      Rational Bytes(static_cast<int64_t>(A.BytesPerThread));
      R.Global += Bytes;
      R.Uncoalesced += A.UncoalescedBytesPerThread;
      R.L1Hit += Bytes * Rational::fromDouble(H.L1);
      R.L1PendingHit += Bytes * Rational::fromDouble(H.L1Pending);
      R.UncoalescedL1Hit +=
          A.UncoalescedBytesPerThread * Rational::fromDouble(H.WholeRequestL1);
      R.L2Hit += Bytes * Rational::fromDouble(H.L2);
      R.addSectors(A.TransferredBytesPerThread, Bytes, H);
      // What the L1 returns, and its stages' cycles: the sectors above are
      // what moves beyond it.
      L1Cost L1 = l1Cost(A, T, Subst);
      R.Sectors += L1.Returned - A.TransferredBytesPerThread;
      R.L1Tag += L1.Tag;
      R.L1Data += L1.Data;
      if (auto Site = Atomics.find(A.Inst); A.IsAtomic && Site != Atomics.end())
        R.HotAtomics += hotShare(A, Site->second, Subst, Assumptions);
      break;
    }
    default:
      break;
    }
    Record(*A.Inst, Reach, R);
  }
  if (Spills.At && Spills.StoreBytes + Spills.LoadBytes > 0) {
    // Each thread rereads the slots it wrote: a cache serves the share of
    // the resident threads' frames it holds. The frame is taken as the
    // larger of the spill stores' and loads' bytes (each its own slot); the
    // threads are those of the blocks an SM, and the GPU, hold at once.
    uint64_t Threads = Shape.Block[0] * Shape.Block[1] * Shape.Block[2];
    uint64_t Blocks = Shape.Grid[0] * Shape.Grid[1] * Shape.Grid[2];
    uint64_t SMs = std::max(1u, T.SmCount);
    uint64_t OnSM =
        std::min<uint64_t>(Occ.BlocksPerSM, (Blocks + SMs - 1) / SMs);
    uint64_t OnGpu = std::min<uint64_t>(Blocks, OnSM * SMs);
    HitFractions H =
        estimateSpillHits(std::max(Spills.StoreBytes, Spills.LoadBytes),
                          Threads * OnSM, Threads * OnGpu, T, Ctx);
    Expr Reach = executionsPerThread(*Spills.At, M)
                     .substitute(MeanIterations)
                     .substitute(Subst);
    // Local memory, not the kernel's global accesses: the bytes load the
    // caches and DRAM (the bandwidth levels) but leave the mean latency of
    // the kernel's own global loads alone.
    Rational Bytes = Rational(static_cast<int64_t>(Spills.StoreBytes)) +
                     Rational(static_cast<int64_t>(Spills.LoadBytes));
    PerReach R;
    R.addSectors(Bytes, Bytes, H);
    Record(*Spills.At, Reach, R);
    std::string Text;
    raw_string_ostream OS(Text);
    OS << "register spills (" << Spills.StoreBytes << " B of stores, "
       << Spills.LoadBytes << " B of loads per thread, from the spec) run "
       << "as often as the place where the register estimate peaks: " << Reach
       << " per thread; local memory: " << H.Why
       << "; they add to the caches' and DRAM's bytes, not to the issue or "
          "the latency";
    Assumptions.push_back(std::move(Text));
  }
  if (BoundedFraction)
    Assumptions.push_back(
        "the active lanes behind deeply nested branches are the least of "
        "the branches' fractions, an upper bound (their product would have "
        "more than " +
        std::to_string(MaxFractionTerms) + " terms)");
  auto Add = [](Expr &Sum, const Expr &Reach, const Rational &C) {
    if (!C.isZero())
      Sum = Sum + Reach * Expr::constant(C);
  };
  auto AddTraffic = [&](KernelInputs &Into,
                        const std::map<Expr, PerReach> &Sums) {
    Into.GlobalBytes = Into.UncoalescedBytes = Into.L1HitBytes =
        Into.L2HitBytes = Into.SectorBytes = Into.SectorBytesMissingL1 =
            Into.SectorBytesMissingL2 = Into.SharedBytes = Into.HotAtomics =
                Into.UncoalescedL1HitBytes = Into.L1TagBytes =
                    Into.L1DataBytes = Into.L1PendingHitBytes = Zero;
    for (const auto &[Reach, R] : Sums) {
      Add(Into.SharedBytes, Reach, R.Shared);
      Add(Into.GlobalBytes, Reach, R.Global);
      Add(Into.UncoalescedBytes, Reach, R.Uncoalesced);
      Add(Into.L1HitBytes, Reach, R.L1Hit);
      Add(Into.L2HitBytes, Reach, R.L2Hit);
      Add(Into.SectorBytes, Reach, R.Sectors);
      Add(Into.SectorBytesMissingL1, Reach, R.SectorsMissingL1);
      Add(Into.SectorBytesMissingL2, Reach, R.SectorsMissingL2);
      Add(Into.HotAtomics, Reach, R.HotAtomics);
      Add(Into.UncoalescedL1HitBytes, Reach, R.UncoalescedL1Hit);
      Add(Into.L1TagBytes, Reach, R.L1Tag);
      Add(Into.L1DataBytes, Reach, R.L1Data);
      Add(Into.L1PendingHitBytes, Reach, R.L1PendingHit);
    }
  };
  AddTraffic(In, ByReach);
  if (NumFragments > 1) {
    std::vector<ThreadModel> &Models =
        FragmentModels[modelKey(MA, ParamValues)];
    for (unsigned K = Models.size(); K < NumFragments; ++K)
      Models.push_back(
          adjustedModel(MA, ParamValues, [&](const Instruction &I) {
            return Fragments->fragmentOf(I) == K;
          }));
    for (unsigned K = 0; K != NumFragments; ++K) {
      const ThreadModel &FM = Models[K];
      KernelInputs Part;
      Part.Time = FM.Time.substitute(Subst);
      Part.Delay = FM.Delay.substitute(Subst);
      Part.Barriers = FM.Barriers.substitute(Subst);
      AddTraffic(Part, ByFragment[K]);
      In.Fragments.push_back(std::move(Part));
    }
  }
  return In;
}

InstructionCounts
KernelInputBuilder::counts(const std::map<std::string, Expr> &Params,
                           const LaunchShape &Shape) {
  MemoryAnalysis MA(F, FAM, T, blockDim(Shape), {}, MemoryDetail::Patterns);
  CostModel Costs(T);
  ReachCache Cache;
  // The taken.sideN shares among them.
  Bindings ParamValues = constantBindings(Params);
  BranchReach Reach = reachOf(MA, ParamValues, Cache);
  if (!weighsSomeSide(Reach))
    Reach = nullptr;
  auto Count =
      [&](std::function<unsigned(const Instruction &, const CostInfo &)>
              Weight) {
        CostAdjuster Adjust = [&](const Instruction &I, CostInfo &C) {
          C.Del = Expr::constant(static_cast<int64_t>(Weight(I, C)));
          C.Lat = Expr(); // only the delay (the count) is used
        };
        ThreadModel M =
            computeThreadModel(F, FAM, Costs, Costs.getNominalLatencies(),
                               Adjust, Reach, &Plain.Loops);
        return M.Delay.substitute(launchSubst(Params, Shape));
      };
  auto IsGlobal = [](const CostInfo &C) {
    return C.K == CostInfo::Kind::Memory &&
           (C.Space == MemSpace::Global || C.Space == MemSpace::Generic);
  };
  InstructionCounts R;
  R.Total =
      Count([](const Instruction &, const CostInfo &C) { return C.Count; });
  R.GlobalMem = Count([&](const Instruction &, const CostInfo &C) {
    return IsGlobal(C) ? 1u : 0u;
  });
  R.UncoalescedMem = Count([&](const Instruction &I, const CostInfo &C) {
    const AccessInfo *A = MA.lookup(I);
    return IsGlobal(C) && A && A->isUncoalesced() ? 1u : 0u;
  });
  R.Barriers = Plain.Barriers.substitute(launchSubst(Params, Shape));
  R.Delay = Plain.Delay.substitute(launchSubst(Params, Shape));
  double Sectors = 0, Uncoalesced = 0, Bytes = 0, Global = 0;
  for (const AccessInfo &A : MA.accesses()) {
    if (A.Space != MemSpace::Global && A.Space != MemSpace::Generic)
      continue;
    Global += 1;
    Bytes += A.BytesPerThread;
    if (A.isUncoalesced()) {
      Uncoalesced += 1;
      Sectors += A.Sectors;
    }
  }
  if (Uncoalesced > 0)
    R.SectorsPerUncoalescedRequest = Sectors / Uncoalesced;
  if (Global > 0)
    R.BytesPerAccess = Bytes / Global;
  return R;
}

} // namespace ktime

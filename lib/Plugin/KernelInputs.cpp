//===- KernelInputs.cpp - The per-thread facts a launch prediction needs --===//
//
// Traffic per thread (docs/kernel-time.md, "Inputs of one launch"): for each
// access of the Memory stage, executions per thread (the trip counts of the
// loops around it, inner counts taken at the outer loops' mean iteration as
// the Thread stage does) times the fraction of the warp's lanes that reach
// it (the active fractions of the branches whose edges lead to it), times
// the access's bytes; L1 and L2 hits from estimateHits (or -ktime-hits).
//
//===----------------------------------------------------------------------===//
#include "KernelInputs.h"
#include "KernelTime/Cost.h"
#include "KernelTime/ScevToExpr.h"
#include "Options.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

#include <cmath>

using namespace llvm;

namespace ktime {

namespace {

std::map<std::string, Expr> launchSubst(const std::map<std::string, Expr> &P,
                                        const LaunchShape &Shape) {
  std::map<std::string, Expr> Subst = P;
  for (auto &[Name, V] : getLaunchSizeBindings(Shape))
    Subst[Name] = Expr::constant(V);
  return Subst;
}

std::array<unsigned, 3> blockDim(const LaunchShape &Shape) {
  return {static_cast<unsigned>(Shape.Block[0]),
          static_cast<unsigned>(Shape.Block[1]),
          static_cast<unsigned>(Shape.Block[2])};
}

} // namespace

KernelInputBuilder::KernelInputBuilder(Function &F,
                                       FunctionAnalysisManager &FAM,
                                       const GpuTarget &T,
                                       const ThreadModel *Known)
    : F(F), FAM(FAM), T(T) {
  if (Known) {
    Plain = *Known;
  } else {
    CostModel Costs(T);
    Plain = computeThreadModel(F, FAM, Costs, Costs.getNominalLatencies());
  }
  for (const Expr *E : {&Plain.Time, &Plain.Delay, &Plain.Barriers})
    E->collectSymbols(Symbols);
  for (const LoopTrip &L : Plain.Loops)
    L.Trip.collectSymbols(Symbols);
}

/// The longest loop whose iterations' branch reaches are summed one by one.
constexpr int64_t MaxIterationsSummed = 8;

BranchReach KernelInputBuilder::reachOf(const MemoryAnalysis &MA,
                                        ReachCache &Cache) const {
  std::set<std::string> Params;
  SymbolNamer Names(F);
  for (const Argument &A : F.args())
    Params.insert(Names.getParamName(A.getArgNo()));
  return [this, &MA, &Cache,
          Params](const BasicBlock &Branch,
                  const BasicBlock &Succ) -> std::optional<Expr> {
    auto [It, New] = Cache.try_emplace({&Branch, &Succ});
    if (!New)
      return It->second;
    std::optional<Expr> Lanes = MA.activeLanes(Branch, Succ);
    if (!Lanes)
      return std::nullopt;
    std::optional<Rational> C = Lanes->getConstant();
    if (C && !(*C < Rational(static_cast<int64_t>(MA.warpLanes()))))
      return std::nullopt; // every lane: the side is taken
    Expr W = C ? Expr::constant(*C < Rational(1) ? *C : Rational(1))
               : Expr::min(Expr::constant(1), *Lanes);
    // Only what a launch binds (ids, sizes, parameters): a lane count of a
    // loaded value would leave the time without a value. A count that
    // depends on a loop's iteration is replaced by its mean over the
    // iterations, exactly: summed over them in a loop of at most
    // MaxIterationsSummed (a tile loop), or (W(0) + (trip - 1) W(1)) / trip
    // when only the first iteration differs; any other dependence leaves the
    // side counted (a step at the mean iteration could drop it, or count
    // all).
    std::set<std::string> Symbols;
    W.collectSymbols(Symbols);
    for (const std::string &S : Symbols) {
      StringRef Name(S);
      if (Name.starts_with("tid.") || Name.starts_with("ctaid.") ||
          Name.starts_with("ntid.") || Name.starts_with("nctaid.") ||
          Params.count(S))
        continue;
      if (!Name.starts_with("iter."))
        return std::nullopt;
      const LoopTrip *Loop = nullptr;
      for (const LoopTrip &L : Plain.Loops)
        if (getIterSymbol(L.Name) == S)
          Loop = &L;
      std::optional<Rational> Trip =
          Loop ? Loop->Trip.getConstant() : std::nullopt;
      if (!Trip || *Trip < Rational(1))
        return std::nullopt;
      // A short loop (a tile loop): the mean of its iterations' reaches.
      if (std::optional<int64_t> T = Loop->Trip.getInt64();
          T && *T <= MaxIterationsSummed) {
        Expr Sum;
        for (int64_t I = 0; I != *T; ++I)
          Sum += W.substitute({{S, Expr::constant(I)}});
        W = Sum * Expr::constant(Rational(1, *T));
        continue;
      }
      Expr Later = W.substitute({{S, Expr::constant(1)}});
      for (int64_t I : {2, 3, 7})
        if (W.substitute({{S, Expr::constant(I)}}) != Later)
          return std::nullopt;
      W = (W.substitute({{S, Expr()}}) + Expr::constant(*Trip - 1) * Later) *
          Expr::constant(Rational(1) / *Trip);
    }
    It->second = W;
    return W;
  };
}

bool KernelInputBuilder::weighsSomeSide(const BranchReach &Reach) const {
  for (const BasicBlock &BB : F) {
    if (BB.getTerminator()->getNumSuccessors() < 2)
      continue;
    for (const BasicBlock *S : successors(&BB))
      if (Reach(BB, *S))
        return true;
  }
  return false;
}

KernelInputBuilder::ModelKey
KernelInputBuilder::modelKey(const MemoryAnalysis &MA,
                             const Bindings &ParamValues) {
  return {MA.getBlockDim().value_or(std::array<unsigned, 3>{0, 0, 0}),
          ParamValues};
}

const ThreadModel &KernelInputBuilder::modelFor(const MemoryAnalysis &MA,
                                                const Bindings &ParamValues) {
  ModelKey Key = modelKey(MA, ParamValues);
  auto It = Models.find(Key);
  if (It != Models.end())
    return It->second;
  return Models.emplace(Key, adjustedModel(MA, nullptr)).first->second;
}

ThreadModel KernelInputBuilder::adjustedModel(
    const MemoryAnalysis &MA,
    const std::function<bool(const Instruction &)> &Keep) {
  // Sides of divergent branches that no lane of a warp takes cost nothing
  // there (a bounds guard in a block past the end of the data).
  ReachCache Cache;
  BranchReach Reach = reachOf(MA, Cache);
  if (!weighsSomeSide(Reach))
    Reach = nullptr;
  // Replays: a bank-conflicted or wide shared access takes one wavefront
  // per phase, a constant access one per distinct address; each extra one
  // costs the issue slot again and a cycle of latency (seed 002: a conflict
  // takes as many cycles as threads hitting one bank).
  // A shared access of a block whose warps straddle rows unevenly takes
  // the mean of its warps' wavefronts (docs/memory.md, "The warp").
  auto ReplaysOf = [](const AccessInfo &A) {
    if (A.Space == MemSpace::Shared)
      return std::max(Rational(1), A.meanSharedWavefronts());
    if (A.Space == MemSpace::Constant || A.Space == MemSpace::Param)
      return Rational(
          static_cast<int64_t>(std::max(1u, A.ConstantSerialization)));
    return Rational(1);
  };
  // Without a replay the adjustment changes no cost: the model is the
  // plain one (only its issue cycles are split by pipe).
  if (!Keep && !Reach && llvm::none_of(MA.accesses(), [&](const AccessInfo &A) {
        return ReplaysOf(A) > Rational(1);
      })) {
    ThreadModel M = Plain;
    M.Delay = issueCycles(CostModel(T), nullptr, nullptr, Plain.Delay);
    return M;
  }
  CostAdjuster Adjust = [&MA, &ReplaysOf, &Keep](const Instruction &I,
                                                 CostInfo &C) {
    // An instruction of another fragment: no time, no issue slot.
    if (Keep && !Keep(I)) {
      C.Lat = Expr::constant(0);
      C.Del = Expr::constant(0);
      C.Count = 0;
      C.Parts.clear();
      C.K = CostInfo::Kind::Free;
      return;
    }
    const AccessInfo *A = MA.lookup(I);
    if (!A)
      return;
    Rational Replays = ReplaysOf(*A);
    if (Replays == Rational(1))
      return;
    C.Del = C.Del * Expr::constant(Replays);
    C.Lat = C.Lat + Expr::constant(Replays - Rational(1));
  };
  CostModel Costs(T);
  ThreadModel M = computeThreadModel(F, FAM, Costs, Costs.getNominalLatencies(),
                                     Adjust, Reach);
  M.Delay = issueCycles(Costs, Adjust, Reach, M.Delay);
  return M;
}

Expr KernelInputBuilder::issueCycles(const CostModel &Costs,
                                     const CostAdjuster &Adjust,
                                     const BranchReach &Reach,
                                     const Expr &Serial) {
  // The processing block's pipes run side by side: a thread's issue cycles
  // are those of its busiest pipe, and at least its instructions over the
  // dispatch rate (docs/kernel-time.md, "Issue cycles").
  auto Share = [this](const CostInfo &C, IssuePipe P) -> Rational {
    // A cost's del split over the pipes of its parts in proportion to
    // their dels; a cost without parts (a call, an unknown operation)
    // holds every pipe.
    double All = 0, Mine = 0;
    for (const CostPart &Part : C.Parts) {
      double D = Part.Count.toDouble() * T.cost(Part.Class).Del;
      All += D;
      if (getIssuePipe(Part.Class) == P)
        Mine += D;
    }
    if (C.Parts.empty() || All <= 0)
      return Rational(1);
    return Rational::fromDouble(Mine / All);
  };
  std::vector<Expr> Terms;
  for (size_t I = 0; I != NumIssuePipes; ++I) {
    IssuePipe P = static_cast<IssuePipe>(I);
    // Only the delay of these runs is used: latencies 0 spare the critical
    // paths (a delay never depends on them).
    CostAdjuster OnePipe = [&](const Instruction &Inst, CostInfo &C) {
      if (Adjust)
        Adjust(Inst, C);
      C.Del = C.Del * Expr::constant(Share(C, P));
      C.Lat = Expr();
    };
    Expr D = computeThreadModel(F, FAM, Costs, Costs.getNominalLatencies(),
                                OnePipe, Reach)
                 .Delay;
    std::optional<Rational> C = D.getConstant();
    if (!C || !C->isZero())
      Terms.push_back(D);
  }
  if (T.DispatchPerClk > 0) {
    Rational PerInstruction(1, static_cast<int64_t>(T.DispatchPerClk));
    CostAdjuster Dispatch = [&](const Instruction &Inst, CostInfo &C) {
      if (Adjust)
        Adjust(Inst, C);
      C.Del = Expr::constant(Rational(static_cast<int64_t>(C.Count)) *
                             PerInstruction);
      C.Lat = Expr();
    };
    Terms.push_back(computeThreadModel(F, FAM, Costs,
                                       Costs.getNominalLatencies(), Dispatch,
                                       Reach)
                        .Delay);
  }
  if (Terms.empty())
    return Serial;
  Expr Result = Terms.front();
  for (size_t I = 1; I < Terms.size(); ++I)
    Result = Expr::max(Result, Terms[I]);
  return Result;
}

Expr KernelInputBuilder::executionsPerThread(const Instruction &I,
                                             const ThreadModel &M) const {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  Expr Count = Expr::constant(1);
  for (const Loop *L = LI.getLoopFor(I.getParent()); L;
       L = L->getParentLoop()) {
    const LoopTrip *Trip = nullptr;
    for (const LoopTrip &T : M.Loops)
      if (T.TheLoop == L)
        Trip = &T;
    if (!Trip)
      continue;
    // Inner counts at this loop's mean iteration, as the Thread stage does.
    Expr Mean = (Trip->Trip - 1) * Expr::constant(Rational(1, 2));
    Count = Count.substitute({{getIterSymbol(Trip->Name), Mean}}) * Trip->Trip;
  }
  return Count;
}

/// The most terms a product of branch fractions may have. Each fraction of
/// a warp that spans several rows is a sum over the rows, and the fractions
/// of nested branches multiply: in a fully unrolled tile of bounds checks
/// the expanded product grows to millions of terms. Beyond this bound the
/// fraction is the least of the factors, an upper bound on the lanes that
/// pass all the branches (exact when one branch's lanes include the
/// other's).
constexpr size_t MaxFractionTerms = 64;

static size_t termCount(const Expr &E) {
  return E.getKind() == Expr::Kind::Add ? E.operands().size() : 1;
}

Expr KernelInputBuilder::activeFraction(const Instruction &I,
                                        const MemoryAnalysis &MA, bool &Bounded,
                                        std::set<std::string> &Loaded) const {
  // Each block on the dominator path with a single entry is entered
  // through one edge of that predecessor's branch: the lanes that take the
  // edge are the lanes that get here. A loop header counts as entered through
  // its one edge from outside the loop (its other predecessors are back edges):
  // a bounds guard may branch straight into a loop. An edge out of a loop is
  // its exit, not a branch that splits a warp's lanes.
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  std::vector<std::pair<const BasicBlock *, const BasicBlock *>> Edges;
  for (DomTreeNode *N = DT.getNode(I.getParent()); N; N = N->getIDom()) {
    const BasicBlock *BB = N->getBlock();
    const BasicBlock *Pred = getEntryPredecessor(*BB, DT);
    if (!Pred || Pred->getTerminator()->getNumSuccessors() < 2)
      continue;
    if (const Loop *L = LI.getLoopFor(Pred); L && !L->contains(BB))
      continue;
    Edges.push_back({Pred, BB});
  }
  std::vector<Expr> Factors;
  size_t Terms = 1;
  for (size_t E = 0; E != Edges.size(); ++E) {
    // A branch that every lane past an enclosing one takes (i < n + 1
    // inside i < n) passes them all: its fraction would count them twice.
    auto [Pred, BB] = Edges[E];
    if (llvm::any_of(ArrayRef(Edges).drop_front(E + 1), [&](const auto &O) {
          return MA.edgeImplies(*O.first, *O.second, *Pred, *BB);
        }))
      continue;
    if (std::optional<Expr> F = MA.activeFraction(*Pred, *BB)) {
      std::set<std::string> Symbols;
      F->collectSymbols(Symbols);
      bool OnLoaded = false;
      for (const std::string &S : Symbols)
        if (StringRef(S).starts_with("val.")) {
          Loaded.insert(S.substr(4));
          OnLoaded = true;
        }
      if (OnLoaded)
        continue;
      Terms = std::min(Terms * termCount(*F), MaxFractionTerms + 1);
      Factors.push_back(*F);
    }
  }
  if (Terms > MaxFractionTerms) {
    Bounded = true;
    return Expr::min(Factors);
  }
  Expr Fraction = Expr::constant(1);
  for (const Expr &F : Factors)
    Fraction = Fraction * F;
  return Fraction;
}

KernelInputs KernelInputBuilder::build(
    const std::map<std::string, Expr> &Params, const LaunchShape &Shape,
    const OccupancyResult &Occ, bool ColdCache, std::optional<HitOverride> Hits,
    const SpillCode &Spills, std::vector<std::string> &Assumptions) {
  std::map<std::string, Expr> Subst = launchSubst(Params, Shape);
  Bindings Values;
  for (auto &[Name, E] : Subst)
    if (std::optional<Rational> C = E.getConstant())
      Values[Name] = *C;
  Bindings ParamValues;
  for (auto &[Name, E] : Params)
    if (std::optional<Rational> C = E.getConstant())
      ParamValues[Name] = *C;

  MemoryAnalysis MA(F, FAM, T, blockDim(Shape), ParamValues);
  const ThreadModel &M = modelFor(MA, ParamValues);
  for (const std::string &A : MA.kernelAssumptions())
    Assumptions.push_back(A);

  CacheContext Ctx;
  Ctx.ResidentBlocksPerSM = Occ.BlocksPerSM;
  Ctx.Launch = Values;
  Ctx.MiddleThread = middleThreadBindings(Values);
  Ctx.ColdCache = ColdCache;
  Ctx.L1BytesAvailable = T.L1.SizeBytes > Occ.SharedCarveoutBytes
                             ? T.L1.SizeBytes - Occ.SharedCarveoutBytes
                             : 0;
  Ctx.KernelBlockFootprintBytes = MA.blockFootprintBytes();
  Ctx.KernelGridFootprintBytes = MA.gridFootprintBytes();

  KernelInputs In;
  In.Time = M.Time.substitute(Subst);
  In.Delay = M.Delay.substitute(Subst);
  In.Barriers = M.Barriers.substitute(Subst);
  Expr Zero = Expr::constant(0);
  // A fraction inside a loop may depend on its iteration: the mean one.
  std::map<std::string, Expr> MeanIterations;
  for (const LoopTrip &L : M.Loops)
    MeanIterations[getIterSymbol(L.Name)] =
        (L.Trip - 1) * Expr::constant(Rational(1, 2));
  Rational WarpLanes(static_cast<int64_t>(std::max(1u, MA.warpLanes())));
  Rational SharedRequestBytes(
      static_cast<int64_t>(T.SharedBanks * T.SharedBankWidthBytes));
  bool NotedHits = false;
  // The bytes of every access are its block's reach (executions x active
  // fraction, the same for all of the block's accesses) times constants:
  // summed per reach first, then once over the distinct reaches, so an
  // unrolled kernel's thousands of accesses do not each grow the sums.
  struct PerReach {
    Rational Shared, Global, Uncoalesced, L1Hit, L2Hit, Sectors,
        SectorsMissingL1, SectorsMissingL2;
    PerReach &operator+=(const PerReach &O) {
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
    /// Sectors moved, and those missing L1 and L2 at hit fractions \p H.
    void addSectors(const Rational &Moved, const HitFractions &H) {
      Sectors += Moved;
      SectorsMissingL1 += Moved * Rational::fromDouble(std::max(0.0, 1 - H.L1));
      SectorsMissingL2 +=
          Moved * Rational::fromDouble(std::max(0.0, 1 - H.L1 - H.L2));
    }
  };
  std::map<const BasicBlock *, Expr> ReachOfBlock;
  bool BoundedFraction = false;
  std::set<std::string> LoadedBounds;
  std::map<Expr, PerReach> ByReach;
  // A kernel cut at barriers every thread passes runs its fragments in
  // sequence (predictLaunch): each gets its own time, issue and traffic.
  if (options::BarrierFragments && !Fragments)
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
      It->second = (executionsPerThread(*A.Inst, M) *
                    activeFraction(*A.Inst, MA, BoundedFraction, LoadedBounds))
                       .substitute(MeanIterations)
                       .substitute(Subst);
    PerReach R;
    switch (A.Space) {
    case MemSpace::Shared:
      // Bytes the banks move: a request moves banks x width bytes per
      // wavefront, shared by the warp's lanes.
      R.Shared +=
          A.SharedBlockMean
              ? A.SharedBlockMean->PerLane * SharedRequestBytes
              : A.meanSharedWavefronts() * SharedRequestBytes / WarpLanes;
      break;
    case MemSpace::Global:
    case MemSpace::Generic:
    case MemSpace::Local: {
      HitFractions H = estimateHits(A, T, Ctx);
      if (Hits && A.IsLoad && !A.IsAtomic) {
        H.L1 = Hits->L1;
        H.L2 = Hits->L2;
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
      R.L2Hit += Bytes * Rational::fromDouble(H.L2);
      R.addSectors(A.TransferredBytesPerThread, H);
      break;
    }
    default:
      break;
    }
    Record(*A.Inst, It->second, R);
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
    R.addSectors(Bytes, H);
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
  if (!LoadedBounds.empty()) {
    std::string Names;
    for (const std::string &N : LoadedBounds)
      Names += (Names.empty() ? "%" : ", %") + N;
    Assumptions.push_back("branches on values loaded from memory (" + Names +
                          ") are assumed taken by every lane, for the "
                          "traffic and the time (an upper bound)");
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
            Into.SectorBytesMissingL2 = Into.SharedBytes = Zero;
    for (const auto &[Reach, R] : Sums) {
      Add(Into.SharedBytes, Reach, R.Shared);
      Add(Into.GlobalBytes, Reach, R.Global);
      Add(Into.UncoalescedBytes, Reach, R.Uncoalesced);
      Add(Into.L1HitBytes, Reach, R.L1Hit);
      Add(Into.L2HitBytes, Reach, R.L2Hit);
      Add(Into.SectorBytes, Reach, R.Sectors);
      Add(Into.SectorBytesMissingL1, Reach, R.SectorsMissingL1);
      Add(Into.SectorBytesMissingL2, Reach, R.SectorsMissingL2);
    }
  };
  AddTraffic(In, ByReach);
  if (NumFragments > 1) {
    std::vector<ThreadModel> &Models =
        FragmentModels[modelKey(MA, ParamValues)];
    for (unsigned K = Models.size(); K < NumFragments; ++K)
      Models.push_back(adjustedModel(MA, [&](const Instruction &I) {
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
  MemoryAnalysis MA(F, FAM, T, blockDim(Shape));
  CostModel Costs(T);
  ReachCache Cache;
  BranchReach Reach = reachOf(MA, Cache);
  if (!weighsSomeSide(Reach))
    Reach = nullptr;
  auto Count =
      [&](std::function<unsigned(const Instruction &, const CostInfo &)>
              Weight) {
        CostAdjuster Adjust = [&](const Instruction &I, CostInfo &C) {
          C.Del = Expr::constant(static_cast<int64_t>(Weight(I, C)));
          C.Lat = Expr(); // only the delay (the count) is used
        };
        ThreadModel M = computeThreadModel(
            F, FAM, Costs, Costs.getNominalLatencies(), Adjust, Reach);
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

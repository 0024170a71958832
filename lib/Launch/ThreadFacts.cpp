//===- ThreadFacts.cpp - The per-thread model as one launch runs it -------===//
//
// For one block shape and parameter values: which sides of the kernel's
// divergent branches some lane takes (branch reach), the Thread stage's
// model with the Memory stage's replays of shared and constant accesses
// priced in, the issue cycles of a thread per pipe, and the executions and
// active lanes of each instruction (docs/kernel-time.md, "Inputs of one
// launch").
//
//===----------------------------------------------------------------------===//
#include "KernelInputs.h"
#include "KernelTime/Cost.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <cmath>
#include <memory>

using namespace llvm;

namespace ktime {

/// The longest loop whose iterations' branch reaches are summed one by one.
constexpr int64_t MaxIterationsSummed = 8;

BranchReach KernelInputBuilder::reachOf(const MemoryAnalysis &MA,
                                        const Bindings &ParamValues,
                                        ReachCache &Cache) const {
  // Shares the launch gives (taken.sideN): the branch's divergence says how
  // a share of threads reaches warps.
  std::map<BranchEdge, Rational> Shares = getBoundShares(Sides, ParamValues);
  // What a halving loop's values need (averageOverHalving): the block's
  // sizes and the parameters.
  Bindings Launch = ParamValues;
  static const char *const Sizes[] = {"ntid.x", "ntid.y", "ntid.z"};
  if (std::optional<std::array<unsigned, 3>> Dim = MA.getBlockDim())
    for (unsigned D = 0; D != 3; ++D)
      Launch[Sizes[D]] = Rational(static_cast<int64_t>((*Dim)[D]));
  UniformityInfo *UI =
      Shares.empty() ? nullptr : &FAM.getResult<UniformityInfoAnalysis>(F);
  std::set<std::string> Params;
  auto Names = std::make_shared<SymbolNamer>(F);
  for (const Argument &A : F.args())
    Params.insert(Names->getParamName(A.getArgNo()));
  // Fields of by-value parameters are bound as parameters are (one the
  // launch does not bind is withheld: LaunchPrediction.cpp).
  auto IsParam = [Params, Names](const std::string &S) {
    if (Params.count(S))
      return true;
    std::optional<ParamField> P = Names->findField(S);
    return P && P->Printed == S;
  };
  return [this, &MA, &Cache, IsParam, Shares = std::move(Shares), UI,
          Launch = std::move(Launch)](
             const BasicBlock &Branch,
             const BasicBlock &Succ) -> std::optional<Expr> {
    auto [It, New] = Cache.try_emplace({&Branch, &Succ});
    if (!New)
      return It->second;
    if (auto S = Shares.find({&Branch, &Succ}); S != Shares.end()) {
      // Known on every side, also where it is 1: a branch the warp takes
      // as one is weighed only when each side's reach is known.
      It->second = Expr::constant(warpReach(
          S->second, MA.warpLanes(), UI->hasDivergentTerminator(Branch)));
      return It->second;
    }
    std::optional<Expr> Lanes = MA.activeLanes(Branch, Succ);
    if (!Lanes)
      return std::nullopt;
    std::optional<Rational> C = Lanes->getConstant();
    if (C && !(*C < Rational(static_cast<int64_t>(MA.warpLanes()))))
      return std::nullopt; // every lane: the side is taken
    Expr W = C ? Expr::constant(*C < Rational(1) ? *C : Rational(1))
               : Expr::min(Expr::constant(1), *Lanes);
    // A tree reduction's `if (tid < s)`: the mean over the halving loop's
    // iterations of whether some lane takes the side.
    if (std::optional<Expr> Mean = averageOverHalving(W, MA, Launch))
      W = *Mean;
    else
      return std::nullopt;
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
          IsParam(S))
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

/// A load through a pointer each lane chooses (AccessInfo::ChoiceLanes):
/// its warp waits for the slowest state space one of its lanes reads, so
/// the latency symbol it is priced with (lat.global for a generic pointer)
/// becomes the greatest over its parts of min(1, lanes) x lat.<space>.
static void chooseLatency(ArrayRef<AccessInfo> Parts, CostInfo &C) {
  if (!C.IsLoad || C.IsAtomic)
    return;
  std::vector<Expr> Waits;
  for (const AccessInfo &P : Parts) {
    if (!P.ChoiceLanes)
      return;
    Waits.push_back(Expr::min(Expr::constant(1), *P.ChoiceLanes) *
                    Expr::symbol(getLatencySymbol(P.Space)));
  }
  C.Lat =
      C.Lat.substitute({{getLatencySymbol(C.Space).str(), Expr::max(Waits)}});
}

const ThreadModel &KernelInputBuilder::modelFor(const MemoryAnalysis &MA,
                                                const Bindings &ParamValues) {
  ModelKey Key = modelKey(MA, ParamValues);
  auto It = Models.find(Key);
  if (It != Models.end())
    return It->second;
  return Models.emplace(Key, adjustedModel(MA, ParamValues, nullptr))
      .first->second;
}

ThreadModel KernelInputBuilder::adjustedModel(
    const MemoryAnalysis &MA, const Bindings &ParamValues,
    const std::function<bool(const Instruction &)> &Keep) {
  // Sides of divergent branches that no lane of a warp takes cost nothing
  // there (a bounds guard in a block past the end of the data).
  ReachCache Cache;
  BranchReach Reach = reachOf(MA, ParamValues, Cache);
  if (!weighsSomeSide(Reach))
    Reach = nullptr;
  // Replays: a bank-conflicted or wide shared access takes one wavefront
  // per phase, a constant access one per distinct address; each extra one
  // costs the issue slot again and a cycle of latency (Pogorilyy et al.'s
  // measurements: a conflict takes as many cycles as threads hitting one
  // bank).
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
        return ReplaysOf(A) > Rational(1) || A.ChoiceLanes;
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
    if (A->ChoiceLanes)
      chooseLatency(MA.accessesOf(I), C);
    Rational Replays = ReplaysOf(*A);
    if (Replays == Rational(1))
      return;
    C.Del = C.Del * Expr::constant(Replays);
    C.Lat = C.Lat + Expr::constant(Replays - Rational(1));
  };
  CostModel Costs(T);
  ThreadModel M = computeThreadModel(F, FAM, Costs, Costs.getNominalLatencies(),
                                     Adjust, Reach, &Plain.Loops);
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
  if (!PipesUsed) {
    // A conservative scan: an adjustment only scales or drops a cost.
    PipesUsed.emplace();
    PipesUsed->fill(false);
    std::vector<const Function *> Work = {&F};
    SmallPtrSet<const Function *, 8> Seen = {&F};
    while (!Work.empty()) {
      const Function *Fn = Work.back();
      Work.pop_back();
      for (const Instruction &Inst : instructions(*Fn)) {
        // The Thread stage adds a call to a function with a body at its
        // own cost, unadjusted: in every pipe's delay.
        bool Whole = false;
        if (auto *Call = dyn_cast<CallBase>(&Inst))
          if (const Function *Callee = Call->getCalledFunction())
            if (!Callee->isDeclaration()) {
              Whole = true;
              if (Seen.insert(Callee).second)
                Work.push_back(Callee);
            }
        CostInfo C = Costs.getCost(Inst);
        if (std::optional<Rational> D = C.Del.getConstant(); D && D->isZero())
          continue;
        for (size_t I = 0; I != NumIssuePipes; ++I)
          if (Whole || Share(C, static_cast<IssuePipe>(I)) > Rational(0))
            (*PipesUsed)[I] = true;
      }
    }
  }
  std::vector<Expr> Terms;
  for (size_t I = 0; I != NumIssuePipes; ++I) {
    if (!(*PipesUsed)[I])
      continue; // its delay would be 0, which is left out below
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
                                OnePipe, Reach, &Plain.Loops)
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
                                       Reach, &Plain.Loops)
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
    const LoopTrip *Trip = findLoopTrip(M.Loops, L);
    if (!Trip)
      continue;
    // Inner counts at this loop's mean iteration, as the Thread stage does.
    Expr Mean = (Trip->Trip - 1) * Expr::constant(Rational(1, 2));
    Count = Count.substitute({{getIterSymbol(Trip->Name), Mean}}) * Trip->Trip;
  }
  return Count;
}

std::optional<Expr> averageOverHalving(const Expr &E, const MemoryAnalysis &MA,
                                       const Bindings &Launch) {
  std::set<std::string> Symbols;
  E.collectSymbols(Symbols);
  Expr Mean = E;
  for (const std::string &S : Symbols) {
    if (!StringRef(S).starts_with("val."))
      continue;
    std::optional<MemoryAnalysis::HalvingValue> H = MA.halvingValue(S);
    if (!H)
      return std::nullopt;
    std::optional<int64_t> Trip;
    if (std::optional<Rational> T = H->Trip.evaluate(Launch);
        T && T->isInteger())
      Trip = Expr::constant(*T).getInt64();
    std::optional<Rational> First = H->Start.evaluate(Launch);
    if (!Trip || *Trip < 1 || *Trip > MaxHalvingIterations || !First ||
        !First->isInteger() || First->sign() < 0)
      return std::nullopt;
    // Iteration K sees floor(First / 2^K); the mean over the iterations.
    Expr Sum;
    Rational Value = *First;
    for (int64_t K = 0; K != *Trip; ++K) {
      Sum += Mean.substitute({{S, Expr::constant(Value)}});
      Value = (Value / Rational(2)).floor();
    }
    Mean = Sum * Expr::constant(Rational(1, *Trip));
  }
  return Mean;
}

static size_t termCount(const Expr &E) {
  return E.getKind() == Expr::Kind::Add ? E.operands().size() : 1;
}

Expr KernelInputBuilder::activeFraction(
    const Instruction &I, const MemoryAnalysis &MA, bool &Bounded,
    const std::map<BranchEdge, Rational> &Shares,
    const Bindings &Launch) const {
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
    if (auto S = Shares.find({Pred, BB}); S != Shares.end()) {
      Factors.push_back(Expr::constant(S->second));
      continue;
    }
    // A value the Memory stage keeps opaque (val.*: data, or a value it
    // does not follow) passes every lane, build() says so; a halving
    // loop's value passes the mean over its iterations.
    std::optional<Expr> F = MA.activeFraction(*Pred, *BB);
    if (F)
      F = averageOverHalving(*F, MA, Launch);
    if (F) {
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

std::map<unsigned, double> KernelInputBuilder::groupLiveShares(
    const MemoryAnalysis &MA, const std::map<BranchEdge, Rational> &Shares,
    const CacheContext &Ctx,
    const std::map<std::string, Expr> &MeanIterations) const {
  std::map<unsigned, std::vector<const AccessInfo *>> Members;
  for (const AccessInfo &A : MA.accesses())
    if (A.Reuse.GroupSize > 1 && A.Reuse.SameAddresses)
      Members[A.Reuse.Group].push_back(&A);
  std::map<unsigned, double> Live;
  if (Members.empty())
    return Live;
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  bool OverThreads = false;
  auto Eval = [&](const Expr &E) {
    return evaluateAtLaunch(E.substitute(MeanIterations), Ctx, OverThreads);
  };
  // The lanes that reach a block: its active fraction (as the traffic
  // takes it; a bounded product is as good here).
  std::map<const BasicBlock *, std::optional<double>> Reached;
  auto ReachOf = [&](const BasicBlock *BB) {
    auto [It, New] = Reached.try_emplace(BB);
    if (New) {
      bool Bounded = false;
      It->second = Eval(activeFraction(*BB->getTerminator(), MA, Bounded,
                                       Shares, Ctx.Launch));
    }
    return It->second;
  };
  for (auto &[Group, As] : Members) {
    const BasicBlock *Dom = As.front()->Inst->getParent();
    for (const AccessInfo *A : As)
      Dom = DT.findNearestCommonDominator(Dom, A->Inst->getParent());
    std::optional<double> All = Dom ? ReachOf(Dom) : std::nullopt;
    if (!All || *All <= 0)
      continue;
    double Weighed = 0, Requested = 0;
    bool Known = true;
    for (const AccessInfo *A : As) {
      std::optional<double> Executions = Eval(A->ExecutionsPerThread);
      std::optional<double> Share = ReachOf(A->Inst->getParent());
      if (!Executions || !Share) {
        Known = false;
        break;
      }
      double Bytes = *Executions * static_cast<double>(A->BytesPerThread);
      Requested += Bytes;
      Weighed += Bytes * std::min(1.0, *Share / *All);
    }
    if (Known && Requested > 0)
      Live[Group] = std::clamp(Weighed / Requested, 0.0, 1.0);
  }
  return Live;
}

} // namespace ktime

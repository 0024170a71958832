//===- ThreadModel.cpp - Per-thread time, delay and barriers of a kernel --===//
//
// Loops innermost first: one iteration is a pass through the loop's region
// (RegionCost.cpp), giving lat (critical path), del (issue cycles) and
// barriers per iteration; the loop then costs, per entry,
//   time = trip * max(lat, del)   (+ the header once more if it tests at
//                                   the top),
//   del  = trip * del,  barriers = trip * barriers,
// and is a compound node of the loop (or function) around it. Inner counts
// that depend on the outer iteration number iter.L are averaged by putting
// the mean iteration (trip - 1) / 2 in its place, exact for costs affine in
// it. The kernel is the function's region, once: time = max(lat, del).
// docs/model.md gives the reasoning.
//
//===----------------------------------------------------------------------===//
#include "AffineTripCount.h"
#include "KernelTime/Cost.h"
#include "KernelTime/ScevToExpr.h"
#include "ThreadModelImpl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

namespace {

class ThreadModelBuilder {
public:
  ThreadModelBuilder(FunctionAnalysisManager &FAM, const CostModel &Costs,
                     const Bindings &Nominal, const CostAdjuster &Adjust,
                     const BranchReach &Reach, const Function *ReachOf,
                     const std::vector<LoopTrip> *KnownTrips)
      : FAM(FAM), Costs(Costs), Nominal(Nominal), Adjust(Adjust), Reach(Reach),
        ReachOf(ReachOf), KnownTrips(KnownTrips) {}

  ThreadModel build(Function &F);

private:
  InstrTiming timing(const Instruction &I, ThreadModel &M);
  std::optional<InstrTiming> callTiming(const CallBase &Call, ThreadModel &M);

  FunctionAnalysisManager &FAM;
  const CostModel &Costs;
  const Bindings &Nominal;
  const CostAdjuster &Adjust;
  /// The reach of divergent branches' edges, for ReachOf's branches only.
  const BranchReach &Reach;
  const Function *ReachOf;
  /// ReachOf's loops when the caller has them (computeLoopTrips), or null.
  const std::vector<LoopTrip> *KnownTrips;
  /// A finished callee model: its cost in its own parameters, the
  /// parameters it mentions (number and symbol) and its notes.
  struct CalleeCost {
    NodeCost Cost;
    std::vector<std::pair<unsigned, std::string>> Params;
    std::vector<ModelNote> Notes;
  };
  /// Functions being modelled (for recursion) and finished callee models.
  SmallPtrSet<const Function *, 8> InProgress;
  DenseMap<const Function *, CalleeCost> Callees;
};

void addNote(ThreadModel &M, const Instruction &I, std::string Text) {
  for (const ModelNote &N : M.Notes)
    if (N.Text == Text)
      return;
  M.Notes.push_back({I.getDebugLoc(), std::move(Text)});
}

std::optional<InstrTiming> ThreadModelBuilder::callTiming(const CallBase &Call,
                                                          ThreadModel &M) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || Callee->isDeclaration())
    return std::nullopt;
  if (InProgress.count(Callee)) {
    addNote(M, Call,
            "recursive call to " + Callee->getName().str() +
                " costed as one call instruction: the recursion depth is "
                "not known");
    return std::nullopt;
  }
  auto It = Callees.find(Callee);
  if (It == Callees.end()) {
    ThreadModel CM = build(const_cast<Function &>(*Callee));
    CalleeCost Cost;
    Cost.Cost.Lat = Cycles(CM.Time, Nominal);
    Cost.Cost.Del = Cycles(CM.Delay, Nominal);
    Cost.Cost.Barriers = CM.Barriers;
    Cost.Notes = std::move(CM.Notes);
    std::set<std::string> Symbols;
    CM.Time.collectSymbols(Symbols);
    CM.Delay.collectSymbols(Symbols);
    CM.Barriers.collectSymbols(Symbols);
    SymbolNamer CalleeNames(*Callee);
    for (const Argument &A : Callee->args())
      if (std::string Name = CalleeNames.getParamName(A.getArgNo());
          Symbols.count(Name))
        Cost.Params.emplace_back(A.getArgNo(), Name);
    It = Callees.try_emplace(Callee, std::move(Cost)).first;
  }
  for (const ModelNote &N : It->second.Notes)
    addNote(M, Call, N.Text);
  // The callee's parameters are symbols of its own; at this call each is
  // what the call passes: a constant, a parameter of the caller, or else
  // a symbol named after the callee (callee.param).
  NodeCost Cost = It->second.Cost;
  std::map<std::string, Expr> Subst;
  std::optional<SymbolNamer> CallerNames;
  for (const auto &[ArgNo, Name] : It->second.Params) {
    const Value *Actual = Call.getArgOperand(ArgNo);
    if (const auto *C = dyn_cast<ConstantInt>(Actual)) {
      Subst[Name] = Expr::constant(C->getSExtValue());
    } else if (const auto *A = dyn_cast<Argument>(Actual)) {
      if (!CallerNames)
        CallerNames.emplace(*Call.getFunction());
      Subst[Name] = Expr::symbol(CallerNames->getParamName(A->getArgNo()));
    } else {
      Subst[Name] = Expr::symbol(Callee->getName().str() + "." + Name);
    }
  }
  if (!Subst.empty()) {
    Cost.Lat = Cycles(Cost.Lat.E.substitute(Subst), Nominal);
    Cost.Del = Cycles(Cost.Del.E.substitute(Subst), Nominal);
    Cost.Barriers = Cost.Barriers.substitute(Subst);
  }
  // The callee's work plus the call instruction itself.
  CostInfo C = Costs.getCost(Call);
  InstrTiming T;
  T.Lat = Cost.Lat + Cycles(C.Lat, Nominal);
  T.Del = Cost.Del + Cycles(C.Del, Nominal);
  T.Barriers = Cost.Barriers;
  T.Awaited = !Call.getType()->isVoidTy();
  return T;
}

InstrTiming ThreadModelBuilder::timing(const Instruction &I, ThreadModel &M) {
  if (const auto *Call = dyn_cast<CallBase>(&I))
    if (std::optional<InstrTiming> T = callTiming(*Call, M))
      return *T;
  CostInfo C = Costs.getCost(I);
  if (Adjust)
    Adjust(I, C);
  if (!C.Assumption.empty())
    addNote(M, I, C.Assumption);
  InstrTiming T;
  T.Lat = Cycles(C.Lat, Nominal);
  T.Del = Cycles(C.Del, Nominal);
  T.Awaited = !I.getType()->isVoidTy() && !C.IsStore;
  if (C.K == CostInfo::Kind::Barrier)
    T.Barriers = Expr::constant(1);
  return T;
}

ThreadModel ThreadModelBuilder::build(Function &F) {
  InProgress.insert(&F);
  ThreadModel M;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  // Divergence only for functions with a branch that asks for it.
  UniformityInfo *UI = nullptr;
  M.Loops =
      KnownTrips && &F == ReachOf ? *KnownTrips : computeLoopTrips(F, LI, SE);
  assert(llvm::all_of(M.Loops,
                      [&](const LoopTrip &T) {
                        return LI.getLoopFor(T.TheLoop->getHeader()) ==
                               T.TheLoop;
                      }) &&
         "the loop counts given are not of this function's loops");

  DenseMap<const BasicBlock *, NodeCost> BlockCosts;
  DenseMap<const Loop *, NodeCost> LoopCosts;
  RegionCallbacks CB;
  CB.Block = [&](const BasicBlock &BB) {
    auto It = BlockCosts.find(&BB);
    if (It == BlockCosts.end())
      It = BlockCosts
               .try_emplace(&BB, summarizeBlock(BB,
                                                [&](const Instruction &I) {
                                                  return timing(I, M);
                                                }))
               .first;
    return It->second;
  };
  CB.Loop = [&](const Loop &L) { return LoopCosts.lookup(&L); };
  CB.IsDivergent = [&](const BasicBlock &BB) {
    if (!UI)
      UI = &FAM.getResult<UniformityInfoAnalysis>(F);
    return UI->hasDivergentTerminator(BB);
  };
  if (Reach && &F == ReachOf) {
    CB.Reach = Reach;
    CB.Nominal = &Nominal;
  }

  std::vector<std::string> RegionNotes;
  // Inner loops come after their parents in M.Loops.
  for (LoopTrip &T : llvm::reverse(M.Loops)) {
    const Loop &L = *T.TheLoop;
    NodeCost Iter =
        summarizeRegion(&L, *L.getHeader(), LI, PDT, CB, RegionNotes);
    std::string IterSym = getIterSymbol(T.Name);
    Expr Mean = (T.Trip - 1) * Expr::constant(Rational(1, 2));
    Iter.Lat = Iter.Lat.substituted(IterSym, Mean, Nominal);
    Iter.Del = Iter.Del.substituted(IterSym, Mean, Nominal);
    Iter.Barriers = Iter.Barriers.substitute({{IterSym, Mean}});
    NodeCost Whole;
    Whole.Lat = maxKeepingLatencies(Iter.Lat, Iter.Del).scaled(T.Trip, Nominal);
    Whole.Del = Iter.Del.scaled(T.Trip, Nominal);
    Whole.Barriers = simplifyWithSymbolRanges(Iter.Barriers * T.Trip);
    if (T.HeaderExits) {
      NodeCost Header = CB.Block(*L.getHeader());
      Whole.Lat = Whole.Lat + maxKeepingLatencies(Header.Lat, Header.Del);
      Whole.Del = Whole.Del + Header.Del;
      Whole.Barriers = Whole.Barriers + Header.Barriers;
    }
    T.Lat = Iter.Lat.E;
    T.Del = Iter.Del.E;
    T.Time = Whole.Lat.E;
    LoopCosts[&L] = Whole;
  }
  NodeCost Body =
      summarizeRegion(nullptr, F.getEntryBlock(), LI, PDT, CB, RegionNotes);
  M.Time = maxKeepingLatencies(Body.Lat, Body.Del).E;
  M.Delay = Body.Del.E;
  M.Barriers = Body.Barriers;
  // RegionNotes only says that an irreducible cycle was cut; the caller
  // reports each such cycle where it is (findIrreducibleCycles).
  InProgress.erase(&F);
  return M;
}

} // namespace

ThreadModel computeThreadModel(Function &F, FunctionAnalysisManager &FAM,
                               const CostModel &Costs,
                               const Bindings &NominalLatencies,
                               const CostAdjuster &Adjust,
                               const BranchReach &Reach,
                               const std::vector<LoopTrip> *KnownTrips) {
  SymbolRangeCacheScope Cache;
  return ThreadModelBuilder(FAM, Costs, NominalLatencies, Adjust, Reach, &F,
                            KnownTrips)
      .build(F);
}

} // namespace ktime

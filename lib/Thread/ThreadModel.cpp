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
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <set>

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

  /// \p F's model. \p UnknownParams: symbols of \p F's parameters that a
  /// caller passes a value the model cannot name (a loaded or computed
  /// one); the loops whose counts they set count as loops of unknown count
  /// (trip.<loop>), as a loop bounded by such a value in the kernel does.
  ThreadModel build(Function &F,
                    const std::set<std::string> &UnknownParams = {});

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
  /// \p Callee's cost with \p UnknownParams' loops of unknown count
  /// (build), made once per callee and set of such parameters.
  const CalleeCost &calleeCost(const Function &Callee,
                               const std::set<std::string> &UnknownParams);
  /// The caller's side of a call: its names, and the iteration numbers of
  /// the loops that hold the call (actualValue takes no other).
  struct CallSite {
    const CallBase &Call;
    SymbolNamer CallerNames;
    std::set<std::string> Around;
  };
  CallSite callSite(const CallBase &Call, const ThreadModel &M);
  /// What \p Site's call passes as parameter \p ArgNo, in the symbols of
  /// the caller's model \p M: a constant, a parameter of the caller, or an
  /// expression ScalarEvolution gives of those, the ids and the caller's
  /// iteration numbers; std::nullopt for a value the model cannot name.
  std::optional<Expr> actualValue(const CallSite &Site, unsigned ArgNo,
                                  ThreadModel &M);
  /// Functions being modelled (for recursion) and finished callee models,
  /// by callee and the parameters whose values its callers cannot name.
  SmallPtrSet<const Function *, 8> InProgress;
  /// The UnknownParams of the function being built.
  std::set<std::string> UnknownHere;
  std::map<std::pair<const Function *, std::set<std::string>>, CalleeCost>
      Callees;
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
  // The callee's parameters are symbols of its own; at this call each is
  // what the call passes (actualValue), or a value the model cannot name.
  // The loops such a value bounds are loops of unknown count at this call;
  // where it does more (a branch on it), it is a symbol named after the
  // callee (callee.param).
  std::map<unsigned, std::optional<Expr>> Actuals;
  std::set<std::string> Unknown;
  const auto &Params = calleeCost(*Callee, {}).Params;
  if (!Params.empty()) {
    CallSite Site = callSite(Call, M);
    for (const auto &[ArgNo, Name] : Params) {
      std::optional<Expr> &V = Actuals[ArgNo];
      V = actualValue(Site, ArgNo, M);
      if (!V)
        Unknown.insert(Name);
    }
  }
  const CalleeCost &Found = calleeCost(*Callee, Unknown);
  for (const ModelNote &N : Found.Notes)
    addNote(M, Call, N.Text);
  NodeCost Cost = Found.Cost;
  std::map<std::string, Expr> Subst;
  for (const auto &[ArgNo, Name] : Found.Params) {
    const std::optional<Expr> &V = Actuals[ArgNo];
    Subst[Name] = V ? *V : Expr::symbol(Callee->getName().str() + "." + Name);
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
  T.Sequential = true;
  return T;
}

ThreadModelBuilder::CallSite
ThreadModelBuilder::callSite(const CallBase &Call, const ThreadModel &M) {
  const Function &Caller = *Call.getFunction();
  CallSite Site{Call, SymbolNamer(Caller), {}};
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(const_cast<Function &>(Caller));
  for (const Loop *L = LI.getLoopFor(Call.getParent()); L;
       L = L->getParentLoop())
    if (const LoopTrip *T = findLoopTrip(M.Loops, L))
      Site.Around.insert(getIterSymbol(T->Name));
  return Site;
}

std::optional<Expr> ThreadModelBuilder::actualValue(const CallSite &Site,
                                                    unsigned ArgNo,
                                                    ThreadModel &M) {
  const CallBase &Call = Site.Call;
  const Value *Actual = Call.getArgOperand(ArgNo);
  if (const auto *C = dyn_cast<ConstantInt>(Actual))
    return Expr::constant(C->getSExtValue());
  std::optional<Expr> E;
  if (const auto *A = dyn_cast<Argument>(Actual)) {
    E = Expr::symbol(Site.CallerNames.getParamName(A->getArgNo()));
  } else {
    // An integer: a pointer's value is no number a launch could give.
    if (!Actual->getType()->isIntegerTy())
      return std::nullopt;
    Function &Caller = const_cast<Function &>(*Call.getFunction());
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(Caller);
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(Caller);
    // The caller's loops by the names its model gives them: an argument
    // that moves with a loop's iteration is averaged with the loop's cost.
    ScevToExpr Conv(SE, Site.CallerNames, [&M](const Loop *L) {
      const LoopTrip *T = findLoopTrip(M.Loops, L);
      return getIterSymbol(T ? T->Name : "outer");
    });
    // A value a comparison chooses (`t ? t : n`, a select or the phi of a
    // branch's two sides) as loop counts read it: exact per thread.
    Conv.setReadChosenValues(true);
    const SCEV *S = SE.getSCEV(const_cast<Value *>(Actual));
    const Loop *L = LI.getLoopFor(Call.getParent());
    E = Conv.convert(S, L);
    // A value that starts from a join of the paths into the call's loop (in
    // the remainder loop of an unrolled loop, i starts at 0 where the
    // unrolled loop did not run and where it stopped otherwise) is where
    // the loop before it stopped (convertJoinedStart: 0 too where it did
    // not run); otherwise each joined value on its path, of which the
    // largest is taken, as for a loop entered with several first values.
    std::string Joined;
    if (!E && L) {
      SmallVector<Expr, 2> Values = convertJoinedStart(
          S, *L, SE, [&](const SCEV *X) { return Conv.convert(X, L); });
      if (!Values.empty()) {
        E = simplifyWithSymbolRanges(Expr::max(Values));
        if (Values.size() > 1)
          Joined = "a call passes " +
                   SymbolNamer(*Call.getCalledFunction()).getParamName(ArgNo) +
                   " one of " + std::to_string(Values.size()) +
                   " values joined from the paths into its loop (an "
                   "unrolled loop's remainder): the largest, " +
                   E->str();
      }
    }
    if (!E)
      return std::nullopt;
    for (const std::string &A : Conv.getAssumptions())
      addNote(M, Call, A);
    if (!Joined.empty())
      addNote(M, Call, Joined);
  }
  // A parameter of the caller whose own callers pass it a value the model
  // cannot name is as unknown here; so is the iteration number of a loop
  // that does not hold the call (the value a loop of unknown count left).
  std::set<std::string> Symbols;
  E->collectSymbols(Symbols);
  for (const std::string &S : Symbols)
    if (UnknownHere.count(S) ||
        (StringRef(S).starts_with("iter.") && !Site.Around.count(S)))
      return std::nullopt;
  return E;
}

const ThreadModelBuilder::CalleeCost &
ThreadModelBuilder::calleeCost(const Function &Callee,
                               const std::set<std::string> &UnknownParams) {
  auto Key = std::make_pair(&Callee, UnknownParams);
  auto It = Callees.find(Key);
  if (It != Callees.end())
    return It->second;
  ThreadModel CM = build(const_cast<Function &>(Callee), UnknownParams);
  CalleeCost Cost;
  Cost.Cost.Lat = Cycles(CM.Time, Nominal);
  Cost.Cost.Del = Cycles(CM.Delay, Nominal);
  Cost.Cost.Barriers = CM.Barriers;
  Cost.Notes = std::move(CM.Notes);
  std::set<std::string> Symbols;
  CM.Time.collectSymbols(Symbols);
  CM.Delay.collectSymbols(Symbols);
  CM.Barriers.collectSymbols(Symbols);
  SymbolNamer CalleeNames(Callee);
  for (const Argument &A : Callee.args())
    if (std::string Name = CalleeNames.getParamName(A.getArgNo());
        Symbols.count(Name))
      Cost.Params.emplace_back(A.getArgNo(), Name);
  return Callees.try_emplace(Key, std::move(Cost)).first->second;
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

ThreadModel
ThreadModelBuilder::build(Function &F,
                          const std::set<std::string> &UnknownParams) {
  InProgress.insert(&F);
  std::set<std::string> OuterUnknown =
      std::exchange(UnknownHere, UnknownParams);
  ThreadModel M;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  // Divergence only for functions with a branch that asks for it.
  UniformityInfo *UI = nullptr;
  M.Loops =
      KnownTrips && &F == ReachOf ? *KnownTrips : computeLoopTrips(F, LI, SE);
  if (!UnknownParams.empty())
    for (LoopTrip &T : M.Loops) {
      std::set<std::string> Symbols;
      T.Trip.collectSymbols(Symbols);
      std::vector<std::string> Bounding;
      for (const std::string &S : Symbols)
        if (UnknownParams.count(S))
          Bounding.push_back(S);
      if (Bounding.empty())
        continue;
      std::string Trip = getTripSymbol(T.Name);
      addNote(M, *T.TheLoop->getHeader()->getFirstNonPHIIt(),
              "trip count of the loop unknown because a call passes " +
                  join(Bounding, ", ") +
                  " a value the model cannot name (one loaded from memory, "
                  "merged from several paths or left by a loop of unknown "
                  "count); it is the symbol " +
                  Trip +
                  (T.LineName.empty()
                       ? std::string()
                       : " (or " + getTripSymbol(T.LineName) + ")"));
      T.Trip = Expr::symbol(Trip);
      T.Exact = false;
    }
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
  UnknownHere = std::move(OuterUnknown);
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

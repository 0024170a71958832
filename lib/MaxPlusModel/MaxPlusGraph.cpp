//===- MaxPlusGraph.cpp - Regions, loops and calls as kernel graphs -------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// GraphBuilder: a function's loops innermost first, then its body. A region
/// (the body, or one iteration of a loop) is its instructions in reverse
/// post-order with every sub-loop collapsed into one item at its header;
/// barriers (and sub-loops or calls containing one) cut it into fragments
/// that run one after the other; each fragment becomes a graph
/// (FragmentGraph.cpp). A loop without barriers becomes a compound node
/// through loopTime (LoopTime.cpp), one with barriers takes trip x the sum
/// of its fragments; a called device function takes its own instance time.
/// Every graph goes into the report. docs/models/maxplus.md.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/Thread.h"
#include "MaxPlusModelImpl.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

/// The analyses and results of the function being built.
struct GraphBuilder::FunctionState {
  Function *F = nullptr;
  LoopInfo *LI = nullptr;
  PostDominatorTree *PDT = nullptr;
  UniformityInfo *UI = nullptr;
  std::vector<LoopTrip> Trips;
  DenseMap<const Loop *, const LoopTrip *> TripOf;
  DenseSet<const Value *> Data;
  DenseMap<const Loop *, CompoundSummary> Loops;
  std::vector<const BasicBlock *> RPO;
  std::unique_ptr<ModuleSlotTracker> MST;
  /// "function f " for callees' graphs.
  std::string TitlePrefix;
};

std::string GraphBuilder::name(const Value *V) const {
  std::string S;
  raw_string_ostream OS(S);
  V->printAsOperand(OS, /*PrintType=*/false, *FS->MST);
  return S;
}

void GraphBuilder::note(std::string Text) {
  if (!is_contained(Out.Assumptions, Text))
    Out.Assumptions.push_back(std::move(Text));
}

bool GraphBuilder::isData(const Value *V) const { return FS->Data.count(V); }

const LoopInfo &GraphBuilder::loopInfo() const { return *FS->LI; }

std::string GraphBuilder::loopName(const Loop *L) const {
  const LoopTrip *T = FS->TripOf.lookup(L);
  return T ? T->Name : std::string("?");
}

CompoundSummary GraphBuilder::loopSummary(const Loop *Sub,
                                          const Region &R) const {
  CompoundSummary S = FS->Loops.lookup(Sub);
  // An inner trip count may depend on the iteration number of the loop
  // around it: its mean stands for it, as in the thread model.
  if (R.L)
    if (const LoopTrip *T = FS->TripOf.lookup(R.L)) {
      std::string Iter = getIterSymbol(T->Name);
      if (S.Time.E.mentions(Iter))
        S.Time = MPTime(
            S.Time.E.substitute(
                {{Iter, (T->Trip - 1) * Expr::constant(Rational(1, 2))}}),
            Bind);
    }
  return S;
}

int GraphBuilder::fragmentOf(const Region &R, const Instruction *U) const {
  if (R.L && !R.L->contains(U))
    return -1;
  if (const Loop *Sub = directSubLoop(*FS->LI, R.L, U->getParent())) {
    auto It = R.SubFragment.find(Sub);
    return It == R.SubFragment.end() ? -1 : int(It->second);
  }
  auto It = R.InstrFragment.find(U);
  return It == R.InstrFragment.end() ? -1 : int(It->second);
}

/// Adds \p From's memory facts to \p To.
static void merge(CompoundSummary &To, const CompoundSummary &From) {
  To.Writes |= From.Writes;
  To.Barrier |= From.Barrier;
  To.GlobalReads |= From.GlobalReads;
  To.GlobalWrites |= From.GlobalWrites;
}

Region GraphBuilder::makeRegion(const Loop *L, CompoundSummary &S) {
  Region R;
  R.L = L;
  for (const BasicBlock *BB : FS->RPO) {
    if (L && !L->contains(BB))
      continue;
    const Loop *Sub = directSubLoop(*FS->LI, L, BB);
    if (!Sub) {
      for (const Instruction &I : *BB)
        R.Items.push_back({&I, nullptr, BB});
    } else if (BB == Sub->getHeader()) {
      R.Items.push_back({nullptr, Sub, BB});
    }
  }

  // Costs, memory facts, and the serialised accesses of one round.
  Expr Inner; // Global bytes of the sub-loops and calls, read / written.
  Expr InnerW;
  for (const RegionItem &It : R.Items) {
    if (It.Sub) {
      const CompoundSummary &Sub = FS->Loops[It.Sub];
      Inner = Inner + Sub.ReadBytes;
      InnerW = InnerW + Sub.WriteBytes;
      merge(S, Sub);
      continue;
    }
    CostInfo C = Costs.getCost(*It.I);
    if (!C.Assumption.empty())
      note(C.Assumption);
    bool Barrier = C.K == CostInfo::Kind::Barrier;
    S.Barrier |= Barrier;
    S.Writes |= C.IsStore || C.IsAtomic ||
                (isa<CallBase>(It.I) && It.I->mayWriteToMemory() &&
                 !C.isFree() && !Barrier);
    if (const auto *Call = dyn_cast<CallBase>(It.I))
      if (std::optional<CompoundSummary> CS = callSummary(*Call)) {
        Inner = Inner + CS->ReadBytes;
        InnerW = InnerW + CS->WriteBytes;
        merge(S, *CS);
      }
    bool Global = C.Space == MemSpace::Global || C.Space == MemSpace::Generic;
    if (Global && C.K == CostInfo::Kind::Memory && C.AccessBytes) {
      Rational Bytes(int64_t(C.AccessBytes));
      if (C.IsLoad && !C.IsStore && !C.IsAtomic) {
        R.ReadBefore[It.I] = R.RoundRead;
        R.RoundRead += Bytes;
        S.GlobalReads = true;
      } else if (C.IsStore || C.IsAtomic) {
        R.WriteBefore[It.I] = R.RoundWrite;
        R.RoundWrite += Bytes;
        S.GlobalWrites = true;
      }
    }
    R.Costs.try_emplace(It.I, std::move(C));
  }
  R.IterRead = Inner + Expr::constant(R.RoundRead);
  R.IterWrite = InnerW + Expr::constant(R.RoundWrite);
  S.ReadBytes = R.IterRead;
  S.WriteBytes = R.IterWrite;

  // Fragments: a barrier ends one; a sub-loop or call with a barrier is
  // one of its own.
  R.Fragments.emplace_back();
  auto Close = [&] {
    if (!R.Fragments.back().empty())
      R.Fragments.emplace_back();
  };
  for (size_t K = 0; K < R.Items.size(); ++K) {
    const RegionItem &It = R.Items[K];
    bool Own = false;
    if (It.Sub) {
      Own = FS->Loops[It.Sub].Barrier;
    } else if (R.Costs[It.I].K == CostInfo::Kind::Barrier) {
      Close();
      continue;
    } else if (const auto *Call = dyn_cast<CallBase>(It.I)) {
      if (std::optional<CompoundSummary> CS = callSummary(*Call))
        Own = CS->Barrier;
    }
    if (Own)
      Close();
    R.Fragments.back().push_back(K);
    if (Own)
      Close();
  }
  if (R.Fragments.back().empty() && R.Fragments.size() > 1)
    R.Fragments.pop_back();
  for (unsigned F = 0; F < R.Fragments.size(); ++F)
    for (size_t K : R.Fragments[F]) {
      if (R.Items[K].Sub)
        R.SubFragment[R.Items[K].Sub] = F;
      else
        R.InstrFragment[R.Items[K].I] = F;
    }

  R.Control =
      analyseRegionControl(L, FS->RPO, *FS->LI, *FS->PDT, *FS->UI, FS->Data);
  for (const std::string &N : R.Control.Notes)
    note(N);
  R.Recurrence = L && R.Fragments.size() == 1 && !S.Barrier;
  return R;
}

std::vector<KernelGraph> GraphBuilder::buildFragments(const Region &R) {
  std::vector<KernelGraph> Graphs;
  for (unsigned F = 0; F < R.Fragments.size(); ++F) {
    KernelGraph G = buildFragmentGraph(*this, R, F);
    if (G.size())
      Graphs.push_back(std::move(G));
  }
  return Graphs;
}

/// The report of one graph: its height, time, the paper's dense form
/// (fragments of a function), and its size after Table 1.
static MaxPlusGraphReport report(std::string Title, KernelGraph G, bool Dense) {
  MaxPlusGraphReport Rep;
  Rep.Title = std::move(Title);
  Rep.Graph = std::move(G);
  Rep.Height = graphHeight(Rep.Graph);
  Rep.Time = graphTime(Rep.Graph);
  if (Dense)
    Rep.DenseTime = denseGraphTime(Rep.Graph);
  KernelGraph Reduced = reduceSeriesParallel(Rep.Graph);
  Rep.ReducedNodes = Reduced.size();
  Rep.ReducedArcs = static_cast<unsigned>(Reduced.numArcs());
  return Rep;
}

CompoundSummary GraphBuilder::buildLoop(const Loop &L) {
  for (const Loop *Sub : L.getSubLoops())
    FS->Loops[Sub] = buildLoop(*Sub);
  const LoopTrip *T = FS->TripOf.lookup(&L);
  Expr Trip = T ? T->Trip : Expr::symbol("trip.?");
  std::string Name = loopName(&L);
  if (T)
    for (const std::string &A : T->Assumptions)
      note("loop " + Name + ": " + A);
  // A trip count the options' symbols fix is that constant (and unrolled).
  if (!Trip.isConstant())
    if (std::optional<Rational> V = Trip.evaluate(O.Symbols))
      if (V->isInteger())
        Trip = Expr::constant(*V);

  CompoundSummary S;
  Region R = makeRegion(&L, S);
  std::vector<KernelGraph> Graphs = buildFragments(R);
  S.ReadBytes = S.ReadBytes * Trip;
  S.WriteBytes = S.WriteBytes * Trip;
  std::string Title = FS->TitlePrefix + "loop " + Name + " body";
  if (Graphs.empty())
    return S; // Nothing but index computations: no time in this model.
  if (R.Recurrence) {
    MaxPlusGraphReport Rep =
        report(Title, std::move(Graphs[0]), /*Dense=*/false);
    LoopTime LT = loopTime(Rep.Graph, Trip, Bind, O.MaxUnroll);
    for (const std::string &N : LT.Notes)
      note("loop " + Name + ": " + N);
    Rep.Time = LT.FirstIteration;
    Rep.Trip = Trip;
    S.Time = LT.Time;
    Rep.Loop = std::move(LT);
    Out.Graphs.push_back(std::move(Rep));
    return S;
  }
  // With barriers the iterations cannot overlap: each runs its fragments
  // in sequence.
  MPTime Iteration;
  for (size_t K = 0; K < Graphs.size(); ++K) {
    MaxPlusGraphReport Rep =
        report(Title + " fragment " + std::to_string(K + 1),
               std::move(Graphs[K]), /*Dense=*/false);
    Rep.Trip = Trip;
    Iteration = Iteration + Rep.Time;
    Out.Graphs.push_back(std::move(Rep));
  }
  if (S.Barrier)
    note("loop " + Name +
         ": contains a barrier, so its iterations run one after the other "
         "(trip x the sum of its fragments)");
  S.Time = Iteration.times(Trip, Bind);
  return S;
}

std::optional<CompoundSummary> GraphBuilder::callSummary(const CallBase &Call) {
  Function *Callee = Call.getCalledFunction();
  if (!Callee || Callee->isDeclaration())
    return std::nullopt;
  auto It = Callees.find(Callee);
  if (It != Callees.end())
    return It->second;
  if (InProgress.count(Callee)) {
    note("recursive call to " + Callee->getName().str() +
         ": costed as the call instruction");
    return std::nullopt;
  }
  FunctionState *Caller = FS;
  CompoundSummary S = buildFunction(*Callee, /*Top=*/false);
  FS = Caller;
  Callees[Callee] = S;
  return S;
}

CompoundSummary GraphBuilder::buildFunction(Function &Fn, bool Top) {
  InProgress.insert(&Fn);
  FunctionState State;
  State.F = &Fn;
  State.LI = &FAM.getResult<LoopAnalysis>(Fn);
  State.PDT = &FAM.getResult<PostDominatorTreeAnalysis>(Fn);
  State.UI = &FAM.getResult<UniformityInfoAnalysis>(Fn);
  State.Trips = computeLoopTrips(Fn, *State.LI,
                                 FAM.getResult<ScalarEvolutionAnalysis>(Fn));
  for (const LoopTrip &T : State.Trips)
    State.TripOf[T.TheLoop] = &T;
  State.Data = findDataValues(Fn);
  for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&Fn))
    State.RPO.push_back(BB);
  State.MST = std::make_unique<ModuleSlotTracker>(Fn.getParent());
  State.MST->incorporateFunction(Fn);
  if (!Top)
    State.TitlePrefix = "function " + Fn.getName().str() + " ";
  FS = &State;
  for (const ModelNote &N :
       findIrreducibleCycles(Fn, FAM.getResult<CycleAnalysis>(Fn)))
    note(N.Text + " (the max-plus model takes its blocks once, in "
                  "reverse post-order)");

  for (const Loop *L : *State.LI)
    State.Loops[L] = buildLoop(*L);
  CompoundSummary S;
  Region R = makeRegion(nullptr, S);
  std::vector<KernelGraph> Graphs = buildFragments(R);
  MPTime Total;
  unsigned Height = 0;
  for (size_t K = 0; K < Graphs.size(); ++K) {
    MaxPlusGraphReport Rep =
        report(State.TitlePrefix + "fragment " + std::to_string(K + 1),
               std::move(Graphs[K]), /*Dense=*/true);
    Total = Total + Rep.Time;
    Height = std::max(Height, Rep.Height);
    Out.Graphs.push_back(std::move(Rep));
  }
  S.Time = Total;
  if (Top) {
    Out.InstanceCycles = Total.E;
    Out.Height = Height;
    Out.Fragments = static_cast<unsigned>(Graphs.size());
  }
  InProgress.erase(&Fn);
  FS = nullptr;
  return S;
}

MaxPlusKernelModel buildMaxPlusModel(Function &F, FunctionAnalysisManager &FAM,
                                     const CostModel &Costs,
                                     const MaxPlusModelOptions &O,
                                     const MaxPlusGpuInputs &Gpu,
                                     const Bindings &B) {
  MaxPlusKernelModel M;
  M.V = O.V;
  GraphBuilder(FAM, Costs, O, Gpu, B, M).buildFunction(F, /*Top=*/true);
  return M;
}

} // namespace ktime

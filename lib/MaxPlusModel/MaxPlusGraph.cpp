//===- MaxPlusGraph.cpp - Kernel graphs from the IR -----------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Builds the max-plus kernel graphs of a function (docs/models/maxplus.md):
/// a region (the function body, or one iteration of a loop) is walked in
/// reverse post-order with its inner loops collapsed into compound nodes;
/// barriers (and loops or calls containing one) split it into fragments run
/// one after the other. In a fragment each data value gets a node (loads,
/// operations, stores; index computations are left out, free instructions
/// and joins pass their operands through), an arc j -> i for each use
/// weighted out(j) + in(i) (a load's read time t, a store's write time T,
/// zero otherwise), operation times as self-loops, data-dependent branch
/// conditions as arcs into the code they control, and a sync node between
/// the sides of a divergent branch so that they add up. Loops become
/// compound nodes through loopTime; called device functions through their
/// own model.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/Cost.h"
#include "KernelTime/Target.h"
#include "KernelTime/Thread.h"
#include "MaxPlusModelImpl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;

namespace ktime {

namespace {

/// What a loop or a called function looks like from outside, once reduced.
struct Summary {
  MPTime Time;
  /// Writes memory (a store, an atomic, a call with side effects).
  bool Writes = false;
  /// Contains a barrier: a fragment of its own.
  bool Barrier = false;
  /// Global (serialised) accesses, bytes per execution.
  bool GlobalReads = false, GlobalWrites = false;
  Expr ReadBytes, WriteBytes;
};

/// One element of a region: an instruction directly in it, or a sub-loop.
struct Item {
  const Instruction *I = nullptr;
  const Loop *Sub = nullptr;
  /// The block, or the sub-loop's header.
  const BasicBlock *Block = nullptr;
};

/// A divergent branch whose sides run one after the other.
struct DivergentBranch {
  const BasicBlock *Branch;
  std::vector<std::set<const BasicBlock *>> Sides;
};

class Builder;

/// The graph of one fragment of one region.
class FragmentBuilder {
public:
  FragmentBuilder(Builder &B, const Loop *L, unsigned Index)
      : B(B), L(L), Index(Index) {}
  KernelGraph Graph;
  /// Per node: the region block it came from (null for synthetic nodes).
  std::vector<const BasicBlock *> NodeBlock;
  std::vector<MPTime> OutW, InW;

  unsigned node(KGNodeKind K, std::string Label,
                const BasicBlock *Block = nullptr) {
    unsigned N = Graph.addNode(K, std::move(Label));
    NodeBlock.push_back(Block);
    OutW.emplace_back();
    InW.emplace_back();
    return N;
  }
  /// The arc From -> To, weighted out(From) + in(To).
  void arc(unsigned From, unsigned To) {
    if (From != To)
      Graph.addArc(From, To, OutW[From] + InW[To]);
  }
  void arcsFrom(const SmallVectorImpl<unsigned> &Producers, unsigned To) {
    for (unsigned P : Producers)
      arc(P, To);
  }

  SmallVector<unsigned, 4> producers(const Value *V);
  unsigned liveIn(const Instruction *I);
  unsigned indexNode();

  Builder &B;
  const Loop *L;
  unsigned Index;
  DenseMap<const Value *, SmallVector<unsigned, 4>> Prod;
  DenseMap<const Loop *, unsigned> SubNodes;
  DenseMap<const Instruction *, unsigned> LiveIns;
  std::optional<unsigned> Index0;
  std::vector<std::pair<const PHINode *, unsigned>> StatePhis;
};

/// Builds the graphs of one function and of the functions it calls.
class Builder {
public:
  Builder(FunctionAnalysisManager &FAM, const CostModel &Costs,
          const MaxPlusModelOptions &O, const MaxPlusGpuInputs &Gpu,
          const Bindings &Bind, MaxPlusKernelModel &Out)
      : FAM(FAM), Costs(Costs), O(O), Gpu(Gpu), Bind(Bind), Out(Out) {}

  /// The model of \p F's body; \p Top: the kernel itself (its fragments
  /// are the result's).
  Summary buildFunction(Function &F, bool Top);

  // Per-function state, for the function being built.
  struct FunctionState {
    Function *F = nullptr;
    LoopInfo *LI = nullptr;
    PostDominatorTree *PDT = nullptr;
    UniformityInfo *UI = nullptr;
    std::vector<LoopTrip> Trips;
    DenseMap<const Loop *, const LoopTrip *> TripOf;
    DenseSet<const Value *> Data;
    DenseMap<const Loop *, Summary> Loops;
    std::vector<const BasicBlock *> RPO;
    std::unique_ptr<ModuleSlotTracker> MST;
    std::string TitlePrefix;
  };
  FunctionState *FS = nullptr;

  FunctionAnalysisManager &FAM;
  const CostModel &Costs;
  const MaxPlusModelOptions &O;
  const MaxPlusGpuInputs &Gpu;
  const Bindings &Bind;
  MaxPlusKernelModel &Out;
  SmallPtrSet<const Function *, 8> InProgress;
  DenseMap<const Function *, Summary> Callees;

  std::string name(const Value *V) const {
    std::string S;
    raw_string_ostream OS(S);
    V->printAsOperand(OS, /*PrintType=*/false, *FS->MST);
    return S;
  }
  void note(std::string Text) {
    if (!llvm::is_contained(Out.Assumptions, Text))
      Out.Assumptions.push_back(std::move(Text));
  }
  bool isData(const Value *V) const { return FS->Data.count(V); }
  /// The direct sub-loop of \p L (null: the function) containing \p BB, or
  /// null if \p BB is directly in \p L.
  const Loop *subLoopOf(const Loop *L, const BasicBlock *BB) const {
    const Loop *In = FS->LI->getLoopFor(BB);
    if (In == L)
      return nullptr;
    while (In && In->getParentLoop() != L)
      In = In->getParentLoop();
    return In;
  }
  bool serialised() const { return O.V == MaxPlusModelOptions::Serialised; }
  static bool isGlobal(const CostInfo &C) {
    return C.Space == MemSpace::Global || C.Space == MemSpace::Generic;
  }
  MPTime constant(const Rational &R) const {
    return MPTime(Expr::constant(R), Bind);
  }

  /// The summary of loop \p L (its sub-loops first), with its graphs
  /// reported.
  Summary buildLoop(const Loop &L);
  /// The fragments of region \p L (null: the function body), appended to
  /// the report; returns the sum of their times and fills \p S's counts.
  struct RegionResult {
    std::vector<KernelGraph> Fragments;
    std::vector<MPTime> Times;
    unsigned MaxHeight = 0;
  };
  RegionResult buildRegion(const Loop *L, Summary &S);
  std::optional<Summary> callSummary(const CallBase &Call);
};

//===----------------------------------------------------------------------===//
// Producers
//===----------------------------------------------------------------------===//

SmallVector<unsigned, 4> FragmentBuilder::producers(const Value *V) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !B.isData(I))
    return {};
  auto It = Prod.find(I);
  if (It != Prod.end())
    return It->second;
  if (!L || L->contains(I)) {
    if (const Loop *Sub = B.subLoopOf(L, I->getParent())) {
      auto S = SubNodes.find(Sub);
      if (S != SubNodes.end())
        return {S->second};
    }
  }
  // Defined before this fragment (or outside the loop): ready at 0.
  return {liveIn(I)};
}

unsigned FragmentBuilder::liveIn(const Instruction *I) {
  auto It = LiveIns.find(I);
  if (It != LiveIns.end())
    return It->second;
  unsigned N = node(KGNodeKind::LiveIn, B.name(I));
  LiveIns[I] = N;
  return N;
}

unsigned FragmentBuilder::indexNode() {
  if (!Index0)
    Index0 = node(KGNodeKind::Index, "(parameters, ids, constants)");
  return *Index0;
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

Builder::RegionResult Builder::buildRegion(const Loop *L, Summary &S) {
  FunctionState &F = *FS;
  RegionResult Result;
  // Items in reverse post-order, sub-loops at their headers.
  std::vector<Item> Items;
  for (const BasicBlock *BB : F.RPO) {
    if (L && !L->contains(BB))
      continue;
    const Loop *Sub = subLoopOf(L, BB);
    if (!Sub) {
      for (const Instruction &I : *BB)
        Items.push_back({&I, nullptr, BB});
    } else if (BB == Sub->getHeader()) {
      Items.push_back({nullptr, Sub, BB});
    }
  }

  // Costs, and the serialised accesses of one round (the region once).
  DenseMap<const Instruction *, CostInfo> Cost;
  DenseMap<const Instruction *, Rational> ReadBefore, WriteBefore;
  Rational RoundRead, RoundWrite;
  Expr IterRead, IterWrite; // one iteration, sub-loops and calls included
  for (const Item &It : Items) {
    if (It.Sub) {
      const Summary &Sub = F.Loops[It.Sub];
      IterRead = IterRead + Sub.ReadBytes;
      IterWrite = IterWrite + Sub.WriteBytes;
      S.Writes |= Sub.Writes;
      S.Barrier |= Sub.Barrier;
      S.GlobalReads |= Sub.GlobalReads;
      S.GlobalWrites |= Sub.GlobalWrites;
      continue;
    }
    CostInfo C = Costs.getCost(*It.I);
    if (!C.Assumption.empty())
      note(C.Assumption);
    if (C.K == CostInfo::Kind::Barrier)
      S.Barrier = true;
    if (C.IsStore || C.IsAtomic ||
        (isa<CallBase>(It.I) && It.I->mayWriteToMemory() && !C.isFree() &&
         C.K != CostInfo::Kind::Barrier))
      S.Writes = true;
    if (const auto *Call = dyn_cast<CallBase>(It.I))
      if (std::optional<Summary> CS = callSummary(*Call)) {
        IterRead = IterRead + CS->ReadBytes;
        IterWrite = IterWrite + CS->WriteBytes;
        S.Writes |= CS->Writes;
        S.Barrier |= CS->Barrier;
        S.GlobalReads |= CS->GlobalReads;
        S.GlobalWrites |= CS->GlobalWrites;
      }
    if (isGlobal(C) && C.K == CostInfo::Kind::Memory && C.AccessBytes) {
      Rational Bytes(int64_t(C.AccessBytes));
      if (C.IsLoad && !C.IsStore && !C.IsAtomic) {
        ReadBefore[It.I] = RoundRead;
        RoundRead += Bytes;
        S.GlobalReads = true;
      } else if (C.IsStore || C.IsAtomic) {
        WriteBefore[It.I] = RoundWrite;
        RoundWrite += Bytes;
        S.GlobalWrites = true;
      }
    }
    Cost.try_emplace(It.I, std::move(C));
  }
  IterRead = IterRead + Expr::constant(RoundRead);
  IterWrite = IterWrite + Expr::constant(RoundWrite);
  S.ReadBytes = IterRead;
  S.WriteBytes = IterWrite;

  // Fragments: a barrier ends one; a sub-loop or call with a barrier is
  // one of its own.
  std::vector<std::vector<size_t>> Frags(1);
  auto Close = [&] {
    if (!Frags.back().empty())
      Frags.emplace_back();
  };
  for (size_t K = 0; K < Items.size(); ++K) {
    const Item &It = Items[K];
    bool OwnFragment = false;
    if (It.Sub) {
      OwnFragment = F.Loops[It.Sub].Barrier;
    } else {
      const CostInfo &C = Cost[It.I];
      if (C.K == CostInfo::Kind::Barrier) {
        Close();
        continue;
      }
      if (const auto *Call = dyn_cast<CallBase>(It.I))
        if (std::optional<Summary> CS = callSummary(*Call))
          OwnFragment = CS->Barrier;
    }
    if (OwnFragment) {
      Close();
      Frags.back().push_back(K);
      Close();
      continue;
    }
    Frags.back().push_back(K);
  }
  if (Frags.back().empty() && Frags.size() > 1)
    Frags.pop_back();
  DenseMap<const Instruction *, unsigned> InstrFrag;
  DenseMap<const Loop *, unsigned> SubFrag;
  for (unsigned Fr = 0; Fr < Frags.size(); ++Fr)
    for (size_t K : Frags[Fr]) {
      if (Items[K].Sub)
        SubFrag[Items[K].Sub] = Fr;
      else
        InstrFrag[Items[K].I] = Fr;
    }
  // The fragment an instruction of the function is in; -1 outside the
  // region.
  auto FragOf = [&](const Instruction *U) -> int {
    if (L && !L->contains(U))
      return -1;
    if (const Loop *Sub = subLoopOf(L, U->getParent())) {
      auto It = SubFrag.find(Sub);
      return It == SubFrag.end() ? -1 : int(It->second);
    }
    auto It = InstrFrag.find(U);
    return It == InstrFrag.end() ? -1 : int(It->second);
  };

  // Control: the region node a block stands for, its successors in the
  // region (sub-loops exit where they exit; back edges and exits left out).
  auto RegionNode = [&](const BasicBlock *BB) -> const BasicBlock * {
    if (L && (!L->contains(BB) || BB == L->getHeader()))
      return nullptr;
    const Loop *Sub = subLoopOf(L, BB);
    return Sub ? Sub->getHeader() : BB;
  };
  auto RegionSuccs = [&](const BasicBlock *N) {
    SmallVector<const BasicBlock *, 4> R;
    auto Add = [&](const BasicBlock *BB) {
      if (const BasicBlock *RN = RegionNode(BB))
        if (!is_contained(R, RN))
          R.push_back(RN);
    };
    if (const Loop *Sub = subLoopOf(L, N)) {
      SmallVector<BasicBlock *, 4> Exits;
      Sub->getUniqueExitBlocks(Exits);
      for (const BasicBlock *E : Exits)
        Add(E);
    } else {
      for (const BasicBlock *Succ : successors(N))
        Add(Succ);
    }
    return R;
  };
  DenseMap<const BasicBlock *, SmallVector<const Value *, 2>> Controls;
  std::vector<DivergentBranch> Divergent;
  for (const BasicBlock *BB : F.RPO) {
    if ((L && !L->contains(BB)) || subLoopOf(L, BB))
      continue;
    SmallVector<const BasicBlock *, 4> Succs = RegionSuccs(BB);
    if (Succs.size() < 2)
      continue;
    const Value *Cond = nullptr;
    if (const auto *Br = dyn_cast<BranchInst>(BB->getTerminator()))
      Cond = Br->isConditional() ? Br->getCondition() : nullptr;
    else if (const auto *Sw = dyn_cast<SwitchInst>(BB->getTerminator()))
      Cond = Sw->getCondition();
    bool DataCond = Cond && isData(Cond);
    bool IsDivergent = F.UI->hasDivergentTerminator(*BB);
    if (!DataCond && !IsDivergent)
      continue;
    const BasicBlock *Join = nullptr;
    if (DomTreeNode *DN = F.PDT->getNode(BB))
      if (DomTreeNode *IP = DN->getIDom())
        Join = IP->getBlock() ? RegionNode(IP->getBlock()) : nullptr;
    std::vector<std::set<const BasicBlock *>> Sides;
    for (const BasicBlock *Start : Succs) {
      std::set<const BasicBlock *> Side;
      SmallVector<const BasicBlock *, 8> Work;
      if (Start != Join)
        Work.push_back(Start);
      while (!Work.empty()) {
        const BasicBlock *N = Work.pop_back_val();
        if (N == BB || !Side.insert(N).second)
          continue;
        for (const BasicBlock *Next : RegionSuccs(N))
          if (Next != Join)
            Work.push_back(Next);
      }
      Sides.push_back(std::move(Side));
    }
    if (DataCond)
      for (const auto &Side : Sides)
        for (const BasicBlock *N : Side)
          if (!is_contained(Controls[N], Cond))
            Controls[N].push_back(Cond);
    if (IsDivergent) {
      std::vector<std::set<const BasicBlock *>> NonEmpty;
      bool Overlap = false;
      std::set<const BasicBlock *> Seen;
      for (auto &Side : Sides) {
        if (Side.empty())
          continue;
        for (const BasicBlock *N : Side)
          Overlap |= !Seen.insert(N).second;
        NonEmpty.push_back(Side);
      }
      if (Overlap)
        note("a divergent branch whose sides meet before their common "
             "end (not an if-else) is taken as uniform: its sides overlap "
             "in time");
      else if (NonEmpty.size() >= 2)
        Divergent.push_back({BB, std::move(NonEmpty)});
    }
  }

  // The loop-carried values: data phis of the header.
  const bool Recurrence = L && Frags.size() == 1 && !S.Barrier;

  for (unsigned Fr = 0; Fr < Frags.size(); ++Fr) {
    FragmentBuilder FB(*this, L, Fr);
    auto Control = [&](unsigned N, const BasicBlock *BB) {
      auto It = Controls.find(BB);
      if (It == Controls.end())
        return;
      for (const Value *Cond : It->second)
        FB.arcsFrom(FB.producers(Cond), N);
    };
    for (size_t K : Frags[Fr]) {
      const Item &It = Items[K];
      if (It.Sub) {
        const LoopTrip *T = F.TripOf.lookup(It.Sub);
        Summary Sub = F.Loops[It.Sub];
        unsigned N =
            FB.node(KGNodeKind::Compound,
                    "loop " + (T ? T->Name : std::string("?")), It.Block);
        // Inner trip counts may depend on this loop's iteration number:
        // its mean stands for it.
        if (L)
          if (const LoopTrip *PT = F.TripOf.lookup(L)) {
            std::string IterSym = getIterSymbol(PT->Name);
            if (Sub.Time.E.mentions(IterSym))
              Sub.Time =
                  MPTime(Sub.Time.E.substitute(
                             {{IterSym, (PT->Trip - 1) *
                                            Expr::constant(Rational(1, 2))}}),
                         Bind);
          }
        if (!Sub.Time.isZero())
          FB.Graph.setSelfLoop(N, Sub.Time);
        FB.Graph.Nodes[N].Output = Sub.Writes;
        if (serialised() && L) {
          if (Sub.GlobalReads)
            FB.Graph.Nodes[N].ReadRate =
                MPTime(Expr::constant(Gpu.CyclesPerByte *
                                      Rational(int64_t(Gpu.Executors))) *
                           IterRead,
                       Bind);
          if (Sub.GlobalWrites)
            FB.Graph.Nodes[N].WriteRate =
                MPTime(Expr::constant(Gpu.CyclesPerByte *
                                      Rational(int64_t(Gpu.Executors))) *
                           IterWrite,
                       Bind);
        }
        // Data from outside the sub-loop that it uses.
        SmallPtrSet<const Value *, 16> Seen;
        for (const BasicBlock *BB : It.Sub->blocks())
          for (const Instruction &I : *BB)
            for (const Value *Op : I.operands())
              if (const auto *OpI = dyn_cast<Instruction>(Op))
                if (!It.Sub->contains(OpI) && Seen.insert(OpI).second)
                  FB.arcsFrom(FB.producers(OpI), N);
        Control(N, It.Block);
        FB.SubNodes[It.Sub] = N;
        continue;
      }
      const Instruction &I = *It.I;
      const CostInfo &C = Cost[&I];
      if (I.isTerminator()) {
        if (const auto *R = dyn_cast<ReturnInst>(&I))
          if (const Value *V = R->getReturnValue()) {
            SmallVector<unsigned, 4> P = FB.producers(V);
            if (!P.empty()) {
              unsigned N = FB.node(KGNodeKind::LiveOut, "ret", It.Block);
              FB.arcsFrom(P, N);
            }
          }
        continue;
      }
      if (const auto *Phi = dyn_cast<PHINode>(&I)) {
        if (!isData(Phi))
          continue;
        if (Recurrence && Phi->getParent() == L->getHeader()) {
          unsigned N = FB.node(KGNodeKind::State, name(Phi), Phi->getParent());
          FB.Prod[Phi] = {N};
          FB.StatePhis.push_back({Phi, N});
          continue;
        }
        SmallVector<unsigned, 4> P;
        for (const Value *In : Phi->incoming_values())
          for (unsigned X : FB.producers(In))
            if (!is_contained(P, X))
              P.push_back(X);
        FB.Prod[Phi] = P;
        continue;
      }
      bool IsMemory = C.IsLoad || C.IsStore || C.IsAtomic;
      if (C.isFree() && !IsMemory) {
        // Free (casts, folded address arithmetic, assumptions): its data
        // operands pass through.
        SmallVector<unsigned, 4> P;
        for (const Value *Op : I.operands())
          for (unsigned X : FB.producers(Op))
            if (!is_contained(P, X))
              P.push_back(X);
        FB.Prod[&I] = P;
        continue;
      }
      bool Writes =
          C.IsStore || C.IsAtomic || (isa<CallBase>(I) && I.mayWriteToMemory());
      if (!isData(&I) && !Writes)
        continue; // An index computation.
      unsigned N;
      if (C.IsLoad && !C.IsStore && !C.IsAtomic) {
        N = FB.node(KGNodeKind::Load, name(&I), It.Block);
        FB.OutW[N] = MPTime(C.Lat, Bind);
        if (serialised() && ReadBefore.count(&I)) {
          Rational Base = (Rational(int64_t(Gpu.Executors)) - 1) * RoundRead +
                          ReadBefore[&I];
          FB.Graph.Nodes[N].Seed = constant(Base * Gpu.CyclesPerByte);
          if (L)
            FB.Graph.Nodes[N].ReadRate =
                MPTime(Expr::constant(Gpu.CyclesPerByte *
                                      Rational(int64_t(Gpu.Executors))) *
                           IterRead,
                       Bind);
        }
        if (const Value *Ptr = getLoadStorePointerOperand(&I))
          FB.arcsFrom(FB.producers(Ptr), N);
        if (const auto *Call = dyn_cast<CallBase>(&I))
          for (const Value *Arg : Call->args())
            FB.arcsFrom(FB.producers(Arg), N);
      } else if (C.IsStore || C.IsAtomic) {
        std::string What;
        if (const auto *St = dyn_cast<StoreInst>(&I))
          What = name(St->getValueOperand());
        else
          What = I.getOpcodeName() +
                 (I.getType()->isVoidTy() ? "" : " " + name(&I));
        N = FB.node(KGNodeKind::Store, What, It.Block);
        FB.InW[N] = MPTime(C.Lat, Bind);
        if (serialised() && WriteBefore.count(&I)) {
          Rational Base = (Rational(int64_t(Gpu.Executors)) - 1) * RoundWrite +
                          WriteBefore[&I];
          FB.InW[N] = FB.InW[N] + constant(Base * Gpu.CyclesPerByte);
          if (L)
            FB.Graph.Nodes[N].WriteRate =
                MPTime(Expr::constant(Gpu.CyclesPerByte *
                                      Rational(int64_t(Gpu.Executors))) *
                           IterWrite,
                       Bind);
        }
        for (const Value *Op : I.operands())
          FB.arcsFrom(FB.producers(Op), N);
        Control(N, It.Block);
        if (FB.Graph.Z.row(N).empty()) // No data: the value is ready at 0.
          FB.arc(FB.indexNode(), N);
      } else if (const auto *Call = dyn_cast<CallBase>(&I);
                 Call && callSummary(*Call)) {
        Summary CS = *callSummary(*Call);
        N = FB.node(KGNodeKind::Compound,
                    "call @" + Call->getCalledFunction()->getName().str(),
                    It.Block);
        MPTime Time = CS.Time + MPTime(C.Lat, Bind);
        if (!Time.isZero())
          FB.Graph.setSelfLoop(N, Time);
        FB.Graph.Nodes[N].Output = CS.Writes || I.getType()->isVoidTy();
        if (serialised() && L) {
          Expr Rate = Expr::constant(Gpu.CyclesPerByte *
                                     Rational(int64_t(Gpu.Executors)));
          if (CS.GlobalReads)
            FB.Graph.Nodes[N].ReadRate = MPTime(Rate * IterRead, Bind);
          if (CS.GlobalWrites)
            FB.Graph.Nodes[N].WriteRate = MPTime(Rate * IterWrite, Bind);
        }
        for (const Value *Arg : Call->args())
          FB.arcsFrom(FB.producers(Arg), N);
      } else {
        std::string Label = I.getOpcodeName();
        if (const auto *Call = dyn_cast<CallBase>(&I)) {
          if (const Function *Callee = Call->getCalledFunction())
            Label = "call @" + Callee->getName().str();
        }
        if (!I.getType()->isVoidTy())
          Label += " " + name(&I);
        N = FB.node(KGNodeKind::Op, Label, It.Block);
        if (O.V != MaxPlusModelOptions::Naive) {
          MPTime Tau(C.Lat, Bind);
          if (!Tau.isZero())
            FB.Graph.setSelfLoop(N, Tau);
        }
        FB.Graph.Nodes[N].Output = Writes;
        for (const Value *Op : I.operands())
          FB.arcsFrom(FB.producers(Op), N);
      }
      Control(N, It.Block);
      FB.Prod[&I] = {N};
    }

    // Values the fragment hands on: to a later fragment, out of the loop.
    for (size_t K : Frags[Fr]) {
      const Item &It = Items[K];
      SmallVector<const Instruction *, 4> Defs;
      if (It.I) {
        Defs.push_back(It.I);
      } else {
        // A sub-loop's values used after it leave through LCSSA phis,
        // which are items themselves; values used by later fragments
        // directly (no LCSSA) are rare but handled here.
        for (const BasicBlock *BB : It.Sub->blocks())
          for (const Instruction &I : *BB)
            Defs.push_back(&I);
      }
      for (const Instruction *D : Defs) {
        if (!isData(D))
          continue;
        bool Leaves = false;
        for (const User *U : D->users())
          if (const auto *UI = dyn_cast<Instruction>(U)) {
            int UF = FragOf(UI);
            if (!L && UF < 0)
              continue; // Unreachable code.
            if (UF != int(Fr) && !(It.Sub && It.Sub->contains(UI)))
              Leaves = true;
          }
        if (!Leaves)
          continue;
        SmallVector<unsigned, 4> P = FB.producers(D);
        if (P.empty())
          continue;
        unsigned N = FB.node(KGNodeKind::LiveOut, name(D));
        FB.arcsFrom(P, N);
      }
    }
    // The carried values: one Carry per State.
    if (Recurrence)
      for (const auto &[Phi, V] : FB.StatePhis) {
        unsigned C = FB.node(KGNodeKind::Carry, name(Phi));
        FB.Graph.Nodes[V].Pair = C;
        FB.Graph.Nodes[C].Pair = V;
        for (unsigned In = 0; In < Phi->getNumIncomingValues(); ++In)
          if (L->contains(Phi->getIncomingBlock(In)))
            FB.arcsFrom(FB.producers(Phi->getIncomingValue(In)), C);
      }
    // Divergent branches: side after side, through a sync node.
    for (const DivergentBranch &D : Divergent) {
      std::vector<std::vector<unsigned>> SideNodes(D.Sides.size());
      for (unsigned V = 0; V < FB.Graph.size(); ++V)
        for (size_t Sd = 0; Sd < D.Sides.size(); ++Sd)
          if (FB.NodeBlock[V] && D.Sides[Sd].count(FB.NodeBlock[V]))
            SideNodes[Sd].push_back(V);
      std::optional<unsigned> Prev;
      for (size_t Sd = 0; Sd < D.Sides.size(); ++Sd) {
        if (SideNodes[Sd].empty())
          continue;
        std::set<unsigned> InSide(SideNodes[Sd].begin(), SideNodes[Sd].end());
        if (Prev) // The roots of this side wait for the previous side.
          for (unsigned V : SideNodes[Sd]) {
            bool Root = true;
            for (const auto &Entry : FB.Graph.Z.row(V))
              Root &= Entry.first == V || !InSide.count(Entry.first);
            if (Root)
              FB.arc(*Prev, V);
          }
        if (Sd + 1 == D.Sides.size())
          break;
        unsigned J = FB.node(KGNodeKind::Sync, name(D.Branch));
        // The sinks of the side: nodes no other node of the side waits for.
        std::set<unsigned> Waited;
        for (unsigned W : SideNodes[Sd])
          for (const auto &Entry : FB.Graph.Z.row(W))
            if (Entry.first != W)
              Waited.insert(Entry.first);
        for (unsigned V : SideNodes[Sd])
          if (!Waited.count(V))
            FB.arc(V, J);
        Prev = J;
      }
    }
    // A compound whose time nothing else waits for is an output.
    std::vector<bool> Waited(FB.Graph.size(), false);
    for (unsigned W = 0; W < FB.Graph.size(); ++W)
      for (const auto &Entry : FB.Graph.Z.row(W))
        if (Entry.first != W)
          Waited[Entry.first] = true;
    for (unsigned V = 0; V < FB.Graph.size(); ++V) {
      KGNode &N = FB.Graph.Nodes[V];
      if (N.Kind == KGNodeKind::Compound && !N.Output && !Waited[V])
        N.Output = true;
    }
    if (!maxplus::topologicalOrder(FB.Graph.Z.pattern()).ok()) {
      // Only sync arcs can close a cycle (a side feeding an earlier side
      // through data): drop the syncs.
      note("a divergent branch's sides depend on each other: its sides are "
           "not summed");
      for (unsigned V = 0; V < FB.Graph.size(); ++V)
        if (FB.Graph.Nodes[V].Kind == KGNodeKind::Sync)
          for (unsigned W = 0; W < FB.Graph.size(); ++W) {
            FB.Graph.Z.erase(W, V);
            FB.Graph.Z.erase(V, W);
          }
    }
    KernelGraph G = pruneGraph(FB.Graph);
    if (G.size() == 0)
      continue;
    foldSourceSeeds(G);
    Result.MaxHeight = std::max(Result.MaxHeight, graphHeight(G));
    Result.Fragments.push_back(std::move(G));
  }
  return Result;
}

//===----------------------------------------------------------------------===//
// Loops, calls, functions
//===----------------------------------------------------------------------===//

/// The report of one graph: its height, time, the paper's dense form
/// (fragments), and its size after Table 1.
MaxPlusGraphReport report(std::string Title, KernelGraph G, bool Dense) {
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

Summary Builder::buildLoop(const Loop &L) {
  for (const Loop *Sub : L.getSubLoops())
    FS->Loops[Sub] = buildLoop(*Sub);
  const LoopTrip *T = FS->TripOf.lookup(&L);
  Expr Trip = T ? T->Trip : Expr::symbol("trip.?");
  std::string Name = T ? T->Name : std::string("?");
  // A trip count the options' symbols fix is that constant (so that it can
  // be unrolled).
  if (!Trip.isConstant())
    if (std::optional<Rational> V = Trip.evaluate(O.Symbols))
      if (V->isInteger())
        Trip = Expr::constant(*V);
  if (T)
    for (const std::string &A : T->Assumptions)
      note("loop " + Name + ": " + A);
  Summary S;
  RegionResult R = buildRegion(&L, S);
  S.ReadBytes = S.ReadBytes * Trip;
  S.WriteBytes = S.WriteBytes * Trip;
  std::string Title = FS->TitlePrefix + "loop " + Name + " body";
  if (R.Fragments.size() == 1 && !S.Barrier) {
    MaxPlusGraphReport Rep =
        report(Title, std::move(R.Fragments.front()), /*Dense=*/false);
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
  // Barriers: the iterations cannot overlap; each runs its fragments in
  // sequence.
  MPTime Iteration;
  for (size_t K = 0; K < R.Fragments.size(); ++K) {
    MaxPlusGraphReport Rep =
        report(Title + " fragment " + std::to_string(K + 1),
               std::move(R.Fragments[K]), /*Dense=*/false);
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

std::optional<Summary> Builder::callSummary(const CallBase &Call) {
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
  FunctionState *Saved = FS;
  Summary S = buildFunction(*Callee, /*Top=*/false);
  FS = Saved;
  Callees[Callee] = S;
  return S;
}

Summary Builder::buildFunction(Function &Fn, bool Top) {
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
  for (const ModelNote &N :
       findIrreducibleCycles(Fn, FAM.getResult<CycleAnalysis>(Fn)))
    note(N.Text + " (the max-plus model takes its blocks once, in "
                  "reverse post-order)");
  for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&Fn))
    State.RPO.push_back(BB);
  State.MST = std::make_unique<ModuleSlotTracker>(Fn.getParent());
  State.MST->incorporateFunction(Fn);
  if (!Top)
    State.TitlePrefix = "function " + Fn.getName().str() + " ";
  FS = &State;

  for (const Loop *L : *State.LI)
    State.Loops[L] = buildLoop(*L);
  Summary S;
  RegionResult R = buildRegion(nullptr, S);
  MPTime Total;
  for (size_t K = 0; K < R.Fragments.size(); ++K) {
    MaxPlusGraphReport Rep =
        report(State.TitlePrefix + "fragment " + std::to_string(K + 1),
               std::move(R.Fragments[K]), /*Dense=*/true);
    Total = Total + Rep.Time;
    Out.Graphs.push_back(std::move(Rep));
  }
  S.Time = Total;
  if (Top) {
    Out.InstanceCycles = Total.E;
    Out.Height = R.MaxHeight;
    Out.Fragments = static_cast<unsigned>(R.Fragments.size());
  }
  InProgress.erase(&Fn);
  FS = nullptr;
  return S;
}

} // namespace

MaxPlusKernelModel buildMaxPlusModel(Function &F, FunctionAnalysisManager &FAM,
                                     const CostModel &Costs,
                                     const MaxPlusModelOptions &O,
                                     const MaxPlusGpuInputs &Gpu,
                                     const Bindings &B) {
  MaxPlusKernelModel M;
  M.V = O.V;
  Builder(FAM, Costs, O, Gpu, B, M).buildFunction(F, /*Top=*/true);
  return M;
}

} // namespace ktime

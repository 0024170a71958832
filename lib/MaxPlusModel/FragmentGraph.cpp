//===- FragmentGraph.cpp - The kernel graph of one fragment ---------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// One fragment of a region, item by item in reverse post-order: each data
/// value gets a node (loads, operations, stores and atomics, compounds for
/// sub-loops and calls; free instructions and join phis pass their operands
/// through; index computations are left out), an arc j -> i for each use
/// weighted out(j) + in(i) (a load's read time t, a store's write time T,
/// zero otherwise), operation times as self-loops (not in the naive
/// variant), arcs from data-dependent branch conditions into the code they
/// control, live-outs for values later fragments or the code after a loop
/// use, a Carry per loop-carried State, and a sync node between the sides of
/// a divergent branch. The serialised variant adds each global access's
/// queue delay (a read's as a seed, a write's on its arcs) and, in a loop,
/// its growth per iteration. docs/models/maxplus.md describes the rules.
///
//===----------------------------------------------------------------------===//

#include "MaxPlusModelImpl.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

namespace {

class FragmentBuilder {
public:
  FragmentBuilder(GraphBuilder &B, const Region &R, unsigned Index)
      : B(B), R(R), Index(Index) {}

  KernelGraph build();

private:
  unsigned node(KGNodeKind K, std::string Label,
                const BasicBlock *Block = nullptr);
  /// The arc From -> To, weighted out(From) + in(To).
  void arc(unsigned From, unsigned To) {
    if (From != To)
      G.addArc(From, To, OutW[From] + InW[To]);
  }
  void arcsFrom(ArrayRef<unsigned> Producers, unsigned To) {
    for (unsigned P : Producers)
      arc(P, To);
  }
  /// Arcs from the conditions that decide whether \p Block runs.
  void control(unsigned N, const BasicBlock *Block);
  /// The nodes whose results make up \p V (none for index values).
  SmallVector<unsigned, 4> producers(const Value *V);
  /// The union of the producers of \p Values.
  template <typename RangeT> SmallVector<unsigned, 4> union_(RangeT &&Values);
  unsigned liveIn(const Instruction *I);
  unsigned indexNode();
  /// n x cycles per byte x \p Bytes: the queue's advance per iteration.
  MPTime rate(const Expr &Bytes) const;

  void addLoop(const RegionItem &It);
  void addInstruction(const RegionItem &It);
  void addLoad(const Instruction &I, const CostInfo &C, unsigned N);
  void addWrite(const Instruction &I, const CostInfo &C, unsigned N);
  void addLiveOuts();
  void addCarries();
  void addSyncs();
  void markUnusedCompounds();

  GraphBuilder &B;
  const Region &R;
  unsigned Index;
  KernelGraph G;
  /// Per node: the region block it came from (null for synthetic nodes),
  /// and its out() and in() times.
  std::vector<const BasicBlock *> NodeBlock;
  std::vector<MPTime> OutW, InW;
  DenseMap<const Value *, SmallVector<unsigned, 4>> Prod;
  DenseMap<const Loop *, unsigned> SubNodes;
  DenseMap<const Instruction *, unsigned> LiveIns;
  std::optional<unsigned> Index0;
  std::vector<std::pair<const PHINode *, unsigned>> States;
};

unsigned FragmentBuilder::node(KGNodeKind K, std::string Label,
                               const BasicBlock *Block) {
  unsigned N = G.addNode(K, std::move(Label));
  NodeBlock.push_back(Block);
  OutW.emplace_back();
  InW.emplace_back();
  return N;
}

void FragmentBuilder::control(unsigned N, const BasicBlock *Block) {
  auto It = R.Control.Conditions.find(Block);
  if (It != R.Control.Conditions.end())
    for (const Value *Cond : It->second)
      arcsFrom(producers(Cond), N);
}

SmallVector<unsigned, 4> FragmentBuilder::producers(const Value *V) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !B.isData(I))
    return {};
  auto It = Prod.find(I);
  if (It != Prod.end())
    return It->second;
  if (!R.L || R.L->contains(I))
    if (const Loop *Sub = directSubLoop(B.loopInfo(), R.L, I->getParent())) {
      auto S = SubNodes.find(Sub);
      if (S != SubNodes.end())
        return {S->second};
    }
  // Defined before this fragment (or outside the loop): ready at 0.
  return {liveIn(I)};
}

template <typename RangeT>
SmallVector<unsigned, 4> FragmentBuilder::union_(RangeT &&Values) {
  SmallVector<unsigned, 4> P;
  for (const Value *V : Values)
    for (unsigned X : producers(V))
      if (!is_contained(P, X))
        P.push_back(X);
  return P;
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

MPTime FragmentBuilder::rate(const Expr &Bytes) const {
  return MPTime(
      Expr::constant(B.Gpu.CyclesPerByte * Rational(int64_t(B.Gpu.Executors))) *
          Bytes,
      B.Bind);
}

void FragmentBuilder::addLoop(const RegionItem &It) {
  CompoundSummary Sub = B.loopSummary(It.Sub, R);
  unsigned N =
      node(KGNodeKind::Compound, "loop " + B.loopName(It.Sub), It.Block);
  if (!Sub.Time.isZero())
    G.setSelfLoop(N, Sub.Time);
  G.Nodes[N].Output = Sub.Writes;
  if (B.O.V == MaxPlusModelOptions::Serialised && R.L) {
    if (Sub.GlobalReads)
      G.Nodes[N].ReadRate = rate(R.IterRead);
    if (Sub.GlobalWrites)
      G.Nodes[N].WriteRate = rate(R.IterWrite);
  }
  // The data from outside the sub-loop that it uses.
  SmallPtrSet<const Value *, 16> Seen;
  for (const BasicBlock *BB : It.Sub->blocks())
    for (const Instruction &I : *BB)
      for (const Value *Op : I.operands())
        if (const auto *OpI = dyn_cast<Instruction>(Op))
          if (!It.Sub->contains(OpI) && Seen.insert(OpI).second)
            arcsFrom(producers(OpI), N);
  control(N, It.Block);
  SubNodes[It.Sub] = N;
}

void FragmentBuilder::addLoad(const Instruction &I, const CostInfo &C,
                              unsigned N) {
  OutW[N] = MPTime(C.Lat, B.Bind);
  auto Before = R.ReadBefore.find(&I);
  if (B.O.V == MaxPlusModelOptions::Serialised &&
      Before != R.ReadBefore.end()) {
    // The slowest executor's read waits for R (n - 1) + j earlier ones.
    Rational Slot =
        (Rational(int64_t(B.Gpu.Executors)) - 1) * R.RoundRead + Before->second;
    G.Nodes[N].Seed =
        MPTime(Expr::constant(Slot * B.Gpu.CyclesPerByte), B.Bind);
    if (R.L)
      G.Nodes[N].ReadRate = rate(R.IterRead);
  }
  if (const Value *Ptr = getLoadStorePointerOperand(&I))
    arcsFrom(producers(Ptr), N);
  if (const auto *Call = dyn_cast<CallBase>(&I))
    arcsFrom(union_(Call->args()), N);
}

void FragmentBuilder::addWrite(const Instruction &I, const CostInfo &C,
                               unsigned N) {
  InW[N] = MPTime(C.Lat, B.Bind);
  auto Before = R.WriteBefore.find(&I);
  if (B.O.V == MaxPlusModelOptions::Serialised &&
      Before != R.WriteBefore.end()) {
    // The slowest executor's write waits for W (n - 1) + j earlier ones.
    Rational Slot = (Rational(int64_t(B.Gpu.Executors)) - 1) * R.RoundWrite +
                    Before->second;
    InW[N] =
        InW[N] + MPTime(Expr::constant(Slot * B.Gpu.CyclesPerByte), B.Bind);
    if (R.L)
      G.Nodes[N].WriteRate = rate(R.IterWrite);
  }
  arcsFrom(union_(I.operands()), N);
  control(N, NodeBlock[N]);
  if (G.Z.row(N).empty()) // No data: the value is ready at 0.
    arc(indexNode(), N);
}

void FragmentBuilder::addInstruction(const RegionItem &It) {
  const Instruction &I = *It.I;
  if (const auto *Ret = dyn_cast<ReturnInst>(&I)) {
    if (const Value *V = Ret->getReturnValue()) {
      SmallVector<unsigned, 4> P = producers(V);
      if (!P.empty())
        arcsFrom(P, node(KGNodeKind::LiveOut, "ret", It.Block));
    }
    return;
  }
  if (I.isTerminator())
    return;
  if (const auto *Phi = dyn_cast<PHINode>(&I)) {
    if (!B.isData(Phi))
      return;
    if (R.Recurrence && Phi->getParent() == R.L->getHeader()) {
      unsigned N = node(KGNodeKind::State, B.name(Phi), It.Block);
      Prod[Phi] = {N};
      States.push_back({Phi, N});
      return;
    }
    Prod[Phi] = union_(Phi->incoming_values()); // A join: the later one.
    return;
  }
  const CostInfo &C = R.Costs.find(&I)->second;
  bool IsMemory = C.IsLoad || C.IsStore || C.IsAtomic;
  if (C.isFree() && !IsMemory) {
    // Casts, folded address arithmetic, assumptions: data passes through.
    Prod[&I] = union_(I.operands());
    return;
  }
  bool Writes =
      C.IsStore || C.IsAtomic || (isa<CallBase>(I) && I.mayWriteToMemory());
  if (!B.isData(&I) && !Writes)
    return; // An index computation.
  unsigned N;
  const auto *Call = dyn_cast<CallBase>(&I);
  std::optional<CompoundSummary> Callee;
  if (Call && !IsMemory)
    Callee = B.callSummary(*Call);
  if (C.IsLoad && !C.IsStore && !C.IsAtomic) {
    N = node(KGNodeKind::Load, B.name(&I), It.Block);
    addLoad(I, C, N);
  } else if (C.IsStore || C.IsAtomic) {
    std::string Label;
    if (const auto *St = dyn_cast<StoreInst>(&I))
      Label = B.name(St->getValueOperand());
    else
      Label =
          I.getOpcodeName() + (I.getType()->isVoidTy() ? "" : " " + B.name(&I));
    N = node(KGNodeKind::Store, Label, It.Block);
    addWrite(I, C, N);
  } else if (Callee) {
    N = node(KGNodeKind::Compound,
             "call @" + Call->getCalledFunction()->getName().str(), It.Block);
    MPTime Time = Callee->Time + MPTime(C.Lat, B.Bind);
    if (!Time.isZero())
      G.setSelfLoop(N, Time);
    G.Nodes[N].Output = Callee->Writes || I.getType()->isVoidTy();
    if (B.O.V == MaxPlusModelOptions::Serialised && R.L) {
      if (Callee->GlobalReads)
        G.Nodes[N].ReadRate = rate(R.IterRead);
      if (Callee->GlobalWrites)
        G.Nodes[N].WriteRate = rate(R.IterWrite);
    }
    arcsFrom(union_(Call->args()), N);
  } else {
    std::string Label = I.getOpcodeName();
    if (Call && Call->getCalledFunction())
      Label = "call @" + Call->getCalledFunction()->getName().str();
    if (!I.getType()->isVoidTy())
      Label += " " + B.name(&I);
    N = node(KGNodeKind::Op, Label, It.Block);
    if (B.O.V != MaxPlusModelOptions::Naive) {
      MPTime Tau(C.Lat, B.Bind);
      if (!Tau.isZero())
        G.setSelfLoop(N, Tau);
    }
    G.Nodes[N].Output = Writes;
    arcsFrom(union_(I.operands()), N);
  }
  if (!C.IsStore && !C.IsAtomic) // addWrite has done it.
    control(N, It.Block);
  Prod[&I] = {N};
}

void FragmentBuilder::addLiveOuts() {
  for (size_t K : R.Fragments[Index]) {
    const RegionItem &It = R.Items[K];
    SmallVector<const Instruction *, 8> Defs;
    if (It.I) {
      Defs.push_back(It.I);
    } else {
      // A sub-loop's values leave through LCSSA phis, items themselves;
      // a direct use in a later fragment is handled here.
      for (const BasicBlock *BB : It.Sub->blocks())
        for (const Instruction &I : *BB)
          Defs.push_back(&I);
    }
    for (const Instruction *D : Defs) {
      if (!B.isData(D))
        continue;
      bool Leaves = false;
      for (const User *U : D->users()) {
        const auto *UI = dyn_cast<Instruction>(U);
        if (!UI || (It.Sub && It.Sub->contains(UI)))
          continue;
        int UF = B.fragmentOf(R, UI);
        if (!R.L && UF < 0)
          continue; // Unreachable code.
        Leaves |= UF != int(Index);
      }
      if (!Leaves)
        continue;
      SmallVector<unsigned, 4> P = producers(D);
      if (!P.empty())
        arcsFrom(P, node(KGNodeKind::LiveOut, B.name(D)));
    }
  }
}

void FragmentBuilder::addCarries() {
  for (const auto &[Phi, V] : States) {
    unsigned C = node(KGNodeKind::Carry, B.name(Phi));
    G.Nodes[V].Pair = C;
    G.Nodes[C].Pair = V;
    for (unsigned In = 0; In < Phi->getNumIncomingValues(); ++In)
      if (R.L->contains(Phi->getIncomingBlock(In)))
        arcsFrom(producers(Phi->getIncomingValue(In)), C);
  }
}

void FragmentBuilder::addSyncs() {
  for (const RegionControl::Divergent &D : R.Control.Divergents) {
    std::vector<std::vector<unsigned>> SideNodes(D.Sides.size());
    for (unsigned V = 0; V < G.size(); ++V)
      for (size_t S = 0; S < D.Sides.size(); ++S)
        if (NodeBlock[V] && D.Sides[S].count(NodeBlock[V]))
          SideNodes[S].push_back(V);
    std::optional<unsigned> Prev;
    for (size_t S = 0; S < D.Sides.size(); ++S) {
      if (SideNodes[S].empty())
        continue;
      std::set<unsigned> InSide(SideNodes[S].begin(), SideNodes[S].end());
      if (Prev) // The roots of this side wait for the previous side.
        for (unsigned V : SideNodes[S]) {
          bool Root = true;
          for (const auto &Entry : G.Z.row(V))
            Root &= Entry.first == V || !InSide.count(Entry.first);
          if (Root)
            arc(*Prev, V);
        }
      if (S + 1 == D.Sides.size())
        break;
      // The sync waits for the sinks of this side.
      unsigned J = node(KGNodeKind::Sync, B.name(D.Branch));
      std::set<unsigned> Waited;
      for (unsigned W : SideNodes[S])
        for (const auto &Entry : G.Z.row(W))
          if (Entry.first != W)
            Waited.insert(Entry.first);
      for (unsigned V : SideNodes[S])
        if (!Waited.count(V))
          arc(V, J);
      Prev = J;
    }
  }
}

void FragmentBuilder::markUnusedCompounds() {
  // A compound whose time nothing else waits for is an output.
  std::vector<bool> Waited(G.size(), false);
  for (unsigned W = 0; W < G.size(); ++W)
    for (const auto &Entry : G.Z.row(W))
      if (Entry.first != W)
        Waited[Entry.first] = true;
  for (unsigned V = 0; V < G.size(); ++V)
    if (G.Nodes[V].Kind == KGNodeKind::Compound && !Waited[V])
      G.Nodes[V].Output = true;
}

KernelGraph FragmentBuilder::build() {
  for (size_t K : R.Fragments[Index]) {
    if (R.Items[K].Sub)
      addLoop(R.Items[K]);
    else
      addInstruction(R.Items[K]);
  }
  addLiveOuts();
  if (R.Recurrence)
    addCarries();
  addSyncs();
  markUnusedCompounds();
  if (!maxplus::topologicalOrder(G.Z.pattern()).ok()) {
    // Only sync arcs can close a cycle (a side feeding an earlier side
    // through data): drop them.
    B.note("a divergent branch's sides depend on each other: its sides are "
           "not summed");
    for (unsigned V = 0; V < G.size(); ++V)
      if (G.Nodes[V].Kind == KGNodeKind::Sync)
        for (unsigned W = 0; W < G.size(); ++W) {
          G.Z.erase(W, V);
          G.Z.erase(V, W);
        }
  }
  KernelGraph P = pruneGraph(G);
  foldSourceSeeds(P);
  return P;
}

} // namespace

KernelGraph buildFragmentGraph(GraphBuilder &B, const Region &R,
                               unsigned Index) {
  return FragmentBuilder(B, R, Index).build();
}

} // namespace ktime

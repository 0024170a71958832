//===- MemoryAnalysis.cpp - Each access of a kernel, one warp at a time ---===//
//
// For each load, store and atomic: its cost-stage facts (space, bytes,
// read-only), its address as base + offset with the offset an Expr, the
// offset of every active lane of the modelled warp (WarpLayout), and from
// those the pattern and the counts of one warp request (AccessAnalyser.cpp,
// WarpRequest.cpp).
// Then the groups of accesses off one base and their footprints
// (Footprint.cpp). docs/memory.md describes the method.
//
//===----------------------------------------------------------------------===//
#include "AccessAnalyser.h"
#include "KernelTime/Compat.h"
#include "KernelTime/Thread.h"
#include "MemoryImpl.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <numeric>
#include <set>

using namespace llvm;

namespace ktime {

using namespace memory;

namespace {

/// memcpy and memset of at most this many bytes per thread are analysed as
/// accesses (struct copies); longer ones are loops the backend expands.
constexpr uint64_t MaxMemIntrinsicBytes = 64;

/// The pointer an analysed access goes through, or null for instructions
/// that are not (or not analysed as) single memory accesses.
const Value *accessedPointer(const Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I))
    return L->getPointerOperand();
  if (auto *S = dyn_cast<StoreInst>(&I))
    return S->getPointerOperand();
  if (const Value *Ptr = getAtomicPointer(I))
    return Ptr;
  if (auto *Call = dyn_cast<CallBase>(&I))
    if (const Function *Callee = Call->getCalledFunction()) {
      StringRef N = Callee->getName();
      if (Call->arg_size() &&
          Call->getArgOperand(0)->getType()->isPointerTy() &&
          (N.starts_with("llvm.nvvm.ldu.global.") ||
           N.starts_with("llvm.nvvm.ldg.global.")))
        return Call->getArgOperand(0);
    }
  return nullptr;
}

} // namespace

const Value *getAtomicPointer(const Instruction &I) {
  if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    return A->getPointerOperand();
  if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
    return X->getPointerOperand();
  if (auto *Call = dyn_cast<CallBase>(&I))
    if (const Function *Callee = Call->getCalledFunction())
      if (Callee->getName().starts_with("llvm.nvvm.atomic.") &&
          Call->arg_size() && Call->getArgOperand(0)->getType()->isPointerTy())
        return Call->getArgOperand(0);
  return nullptr;
}

/// Replaces the last of \p Parts, an access through a pointer each lane
/// chooses (findPointerChoice) whose condition's lanes are counted, by one
/// part per side, the true side's first, and sets \p Choice.
static void
splitByChoice(MemoryAnalysis::Impl &I, const Instruction &Inst,
              std::vector<std::pair<const Value *, AccessInfo>> &Parts,
              std::optional<PointerChoice> &Choice) {
  auto [Ptr, A] = Parts.back();
  std::optional<PointerChoice> C = findPointerChoice(Ptr, I.Dep, I.SE);
  if (!C)
    return;
  std::optional<LaneCondition> Lanes =
      I.Conditions.evaluate(C->Condition, I.LI.getLoopFor(Inst.getParent()));
  // A count in opaque values (a halving stride) has no value at a launch.
  if (!Lanes || !Lanes->Count || !I.Builder.opaqueIn(*Lanes->Count).empty())
    return;
  // The true side's part first (lookup's), then the false side's.
  Parts.clear();
  for (bool Side : {true, false}) {
    AccessInfo Part = A;
    Part.Space = C->Spaces[Side ? 0 : 1];
    Part.ChoiceLanes =
        Side ? *Lanes->Count : Expr::constant(I.Layout.Lanes) - *Lanes->Count;
    Parts.push_back({Ptr, std::move(Part)});
  }
  Choice = std::move(C);
}

bool MemoryAnalysis::Impl::runsOnSomeThreads(const BasicBlock *BB) const {
  auto Varies = [&](const BasicBlock *From) {
    const Instruction *Term = From->getTerminator();
    if (const auto *Br = dyn_cast<BranchInst>(Term))
      return Br->isConditional() && Dep.varies(Br->getCondition());
    if (const auto *Sw = dyn_cast<SwitchInst>(Term))
      return Dep.varies(Sw->getCondition());
    // Anything else with several successors is taken as deciding too.
    return Term->getNumSuccessors() > 1;
  };
  for (const DomTreeNode *Node = DT.getNode(BB); Node; Node = Node->getIDom()) {
    const BasicBlock *Pred = Node->getBlock()->getSinglePredecessor();
    if (Pred && Varies(Pred))
      return true;
  }
  for (const Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop()) {
    SmallVector<BasicBlock *, 4> Exiting;
    L->getExitingBlocks(Exiting);
    if (any_of(Exiting, Varies))
      return true;
  }
  return false;
}

BitVector MemoryAnalysis::Impl::laneMask(const BasicBlock *BB) {
  // mask(B) = mask(idom(B)) & the lanes of the edge into B when B has a
  // single predecessor ending in a conditional branch; computed down the
  // dominator tree from the nearest block already known.
  SmallVector<const BasicBlock *, 16> Chain;
  const DomTreeNode *Node = DT.getNode(BB);
  BitVector Mask(Layout.Lanes, true);
  for (; Node; Node = Node->getIDom()) {
    auto It = Masks.find(Node->getBlock());
    if (It != Masks.end()) {
      Mask = It->second;
      break;
    }
    Chain.push_back(Node->getBlock());
  }
  for (const BasicBlock *Block : llvm::reverse(Chain)) {
    const BasicBlock *Pred = Block->getSinglePredecessor();
    const auto *Br =
        Pred ? dyn_cast<BranchInst>(Pred->getTerminator()) : nullptr;
    if (Br && Br->isConditional() &&
        Br->getSuccessor(0) != Br->getSuccessor(1)) {
      std::optional<LaneCondition> C =
          Conditions.evaluate(Br->getCondition(), LI.getLoopFor(Pred));
      if (C && C->Mask) {
        BitVector Side = *C->Mask;
        if (Br->getSuccessor(1) == Block)
          Side.flip();
        Mask &= Side;
      }
    }
    Masks[Block] = Mask;
  }
  return Mask;
}

MemoryAnalysis::~MemoryAnalysis() = default;
MemoryAnalysis::MemoryAnalysis(MemoryAnalysis &&) = default;

MemoryAnalysis::MemoryAnalysis(Function &F, FunctionAnalysisManager &FAM,
                               const GpuTarget &T,
                               std::optional<std::array<unsigned, 3>> BlockDim,
                               const Bindings &Params, MemoryDetail Detail)
    : F(F), T(T), BlockDim(BlockDim), Detail(Detail),
      I(std::make_unique<Impl>(F, FAM, T, BlockDim)) {
  KernelAssumptions = I->Layout.Assumptions;
  // Known sizes and parameter values, substituted into every offset.
  std::map<std::string, Expr> Sizes;
  for (const auto &[Sym, Value] : Params)
    Sizes[Sym] = Expr::constant(Value);
  if (BlockDim)
    for (unsigned D = 0; D != 3; ++D)
      Sizes[std::string("ntid.") + "xyz"[D]] =
          Expr::constant(static_cast<int64_t>(std::max(1u, (*BlockDim)[D])));

  CostModel Costs(T);
  AccessAnalyser Analyser(*I, T, Sizes);
  std::vector<AccessAddress> Facts;
  // One access per pointer an instruction goes through: a load, store or
  // atomic has one; memcpy reads one and writes another.
  std::vector<std::pair<const Value *, AccessInfo>> Parts;
  std::optional<PointerChoice> Choice;
  for (Instruction &Inst : instructions(F)) {
    Parts.clear();
    Choice.reset();
    if (auto *MI = dyn_cast<MemIntrinsic>(&Inst)) {
      auto *Len = dyn_cast<ConstantInt>(MI->getLength());
      if (!Len || Len->isZero() || Len->getValue().ugt(MaxMemIntrinsicBytes))
        continue;
      AccessInfo A;
      A.BytesPerThread = static_cast<unsigned>(Len->getZExtValue());
      if (auto *MT = dyn_cast<MemTransferInst>(MI)) {
        A.Space = getMemSpace(MT->getSource());
        A.IsLoad = true;
        Parts.push_back({MT->getSource(), A});
      }
      A.Space = getMemSpace(MI->getDest());
      A.IsLoad = false;
      A.IsStore = true;
      Parts.push_back({MI->getDest(), A});
    } else if (const Value *Ptr = accessedPointer(Inst)) {
      CostInfo C = Costs.getCost(Inst);
      if (C.K != CostInfo::Kind::Memory || C.AccessBytes == 0)
        continue;
      AccessInfo A;
      A.Space = C.Space;
      A.IsLoad = C.IsLoad;
      A.IsStore = C.IsStore;
      A.IsAtomic = C.IsAtomic;
      A.ReadOnly = C.ReadOnly;
      A.BytesPerThread = C.AccessBytes;
      Parts.push_back({Ptr, A});
      splitByChoice(*I, Inst, Parts, Choice);
    }
    for (auto &[Ptr, A] : Parts) {
      A.Inst = &Inst;
      A.Loc = Inst.getDebugLoc();
      A.ActiveLanes = I->Layout.Lanes;
      A.SharedWavefronts = 1;
      for (const Loop *L = I->LI.getLoopFor(Inst.getParent()); L;
           L = L->getParentLoop())
        if (const LoopTrip *Trip = I->trip(L))
          A.ExecutionsPerThread = A.ExecutionsPerThread * Trip->Trip;
      A.ExecutionsPerThread = A.ExecutionsPerThread.substitute(Sizes);
      if (A.Space == MemSpace::Generic)
        addAssumption(A, "generic address analysed as global");
      if (Choice)
        Facts.push_back(Analyser.analyse(
            A, Ptr, ChosenSide{*Choice, &A == &Parts.front().second}));
      else
        Facts.push_back(Analyser.analyse(A, Ptr));
      Index.try_emplace(&Inst, Accesses.size());
      Accesses.push_back(std::move(A));
    }
  }
  if (Detail == MemoryDetail::Full)
    Groups =
        buildGroups(Accesses, Facts,
                    ReuseInputs{I->Builder, I->LI, I->DT, I->Trips, Sizes});
}

const AccessInfo *MemoryAnalysis::lookup(const Instruction &Inst) const {
  auto It = Index.find(&Inst);
  return It == Index.end() ? nullptr : &Accesses[It->second];
}

ArrayRef<AccessInfo> MemoryAnalysis::accessesOf(const Instruction &Inst) const {
  auto It = Index.find(&Inst);
  if (It == Index.end())
    return {};
  size_t End = It->second;
  while (End != Accesses.size() && Accesses[End].Inst == &Inst)
    ++End;
  return ArrayRef(Accesses).slice(It->second, End - It->second);
}

unsigned MemoryAnalysis::warpLanes() const { return I->Layout.Lanes; }

std::optional<Expr> MemoryAnalysis::activeLanes(const BasicBlock &Branch,
                                                const BasicBlock &Succ) const {
  const auto *Br = dyn_cast<BranchInst>(Branch.getTerminator());
  if (!Br || !is_contained(successors(&Branch), &Succ))
    return std::nullopt;
  if (!Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
    return Expr::constant(I->Layout.Lanes);
  std::optional<LaneCondition> C = I->edgeCondition(Branch, Succ);
  if (!C || !C->Count)
    return std::nullopt;
  return *C->Count;
}

const BasicBlock *getEntryPredecessor(const BasicBlock &BB,
                                      const DominatorTree &DT) {
  const BasicBlock *Entry = nullptr;
  for (const BasicBlock *P : predecessors(&BB)) {
    if (DT.dominates(&BB, P))
      continue; // a back edge
    if (Entry)
      return nullptr;
    Entry = P;
  }
  return Entry;
}

bool MemoryAnalysis::edgeImplies(const BasicBlock &OuterBranch,
                                 const BasicBlock &OuterSucc,
                                 const BasicBlock &InnerBranch,
                                 const BasicBlock &InnerSucc) const {
  std::optional<LaneCondition> Outer = I->edgeCondition(OuterBranch, OuterSucc);
  std::optional<LaneCondition> Inner =
      Outer ? I->edgeCondition(InnerBranch, InnerSucc) : std::nullopt;
  return Inner && LaneConditions::implies(*Outer, *Inner);
}

std::optional<MemoryAnalysis::HalvingValue>
MemoryAnalysis::halvingValue(StringRef Symbol) const {
  const memory::OpaqueValue *O = I->Builder.opaque(Symbol);
  const auto *Phi = O ? dyn_cast<PHINode>(O->V) : nullptr;
  const Loop *L = Phi ? I->LI.getLoopFor(Phi->getParent()) : nullptr;
  const BasicBlock *Latch = L ? L->getLoopLatch() : nullptr;
  if (!Latch || L->getHeader() != Phi->getParent() ||
      Phi->getNumIncomingValues() != 2 || !Phi->getType()->isIntegerTy())
    return std::nullopt;
  const auto *Next =
      dyn_cast<BinaryOperator>(Phi->getIncomingValueForBlock(Latch));
  const auto *By = Next ? dyn_cast<ConstantInt>(Next->getOperand(1)) : nullptr;
  if (!By || Next->getOperand(0) != Phi)
    return std::nullopt;
  bool Shift = Next->getOpcode() == Instruction::LShr ||
               Next->getOpcode() == Instruction::AShr;
  bool Divide = Next->getOpcode() == Instruction::UDiv ||
                Next->getOpcode() == Instruction::SDiv;
  if (!(Shift && By->isOne()) && !(Divide && By->equalsInt(2)))
    return std::nullopt;
  const Value *Start =
      Phi->getIncomingValue(Phi->getIncomingBlock(0) == Latch ? 1 : 0);
  std::optional<Expr> First =
      I->Builder.convertValue(Start, L->getParentLoop());
  const LoopTrip *Trip = I->trip(L);
  if (!First || !Trip)
    return std::nullopt;
  return HalvingValue{*First, Trip->Trip};
}

std::optional<Expr>
MemoryAnalysis::activeFraction(const BasicBlock &Branch,
                               const BasicBlock &Succ) const {
  std::optional<Expr> Lanes = activeLanes(Branch, Succ);
  if (!Lanes)
    return std::nullopt;
  return *Lanes * Expr::constant(Rational(1, I->Layout.Lanes));
}

std::optional<std::array<unsigned, 3>> getRequiredBlockDim(const Function &F) {
  Attribute A = F.getFnAttribute("nvvm.reqntid");
  if (!A.isStringAttribute())
    return std::nullopt;
  SmallVector<StringRef, 3> Parts;
  A.getValueAsString().split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  std::array<unsigned, 3> Dim = {1, 1, 1};
  for (size_t D = 0; D != Parts.size(); ++D)
    if (Parts[D].trim().getAsInteger(10, Dim[D]) || Dim[D] == 0)
      return std::nullopt;
  // No GPU has blocks near 2^31 threads; larger products overflowed the
  // warp layout's arithmetic.
  uint64_t Threads = uint64_t(Dim[0]) * Dim[1];
  if (Threads > (uint64_t(1) << 31) || Threads * Dim[2] > (uint64_t(1) << 31))
    return std::nullopt;
  return Dim;
}

StringRef getAccessPatternName(AccessPattern P) {
  switch (P) {
  case AccessPattern::Broadcast:
    return "broadcast";
  case AccessPattern::Unit:
    return "unit";
  case AccessPattern::Strided:
    return "strided";
  case AccessPattern::Mixed:
    return "mixed";
  case AccessPattern::Irregular:
    return "irregular";
  case AccessPattern::Unknown:
    return "unknown";
  }
  return "unknown";
}

} // namespace ktime

namespace ktime {

namespace {

/// True if \p G's bytes go through L1/L2 and no other group counts them.
bool countsInFootprints(const MemoryAnalysis &MA, const AccessGroup &G) {
  MemSpace S = MA.accesses()[G.Members.front()].Space;
  return S != MemSpace::Shared && S != MemSpace::Constant &&
         S != MemSpace::Param && !G.DataCountedElsewhere;
}

/// Sums the unique (or grid) bytes of the groups that go through L1/L2.
std::optional<Expr> sumFootprints(const MemoryAnalysis &MA, bool Grid) {
  Expr Sum;
  for (const AccessGroup &G : MA.groups()) {
    if (!countsInFootprints(MA, G))
      continue;
    const std::optional<Expr> &E =
        Grid ? G.Reuse.GridFootprintBytes : G.Reuse.UniqueBytesPerBlock;
    if (!E)
      return std::nullopt;
    Sum += *E;
  }
  return Sum;
}

} // namespace

std::optional<Expr> MemoryAnalysis::blockFootprintBytes() const {
  if (Detail != MemoryDetail::Full)
    return std::nullopt;
  return sumFootprints(*this, /*Grid=*/false);
}

std::vector<GroupFootprint> MemoryAnalysis::groupFootprints() const {
  std::vector<GroupFootprint> Out;
  if (Detail != MemoryDetail::Full)
    return Out;
  std::map<unsigned, size_t> EntryOf;
  for (unsigned G = 0; G != groups().size(); ++G) {
    const AccessGroup &Group = groups()[G];
    if (!countsInFootprints(*this, Group))
      continue;
    if (!Group.Reuse.UniqueBytesPerBlock || !Group.Reuse.GridFootprintBytes)
      return {};
    EntryOf[G] = Out.size();
    Out.push_back({*Group.Reuse.UniqueBytesPerBlock,
                   *Group.Reuse.GridFootprintBytes,
                   {},
                   {}});
  }
  // Each entry gathers the groups whose bytes it counts, and their nests.
  for (unsigned G = 0; G != groups().size(); ++G) {
    const AccessGroup &Group = groups()[G];
    auto It = EntryOf.find(Group.DataGroup);
    if (It == EntryOf.end())
      continue;
    GroupFootprint &E = Out[It->second];
    E.Groups.push_back(G);
    if (!llvm::is_contained(E.Nests, Group.Nest))
      E.Nests.push_back(Group.Nest);
  }
  return Out;
}

std::optional<Expr> MemoryAnalysis::gridFootprintBytes() const {
  if (Detail != MemoryDetail::Full)
    return std::nullopt;
  return sumFootprints(*this, /*Grid=*/true);
}

} // namespace ktime

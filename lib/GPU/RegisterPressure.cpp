//===- RegisterPressure.cpp - Live 32-bit registers in an IR function -----===//
//
// Backward liveness of the SSA values that need registers, by the usual
// dataflow over the CFG (a phi's operand is live out of its incoming block,
// not live into the phi's block), then one backward walk of each block, in
// the order of scheduleLoadsEarly, that sums the weights of the live set at
// every point. Values that need no register of their own are aliases of what
// they stand for (docs/gpu.md, "Register estimate", step 2):
//   - a GEP with constant indices whose users are all memory accesses (an
//     immediate offset), a cast between pointers of the same width, a
//     zext/sext to 64 bits used only as GEP indices (IMAD.WIDE takes the 32
//     bits): the value they were computed from;
//   - an address used only as an address that differs by a constant from a
//     dominating address (ScalarEvolution): that address;
//   - kernel arguments (the parameter bank), allocas (frame offsets) and
//     loads of __constant__ data at fixed addresses (constant-bank
//     operands) take none at all.
//
//===----------------------------------------------------------------------===//
#include "RegisterPressure.h"
#include "KernelTime/Compat.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <algorithm>
#include <utility>
#include <vector>

using namespace llvm;

namespace ktime {

namespace {

/// Beyond this many values x blocks (16 MB per bit set) only the values
/// defined and used within each block are seen (RegisterPressure::BlockLocal).
constexpr uint64_t MaxLivenessBits = uint64_t(1) << 27;

/// True for a memory access whose address operand is V (and not its value).
bool usesAsAddress(const User *U, const Value *V) {
  if (auto *LI = dyn_cast<LoadInst>(U))
    return LI->getPointerOperand() == V;
  if (auto *SI = dyn_cast<StoreInst>(U))
    return SI->getPointerOperand() == V && SI->getValueOperand() != V;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(U))
    return RMW->getPointerOperand() == V && RMW->getValOperand() != V;
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(U))
    return CX->getPointerOperand() == V && CX->getCompareOperand() != V &&
           CX->getNewValOperand() != V;
  return false;
}

class PressureComputation {
public:
  PressureComputation(const Function &F, const PressureOptions &Opts)
      : F(F), Opts(Opts), DL(F.getDataLayout()),
        TLII(compat::getTargetTriple(*F.getParent())), TLI(TLII, &F),
        Fn(const_cast<Function &>(F)), DT(Fn), LI(DT), AC(Fn),
        SE(Fn, TLI, AC, DT, LI) {}

  RegisterPressure run() {
    RegisterPressure Result;
    ReversePostOrderTraversal<const Function *> RPOT(&F);
    Order.assign(RPOT.begin(), RPOT.end());
    for (const BasicBlock *BB : Order)
      for (const Instruction &I : *BB) {
        if (isOpaqueCall(I))
          ++Result.OpaqueCalls;
        if (isa<AllocaInst>(I) || folds(I) || isConstantBankLoad(I))
          continue;
        unsigned W = valueRegisterWeight(&I, DL);
        if (W == 0)
          continue;
        if (const Instruction *Base = sharedAddressBase(I)) {
          Group[&I] = Base;
          continue;
        }
        Index[&I] = Weight.size();
        Weight.push_back(W);
      }
    // Four bit sets per block: keep them within MaxLivenessBits each.
    Result.BlockLocal =
        uint64_t(Weight.size()) * Order.size() > MaxLivenessBits;
    if (!Result.BlockLocal) {
      computeLocalSets();
      solveLiveness();
    }
    for (const BasicBlock *BB : Order)
      walkBlock(*BB, Result);
    return Result;
  }

private:
  struct BlockSets {
    BitVector Defs, UpwardUses, LiveIn, LiveOut;
  };

  const Function &F;
  const PressureOptions &Opts;
  const DataLayout &DL;
  // ScalarEvolution over F (it reads the IR and changes nothing; the
  // analyses want a non-const function).
  TargetLibraryInfoImpl TLII;
  TargetLibraryInfo TLI;
  Function &Fn;
  DominatorTree DT;
  LoopInfo LI;
  AssumptionCache AC;
  ScalarEvolution SE;
  /// Address values that share another's register (base + immediate).
  DenseMap<const Instruction *, const Instruction *> Group;
  /// The address values of each address, constant offsets aside.
  DenseMap<const SCEV *, SmallVector<const Instruction *, 2>> GroupBase;
  std::vector<const BasicBlock *> Order;
  /// The values that need registers, numbered, and their weights.
  DenseMap<const Value *, unsigned> Index;
  std::vector<unsigned> Weight;
  DenseMap<const Instruction *, bool> FoldMemo;
  DenseMap<const BasicBlock *, BlockSets> Sets;

  static bool isOpaqueCall(const Instruction &I) {
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<IntrinsicInst>(CB) || CB->isInlineAsm())
      return false;
    const Function *Callee = CB->getCalledFunction();
    return !(Callee && Callee->isIntrinsic());
  }

  /// A load from __constant__ memory at a fixed address: ptxas makes it a
  /// constant-bank operand of its users, no register.
  static bool isConstantBankLoad(const Instruction &I) {
    const auto *L = dyn_cast<LoadInst>(&I);
    if (!L || !L->isSimple() || !isa<Constant>(L->getPointerOperand()))
      return false;
    const auto *G =
        dyn_cast<GlobalVariable>(getUnderlyingObject(L->getPointerOperand()));
    return G && G->getAddressSpace() == compat::NVPTXConst;
  }

  /// Whether every use of V is as the address of a memory access, directly
  /// or through folded GEPs.
  bool onlyAddresses(const Instruction &V) {
    return !V.use_empty() && all_of(V.users(), [&](const User *U) {
      if (usesAsAddress(U, &V))
        return true;
      auto *UG = dyn_cast<GetElementPtrInst>(U);
      return UG && UG->getPointerOperand() == &V && folds(*UG);
    });
  }

  /// S without its constant term (also in the start of an add recurrence).
  const SCEV *withoutConstant(const SCEV *S) {
    if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
      if (!isa<SCEVConstant>(Add->getOperand(0)))
        return S;
      SmallVector<const SCEV *, 4> Rest(Add->operands().drop_front());
      return Rest.size() == 1 ? Rest.front() : SE.getAddExpr(Rest);
    }
    if (const auto *Rec = dyn_cast<SCEVAddRecExpr>(S)) {
      const SCEV *Start = withoutConstant(Rec->getStart());
      if (Start == Rec->getStart())
        return S;
      SmallVector<const SCEV *, 4> Ops(Rec->operands());
      Ops[0] = Start;
      return SE.getAddRecExpr(Ops, Rec->getLoop(), SCEV::FlagAnyWrap);
    }
    return S;
  }

  /// For a pointer used only as an address, an address value defined before
  /// it (dominating it) that differs from it by a constant: ptxas addresses
  /// both from one register with immediate offsets ([R+1024]).
  const Instruction *sharedAddressBase(const Instruction &I) {
    if (isa<PHINode>(I) || !I.getType()->isPointerTy() ||
        !SE.isSCEVable(I.getType()) || !onlyAddresses(I))
      return nullptr;
    const SCEV *Key =
        withoutConstant(SE.getSCEV(const_cast<Instruction *>(&I)));
    if (isa<SCEVUnknown>(Key) && cast<SCEVUnknown>(Key)->getValue() == &I)
      return nullptr;
    SmallVector<const Instruction *, 2> &Bases = GroupBase[Key];
    for (const Instruction *B : Bases)
      if (DT.dominates(B, &I))
        return B;
    Bases.push_back(&I);
    return nullptr;
  }

  /// Whether I becomes part of an address (the header comment's rules).
  bool folds(const Instruction &I) {
    auto It = FoldMemo.find(&I);
    if (It != FoldMemo.end())
      return It->second;
    FoldMemo[&I] = false; // no cycles through GEP users; be safe
    bool Folds = false;
    if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
      Folds = GEP->hasAllConstantIndices() && !GEP->use_empty() &&
              all_of(GEP->users(), [&](const User *U) {
                if (usesAsAddress(U, GEP))
                  return true;
                auto *UG = dyn_cast<GetElementPtrInst>(U);
                return UG && UG->getPointerOperand() == GEP && folds(*UG);
              });
    } else if (isa<BitCastInst>(I) || isa<AddrSpaceCastInst>(I)) {
      Folds = I.getType()->isPointerTy() &&
              valueRegisterWeight(&I, DL) ==
                  valueRegisterWeight(I.getOperand(0), DL);
    } else if (isa<ZExtInst>(I) || isa<SExtInst>(I)) {
      Folds = I.getOperand(0)->getType()->getScalarSizeInBits() <= 32 &&
              I.getType()->isIntegerTy(64) && !I.use_empty() &&
              all_of(I.users(), [&](const User *U) {
                auto *UG = dyn_cast<GetElementPtrInst>(U);
                return UG && UG->getPointerOperand() != &I;
              });
    }
    FoldMemo[&I] = Folds;
    return Folds;
  }

  /// The number of the value that holds V's register, or -1: a folded value
  /// stands for what it was computed from.
  int indexOf(const Value *V) const {
    for (;;) {
      auto It = Index.find(V);
      if (It != Index.end())
        return int(It->second);
      const auto *I = dyn_cast<Instruction>(V);
      auto G = I ? Group.find(I) : Group.end();
      if (G != Group.end()) {
        V = G->second;
        continue;
      }
      auto M = I ? FoldMemo.find(I) : FoldMemo.end();
      if (M == FoldMemo.end() || !M->second)
        return -1;
      V = I->getOperand(0);
    }
  }

  /// The number of the register I's result goes to, or -1.
  int defIndex(const Instruction &I) const {
    auto It = Index.find(&I);
    return It == Index.end() ? -1 : int(It->second);
  }

  /// Whether I has no register of its own: its users use what it stands
  /// for (a folded value, or an address sharing another's register).
  bool isAlias(const Instruction &I) const {
    return FoldMemo.lookup(&I) || Group.count(&I);
  }

  BitVector empty() const { return BitVector(Weight.size()); }

  void computeLocalSets() {
    for (const BasicBlock *BB : Order) {
      BlockSets &S = Sets[BB];
      S.Defs = S.UpwardUses = S.LiveIn = S.LiveOut = empty();
      for (const Instruction &I : *BB) {
        // An alias's operands are used where its users are.
        if (!isa<PHINode>(I) && !isAlias(I))
          for (const Value *Op : I.operands()) {
            int Idx = indexOf(Op);
            if (Idx >= 0 && !S.Defs.test(Idx))
              S.UpwardUses.set(Idx);
          }
        int Def = defIndex(I);
        if (Def >= 0)
          S.Defs.set(Def);
      }
    }
  }

  /// The operands Pred passes to the phis of Succ.
  void addPhiUses(const BasicBlock *Pred, const BasicBlock *Succ,
                  BitVector &Live) const {
    for (const PHINode &Phi : Succ->phis()) {
      int Idx = indexOf(Phi.getIncomingValueForBlock(Pred));
      if (Idx >= 0)
        Live.set(Idx);
    }
  }

  void solveLiveness() {
    // Post order (successors first) converges in a few sweeps.
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (auto It = Order.rbegin(); It != Order.rend(); ++It) {
        const BasicBlock *BB = *It;
        BlockSets &S = Sets[BB];
        BitVector Out = empty();
        for (const BasicBlock *Succ : successors(BB)) {
          auto SIt = Sets.find(Succ);
          if (SIt == Sets.end())
            continue;
          Out |= SIt->second.LiveIn;
          addPhiUses(BB, Succ, Out);
        }
        BitVector In = Out;
        In.reset(S.Defs);
        In |= S.UpwardUses;
        if (In != S.LiveIn || Out != S.LiveOut) {
          S.LiveIn = std::move(In);
          S.LiveOut = std::move(Out);
          Changed = true;
        }
      }
    }
  }

  unsigned weightOf(const BitVector &Live) const {
    unsigned Sum = 0;
    for (unsigned Idx : Live.set_bits())
      Sum += Weight[Idx];
    return Sum;
  }

  void walkBlock(const BasicBlock &BB, RegisterPressure &Result) const {
    auto SIt = Sets.find(&BB);
    BitVector Live = SIt == Sets.end() ? empty() : SIt->second.LiveOut;
    unsigned W = weightOf(Live);
    auto Note = [&](const Instruction *At) {
      if (W > Result.Max || !Result.At) {
        Result.Max = std::max(Result.Max, W);
        Result.At = At;
      }
    };
    std::vector<const Instruction *> Body =
        scheduleLoadsEarly(BB, Opts.LoadHoistWindow);
    // A point between two instructions is charged to the one before it,
    // whose result is the newest live value there.
    for (size_t P = Body.size(); P-- > 0;) {
      const Instruction *I = Body[P];
      if (isAlias(*I))
        continue;
      int Def = defIndex(*I);
      if (Def >= 0) {
        // The result needs its register even if nothing reads it.
        if (!Live.test(Def))
          W += Weight[Def];
        else
          Live.reset(Def);
        Note(I);
        W -= Weight[Def];
      }
      for (const Value *Op : I->operands()) {
        int Idx = indexOf(Op);
        if (Idx >= 0 && !Live.test(Idx)) {
          Live.set(Idx);
          W += Weight[Idx];
        }
      }
      Note(P > 0 ? Body[P - 1] : I);
    }
    // At the block's start every phi holds its register, used or not.
    for (const PHINode &Phi : BB.phis()) {
      int Def = defIndex(Phi);
      if (Def >= 0 && !Live.test(Def)) {
        Live.set(Def);
        W += Weight[Def];
      }
    }
    Note(Body.front());
  }
};

} // namespace

RegisterPressure computeRegisterPressure(const Function &F,
                                         const PressureOptions &Opts) {
  // No body, nothing to analyse (and no dominator tree to build).
  if (F.isDeclaration() || !F.getParent())
    return RegisterPressure();
  return PressureComputation(F, Opts).run();
}

} // namespace ktime

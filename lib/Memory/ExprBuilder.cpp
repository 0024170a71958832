//===- ExprBuilder.cpp - Addresses and conditions as Exprs ----------------===//
//
// SCEVs made only of parameters, special registers and what ScevToExpr
// handles go to ScevToExpr unchanged. A SCEV that contains another value
// (a loaded index, a hashed id, a pointer loaded from memory) is converted
// here node by node, with that value as a symbol "val.<name>" whose
// OpaqueValue says whether it differs between lanes, whether because of
// loaded data, and in which loop it is computed. Casts are read as their
// operand (no overflow), as ScevToExpr reads them.
//
//===----------------------------------------------------------------------===//
#include "MemoryImpl.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {
namespace memory {

ExprBuilder::ExprBuilder(const Function &F, ScalarEvolution &SE, LoopInfo &LI,
                         const ThreadDependence &Dep,
                         DenseMap<const Loop *, std::string> LoopNamesIn,
                         ArrayRef<LoopTrip> Trips)
    : F(F), SE(SE), LI(LI), Dep(Dep), LoopNames(std::move(LoopNamesIn)),
      Trips(Trips), Names(F),
      Plain(SE, Names, [this](const Loop *L) { return iterSymbol(L); }) {}

std::string ExprBuilder::iterSymbol(const Loop *L) const {
  auto It = LoopNames.find(L);
  return getIterSymbol(It == LoopNames.end() ? "outer" : It->second);
}

std::string ExprBuilder::symbolFor(const Value *V) {
  auto It = Symbols.find(V);
  if (It != Symbols.end())
    return It->second;
  OpaqueValue O;
  O.V = V;
  O.Varies = Dep.varies(V);
  O.Data = Dep.dataDependent(V);
  O.AlongRow = Dep.variesAlongRow(V);
  if (auto *I = dyn_cast<Instruction>(V))
    O.DefLoop = LI.getLoopFor(I->getParent());
  raw_string_ostream OS(O.Text);
  V->printAsOperand(OS, /*PrintType=*/false, F.getParent());
  std::string Sym = "val." + StringRef(O.Text).ltrim('%').str();
  // Two values printing alike (never in valid IR) still get two symbols.
  while (Opaque.count(Sym))
    Sym += "'";
  O.Symbol = Sym;
  Opaque[Sym] = O;
  Symbols[V] = Sym;
  return Sym;
}

const OpaqueValue *ExprBuilder::opaque(StringRef Symbol) const {
  auto It = Opaque.find(Symbol);
  return It == Opaque.end() ? nullptr : &It->second;
}

std::vector<const OpaqueValue *> ExprBuilder::opaqueIn(const Expr &E) const {
  std::set<std::string> Syms;
  E.collectSymbols(Syms);
  std::vector<const OpaqueValue *> Result;
  for (const std::string &S : Syms)
    if (const OpaqueValue *O = opaque(S))
      Result.push_back(O);
  return Result;
}

namespace {

/// Phis looked through inside one another, at most.
constexpr size_t MaxPhiDepth = 8;

/// The work one address may take: SCEVs visited, and terms of a product
/// expanded. Beyond them (big-integer arithmetic, hashes: products of long
/// sums whose expansion grows without bound) the address is not analysed,
/// which its failure says.
constexpr unsigned MaxVisits = 4096;
constexpr size_t MaxProductTerms = 1024;

size_t termCount(const Expr &E) {
  return E.getKind() == Expr::Kind::Add ? E.operands().size() : 1;
}

const char *const TooLarge = "an expression too large to analyse";

/// A division, remainder or shift by a positive constant, which ScevToExpr
/// converts itself when its dividend converts.
const Value *divisionDividend(const Value *V) {
  const auto *BO = dyn_cast<BinaryOperator>(V);
  if (!BO || !BO->getType()->isIntegerTy())
    return nullptr;
  const auto *C = dyn_cast<ConstantInt>(BO->getOperand(1));
  if (!C || !C->getValue().isStrictlyPositive())
    return nullptr;
  switch (BO->getOpcode()) {
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    return BO->getOperand(0);
  case Instruction::AShr:
  case Instruction::LShr:
    return C->getValue().ult(BO->getType()->getIntegerBitWidth() - 1)
               ? BO->getOperand(0)
               : nullptr;
  default:
    return nullptr;
  }
}

} // namespace

bool ExprBuilder::hasOpaque(const SCEV *S) {
  return SCEVExprContains(S, [&](const SCEV *X) {
    const auto *U = dyn_cast<SCEVUnknown>(X);
    if (!U || Names.getSymbol(U->getValue()))
      return false;
    const Value *Dividend = divisionDividend(U->getValue());
    return !Dividend || hasOpaque(SE.getSCEV(const_cast<Value *>(Dividend)));
  });
}

std::optional<Expr> ExprBuilder::convert(const SCEV *S, const Loop *L) {
  Scope = L;
  Failure.clear();
  Visits = 0;
  if (!hasOpaque(S)) {
    std::optional<Expr> E = Plain.convert(S, L);
    if (!E)
      Failure = Plain.getFailure();
    return E;
  }
  return visit(S);
}

bool ExprBuilder::failedTooLarge() const { return Failure == TooLarge; }

std::optional<Expr> ExprBuilder::convertValue(const Value *V, const Loop *L) {
  if (!SE.isSCEVable(V->getType()))
    return std::nullopt;
  const SCEV *S = SE.getSCEVAtScope(SE.getSCEV(const_cast<Value *>(V)), L);
  return convert(S, L);
}

std::optional<Expr> ExprBuilder::firstIterationPhi(const Value *V) {
  // A loop header's phi of a constant on entry and another constant from
  // the latch (a two-step tile loop rotated with a flag): C0 in the first
  // iteration, C1 in every later one.
  const auto *Phi = dyn_cast<PHINode>(V);
  const Loop *L = Phi ? LI.getLoopFor(Phi->getParent()) : nullptr;
  if (!L || L->getHeader() != Phi->getParent() ||
      Phi->getNumIncomingValues() != 2)
    return std::nullopt;
  std::optional<int64_t> Entry, Latch;
  for (unsigned I = 0; I != 2; ++I) {
    const auto *C = dyn_cast<ConstantInt>(Phi->getIncomingValue(I));
    if (!C || C->getBitWidth() > 64)
      return std::nullopt;
    (L->contains(Phi->getIncomingBlock(I)) ? Latch : Entry) =
        C->getBitWidth() == 1 ? C->getZExtValue() : C->getSExtValue();
  }
  if (!Entry || !Latch)
    return std::nullopt;
  Expr Later = Expr::min(Expr::symbol(iterSymbol(L)), Expr::constant(1));
  return Expr::constant(*Entry) + Expr::constant(*Latch - *Entry) * Later;
}

std::optional<Expr> ExprBuilder::loopExitPhi(const Value *V) {
  // The start of the remainder of a loop L unrolled at run time: a phi of
  // an induction variable {S,+,d}<L> after L (L exits at its latch only, its
  // count T exact) and, from the guard that either enters L or skips it,
  // S - d, the value one step before the first. Both are the variable at
  // iteration max(0, T) - 1, provided the guard skips L where T is 0, as
  // the unroller's guard does (docs/memory.md, "From the address to the
  // lanes' offsets").
  const auto *Phi = dyn_cast<PHINode>(V);
  if (!Phi || Phi->getNumIncomingValues() != 2 || InPhi.size() >= MaxPhiDepth)
    return std::nullopt;
  const Loop *Here = LI.getLoopFor(Phi->getParent());
  if (Here && Here->getHeader() == Phi->getParent())
    return std::nullopt;
  for (unsigned I = 0; I != 2; ++I) {
    auto *In = dyn_cast<Instruction>(Phi->getIncomingValue(I));
    if (!In || !SE.isSCEVable(In->getType()))
      continue;
    const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(In));
    if (!AR || !AR->isAffine() || AR->getLoop()->contains(Phi->getParent()))
      continue;
    const Loop *L = AR->getLoop();
    const LoopTrip *Trip = findLoopTrip(Trips, L);
    if (!Trip || !Trip->Exact || Trip->HeaderExits || !L->getLoopLatch() ||
        L->getExitingBlock() != L->getLoopLatch() ||
        L->contains(Phi->getIncomingBlock(I)))
      continue;
    // The other input comes straight from L's guard: a branch to the phi's
    // block or into L (its header, or a preheader that only enters it).
    const BasicBlock *Guard = Phi->getIncomingBlock(1 - I);
    const auto *Br = dyn_cast<BranchInst>(Guard->getTerminator());
    if (!Br || !Br->isConditional() || L->contains(Guard))
      continue;
    auto EntersL = [&](const BasicBlock *B) {
      return B == L->getHeader() ||
             (B->getSingleSuccessor() == L->getHeader() &&
              B->getSinglePredecessor() == Guard);
    };
    const BasicBlock *S0 = Br->getSuccessor(0), *S1 = Br->getSuccessor(1);
    if (!((S0 == Phi->getParent() && EntersL(S1)) ||
          (S1 == Phi->getParent() && EntersL(S0))))
      continue;
    Value *Skip = Phi->getIncomingValue(1 - I);
    if (!SE.isSCEVable(Skip->getType()) || !InPhi.insert(Phi).second)
      return std::nullopt;
    // The variable as L's iterations see it (from outside L the conversion
    // gives its value after L, valid only where L runs).
    std::string Saved = Failure;
    const Loop *Outside = Scope;
    Scope = L;
    std::optional<Expr> AtIter = visit(AR);
    Scope = Outside;
    std::optional<Expr> Before =
        AtIter ? visit(SE.getSCEV(Skip)) : std::nullopt;
    Failure = std::move(Saved);
    InPhi.erase(Phi);
    std::string K = iterSymbol(L);
    if (!Before || !(AtIter->substitute({{K, Expr::constant(-1)}}) == *Before))
      return std::nullopt;
    Expr Ran = Expr::max(Expr::constant(0), Trip->Trip);
    return AtIter->substitute({{K, Ran - 1}});
  }
  return std::nullopt;
}

std::optional<Expr> ExprBuilder::samePhiInputs(const Value *V) {
  // A phi merging one value computed in several blocks (tid.x read again
  // on each path) is that value.
  const auto *Phi = dyn_cast<PHINode>(V);
  if (!Phi || InPhi.size() >= MaxPhiDepth || !InPhi.insert(Phi).second)
    return std::nullopt;
  std::optional<Expr> Common;
  bool Same = true;
  for (const Value *In : Phi->incoming_values()) {
    if (In == Phi)
      continue;
    std::string Saved = Failure;
    std::optional<Expr> E = SE.isSCEVable(In->getType())
                                ? visit(SE.getSCEV(const_cast<Value *>(In)))
                                : std::nullopt;
    Failure = std::move(Saved);
    if (!E || (Common && !(*Common == *E))) {
      Same = false;
      break;
    }
    Common = E;
  }
  InPhi.erase(Phi);
  if (!Same)
    return std::nullopt;
  return Common;
}

std::optional<Expr> ExprBuilder::visit(const SCEV *S) {
  if (++Visits > MaxVisits) {
    Failure = TooLarge;
    return std::nullopt;
  }
  if (!hasOpaque(S)) {
    std::optional<Expr> E = Plain.convert(S, Scope);
    if (!E && Failure.empty())
      Failure = Plain.getFailure();
    return E;
  }
  switch (S->getSCEVType()) {
  case scTruncate:
  case scZeroExtend:
  case scSignExtend:
    return visit(cast<SCEVCastExpr>(S)->getOperand());
  case scPtrToInt:
    return visit(cast<SCEVCastExpr>(S)->getOperand());
  case scUDivExpr: {
    const auto *D = cast<SCEVUDivExpr>(S);
    std::optional<Expr> L = visit(D->getLHS()), R = visit(D->getRHS());
    if (!L || !R)
      return std::nullopt;
    return Expr::floorDiv(*L, *R);
  }
  case scAddRecExpr: {
    const auto *AR = cast<SCEVAddRecExpr>(S);
    Expr K = Expr::symbol(iterSymbol(AR->getLoop()));
    Expr Result, Binomial = Expr::constant(1);
    for (unsigned I = 0, E = AR->getNumOperands(); I != E; ++I) {
      std::optional<Expr> C = visit(AR->getOperand(I));
      if (!C)
        return std::nullopt;
      Result = Result + *C * Binomial;
      Binomial = Binomial * (K - Expr::constant(I)) *
                 Expr::constant(Rational(1, I + 1));
    }
    return Result;
  }
  case scAddExpr:
  case scMulExpr:
  case scSMaxExpr:
  case scUMaxExpr:
  case scSMinExpr:
  case scUMinExpr:
  case scSequentialUMinExpr: {
    SmallVector<Expr, 4> Ops;
    for (const SCEV *Op : cast<SCEVNAryExpr>(S)->operands()) {
      std::optional<Expr> E = visit(Op);
      if (!E)
        return std::nullopt;
      Ops.push_back(*E);
    }
    if (isa<SCEVAddExpr>(S)) {
      Expr Sum;
      for (const Expr &E : Ops)
        Sum += E;
      return Sum;
    }
    if (isa<SCEVMulExpr>(S)) {
      Expr Prod = Expr::constant(1);
      for (const Expr &E : Ops) {
        if (termCount(Prod) * termCount(E) > MaxProductTerms) {
          Visits = MaxVisits + 1; // the rest of this address fails too
          Failure = TooLarge;
          return std::nullopt;
        }
        Prod *= E;
      }
      return Prod;
    }
    if (isa<SCEVSMaxExpr>(S) || isa<SCEVUMaxExpr>(S))
      return Expr::max(Ops);
    return Expr::min(Ops);
  }
  case scUnknown: {
    const Value *V = cast<SCEVUnknown>(S)->getValue();
    if (const Value *Dividend = divisionDividend(V)) {
      // A division whose dividend holds an opaque value: convert it here.
      const auto *BO = cast<BinaryOperator>(V);
      std::optional<Expr> N = visit(SE.getSCEV(const_cast<Value *>(Dividend)));
      if (!N)
        return std::nullopt;
      APInt C = cast<ConstantInt>(BO->getOperand(1))->getValue();
      unsigned Op = BO->getOpcode();
      Expr D = (Op == Instruction::AShr || Op == Instruction::LShr)
                   ? Expr::constant(int64_t(1) << C.getZExtValue())
                   : exprFromAPInt(C, /*Unsigned=*/true);
      Expr Q = Expr::floorDiv(*N, D);
      if (Op == Instruction::SRem || Op == Instruction::URem)
        return *N - D * Q;
      return Q;
    }
    if (std::optional<Expr> First = firstIterationPhi(V))
      return First;
    if (std::optional<Expr> Same = samePhiInputs(V))
      return Same;
    if (std::optional<Expr> Exit = loopExitPhi(V))
      return Exit;
    // A phi's inputs ran past the bound: the address fails, not the phi.
    if (Visits > MaxVisits) {
      Failure = TooLarge;
      return std::nullopt;
    }
    return Expr::symbol(symbolFor(V));
  }
  default:
    if (Failure.empty())
      Failure = "an expression ScalarEvolution cannot give";
    return std::nullopt;
  }
}

} // namespace memory
} // namespace ktime

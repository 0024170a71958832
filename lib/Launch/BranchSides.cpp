//===- BranchSides.cpp - Sides of a kernel's branches a launch can bind ---===//
//
// The sides are the edges whose lanes the launch path weighs: the active
// fraction of the traffic below a branch (KernelInputs.cpp) and the reach of
// a divergent branch's side in the time (ThreadFacts.cpp) take a bound share
// from here before they ask the Memory stage.
//
//===----------------------------------------------------------------------===//
#include "BranchSides.h"
#include "KernelTime/Memory.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <set>
#include <tuple>

using namespace llvm;

namespace ktime {

namespace {

/// \p Loc in the kernel's own code (where it calls an inlined function).
const DILocation *kernelLoc(const DILocation *Loc) {
  while (Loc && Loc->getInlinedAt())
    Loc = Loc->getInlinedAt();
  return Loc;
}

/// The line and column of \p BB's first instruction with a line ({0, 0}
/// for none).
std::pair<unsigned, unsigned> firstLoc(const BasicBlock &BB) {
  for (const Instruction &I : BB)
    if (const DILocation *Loc = kernelLoc(I.getDebugLoc().get());
        Loc && Loc->getLine())
      return {Loc->getLine(), Loc->getColumn()};
  return {0, 0};
}

} // namespace

std::vector<BranchSide>
getBranchSides(const Function &F, const DominatorTree &DT, const LoopInfo &LI) {
  std::vector<BranchSide> Sides;
  for (const BasicBlock &BB : F) {
    const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    const Loop *L = LI.getLoopFor(&BB);
    // The true side first (getSuccessor's order: LLVM versions iterate a
    // branch's successors in different orders).
    for (unsigned I = 0; I != 2; ++I) {
      const BasicBlock *S = Br->getSuccessor(I);
      if (L && (!L->contains(S) || S == L->getHeader()))
        continue;
      if (getEntryPredecessor(*S, DT) != &BB)
        continue;
      BranchSide Side;
      Side.Branch = &BB;
      Side.Succ = S;
      Side.Symbol = "taken.side" + std::to_string(Sides.size() + 1);
      std::tie(Side.Line, Side.Column) = firstLoc(*S);
      const Loop *Entered = LI.getLoopFor(S);
      if (Entered && Entered != L && Entered->getHeader() == S)
        Side.EntersLoop = true;
      else if (const BasicBlock *Next = S->getSingleSuccessor())
        if (const Loop *After = LI.getLoopFor(Next))
          Side.EntersLoop = After->getLoopPreheader() == S;
      Sides.push_back(std::move(Side));
    }
  }
  // taken.L<line>, and taken.L<line>_<col> where sides of several columns
  // share the line (as loops are named).
  std::map<unsigned, std::set<unsigned>> ColumnsOfLine;
  for (const BranchSide &S : Sides)
    if (S.Line)
      ColumnsOfLine[S.Line].insert(S.Column);
  for (BranchSide &S : Sides) {
    if (!S.Line)
      continue;
    S.LineAlias = "taken.L" + std::to_string(S.Line);
    if (ColumnsOfLine[S.Line].size() > 1)
      S.LineAlias += "_" + std::to_string(S.Column);
  }
  return Sides;
}

void addBranchSideAliases(
    const Function &F,
    std::map<std::string, std::vector<std::string>> &Aliases) {
  DominatorTree DT(const_cast<Function &>(F));
  LoopInfo LI(DT);
  for (const BranchSide &S : getBranchSides(F, DT, LI))
    if (!S.LineAlias.empty())
      Aliases[S.LineAlias].push_back(S.Symbol);
}

std::map<BranchEdge, Rational>
getBoundShares(const std::vector<BranchSide> &Sides, const Bindings &Values) {
  std::map<BranchEdge, Rational> Shares;
  for (const BranchSide &S : Sides)
    if (auto It = Values.find(S.Symbol); It != Values.end())
      Shares[{S.Branch, S.Succ}] = It->second;
  // The other edge of a bound branch, unless bound itself: a side with a
  // symbol of its own, or the join an `if` without `else` falls through to
  // (a branch that the warp takes as one weighs both of its edges).
  std::map<BranchEdge, Rational> Rest;
  for (const auto &[Edge, Share] : Shares)
    for (const BasicBlock *Other : successors(Edge.first))
      if (Other != Edge.second && !Shares.count({Edge.first, Other}))
        Rest[{Edge.first, Other}] = Rational(1) - Share;
  Shares.insert(Rest.begin(), Rest.end());
  return Shares;
}

std::optional<std::string>
checkBoundShares(const std::vector<BranchSide> &Sides, const Bindings &Values) {
  for (const BranchSide &A : Sides)
    for (const BranchSide &B : Sides) {
      if (A.Branch != B.Branch || &A >= &B)
        continue;
      auto VA = Values.find(A.Symbol), VB = Values.find(B.Symbol);
      if (VA == Values.end() || VB == Values.end() ||
          VA->second + VB->second == Rational(1))
        continue;
      // The sum as a decimal (a long one prints as a fraction).
      std::string Sum;
      raw_string_ostream(Sum)
          << format("%.10g", (VA->second + VB->second).toDouble());
      return A.Symbol + " and " + B.Symbol +
             " are the two sides of one branch: every thread takes one, so "
             "their shares add up to 1 (here " +
             Sum + ")";
    }
  return std::nullopt;
}

Rational warpReach(const Rational &Share, unsigned Lanes, bool Divergent) {
  if (!Divergent || Share.isZero() || Share == Rational(1))
    return Share;
  return Rational::fromDouble(
      1 - std::pow(1 - Share.toDouble(), static_cast<double>(Lanes)));
}

BranchUse useOf(const BranchSide &S, StringRef Source,
                std::optional<Rational> Share) {
  BranchUse U;
  U.Name = S.Symbol;
  U.LineName = S.LineAlias;
  U.Line = S.Line;
  U.Source = Source.str();
  if (Share)
    U.Share = Share->toDouble();
  return U;
}

void addBranchEstimate(const std::vector<BranchUse> &Branches,
                       const std::map<std::string, FieldBranch> &OnFields,
                       std::vector<std::pair<std::string, Rational>> &Estimated,
                       std::vector<std::string> &Assumptions) {
  // The sides of branches on data, and those of branches on struct fields
  // the launch does not bind (bound, the lanes are counted).
  std::vector<const BranchUse *> OnData, OnUnbound;
  for (const BranchUse &U : Branches)
    if (U.Source == "assumed") {
      Estimated.emplace_back(U.Name, Rational(1));
      (OnFields.count(U.Name) ? OnUnbound : OnData).push_back(&U);
    }
  // Two sides, and how many more (the JSON report's "estimated" has them
  // all), so that the remark stays one line; the line alias says where.
  auto Names = [](const std::vector<const BranchUse *> &Assumed) {
    std::string Names;
    for (size_t I = 0; I != Assumed.size() && I != 2; ++I) {
      const BranchUse &U = *Assumed[I];
      Names += (I ? ", " : "") + U.Name;
      if (!U.LineName.empty())
        Names += " (" + U.LineName + ")";
    }
    if (Assumed.size() > 2)
      Names += " and " + std::to_string(Assumed.size() - 2) + " more";
    return Names;
  };
  if (!OnData.empty()) {
    bool One = OnData.size() == 1;
    Assumptions.push_back(
        "an estimate: " + Names(OnData) +
        (One ? ", a side of a branch on data, is"
             : ", sides of branches on data, are") +
        " assumed taken by every lane, an upper bound; give the share of "
        "threads that take " +
        (One ? "it: " : "each: ") + OnData.front()->Name + "=P");
  }
  if (!OnUnbound.empty()) {
    // The fields, and how to bind them, once each.
    std::vector<std::string> Fields, Binds;
    for (const BranchUse *U : OnUnbound)
      for (const auto &[Field, Bind] : OnFields.at(U->Name))
        if (!is_contained(Fields, Field)) {
          Fields.push_back(Field);
          Binds.push_back(Bind);
        }
    bool OneSide = OnUnbound.size() == 1, OneField = Fields.size() == 1;
    Assumptions.push_back(
        "an estimate: " + Names(OnUnbound) +
        (OneSide ? ", a side of a branch on " : ", sides of branches on ") +
        (OneField ? "the struct field " : "the struct fields ") +
        join(Fields, ", ") + ", which the launch does not bind, " +
        (OneSide ? "is" : "are") +
        " assumed taken by every lane, an upper bound; bind " +
        join(Binds, ", "));
  }
}

} // namespace ktime

//===- FieldUses.cpp - What a kernel does with its struct fields ----------===//
//
// A field's loads are followed forward through the values computed from
// them (arithmetic, casts, compares, selects, phis, address arithmetic) to
// where they end: the condition of a branch or switch, the address of a
// memory access, an argument of a called function, or a stored value (data
// only). Bool-ness comes from what clang writes for a bool: an i8 load
// with !range [0, 2) when it optimises, a load truncated to i1 at -O0.
//
//===----------------------------------------------------------------------===//
#include "FieldUses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <tuple>

using namespace llvm;

namespace ktime {

namespace {

/// True when \p L, an i8 load, reads a bool: its !range is [0, 2), or every
/// use truncates it to i1 with nuw (the optimiser knew the high bits zero)
/// or, in an optnone function (clang's own -O0 code), at all.
bool readsBool(const LoadInst &L) {
  if (const MDNode *Range = L.getMetadata(LLVMContext::MD_range))
    if (getConstantRangeFromMetadata(*Range) ==
        ConstantRange(APInt(8, 0), APInt(8, 2)))
      return true;
  bool OptNone = L.getFunction()->hasOptNone();
  return !L.use_empty() && all_of(L.users(), [&](const User *U) {
    const auto *T = dyn_cast<TruncInst>(U);
    return T && T->getType()->isIntegerTy(1) &&
           (OptNone || T->hasNoUnsignedWrap());
  });
}

/// Follows the values computed from \p Loads into \p U.
void followValues(ArrayRef<const LoadInst *> Loads, FieldUse &U) {
  SmallPtrSet<const Value *, 32> Seen(Loads.begin(), Loads.end());
  SmallVector<const Value *, 32> Work(Loads.begin(), Loads.end());
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *Us : V->users()) {
      const auto *I = dyn_cast<Instruction>(Us);
      if (!I)
        continue;
      if (isa<BranchInst>(I) || isa<SwitchInst>(I)) {
        U.Decides.insert(I->getParent());
        continue;
      }
      if (const auto *S = dyn_cast<StoreInst>(I)) {
        // The stored value is data; the address is not.
        U.ReachesAddressOrCall |= S->getPointerOperand() == V;
        continue;
      }
      if (isa<LoadInst>(I) || isa<AtomicRMWInst>(I) ||
          isa<AtomicCmpXchgInst>(I)) {
        // Operand 0 is the address; an atomic's other operands are data.
        U.ReachesAddressOrCall |= I->getOperand(0) == V;
        continue;
      }
      if (const auto *Call = dyn_cast<CallBase>(I)) {
        // An intrinsic computes a value (min, abs, a conversion); another
        // function may branch on its argument.
        const Function *Callee = Call->getCalledFunction();
        if (!Callee || !Callee->isIntrinsic())
          U.ReachesAddressOrCall = true;
      }
      if (!I->getType()->isVoidTy() && Seen.insert(I).second)
        Work.push_back(I);
    }
  }
}

} // namespace

std::map<std::string, FieldUse> getFieldUses(const Function &F,
                                             const Function &Source) {
  std::map<std::string, FieldUse> Uses;
  SymbolNamer Names(F);
  std::map<std::string, SmallVector<const LoadInst *, 4>> Loads;
  for (const Instruction &I : instructions(F))
    if (const auto *L = dyn_cast<LoadInst>(&I))
      if (std::optional<ParamField> P = Names.getLoadedField(*L)) {
        Uses.try_emplace(P->Printed).first->second.Field = *P;
        Loads[P->Printed].push_back(L);
      }
  for (auto &[Printed, U] : Uses)
    followValues(Loads[Printed], U);
  // Bool-ness from the function as compiled, field by field (IR path).
  SymbolNamer SourceNames(Source);
  std::map<std::string, std::pair<unsigned, unsigned>> BoolLoads;
  for (const Instruction &I : instructions(Source))
    if (const auto *L = dyn_cast<LoadInst>(&I);
        L && L->getType()->isIntegerTy(8))
      if (std::optional<ParamField> P = SourceNames.getLoadedField(*L)) {
        auto &[All, Bool] = BoolLoads[P->Name];
        ++All;
        Bool += readsBool(*L);
      }
  for (auto &[Printed, U] : Uses)
    if (auto It = BoolLoads.find(U.Field.Name); It != BoolLoads.end())
      U.IsBool = It->second.first == It->second.second;
  return Uses;
}

std::string fieldBindHint(const std::string &Printed, const FieldUse *U) {
  if (U && U->IsBool)
    return Printed + "=0 or 1";
  if (U && U->Field.Ty && U->Field.Ty->isFloatingPointTy())
    return Printed + "=X";
  return Printed + "=N";
}

std::map<std::string, FieldBranch>
branchesOnFields(const std::vector<BranchSide> &Sides,
                 const std::vector<BranchUse> &Branches,
                 const std::set<std::string> &Withheld,
                 const std::map<std::string, FieldUse> &Fields) {
  std::map<std::string, FieldBranch> On;
  for (const BranchUse &U : Branches) {
    if (U.Source != "assumed")
      continue;
    auto S =
        find_if(Sides, [&](const BranchSide &S) { return S.Symbol == U.Name; });
    if (S == Sides.end())
      continue;
    for (const std::string &Field : Withheld)
      if (auto It = Fields.find(Field);
          It != Fields.end() && It->second.Decides.count(S->Branch))
        On[U.Name].emplace_back(Field, fieldBindHint(Field, &It->second));
  }
  return On;
}

std::string countingField(const std::set<std::string> &Withheld,
                          const std::map<std::string, FieldUse> &Fields) {
  for (const std::string &Field : Withheld)
    if (auto It = Fields.find(Field); It == Fields.end() || !It->second.IsBool)
      return Field;
  return Withheld.empty() ? "" : *Withheld.begin();
}

std::vector<std::string>
fieldsOfLaunch(const std::map<std::string, FieldUse> &Fields,
               const std::set<std::string> &Withheld) {
  std::vector<const FieldUse *> Used;
  for (const auto &[Printed, U] : Fields)
    if (U.matters() || Withheld.count(Printed))
      Used.push_back(&U);
  llvm::sort(Used, [](const FieldUse *X, const FieldUse *Y) {
    return std::tie(X->Field.ArgNo, X->Field.Offset) <
           std::tie(Y->Field.ArgNo, Y->Field.Offset);
  });
  std::vector<std::string> Names;
  for (const FieldUse *U : Used)
    Names.push_back(U->Field.Printed);
  // A withheld field the kernel does not load (none expected) comes last.
  for (const std::string &S : Withheld)
    if (!Fields.count(S))
      Names.push_back(S);
  return Names;
}

} // namespace ktime

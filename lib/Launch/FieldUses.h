//===- FieldUses.h - What a kernel does with its struct fields --*- C++ -*-===//
//
// Private to the launch stage. The scalar fields of a kernel's by-value
// struct parameters are symbols a launch binds (docs/usage.md, "Names a
// launch can bind"); this says, for each field the kernel reads, whether
// the IR reads it as a bool (a launch then gives it 0 or 1) and which of
// the kernel's branches and addresses its value reaches, so that a launch
// names the fields its prediction depends on and says how to bind one it
// does not (FieldUses.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_FIELDUSES_H
#define KERNELTIME_LAUNCH_FIELDUSES_H

#include "BranchSides.h"
#include "KernelTime/ScevToExpr.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace ktime {

/// One field the kernel reads and what its value reaches.
struct FieldUse {
  ParamField Field;
  /// The IR reads the field as a bool: an i8 every load of which says the
  /// value is 0 or 1 (!range [0, 2), or a truncation to i1 that the
  /// optimiser marked nuw or that clang wrote at -O0). A char keeps its
  /// full range.
  bool IsBool = false;
  /// The blocks whose conditional branch (or switch) the field's value
  /// decides, alone or with other values.
  std::set<const llvm::BasicBlock *> Decides;
  /// The value reaches an address, or an argument of a function the
  /// kernel calls (which may branch on it).
  bool ReachesAddressOrCall = false;
  /// Whether the prediction can depend on the field's value: it decides a
  /// branch or reaches an address (a field only computed with and stored
  /// does not).
  bool matters() const { return !Decides.empty() || ReachesAddressOrCall; }
};

/// The fields of \p F's by-value struct parameters that \p F reads (by
/// their Printed names in \p F), with what their values reach in \p F;
/// whether each is a bool is read from \p Source, the function as it is
/// compiled (at -O0 the optnone original of a canonicalised \p F, whose
/// loads clang wrote: instcombine makes `c & 1` of a char a truncation to
/// i1 too).
std::map<std::string, FieldUse> getFieldUses(const llvm::Function &F,
                                             const llvm::Function &Source);

/// How a launch binds the field of \p U: "arg1.field0=0 or 1" for a bool,
/// "arg1.field1=N" for an integer, "arg1.field2=X" for a floating-point
/// field; \p Printed is the name to bind it by.
std::string fieldBindHint(const std::string &Printed, const FieldUse *U);

/// The withheld fields (\p Withheld, unbound by a launch; Printed names)
/// that decide each side \p Branches assumes taken by every lane (Source
/// "assumed"; \p Sides gives their branches), by the side's symbol, each
/// with how to bind it. Sides that no withheld field decides are not there.
std::map<std::string, FieldBranch>
branchesOnFields(const std::vector<BranchSide> &Sides,
                 const std::vector<BranchUse> &Branches,
                 const std::set<std::string> &Withheld,
                 const std::map<std::string, FieldUse> &Fields);

/// The field of \p Withheld to bind for a loop count: the first that is no
/// bool (a bool counts nothing), else the first.
std::string countingField(const std::set<std::string> &Withheld,
                          const std::map<std::string, FieldUse> &Fields);

/// The fields a launch's prediction can depend on (LaunchResult::Fields):
/// those of \p Fields that matter and those it withheld (\p Withheld), in
/// the order of the parameters and offsets.
std::vector<std::string>
fieldsOfLaunch(const std::map<std::string, FieldUse> &Fields,
               const std::set<std::string> &Withheld);

} // namespace ktime

#endif // KERNELTIME_LAUNCH_FIELDUSES_H

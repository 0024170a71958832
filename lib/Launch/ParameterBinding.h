//===- ParameterBinding.h - A spec's values bound to a kernel ---*- C++ -*-===//
//
// Private to the launch stage: each NAME=VALUE of a spec checked against the
// kernel's parameter (or model symbol) it names and bound as the kernel
// receives it (ParameterBinding.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_PARAMETERBINDING_H
#define KERNELTIME_LAUNCH_PARAMETERBINDING_H

#include "FieldUses.h"
#include "KernelTime/Expr.h"
#include "KernelTime/GPU.h"
#include "llvm/Support/Error.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace ktime {

/// What a spec's names are checked against besides the kernel's
/// parameters and model symbols.
struct KernelNames {
  /// The line aliases of the launched kernel's symbols (trip.L12 for
  /// trip.loop1: loopSymbolAliases), and whether the module has any.
  const std::map<std::string, std::vector<std::string>> *Aliases = nullptr;
  bool HaveLineNames = false;
  /// The fields of its by-value struct parameters that it reads
  /// (getFieldUses; by Printed name).
  const std::map<std::string, FieldUse> *Fields = nullptr;
};

/// The substitution of the spec's parameters: each NAME is a parameter of
/// the kernel (by source name or argN), a field of a struct it takes by
/// value (p.n or arg1.field1, read as the field's type), or another symbol
/// of its model (trip.loop1), or an alias of one (trip.L12 for trip.loop1);
/// an error for a name that is neither, for two names of one parameter or
/// field, a name that starts as a by-value parameter's but is no field of
/// it, and for a value the parameter cannot hold (a fraction or an
/// out-of-range number for an integer, anything but 0 and 1 for a bool
/// parameter or a field the IR reads as a bool, a negative trip count):
/// every such mistake of the spec, one error each.
/// \p Bound gets each value as bound: a floating-point parameter's rounded to
/// its type.
llvm::Expected<std::map<std::string, Expr>>
bindParameters(const LaunchSpec &Spec, const llvm::Function &F,
               const std::set<std::string> &ModelSymbols,
               const KernelNames &Names, std::vector<std::string> &Assumptions,
               std::vector<std::pair<std::string, Rational>> &Bound);

/// The fields of \p F's by-value struct parameters among \p Symbols (by
/// the names expressions print them with) that \p Params does not bind.
std::set<std::string> unboundFields(const llvm::Function &F,
                                    const std::set<std::string> &Symbols,
                                    const std::map<std::string, Expr> &Params);

/// The assumption of a launch whose model leaves the fields \p Withheld
/// unnamed (WithholdFieldNames) because the spec does not bind them: their
/// loads are unknown values, so a loop they bound is estimated (\p
/// BoundLoops: some count is) and so is a branch they decide (\p
/// DecideBranches: some side is); says how to bind each (0 or 1 for a
/// bool, \p Fields).
std::string
withheldFieldsAssumption(const llvm::Function &F,
                         const std::set<std::string> &Withheld,
                         const std::map<std::string, FieldUse> &Fields,
                         bool BoundLoops, bool DecideBranches);

/// The hint of a launch that has no prediction because \p Missing (the
/// symbols its time needs and the spec does not give) includes parameters
/// of \p F: "n=N" for each, "arg2=0 or 1" for a bool, and "NAME=VALUE"
/// first where other symbols are missing too; empty where only the ids,
/// sizes and latencies are (the launch failed for another reason, such as
/// a divisor bound to 0).
std::string missingParameterHint(const llvm::Function &F,
                                 const std::set<std::string> &Missing);

/// The assumption of an estimate (estimateUnknownCounts gave \p
/// Estimated with \p Default iterations); \p BindHint is what the launch
/// binds to give the first count (the symbol, or the field a withheld
/// field's count comes from).
std::string estimateAssumption(
    const std::vector<std::pair<std::string, Rational>> &Estimated,
    unsigned Default, const std::string &BindHint);

/// Binds each loop count among \p TimeSymbols (trip.*) that \p Params
/// leaves unbound to \p Default (0: none is bound) and returns them with
/// that value, in name order: the prediction is then an estimate.
std::vector<std::pair<std::string, Rational>>
estimateUnknownCounts(const std::set<std::string> &TimeSymbols,
                      unsigned Default, std::map<std::string, Expr> &Params);

} // namespace ktime

#endif // KERNELTIME_LAUNCH_PARAMETERBINDING_H

//===- ParameterBinding.h - A spec's values bound to a kernel ---*- C++ -*-===//
//
// Private to the launch stage: each NAME=VALUE of a spec checked against the
// kernel's parameter (or model symbol) it names and bound as the kernel
// receives it (ParameterBinding.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_PARAMETERBINDING_H
#define KERNELTIME_LAUNCH_PARAMETERBINDING_H

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

/// The substitution of the spec's parameters: each NAME is a parameter of
/// the kernel (by source name or argN), a field of a struct it takes by
/// value (p.n or arg1.field1, read as the field's type), or another symbol
/// of its model (trip.loop1), or an alias of one in \p Aliases (trip.L12 for
/// trip.loop1, loopSymbolAliases; the launched kernel's own, \p
/// HaveLineNames when the module has any); an error for a name that is neither,
/// for two names of one parameter or field, a name that starts as a by-value
/// parameter's but is no field of it, and for a value the parameter cannot hold
/// (a fraction or an out-of-range number for an integer, a negative trip
/// count).
/// \p Bound gets each value as bound: a floating-point parameter's rounded to
/// its type.
llvm::Expected<std::map<std::string, Expr>>
bindParameters(const LaunchSpec &Spec, const llvm::Function &F,
               const std::set<std::string> &ModelSymbols,
               const std::map<std::string, std::vector<std::string>> &Aliases,
               bool HaveLineNames, std::vector<std::string> &Assumptions,
               std::vector<std::pair<std::string, Rational>> &Bound);

/// The fields of \p F's by-value struct parameters among \p Symbols (by
/// the names expressions print them with) that \p Params does not bind.
std::set<std::string> unboundFields(const llvm::Function &F,
                                    const std::set<std::string> &Symbols,
                                    const std::map<std::string, Expr> &Params);

/// The assumption of a launch whose model leaves the fields \p Withheld
/// unnamed (WithholdFieldNames) because the spec does not bind them: their
/// loops count as before fields had names (an estimate).
std::string withheldFieldsAssumption(const llvm::Function &F,
                                     const std::set<std::string> &Withheld);

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

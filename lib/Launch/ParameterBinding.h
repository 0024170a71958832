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
/// the kernel (by source name or argN) or another symbol of its model
/// (trip.loop1), or an alias of one in \p Aliases (trip.L12 for
/// trip.loop1, loopSymbolAliases; the launched kernel's own, \p
/// HaveLineNames when the module has any); an error for a name that is neither,
/// for two names of one parameter, and for a value the parameter cannot hold (a
/// fraction or an out-of-range number for an integer, a negative trip count).
/// \p Bound gets each value as bound: a floating-point parameter's rounded to
/// its type.
llvm::Expected<std::map<std::string, Expr>>
bindParameters(const LaunchSpec &Spec, const llvm::Function &F,
               const std::set<std::string> &ModelSymbols,
               const std::map<std::string, std::vector<std::string>> &Aliases,
               bool HaveLineNames, std::vector<std::string> &Assumptions,
               std::vector<std::pair<std::string, Rational>> &Bound);

/// Binds each loop count among \p TimeSymbols (trip.*) that \p Params
/// leaves unbound to \p Default (0: none is bound) and returns them with
/// that value, in name order: the prediction is then an estimate.
std::vector<std::pair<std::string, Rational>>
estimateUnknownCounts(const std::set<std::string> &TimeSymbols,
                      unsigned Default, std::map<std::string, Expr> &Params);

} // namespace ktime

#endif // KERNELTIME_LAUNCH_PARAMETERBINDING_H

//===- AtomicSites.h - Global atomics and their addresses -------*- C++ -*-===//
//
// Private to the launch stage. Atomics on one global address run one after
// another in the L2 slice that holds it (docs/kernel-time.md, "Atomics on
// one address"). Each global atomic of a kernel is a site with a symbol a
// launch can bind, addresses.atomicN (N in instruction order, from 1; the
// line alias addresses.L<line>): the number of distinct addresses its
// updates spread over. Where the launch does not bind it, the address's
// footprint over the grid gives it, when the Memory stage knows it.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_ATOMICSITES_H
#define KERNELTIME_LAUNCH_ATOMICSITES_H

#include "KernelTime/Expr.h"
#include "KernelTime/Memory.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace ktime {

/// One global (or generic) atomic of a kernel and its symbols.
struct AtomicSite {
  const llvm::Instruction *Inst = nullptr;
  /// addresses.atomicN, and addresses.L<line> where the IR has a line.
  std::string Symbol, LineAlias;
};

/// The global and generic atomics of \p F, in instruction order.
std::vector<AtomicSite> getAtomicSites(const llvm::Function &F);

/// True for an atomic on a global or generic address (a site).
bool isGlobalAtomic(const llvm::Instruction &I);

/// True for a load, store or atomic through global memory (or generic
/// memory that is not a stack slot of the function).
bool isGlobalAccess(const llvm::Instruction &I);

/// The functions \p F calls, directly or not, that have an instruction
/// \p Has accepts (not inlined into F: the instruction is not F's).
std::vector<const llvm::Function *>
getCalleesWith(const llvm::Function &F,
               llvm::function_ref<bool(const llvm::Instruction &)> Has);

/// Adds each site's line alias of \p F to \p Aliases (alias -> symbols).
void addAtomicSymbolAliases(
    const llvm::Function &F,
    std::map<std::string, std::vector<std::string>> &Aliases);

/// The distinct addresses the updates of atomic \p A (site \p S) spread
/// over in a launch: the value the launch binds to S's symbol in \p Subst,
/// else the grid footprint of A's address over its bytes, evaluated with
/// \p Subst; std::nullopt when neither is known (an address that depends
/// on data).
std::optional<Rational>
distinctAtomicAddresses(const AccessInfo &A, const AtomicSite &S,
                        const std::map<std::string, Expr> &Subst);

} // namespace ktime

#endif // KERNELTIME_LAUNCH_ATOMICSITES_H

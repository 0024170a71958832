//===- Cost.h - Instruction costs: IR -> PTX class -> lat, del --*- C++ -*-===//
//
// The Cost stage (docs/design.md): maps each LLVM IR instruction of an NVPTX
// kernel onto the PTX instruction class (or short sequence of classes) it
// becomes, and prices it with the class's lat and del from the GPU target
// file. A load's latency is a symbol of its memory level (lat.global,
// lat.shared, ...) that the GPU stage binds, so every cost is affine in
// those symbols. docs/costs.md has the full mapping, what is free and why,
// the defaults and their sources; test/Cost tests it through
// print<kernel-time-cost>.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_COST_H
#define KERNELTIME_COST_H

#include "KernelTime/Expr.h"
#include "KernelTime/Target.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Instruction;
class Value;
class raw_ostream;
} // namespace llvm

namespace ktime {

/// The PTX state space a memory access goes to.
enum class MemSpace { Generic, Global, Shared, Local, Constant, Param };

/// "generic", "global", "shared", "local", "const", "param" (PTX's names).
llvm::StringRef getMemSpaceName(MemSpace S);

/// The latency symbol of a load from \p S: "lat.global", "lat.shared",
/// "lat.local", "lat.const", "lat.param". A generic access is priced as a
/// global one, so Generic gives "lat.global".
llvm::StringRef getLatencySymbol(MemSpace S);

/// The state space \p Ptr points into: its own address space when that is
/// not generic; otherwise found through addrspacecasts, GEPs, bitcasts and
/// phis/selects whose inputs all agree, down to the underlying object: a
/// kernel's pointer parameter is Global (Param if it is byval), an alloca is
/// Local, a global variable is its address space's (a generic one Global).
/// Generic when none of that decides it.
MemSpace getMemSpace(const llvm::Value *Ptr);

/// A number of instructions of one class inside a cost.
struct CostPart {
  InstrClass Class;
  /// Instructions of the class per execution; a fraction only for the
  /// expected counts of libdevice functions.
  Rational Count;
};

/// The cost of one IR instruction as one thread (one warp) executes it.
struct CostInfo {
  enum class Kind {
    Free,    ///< becomes no instruction (or one folded into another's)
    Compute, ///< arithmetic, conversions, warp operations, branches
    Memory,  ///< loads, stores, atomics, async copies
    Barrier, ///< block-wide barriers (bar.sync and its variants)
    Call,    ///< a call: the Thread stage costs the callee; Lat/Del price
             ///< the call instruction only
    Unknown  ///< priced by a documented default; Assumption says which
  };
  Kind K = Kind::Free;
  /// The class the instruction is priced as (a sequence's first, a memory
  /// access's issue class); none when free.
  std::optional<InstrClass> Class;
  /// Cycles from issue until a dependent instruction can use the result;
  /// a load's is a latency symbol (getLatencySymbol), times nothing.
  Expr Lat;
  /// Cycles the processing block spends issuing it (sum over the sequence).
  Expr Del;
  /// PTX (SASS, for 64-bit integer operations) instructions it becomes,
  /// rounded for libdevice's expected counts; 0 when free.
  unsigned Count = 0;
  /// Instructions per class (one entry for a single instruction).
  llvm::SmallVector<CostPart, 1> Parts;
  /// Memory accesses: the state space, direction, bytes per thread.
  MemSpace Space = MemSpace::Generic;
  bool IsLoad = false, IsStore = false, IsAtomic = false;
  /// A load through the read-only path (ld.global.nc, ldu): !invariant.load,
  /// a const __restrict__ kernel parameter, llvm.nvvm.ldu/ldg.
  bool ReadOnly = false;
  unsigned AccessBytes = 0;
  /// Short words on what it became: "ld.global", "folded into fma",
  /// "__nv_sinf", "call @f"; may be empty.
  std::string What;
  /// Non-empty when something was assumed: an unknown intrinsic priced by
  /// the default, a generic address taken as global, an unmodelled
  /// operation, an unknown callee.
  std::string Assumption;
  /// The called function of a Kind::Call with a known callee.
  const llvm::Function *Callee = nullptr;

  bool isFree() const { return K == Kind::Free; }
};

/// "free", "compute", "memory", "barrier", "call", "unknown".
llvm::StringRef getCostKindName(CostInfo::Kind K);

/// Prints a cost the way print<kernel-time-cost> shows it:
///   fp32.mul lat 4 del 2
///   ld.global lat lat.global del 4 (4 bytes)
///   int.mul + 4 x int.add lat 20 del 10
///   free (folded into fma)
void printCost(const CostInfo &C, llvm::raw_ostream &OS);

namespace detail {
struct ComputeCache;
} // namespace detail

/// Prices instructions for one GPU target.
class CostModel {
public:
  explicit CostModel(const GpuTarget &T);
  const GpuTarget &getTarget() const { return T; }

  /// The cost of \p I, which must be inside a function of a module.
  CostInfo getCost(const llvm::Instruction &I) const;

  /// Each latency symbol (getLatencySymbol) bound to the target's nominal
  /// latency of that state space: global -> DRAM (a miss), shared -> shared,
  /// local -> local, const and param -> constant cache. The Thread stage
  /// uses them only to choose between alternative critical paths; the GPU
  /// stage binds the symbols itself.
  Bindings getNominalLatencies() const;

private:
  const GpuTarget &T;
  /// The prices of plain instruction sequences already built (a class,
  /// a count and the dependent part of it), shared by copies of the model:
  /// building one takes exact rational arithmetic, and a kernel asks for
  /// the same few again and again.
  std::shared_ptr<detail::ComputeCache> Computed;
};

/// One cost model per target, with its nominal latencies, for the kernels
/// of a module: the prices one kernel builds (and the model keeps) serve
/// the next kernels too. The targets must outlive it.
class CostModels {
public:
  /// The cost model for \p T, built at the first question.
  const CostModel &get(const GpuTarget &T);
  /// CostModel::getNominalLatencies of \p T's model, computed once.
  const Bindings &getNominalLatencies(const GpuTarget &T);

private:
  struct Entry {
    CostModel Costs;
    Bindings Nominal;
  };
  Entry &entry(const GpuTarget &T);
  std::map<const GpuTarget *, Entry> Models;
};

} // namespace ktime

#endif // KERNELTIME_COST_H

//===- Cycles.h - Times as expressions with a nominal value ---------------===//
//
// A time in cycles is an Expr, affine in the memory-latency symbols (lat.*)
// inside every max. Where an expression has no symbol but lat.* ones, it also
// has a nominal value (the symbols bound to the target's nominal latencies);
// of two alternatives with nominal values the larger is kept, so a block's
// critical path stays a sum rather than a max of sums. Alternatives without a
// nominal value (they depend on parameters or ids) stay a symbolic max.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_THREAD_CYCLES_H
#define KERNELTIME_THREAD_CYCLES_H

#include "KernelTime/Expr.h"
#include "KernelTime/MaxPlus.h"

#include <optional>

namespace ktime {

/// The nominal latency of each lat.* symbol, from the target.
using NominalLatencies = Bindings;

struct Cycles {
  Expr E;
  std::optional<double> Nominal;

  Cycles() : Nominal(0.0) {}
  Cycles(Expr E, const NominalLatencies &N);
  static Cycles constant(double V);

  friend Cycles operator+(const Cycles &A, const Cycles &B);
  /// A times a count (a trip count): nominal only if the count is constant.
  Cycles scaled(const Expr &Count, const NominalLatencies &N) const;
  /// Replaces \p Symbol by \p Value (iteration numbers by their mean).
  Cycles substituted(const std::string &Symbol, const Expr &Value,
                     const NominalLatencies &N) const;
};

/// The larger of two times: by nominal value when both have one, else the
/// symbolic max (simplified with the symbol facts).
Cycles maxCycles(const Cycles &A, const Cycles &B);

/// As maxCycles, but a symbolic max whenever the two depend on different
/// latency symbols, so that the GPU stage, which re-binds the latencies,
/// still sees both: max(lat, del) of a loop whose del is a constant and
/// whose lat holds lat.shared stays max(31, lat.shared + 4).
Cycles maxKeepingLatencies(const Cycles &A, const Cycles &B);

} // namespace ktime

namespace ktime {
namespace maxplus {
/// Cycles form the selective max-plus semiring the block critical paths use.
template <> struct Semiring<ktime::Cycles> {
  static ktime::Cycles oplus(const ktime::Cycles &A, const ktime::Cycles &B) {
    return ktime::maxCycles(A, B);
  }
  static ktime::Cycles otimes(const ktime::Cycles &A, const ktime::Cycles &B) {
    return A + B;
  }
  static ktime::Cycles one() { return ktime::Cycles(); }
};
} // namespace maxplus
} // namespace ktime

#endif // KERNELTIME_THREAD_CYCLES_H

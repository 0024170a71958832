//===- Time.cpp - Times of the max-plus model -----------------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// MPTime, the weight of kernel-graph arcs: an expression with its value
/// under the comparison bindings. (+) keeps the alternative with the larger
/// value, so a critical path stays a readable sum; alternatives without a
/// value stay a symbolic max. Tested by unittests/MaxPlusModel.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlusModel.h"
#include "llvm/Support/raw_ostream.h"

namespace ktime {

static std::optional<double> valueOf(const Expr &E, const Bindings &B) {
  if (std::optional<Rational> V = E.evaluate(B))
    return V->toDouble();
  return std::nullopt;
}

MPTime::MPTime(Expr E, const Bindings &B)
    : E(std::move(E)), Nominal(valueOf(this->E, B)) {}

MPTime operator+(const MPTime &A, const MPTime &B) {
  MPTime R;
  R.E = A.E + B.E;
  R.Nominal = A.Nominal && B.Nominal
                  ? std::optional<double>(*A.Nominal + *B.Nominal)
                  : std::nullopt;
  return R;
}

MPTime MPTime::times(const Expr &Count, const Bindings &B) const {
  return MPTime(E * Count, B);
}

MPTime maxTime(const MPTime &A, const MPTime &B) {
  if (A.Nominal && B.Nominal)
    return *A.Nominal >= *B.Nominal ? A : B;
  if (A.E == B.E)
    return A;
  MPTime R;
  R.E = Expr::max(A.E, B.E);
  R.Nominal = std::nullopt;
  return R;
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, const MPTime &T) {
  return OS << T.E;
}

} // namespace ktime

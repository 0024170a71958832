//===- Value.cpp - The max-plus scalar ------------------------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The scalar of the max-plus semiring: (+) = max, (x) = + with eps = -inf
/// absorbing, and its printing. Tested by unittests/MaxPlus/ValueTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace ktime::maxplus;

Value::Value(double D) : V(std::isnan(D) ? Value().V : D) {}

Value ktime::maxplus::oplus(Value A, Value B) { return A < B ? B : A; }

Value ktime::maxplus::otimes(Value A, Value B) {
  // eps absorbs first, so eps (x) +inf is eps and never -inf + inf = NaN.
  if (A.isEps() || B.isEps())
    return Value::eps();
  return Value(A.toDouble() + B.toDouble());
}

double Semiring<double>::otimes(double A, double B) {
  if (isEps(A) || isEps(B))
    return -std::numeric_limits<double>::infinity();
  return A + B;
}

void Value::print(llvm::raw_ostream &OS) const {
  if (isEps()) {
    OS << "-inf";
    return;
  }
  if (std::isinf(V)) {
    OS << "+inf";
    return;
  }
  double D = V == 0 ? 0.0 : V; // Print -0 as 0.
  // The shortest %g form that reads back as the same double.
  char Buf[40];
  for (int Precision = 1; Precision <= 17; ++Precision) {
    std::snprintf(Buf, sizeof(Buf), "%.*g", Precision, D);
    if (std::strtod(Buf, nullptr) == D)
      break;
  }
  OS << Buf;
}

std::string Value::str() const { return detail::toString(*this); }

llvm::raw_ostream &ktime::maxplus::operator<<(llvm::raw_ostream &OS, Value V) {
  V.print(OS);
  return OS;
}

//===- ExprTestUtil.h - gtest helpers for the Expr unit tests ---*- C++ -*-===//
//
// Makes gtest print Exprs and Rationals as text in failure messages.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELTIME_UNITTESTS_EXPR_EXPRTESTUTIL_H
#define KERNELTIME_UNITTESTS_EXPR_EXPRTESTUTIL_H

#include "KernelTime/Expr.h"

#include <ostream>

namespace ktime {
inline void PrintTo(const Expr &E, std::ostream *OS) { *OS << E.str(); }
inline void PrintTo(const Rational &R, std::ostream *OS) { *OS << R.str(); }
} // namespace ktime

#endif // KERNELTIME_UNITTESTS_EXPR_EXPRTESTUTIL_H

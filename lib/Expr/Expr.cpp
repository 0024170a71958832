//===- Expr.cpp - Construction, access and ordering of expressions --------===//
//
// The public constructors and operators of ktime::Expr. Each one converts its
// operands to the polynomial normal form (Poly.cpp), combines them there
// (with MinMax.cpp and Division.cpp for the non-polynomial atoms) and renders
// the canonical result, so every Expr value is canonical; sums merge their
// operands' terms directly (Sum.cpp), with the same result. Also the
// structural total order used for canonical sorting and equality.
// A log2 is an atom like a symbol: Expr::log2 folds a constant operand and
// keeps any other as it is.
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"

#include "llvm/Support/raw_ostream.h"

using namespace ktime;
using detail::ExprAccess;
using detail::ExprNode;

static const std::shared_ptr<const ExprNode> &zeroNode() {
  static const std::shared_ptr<const ExprNode> Zero =
      std::make_shared<const ExprNode>();
  return Zero;
}

Expr::Expr() : Node(zeroNode()) {}

Expr Expr::constant(int64_t V) { return constant(Rational(V)); }

/// Shared nodes for the small non-negative integers, which most costs and
/// counts are: a constant is a node of its own otherwise, and building one
/// per instruction cost a tenth of a kernel's analysis in allocations.
static constexpr int64_t SmallConstants = 1024;

static const std::shared_ptr<const ExprNode> &smallConstant(int64_t V) {
  static const std::vector<std::shared_ptr<const ExprNode>> Nodes = [] {
    std::vector<std::shared_ptr<const ExprNode>> All(SmallConstants);
    for (int64_t I = 1; I < SmallConstants; ++I) {
      auto N = std::make_shared<ExprNode>();
      N->K = Expr::Kind::Constant;
      N->Value = Rational(I);
      All[I] = std::move(N);
    }
    return All;
  }();
  return Nodes[V];
}

Expr Expr::constant(const Rational &R) {
  if (R.isZero())
    return Expr();
  // Compared as DynamicAPInt, not through getInt64: GCC turns the test of
  // an empty optional and its payload into a branch on the payload, which
  // valgrind reports as a use of an uninitialised value on every call.
  const llvm::DynamicAPInt &Num = R.getNumerator();
  if (R.isInteger() && Num > 0 && Num < SmallConstants)
    return Expr(smallConstant(static_cast<int64_t>(Num)));
  auto N = std::make_shared<ExprNode>();
  N->K = Kind::Constant;
  N->Value = R;
  return Expr(std::move(N));
}

Expr Expr::symbol(llvm::StringRef Name) {
  auto N = std::make_shared<ExprNode>();
  N->K = Kind::Symbol;
  N->Name = Name.str();
  return Expr(std::move(N));
}

Expr ktime::makeNode(Expr::Kind K, llvm::SmallVector<Expr, 2> Ops,
                     std::shared_ptr<const ExprNode> NormKey,
                     const Rational &NormCoef) {
  auto N = std::make_shared<ExprNode>();
  N->K = K;
  N->Ops = std::move(Ops);
  N->NormKey = std::move(NormKey);
  N->NormCoef = NormCoef;
  return ExprAccess::make(std::move(N));
}

// Fast paths: operands that are constants (most costs are) or the additive
// and multiplicative identities give the canonical result without the
// round trip through the polynomial form, which allocates.
static bool isConstantValue(const Expr &E, int64_t V) {
  const ExprNode &N = ExprAccess::node(E);
  return N.K == Expr::Kind::Constant && N.Value == Rational(V);
}

/// \p A + \p K for a non-constant \p A and \p K != 0, as render would give
/// it: a rendered sum lists its terms in term order, where the constant term
/// comes last, and any other canonical expression is a single term. (Block
/// costs add a constant latency to a symbolic arrival per instruction.)
static Expr addNonZeroConstant(const Expr &A, const Rational &K) {
  llvm::SmallVector<Expr, 2> Terms;
  if (A.getKind() != Expr::Kind::Add) {
    Terms.push_back(A);
    Terms.push_back(Expr::constant(K));
    return makeNode(Expr::Kind::Add, std::move(Terms));
  }
  llvm::ArrayRef<Expr> Ops = A.operands();
  Rational C = K;
  if (Ops.back().isConstant()) {
    C += *Ops.back().getConstant();
    Ops = Ops.drop_back();
  }
  Terms.append(Ops.begin(), Ops.end());
  if (!C.isZero())
    Terms.push_back(Expr::constant(C));
  if (Terms.size() == 1)
    return Terms.front();
  return makeNode(Expr::Kind::Add, std::move(Terms));
}

namespace ktime {
Expr operator+(const Expr &A, const Expr &B) {
  if (isConstantValue(B, 0))
    return A;
  if (isConstantValue(A, 0))
    return B;
  if (A.isConstant() && B.isConstant())
    return Expr::constant(*A.getConstant() + *B.getConstant());
  if (B.isConstant())
    return addNonZeroConstant(A, *B.getConstant());
  if (A.isConstant())
    return addNonZeroConstant(B, *A.getConstant());
  return linearSum({A, B});
}
Expr operator-(const Expr &A, const Expr &B) {
  if (isConstantValue(B, 0))
    return A;
  if (A.isConstant() && B.isConstant())
    return Expr::constant(*A.getConstant() - *B.getConstant());
  if (B.isConstant())
    return addNonZeroConstant(A, -*B.getConstant());
  return linearSum({A, B}, {Rational(1), Rational(-1)});
}
Expr operator*(const Expr &A, const Expr &B) {
  if (isConstantValue(A, 0) || isConstantValue(B, 0))
    return Expr();
  if (isConstantValue(B, 1))
    return A;
  if (isConstantValue(A, 1))
    return B;
  if (A.isConstant() && B.isConstant())
    return Expr::constant(*A.getConstant() * *B.getConstant());
  return render(toPoly(A) * toPoly(B));
}
Expr operator+(const Expr &A, int64_t B) { return A + Expr::constant(B); }
Expr operator-(const Expr &A, int64_t B) { return A - Expr::constant(B); }
Expr operator*(const Expr &A, int64_t B) { return A * Expr::constant(B); }
Expr operator+(int64_t A, const Expr &B) { return Expr::constant(A) + B; }
Expr operator-(int64_t A, const Expr &B) { return Expr::constant(A) - B; }
Expr operator*(int64_t A, const Expr &B) { return Expr::constant(A) * B; }
} // namespace ktime

Expr Expr::operator-() const { return render(toPoly(*this).scaled(-1)); }

Expr Expr::floorDiv(const Expr &A, const Expr &B) {
  return render(divPoly(toPoly(A), toPoly(B), /*Ceil=*/false));
}

Expr Expr::ceilDiv(const Expr &A, const Expr &B) {
  return render(divPoly(toPoly(A), toPoly(B), /*Ceil=*/true));
}

static Expr minMax(Expr::Kind K, llvm::ArrayRef<Expr> Ops) {
  if (Ops.size() == 2 && Ops[0].isConstant() && Ops[1].isConstant()) {
    bool FirstLess = *Ops[0].getConstant() < *Ops[1].getConstant();
    return (K == Expr::Kind::Min) == FirstLess ? Ops[0] : Ops[1];
  }
  std::vector<Poly> Polys;
  Polys.reserve(Ops.size());
  for (const Expr &E : Ops)
    Polys.push_back(toPoly(E));
  return render(minMaxPoly(K, std::move(Polys)));
}

Expr Expr::min(const Expr &A, const Expr &B) {
  return minMax(Kind::Min, {A, B});
}
Expr Expr::max(const Expr &A, const Expr &B) {
  return minMax(Kind::Max, {A, B});
}
Expr Expr::min(llvm::ArrayRef<Expr> Ops) { return minMax(Kind::Min, Ops); }
Expr Expr::max(llvm::ArrayRef<Expr> Ops) { return minMax(Kind::Max, Ops); }

Expr Expr::log2(const Expr &A) {
  // A constant folds; anything else is an atom of its own: no rule moves a
  // factor out (log2(2 * n) is not log2(n) + 1 when n is 0).
  if (std::optional<Rational> C = A.getConstant())
    return constant(floorLog2(*C));
  return makeNode(Kind::Log2, {A});
}

Expr Expr::withOperands(llvm::ArrayRef<Expr> Ops) const {
  switch (getKind()) {
  case Kind::Add:
    return linearSum(Ops);
  case Kind::Mul: {
    Poly P = Poly::constant(Rational(1));
    for (const Expr &Op : Ops)
      P = P * toPoly(Op);
    return render(P);
  }
  case Kind::FloorDiv:
    return floorDiv(Ops[0], Ops[1]);
  case Kind::CeilDiv:
    return ceilDiv(Ops[0], Ops[1]);
  case Kind::Min:
    return min(Ops);
  case Kind::Max:
    return max(Ops);
  case Kind::Log2:
    return log2(Ops[0]);
  case Kind::Constant:
  case Kind::Symbol:
    break;
  }
  return *this;
}

Expr::Kind Expr::getKind() const { return Node->K; }

llvm::ArrayRef<Expr> Expr::operands() const { return Node->Ops; }

llvm::ArrayRef<Expr> Expr::terms() const {
  return getKind() == Kind::Add ? operands() : llvm::ArrayRef<Expr>(*this);
}

std::optional<Rational> Expr::getConstant() const {
  if (!isConstant())
    return std::nullopt;
  return Node->Value;
}

std::optional<int64_t> Expr::getInt64() const {
  if (!isConstant())
    return std::nullopt;
  return Node->Value.getInt64();
}

llvm::StringRef Expr::getSymbolName() const {
  if (!isSymbol())
    return {};
  return Node->Name;
}

bool Expr::isIntegerSymbol(llvm::StringRef Name) {
  return !Name.starts_with("lat.");
}

int ktime::compareExpr(const Expr &A, const Expr &B) {
  const auto &PA = ExprAccess::ptr(A), &PB = ExprAccess::ptr(B);
  if (PA == PB)
    return 0;
  if (PA->K != PB->K)
    return PA->K < PB->K ? -1 : 1;
  switch (PA->K) {
  case Expr::Kind::Constant:
    if (PA->Value == PB->Value)
      return 0;
    return PA->Value < PB->Value ? -1 : 1;
  case Expr::Kind::Symbol:
    return llvm::StringRef(PA->Name).compare(PB->Name);
  default:
    break;
  }
  size_t N = std::min(PA->Ops.size(), PB->Ops.size());
  for (size_t I = 0; I < N; ++I)
    if (int C = compareExpr(PA->Ops[I], PB->Ops[I]))
      return C;
  if (PA->Ops.size() != PB->Ops.size())
    return PA->Ops.size() < PB->Ops.size() ? -1 : 1;
  return 0;
}

bool Expr::operator==(const Expr &O) const {
  return compareExpr(*this, O) == 0;
}

bool Expr::operator<(const Expr &O) const { return compareExpr(*this, O) < 0; }

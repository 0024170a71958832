//===- KernelTime/MaxPlus.h - Max-plus algebra -----------------*- C++ -*-===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The max-plus core of the Antonyuk & Mikheev model
/// (docs/maxplus.md): the scalar Value (a double with eps = -inf),
/// the Semiring traits that make every structure generic over its element
/// type (numbers now, symbolic expressions later), sparse vectors and
/// matrices with (+) = max and (x) = +, the paper's graph height with its
/// self-loop rule, and the critical path <1_o, Z^k (x) 1_i> evaluated
/// sparsely in topological order.
///
/// Conventions: entry (i, j) of a matrix is the weight z_ij of the arc j -> i,
/// so one propagation step is Y = Z (x) X. In vectors and matrices epsilon is
/// the ABSENCE of an entry; an element type never needs an -inf value.
///
//===----------------------------------------------------------------------===//

#ifndef KERNELTIME_MAXPLUS_H
#define KERNELTIME_MAXPLUS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace ktime::maxplus {

//===----------------------------------------------------------------------===//
// Scalar values
//===----------------------------------------------------------------------===//

/// A max-plus scalar: a double, with epsilon (the (+) identity and (x)
/// absorbing element) represented as -inf and the unit e as 0. +inf is an
/// ordinary (top) value; eps (x) +inf = eps. NaN is not a max-plus value: the
/// constructor maps it to eps, so no Value is ever NaN.
class Value {
public:
  /// Epsilon.
  Value() : V(-std::numeric_limits<double>::infinity()) {}
  explicit Value(double D);

  static Value eps() { return Value(); }
  /// The (x) unit e = 0.
  static Value unit() { return Value(0.0); }

  bool isEps() const { return V == -std::numeric_limits<double>::infinity(); }
  /// The number; -inf for eps.
  double toDouble() const { return V; }

  /// Prints "-inf" for eps, "+inf" for +inf, otherwise the shortest decimal
  /// form that reads back as the same double ("7", "0.1", "1e+20").
  void print(llvm::raw_ostream &OS) const;
  std::string str() const;

  friend bool operator==(Value A, Value B) { return A.V == B.V; }
  friend bool operator!=(Value A, Value B) { return A.V != B.V; }
  /// The max-plus order: eps below everything, +inf above everything.
  friend bool operator<(Value A, Value B) { return A.V < B.V; }

private:
  double V;
};

/// a (+) b = max(a, b).
Value oplus(Value A, Value B);
/// a (x) b = a + b, with eps absorbing (eps (x) anything = eps, +inf too).
Value otimes(Value A, Value B);

llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, Value V);

//===----------------------------------------------------------------------===//
// Semiring traits
//===----------------------------------------------------------------------===//

/// The operations the structures below use on their element type T.
/// A specialisation must provide
///   static T oplus(const T &, const T &);   // max
///   static T otimes(const T &, const T &);  // +
///   static T one();                         // the (x) unit e (0)
/// and may provide
///   static bool isEps(const T &);  // entries equal to eps are not stored
///   static bool less(const T &, const T &);  // order for criticalPath
/// Epsilon is never asked for: it is the absence of an entry.
template <typename T> struct Semiring;

template <> struct Semiring<Value> {
  static Value oplus(Value A, Value B) { return maxplus::oplus(A, B); }
  static Value otimes(Value A, Value B) { return maxplus::otimes(A, B); }
  static Value one() { return Value::unit(); }
  static bool isEps(Value A) { return A.isEps(); }
  static bool less(Value A, Value B) { return A < B; }
};

/// Plain doubles; -inf counts as eps, NaN is the caller's problem.
template <> struct Semiring<double> {
  static double oplus(double A, double B) { return A < B ? B : A; }
  static double otimes(double A, double B);
  static double one() { return 0.0; }
  static bool isEps(double A) {
    return A == -std::numeric_limits<double>::infinity();
  }
  static bool less(double A, double B) { return A < B; }
};

namespace detail {
template <typename T, typename = void> struct HasIsEps : std::false_type {};
template <typename T>
struct HasIsEps<
    T, std::void_t<decltype(Semiring<T>::isEps(std::declval<const T &>()))>>
    : std::true_type {};
template <typename T, typename = void> struct HasLess : std::false_type {};
template <typename T>
struct HasLess<T, std::void_t<decltype(Semiring<T>::less(
                      std::declval<const T &>(), std::declval<const T &>()))>>
    : std::true_type {};

/// True if X is the element type's own spelling of eps (never for types
/// without isEps).
template <typename T> bool isEps(const T &X) {
  if constexpr (HasIsEps<T>::value)
    return Semiring<T>::isEps(X);
  else
    return false;
}

/// Row := Row (+) {Col: X}, keeping eps out of the map.
template <typename T>
void accumulate(std::map<unsigned, T> &Row, unsigned Col, T X) {
  if (isEps(X))
    return;
  auto It = Row.find(Col);
  if (It == Row.end())
    Row.emplace(Col, std::move(X));
  else
    It->second = Semiring<T>::oplus(It->second, X);
}

template <typename T> std::string toString(const T &X) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << X;
  OS.flush();
  return S;
}

/// Prints one row "[c0 c1 ...]", cell K right-aligned to Widths[K] (if
/// given); an empty cell string prints as ".".
void printRow(llvm::raw_ostream &OS, llvm::ArrayRef<std::string> Cells,
              llvm::ArrayRef<size_t> Widths);
/// Prints a Rows x Cols grid of row-major Cells, columns aligned, one
/// "[...]" line (ending in a newline) per row.
void printGrid(llvm::raw_ostream &OS, unsigned Rows, unsigned Cols,
               llvm::ArrayRef<std::string> Cells);
} // namespace detail

/// The strict order Semiring<T>::less as a function object; criticalPath's
/// default comparator. Types without less() pass their own comparator.
template <typename T> struct SemiringLess {
  bool operator()(const T &A, const T &B) const {
    static_assert(detail::HasLess<T>::value,
                  "Semiring<T> has no less(): pass a comparator");
    return Semiring<T>::less(A, B);
  }
};

//===----------------------------------------------------------------------===//
// Graph structure (element-type independent)
//===----------------------------------------------------------------------===//

/// The arcs of a kernel graph without their weights: what height and the
/// topological order depend on. Self-loops are kept apart from other arcs.
class ArcPattern {
public:
  explicit ArcPattern(unsigned NumNodes = 0);

  unsigned size() const { return static_cast<unsigned>(Preds.size()); }
  /// Adds the arc From -> To (a self-loop if From == To). Nodes must exist.
  /// Matrices never add an arc twice; if a caller does, the algorithms
  /// below still give the same answers.
  void addArc(unsigned From, unsigned To);
  bool hasSelfLoop(unsigned Node) const { return SelfLoop[Node]; }
  /// Arcs into / out of Node, self-loops excluded.
  llvm::ArrayRef<unsigned> predecessors(unsigned Node) const {
    return Preds[Node];
  }
  llvm::ArrayRef<unsigned> successors(unsigned Node) const {
    return Succs[Node];
  }
  /// Number of arcs, self-loops included.
  size_t numArcs() const { return NumArcs; }

private:
  std::vector<std::vector<unsigned>> Preds, Succs;
  std::vector<bool> SelfLoop;
  size_t NumArcs = 0;
};

/// A topological order of the graph without its self-loops, or a cycle.
struct TopoOrder {
  /// All nodes, every arc going forward (ties by ascending index, FIFO).
  /// Empty when there is a cycle.
  std::vector<unsigned> Order;
  /// One cycle other than a self-loop, as C0 -> C1 -> ... -> Cn-1 -> C0
  /// with C0 its smallest node; empty when the graph is acyclic.
  std::vector<unsigned> Cycle;
  bool ok() const { return Cycle.empty(); }
};
TopoOrder topologicalOrder(const ArcPattern &G);

/// The paper's graph height: strip the graph stage by stage; a stage either
/// removes the self-loops of nodes whose only incoming arc is their own loop
/// (preferred), or else removes all nodes without incoming arcs together with
/// their outgoing arcs. Height = number of stages - 1; 0 for an empty graph;
/// std::nullopt if a cycle other than a self-loop prevents stripping.
/// If Stages is given it receives, per node, the 1-based stage that removed
/// it (the paper's node numbering, a looped node relabelled on removal).
std::optional<unsigned> height(const ArcPattern &G,
                               std::vector<unsigned> *Stages = nullptr);

/// Prints a node path as "2 -> 1 -> 0" ("(empty)" if empty).
void printNodePath(llvm::raw_ostream &OS, llvm::ArrayRef<unsigned> Path);

//===----------------------------------------------------------------------===//
// Sparse vectors
//===----------------------------------------------------------------------===//

/// A max-plus column vector of a fixed size; absent entries are eps.
template <typename T> class SparseVector {
public:
  using Storage = std::map<unsigned, T>;
  using const_iterator = typename Storage::const_iterator;

  explicit SparseVector(unsigned Size = 0) : Size(Size) {}

  /// 1_S: e (0) on the nodes in S, eps elsewhere (the paper's 1_i and 1_o).
  static SparseVector indicator(unsigned Size, llvm::ArrayRef<unsigned> S) {
    SparseVector R(Size);
    for (unsigned I : S)
      R.set(I, Semiring<T>::one());
    return R;
  }

  unsigned size() const { return Size; }
  /// Number of non-eps entries.
  size_t numEntries() const { return Entries.size(); }
  /// Entry I, or nullptr for eps.
  const T *lookup(unsigned I) const {
    assert(I < Size && "vector index out of range");
    auto It = Entries.find(I);
    return It == Entries.end() ? nullptr : &It->second;
  }
  /// Sets entry I (erases it if X is the element type's eps).
  void set(unsigned I, T X) {
    assert(I < Size && "vector index out of range");
    Entries.erase(I);
    detail::accumulate(Entries, I, std::move(X));
  }
  void erase(unsigned I) { Entries.erase(I); }
  /// Entry I := entry I (+) X.
  void accumulate(unsigned I, T X) {
    assert(I < Size && "vector index out of range");
    detail::accumulate(Entries, I, std::move(X));
  }

  const_iterator begin() const { return Entries.begin(); }
  const_iterator end() const { return Entries.end(); }

  friend bool operator==(const SparseVector &A, const SparseVector &B) {
    return A.Size == B.Size && A.Entries == B.Entries;
  }
  friend bool operator!=(const SparseVector &A, const SparseVector &B) {
    return !(A == B);
  }

  /// Prints "[. 0 7]" ("." for eps); needs operator<< for T.
  void print(llvm::raw_ostream &OS) const {
    std::vector<std::string> Cells(Size);
    for (const auto &[I, X] : Entries)
      Cells[I] = detail::toString(X);
    detail::printRow(OS, Cells, {});
  }

private:
  unsigned Size;
  Storage Entries;
};

template <typename T>
llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, const SparseVector<T> &V) {
  V.print(OS);
  return OS;
}

//===----------------------------------------------------------------------===//
// Sparse matrices
//===----------------------------------------------------------------------===//

/// An n x n max-plus matrix; entry (I, J) is the weight z_IJ of the arc
/// J -> I; absent entries are eps. Stored by rows: row I holds the arcs into
/// node I, which is what both (x) and the critical path walk.
template <typename T> class SparseMatrix {
public:
  using Row = std::map<unsigned, T>;

  explicit SparseMatrix(unsigned N = 0) : Rows(N) {}

  /// E: e (0) on the diagonal, eps elsewhere; the (x) identity.
  static SparseMatrix identity(unsigned N) {
    SparseMatrix R(N);
    for (unsigned I = 0; I < N; ++I)
      R.set(I, I, Semiring<T>::one());
    return R;
  }

  unsigned size() const { return static_cast<unsigned>(Rows.size()); }
  /// Adds nodes without arcs up to size \p N (a smaller \p N does nothing),
  /// for graphs built node by node.
  void grow(unsigned N) {
    if (N > Rows.size())
      Rows.resize(N);
  }
  /// Number of non-eps entries (arcs).
  size_t numEntries() const {
    size_t Num = 0;
    for (const Row &R : Rows)
      Num += R.size();
    return Num;
  }
  /// z_IJ, or nullptr for eps.
  const T *lookup(unsigned I, unsigned J) const {
    assert(I < size() && J < size() && "matrix index out of range");
    auto It = Rows[I].find(J);
    return It == Rows[I].end() ? nullptr : &It->second;
  }
  /// Sets z_IJ (the arc J -> I); erases it if X is the element type's eps.
  void set(unsigned I, unsigned J, T X) {
    assert(I < size() && J < size() && "matrix index out of range");
    Rows[I].erase(J);
    detail::accumulate(Rows[I], J, std::move(X));
  }
  /// The same as set(To, From, X), spelled as an arc.
  void setArc(unsigned From, unsigned To, T X) { set(To, From, std::move(X)); }
  void erase(unsigned I, unsigned J) { Rows[I].erase(J); }
  /// z_IJ := z_IJ (+) X.
  void accumulate(unsigned I, unsigned J, T X) {
    assert(I < size() && J < size() && "matrix index out of range");
    detail::accumulate(Rows[I], J, std::move(X));
  }
  /// Row I: the arcs into node I, keyed by source node.
  const Row &row(unsigned I) const { return Rows[I]; }

  /// The arcs without their weights.
  ArcPattern pattern() const {
    ArcPattern G(size());
    for (unsigned I = 0, N = size(); I < N; ++I)
      for (const auto &Entry : Rows[I])
        G.addArc(Entry.first, I);
    return G;
  }

  /// The same graph with every weight mapped through F (for example a
  /// symbolic matrix evaluated to numbers).
  template <typename U, typename Fn> SparseMatrix<U> map(Fn F) const {
    SparseMatrix<U> R(size());
    for (unsigned I = 0, N = size(); I < N; ++I)
      for (const auto &[J, X] : Rows[I])
        R.set(I, J, F(X));
    return R;
  }

  friend bool operator==(const SparseMatrix &A, const SparseMatrix &B) {
    return A.Rows == B.Rows;
  }
  friend bool operator!=(const SparseMatrix &A, const SparseMatrix &B) {
    return !(A == B);
  }

  /// Prints one "[...]" line per row, "." for eps, columns aligned; dense,
  /// so for small matrices. Needs operator<< for T.
  void print(llvm::raw_ostream &OS) const {
    unsigned N = size();
    std::vector<std::string> Cells(size_t(N) * N);
    for (unsigned I = 0; I < N; ++I)
      for (const auto &[J, X] : Rows[I])
        Cells[size_t(I) * N + J] = detail::toString(X);
    detail::printGrid(OS, N, N, Cells);
  }

private:
  std::vector<Row> Rows;
};

template <typename T>
llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, const SparseMatrix<T> &M) {
  M.print(OS);
  return OS;
}

//===----------------------------------------------------------------------===//
// (+), (x), inner product, powers
//===----------------------------------------------------------------------===//

/// Entrywise max.
template <typename T>
SparseVector<T> oplus(const SparseVector<T> &A, const SparseVector<T> &B) {
  assert(A.size() == B.size() && "vector sizes differ");
  SparseVector<T> R = A;
  for (const auto &[I, X] : B)
    R.accumulate(I, X);
  return R;
}

/// Entrywise max.
template <typename T>
SparseMatrix<T> oplus(const SparseMatrix<T> &A, const SparseMatrix<T> &B) {
  assert(A.size() == B.size() && "matrix sizes differ");
  SparseMatrix<T> R = A;
  for (unsigned I = 0, N = B.size(); I < N; ++I)
    for (const auto &[J, X] : B.row(I))
      R.accumulate(I, J, X);
  return R;
}

/// (A (x) B)_IJ = max_K (a_IK + b_KJ), row by row over the non-eps entries.
template <typename T>
SparseMatrix<T> otimes(const SparseMatrix<T> &A, const SparseMatrix<T> &B) {
  assert(A.size() == B.size() && "matrix sizes differ");
  SparseMatrix<T> R(A.size());
  for (unsigned I = 0, N = A.size(); I < N; ++I)
    for (const auto &[K, AIK] : A.row(I))
      for (const auto &[J, BKJ] : B.row(K))
        R.accumulate(I, J, Semiring<T>::otimes(AIK, BKJ));
  return R;
}

/// (Z (x) X)_I = max_J (z_IJ + x_J): one propagation step Y = Z (x) X.
template <typename T>
SparseVector<T> otimes(const SparseMatrix<T> &Z, const SparseVector<T> &X) {
  assert(Z.size() == X.size() && "matrix and vector sizes differ");
  SparseVector<T> R(X.size());
  for (unsigned I = 0, N = Z.size(); I < N; ++I)
    for (const auto &[J, ZIJ] : Z.row(I))
      if (const T *XJ = X.lookup(J))
        R.accumulate(I, Semiring<T>::otimes(ZIJ, *XJ));
  return R;
}

/// <A, B> = max_J (a_J + b_J); std::nullopt is eps.
template <typename T>
std::optional<T> innerProduct(const SparseVector<T> &A,
                              const SparseVector<T> &B) {
  assert(A.size() == B.size() && "vector sizes differ");
  std::optional<T> R;
  for (const auto &[J, AJ] : A) {
    const T *BJ = B.lookup(J);
    if (!BJ)
      continue;
    T P = Semiring<T>::otimes(AJ, *BJ);
    if (detail::isEps(P))
      continue;
    R = R ? Semiring<T>::oplus(*R, P) : std::move(P);
  }
  return R;
}

namespace detail {
/// Z^K by squaring for any matrix type with identity(n) and otimes; Z^0 =
/// E. E only appears for K = 0, so symbolic entries never carry a "0 +"
/// from it.
template <typename Matrix> Matrix powerBySquaring(const Matrix &Z, unsigned K) {
  if (K == 0)
    return Matrix::identity(Z.size());
  std::optional<Matrix> R;
  Matrix Base = Z;
  while (true) {
    if (K & 1)
      R = R ? otimes(*R, Base) : Base;
    K >>= 1;
    if (!K)
      return std::move(*R);
    Base = otimes(Base, Base);
  }
}
} // namespace detail

/// Z^K by squaring; Z^0 = E (detail::powerBySquaring).
template <typename T>
SparseMatrix<T> power(const SparseMatrix<T> &Z, unsigned K) {
  return detail::powerBySquaring(Z, K);
}

/// Height of the graph of Z (see height(const ArcPattern &, ...)).
template <typename T>
std::optional<unsigned> height(const SparseMatrix<T> &Z,
                               std::vector<unsigned> *Stages = nullptr) {
  return height(Z.pattern(), Stages);
}

//===----------------------------------------------------------------------===//
// Critical paths
//===----------------------------------------------------------------------===//

enum class PathStatus {
  Ok,     ///< Length (and Path, if asked for) are set.
  NoPath, ///< No output is reachable from an input (or there are none).
  Cycle   ///< The graph has a cycle other than a self-loop; see Cycle.
};

template <typename T> struct PathResult {
  PathStatus Status = PathStatus::NoPath;
  /// The time from the inputs to the latest output; set iff Status == Ok.
  std::optional<T> Length;
  /// criticalPath only: the nodes of a longest path, input first.
  std::vector<unsigned> Path;
  /// Status == Cycle: one cycle, C0 -> C1 -> ... -> C0.
  std::vector<unsigned> Cycle;
  bool ok() const { return Status == PathStatus::Ok; }
};

namespace detail {
/// The single pass behind longestPath and criticalPath. Less is only
/// called (and only has to compile) when WantPath.
template <bool WantPath, typename T, typename LessT>
PathResult<T> sweep(const SparseMatrix<T> &Z, llvm::ArrayRef<unsigned> Inputs,
                    llvm::ArrayRef<unsigned> Outputs, const LessT &Less) {
  PathResult<T> Result;
  unsigned N = Z.size();
  TopoOrder Topo = topologicalOrder(Z.pattern());
  if (!Topo.ok()) {
    Result.Status = PathStatus::Cycle;
    Result.Cycle = std::move(Topo.Cycle);
    return Result;
  }
  constexpr unsigned None = ~0u;
  std::vector<bool> IsInput(N, false);
  for (unsigned I : Inputs) {
    assert(I < N && "input node out of range");
    if (I < N)
      IsInput[I] = true;
  }
  // Dist[V]: latest arrival at V over all input -> V paths, V's self-loop
  // included; IsOne[V]: Dist[V] is exactly the seed e (no arc, no loop), so
  // that symbolic sums do not start with "0 +".
  std::vector<std::optional<T>> Dist(N);
  std::vector<bool> IsOne(N, false);
  std::vector<unsigned> Pred(WantPath ? N : 0, None);
  for (unsigned V : Topo.Order) {
    std::optional<T> Best;
    bool BestIsOne = false;
    if (IsInput[V]) {
      Best = Semiring<T>::one();
      BestIsOne = true;
    }
    const T *Loop = nullptr;
    for (const auto &[J, W] : Z.row(V)) {
      if (J == V) {
        Loop = &W;
        continue;
      }
      if (!Dist[J])
        continue;
      T Cand = IsOne[J] ? W : Semiring<T>::otimes(*Dist[J], W);
      if (isEps(Cand))
        continue; // Only by overflow; eps is never a time of arrival.
      if (!Best) {
        Best = std::move(Cand);
        if constexpr (WantPath)
          Pred[V] = J;
        continue;
      }
      if constexpr (WantPath)
        if (Less(*Best, Cand))
          Pred[V] = J;
      Best = Semiring<T>::oplus(*Best, Cand);
      BestIsOne = false;
    }
    if (Best && Loop) {
      Best = BestIsOne ? *Loop : Semiring<T>::otimes(*Best, *Loop);
      BestIsOne = false;
    }
    Dist[V] = std::move(Best);
    IsOne[V] = BestIsOne;
  }
  unsigned Last = None;
  for (unsigned O : Outputs) {
    assert(O < N && "output node out of range");
    if (O >= N || !Dist[O])
      continue;
    if (!Result.Length) {
      Result.Length = *Dist[O];
      Last = O;
      continue;
    }
    if constexpr (WantPath)
      if (Less(*Result.Length, *Dist[O]))
        Last = O;
    Result.Length = Semiring<T>::oplus(*Result.Length, *Dist[O]);
  }
  if (!Result.Length)
    return Result;
  Result.Status = PathStatus::Ok;
  if constexpr (WantPath) {
    for (unsigned V = Last; V != None; V = Pred[V])
      Result.Path.push_back(V);
    std::reverse(Result.Path.begin(), Result.Path.end());
  }
  return Result;
}

struct NoLess {};
} // namespace detail

/// The critical-path time from Inputs to Outputs in one pass over the arcs,
/// in topological order:
///   dist(v) = loop(v) (x) ( [e if v is an input] (+) max_j z_vj (x) dist(j) )
/// (loop(v) = z_vv if present, else e: every self-loop counted exactly once),
/// Length = max over reachable outputs. For a graph without self-loops this
/// is <1_o, (E (+) Z)^h (x) 1_i> (h = height): the longest input -> output
/// path of any length. It equals the paper's <1_o, Z^h (x) 1_i> when every
/// input -> output path has exactly h steps counting its self-loop, and
/// passes at most one self-loop (the paper's layered examples);
/// docs/maxplus.md gives the general closed form and the differences.
template <typename T>
PathResult<T> longestPath(const SparseMatrix<T> &Z,
                          llvm::ArrayRef<unsigned> Inputs,
                          llvm::ArrayRef<unsigned> Outputs) {
  return detail::sweep<false>(Z, Inputs, Outputs, detail::NoLess());
}

/// longestPath plus the node sequence of one longest path (ties go to the
/// predecessor with the lowest index, and to an input over a predecessor).
/// Less(A, B) is a strict order (A < B) consistent with Semiring<T>::oplus.
template <typename T, typename LessT = SemiringLess<T>>
PathResult<T>
criticalPath(const SparseMatrix<T> &Z, llvm::ArrayRef<unsigned> Inputs,
             llvm::ArrayRef<unsigned> Outputs, const LessT &Less = LessT()) {
  return detail::sweep<true>(Z, Inputs, Outputs, Less);
}

//===----------------------------------------------------------------------===//
// Arrival times with seeds
//===----------------------------------------------------------------------===//

/// The arrival time of every node when each seeded node may start at its
/// seed (an input ready at that time), in one pass in topological order:
///   dist(v) = loop(v) (x) ( seed(v) (+) max_j dist(j) (x) z_vj )
/// (loop(v) = z_vv, or e without a self-loop). With every seed e this is the
/// dist of longestPath; a seed other than e is an input that becomes ready
/// later (a loop-carried value of the previous iteration, a memory access
/// queued behind others). Nodes nothing reaches stay eps (absent).
/// std::nullopt if the graph has a cycle other than a self-loop.
template <typename T>
std::optional<SparseVector<T>> arrivalTimes(const SparseMatrix<T> &Z,
                                            const SparseVector<T> &Seeds) {
  assert(Z.size() == Seeds.size() && "matrix and seed sizes differ");
  TopoOrder Topo = topologicalOrder(Z.pattern());
  if (!Topo.ok())
    return std::nullopt;
  unsigned N = Z.size();
  std::vector<std::optional<T>> Dist(N);
  for (unsigned V : Topo.Order) {
    std::optional<T> Best;
    if (const T *S = Seeds.lookup(V))
      Best = *S;
    const T *Loop = nullptr;
    for (const auto &[J, W] : Z.row(V)) {
      if (J == V) {
        Loop = &W;
        continue;
      }
      if (!Dist[J])
        continue;
      T Cand = Semiring<T>::otimes(*Dist[J], W);
      if (detail::isEps(Cand))
        continue;
      Best = Best ? Semiring<T>::oplus(*Best, Cand) : std::move(Cand);
    }
    if (Best && Loop)
      Best = Semiring<T>::otimes(*Best, *Loop);
    Dist[V] = std::move(Best);
  }
  SparseVector<T> R(N);
  for (unsigned V = 0; V < N; ++V)
    if (Dist[V])
      R.set(V, std::move(*Dist[V]));
  return R;
}

//===----------------------------------------------------------------------===//
// Dense matrices
//===----------------------------------------------------------------------===//

/// An n x n max-plus matrix stored densely (every cell, eps = empty), for
/// small full matrices: loop recurrences, the paper's literal Z^k. Same
/// conventions as SparseMatrix: entry (I, J) is the arc J -> I.
template <typename T> class DenseMatrix {
public:
  explicit DenseMatrix(unsigned N = 0) : N(N), Cells(size_t(N) * N) {}

  /// E: e on the diagonal.
  static DenseMatrix identity(unsigned N) {
    DenseMatrix R(N);
    for (unsigned I = 0; I < N; ++I)
      R.set(I, I, Semiring<T>::one());
    return R;
  }
  static DenseMatrix fromSparse(const SparseMatrix<T> &S) {
    DenseMatrix R(S.size());
    for (unsigned I = 0, E = S.size(); I < E; ++I)
      for (const auto &[J, X] : S.row(I))
        R.set(I, J, X);
    return R;
  }
  SparseMatrix<T> toSparse() const {
    SparseMatrix<T> R(N);
    for (unsigned I = 0; I < N; ++I)
      for (unsigned J = 0; J < N; ++J)
        if (const T *X = lookup(I, J))
          R.set(I, J, *X);
    return R;
  }

  unsigned size() const { return N; }
  /// z_IJ, or nullptr for eps.
  const T *lookup(unsigned I, unsigned J) const {
    assert(I < N && J < N && "matrix index out of range");
    const std::optional<T> &C = Cells[size_t(I) * N + J];
    return C ? &*C : nullptr;
  }
  /// Sets z_IJ; eps (by the element type's isEps) empties the cell.
  void set(unsigned I, unsigned J, T X) {
    assert(I < N && J < N && "matrix index out of range");
    std::optional<T> &C = Cells[size_t(I) * N + J];
    if (detail::isEps(X))
      C.reset();
    else
      C = std::move(X);
  }
  void erase(unsigned I, unsigned J) { Cells[size_t(I) * N + J].reset(); }
  /// z_IJ := z_IJ (+) X.
  void accumulate(unsigned I, unsigned J, T X) {
    if (detail::isEps(X))
      return;
    std::optional<T> &C = Cells[size_t(I) * N + J];
    C = C ? Semiring<T>::oplus(*C, X) : std::move(X);
  }

  friend bool operator==(const DenseMatrix &A, const DenseMatrix &B) {
    return A.N == B.N && A.Cells == B.Cells;
  }
  friend bool operator!=(const DenseMatrix &A, const DenseMatrix &B) {
    return !(A == B);
  }

  /// As SparseMatrix::print.
  void print(llvm::raw_ostream &OS) const {
    std::vector<std::string> Text(Cells.size());
    for (size_t K = 0; K < Cells.size(); ++K)
      if (Cells[K])
        Text[K] = detail::toString(*Cells[K]);
    detail::printGrid(OS, N, N, Text);
  }

private:
  unsigned N;
  std::vector<std::optional<T>> Cells;
};

template <typename T>
llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, const DenseMatrix<T> &M) {
  M.print(OS);
  return OS;
}

/// Entrywise max.
template <typename T>
DenseMatrix<T> oplus(const DenseMatrix<T> &A, const DenseMatrix<T> &B) {
  assert(A.size() == B.size() && "matrix sizes differ");
  DenseMatrix<T> R = A;
  for (unsigned I = 0, N = B.size(); I < N; ++I)
    for (unsigned J = 0; J < N; ++J)
      if (const T *X = B.lookup(I, J))
        R.accumulate(I, J, *X);
  return R;
}

/// (A (x) B)_IJ = max_K (a_IK + b_KJ): the triple loop of the definition.
template <typename T>
DenseMatrix<T> otimes(const DenseMatrix<T> &A, const DenseMatrix<T> &B) {
  assert(A.size() == B.size() && "matrix sizes differ");
  unsigned N = A.size();
  DenseMatrix<T> R(N);
  for (unsigned I = 0; I < N; ++I)
    for (unsigned K = 0; K < N; ++K) {
      const T *AIK = A.lookup(I, K);
      if (!AIK)
        continue;
      for (unsigned J = 0; J < N; ++J)
        if (const T *BKJ = B.lookup(K, J))
          R.accumulate(I, J, Semiring<T>::otimes(*AIK, *BKJ));
    }
  return R;
}

/// Z^K by squaring; Z^0 = E (detail::powerBySquaring, as for sparse).
template <typename T>
DenseMatrix<T> power(const DenseMatrix<T> &Z, unsigned K) {
  return detail::powerBySquaring(Z, K);
}

//===----------------------------------------------------------------------===//
// The modified Kronecker product
//===----------------------------------------------------------------------===//

/// The paper's modified Kronecker product A (x)_kron B (section 7): the
/// Kronecker product with (x) in place of the ordinary product. For A of
/// size m and B of size n it has size m*n, and
///   (A kron B)_{I*n+K, J*n+L} = a_IJ (x) b_KL,
/// so block (I, J) is a_IJ (x) B. I_m kron K (kroneckerIdentity) is m
/// copies of a kernel matrix K on the diagonal: m independent executors.
/// With the mixed-product rule (A kron B) (x) (C kron D) = (A (x) C) kron
/// (B (x) D) it gives (I_m kron K)^p = I_m kron K^p, so one kernel's matrix
/// suffices (unittests/MaxPlus/KroneckerTest.cpp).
template <typename T>
SparseMatrix<T> kronecker(const SparseMatrix<T> &A, const SparseMatrix<T> &B) {
  unsigned M = A.size(), N = B.size();
  SparseMatrix<T> R(M * N);
  for (unsigned I = 0; I < M; ++I)
    for (const auto &[J, AIJ] : A.row(I))
      for (unsigned K = 0; K < N; ++K)
        for (const auto &[L, BKL] : B.row(K))
          R.set(I * N + K, J * N + L, Semiring<T>::otimes(AIJ, BKL));
  return R;
}

/// I_M kron K: M copies of K along the diagonal, taken as they are (no
/// "e (x)" applied to the entries).
template <typename T>
SparseMatrix<T> kroneckerIdentity(unsigned M, const SparseMatrix<T> &K) {
  unsigned N = K.size();
  SparseMatrix<T> R(M * N);
  for (unsigned I = 0; I < M; ++I)
    for (unsigned Row = 0; Row < N; ++Row)
      for (const auto &[Col, X] : K.row(Row))
        R.set(I * N + Row, I * N + Col, X);
  return R;
}

//===----------------------------------------------------------------------===//
// Maximum cycle mean (the max-plus eigenvalue)
//===----------------------------------------------------------------------===//

/// The largest mean weight (weight / number of arcs) over the cycles of a
/// graph, self-loops included, and one cycle that has it.
struct CycleMean {
  double Mean = 0;
  /// The cycle C0 -> C1 -> ... -> Cn-1 -> C0, smallest node first; a
  /// self-loop is one node.
  std::vector<unsigned> Cycle;
};

/// Karp's algorithm, O(nodes x arcs) time and O(nodes^2) memory:
///   lambda = max_v min_{0 <= k < n} (D_n(v) - D_k(v)) / (n - k)
/// with D_k(v) the heaviest walk of exactly k arcs ending at v (starting
/// anywhere). For an irreducible matrix (a strongly connected graph) lambda
/// is its unique max-plus eigenvalue, the growth per step of Z^k:
/// (Z^k)_ij = k lambda + O(1). The cycle is read off the heaviest n-arc walk
/// to the node that attains lambda (every cycle on that walk has mean
/// lambda). std::nullopt when the graph has no cycle. Weights must be
/// finite (eps is an absent arc).
std::optional<CycleMean> maxCycleMean(const SparseMatrix<double> &Z);
std::optional<CycleMean> maxCycleMean(const SparseMatrix<Value> &Z);

/// True if every node reaches every other (a non-empty strongly connected
/// graph; a single node needs its self-loop): the matrix is irreducible.
bool isIrreducible(const ArcPattern &G);

} // namespace ktime::maxplus

#endif // KERNELTIME_MAXPLUS_H

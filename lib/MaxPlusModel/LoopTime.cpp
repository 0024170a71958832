//===- LoopTime.cpp - A loop's time from its body graph -------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The loop as a max-plus linear system over its loop-carried values: with
/// x_k the times the carried values are ready at the start of iteration k
/// (x_0 = 0) and one iteration's graph G,
///   x_{k+1} = arrivals at the Carry nodes of G seeded with x_k,
///   y_k     = the latest output of G seeded with x_k,
/// the loop takes max_k y_k. A constant trip count is unrolled exactly, as
/// the paper does; otherwise (ours) the loop takes one iteration plus
/// (trip - 1) times the maximum cycle mean of the recurrence matrix
/// A(p, q) = longest path State q -> Carry p, its max-plus eigenvalue.
/// Tested by unittests/MaxPlusModel/LoopTimeTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlusModel.h"

#include <functional>

using namespace ktime;

namespace {

/// Every elementary cycle of \p A (smallest node first), at most \p Cap;
/// returns false if there were more.
bool enumerateCycles(const maxplus::SparseMatrix<MPTime> &A, unsigned Cap,
                     std::vector<std::vector<unsigned>> &Cycles) {
  unsigned N = A.size();
  std::vector<bool> OnPath(N, false);
  std::vector<unsigned> Path;
  bool Complete = true;
  std::function<void(unsigned, unsigned)> Dfs = [&](unsigned Start,
                                                    unsigned V) {
    for (unsigned To = 0; To < N && Complete; ++To) {
      if (!A.lookup(To, V))
        continue;
      if (To == Start) {
        if (Cycles.size() == Cap) {
          Complete = false;
          return;
        }
        Cycles.push_back(Path);
      } else if (To > Start && !OnPath[To]) {
        OnPath[To] = true;
        Path.push_back(To);
        Dfs(Start, To);
        Path.pop_back();
        OnPath[To] = false;
      }
    }
  };
  for (unsigned S = 0; S < N && Complete; ++S) {
    Path = {S};
    OnPath[S] = true;
    Dfs(S, S);
    OnPath[S] = false;
  }
  return Complete;
}

/// The mean time of a cycle of \p A, as an expression.
MPTime cycleMean(const maxplus::SparseMatrix<MPTime> &A,
                 const std::vector<unsigned> &C, const Bindings &B) {
  Expr Sum;
  for (size_t K = 0; K < C.size(); ++K)
    Sum = Sum + A.lookup(C[(K + 1) % C.size()], C[K])->E;
  return MPTime(Sum * Expr::constant(Rational(1, C.size())), B);
}

bool allNominal(const KernelGraph &G) {
  for (unsigned V = 0; V < G.size(); ++V) {
    for (const auto &Entry : G.Z.row(V))
      if (!Entry.second.Nominal)
        return false;
    const KGNode &N = G.Nodes[V];
    if ((N.ReadRate && !N.ReadRate->Nominal) || (N.Seed && !N.Seed->Nominal) ||
        (N.WriteRate && !N.WriteRate->Nominal))
      return false;
  }
  return true;
}

struct IterationResult {
  std::optional<MPTime> Latest;
  std::vector<std::optional<MPTime>> Next;
};

/// One iteration of \p Body: iteration number \p K (for the serialisation
/// rates; nullopt: none), the carried values ready at \p X (absent: not
/// seeded), and \p SeedInputs whether the other inputs start at 0.
IterationResult iterate(const KernelGraph &Body,
                        const std::vector<unsigned> &States,
                        const std::optional<Expr> &K,
                        const std::vector<std::optional<MPTime>> &X,
                        bool SeedInputs, const Bindings &B) {
  maxplus::SparseMatrix<MPTime> Z = Body.Z;
  maxplus::SparseVector<MPTime> Seeds(Body.size());
  bool Shift = K && !(K->isConstant() && K->getConstant()->isZero());
  if (SeedInputs) {
    std::vector<bool> IsInput(Body.size(), false);
    for (unsigned V : Body.inputs())
      IsInput[V] = Body.Nodes[V].Kind != KGNodeKind::State;
    for (unsigned V = 0; V < Body.size(); ++V) {
      const KGNode &N = Body.Nodes[V];
      std::optional<MPTime> Start = N.Seed;
      if (!Start && IsInput[V])
        Start = MPTime();
      // In iteration K a read starts K rounds of reads later (K >= 0, so
      // this is never earlier than the input's 0).
      if (Shift && N.ReadRate)
        Start = Start ? *Start + N.ReadRate->times(*K, B)
                      : N.ReadRate->times(*K, B);
      if (Start)
        Seeds.set(V, *Start);
    }
  }
  if (Shift)
    for (unsigned V = 0; V < Body.size(); ++V) {
      const KGNode &N = Body.Nodes[V];
      if (!N.WriteRate)
        continue;
      MPTime More = N.WriteRate->times(*K, B);
      if (N.Kind == KGNodeKind::Compound) {
        const MPTime *L = Z.lookup(V, V);
        Z.set(V, V, L ? *L + More : More);
        continue;
      }
      std::vector<std::pair<unsigned, MPTime>> Row(Z.row(V).begin(),
                                                   Z.row(V).end());
      for (auto &[J, W] : Row)
        if (J != V)
          Z.set(V, J, W + More);
    }
  for (size_t P = 0; P < States.size(); ++P)
    if (X[P])
      Seeds.set(States[P], *X[P]);
  IterationResult R;
  R.Next.resize(States.size());
  std::optional<maxplus::SparseVector<MPTime>> D =
      maxplus::arrivalTimes(Z, Seeds);
  if (!D)
    return R;
  for (unsigned O : Body.outputs())
    if (const MPTime *T = D->lookup(O))
      R.Latest = R.Latest ? maxTime(*R.Latest, *T) : *T;
  for (size_t P = 0; P < States.size(); ++P)
    if (const MPTime *T = D->lookup(Body.Nodes[States[P]].Pair))
      R.Next[P] = *T;
  return R;
}

} // namespace

LoopTime ktime::loopTime(const KernelGraph &Body, const Expr &Trip,
                         const Bindings &B, unsigned MaxUnroll) {
  LoopTime R;
  for (unsigned V = 0; V < Body.size(); ++V)
    if (Body.Nodes[V].Kind == KGNodeKind::State && Body.Nodes[V].Pair >= 0)
      R.States.push_back(V);
  unsigned S = static_cast<unsigned>(R.States.size());
  std::vector<std::optional<MPTime>> Zero(S, MPTime());

  // The recurrence: paths from one State to the Carries, nothing else
  // seeded.
  R.Recurrence = maxplus::SparseMatrix<MPTime>(S);
  for (unsigned Q = 0; Q < S; ++Q) {
    std::vector<std::optional<MPTime>> Only(S);
    Only[Q] = MPTime();
    IterationResult It = iterate(Body, R.States, std::nullopt, Only, false, B);
    for (unsigned P = 0; P < S; ++P)
      if (It.Next[P])
        R.Recurrence.set(P, Q, *It.Next[P]);
  }
  bool Nominal = true;
  for (unsigned P = 0; P < S; ++P)
    for (const auto &Entry : R.Recurrence.row(P))
      Nominal = Nominal && Entry.second.Nominal.has_value();
  if (Nominal) {
    if (std::optional<maxplus::CycleMean> M =
            maxplus::maxCycleMean(R.Recurrence.map<double>(
                [](const MPTime &T) { return *T.Nominal; }))) {
      R.CriticalCycle = M->Cycle;
      R.Lambda = cycleMean(R.Recurrence, M->Cycle, B);
    }
  } else {
    std::vector<std::vector<unsigned>> Cycles;
    if (!enumerateCycles(R.Recurrence, 64, Cycles))
      R.Notes.push_back("the recurrence has more than 64 cycles and times "
                        "without values: its cycle mean uses the first 64");
    for (const std::vector<unsigned> &C : Cycles) {
      MPTime Mean = cycleMean(R.Recurrence, C, B);
      R.Lambda = R.Lambda ? maxTime(*R.Lambda, Mean) : Mean;
    }
    if (Cycles.size() == 1)
      R.CriticalCycle = Cycles.front();
  }

  bool HasRates = false;
  for (const KGNode &N : Body.Nodes)
    HasRates = HasRates || N.ReadRate || N.WriteRate;
  // (Seeds without rates are the same in every iteration: iterate() adds
  // them whenever it seeds the inputs.)
  IterationResult First = iterate(Body, R.States, std::nullopt, Zero, true, B);
  R.FirstIteration = First.Latest.value_or(MPTime());

  std::optional<int64_t> K = Trip.getInt64();
  if (K && *K >= 0 && static_cast<uint64_t>(*K) <= MaxUnroll &&
      allNominal(Body)) {
    // The paper: unroll. Carried values absent after an iteration (they
    // depend on no data) are ready at the start of the next.
    R.Unrolled = true;
    std::vector<std::optional<MPTime>> X = Zero;
    std::optional<MPTime> Latest;
    for (int64_t I = 0; I < *K; ++I) {
      IterationResult It = iterate(
          Body, R.States,
          HasRates ? std::optional<Expr>(Expr::constant(I)) : std::nullopt, X,
          true, B);
      if (It.Latest)
        Latest = Latest ? maxTime(*Latest, *It.Latest) : *It.Latest;
      for (unsigned P = 0; P < S; ++P)
        X[P] = It.Next[P] ? *It.Next[P] : MPTime();
    }
    R.Time = Latest.value_or(MPTime());
    return R;
  }
  if (K && *K > 0 && static_cast<uint64_t>(*K) > MaxUnroll)
    R.Notes.push_back("trip count " + std::to_string(*K) +
                      " is above the unrolling limit " +
                      std::to_string(MaxUnroll) +
                      ": one iteration plus the cycle mean per further "
                      "iteration");
  else if (K && *K > 0)
    R.Notes.push_back("times without values: one iteration plus the cycle "
                      "mean per further iteration, not unrolled");
  if (K && *K == 0) {
    R.Time = MPTime();
    return R;
  }
  Expr More = Trip - 1;
  MPTime Time = R.FirstIteration;
  if (R.Lambda)
    Time = Time + R.Lambda->times(More, B);
  if (HasRates) {
    IterationResult Last = iterate(Body, R.States, More, Zero, true, B);
    if (Last.Latest)
      Time = maxTime(Time, *Last.Latest);
  }
  R.Time = Time;
  return R;
}

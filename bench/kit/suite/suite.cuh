// bench/kit/suite/suite.cuh: what the kernel suite's files share: the run's
// context, device buffers, and time(), which times one launch configuration
// three ways and prints its measurement-table rows (common.cuh). Each
// suite/*.cu file holds one kernel class's kernels (our own code) and a
// run function that launches them over several configurations.
#pragma once

#include "../common.cuh"

#include <cstdint>

namespace suite {

struct Suite {
  kit::Device D;
  bool Quick;
  double SmMhz;
  int Batch, Reps;

  template <class F>
  void time(const char *Family, const char *Source, const char *Kernel,
            dim3 Grid, dim3 Block, size_t Shared, const std::string &Args,
            const std::string &Note, F Launch) {
    kit::Times T = kit::timeLaunch(D, Launch, Batch, Reps);
    kit::printRows(
        {Family, Source, Kernel, Grid, Block, Shared, Args, false, Note}, T,
        SmMhz);
  }
};

// name=value;... of a kernel's scalar arguments.
inline std::string
args(std::initializer_list<std::pair<const char *, double>> L) {
  std::string S;
  char B[64];
  for (auto &P : L) {
    snprintf(B, sizeof B, "%s%s=%.9g", S.empty() ? "" : ";", P.first, P.second);
    S += B;
  }
  return S;
}

// A device buffer of N elements of T, filled by a host function of the index.
template <class T> struct Buffer {
  T *P = nullptr;
  size_t N = 0;
  explicit Buffer(size_t N) : N(N) { KIT_CHECK(cudaMalloc(&P, N * sizeof(T))); }
  template <class F> Buffer(size_t N, F Fill) : Buffer(N) {
    std::vector<T> H(N);
    for (size_t I = 0; I < N; ++I)
      H[I] = Fill(I);
    KIT_CHECK(cudaMemcpy(P, H.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  }
  ~Buffer() { cudaFree(P); }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
};

inline unsigned blocksFor(size_t N, unsigned Block) {
  return (unsigned)((N + Block - 1) / Block);
}

// A fixed pseudo-random sequence (xorshift32) for data and indices.
inline uint32_t hash32(uint32_t X) {
  X ^= X << 13;
  X ^= X >> 17;
  X ^= X << 5;
  return X * 2654435761u;
}

void runStream(Suite &S);
void runStencil(Suite &S);
void runTranspose(Suite &S);
void runGemm(Suite &S);
void runReduce(Suite &S);
void runScan(Suite &S);
void runHistogram(Suite &S);
void runAtomics(Suite &S);
void runGather(Suite &S);
void runSmallGrids(Suite &S);
void runBroadcast(Suite &S);
void runRowWalk(Suite &S);

} // namespace suite

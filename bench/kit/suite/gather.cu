// bench/kit/suite/gather.cu: the gather class: Out[i] = Src[j(i)] with a
// random j, from an index array (a random permutation of 0..N-1) and from a
// multiplicative hash of i masked to a table of Mask + 1 floats (small
// tables stay in the caches).
#include "suite.cuh"

#include <numeric>

namespace {
const char *Source = "bench/kit/suite/gather.cu";

__global__ void gatherIndex(const float *Src, const int *Idx, float *Out,
                            int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = Src[Idx[I]];
}

__global__ void gatherHash(const float *Src, float *Out, int N, unsigned Mask) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = Src[((unsigned)I * 2654435761u) & Mask];
}
} // namespace

void suite::runGather(Suite &S) {
  std::vector<int> Ns = {1 << 20, 1 << 24};
  for (int N : Ns) {
    std::vector<int> Perm(N);
    std::iota(Perm.begin(), Perm.end(), 0);
    for (int I = N - 1; I > 0; --I)
      std::swap(Perm[I], Perm[hash32(I) % (I + 1)]);
    Buffer<int> Idx(N, [&](size_t I) { return Perm[I]; });
    Buffer<float> Src(N, [](size_t I) { return (float)(I % 11); }), Out(N);
    for (unsigned Block : {128u, 256u, 1024u}) {
      dim3 Grid(blocksFor(N, Block));
      S.time("gather", Source, "gatherIndex", Grid, Block, 0,
             args({{"N", (double)N}}), "Idx: a random permutation of 0..N-1",
             [&] { gatherIndex<<<Grid, Block>>>(Src.P, Idx.P, Out.P, N); });
      for (unsigned Mask : {(1u << 12) - 1, (1u << 20) - 1, (unsigned)N - 1}) {
        S.time("gather", Source, "gatherHash", Grid, Block, 0,
               args({{"N", (double)N}, {"Mask", (double)Mask}}), "",
               [&] { gatherHash<<<Grid, Block>>>(Src.P, Out.P, N, Mask); });
      }
    }
  }
}

// bench/kit/suite/histogram.cu: the histogram class: 256 bins of 32-bit
// values, bin = value & Mask. Mask = 255 spreads the (pseudo-random) values
// over every bin (uniform); Mask = 0 puts every value into bin 0 (skewed,
// every atomic on one address). Two kernels: atomics straight to global
// bins, and per-block bins in shared memory merged at the end.
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/histogram.cu";
const int Bins = 256;

__global__ void histGlobal(const unsigned *Data, unsigned *Hist, int N,
                           unsigned Mask) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(&Hist[Data[I] & Mask], 1u);
}

__global__ void histShared(const unsigned *Data, unsigned *Hist, int N,
                           unsigned Mask) {
  __shared__ unsigned Local[Bins];
  for (int B = threadIdx.x; B < Bins; B += blockDim.x)
    Local[B] = 0;
  __syncthreads();
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += gridDim.x * blockDim.x)
    atomicAdd(&Local[Data[I] & Mask], 1u);
  __syncthreads();
  for (int B = threadIdx.x; B < Bins; B += blockDim.x)
    if (Local[B])
      atomicAdd(&Hist[B], Local[B]);
}
} // namespace

void suite::runHistogram(Suite &S) {
  std::vector<int> Ns = {1 << 20, 1 << 24};
  for (int N : Ns) {
    Buffer<unsigned> Data(N, [](size_t I) { return hash32((uint32_t)I + 1); });
    Buffer<unsigned> Hist(Bins);
    KIT_CHECK(cudaMemset(Hist.P, 0, Bins * sizeof(unsigned)));
    for (unsigned Mask : {255u, 0u}) {
      const char *Note =
          Mask ? "uniform over 256 bins" : "every value in bin 0";
      std::string A = args({{"N", (double)N}, {"Mask", (double)Mask}});
      for (unsigned Block : {256u, 1024u}) {
        dim3 Grid(blocksFor(N, Block));
        S.time("histogram", Source, "histGlobal", Grid, Block, 0, A, Note,
               [&] { histGlobal<<<Grid, Block>>>(Data.P, Hist.P, N, Mask); });
        // Shared bins: one wave of blocks, a grid-stride loop.
        dim3 Wave(S.D.SMs * (S.D.ThreadsPerSM / Block));
        S.time("histogram", Source, "histShared", Wave, Block, 0, A, Note,
               [&] { histShared<<<Wave, Block>>>(Data.P, Hist.P, N, Mask); });
      }
    }
  }
}

// bench/kit/suite/small_grids.cu: the small latency-bound grids class:
// grids of one or a few blocks, where no wave fills the GPU: a dependent
// FMA chain per thread (instruction latency), and one block summing an
// array with a block-stride loop (memory latency per step).
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/small_grids.cu";

__global__ void fmaChain(float *Out, int Iters, float A, float B) {
  float X = threadIdx.x;
  for (int I = 0; I < Iters; ++I)
    X = X * A + B;
  Out[blockIdx.x * blockDim.x + threadIdx.x] = X;
}

__global__ void blockSum(const float *In, float *Out, int N) {
  float Sum = 0;
  for (int I = threadIdx.x; I < N; I += blockDim.x)
    Sum += In[I];
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
}
} // namespace

void suite::runSmallGrids(Suite &S) {
  Buffer<float> Out(64 * 1024);
  Buffer<float> In(1 << 20, [](size_t I) { return (float)(I % 3); });
  struct Cfg {
    unsigned Grid, Block;
  } Cfgs[] = {{1, 32}, {1, 256}, {1, 1024}, {4, 256}, {16, 32}, {16, 128}};
  for (Cfg C : Cfgs) {
    for (int Iters : {1000, 100000}) {
      S.time(
          "small-grid", Source, "fmaChain", dim3(C.Grid), dim3(C.Block), 0,
          args({{"Iters", (double)Iters}, {"A", 0.999f}, {"B", 0.5}}), "",
          [&] { fmaChain<<<C.Grid, C.Block>>>(Out.P, Iters, 0.999f, 0.5f); });
    }
    for (int N : {1 << 14, 1 << 20}) {
      S.time("small-grid", Source, "blockSum", dim3(C.Grid), dim3(C.Block), 0,
             args({{"N", (double)N}}), "",
             [&] { blockSum<<<C.Grid, C.Block>>>(In.P, Out.P, N); });
    }
  }
}

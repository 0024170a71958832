// bench/kit/suite/reduce.cu: the reduction class, one pass (each block
// writes its partial sum): a shared-memory tree halving the active threads
// each step (s >>= 1), and warp shuffles with one shared word per warp.
// Block sizes are powers of two.
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/reduce.cu";

__global__ void reduceTree(const float *In, float *Out, int N) {
  extern __shared__ float Sh[];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Sh[threadIdx.x] = I < N ? In[I] : 0.0f;
  __syncthreads();
  for (unsigned S = blockDim.x / 2; S > 0; S >>= 1) {
    if (threadIdx.x < S)
      Sh[threadIdx.x] += Sh[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Sh[0];
}

__global__ void reduceShuffle(const float *In, float *Out, int N) {
  __shared__ float Warps[32];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = I < N ? In[I] : 0.0f;
  for (int O = 16; O > 0; O >>= 1)
    V += __shfl_down_sync(0xffffffffu, V, O);
  if (threadIdx.x % 32 == 0)
    Warps[threadIdx.x / 32] = V;
  __syncthreads();
  if (threadIdx.x < 32) {
    V = threadIdx.x < blockDim.x / 32 ? Warps[threadIdx.x] : 0.0f;
    for (int O = 16; O > 0; O >>= 1)
      V += __shfl_down_sync(0xffffffffu, V, O);
    if (threadIdx.x == 0)
      Out[blockIdx.x] = V;
  }
}
} // namespace

void suite::runReduce(Suite &S) {
  std::vector<int> Ns = {1 << 16, 1 << 20, 1 << 24};
  if (S.Quick)
    Ns = {1 << 20, 1 << 24};
  for (int N : Ns) {
    Buffer<float> In(N, [](size_t I) { return (float)(I % 3); });
    Buffer<float> Out(N / 32 + 1);
    std::string A = args({{"N", (double)N}});
    for (unsigned Block : {128u, 256u, 512u, 1024u}) {
      dim3 Grid(blocksFor(N, Block));
      size_t Sh = Block * sizeof(float);
      S.time("reduction", Source, "reduceTree", Grid, Block, Sh, A, "",
             [&] { reduceTree<<<Grid, Block, Sh>>>(In.P, Out.P, N); });
      S.time("reduction", Source, "reduceShuffle", Grid, Block, 0, A, "",
             [&] { reduceShuffle<<<Grid, Block>>>(In.P, Out.P, N); });
    }
  }
}

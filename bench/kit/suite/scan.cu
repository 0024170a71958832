// bench/kit/suite/scan.cu: the scan class: each block computes the
// inclusive prefix sum of its own segment (the first pass of a multi-block
// scan), Hillis-Steele steps in a double-buffered shared array.
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/scan.cu";

__global__ void scanBlock(const float *In, float *Out, int N) {
  extern __shared__ float Sh[]; // 2 x blockDim.x
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  int Cur = 0;
  Sh[threadIdx.x] = I < N ? In[I] : 0.0f;
  __syncthreads();
  for (unsigned D = 1; D < blockDim.x; D <<= 1) {
    float V = Sh[Cur * blockDim.x + threadIdx.x];
    if (threadIdx.x >= D)
      V += Sh[Cur * blockDim.x + threadIdx.x - D];
    Cur = 1 - Cur;
    Sh[Cur * blockDim.x + threadIdx.x] = V;
    __syncthreads();
  }
  if (I < N)
    Out[I] = Sh[Cur * blockDim.x + threadIdx.x];
}
} // namespace

void suite::runScan(Suite &S) {
  std::vector<int> Ns = {1 << 16, 1 << 20, 1 << 24};
  if (S.Quick)
    Ns = {1 << 20, 1 << 24};
  for (int N : Ns) {
    Buffer<float> In(N, [](size_t I) { return 1.0f; }), Out(N);
    for (unsigned Block : {128u, 256u, 512u, 1024u}) {
      dim3 Grid(blocksFor(N, Block));
      size_t Sh = 2 * Block * sizeof(float);
      S.time("scan", Source, "scanBlock", Grid, Block, Sh,
             args({{"N", (double)N}}), "",
             [&] { scanBlock<<<Grid, Block, Sh>>>(In.P, Out.P, N); });
    }
  }
}

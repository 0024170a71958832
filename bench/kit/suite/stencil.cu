// bench/kit/suite/stencil.cu: the stencil class: a 2D 5-point stencil on an
// Nx x Ny grid of floats, one output point per thread, border points
// skipped.
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/stencil.cu";

__global__ void stencil5(const float *In, float *Out, int Nx, int Ny) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < 1 || Y < 1 || X >= Nx - 1 || Y >= Ny - 1)
    return;
  int I = Y * Nx + X;
  Out[I] =
      0.5f * In[I] + 0.125f * (In[I - 1] + In[I + 1] + In[I - Nx] + In[I + Nx]);
}
} // namespace

void suite::runStencil(Suite &S) {
  std::vector<int> Ns = {1024, 4096, 8192};
  if (S.Quick)
    Ns = {1024, 4096};
  for (int N : Ns) {
    Buffer<float> In((size_t)N * N, [](size_t I) { return (float)(I % 7); });
    Buffer<float> Out((size_t)N * N);
    for (dim3 Block : {dim3(32, 4), dim3(32, 8), dim3(16, 16), dim3(32, 32)}) {
      dim3 Grid(blocksFor(N, Block.x), blocksFor(N, Block.y));
      S.time("stencil", Source, "stencil5", Grid, Block, 0,
             args({{"Nx", (double)N}, {"Ny", (double)N}}), "",
             [&] { stencil5<<<Grid, Block>>>(In.P, Out.P, N, N); });
    }
  }
}

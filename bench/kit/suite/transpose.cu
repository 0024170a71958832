// bench/kit/suite/transpose.cu: the transpose class: a naive transpose
// (coalesced reads, strided writes) and a tiled one through a 32 x 33 shared
// tile (both coalesced, no bank conflict), square matrices of floats.
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/transpose.cu";
const int Tile = 32;

__global__ void transposeNaive(const float *In, float *Out, int Rows,
                               int Cols) {
  int X = blockIdx.x * blockDim.x + threadIdx.x; // column
  int Y = blockIdx.y * blockDim.y + threadIdx.y; // row
  if (X < Cols && Y < Rows)
    Out[X * Rows + Y] = In[Y * Cols + X];
}

// Blocks of 32 x 8 threads move a 32 x 32 tile, four rows per thread.
__global__ void transposeTiled(const float *In, float *Out, int Rows,
                               int Cols) {
  __shared__ float T[Tile][Tile + 1];
  int X = blockIdx.x * Tile + threadIdx.x;
  int Y = blockIdx.y * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += blockDim.y)
    if (X < Cols && Y + J < Rows)
      T[threadIdx.y + J][threadIdx.x] = In[(Y + J) * Cols + X];
  __syncthreads();
  X = blockIdx.y * Tile + threadIdx.x;
  Y = blockIdx.x * Tile + threadIdx.y;
  for (int J = 0; J < Tile; J += blockDim.y)
    if (X < Rows && Y + J < Cols)
      Out[(Y + J) * Rows + X] = T[threadIdx.x][threadIdx.y + J];
}
} // namespace

void suite::runTranspose(Suite &S) {
  std::vector<int> Ns = {1024, 2048, 4096, 8192};
  if (S.Quick)
    Ns = {1024, 4096};
  for (int N : Ns) {
    Buffer<float> In((size_t)N * N, [](size_t I) { return (float)(I % 13); });
    Buffer<float> Out((size_t)N * N);
    std::string A = args({{"Rows", (double)N}, {"Cols", (double)N}});
    for (dim3 Block : {dim3(32, 8), dim3(16, 16), dim3(32, 32)}) {
      dim3 Grid(blocksFor(N, Block.x), blocksFor(N, Block.y));
      S.time("transpose", Source, "transposeNaive", Grid, Block, 0, A, "",
             [&] { transposeNaive<<<Grid, Block>>>(In.P, Out.P, N, N); });
    }
    for (dim3 Block : {dim3(32, 8), dim3(32, 16)}) {
      dim3 Grid(blocksFor(N, Tile), blocksFor(N, Tile));
      S.time("transpose", Source, "transposeTiled", Grid, Block, 0, A, "",
             [&] { transposeTiled<<<Grid, Block>>>(In.P, Out.P, N, N); });
    }
  }
}

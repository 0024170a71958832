// bench/kit/suite/gemm.cu: the GEMM class: C = A x B for square N x N
// float matrices, a naive kernel (one output per thread, rows and columns
// from global memory) and a shared-memory tiled one (16 x 16 tiles).
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/gemm.cu";
const int Tile = 16;

__global__ void gemmNaive(const float *A, const float *B, float *C, int N) {
  int Col = blockIdx.x * blockDim.x + threadIdx.x;
  int Row = blockIdx.y * blockDim.y + threadIdx.y;
  if (Row >= N || Col >= N)
    return;
  float Sum = 0;
  for (int K = 0; K < N; ++K)
    Sum += A[Row * N + K] * B[K * N + Col];
  C[Row * N + Col] = Sum;
}

// Blocks of 16 x 16 threads; N a multiple of 16.
__global__ void gemmTiled(const float *A, const float *B, float *C, int N) {
  __shared__ float As[Tile][Tile], Bs[Tile][Tile];
  int Col = blockIdx.x * Tile + threadIdx.x;
  int Row = blockIdx.y * Tile + threadIdx.y;
  float Sum = 0;
  for (int T = 0; T < N; T += Tile) {
    As[threadIdx.y][threadIdx.x] = A[Row * N + T + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(T + threadIdx.y) * N + Col];
    __syncthreads();
    for (int K = 0; K < Tile; ++K)
      Sum += As[threadIdx.y][K] * Bs[K][threadIdx.x];
    __syncthreads();
  }
  C[Row * N + Col] = Sum;
}
} // namespace

void suite::runGemm(Suite &S) {
  std::vector<int> Ns = {256, 512, 1024, 2048};
  if (S.Quick)
    Ns = {256, 1024};
  for (int N : Ns) {
    size_t NN = (size_t)N * N;
    Buffer<float> A(NN, [](size_t I) { return (float)(I % 5) * 0.25f; });
    Buffer<float> B(NN, [](size_t I) { return (float)(I % 3) * 0.5f; });
    Buffer<float> C(NN);
    std::string Args = args({{"N", (double)N}});
    for (dim3 Block : {dim3(16, 16), dim3(32, 8), dim3(32, 32)}) {
      dim3 Grid(blocksFor(N, Block.x), blocksFor(N, Block.y));
      S.time("gemm", Source, "gemmNaive", Grid, Block, 0, Args, "",
             [&] { gemmNaive<<<Grid, Block>>>(A.P, B.P, C.P, N); });
    }
    dim3 Block(Tile, Tile), Grid(N / Tile, N / Tile);
    S.time("gemm", Source, "gemmTiled", Grid, Block, 0, Args, "",
           [&] { gemmTiled<<<Grid, Block>>>(A.P, B.P, C.P, N); });
  }
}

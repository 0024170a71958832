// bench/kit/suite/stream.cu: the stream class: fill (stores only), copy and
// triad, one element per thread, over several array sizes and block sizes
// (blocks of one warp too: what a short block that only stores costs).
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/stream.cu";

__global__ void streamFill(float *B, float K, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    B[I] = K;
}

__global__ void streamCopy(const float *A, float *B, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    B[I] = A[I];
}

__global__ void streamTriad(float *A, const float *B, const float *C, float K,
                            int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = B[I] + K * C[I];
}
} // namespace

void suite::runStream(Suite &S) {
  std::vector<int> Ns = {1 << 20, 1 << 24, 1 << 26};
  if (S.Quick)
    Ns = {1 << 20, 1 << 24};
  for (int N : Ns) {
    Buffer<float> A(N, [](size_t I) { return (float)I; }), B(N), C(N);
    KIT_CHECK(cudaMemset(C.P, 0, N * sizeof(float)));
    for (unsigned Block : {32u, 128u, 256u, 1024u}) {
      dim3 Grid(blocksFor(N, Block));
      S.time("stream", Source, "streamFill", Grid, Block, 0,
             args({{"K", 1.5}, {"N", (double)N}}), "",
             [&] { streamFill<<<Grid, Block>>>(B.P, 1.5f, N); });
      S.time("stream", Source, "streamCopy", Grid, Block, 0,
             args({{"N", (double)N}}), "",
             [&] { streamCopy<<<Grid, Block>>>(A.P, B.P, N); });
      S.time("stream", Source, "streamTriad", Grid, Block, 0,
             args({{"K", 1.5}, {"N", (double)N}}), "",
             [&] { streamTriad<<<Grid, Block>>>(A.P, B.P, C.P, 1.5f, N); });
    }
  }
}

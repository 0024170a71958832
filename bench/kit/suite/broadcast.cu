// bench/kit/suite/broadcast.cu: the broadcast class: every thread sweeps
// the same M floats of X (every lane of a warp loads the same word, a
// broadcast), Out[i] = sum_j X[j] * W[i]; M small enough to stay in L1 or
// L2.
#include "suite.cuh"

namespace {
const char *Source = "bench/kit/suite/broadcast.cu";

__global__ void broadcastSweep(const float *X, const float *W, float *Out,
                               int N, int M) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float Wi = W[I], Sum = 0;
  for (int J = 0; J < M; ++J)
    Sum += X[J] * Wi;
  Out[I] = Sum;
}
} // namespace

void suite::runBroadcast(Suite &S) {
  Buffer<float> X(1 << 16, [](size_t I) { return (float)(I % 7); });
  for (int N : {1 << 16, 1 << 20}) {
    Buffer<float> W(N, [](size_t I) { return 1.0f; }), Out(N);
    for (int M : {256, 4096, 65536}) {
      if (S.Quick && M == 65536)
        continue;
      for (unsigned Block : {128u, 256u}) {
        dim3 Grid(blocksFor(N, Block));
        S.time("broadcast", Source, "broadcastSweep", Grid, Block, 0,
               args({{"N", (double)N}, {"M", (double)M}}), "",
               [&] { broadcastSweep<<<Grid, Block>>>(X.P, W.P, Out.P, N, M); });
      }
    }
  }
}

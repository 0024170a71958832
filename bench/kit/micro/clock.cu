// bench/kit/micro/clock.cu: the SM clock the card sustains. Two loads, each
// one wave over every SM for a fixed number of clock64() cycles timed with
// CUDA events (MHz = cycles / microseconds):
//  - spin: one warp per SM reading clock64() (a light load);
//  - fma: every thread slot of every SM runs fp32 FMA chains (a heavy load,
//    the clock a long compute kernel sustains; power-limited cards drop
//    below their boost clock here).
// Records: `clock method=spin|fma sm_mhz=...`. The target writer takes the
// fma one (docs/measuring.md).
#include "../common.cuh"

__global__ void __launch_bounds__(1024)
    fmaLoad(long long Cycles, float A, float B, float *Sink, long long *Seen) {
  float X0 = threadIdx.x, X1 = X0 + 1, X2 = X0 + 2, X3 = X0 + 3;
  long long Start = clock64(), Now = Start;
  while (Now - Start < Cycles) {
#pragma unroll
    for (int I = 0; I < 64; ++I) {
      X0 = fmaf(X0, A, B);
      X1 = fmaf(X1, A, B);
      X2 = fmaf(X2, A, B);
      X3 = fmaf(X3, A, B);
    }
    Now = clock64();
  }
  if (X0 + X1 + X2 + X3 == 1.2345f)
    *Sink = X0;
  if (threadIdx.x == 0)
    Seen[blockIdx.x] = Now - Start;
}

int main(int Argc, char **Argv) {
  bool Quick = kit::hasFlag(Argc, Argv, "--quick");
  kit::Device D = kit::start("clock", Quick);
  int Threads = std::min(1024, D.ThreadsPerBlock);
  int PerSM = 0;
  KIT_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSM, fmaLoad,
                                                          Threads, 0));
  int Grid = D.SMs * std::max(PerSM, 1);
  float *Sink;
  long long *Seen;
  KIT_CHECK(cudaMalloc(&Sink, sizeof(float)));
  KIT_CHECK(cudaMalloc(&Seen, Grid * sizeof(long long)));
  double Ms = Quick ? 500 : 2000;
  long long Cycles = (long long)(D.ClockKHz * Ms);
  // Warm-up: let the clock settle under the load.
  kit::eventMs([&] {
    fmaLoad<<<Grid, Threads>>>(Cycles / 2, 1.0001f, 0.5f, Sink, Seen);
  });
  std::vector<double> Mhz;
  for (int R = 0; R < 3; ++R) {
    float T = kit::eventMs(
        [&] { fmaLoad<<<Grid, Threads>>>(Cycles, 1.0001f, 0.5f, Sink, Seen); });
    std::vector<long long> H(Grid);
    KIT_CHECK(cudaMemcpy(H.data(), Seen, Grid * sizeof(long long),
                         cudaMemcpyDeviceToHost));
    std::vector<double> C(H.begin(), H.end());
    Mhz.push_back(kit::median(C) / (T * 1e3));
  }
  kit::Record("clock")
      .str("method", "fma")
      .num("sm_mhz", kit::median(Mhz))
      .integer("blocks", Grid)
      .integer("threads", Threads)
      .num("ms", Ms)
      .print();
  kit::Record("clock")
      .str("method", "spin_after")
      .num("sm_mhz", kit::smClockMhz(D, Quick ? 20 : 100, 3))
      .print();
  return 0;
}

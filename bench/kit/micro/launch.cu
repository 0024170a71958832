// bench/kit/micro/launch.cu: the launch overhead of an empty kernel over
// grid sizes (1 .. 2^20 blocks) and block sizes (32 .. 1024 threads), the
// data of the target file's `launch:` fit (intercept + slope(b) x gridSize,
// fitted by bench/kit/ktkit/target.py). Each configuration is timed three
// ways (common.cuh, timeLaunch): events around back-to-back launches divided
// by their number (the launch rate), one event pair per launch with the
// queue kept full (the GPU's time for the launch, the fit's data), and host
// time around launch and synchronize.
// Records: `launch grid=G block=B events_us=... device_us=... host_us=...`
// and measurement-table `row`s (circular: the target's launch figures come
// from them).
//
// Then the block turnaround (launch.block_turnaround_cycles, docs/
// kernel-time.md "Block turnaround"): a kernel that stores one double a
// thread, with enough dynamic shared memory that exactly two blocks fit an
// SM, over 2^24 doubles in blocks of 32, 64 and 128 threads. Its device
// time over the blocks each slot runs, ceil(grid / (SMs x 2)), is a block's
// slot time; thread 0 of each block records its clock64() span from its
// first instruction to its store, the block's own time, which the writer
// subtracts. Records: `turnaround block=B grid=G sms=S slots_per_sm=2
// shared_bytes=... device_us=... span_cycles=... sm_mhz=...`.
#include "../common.cuh"

namespace {
const char *Source = "bench/kit/micro/launch.cu";
__global__ void empty() {}

__global__ void storeOne(double *A, long long *Span, size_t N) {
  extern __shared__ double Pad[];
  long long Start = clock64();
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = 0.23;
  // Never true (N > 0): keeps the shared allocation without using it.
  if (N == 0)
    A[0] = Pad[threadIdx.x];
  if (threadIdx.x == 0)
    Span[blockIdx.x] = clock64() - Start;
}

// The dynamic shared memory for which exactly two blocks of Threads fit an
// SM, or -1 where no size gives two.
int sharedForTwoBlocks(const kit::Device &D, int Threads) {
  KIT_CHECK(cudaFuncSetAttribute(storeOne,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 D.SharedPerBlockOptin));
  KIT_CHECK(cudaFuncSetAttribute(
      storeOne, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  int Best = -1;
  for (int Bytes = D.SharedPerBlockOptin; Bytes >= 1024; Bytes -= 1024) {
    int Blocks = 0;
    KIT_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, storeOne,
                                                            Threads, Bytes));
    if (Blocks == 2) {
      Best = Bytes;
      break;
    }
  }
  return Best;
}

void measureTurnaround(const kit::Device &D, double Mhz, bool Quick) {
  const size_t N = size_t(1) << 24;
  double *A;
  long long *Span;
  KIT_CHECK(cudaMalloc(&A, N * sizeof(double)));
  KIT_CHECK(cudaMalloc(&Span, (N / 32 + 1) * sizeof(long long)));
  for (int B : {32, 64, 128}) {
    int Bytes = sharedForTwoBlocks(D, B);
    if (Bytes < 0)
      continue;
    int Grid = int((N + B - 1) / B);
    kit::Times T = kit::timeLaunch(
        D, [&] { storeOne<<<Grid, B, Bytes>>>(A, Span, N); }, Quick ? 3 : 10,
        Quick ? 5 : 15);
    std::vector<long long> H(Grid);
    KIT_CHECK(cudaMemcpy(H.data(), Span, Grid * sizeof(long long),
                         cudaMemcpyDeviceToHost));
    std::vector<double> Spans(H.begin(), H.end());
    kit::Record("turnaround")
        .integer("block", B)
        .integer("grid", Grid)
        .integer("sms", D.SMs)
        .integer("slots_per_sm", 2)
        .integer("shared_bytes", Bytes)
        .num("device_us", T.DeviceUs)
        .num("span_cycles", kit::median(Spans))
        .num("sm_mhz", Mhz)
        .print();
  }
  KIT_CHECK(cudaFree(A));
  KIT_CHECK(cudaFree(Span));
}
} // namespace

int main(int Argc, char **Argv) {
  bool Quick = kit::hasFlag(Argc, Argv, "--quick");
  kit::Device D = kit::start("launch", Quick);
  double Mhz = kit::smClockMhz(D, 20, 3);
  std::vector<int> Grids = {1,    8,    32,    128,    512,
                            2048, 8192, 32768, 131072, 1 << 20};
  std::vector<int> Blocks = {32, 64, 128, 256, 512, 1024};
  int Batch = Quick ? 10 : 50, Reps = Quick ? 9 : 31;
  for (int B : Blocks) {
    if (B > D.ThreadsPerBlock)
      continue;
    for (int G : Grids) {
      kit::Times T = kit::timeLaunch(
          D, [&] { empty<<<G, B>>>(); }, G >= 131072 ? Batch / 5 : Batch, Reps);
      kit::Record("launch")
          .integer("grid", G)
          .integer("block", B)
          .num("events_us", T.EventsUs)
          .num("device_us", T.DeviceUs)
          .num("host_us", T.HostUs)
          .num("sm_mhz", Mhz)
          .print();
      kit::printRows({"launch", Source, "empty", dim3(G), dim3(B), 0, "", true,
                      "kit launch: empty kernel"},
                     T, Mhz);
    }
  }
  measureTurnaround(D, Mhz, Quick);
  return 0;
}

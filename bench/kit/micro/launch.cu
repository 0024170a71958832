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
#include "../common.cuh"

namespace {
const char *Source = "bench/kit/micro/launch.cu";
__global__ void empty() {}
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
  return 0;
}

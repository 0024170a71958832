// bench/kit/micro/query.cu: what the card reports about itself. With
// --arch it prints only the card's sm_XY (run.sh builds everything else for
// it); otherwise the device record (common.cuh). It launches no kernel, so a
// build for any architecture runs on any card.
#include "../common.cuh"

int main(int Argc, char **Argv) {
  int N = 0;
  if (cudaGetDeviceCount(&N) != cudaSuccess || N == 0) {
    fprintf(stderr, "query: no CUDA device\n");
    return 1;
  }
  kit::Device D = kit::device();
  if (kit::hasFlag(Argc, Argv, "--arch")) {
    printf("sm_%d%d\n", D.CcMajor, D.CcMinor);
    return 0;
  }
  kit::Record("program").str("name", "query").integer("quick", 0).print();
  kit::printDevice(D);
  return 0;
}

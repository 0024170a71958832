// bench/kit/suite/main.cu: runs the kernel suite, one kernel class after
// another, and prints the measurement-table rows (docs/measuring.md). With
// --quick: fewer sizes and repetitions; --only FAMILY runs one class.
#include "suite.cuh"

#include <cstring>

int main(int Argc, char **Argv) {
  bool Quick = kit::hasFlag(Argc, Argv, "--quick");
  const char *Only = nullptr;
  for (int I = 1; I + 1 < Argc; ++I)
    if (!strcmp(Argv[I], "--only"))
      Only = Argv[I + 1];
  kit::Device D = kit::start("suite", Quick);
  suite::Suite S{D, Quick, kit::smClockMhz(D, 20, 3), Quick ? 3 : 10,
                 Quick ? 5 : 15};
  struct {
    const char *Name;
    void (*Run)(suite::Suite &);
  } Families[] = {
      {"stream", suite::runStream},       {"stencil", suite::runStencil},
      {"transpose", suite::runTranspose}, {"gemm", suite::runGemm},
      {"reduction", suite::runReduce},    {"scan", suite::runScan},
      {"histogram", suite::runHistogram}, {"atomics", suite::runAtomics},
      {"gather", suite::runGather},       {"small-grid", suite::runSmallGrids},
      {"broadcast", suite::runBroadcast}, {"row-walk", suite::runRowWalk}};
  for (auto &F : Families) {
    if (Only && strcmp(Only, F.Name))
      continue;
    kit::Record("family").str("name", F.Name).print();
    F.Run(S);
  }
  return 0;
}

//===- Options.cpp - KernelTime's command-line options --------------------===//
#include "Options.h"

using namespace llvm;

namespace ktime {
namespace options {

static cl::OptionCategory Category("KernelTime options");

cl::list<std::string>
    Gpus("ktime-gpu", cl::CommaSeparated, cl::value_desc("name|path"),
         cl::desc("GPU targets to predict for: names, aliases or paths of "
                  "target files, comma-separated (default: the target for "
                  "the module's sm_XX)"),
         cl::cat(Category));

cl::opt<std::string>
    TargetDir("ktime-target-dir", cl::value_desc("dir"),
              cl::desc("Directory of GPU target files (default: "
                       "$KTIME_TARGET_DIR, else the one next to the plugin)"),
              cl::cat(Category));

cl::opt<bool> ListGpus("ktime-list-gpus",
                       cl::desc("Print the known GPU targets, their aliases "
                                "and sm_XX, then exit"),
                       cl::cat(Category));

} // namespace options
} // namespace ktime

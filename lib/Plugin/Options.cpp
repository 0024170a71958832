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

cl::list<std::string>
    Launches("ktime-launch", cl::value_desc("spec"),
             cl::desc("A launch to predict: KERNEL:grid=X[xYxZ],block="
                      "X[xYxZ][,shmem=BYTES][,regs=N][,id=NAME]"
                      "[,PARAM=VALUE...] (repeatable)"),
             cl::cat(Category));

cl::opt<std::string>
    LaunchFile("ktime-launch-file", cl::value_desc("file"),
               cl::desc("A file of launch specs, one per line ('#' starts a "
                        "comment line)"),
               cl::cat(Category));

cl::opt<std::string>
    ReportFile("ktime-report", cl::value_desc("file.json"),
               cl::desc("Append every predicted launch to this JSON report"),
               cl::cat(Category));

cl::opt<unsigned> Regs("ktime-regs", cl::value_desc("n"), cl::init(0),
                       cl::desc("Registers per thread (as ptxas -v reports "
                                "them) for launches whose spec has no "
                                "regs= (default: estimated from the IR)"),
                       cl::cat(Category));

cl::opt<double> SmClockMHz("ktime-sm-clock", cl::value_desc("MHz"), cl::init(0),
                           cl::desc("SM clock to predict at (default: the "
                                    "target file's sustained clock)"),
                           cl::cat(Category));

cl::opt<double> MemClockMHz("ktime-mem-clock", cl::value_desc("MHz"),
                            cl::init(0),
                            cl::desc("Memory clock to predict at (default: "
                                     "the target file's)"),
                            cl::cat(Category));

cl::opt<bool> ColdCache("ktime-cold-cache",
                        cl::desc("Predict with caches flushed before the "
                                 "launch, as profilers measure"),
                        cl::cat(Category));

static cl::opt<std::string> TimeKind(
    "ktime-time", cl::init("device"),
    cl::value_desc("device|events|batch|host"),
    cl::desc("The time to predict: device duration (default), events around "
             "one launch, per launch of a back-to-back batch, or host time"),
    cl::cat(Category));
static cl::opt<double> EmptyLaunchUs(
    "ktime-empty-launch-us", cl::value_desc("us"), cl::init(0),
    cl::desc("What that way of timing gives an empty launch on your system"),
    cl::cat(Category));

cl::opt<bool> CodegenView(
    "ktime-codegen-view", cl::init(true),
    cl::desc("Analyse each kernel as the NVPTX back end's IR passes leave it "
             "(redundant loads removed, constant address offsets split off; "
             "default on)"),
    cl::cat(Category));

cl::opt<bool> BarrierFragments(
    "ktime-barrier-fragments", cl::init(true),
    cl::desc("Run a kernel's barrier fragments (cut by barriers every "
             "thread passes, once or once per loop iteration) in sequence "
             "in each wave (Antonyuk & Mikheev) instead of overlapping the "
             "whole kernel"),
    cl::cat(Category));

cl::opt<bool> RotateWithTree(
    "ktime-rotate-with-tree", cl::init(false),
    cl::desc("Rotate the loops of an -O0 kernel's copy keeping the dominator "
             "tree up to date after each loop, as LLVM's loop-rotate does "
             "(slower; the result is the same)"),
    cl::cat(Category));

cl::list<std::string>
    Hits("ktime-hits", cl::value_desc("kernel:l1=F,l2=F"),
         cl::desc("Cache hit fractions of a kernel's global accesses instead "
                  "of the estimate (repeatable)"),
         cl::cat(Category));

cl::opt<std::string>
    Model("ktime-model", cl::value_desc("kp|maxplus|mwp-cwp|kdt|all"),
          cl::init("kp"),
          cl::desc("The model the prediction comes from (kp, the default: "
                   "Kleimenov & Popova's), or all of them side by side"),
          cl::cat(Category));

cl::opt<std::string> RemarkStyle(
    "ktime-remarks", cl::init("short"), cl::value_desc("short|verbose"),
    cl::desc("The Kernel remark of a launch: one short line of the time, "
             "bound and occupancy (short, the default), or every part of "
             "the prediction (verbose)"),
    cl::cat(Category));

cl::opt<unsigned> UnknownTrip(
    "ktime-unknown-trip", cl::init(16), cl::value_desc("N"),
    cl::desc("Iterations per entry a launch assumes for a loop whose count "
             "the code does not give and the launch does not bind (trip.*); "
             "the prediction is then marked an estimate (0: no prediction "
             "instead)"),
    cl::cat(Category));

CodegenViewOptions codegenViewOptions() {
  CodegenViewOptions O;
  O.CodegenView = CodegenView;
  O.RotateWithTree = RotateWithTree;
  return O;
}

LaunchOptions launchOptions() {
  LaunchOptions O;
  O.Launches.assign(Launches.begin(), Launches.end());
  O.LaunchFile = LaunchFile;
  O.Regs = Regs;
  O.Hits.assign(Hits.begin(), Hits.end());
  O.SmClockMHz = SmClockMHz;
  O.MemClockMHz = MemClockMHz;
  O.ColdCache = ColdCache;
  O.TimeKind = TimeKind;
  O.EmptyLaunchUs = EmptyLaunchUs;
  O.BarrierFragments = BarrierFragments;
  O.Model = Model;
  O.UnknownTrip = UnknownTrip;
  return O;
}

} // namespace options
} // namespace ktime

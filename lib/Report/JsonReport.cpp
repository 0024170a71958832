//===- JsonReport.cpp - The JSON report of -ktime-report=FILE -------------===//
//
// The schema (docs/usage.md): {"schema": 1, "kerneltime": VERSION,
// "launches": [...],
// "errors": [...]}, one launch object per kernel, launch and GPU. Several
// compilations (the device sides of several files, or a build running in
// parallel) share one report: each locks the file, reads what is there,
// appends its launches and writes it back. docs/usage.md documents every
// field.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Compat.h"
#include "KernelTime/Report.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <tuple>

#ifndef KTIME_VERSION
#define KTIME_VERSION "unknown"
#endif

using namespace llvm;

namespace ktime {

namespace {

json::Array dims(const std::array<uint64_t, 3> &D) {
  return json::Array{D[0], D[1], D[2]};
}

json::Array strings(const std::vector<std::string> &V) {
  json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
}

json::Object loopObject(const LoopTrip &T) {
  json::Object O{{"name", T.Name},
                 {"line_name", T.LineName},
                 {"line", T.Loc ? T.Loc.getLine() : 0},
                 {"trip", T.Trip.str()},
                 {"exact", T.Exact}};
  if (!T.Lat.str().empty()) {
    O["lat"] = T.Lat.str();
    O["del"] = T.Del.str();
  }
  return O;
}

json::Object branchObject(const BranchUse &U) {
  json::Object O{{"name", U.Name},
                 {"line_name", U.LineName},
                 {"line", U.Line},
                 {"source", U.Source}};
  O["share"] = U.Share ? json::Value(*U.Share) : json::Value(nullptr);
  return O;
}

/// Each parameter's names: argN, which always binds, and the name
/// expressions print it with (the same, or its source name); then each
/// field of a by-value parameter that the kernel's counts or time use, or
/// that the launch's prediction can depend on (\p L's Fields): arg1.field1
/// and its printed name (p.n), with its IR type.
json::Array parameterNames(const KernelReport &R, const LaunchResult &L) {
  const llvm::Function &F = *R.Kernel;
  SymbolNamer Namer(F);
  json::Array A;
  for (const Argument &Arg : F.args())
    A.push_back(json::Object{{"name", "arg" + std::to_string(Arg.getArgNo())},
                             {"printed", Namer.getParamName(Arg.getArgNo())}});
  std::set<std::string> Symbols;
  for (const LoopTrip &T : R.Loops)
    T.Trip.collectSymbols(Symbols);
  for (const Expr *E : {&R.Time, &R.Delay, &R.Barriers})
    E->collectSymbols(Symbols);
  Symbols.insert(L.Fields.begin(), L.Fields.end());
  std::vector<ParamField> Fields;
  for (const std::string &S : Symbols)
    if (std::optional<ParamField> P = Namer.findField(S); P && P->Printed == S)
      Fields.push_back(*P);
  llvm::sort(Fields, [](const ParamField &X, const ParamField &Y) {
    return std::tie(X.ArgNo, X.Offset) < std::tie(Y.ArgNo, Y.Offset);
  });
  for (const ParamField &P : Fields) {
    std::string Type;
    raw_string_ostream(Type) << *P.Ty;
    A.push_back(
        json::Object{{"name", P.Name}, {"printed", P.Printed}, {"type", Type}});
  }
  return A;
}

json::Object launchObject(const KernelReport &R, const LaunchResult &L) {
  const Prediction &P = L.P;
  json::Array Waves;
  for (const WaveTime &W : P.WaveTimes)
    Waves.push_back(json::Object{{"blocks", W.Blocks},
                                 {"blocks_on_sm", W.BlocksOnSM},
                                 {"cycles", W.Cycles},
                                 {"latency_cycles", W.LatencyCycles},
                                 {"issue_cycles", W.IssueCycles},
                                 {"sync_cycles", W.SyncCycles},
                                 {"turnaround_cycles", W.TurnaroundCycles},
                                 {"lat_global", W.LatGlobal},
                                 {"bound", getBoundName(W.B)}});
  json::Array Loops;
  for (const LoopTrip &T : R.Loops)
    Loops.push_back(loopObject(T));
  json::Array Branches;
  for (const BranchUse &U : L.Branches)
    Branches.push_back(branchObject(U));
  json::Object Params;
  for (auto &[Name, V] : L.Params)
    Params[Name] = V.toDouble();
  json::Object Estimated;
  for (auto &[Name, V] : L.Estimated)
    Estimated[Name] = V.toDouble();
  json::Object O{
      {"id", L.Spec.Id},
      {"kernel", R.Kernel->getName()},
      {"kernel_demangled", demangle(R.Kernel->getName().str())},
      {"gpu", L.Gpu},
      {"spec", L.Spec.Text},
      {"grid", dims(L.Spec.Grid)},
      {"block", dims(L.Block)},
      {"block_source", L.BlockSource},
      {"shmem", L.Spec.DynamicSharedBytes},
      {"static_shared", L.StaticSharedBytes},
      {"params", std::move(Params)},
      {"regs", L.Regs},
      {"regs_source", L.RegsSource},
      {"predicted_ns", P.Ns},
      {"launch_ns", P.LaunchNs},
      {"exec_ns", P.ExecNs},
      {"dispatch_ns", P.DispatchNs},
      {"dispatch_blocks", static_cast<int64_t>(P.DispatchBlocks)},
      {"dispatch_raised", P.DispatchRaised},
      {"timing_ns", P.TimingNs},
      {"waves", P.Waves},
      {"full_waves", P.FullWaves},
      {"wave_times", std::move(Waves)},
      {"blocks_per_sm", L.BlocksPerSM},
      {"active_warps_per_sm", L.ActiveWarpsPerSM},
      {"occupancy", L.Occupancy},
      {"limiter", L.Limiter},
      {"bound", getBoundName(P.B)},
      {"sm_clock_mhz", P.SmClockMHz},
      {"thread", json::Object{{"time", L.Time.str()},
                              {"delay", L.Delay.str()},
                              {"barriers", L.Barriers.str()},
                              {"global_bytes", L.GlobalBytes.str()},
                              {"uncoalesced_bytes", L.UncoalescedBytes.str()},
                              {"shared_bytes", L.SharedBytes.str()},
                              {"time_cycles", P.ThreadTimeCycles},
                              {"delay_cycles", P.ThreadDelayCycles},
                              {"barriers_value", P.ThreadBarriers}}},
      {"memory", json::Object{{"global_bytes", P.GlobalBytes},
                              {"uncoalesced_bytes", P.UncoalescedBytes},
                              {"l1_hit_bytes", P.L1HitBytes},
                              {"l1_pending_hit_bytes", P.L1PendingHitBytes},
                              {"l2_hit_bytes", P.L2HitBytes},
                              {"l2_bytes", P.L2Bytes},
                              {"dram_bytes", P.DramBytes},
                              {"shared_bytes", P.SharedBytes},
                              {"hot_atomics", P.HotAtomics},
                              {"atomic_cycles", P.AtomicCycles}}},
      {"loops", std::move(Loops)},
      {"branches", std::move(Branches)},
      {"parameters", parameterNames(R, L)},
      {"assumptions", strings(L.Assumptions)},
      {"arch", json::Object{{"code", R.Arch},
                            {"gpu", L.GpuArch},
                            {"runs", L.ArchRuns},
                            {"note", L.ArchNote}}},
      {"estimate", !L.Estimated.empty()},
      {"estimated", std::move(Estimated)}};
  if (!L.Models.empty()) {
    json::Object M;
    for (auto &[Name, Ns] : L.Models)
      M[Name] = Ns;
    O["models"] = std::move(M);
  }
  return O;
}

Error reportError(StringRef Path, const Twine &What) {
  return createStringError(inconvertibleErrorCode(),
                           Path + ": KernelTime report: " + What);
}

} // namespace

Error appendJsonReport(StringRef Path,
                       const std::vector<KernelReport> &Reports) {
  // Only a regular file, or none yet: opening a FIFO blocks, and reading a
  // device such as /dev/zero never ends.
  sys::fs::file_status Status;
  if (!sys::fs::status(Path, Status) && !sys::fs::is_regular_file(Status))
    return reportError(Path, "not a regular file");
  int FD;
  if (std::error_code EC = sys::fs::openFileForReadWrite(
          Path, FD, sys::fs::CD_OpenAlways, sys::fs::OF_None))
    return reportError(Path, "cannot open: " + EC.message());
  raw_fd_ostream OS(FD, /*shouldClose=*/true);
  if (std::error_code EC = sys::fs::lockFile(FD))
    return reportError(Path, "cannot lock: " + EC.message());
  // Unlocked when the stream closes the file.
  SmallString<4096> Old;
  if (Error E =
          sys::fs::readNativeFileToEOF(sys::fs::convertFDToNativeFile(FD), Old))
    return reportError(Path, "cannot read: " + toString(std::move(E)));

  json::Object Doc{{"schema", 1},
                   {"kerneltime", KTIME_VERSION},
                   {"launches", json::Array()},
                   {"errors", json::Array()}};
  if (!StringRef(Old).trim().empty()) {
    Expected<json::Value> Parsed = json::parse(Old);
    if (!Parsed)
      return reportError(Path, "exists but is not JSON (" +
                                   toString(Parsed.takeError()) +
                                   "); remove it or name another file");
    json::Object *O = Parsed->getAsObject();
    if (!O || O->getInteger("schema") != 1 || !O->getArray("launches"))
      return reportError(Path, "exists but is not a KernelTime report of "
                               "schema 1; remove it or name another file");
    Doc = std::move(*O);
    if (!Doc.getArray("errors"))
      Doc["errors"] = json::Array();
  }
  json::Array &Launches = *Doc.getArray("launches");
  json::Array &Errors = *Doc.getArray("errors");
  for (const KernelReport &R : Reports)
    for (const LaunchResult &L : R.Launches) {
      if (L.Predicted)
        Launches.push_back(launchObject(R, L));
      else
        Errors.push_back(json::Object{{"id", L.Spec.Id},
                                      {"spec", L.Spec.Text},
                                      {"kernel", R.Kernel->getName()},
                                      {"gpu", L.Gpu},
                                      {"message", L.Error}});
    }
  if (std::error_code EC = sys::fs::resize_file(FD, 0))
    return reportError(Path, "cannot truncate: " + EC.message());
  OS.seek(0);
  OS << formatv("{0:2}", json::Value(std::move(Doc))) << "\n";
  OS.flush();
  if (OS.has_error()) {
    std::error_code EC = OS.error();
    OS.clear_error();
    return reportError(Path, "cannot write: " + EC.message());
  }
  (void)sys::fs::unlockFile(FD);
  return Error::success();
}

void writeJsonReport(Module &M, StringRef Path,
                     const std::vector<KernelReport> &Reports) {
  if (Path.empty() || !compat::getTargetTriple(M).isNVPTX())
    return;
  if (Error E = appendJsonReport(Path, Reports))
    M.getContext().emitError("KernelTime: " + toString(std::move(E)));
}

} // namespace ktime

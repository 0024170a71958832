//===- TargetSelection.h - Which GPU targets a compile predicts for -------===//
//
// Finds the target-file directory (-ktime-target-dir, $KTIME_TARGET_DIR, the
// directory installed or built next to the plugin) and resolves -ktime-gpu or
// the default for the kernel's sm_XX.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_TARGETSELECTION_H
#define KERNELTIME_PLUGIN_TARGETSELECTION_H

#include "KernelTime/Target.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace ktime {

/// The directory target files are read from, and how it was chosen.
struct TargetDirChoice {
  std::string Dir;
  std::string Origin; // "-ktime-target-dir", "KTIME_TARGET_DIR", ...
};
TargetDirChoice findTargetDir();

/// The targets of -ktime-gpu; an error for an unknown name or a bad file.
llvm::Expected<std::vector<GpuTarget>> selectRequestedGpus();

/// The default target of \p Arch (sm_XX); std::nullopt with \p Why set when
/// there is none.
llvm::Expected<std::optional<GpuTarget>> selectDefaultGpu(llvm::StringRef Arch,
                                                          std::string &Why);

/// The targets of each kernel of a module: those of -ktime-gpu, else the
/// default of the kernel's sm_XX, resolved once per sm_XX. Errors are
/// reported through the module's LLVMContext.
class GpuChooser {
public:
  /// False after an error.
  bool init(llvm::Module &M);
  /// The targets for \p Arch; empty with \p Why set when there is none.
  /// std::nullopt after an error.
  std::optional<std::vector<const GpuTarget *>>
  choose(llvm::Module &M, llvm::StringRef Arch, std::string &Why);

private:
  bool report(llvm::Module &M, llvm::Error E);

  std::vector<GpuTarget> Requested;
  std::map<std::string, std::pair<std::optional<GpuTarget>, std::string>>
      Defaults;
};

/// Prints every known target with its aliases, sm_XX and defaults.
llvm::Error listGpus(llvm::raw_ostream &OS);

} // namespace ktime

#endif // KERNELTIME_PLUGIN_TARGETSELECTION_H

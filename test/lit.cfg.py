# lit configuration for KernelTime's FileCheck tests.
#
# Substitutions:
#   %opt_ktime   opt with the plugin loaded (-load-pass-plugin)
#   %clang_ktime clang++ for CUDA device code with the plugin, needing no CUDA
#                SDK: the shim header test/Inputs/cuda.h, -nocudainc
#                -nocudalib, a PTX feature new enough for sm_80/sm_90
#   %clang_cuda  the same without the plugin
#   %shlibdir    the build's library directory; %plugin the plugin itself
#   %targets     the shipped gpu-targets/ directory in the source tree
#   %ktime_src_root, %ktime_obj_root  the source and build trees
import os

import lit.formats

config.name = "KernelTime"
config.test_format = lit.formats.ShTest(not lit_config.useValgrind)
config.suffixes = [".ll", ".cu", ".test"]
config.excludes = ["Inputs", "Unit", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ktime_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")]
)
# Tests must find target files the way users do; a user's setting must not
# leak in.
config.environment.pop("KTIME_TARGET_DIR", None)

opt = os.path.join(config.llvm_tools_dir, "opt")
plugin = config.plugin_path
inputs = os.path.join(config.test_source_root, "Inputs")
config.substitutions.append(("%shlibdir", config.shlibdir))
config.substitutions.append(("%ktime_obj_root", config.ktime_obj_root))
config.substitutions.append(("%ktime_src_root", config.ktime_src_root))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%targets", os.path.join(config.ktime_src_root, "gpu-targets")))
config.substitutions.append(("%opt_ktime", "%s -load-pass-plugin=%s" % (opt, plugin)))
cuda_flags = (
    "-x cuda -nocudainc -nocudalib -Wno-unknown-cuda-version "
    "-Wno-unused-command-line-argument "
    "--cuda-feature=+ptx80 -include %s" % os.path.join(inputs, "cuda.h")
)
if config.clang:
    config.available_features.add("clang")
    config.substitutions.append(
        ("%clang_ktime", "%s %s -fpass-plugin=%s" % (config.clang, cuda_flags, plugin))
    )
    config.substitutions.append(("%clang_cuda", "%s %s" % (config.clang, cuda_flags)))
if os.path.exists("/usr/local/cuda/bin/nvcc") or os.path.exists("/usr/local/cuda/include/cuda_runtime.h"):
    config.available_features.add("cuda-sdk")

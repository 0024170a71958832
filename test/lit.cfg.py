# lit configuration for KernelTime's FileCheck tests.
#
# Substitutions:
#   %opt_ktime   opt with the plugin loaded (-load-pass-plugin)
#   %clang_ktime clang++ for CUDA device code with the plugin, needing no CUDA
#                SDK: the shim header test/Inputs/cuda.h, -nocudainc
#                -nocudalib, a PTX feature new enough for sm_80/sm_90
#   %clang_cuda  the same without the plugin
#   %llvm_major  the LLVM major version built against (22 or 19), for
#                per-version check prefixes: --check-prefixes=CHECK,CHECK-%llvm_major
#   %ktime_clang the clang++ itself (no flags), for scripts that build their
#                own command lines
#   %shlibdir    the build's library directory; %plugin the plugin itself
#   %targets     the shipped gpu-targets/ directory in the source tree
#   %nvcc        the CUDA toolkit's nvcc (feature `nvcc`), where one is found
#   %ktime_src_root, %ktime_obj_root  the source and build trees
import os
import shutil

import lit.formats

config.name = "KernelTime"
config.test_format = lit.formats.ShTest(not lit_config.useValgrind)
config.suffixes = [".ll", ".cu", ".test"]
config.excludes = ["Inputs", "Unit", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ktime_obj_root, "test")

# Where clang or opt of LLVM 19 and 22 give different IR or output, a test
# says so per version: the llvm-19/llvm-22 features (REQUIRES, %if), or
# check prefixes CHECK-19/CHECK-22 through %llvm_major.
config.available_features.add("llvm-%s" % config.llvm_version_major)
config.substitutions.append(("%llvm_major", config.llvm_version_major))

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
# clang loads -fpass-plugin plugins before it parses -mllvm only from LLVM
# 22 on; an older clang would reject -mllvm -ktime-* as unknown. -fplugin
# loads the same library early (before -mllvm is parsed), so the plugin's
# options exist; -fpass-plugin then finds it loaded and registers the passes.
plugin_flags = "-fpass-plugin=%s" % plugin
if int(config.llvm_version_major) < 22:
    plugin_flags = "-fplugin=%s %s" % (plugin, plugin_flags)
if config.clang:
    config.available_features.add("clang")
    config.substitutions.append(
        ("%clang_ktime", "%s %s %s" % (config.clang, cuda_flags, plugin_flags))
    )
    config.substitutions.append(("%clang_cuda", "%s %s" % (config.clang, cuda_flags)))
    # The bare clang++, as a user's build system or a script names it.
    config.substitutions.append(("%ktime_clang", config.clang))
    # The installed driver's tools, the plugin and shim left to its defaults.
    config.substitutions.append(
        ("%installed_tools", "--clang %s --opt %s" % (config.clang, opt))
    )
# The clang of the other supported LLVM, into which this build's plugin does
# not load (utils/ktime's hint for it).
other_major = 19 if int(config.llvm_version_major) >= 22 else 22
other_clang = "/usr/lib/llvm-%d/bin/clang++" % other_major
if os.path.exists(other_clang):
    config.available_features.add("other-clang")
    config.substitutions.append(("%other_clang", other_clang))
# utils/ktime-html: LLVM's opt-viewer (llvm-N-tools) with python3-yaml, and
# Debian's chromium to render its pages headless.
opt_viewer = os.path.join(
    os.path.dirname(config.llvm_tools_dir), "share", "opt-viewer", "opt-viewer.py"
)
try:
    import yaml  # noqa: F401

    has_yaml = True
except ImportError:
    has_yaml = False
if os.path.exists(opt_viewer) and has_yaml:
    config.available_features.add("opt-viewer")
if shutil.which("chromium"):
    config.available_features.add("chromium")
# utils/ktime-lsp: Neovim (Debian's neovim, 0.7 or later) as a real LSP
# client, started headless.
if shutil.which("nvim"):
    config.available_features.add("neovim")
if os.path.exists("/usr/local/cuda/bin/nvcc") or os.path.exists("/usr/local/cuda/include/cuda_runtime.h"):
    config.available_features.add("cuda-sdk")
# bench/kit's build test: nvcc on PATH or in /usr/local/cuda (feature
# `nvcc`, substitution %nvcc).
nvcc = shutil.which("nvcc") or (
    "/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else None
)
if nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))

# utils/ tests (test/utils/): the sweep driver utils/ktime and the validation
# harness utils/validate, run with Python 3. %fake_tools points them at
# test/utils/Inputs/fake-clang.py, fake-ptxas.py and fake-nvcc.py, stand-ins with
# predictions the tests choose; GPU names are still resolved by the real
# plugin (through opt). %real_tools runs the real clang and plugin.
import shutil
import subprocess
import sys

python = sys.executable or "python3"
utils_dir = os.path.join(config.ktime_src_root, "utils")
utils_inputs = os.path.join(config.test_source_root, "utils", "Inputs")
config.substitutions.append(("%python", python))
config.substitutions.append(
    ("%ktime_driver", "%s %s" % (python, os.path.join(utils_dir, "ktime")))
)
config.substitutions.append(
    ("%ktime_validate", "%s %s" % (python, os.path.join(utils_dir, "validate")))
)
config.substitutions.append(
    (
        "%fake_tools",
        "--clang %s --ptxas %s --nvcc %s --plugin %s --opt %s --cuda shim"
        % (
            os.path.join(utils_inputs, "fake-clang.py"),
            os.path.join(utils_inputs, "fake-ptxas.py"),
            os.path.join(utils_inputs, "fake-nvcc.py"),
            plugin,
            opt,
        ),
    )
)
if config.clang:
    config.substitutions.append(
        (
            "%real_tools",
            "--clang %s --plugin %s --opt %s" % (config.clang, plugin, opt),
        )
    )
config.environment.pop("CI", None)
if shutil.which("gnuplot"):
    config.available_features.add("gnuplot")
# The end-to-end tests of the driver and the harness need the plugin's launch
# options (-ktime-launch-file, -ktime-report); they run once it has them.
try:
    help_text = subprocess.run(
        [opt, "-load-pass-plugin=" + plugin, "-help-hidden"],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    if "ktime-launch-file" in help_text and "ktime-report" in help_text:
        config.available_features.add("ktime-launch")
except (OSError, subprocess.SubprocessError):
    pass

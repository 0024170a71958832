"""The external programs ktime and validate run, and how they are found.

  clang++   /usr/lib/llvm-22/bin/clang++ (or --clang)
  opt       /usr/lib/llvm-22/bin/opt (or --opt); only to list GPU targets
  plugin    --plugin, else $KTIME_PLUGIN, else build/lib/KernelTime.so of
            this source tree (PREFIX/lib/KernelTime.so when installed)
  ptxas     --ptxas PATH, or 'none' to use the plugin's register estimate;
            else ptxas on PATH, else /usr/local/cuda/bin/ptxas
  nvcc      only with --regs-from nvcc: --nvcc PATH, else nvcc on PATH,
            else /usr/local/cuda/bin/nvcc
  CUDA      --cuda sdk|shim|auto: the real headers (/usr/local/cuda, or
            --cuda-path) or the project's shim header test/Inputs/cuda.h
            (PREFIX/share/kerneltime/include/cuda.h when installed)
            with -nocudainc -nocudalib (enough for kernels that use no CUDA
            library function); auto takes the SDK when it is installed.
"""

import os
import re
import shutil
import subprocess

from . import layout

LLVM_BIN = '/usr/lib/llvm-22/bin'
CUDA_DEFAULT = '/usr/local/cuda'
SRC_ROOT = layout.ROOT


class ToolError(Exception):
    """A program that is missing or fails where nothing can go on."""


class Tools:
    def __init__(self, clang=None, opt=None, plugin=None, ptxas=None,
                 cuda='auto', cuda_path=None, target_dir=None, nvcc=None):
        self.clang = clang or os.path.join(LLVM_BIN, 'clang++')
        self.opt = opt or os.path.join(LLVM_BIN, 'opt')
        self.plugin = plugin or os.environ.get('KTIME_PLUGIN') or \
            layout.PLUGIN
        self.target_dir = target_dir
        self.ptxas = self._find_cuda_tool('ptxas', ptxas)
        self.nvcc = self._find_cuda_tool('nvcc', nvcc)
        self.cuda_path = cuda_path or CUDA_DEFAULT
        if cuda not in ('auto', 'sdk', 'shim'):
            raise ToolError("--cuda must be sdk, shim or auto, not '%s'" % cuda)
        has_sdk = os.path.exists(os.path.join(self.cuda_path, 'include', 'cuda_runtime.h'))
        if cuda == 'sdk' and not has_sdk:
            raise ToolError('--cuda sdk: no CUDA headers under %s' % self.cuda_path)
        self.cuda = 'sdk' if (cuda == 'sdk' or (cuda == 'auto' and has_sdk)) else 'shim'

    @staticmethod
    def _find_cuda_tool(name, given):
        """GIVEN ('none': not used), else NAME on PATH, else the SDK's."""
        if given == 'none':
            return None
        if given:
            return given
        found = shutil.which(name)
        if found:
            return found
        cand = os.path.join(CUDA_DEFAULT, 'bin', name)
        return cand if os.access(cand, os.X_OK) else None

    def check(self):
        hints = {'clang++': 'give --clang', 'nvcc': 'give --nvcc',
                 'plugin': 'build it: bash utils/build.sh, or give --plugin'}
        for what, path in (('clang++', self.clang), ('plugin', self.plugin),
                           ('nvcc', self.nvcc)):
            if path and not os.path.exists(path):
                raise ToolError('%s not found at %s (%s)' % (what, path, hints[what]))

    def cuda_flags(self):
        if self.cuda == 'sdk':
            # The compile is analysed, not run: an SDK too new for the
            # architecture (CUDA 12 and 13 build no sm_3x code) is fine for
            # clang's device-side parse, so its version check is off.
            flags = ['--cuda-path=' + self.cuda_path, '-Wno-unknown-cuda-version',
                     '--no-cuda-version-check']
            # CUDA 13 keeps libcu++, Thrust and CUB under include/cccl (nvcc
            # adds it; clang does not): cooperative_groups.h needs
            # <cuda/std/type_traits> from there.
            cccl = os.path.join(self.cuda_path, 'include', 'cccl')
            if os.path.isdir(cccl):
                flags += ['-isystem', cccl]
            return flags
        shim = layout.SHIM
        return ['-nocudainc', '-nocudalib', '-Wno-unknown-cuda-version',
                '-Wno-unused-command-line-argument', '--cuda-feature=+ptx80',
                '-include', shim]

    def target_dir_option(self):
        return ['-ktime-target-dir=' + self.target_dir] if self.target_dir else []


# ---------------------------------------------------------------- GPU names

_LIST_LINE = re.compile(r'^\s{2}(\S+)\s+arch\s+(sm_\d+)(.*)$')


def parse_gpu_list(text):
    """The output of -ktime-list-gpus -> {name: (arch, [aliases])}."""
    out = {}
    for line in text.splitlines():
        m = _LIST_LINE.match(line)
        if not m:
            continue
        aliases = []
        a = re.search(r'\baliases\s+(.*?)(?:\s{2}|$)', m.group(3))
        if a:
            aliases = [x.strip() for x in a.group(1).split(',') if x.strip()]
        out[m.group(1)] = (m.group(2), aliases)
    return out


class GpuCatalog:
    """Resolves GPU names and aliases to target names and their sm_XX."""

    def __init__(self, targets):
        self.targets = dict(targets)
        self.alias = {}
        for name, (_, aliases) in self.targets.items():
            self.alias[name.lower()] = name
            for a in aliases:
                self.alias[a.lower()] = name

    @classmethod
    def from_plugin(cls, tools):
        cmd = [tools.opt, '-load-pass-plugin=' + tools.plugin] + \
            tools.target_dir_option() + ['-ktime-list-gpus', '-disable-output', os.devnull]
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        except OSError as e:
            raise ToolError('cannot run %s: %s' % (tools.opt, e.strerror))
        targets = parse_gpu_list(res.stdout + res.stderr)
        if res.returncode != 0 or not targets:
            raise ToolError('listing the GPU targets failed (%s):\n%s'
                            % (' '.join(cmd), (res.stderr or res.stdout)[-2000:]))
        return cls(targets)

    def resolve(self, name):
        """Target name for NAME (a target name or alias), or None."""
        if name is None:
            return None
        if '/' in name or name.endswith('.yaml'):
            return name  # a target file path, passed through as given
        return self.alias.get(name.lower())

    def arch(self, name):
        entry = self.targets.get(name)
        if entry:
            return entry[0]
        try:  # a target file given by path: its "arch:" or "architecture:"
            with open(name) as f:
                m = re.search(r'^arch(?:itecture)?:\s*(sm_\d+)', f.read(),
                              re.M)
            return m.group(1) if m else None
        except OSError:
            return None

    def report_name(self, name):
        """The GPU name the plugin's report gives for NAME (a target name,
        or a target file path: the file's name without .yaml, which the
        plugin requires to be its "name:")."""
        if '/' in name or name.endswith('.yaml'):
            base = os.path.basename(name)
            return base[:-len('.yaml')] if base.endswith('.yaml') else base
        return name

    def known(self):
        return ', '.join(sorted(self.targets))


# ---------------------------------------------------------------- ptxas

_ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
_REGS = re.compile(r'Used (\d+) registers')
_SPILL = re.compile(r'(\d+) bytes spill stores, (\d+) bytes spill loads')


def parse_ptxas(text):
    """ptxas -v output -> {function: {"regs": N, "spill_stores": B,
    "spill_loads": B}} (functions in the order ptxas reports them)."""
    out, cur = {}, None
    for line in text.splitlines():
        m = _ENTRY.search(line)
        if m:
            cur = m.group(1)
            out[cur] = {'regs': None, 'spill_stores': 0, 'spill_loads': 0}
            continue
        if cur is None:
            continue
        m = _SPILL.search(line)
        if m:
            out[cur]['spill_stores'] = int(m.group(1))
            out[cur]['spill_loads'] = int(m.group(2))
        m = _REGS.search(line)
        if m:
            out[cur]['regs'] = int(m.group(1))
    return out


def unmangled_name(symbol):
    """The unqualified function name of an Itanium-mangled symbol
    (_Z18convolution_kernelPfS_S_ -> convolution_kernel; nested names give
    their last component); an extern "C" name is returned as is."""
    if not symbol.startswith('_Z'):
        return symbol
    i = 2
    nested = symbol[i:i + 1] == 'N'
    if nested:
        i += 1
        while i < len(symbol) and symbol[i] in 'rVKRO':
            i += 1  # cv- and ref-qualifiers of a member function
    last = None
    while i < len(symbol) and symbol[i].isdigit():
        j = i
        while j < len(symbol) and symbol[j].isdigit():
            j += 1
        n = int(symbol[i:j])
        last = symbol[j:j + n]
        i = j + n
        if not nested:
            break
        if symbol[i:i + 1] == 'I':
            break  # template arguments follow; the name is complete
    return last or symbol


def find_kernel_entry(functions, kernel):
    """The ptxas entry for KERNEL (mangled or unqualified), or None."""
    if kernel in functions:
        return functions[kernel]
    matches = [v for k, v in functions.items() if unmangled_name(k) == kernel]
    return matches[0] if len(matches) == 1 else None

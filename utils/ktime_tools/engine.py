"""Predicting many configurations of one kernel with as few compiles as
possible (shared by utils/ktime and utils/validate).

Configurations that need the same preprocessor defines and the same sm_XX
form one group: one launch file with a spec per configuration (",id=cN"),
one compile with the plugin for every GPU of that sm_XX, one report. Groups
compile in parallel (--jobs). Where ptxas is used, each group first compiles
to PTX without the plugin and reads the kernel's registers and spills from
`ptxas -v`; with --regs-from nvcc, from nvcc's own build of the source
(ptxas of clang's PTX where nvcc fails); the specs then carry regs=N, and
spill_stores=B,spill_loads=B where ptxas spills.

Commands (ARCH the GPUs' sm_XX, CUDA the flags of tools.Tools.cuda_flags):
  clang++ -x cuda --cuda-gpu-arch=ARCH --cuda-device-only -O3 CUDA -I.. -D..
          -S -o G.ptx FILE                              (only with ptxas)
  ptxas -v -arch=ARCH G.ptx -o /dev/null                (only with ptxas)
  nvcc -arch=ARCH -cubin -o /dev/null -Xptxas -v -I.. -D.. FILE
                                                        (only --regs-from nvcc)
  clang++ -x cuda --cuda-gpu-arch=ARCH --cuda-device-only -O3 CUDA -I.. -D..
          -emit-llvm -c -o /dev/null -fpass-plugin=KernelTime.so
          -mllvm -ktime-gpu=G1,G2 -mllvm -ktime-launch-file=G.launches
          -mllvm -ktime-report=G.json [-mllvm -ktime-model=..] FILE
The plugin runs at the end of the optimisation pipeline, so -emit-llvm
gives it the IR the PTX would be made from without paying for codegen.
"""

import concurrent.futures
import os
import shutil
import subprocess
import tempfile
import threading
import time

from . import report as reportmod
from . import source as sourcemod
from . import tools as toolsmod


class Config:
    """One configuration: its parameters, -D defines and launch."""

    def __init__(self, index, params, defines, launch, key=None):
        self.index = index
        self.id = 'c%d' % index
        self.params = params
        self.defines = defines
        self.launch = launch
        self.key = key
        self.seconds = None  # this configuration's share of its group's compile


class Prediction:
    """A report entry; regs_source is 'ptxas', 'nvcc', 'spec' (--launch regs=),
    'option' (--regs) or 'estimate' (the plugin's); note says why ptxas
    (or nvcc) was not used where it was meant to be."""

    def __init__(self, entry, regs_source, spills, note=None):
        self.entry = entry
        self.ns = float(entry['predicted_ns'])
        self.occupancy = entry.get('occupancy')
        self.bound = entry.get('bound')
        self.regs = entry.get('regs')
        self.regs_source = regs_source
        self.spills = spills
        self.note = note
        self.models = entry.get('models') or {}


class Failure:
    """kind: 'compile' (the group did not compile), 'rejected' (the plugin
    listed the launch under "errors"), 'missing' (not in the report)."""

    def __init__(self, kind, message):
        self.kind = kind
        self.message = message

    def summary(self):
        """The message's first line that says "error", else its last line."""
        return summary_line(self.message)


def summary_line(message):
    lines = [l.strip() for l in (message or '').splitlines() if l.strip()]
    for l in lines:
        if 'error' in l.lower():
            return l
    return lines[-1] if lines else ''


class Job:
    def __init__(self, tools, source, kernel, gpus, catalog, arch=None,
                 include_dirs=(), flags=(), plugin_options=(), jobs=1,
                 use_ptxas=True, keep=None, progress=None):
        self.tools = tools
        self.source = source
        self.kernel = kernel
        self.gpus = list(gpus)          # target names, resolved
        self.catalog = catalog
        self.arch = arch                # forces one sm_XX for every GPU
        self.include_dirs = list(include_dirs)
        self.flags = list(flags)
        self.plugin_options = list(plugin_options)
        self.jobs = max(1, int(jobs))
        self.use_ptxas = use_ptxas and tools.ptxas is not None
        self.keep = keep
        self.progress = progress
        self.timings = {}

    def arch_of(self, gpu):
        return self.arch or self.catalog.arch(gpu) or 'sm_80'

    def groups(self, configs):
        """[(arch, gpus, defines, [configs])] in first-seen order."""
        by_arch = {}
        for g in self.gpus:
            by_arch.setdefault(self.arch_of(g), []).append(g)
        out, index = [], {}
        for arch, gpus in by_arch.items():
            for c in configs:
                k = (arch, tuple(sorted(c.defines.items())))
                if k not in index:
                    index[k] = len(out)
                    out.append((arch, gpus, dict(c.defines), []))
                out[index[k]][3].append(c)
        return out

    def base_command(self, arch, src, defines, extra_includes):
        cmd = [self.tools.clang, '-x', 'cuda', '--cuda-gpu-arch=' + arch,
               '--cuda-device-only', '-O3'] + self.tools.cuda_flags()
        for d in self.include_dirs + extra_includes:
            cmd.append('-I' + d)
        for k, v in sorted(defines.items()):
            cmd.append('-D%s=%s' % (k, v))
        return cmd + self.flags

    def run(self, configs):
        """{(config id, gpu): Prediction | Failure}; timings in self.timings."""
        groups = self.groups(configs)
        total = sum(len(g[3]) for g in groups)
        if self.keep:
            os.makedirs(self.keep, exist_ok=True)
        root = tempfile.mkdtemp(prefix='ktime-', dir=self.keep)
        results, done, lock = {}, [0], threading.Lock()
        start = time.monotonic()
        compile_seconds = []

        def work(i, group):
            t0 = time.monotonic()
            out = self._run_group(os.path.join(root, 'g%d' % i), group)
            dt = time.monotonic() - t0
            with lock:
                results.update(out)
                compile_seconds.append(dt)
                for c in group[3]:
                    c.seconds = dt / len(group[3])
                done[0] += len(group[3])
                if self.progress:
                    self.progress.update(done[0], total)

        try:
            with concurrent.futures.ThreadPoolExecutor(self.jobs) as pool:
                futures = [pool.submit(work, i, g) for i, g in enumerate(groups)]
                for f in futures:
                    f.result()
        finally:
            if self.progress:
                self.progress.finish()
            if not self.keep:
                shutil.rmtree(root, ignore_errors=True)
        self.timings = {'wall_s': time.monotonic() - start, 'groups': len(groups),
                        'configs': total, 'compile_s': sum(compile_seconds),
                        'workdir': root if self.keep else None}
        return results

    def _run(self, cmd, log):
        with open(log, 'a') as f:
            f.write(' '.join(cmd) + '\n')
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
        except OSError as e:
            return 127, 'cannot run %s: %s' % (cmd[0], e.strerror)
        return res.returncode, res.stdout + res.stderr

    def _run_group(self, wd, group):
        arch, gpus, defines, configs = group
        os.makedirs(wd, exist_ok=True)
        log = os.path.join(wd, 'commands.txt')
        src, defs, incs = sourcemod.prepared_source(self.source, defines, wd)
        base = self.base_command(arch, src, defs, incs)
        regs, spills, regs_source, ptxas_note = None, None, None, None

        def fail_all(kind, message):
            return {(c.id, g): Failure(kind, message) for c in configs for g in gpus}

        if self.tools.nvcc:
            regs, spills, ptxas_note = self._nvcc_registers(arch, src, defs, incs, log)
            regs_source = 'nvcc' if regs is not None else None
        if self.use_ptxas and regs is None:
            ptx = os.path.join(wd, 'g.ptx')
            rc, out = self._run(base + ['-S', '-o', ptx, src], log)
            if rc != 0:
                return fail_all('compile', _tail(out))
            regs, spills, note = self._ptxas_registers(arch, ptx, log)
            regs_source = 'ptxas' if regs is not None else None
            ptxas_note = '; '.join(n for n in (ptxas_note, note) if n) or None
        launch_file = os.path.join(wd, 'g.launches')
        with open(launch_file, 'w') as f:
            f.write('# ktime: %d launches of %s\n' % (len(configs), self.kernel))
            for c in configs:
                ours = c.launch.regs is None
                f.write(c.launch.spec(self.kernel, c.id,
                                      regs=regs if ours else None,
                                      spills=spills if ours else None) + '\n')
        report_file = os.path.join(wd, 'g.json')
        cmd = base + ['-emit-llvm', '-c', '-o', os.devnull,
                      '-fpass-plugin=' + self.tools.plugin]
        for opt in ['-ktime-gpu=' + ','.join(gpus),
                    '-ktime-launch-file=' + launch_file,
                    '-ktime-report=' + report_file] + \
                self.tools.target_dir_option() + self.plugin_options:
            cmd += ['-mllvm', opt]
        rc, out = self._run(cmd + [src], log)
        if rc != 0:
            return fail_all('compile', _tail(out))
        try:
            rep = reportmod.load(report_file)
        except reportmod.ReportError as e:
            return fail_all('missing', str(e))
        found = {}
        for e in rep.launches:
            gpu = self.catalog.resolve(e['gpu']) or e['gpu']
            if gpu not in gpus and len(gpus) == 1:
                gpu = gpus[0]  # a GPU given as a target file: the report names it
            found[(e['id'], gpu)] = e
        rejected = {}
        for e in rep.errors:
            rejected.setdefault(e['id'], e['message'])
        out = {}
        for c in configs:
            for g in gpus:
                e = found.get((c.id, g))
                if e is not None:
                    if c.launch.regs is not None:
                        source = 'spec'
                    elif regs_source:
                        source = regs_source
                    else:
                        source = e.get('regs_source') or 'estimate'
                    # The spills the spec carried (none when the launch
                    # gave its own registers).
                    carried = spills if c.launch.regs is None else None
                    out[(c.id, g)] = Prediction(e, source, sum(carried) if carried
                                                else None, ptxas_note)
                elif c.id in rejected:
                    out[(c.id, g)] = Failure('rejected', rejected[c.id])
                else:
                    out[(c.id, g)] = Failure('missing', 'launch %s for %s is not in %s'
                                             % (c.id, g, report_file))
        return out


    def _ptxas_registers(self, arch, ptx, log):
        """(regs, (spill store bytes, spill load bytes), None) from ptxas -v
        of PTX, or (None, None, why not)."""
        rc, out = self._run([self.tools.ptxas, '-v', '-arch=' + arch, ptx,
                             '-o', os.devnull], log)
        return _registers_of(rc, out, self.kernel, 'ptxas')

    def _nvcc_registers(self, arch, src, defines, extra_includes, log):
        """(regs, (spill store bytes, spill load bytes), None) from nvcc's
        own build of the source (nvcc -cubin -Xptxas -v), or (None, None,
        why not)."""
        cmd = [self.tools.nvcc, '-arch=' + arch, '-cubin', '-o', os.devnull,
               '-Xptxas', '-v']
        cmd += ['-I' + d for d in self.include_dirs + extra_includes]
        cmd += ['-D%s=%s' % kv for kv in sorted(defines.items())]
        rc, out = self._run(cmd + [src], log)
        return _registers_of(rc, out, self.kernel, 'nvcc')


def _registers_of(rc, out, kernel, tool):
    """The kernel's registers and (spill store, spill load) bytes in TOOL's
    ptxas -v output."""
    entry = toolsmod.find_kernel_entry(toolsmod.parse_ptxas(out), kernel) \
        if rc == 0 else None
    if entry and entry['regs'] is not None:
        return entry['regs'], (entry['spill_stores'], entry['spill_loads']), None
    if rc != 0:
        return None, None, '%s failed: %s' % (tool, _tail(out, 1))
    return None, None, '%s did not list %s' % (tool, kernel)


def _tail(text, lines=6):
    text = [l for l in (text or '').strip().splitlines() if l.strip()]
    return '\n'.join(text[-lines:]) if text else '(no output)'

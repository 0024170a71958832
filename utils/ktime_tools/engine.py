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
          -fno-discard-value-names -gline-tables-only -emit-llvm -c
          -o /dev/null -fplugin=KernelTime.so -fpass-plugin=KernelTime.so
          -mllvm -ktime-gpu=G1,G2 -mllvm -ktime-launch-file=G.launches
          -mllvm -ktime-report=G.json [-mllvm -ktime-model=..] FILE
The plugin runs at the end of the optimisation pipeline, so -emit-llvm
gives it the IR the PTX would be made from without paying for codegen;
-fno-discard-value-names keeps the kernel parameters' source names, so a
spec may give an argument by name (n=4096) as well as by position (arg0=);
-gline-tables-only gives loops their line names, so a spec may bind a
count as trip.L43 as well as trip.loop1, as in a clang build with remarks
(line tables do not change the code).
-fplugin loads the plugin before clang parses -mllvm, which clang 19 needs
to know the -ktime-* options (clang 22 loads -fpass-plugin early itself).

The plugin fails the whole compile on a spec it cannot use (a block over
the GPU's limit, an unknown argument name) and names the spec, id=cN
included. The launches so named are marked 'rejected' with that message
and the group compiles again without them (at most MAX_RETRIES times); a
failure that names no launch fails the whole group.
"""

import concurrent.futures
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time

from . import report as reportmod
from . import source as sourcemod
from . import tools as toolsmod

# Compiles of a group again after the plugin named launches it cannot use.
MAX_RETRIES = 4
_NAMED_ID = re.compile(r'\bid=(c\d+)\b')
# The plugin's message for a spec naming a kernel the module does not have.
NO_KERNEL = 'names no kernel of this module'


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
        # Loop counts the plugin assumed ({symbol: count}): an estimate.
        self.estimated = entry.get('estimated') or {}
        self.spec = None  # the spec line the plugin got, without its id


class Failure:
    """kind: 'compile' (the group did not compile), 'rejected' (the plugin
    listed the launch under "errors", or failed the compile naming it),
    'missing' (not in the report)."""

    def __init__(self, kind, message):
        self.kind = kind
        self.message = message
        self.spec = None  # as Prediction.spec, once a launch file has it

    def summary(self):
        """The message's first line that says "error", else its last line;
        and the hint for a clang the plugin does not load into."""
        line = summary_line(self.message)
        if WRONG_CLANG_HINT in (self.message or ''):
            line += '\n' + WRONG_CLANG_HINT
        return line


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
        try:
            if self.keep:
                os.makedirs(self.keep, exist_ok=True)
            root = tempfile.mkdtemp(prefix='ktime-', dir=self.keep)
        except OSError as e:
            raise toolsmod.ToolError('cannot make a work directory under %s: %s'
                                     % (self.keep or tempfile.gettempdir(), e.strerror))
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
        # Messages name files of WD only when they are kept.
        clean = (lambda text: text) if self.keep else \
            (lambda text: (text or '').replace(wd + os.sep, ''))

        def fail_all(kind, message, which=configs):
            return {(c.id, g): Failure(kind, clean(message)) for c in which for g in gpus}

        # Launches that give their own registers need neither nvcc nor ptxas.
        need_regs = any(c.launch.regs is None for c in configs)
        if self.tools.nvcc and need_regs:
            regs, spills, ptxas_note = self._nvcc_registers(arch, src, defs, incs, log)
            regs_source = 'nvcc' if regs is not None else None
        if self.use_ptxas and regs is None and need_regs:
            ptx = os.path.join(wd, 'g.ptx')
            rc, out = self._run(base + ['-S', '-o', ptx, src], log)
            if rc != 0:
                return fail_all('compile', failure_text(out))
            regs, spills, note = self._ptxas_registers(arch, ptx, log)
            regs_source = 'ptxas' if regs is not None else None
            ptxas_note = '; '.join(n for n in (ptxas_note, note) if n) or None
        launch_file = os.path.join(wd, 'g.launches')
        report_file = os.path.join(wd, 'g.json')
        cmd = base + ['-fno-discard-value-names', '-gline-tables-only', '-emit-llvm', '-c',
                      '-o', os.devnull,
                      '-fplugin=' + self.tools.plugin,
                      '-fpass-plugin=' + self.tools.plugin]
        for opt in ['-ktime-gpu=' + ','.join(gpus),
                    '-ktime-launch-file=' + launch_file,
                    '-ktime-report=' + report_file] + \
                self.tools.target_dir_option() + self.plugin_options:
            cmd += ['-mllvm', opt]
        out = {}
        specs = {}
        for c in configs:
            ours = c.launch.regs is None
            specs[c.id] = c.launch.spec(self.kernel, regs=regs if ours else None,
                                        spills=spills if ours else None)
        todo = list(configs)
        for attempt in range(MAX_RETRIES + 1):
            with open(launch_file, 'w') as f:
                f.write('# ktime: %d launches of %s\n' % (len(todo), self.kernel))
                for c in todo:
                    f.write('%s,id=%s\n' % (specs[c.id], c.id))
            rc, text = self._run(cmd + [src], log)
            if rc == 0:
                out.update(self._read_report(report_file, gpus, todo, regs_source,
                                             spills, ptxas_note))
                break
            named = named_launches(text, [c.id for c in todo])
            if not named or NO_KERNEL in text or attempt == MAX_RETRIES:
                text = failure_text(text)
                if attempt:
                    text = 'the compile failed again after %d launch(es) it named were ' \
                        'left out: %s' % (len(configs) - len(todo), text)
                out.update(fail_all('compile', text, todo))
                break
            # The plugin stopped at launches it cannot use: those fail,
            # the others compile again without them.
            for c in todo:
                if c.id in named:
                    out.update(fail_all('rejected', named[c.id], [c]))
            todo = [c for c in todo if c.id not in named]
            if not todo:
                break
        for (cid, _), r in out.items():
            r.spec = specs[cid]
            if isinstance(r, Failure):
                r.message = clean(r.message)
        return out

    def _read_report(self, report_file, gpus, configs, regs_source, spills, ptxas_note):
        """{(config id, gpu): Prediction | Failure} from the plugin's report."""
        try:
            rep = reportmod.load(report_file)
        except reportmod.ReportError as e:
            return {(c.id, g): Failure('missing', str(e)) for c in configs for g in gpus}
        # The report names a GPU by its target name; a GPU given as a target
        # file is the report's name of that file.
        report_name = {g: self.catalog.report_name(g) for g in gpus}
        # Two GPUs of one name (a target and a file of it): the report's
        # entries of a launch come in -ktime-gpu order.
        found = {}
        for e in rep.launches:
            name = self.catalog.resolve(e['gpu']) or e['gpu']
            for g in gpus:
                if (g == name or report_name[g] in (name, e['gpu'])) and \
                        (e['id'], g) not in found:
                    found[(e['id'], g)] = e
                    break
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
                    out[(c.id, g)] = Failure('missing', "launch %s for %s is not in the "
                                             "plugin's report" % (c.id, g))
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


def named_launches(text, ids, pattern=None):
    """{id: the error line naming it} for the launch IDS the compiler
    output TEXT names with id=ID (PATTERN's group 1; default ktime's c<N>)
    in a line that says "error"."""
    out = {}
    for line in (text or '').splitlines():
        if 'error' not in line.lower():
            continue
        for m in (pattern or _NAMED_ID).finditer(line):
            if m.group(1) in ids:
                out.setdefault(m.group(1), line.strip())
    return out


def failure_text(text, lines=6):
    """A failed compile's output for a message: its first line with
    "error:" (the cause; later ones often follow from it), then the last
    LINES lines."""
    kept = [l for l in (text or '').strip().splitlines() if l.strip()]
    tail = kept[-lines:]
    first = next((l for l in kept if 'error:' in l), None)
    if first is not None and first not in tail:
        tail = [first, '...'] + tail
    hint = wrong_clang_hint(text)
    if hint:
        tail.append(hint)
    return '\n'.join(tail) if tail else '(no output)'


def wrong_clang_hint(text):
    """WRONG_CLANG_HINT if the compile output TEXT says the plugin could not
    be loaded for a missing LLVM symbol, else None."""
    if 'unable to load plugin' in (text or '') and 'undefined symbol' in text:
        return WRONG_CLANG_HINT
    return None


# A plugin built against one LLVM does not load into another's clang.
WRONG_CLANG_HINT = (
    'hint: the plugin was built against another LLVM than this clang, and a '
    'plugin loads only into the clang of its own LLVM (./build: clang 22, '
    '/usr/lib/llvm-22/bin/clang++; ./build-19: clang 19): give --clang and '
    '--plugin of one version')


def _tail(text, lines=6):
    text = [l for l in (text or '').strip().splitlines() if l.strip()]
    return '\n'.join(text[-lines:]) if text else '(no output)'

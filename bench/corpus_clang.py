"""The clang side of bench/corpus.py: the device-compile command lines, one
compile run with a time limit, what its exit says (compiled, failed, crashed,
hung), and the times of its -ftime-report.

A compile is clang++ -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O3,
with the CUDA SDK's headers (--cuda-path) or, for the tests, the project's
shim header test/Inputs/cuda.h (-nocudainc -nocudalib), and -I for the
benchmark's folder, its include/ and the collection's src/include (and,
as nvcc does, the SDK's include/cccl).
"""

import os
import re
import signal
import subprocess
import time

SRC_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIM = os.path.join(SRC_ROOT, 'test', 'Inputs', 'cuda.h')
CRASH_BANNER = 'PLEASE submit a bug report'
# A row of an -ftime-report table: a time and its percentage per column of
# the table's header (LLVM leaves out the system time columns when the
# table has none), then the name.
TIME_CELL = re.compile(r'\s*([0-9.]+) \(\s*[0-9.]+%\)')


class Compiler:
    """Builds device-compile command lines for one configuration."""

    def __init__(self, clang, plugin, cuda, cuda_path, arch='sm_80', extra=()):
        self.clang = clang
        self.plugin = plugin
        self.cuda = cuda
        self.cuda_path = cuda_path
        self.arch = arch
        self.extra = list(extra)

    def base(self, src, root):
        """The compile of SRC without the plugin, up to the output options."""
        cmd = [self.clang, '-x', 'cuda', '--cuda-gpu-arch=' + self.arch,
               '--cuda-device-only', '-O3', '-Wno-unknown-cuda-version']
        if self.cuda == 'shim':
            cmd += ['-nocudainc', '-nocudalib', '-Wno-unused-command-line-argument',
                    '--cuda-feature=+ptx80', '-include', SHIM]
        else:
            cmd += ['--cuda-path=' + self.cuda_path]
            # CUDA 13 keeps CUB, Thrust and libcu++ here; nvcc adds it itself.
            cccl = os.path.join(self.cuda_path, 'include', 'cccl')
            if os.path.isdir(cccl):
                cmd += ['-isystem', cccl]
        folder = os.path.dirname(os.path.abspath(src))
        for inc in (folder, os.path.join(folder, 'include'),
                    os.path.join(root, 'src', 'include')):
            if os.path.isdir(inc):
                cmd += ['-I', inc]
        return cmd + [src]

    def ir(self, src, root, out):
        return self.base(src, root) + ['-emit-llvm', '-S', '-o', out]

    def ptx(self, src, root, out):
        return self.base(src, root) + ['-S', '-o', out, '-ftime-report']

    def plugin_ptx(self, src, root, out, launches, report):
        """With the plugin, its remarks, a launch file and a JSON report;
        -fplugin too, so that clang 19 knows the -ktime-* options."""
        cmd = self.ptx(src, root, out) + [
            '-fplugin=' + self.plugin, '-fpass-plugin=' + self.plugin,
            '-Rpass-analysis=kernel-time',
            '-mllvm', '-ktime-launch-file=' + launches,
            '-mllvm', '-ktime-report=' + report]
        for opt in self.extra:
            cmd += ['-mllvm', opt]
        return cmd


class Run:
    """One finished (or killed) compile."""

    def __init__(self, rc, stderr, wall, timed_out):
        self.rc = rc
        self.stderr = stderr
        self.wall = wall
        self.timed_out = timed_out

    def ok(self):
        return self.rc == 0 and not self.timed_out

    def crashed(self):
        """A signal, or clang's crash banner (its driver may exit 1 or 70)."""
        return not self.timed_out and (self.rc < 0 or self.rc >= 128 or
                                       CRASH_BANNER in self.stderr)

    def exit_text(self):
        if self.timed_out:
            return 'timed out after %.0f s' % self.wall
        if self.rc < 0:
            try:
                return 'signal %s' % signal.Signals(-self.rc).name
            except ValueError:
                return 'signal %d' % -self.rc
        return 'exit status %d' % self.rc


def run(cmd, timeout):
    """Runs CMD in its own process group; past TIMEOUT seconds the group is
    killed and the run is marked timed out."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        _, err = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, err = proc.communicate()
        timed_out = True
    return Run(proc.returncode, err.decode('utf-8', 'replace'),
               time.monotonic() - start, timed_out)


def time_report(stderr):
    """(the compile's user+system seconds, KernelTimePass's) from the
    -ftime-report of STDERR: the largest Total, and the first row naming the
    pass (None without one)."""
    total, pass_s, columns = 0.0, None, []
    for line in stderr.splitlines():
        if '--- Name ---' in line:
            columns = re.findall(r'-+(User Time|System Time|User\+System|Wall Time)-+', line)
            continue
        cells, pos = [], 0
        while True:
            m = TIME_CELL.match(line, pos)
            if not m:
                break
            cells.append(float(m.group(1)))
            pos = m.end()
        if not cells or len(cells) != len(columns):
            continue
        row = dict(zip(columns, cells))
        cpu = row.get('User+System', row.get('User Time', 0.0))
        name = line[pos:].strip()
        if pass_s is None and 'KernelTimePass' in name:
            pass_s = cpu
        if name == 'Total':
            total = max(total, cpu)
    return total, pass_s


def first_error(stderr):
    """The first 'error:' line of STDERR, for the report (else its last line)."""
    lines = [l for l in stderr.splitlines() if l.strip()]
    for line in lines:
        if 'error:' in line:
            return line.strip()[:300]
    return lines[-1].strip()[:300] if lines else ''

"""Adapter: te42kyfo/gpu-benches gpu-strides result files ->
measurement-table rows (family `l1-strides`).

gpu-strides/main.cu runs ONE block of 1024 threads (grid 1) whose threads
read, N / 8 times (N = 18 x 64 x 1024), eight elements at fixed offsets
from a pointer that does not move (`A2 += zero`, zero = 0): after the
first pass every read hits the L1, so the kernel measures how many cycles
the SM's L1 takes per warp-wide load for an access pattern.
`strideKernel<T, N>(A, B, zero, stride)` starts thread t at
(t % 64) x stride elements; `blockKernel<T, N>(A, B, zero, pitch)` runs a
block of w x (1024 / w) threads starting at x % 64 + (y % 32 + 1) x pitch
(pitch 4098; rows repeat every 32 when w < 32). Both for float and double;
stride 0 to 64 (the H200's file: 0 to 15), w = 1 to 64 in powers of two.
The result files print the sweeps in another order than the stored
main.cu (block shapes first in a100.txt and a40.txt): an earlier version
of the same kernels.

Each line prints `cycles` = time x clock / (1024 x N / 32), the time the
minimum of 11 host-timed launches (launch plus synchronise: `host` time;
the kernels take tens of milliseconds, so the launch does not matter) and
the clock the SM clock NVML gave last before the sweep (the file's
`clock:` line, its last value). So one launch takes cycles x (1024 x N /
32) / clock. The `cycles` column has two or three significant digits.

a100.txt does not say which A100 it ran on; a one-block kernel that reads
a few kilobytes needs only the SM's figures, which the A100 targets share,
so its rows name both (TARGETS).
AMD results (mi210, rdna2) are left out. No shipped target cites
gpu-strides: no row is circular.
"""

import os
import re

from . import adapt_gpubench
from . import devgpus
from . import devtable

N = 18 * 64 * 1024
THREADS = 1024
PITCH = 4096 + 2
GPUS = {'a100': 'A100', 'a40': 'A40', 'h200': 'H200'}
# The plain 'A100' of a100.txt: either A100 target (docstring).
TARGETS = {'A100': 'a100-sxm4-80gb|a100-pcie-40gb'}
# main.cu's host code calls gpu-metrics.hpp's profiler helpers, which
# that header defines for nvcc only; the device compile needs declarations.
PRELUDE = '\n'.join([
    '#define GPU_ERROR(ans) (void)(ans)',
    '#include <vector>',
    'void initMeasureMetric();',
    'void measureMetricsStart(std::vector<const char *>);',
    'std::vector<double> measureMetricsStop();'])
LINE = re.compile(r'^\s*(float|double)\s+(stride|block)\s+(\d+)\s+(\d+)\s+([\d.]+)\s')
CLOCK = re.compile(r'^\s*clock:\s*((?:\d+\s*)+)$')


def mangled(kind, dtype):
    name = {'stride': '12strideKernel', 'block': '11blockKernel'}[kind]
    return '_Z%sI%sLi%dEEvPT_S1_ii' % (name, dtype[0], N)


def rows(root, skipped=None):
    skipped = {} if skipped is None else skipped
    source, files = adapt_gpubench.result_files(root, 'gpu-strides', GPUS, skipped)
    out = []
    for path, gpu in files:
        name = os.path.basename(path)
        clock = None
        with open(path, errors='replace') as f:
            lines = f.read().splitlines()
        for line in lines:
            c = CLOCK.match(line)
            if c:
                clock = float(c.group(1).split()[-1])
                continue
            m = LINE.match(line)
            if not m:
                continue
            if not clock:
                skipped['gpu-strides/%s: a result before the clock line' % name] = 1
                continue
            dtype, kind, arg = m.group(1), m.group(2), int(m.group(3))
            cycles = float(m.group(5))
            if cycles <= 0:
                continue
            if kind == 'stride':
                block, args, config = [THREADS], [('zero', 0), ('stride', arg)], 's%d' % arg
            else:
                block = [arg, THREADS // arg]
                args, config = [('zero', 0), ('pitch', PITCH)], 'w%d' % arg
            out.append(devtable.make_row(
                dataset='rrze', family='l1-strides', variant='%s-%s' % (dtype, kind),
                problem='%s-%s' % (dtype, kind), config=config, source=source,
                kernel=mangled(kind, dtype), prelude=PRELUDE, cuda='sdk', grid=[1],
                block=block, args=args, gpu=gpu,
                target=TARGETS.get(gpu) or devgpus.target_cell(gpu),
                sm_mhz=clock, time_us=cycles * (THREADS * N / 32) / clock,
                time_kind='host', note='gpu-strides/%s' % name))
    return out

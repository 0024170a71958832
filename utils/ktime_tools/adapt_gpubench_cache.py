"""Adapter: te42kyfo/gpu-benches gpu-cache result files ->
measurement-table rows (family `cache-reuse`).

gpu-cache/main.cu measures the cache level a re-read array lives in:
`sumKernel<N, iters, 256>(A, B, zero)` runs one block of 256 threads per
SM (grid = the SM count), every block summing the same N elements of B
`iters` times (`B += zero` each pass, zero = 0, keeps the compiler from
hoisting the loads); a store to A only if the sum is 1233 (never). So the
whole grid reads one array of N elements over and over: from the L1 while
it fits there, from the L2 beyond, and the file goes on past the L2's
size. A result line prints the array's size in kB (N x the element size /
1024, rounded), the median time of 15 host-timed launches (launch plus
synchronise, `host` time) in whole ms, and the rate N x size x SMs x iters
/ the fastest of those times; one launch is taken as that: N x size x SMs
x iters / rate.

Two builds are in the files. v100.txt, a100_80.txt and h100_pcie.txt are
of an earlier double build with iters = 10^8 / N + 2 (their first line is
2 kB for N = 256, and their ms column is what that iters gives at their
rates); a40.txt and l40.txt of the stored main.cu's float build with
iters = 10^9 / N + 2 (1 kB for N = 256, and a `clock:` line). Each row
predicts that build: main.cu makes its element type float for nvcc and
float4 for other compilers, so the prelude spells float4 as the element
type of the row's build before main.cu is read (the CUDA headers clang
includes before the prelude keep their float4), and the instantiation
with the row's N and iters is added after the source. A line whose ms
column is not what its rate and that iters give (within rounding and
10 %) is left out with the reason, as is a size that is none of main.cu's
N (256 to 16384 in steps of 256 and 512, then 16384 x 1.17^k).

The v100, a40 and l40 files are what shipped targets' L1 and L2 figures
were derived from (docs/targets.md): those rows are circular.
"""

import os
import re

from . import adapt_gpubench
from . import devgpus
from . import devtable

BLOCK = 256
GPUS = {'v100': 'V100', 'a100_80': 'A100 80', 'h100_pcie': 'H100 PCIe', 'a40': 'A40',
        'l40': 'L40'}
# The build each file is of: element type, its size, iters = ITERS_PER / N + 2.
DOUBLE_BUILD = ('double', 8, 10 ** 8)
FLOAT_BUILD = ('float', 4, 10 ** 9)
BUILDS = {'v100': DOUBLE_BUILD, 'a100_80': DOUBLE_BUILD, 'h100_pcie': DOUBLE_BUILD,
          'a40': FLOAT_BUILD, 'l40': FLOAT_BUILD}
# main.cu's host code calls gpu-metrics.hpp's profiler helpers, which that
# header defines for nvcc only; the device compile needs declarations.
PRELUDE = '\n'.join([
    '#define GPU_ERROR(ans) (void)(ans)',
    '#include <vector>',
    'void initMeasureMetric();',
    'void measureDRAMBytesStart();',
    'std::vector<double> measureDRAMBytesStop();',
    'void measureL2BytesStart();',
    'std::vector<double> measureL2BytesStop();'])
LINE = re.compile(r'^\s*(\d+)\s+kB\s+(\d+)ms\s+([\d.]+)%\s+([\d.]+)\s+GB/s')
# How far the printed ms may be from the time the rate gives: half a
# millisecond of rounding and 10 % (the column is the median of the
# launches, the rate the fastest's).
MS_SLACK = 0.5
MS_SHARE = 0.10


def sizes():
    """main.cu's array sizes N, in elements: 256, 512, 768, then 512 to
    16384 in steps of 512, then expSeries(k) = 16384 x 1.17^k truncated at
    every step as its size_t does, rounded down to a multiple of 512."""
    out = {256, 512, 768}
    out.update(512 * k for k in range(2, 33))
    val = 32 * 512
    for _ in range(80):
        val = int(val * 1.17)
        out.add(val // 512 * 512)
    return sorted(out)


def iters(n, per):
    return per // n + 2


def mangled(n, it, ctype):
    """sumKernel<N, iters, 256>(T *, const T *, int)."""
    t = ctype[0]
    return '_Z9sumKernelILi%dELi%dELi%dEEvP%sPK%si' % (n, it, BLOCK, t, t)


def instantiation(n, it, ctype):
    return ('template __global__ void sumKernel<%d, %d, %d>'
            '(%s *__restrict__, const %s *__restrict__, int);' % (n, it, BLOCK, ctype, ctype))


def sm_count(tdir, names):
    """sm.count of the first of NAMES with a target file in TDIR, else None."""
    return adapt_gpubench.first_target_value(
        tdir, names, lambda tree: int((tree.get('sm') or {}).get('count') or 0) or None)


def rows(root, skipped=None, tdir=None):
    skipped = {} if skipped is None else skipped
    tdir = tdir or adapt_gpubench.target_dir()
    source, files = adapt_gpubench.result_files(root, 'gpu-cache', GPUS, skipped)
    circ = adapt_gpubench.cited(tdir, 'gpu-cache')
    known = sizes()
    out = []
    for path, gpu in files:
        name = os.path.basename(path)
        stem = name[:-4].lower()
        ctype, size, per = BUILDS[stem]
        targets = devgpus.targets_for(gpu)
        sms = sm_count(tdir, targets)
        if not sms:
            skipped['gpu-cache/%s: no target file gives its SM count' % name] = 1
            continue
        with open(path, errors='replace') as f:
            lines = f.read().splitlines()
        for line in lines:
            m = LINE.match(line)
            if not m:
                continue
            kb, ms, gbs = int(m.group(1)), int(m.group(2)), float(m.group(4))
            match = [n for n in known if round(n * size / 1024.0) == kb]
            if len(match) != 1:
                why = 'gpu-cache/%s: %d kB is not one of main.cu\'s sizes' % (name, kb)
                skipped[why] = skipped.get(why, 0) + 1
                continue
            n = match[0]
            it = iters(n, per)
            nbytes = n * size * sms * it
            if gbs <= 0:
                continue
            time_us = nbytes / gbs / 1000.0
            if abs(time_us / 1000.0 - ms) > MS_SLACK + MS_SHARE * ms:
                why = 'gpu-cache/%s: the ms column is not what the rate gives' % name
                skipped[why] = skipped.get(why, 0) + 1
                continue
            out.append(devtable.make_row(
                dataset='rrze', family='cache-reuse', variant=ctype, problem=ctype,
                config='n%d' % n, source=source, kernel=mangled(n, it, ctype),
                prelude=PRELUDE + '\n#define float4 %s' % ctype,
                instantiate=instantiation(n, it, ctype), cuda='sdk', grid=[sms],
                block=[BLOCK], args=[('zero', 0)], gpu=gpu, target='|'.join(targets),
                time_us=time_us, time_kind='host', bytes=n * size,
                circular=name in circ, note='gpu-cache/%s' % name))
    return out

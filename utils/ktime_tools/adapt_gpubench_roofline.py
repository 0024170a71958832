"""Adapter: te42kyfo/gpu-benches gpu-roofline result files ->
measurement-table rows (family `arith-intensity`).

gpu-roofline/main.cu sweeps arithmetic intensity: `testfun<T, N, M,
BLOCKSIZE>` (M = 4000, BLOCKSIZE = 256) streams two arrays and runs a
chain of N multiply-subtracts per element pair, over as many blocks of 256
threads as fit on the GPU at once (SMs x resident blocks; the file prints
the count). Each binary is built with N = PARN (series.sh: 0, 1, 2, 4, then
8 to 512 in steps of 8; the files hold N up to 512 on the A40 and L40,
408 on the H200, 43 of the values on the A100) and times 1000
back-to-back launches with a host clock (`batch` time; the launches take
milliseconds, so the launch rate does not bound them); it prints GB/s =
1000 x 2 x data_len x sizeof(T) / time, with data_len = blocks x 256 x M,
the intensity in flops per byte, (2 + 2N) / (2 sizeof(T)), and the median
SM clock (NVML) of 21 samples 0.1 s apart taken while the launches run.
Those samples are why the timed interval is at least 2.1 s whatever the
GPU does: a row whose 1000 launches take less than MIN_TOTAL_S (5 % above
that) cannot be told from the sleep and is left out (none of the files'
rows is; the H200's fastest take 2.29 s).

The result files are of the float build: their intensity at N = 0 is
0.25 flop/B, 2 / (2 x 4); the stored main.cu has `typedef double dtype`.
So each row's kernel is the float instantiation, added after the source
(the `instantiate` column) and named by its mangled name. One launch takes
2 x data_len x 4 B / rate. A file of several GPUs of one model (one line
per device and N) gives the median rate and clock of its devices per N.

main.cu includes <omp.h> for its host code, which clang's CUDA compile
does not need and Debian's clang packages do not ship: the compile gets
utils/devset/include/, whose omp.h declares the two functions main.cu
calls. No shipped target cites gpu-roofline: no row is circular.
alex_a100_40.txt is of a node of eight A100 SXM4 40 GB cards (up to 309 W,
above the PCIe card's 250 W); the a100-pcie-40gb target stands in for it
(the same SMs, clocks and memory).
"""

import os
import re
import shlex
import statistics

from . import adapt_gpubench
from . import devgpus
from . import devtable
from . import tools as toolsmod

M = 4000
BLOCK = 256
FLOAT_BYTES = 4
# File stem -> the GPU as devgpus names it.
GPUS = {'alex_a100_40': 'A100 40', 'alex_a40': 'A40', 'genoa_l40': 'L40', 'h200': 'H200'}
PRELUDE = '#define GPU_ERROR(ans) (void)(ans)'
LAUNCHES = 1000
MIN_TOTAL_S = 1.05 * 21 * 0.1
LINE = re.compile(r'^\s*(\d+)\s+(\d+)\s+blocks\s+(\d+)\s+its\s+([\d.]+)\s+Fl/B\s+'
                  r'([\d.]+)\s+GB/s\s+([\d.]+)\s+GF/s\s+([\d.]+)\s+Mhz')


def include_dir():
    return os.path.join(toolsmod.layout.ROOT, 'utils', 'devset', 'include')


def mangled(n):
    """testfun<float, N, 4000, 256>(float *, float *, float *)."""
    return '_Z7testfunIfLi%dELi%dELi%dEEvPT_S1_S1_' % (n, M, BLOCK)


def instantiation(n):
    return ('template __global__ void testfun<float, %d, %d, %d>'
            '(float *const __restrict__, float *const __restrict__, float *);'
            % (n, M, BLOCK))


def read(path, skipped):
    """{(blocks, N): [(GB/s, MHz), ...], a pair per device} of one result file."""
    by_n = {}
    with open(path, errors='replace') as f:
        lines = f.read().splitlines()
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        blocks, n = int(m.group(2)), int(m.group(3))
        intensity = float(m.group(4))
        if abs(intensity - (2 + 2 * n) / (2.0 * FLOAT_BYTES)) > 1e-3:
            why = 'gpu-roofline/%s: not of the float build' % os.path.basename(path)
            skipped[why] = skipped.get(why, 0) + 1
            continue
        by_n.setdefault((blocks, n), []).append((float(m.group(5)), float(m.group(7))))
    return by_n


def rows(root, skipped=None):
    skipped = {} if skipped is None else skipped
    source, files = adapt_gpubench.result_files(root, 'gpu-roofline', GPUS, skipped)
    out = []
    for path, gpu in files:
        for (blocks, n), runs in sorted(read(path, skipped).items(), key=lambda x: x[0][1]):
            gbs = statistics.median(r[0] for r in runs)
            mhz = statistics.median(r[1] for r in runs)
            if gbs <= 0:
                continue
            data_len = blocks * BLOCK * M
            nbytes = 2 * data_len * FLOAT_BYTES
            if LAUNCHES * nbytes / (gbs * 1e9) < MIN_TOTAL_S:
                why = 'gpu-roofline/%s: faster than the sampling loop' % os.path.basename(path)
                skipped[why] = skipped.get(why, 0) + 1
                continue
            out.append(devtable.make_row(
                dataset='rrze', family='arith-intensity', variant='float',
                problem='b%d-m%d' % (blocks, M), config='n%d' % n, source=source,
                kernel=mangled(n), prelude=PRELUDE, instantiate=instantiation(n),
                defines=[('PARN', n)], flags=shlex.quote('-I' + include_dir()), cuda='sdk',
                grid=[blocks], block=[BLOCK], gpu=gpu,
                target=devgpus.target_cell(gpu), sm_mhz=mhz,
                time_us=nbytes / gbs / 1000.0, time_kind='batch', bytes=nbytes,
                flops=(2 + 2 * n) * data_len,
                note='gpu-roofline/%s (%d device(s))' % (os.path.basename(path), len(runs))))
    return out

"""Adapter: te42kyfo/gpu-benches gpu-small-kernels result files ->
measurement-table rows (family `small-kernels`).

gpu-small-kernels/main.cu queues `iters` launches of a streaming SCALE
kernel, `scale<double>(A, B, size)`: one thread per element, `A[i] =
B[i] * 0.25` behind `if (i >= size) return`, on grids of size / block + 1
blocks (A and B swap from one launch to the next). iters = min(30000,
max(2000, 10^9 / size)); a host clock around the queued launches and a
synchronise, divided by iters: the time of one of many back-to-back
launches (`batch` time), the median of three. Per element count d (4096
up to 128 Mi, each about 6 % above the last) and block size 32, 64, ...,
1024, a result file prints GB/s = 2 x d x 8 B / time: so one launch takes
16 d / rate. The rates are integers (two or three significant digits).
The data of the small counts stay in the L2 from one launch to the next
(cache blocking is what the benchmark explores), and the launch overhead
of the queue bounds them.

The files of the stored main.cu's format (each line `d  KkB` with K = 16 d
/ 1024 and six rates; a run cut short ends in a line of fewer) are read; a
file of another format (a100_80.txt: nine rates and another size column,
an earlier version of the benchmark) is left out, as are the `_graph`,
`_gsync` and `_pt` runs (CUDA graphs and persistent kernels, which change
what a launch costs). Every STEP-th
element count is kept, so that one GPU's sweep does not outweigh the
rest of the set (about 36 counts x 6 block sizes a GPU). A file a shipped
target cites (its launch term, or a sibling card's figures) is circular.
AMD results are left out.
"""

import os
import re

from . import adapt_gpubench
from . import devgpus
from . import devtable

BLOCKS = [32, 64, 128, 256, 512, 1024]
STEP = 4
GPUS = {'a100_80': 'A100 80', 'a40': 'A40', 'h200': 'H200', 'l40': 'L40'}
KERNEL = '_Z5scaleIdEvPT_PKS0_i'  # scale<double>(double *, const double *, int)
# gpu-error.h defines GPU_ERROR for nvcc and hipcc only; main.cu's host code
# calls min and max on ints and on an unsigned and an int, which nvcc's
# headers declare for the host and clang's do not. Neither is in the kernel
# predicted.
PRELUDE = '\n'.join([
    '#define GPU_ERROR(ans) (void)(ans)', '#include <algorithm>', 'using std::max;',
    'using std::min;',
    'static inline long long min(long long a, long long b) { return a < b ? a : b; }',
    'static inline long long max(long long a, long long b) { return a < b ? b : a; }'])
LINE = re.compile(r'^\s*(\d+)\s+(\d+)kB\s+((?:\d+\s+)*\d+)\s*$')


def read(path):
    """[(d, [rate per block size])] of a file of the stored format, or None."""
    out = []
    with open(path, errors='replace') as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            d, kb = int(m.group(1)), int(m.group(2))
            rates = [float(x) for x in m.group(3).split()]
            if kb != d * 16 // 1024 or len(rates) > len(BLOCKS):
                return None
            # A run cut short ends in a line of fewer rates: the first block
            # sizes'.
            out.append((d, rates))
    return out


def rows(root, skipped=None, tdir=None):
    skipped = {} if skipped is None else skipped
    tdir = tdir or adapt_gpubench.target_dir()
    found = {}
    source, files = adapt_gpubench.result_files(root, 'gpu-small-kernels', GPUS, found)
    for why, n in found.items():
        # The other runs' files (name_graph.txt, ...) are not unknown GPUs.
        run = re.search(r'_(graph|gsync|pt)\.txt:', why)
        if run:
            why = 'gpu-small-kernels: the %s runs (another launch path)' % run.group(1)
        skipped[why] = skipped.get(why, 0) + n
    circ = adapt_gpubench.cited(tdir, 'gpu-small-kernels')
    out = []
    for path, gpu in files:
        name = os.path.basename(path)
        sweep = read(path)
        if sweep is None:
            skipped['gpu-small-kernels/%s: not the stored main.cu\'s format' % name] = 1
            continue
        for i, (d, rates) in enumerate(sweep):
            if i % STEP:
                why = 'gpu-small-kernels: thinned (every %dth element count kept)' % STEP
                skipped[why] = skipped.get(why, 0) + len(rates)
                continue
            for block, gbs in zip(BLOCKS, rates):
                if gbs <= 0:
                    continue
                nbytes = 2 * d * 8
                out.append(devtable.make_row(
                    dataset='rrze', family='small-kernels', variant='scale',
                    problem='n%d' % d, config='b%d' % block, source=source,
                    kernel=KERNEL, prelude=PRELUDE, cuda='sdk', grid=[d // block + 1],
                    block=[block], args=[('size', d)], gpu=gpu,
                    target=devgpus.target_cell(gpu), time_us=nbytes / gbs / 1000.0,
                    time_kind='batch', bytes=nbytes, flops=d,
                    circular=name in circ, note='gpu-small-kernels/%s' % name))
    return out

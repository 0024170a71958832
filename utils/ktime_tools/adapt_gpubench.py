"""Adapter: te42kyfo/gpu-benches (RRZE-HPC/gpu-benches) gpu-stream result
files -> measurement-table rows.

gpu-stream/main.cu times six kernels over block sizes 32..1024 (step 32),
each on 128 Mi + 2 doubles, with exactly two blocks per SM (it raises the
shared-memory carve-out until two fit): a host clock around two
back-to-back launches and a synchronise, halved (`host` time). A result
file prints, per block size, GB/s = streams x N x 8 B / time for init (1
stream: writes A), read (1), scale (2), triad (3) and the 3- and 5-point
stencils (2 each; some files' header calls them 1pt and 3pt). So the time
of one launch is streams x N x 8 / rate; bytes are those streams.

Two blocks per SM: the rows carry blocks_per_sm = 2 and, for the GPU's
first target that gpu-targets/ has, the dynamic shared memory that leaves
room for no third block beside the kernel's static 4096 doubles (clang's
spoilerSize; nvcc's is 768) and the per-block reservation.

read_kernel stores only `if (secretlyFalse || temp == 123.0)` (main.cu
line 55, the store on line 56): secretlyFalse is 0 and main() fills B with
0.23 (init_kernel) before any kernel is timed, so the store never runs; its
side is bound to none of the threads (`taken.L56=0`, READ_NEVER_STORES),
where the model would otherwise assume, as for any branch on data, that
every lane takes it.

A file that a shipped target cites (gpu-targets/*.yaml name
"gpu-stream/FILE") is circular: every row of it is marked. AMD results
(mi100, mi210, RX6900XT) are left out.
"""

import glob
import os
import re

from . import devgpus
from . import devtable
from . import targetflat
from . import tools as toolsmod

N = 128 * 1024 * 1024 + 2
STATIC_SHARED = 4096 * 8  # spoiler[spoilerSize] doubles, spoilerSize without __NVCC__
KERNELS = [('init', 'init_kernel', 1), ('read', 'read_kernel', 1),
           ('scale', 'scale_kernel', 2), ('triad', 'triad_kernel', 3),
           ('stencil3pt', 'stencil1d3pt_kernel', 2), ('stencil5pt', 'stencil1d5pt_kernel', 2)]
# The side of read_kernel's never-taken store (the module docstring).
READ_NEVER_STORES = [('taken.L56', 0)]
FLOPS_PER_ELEMENT = {'init': 0, 'read': 0, 'scale': 1, 'triad': 2, 'stencil3pt': 5,
                     'stencil5pt': 9}
GPUS = {'a100_40': 'A100 40', 'a100_80': 'A100 80', 'v100': 'V100', 'h100_pcie': 'H100 PCIe',
        'h200': 'H200', 'l40': 'L40', 'a40': 'A40', 'gh200': 'GH200'}
# gpu-error.h defines GPU_ERROR for nvcc and hipcc only; the host code that
# uses it is not what is predicted.
PRELUDE = '#define GPU_ERROR(ans) (void)(ans)'
LINE = re.compile(r'^\s*(\d+)\s+(\d+)\s+([\d.]+)\s*%\s*\|\s*GB/s:\s*(.*)$')


def target_dir():
    return os.path.join(toolsmod.layout.ROOT, 'gpu-targets')


def cited(tdir, sub):
    """Result files of gpu-benches/SUB that the target files (cards and
    architectures) cite."""
    out = set()
    for path in glob.glob(os.path.join(tdir, '*.yaml')) + \
            glob.glob(os.path.join(tdir, 'arch', '*.yaml')):
        with open(path, errors='replace') as f:
            out.update(re.findall(re.escape(sub) + r'/([\w.\-]+\.txt)', f.read()))
    return out


def first_target_value(tdir, names, pick):
    """PICK(tree) of the first of NAMES with a target file in TDIR (a card
    and the architecture file it names, read as one) for which PICK gives a
    value, else None."""
    for n in names:
        path = os.path.join(tdir, n + '.yaml')
        if not os.path.exists(path):
            continue
        try:
            value = pick(targetflat.flat_tree(path, tdir))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
        if value:
            return value
    return None


def shared_limits(tdir, names):
    """(shared_per_sm, reserved per block, alloc unit) of the first of NAMES
    with a target file in TDIR that gives them, else None."""
    def pick(tree):
        limits = tree.get('limits') or {}
        s = limits.get('shared_per_sm_bytes')
        if not s:
            return None
        return (int(s), int(limits.get('shared_reserved_per_block_bytes', 0)),
                int(limits.get('shared_alloc_unit_bytes', 128)))
    return first_target_value(tdir, names, pick)


def result_files(root, sub, gpus, skipped):
    """gpu-benches/SUB's main.cu and its NVIDIA result files with the GPU
    each names (GPUS: file stem -> GPU); what is missing or not NVIDIA's is
    counted in SKIPPED."""
    source = os.path.join(root, sub, 'main.cu')
    if not os.path.exists(source):
        skipped['no %s/main.cu under %s' % (sub, root)] = 1
        return source, []
    found = []
    for path in sorted(glob.glob(os.path.join(root, sub, '*.txt'))):
        gpu = gpus.get(os.path.basename(path)[:-4].lower())
        if gpu is None:
            skipped['%s/%s: not an NVIDIA GPU with a known name'
                    % (sub, os.path.basename(path))] = 1
        else:
            found.append((path, gpu))
    return source, found


def rows(root, skipped=None, tdir=None):
    skipped = {} if skipped is None else skipped
    tdir = tdir or target_dir()
    source, files = result_files(root, 'gpu-stream', GPUS, skipped)
    circ = cited(tdir, 'gpu-stream')
    out = []
    for path, gpu in files:
        targets = devgpus.targets_for(gpu)
        limits = shared_limits(tdir, targets)
        with open(path, errors='replace') as f:
            for line in f:
                m = LINE.match(line)
                if not m:
                    continue
                block = int(m.group(1))
                rates = m.group(4).split()
                shmem = None
                if limits:
                    s, reserved, unit = limits
                    shmem = max(0, (s // 2 - reserved - STATIC_SHARED) // unit * unit)
                for (name, kernel, streams), rate in zip(KERNELS, rates):
                    gbs = float(rate)
                    if gbs <= 0:
                        continue
                    nbytes = streams * N * 8
                    out.append(devtable.make_row(
                        dataset='rrze', family='stream', variant=name, problem='n%d' % N,
                        config='b%d' % block, source=source, kernel=kernel, cuda='sdk',
                        prelude=PRELUDE,
                        grid=[N // block + 1], block=[block], shmem=shmem,
                        args=[('N', N), ('secretlyFalse', 0)] +
                        (READ_NEVER_STORES if name == 'read' else []),
                        blocks_per_sm=2, gpu=gpu,
                        target='|'.join(targets), time_us=nbytes / gbs / 1000.0,
                        time_kind='host', bytes=nbytes, flops=FLOPS_PER_ELEMENT[name] * N,
                        circular=os.path.basename(path) in circ,
                        note='gpu-stream/%s' % os.path.basename(path)))
    return out

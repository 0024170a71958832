"""Adapter: marcosamaris/gpuperfpredict's nvprof traces of Rodinia kernels
-> measurement-table rows.

Reads the description utils/devset/gpuperf.json (which kernel each
datasets/<file>-<GPU>.csv times, its source, and how the kernel's scalar
arguments follow from the CSV's axes) and the CSVs of the checkout. A CSV
line is one launch with nvprof's duration (`device` time, seconds); lines
with the same grid, block and grouping axes are one launch repeated, and
their median is one row. The description's `logs` are per-launch
nvprof traces on one GPU, ten runs each: the small programs' under
src/logs/run_*/ and, where an entry names `traces`, the Rodinia
applications' under src/traces/ (the lines of the entry's kernel),
read the same way. A kernel with `thin` keeps at most that many
groups per (GPU, S1), evenly spaced over GX. A row's registers per thread
are nvprof's (the measured binary's).
"""

import csv
import glob
import json
import os
import re
import statistics

from . import devgpus
from . import devtable

DESC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    'devset', 'gpuperf.json')
AXES = {'S1': 'input.size.1', 'S2': 'input.size.2', 'GX': 'grid.x', 'GY': 'grid.y',
        'BX': 'block.x', 'BY': 'block.y'}
# nvprof's registers per thread of the measured binary (nvcc's), when the
# table has them: the launch is predicted with them.
REGS = 'registers.per.thread'


def _int(text):
    v = float(text)
    return int(v) if v == int(v) else v


def _count(skipped, reason, n=1):
    skipped[reason] = skipped.get(reason, 0) + n


def rows(root, desc_path=DESC, skipped=None):
    """The rows of the checkout ROOT. SKIPPED, a dict, gets {reason: count}
    of what was left out."""
    skipped = {} if skipped is None else skipped
    with open(desc_path) as f:
        desc = json.load(f)
    for name, why in desc.get('left_out', {}).items():
        skipped['%s: left out: %s' % (name, why)] = 1
    if not os.path.isdir(os.path.join(root, 'datasets')):
        skipped['no datasets/ under %s (a checkout of marcosamaris/gpuperfpredict?)' % root] = 1
        return []
    out = []
    for k in desc['kernels']:
        source = os.path.join(root, k['source'])
        if not os.path.exists(source):
            _count(skipped, '%s: no %s' % (k['file'], k['source']))
            continue
        for tag, gpu in desc['gpus'].items():
            path = os.path.join(root, 'datasets', '%s-%s.csv' % (k['file'], tag))
            if not os.path.exists(path):
                _count(skipped, '%s-%s.csv: not in the checkout' % (k['file'], tag))
                continue
            out += _kernel_rows(path, k, gpu, desc['time_kind'], source, skipped)
    for k in desc.get('logs', []):
        out += _log_rows(root, k, desc['time_kind'], skipped)
    return out


def _log_rows(root, k, kind, skipped):
    """Rows of nvprof GPU traces: src/logs/run_*/<file>-kernel-traces.csv,
    or the files K's `traces` glob names (src/traces/<app>-traces-*.csv,
    which hold every launch and copy of a Rodinia application: only the
    lines of the kernel K names count). Positional columns size, start,
    duration (ns), grid x y z, block x y z, registers, ..., device (the
    15th), ..., name (the last)."""
    source = os.path.join(root, k['source'])
    pattern = k.get('traces', 'src/logs/run_*/%s-kernel-traces.csv' % k['file'])
    paths = sorted(glob.glob(os.path.join(root, pattern)))
    if not os.path.exists(source) or not paths:
        _count(skipped, '%s: no %s or no %s' % (k['file'], k['source'], pattern))
        return []
    only = k['kernel'] + '(' if 'traces' in k else None
    groups = {}
    for path in paths:
        with open(path, newline='') as f:
            for line in csv.reader(f):
                if only and not (line and line[-1].startswith(only)):
                    continue
                try:
                    size, ns = int(line[0]), float(line[2])
                    grid = tuple(int(float(v)) for v in line[3:6])
                    block = tuple(int(float(v)) for v in line[6:9])
                    regs = int(float(line[9]))
                    device = re.sub(r'\s*\(\d+\)$', '', line[14]).strip()
                except (IndexError, ValueError):
                    _count(skipped, '%s: line without numbers' % k['file'])
                    continue
                names = {'S1': size, 'GX': grid[0], 'GY': grid[1], '_device': device,
                         '_grid': grid, '_block': block, '_regs': regs}
                key = (device, size, grid, block, regs)
                groups.setdefault(key, (names, []))[1].append(ns)
    kept = _thin(groups, k, skipped)
    return [_row(k, names, source, names['_device'], times, lambda ns: ns / 1000.0, kind,
                 pattern, grid=list(names['_grid']), block=list(names['_block']),
                 regs=names['_regs'])
            for names, times in kept]


def _row(k, names, source, gpu, times, to_us, kind, where, **launch):
    """The table row of kernel K's launch with the axes NAMES on GPU, timed
    at the median of TIMES (TO_US converts it to microseconds); LAUNCH: grid,
    block, regs, sm_mhz."""
    args = [(a, devtable.value(e, names, 'argument %s' % a)) for a, e in k['args'].items()]
    return devtable.make_row(
        dataset='gpuperf', family=k['family'], variant=k['variant'],
        problem=devtable.value(k['problem'], names, 'problem'),
        config=devtable.value(k['config'], names, 'config'), source=source, kernel=k['kernel'],
        defines=k.get('defines', ''), prelude=k.get('prelude', ''), cuda=k.get('cuda', 'auto'),
        shmem=0, args=args, gpu=gpu, target=devgpus.target_cell(gpu),
        time_us=to_us(statistics.median(times)), time_kind=kind, circular=False,
        note='%s: median of %d launches' % (where, len(times)), **launch)


def _groups(path, k, skipped):
    """{(grouping axes, grid, block): (axes, [seconds])} of one CSV."""
    groups = {}
    with open(path, newline='') as f:
        for line in csv.DictReader(f):
            try:
                names = {a: _int(line[c]) for a, c in AXES.items()}
                t = float(line['duration'])
            except (KeyError, ValueError, TypeError):
                _count(skipped, '%s: line without numbers' % os.path.basename(path))
                continue
            if not t > 0:
                _count(skipped, '%s: no duration' % os.path.basename(path))
                continue
            regs = line.get(REGS, '').strip()
            names['_regs'] = int(float(regs)) if regs.replace('.', '', 1).isdigit() else None
            key = tuple(names[a] for a in k['group'] + ['GX', 'GY', 'BX', 'BY', '_regs'])
            groups.setdefault(key, (names, []))[1].append(t)
    return groups


def _thin(groups, k, skipped):
    """At most k['thin'] groups per S1 (a matrix size: only LU's kernels are
    thinned), evenly spaced over GX; SKIPPED counts the groups left out."""
    n = k.get('thin')
    if not n:
        return list(groups.values())
    by_size = {}
    for names, times in groups.values():
        by_size.setdefault(names['S1'], []).append((names, times))
    kept = []
    for items in by_size.values():
        items.sort(key=lambda it: it[0]['GX'])
        if len(items) <= n:
            kept += items
            continue
        step = (len(items) - 1) / float(n - 1)
        picks = sorted(set(int(round(i * step)) for i in range(n)))
        kept += [items[i] for i in picks]
    if len(kept) < len(groups):
        _count(skipped, '%s: thinned (at most %d launches per matrix)' % (k['file'], n),
               len(groups) - len(kept))
    return kept


def _kernel_rows(path, k, gpu, kind, source, skipped):
    groups = _groups(path, k, skipped)
    kept = _thin(groups, k, skipped)
    return [_row(k, names, source, gpu['name'], times, lambda s: s * 1e6, kind,
                 os.path.basename(path), grid=[names['GX'], names['GY']],
                 block=[names['BX'], names['BY']], regs=names['_regs'], sm_mhz=gpu.get('sm_mhz'))
            for names, times in kept]


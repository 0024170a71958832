"""Adapter: R100001/Programming-Massively-Parallel-Processors'
Performance-Tests-NvBench results -> measurement-table rows.

Reads the description utils/devset/pmpp.json (which kernel each NVBench
benchmark launches and how its grid, block, shared memory and arguments
follow from the benchmark's axes) and each bench's
BenchResults/BenchResults*.csv under the checkout's Performance-Tests-NvBench/.
One row per CSV line that was not skipped: the NVBench cold "GPU Time"
(the first column of that name): CUDA events around one launch (`events`),
caches flushed; bytes are the bench's own "Memory Reads" + "Memory Writes"
counts. Each GPU's `empty_us` is the median cold time of the rows the
description's "empty_launch" names (those rows are marked circular), and
its clocks come from the device summary of the BenchResults*.md beside
each CSV (the description's "clocks").
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
                    'devset', 'pmpp.json')


def _number(text):
    text = (text or '').strip()
    if not text:
        return None
    try:
        v = float(text)
    except ValueError:
        return None
    return int(v) if v == int(v) else v


def rows(root, desc_path=DESC, skipped=None):
    """The rows of the checkout ROOT (the repository, or its
    Performance-Tests-NvBench directory). SKIPPED, a dict, gets
    {reason: count} of the CSV lines left out."""
    skipped = {} if skipped is None else skipped
    base = os.path.join(root, 'Performance-Tests-NvBench')
    if not os.path.isdir(base):
        base = root
    with open(desc_path) as f:
        desc = json.load(f)
    for name, why in desc.get('left_out', {}).items():
        skipped['%s: left out: %s' % (name, why)] = 1
    out = []
    clocks = {}
    for bench in desc['benches']:
        d = os.path.join(base, bench['dir'])
        header = os.path.join(d, bench['header'])
        if not os.path.exists(header):
            skipped['%s: no %s' % (bench['dir'], bench['header'])] = 1
            continue
        prelude = '\n'.join(desc.get('prelude', []) + bench.get('prelude', []))
        inst = '\n'.join(bench.get('instantiate', []))
        for path in sorted(glob.glob(os.path.join(d, 'BenchResults', '*.csv'))):
            rows_of_file = _file_rows(path, bench, header, prelude, inst, desc, skipped)
            sm, mem = _device_clocks(os.path.splitext(path)[0] + '.md')
            for r in rows_of_file:
                r['sm_mhz'], r['mem_mhz'] = sm, mem
            out += rows_of_file
    _mark_empty_launch(out, desc.get('empty_launch'), skipped)
    for r in out:
        del r['_bench'], r['_axes']
    return out


def _device_clocks(md_path):
    """(sm_mhz, mem_mhz) as strings from NVBench's device summary in
    MD_PATH; blank where it has none."""
    try:
        with open(md_path, errors='replace') as f:
            text = f.read(4096)
    except OSError:
        return '', ''
    sm = re.search(r'SM Default Clock Rate:\s*([0-9.]+)\s*MHz', text)
    mem = re.search(r'Global Memory Bus Peak:.*@\s*([0-9.]+)\s*MHz', text)
    return (sm.group(1) if sm else ''), (mem.group(1) if mem else '')


def _mark_empty_launch(rows, spec, skipped):
    """Each GPU's empty_us: the median time of its rows from SPEC's bench
    whose axis has SPEC's value; those rows become circular."""
    if not spec:
        return
    tag = '%s=%s' % (spec['axis'], spec['value'])
    by_gpu = {}
    for r in rows:
        if r['_bench'] == spec['bench'] and r['_axes'].get(spec['axis']) == spec['value']:
            by_gpu.setdefault(r['gpu'], []).append(r)
    for r in rows:
        source = by_gpu.get(r['gpu'])
        if source:
            r['empty_us'] = '%.6g' % statistics.median(float(x['time_us']) for x in source)
        else:
            skipped['%s: no empty-launch rows (%s %s)' % (r['gpu'], spec['bench'], tag)] = 1
    for source in by_gpu.values():
        for r in source:
            r['circular'] = '1'
            r['note'] += '; the empty_us of its GPU'


def _file_rows(path, bench, header, prelude, inst, desc, skipped):
    with open(path, newline='') as f:
        lines = list(csv.reader(f))
    if not lines:
        return []
    cols = lines[0]
    first = {}
    for i, c in enumerate(cols):
        first.setdefault(c, i)
    out = []
    for line in lines[1:]:
        cell = {c: (line[i] if i < len(line) else '') for c, i in first.items()}
        name = cell.get('Benchmark', '')
        b = bench['benchmarks'].get(name)
        if b is None:
            skipped['%s: benchmark not described' % name] = \
                skipped.get('%s: benchmark not described' % name, 0) + 1
            continue
        if cell.get('Skipped', 'No') != 'No':
            skipped['skipped by NVBench'] = skipped.get('skipped by NVBench', 0) + 1
            continue
        t = _number(cell.get('GPU Time (sec)'))
        if not t:
            skipped['no GPU time'] = skipped.get('no GPU time', 0) + 1
            continue
        # A benchmark's own entries (axes, grid, args, ...) replace its
        # bench's.
        spec = dict(bench)
        if 'spec' in b:
            spec.update(bench['specs'][b['spec']])
        spec.update(b)
        names = {}
        for k, col in spec['axes'].items():
            v = _number(cell.get(col))
            if v is None:
                break
            names[k] = v
        else:
            grid = [devtable.value(e, names, 'grid') for e in spec['grid']]
            block = [devtable.value(e, names, 'block') for e in spec['block']]
            args = [(k, devtable.value(e, names, 'argument %s' % k))
                    for k, e in spec['args'].items()]
            reads = _number(cell.get('Memory Reads (bytes)')) or 0
            writes = _number(cell.get('Memory Writes (bytes)')) or 0
            gpu = cell.get('Device Name', '')
            out.append(devtable.make_row(
                dataset='pmpp', family=spec['family'], variant=spec['variant'],
                problem=devtable.value(spec['problem'], names, 'problem'),
                config=devtable.value(spec['config'], names, 'config'),
                source=header, kernel=spec['kernel'], prelude=prelude, instantiate=inst,
                cuda='auto', grid=grid, block=block,
                shmem=devtable.value(spec.get('shmem', '0'), names, 'shmem'), args=args,
                gpu=gpu, target=devgpus.target_cell(gpu), time_us=t * 1e6,
                time_kind=desc['time_kind'], cold=bool(desc.get('cold')),
                bytes=(reads + writes) or None, circular=False,
                note='%s: %s' % (os.path.basename(path), name)))
            out[-1]['_bench'] = bench['dir']
            out[-1]['_axes'] = {col: _number(cell.get(col)) for col in spec['axes'].values()}
            continue
        skipped['axis missing'] = skipped.get('axis missing', 0) + 1
    return out

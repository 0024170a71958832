"""Predicting the rows of a measurement table (utils/devset-run): each row
on its GPU's target with KernelTime (the plugin's JSON report under
-ktime-model=all, which also carries the MWP-CWP model), and the roofline
beside it (docs/accuracy.md, "Baselines").

Rows that share a compile (source, kernel, prelude/instantiations, flags,
headers, cold cache) and a target are one engine.Job: one compile per set
of defines, every launch of the rows in one launch file. Jobs run in
parallel (--jobs).

Roofline of a launch on a target:
  max(bytes / DRAM bandwidth, flops / fp32 peak) + KernelTime's launch term
  + what the row's way of timing adds (KernelTime's timing term; for a batch
  the empty launch is a floor instead)
bytes: the data set's own count (column `bytes`) where it gives one, else
the report's `memory.dram_bytes`; flops: the column, where given, else 0.
DRAM bandwidth: the target's memory.dram.bandwidth_gbs (sustained); fp32
peak: 2 x instructions.fp32.fma.ops_per_clk_per_sm x SMs x clocks.sm_mhz;
both scaled to the row's clocks where it gives them, as the plugin does.
"""

import collections
import concurrent.futures
import os
import shlex
import shutil
import sys
import tempfile
import threading

from . import engine
from . import launch as launchmod
from . import devtable
from . import targetfile, targetflat
from . import tools as toolsmod


class Result:
    """status: 'ok', 'no target', 'compile', 'rejected', 'missing', 'launch'."""

    def __init__(self, status, target=None, reason=None, pred=None):
        self.status = status
        self.target = target
        self.reason = reason
        self.pred = pred          # engine.Prediction
        self.roofline_ns = None
        self.bytes_source = None

    @property
    def ns(self):
        return self.pred.ns if self.pred else None

    def model_ns(self, name):
        return (self.pred.models or {}).get(name) if self.pred else None


class TargetFigures:
    """The roofline's figures of the target files: a card and the
    architecture file it names, read as one (targetflat)."""

    def __init__(self, target_dir):
        self.dir = target_dir
        self.cache = {}

    def get(self, name):
        if name in self.cache:
            return self.cache[name]
        out = None
        path = name if name.endswith('.yaml') else os.path.join(self.dir or '', name + '.yaml')
        try:
            t = targetflat.flat_tree(path, self.dir)
            sms = float(t['sm']['count'])
            mhz = float(t['clocks']['sm_mhz'])
            fma = t['instructions']['fp32.fma'].get('ops_per_clk_per_sm')
            out = {'dram_gbs': float(t['memory']['dram']['bandwidth_gbs']),
                   'mem_mhz': float(t['clocks']['memory_mhz']),
                   'sm_mhz': mhz,
                   'fp32_gflops': 2.0 * float(fma) * sms * mhz / 1000.0 if fma else None,
                   'shared_per_sm': int(t['limits']['shared_per_sm_bytes']),
                   'shared_reserved': int(t['limits'].get(
                       'shared_reserved_per_block_bytes', 0)),
                   'shared_unit': int(t['limits'].get('shared_alloc_unit_bytes', 128))}
        except (OSError, KeyError, TypeError, ValueError, AttributeError) as e:
            # The roofline and the blocks-per-SM carve-out need these; say
            # which target lacks them rather than leave them out silently.
            sys.stderr.write('devset-run: %s: no roofline figures (%s)\n' % (path, e))
        self.cache[name] = out
        return out


def resolve_target(row, catalog):
    for t in row.targets():
        name = catalog.resolve(t)
        if name:
            return name
    return None


def roofline(row, result, figures):
    f = figures.get(result.target)
    if f is None or result.pred is None:
        return None, None
    data_bytes = row.number('bytes')
    if data_bytes is not None:
        b, source = data_bytes, 'data'
    else:
        b = float((result.pred.entry.get('memory') or {}).get('dram_bytes') or 0)
        source = 'report'
    flops = row.number('flops') or 0.0
    # The clocks the row gives scale the peak rates as the plugin scales
    # its own (DRAM with the memory clock, arithmetic with the SM clock).
    dram = f['dram_gbs'] * (row.number('mem_mhz') or f['mem_mhz']) / f['mem_mhz']
    t = b / dram  # bytes / (GB/s) = ns
    if flops and f['fp32_gflops']:
        t = max(t, flops / (f['fp32_gflops'] * (row.number('sm_mhz') or f['sm_mhz'])
                            / f['sm_mhz']))
    # The same launch term as KernelTime's, and the same floor of
    # dispatching the blocks past the launch regression's range.
    t = max(t, float(result.pred.entry.get('dispatch_ns') or 0.0))
    t += float(result.pred.entry.get('launch_ns') or 0.0)
    # The way of timing adds to the roofline what it adds to KernelTime:
    # the same term for events and host, the empty launch as a floor for
    # a batch (docs/kernel-time.md, "Which time").
    if row['time_kind'] == 'batch' and row.number('empty_us'):
        return max(t, row.number('empty_us') * 1e3), source
    return t + float(result.pred.entry.get('timing_ns') or 0.0), source


def _wrapper(row, workdir, index):
    """The file to compile: the source itself, or a wrapper with the row's
    prelude and instantiations around an #include of it."""
    if not row['prelude'] and not row['instantiate']:
        return row['source']
    path = os.path.join(workdir, 'w%d_%s.cu' % (index, os.path.basename(row['source'])
                                                 .replace('.', '_')))
    with open(path, 'w') as f:
        f.write('// utils/devset-run: the kernel source with its prelude and '
                'instantiations\n%s\n#include "%s"\n%s\n'
                % (row['prelude'], os.path.abspath(row['source']), row['instantiate']))
    return path


def group_key(row, target):
    return (row['source'], row['kernel'], row['prelude'], row['instantiate'], row['flags'],
            row['cuda'] or 'auto', row.flag('cold'), target, tuple(row_options(row)))


def row_options(row):
    """The plugin options a row's measurement asks for: its way of timing
    (-ktime-time, with the data's empty launch where given) and the clocks
    the data gives."""
    opts = []
    if row['time_kind'] != 'device' and row.number('empty_us'):
        opts += ['-ktime-time=%s' % row['time_kind'],
                 '-ktime-empty-launch-us=%s' % row['empty_us']]
    for col, option in (('sm_mhz', '-ktime-sm-clock'), ('mem_mhz', '-ktime-mem-clock')):
        if row.number(col):
            opts.append('%s=%s' % (option, row[col]))
    return opts


def predict(rows, make_tools, catalog, jobs=1, plugin_options=(), progress=None,
            target_dir=None, keep=None):
    """[Result] in the order of ROWS. MAKE_TOOLS(cuda) gives a tools.Tools
    for the row's headers (sdk, shim, auto). KEEP: a directory that keeps
    each compile's launches, report and commands (none by default)."""
    results = [None] * len(rows)
    groups = collections.OrderedDict()
    for i, r in enumerate(rows):
        target = resolve_target(r, catalog)
        if target is None:
            results[i] = Result('no target', reason='no KernelTime target for %s (tried %s)'
                                % (r['gpu'], r['target'] or 'none'))
            continue
        groups.setdefault(group_key(r, target), []).append(i)
    tools = make_tools('auto')
    figures = TargetFigures(target_dir or targetfile.default_target_dir(tools.plugin,
                                                                        tools.target_dir))
    if keep:
        os.makedirs(keep, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix='ktime-devset-', dir=keep)
    lock = threading.Lock()
    done = [0]
    total = sum(len(v) for v in groups.values())

    def run_group(n, key, idx):
        (_, kernel, _, _, flags, cuda, cold, target, row_opts) = key
        first = rows[idx[0]]
        source = _wrapper(first, workdir, n)
        configs, by_config = [], {}
        for i in idx:
            r = rows[i]
            try:
                args = {k: _num(v) for k, v in devtable.pairs(r['args'])}
                shmem = r.number('shmem')
                regs = r.number('regs')
                launch = launchmod.Launch(r.grid(), r.block(),
                                          int(shmem) if shmem is not None else None,
                                          int(regs) if regs is not None else None, args)
            except (devtable.TableError, ValueError) as e:
                results[i] = Result('launch', target, str(e))
                continue
            c = engine.Config(len(configs), {}, dict(devtable.pairs(r['defines'])), launch)
            by_config[c.id] = i
            configs.append(c)
        opts = list(plugin_options) + ['-ktime-model=all'] + \
            (['-ktime-cold-cache'] if cold else []) + list(row_opts)
        job = engine.Job(make_tools(cuda), source, kernel, [target], catalog,
                         include_dirs=[os.path.dirname(os.path.abspath(first['source']))],
                         flags=shlex.split(flags), plugin_options=opts, jobs=1, keep=keep)
        try:
            out = job.run(configs) if configs else {}
        except toolsmod.ToolError as e:
            out = {(c.id, target): engine.Failure('compile', str(e)) for c in configs}
        with lock:
            for c in configs:
                i = by_config[c.id]
                p = out.get((c.id, target))
                if isinstance(p, engine.Prediction):
                    res = Result('ok', target, pred=p)
                    res.roofline_ns, res.bytes_source = roofline(rows[i], res, figures)
                else:
                    res = Result(p.kind if p else 'missing', target,
                                 engine.summary_line(p.message) if p else 'no result')
                results[i] = res
            done[0] += len(idx)
            if progress:
                progress.update(done[0], total)

    try:
        with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
            futures = [pool.submit(run_group, n, k, v)
                       for n, (k, v) in enumerate(groups.items())]
            for f in futures:
                f.result()
    finally:
        if not keep:  # the wrappers; each compile removes its own files
            shutil.rmtree(workdir, ignore_errors=True)
    if progress:
        progress.finish()
    return results


def _num(v):
    try:
        f = float(v)
    except ValueError:
        return v
    return int(f) if f == int(f) and 'e' not in v.lower() and '.' not in v else f

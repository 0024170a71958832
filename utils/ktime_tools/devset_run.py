"""utils/devset-run: the development set in one command (docs/accuracy.md).
Reads public data through the adapters (or measurement tables), samples,
predicts every launch with KernelTime and the baselines, prints the
scoreboard."""

import argparse
import collections
import datetime
import os
import random
import shlex
import sys

from . import adapt_gpubench
from . import adapt_gpubench_cache
from . import adapt_gpubench_roofline
from . import adapt_gpubench_small
from . import adapt_gpubench_strides
from . import adapt_gpuperf
from . import adapt_hub
from . import adapt_pmpp
from . import common
from . import devrun
from . import devtable
from . import progress as progressmod
from . import scoreboard
from . import tools as toolsmod
from . import validate


def rrze_rows(root, skipped=None):
    """gpu-benches: gpu-stream's, gpu-roofline's, gpu-strides',
    gpu-small-kernels' and gpu-cache's results."""
    skipped = {} if skipped is None else skipped
    return (adapt_gpubench.rows(root, skipped=skipped)
            + adapt_gpubench_roofline.rows(root, skipped=skipped)
            + adapt_gpubench_strides.rows(root, skipped=skipped)
            + adapt_gpubench_small.rows(root, skipped=skipped)
            + adapt_gpubench_cache.rows(root, skipped=skipped))


ADAPTERS = collections.OrderedDict([
    ('hub', (adapt_hub.rows, 'AutoTuningAssociation/benchmark_hub checkout')),
    ('pmpp', (adapt_pmpp.rows, 'R100001/Programming-Massively-Parallel-Processors checkout')),
    ('rrze', (rrze_rows, 'te42kyfo/gpu-benches (RRZE-HPC/gpu-benches) checkout')),
    ('gpuperf', (adapt_gpuperf.rows, 'marcosamaris/gpuperfpredict checkout')),
])


def parser():
    p = argparse.ArgumentParser(
        prog='devset-run', description='Predict the development set and print the '
        'scoreboard (docs/accuracy.md).')
    p.add_argument('--data', action='append', default=[], metavar='NAME=PATH',
                   help='a data set and its checkout; NAME one of: %s'
                   % ', '.join('%s (%s)' % (k, v[1]) for k, v in ADAPTERS.items()))
    p.add_argument('--table', action='append', default=[], metavar='FILE.csv',
                   help='a measurement table (docs/accuracy.md)')
    p.add_argument('--write-table', metavar='OUT.csv',
                   help='write the rows read (before sampling) and stop')
    p.add_argument('--family', action='append', default=[], help='only these families')
    p.add_argument('--sample', type=int, metavar='N',
                   help='predict a seeded random sample of N launches of each (family, GPU)')
    p.add_argument('--seed', type=int, default=1)
    p.add_argument('--worst', type=int, default=20, help='worst launches to list')
    p.add_argument('--residuals', metavar='OUT.csv', help='every launch with its '
                   'predictions')
    common.add_tool_args(p)
    return p


def load(args, say_err):
    rows = []
    for text in args.data:
        name, sep, path = text.partition('=')
        if not sep or name not in ADAPTERS:
            raise validate.UsageError("--data %s: expected NAME=PATH, NAME one of %s"
                                      % (text, ', '.join(ADAPTERS)))
        if not os.path.isdir(path):
            raise validate.UsageError('--data %s: not a directory (a checkout of the '
                                      'data set)' % text)
        skipped = {}
        got = ADAPTERS[name][0](path, skipped=skipped)
        say_err('devset-run: %s: %d rows' % (name, len(got)))
        for reason, n in sorted(skipped.items()):
            say_err('  left out %d: %s' % (n, reason))
        rows += got
    for path in args.table:
        got = devtable.read_path(path)
        say_err('devset-run: %s: %d rows' % (path, len(got)))
        rows += got
    if args.family:
        wanted = set(common.split_names(args.family))
        known = sorted(set(r['family'] for r in rows))
        unknown = sorted(wanted - set(known))
        if unknown:
            raise validate.UsageError('--family %s: no such family in the data given; '
                                      'its families: %s' % (', '.join(unknown),
                                                            ', '.join(known) or 'none'))
        rows = [r for r in rows if r['family'] in wanted]
    return rows


def sample(rows, n, seed):
    """N rows of each (family, GPU) group, seeded; all of a smaller group.
    Each group draws with its own generator (seeded by SEED, the family and
    the GPU), so that rows added to other groups leave its sample alone."""
    if n is None:
        return rows
    groups = collections.OrderedDict()
    for i, r in enumerate(rows):
        groups.setdefault((r['family'], r['gpu']), []).append(i)
    keep = []
    for (family, gpu), idx in groups.items():
        rng = random.Random('%s/%s/%s' % (seed, family, gpu))
        keep += idx if len(idx) <= n else rng.sample(idx, n)
    return [rows[i] for i in sorted(keep)]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(argv)
    err = lambda s: print(s, file=sys.stderr)  # noqa: E731
    try:
        commit = validate.commit_id()
        rows = load(args, err)
        if args.write_table:
            with open(args.write_table, 'w', newline='') as f:
                devtable.write(f, rows)
            err('devset-run: %d rows written to %s' % (len(rows), args.write_table))
            return 0
        if not rows:
            raise validate.UsageError(
                'no rows: give --data NAME=PATH or --table FILE' if not (args.data or args.table)
                else 'no rows in the data given (the messages above say why)')
        if args.time or args.empty_launch_us is not None:
            raise validate.UsageError(
                '--time and --empty-launch-us: each row gives its own way of timing '
                '(time_kind, empty_us)')
        if args.sample is not None and args.sample < 1:
            raise validate.UsageError('--sample must be at least 1')
        chosen = sample(rows, args.sample, args.seed)
        tools_by = {}

        def make_tools(cuda):
            if cuda not in tools_by:
                args.cuda = cuda if cuda in ('sdk', 'shim', 'auto') else 'auto'
                tools_by[cuda] = common.make_tools(args, args.cuda)
                tools_by[cuda].check()
            return tools_by[cuda]
        catalog = toolsmod.GpuCatalog.from_plugin(make_tools('auto'))
        prog = progressmod.Progress('devset-run')
        results = devrun.predict(chosen, make_tools, catalog, jobs=args.jobs,
                                 plugin_options=common.plugin_options(args), progress=prog,
                                 target_dir=args.target_dir, keep=args.keep_temps)
    except (validate.UsageError, devtable.TableError, toolsmod.ToolError, OSError) as e:
        err('devset-run: error: %s' % e)
        return 2
    sample_text = ('sample %d per (family, GPU), seed %d' % (args.sample, args.seed)
                   if args.sample else 'every row')
    header = ['<!-- utils/devset-run %s; commit %s; %s; %s -->' % (
        ' '.join(shlex.quote(a) for a in argv), commit, sample_text,
        datetime.date.today().isoformat())]
    items = list(zip(chosen, results))
    say_sources(items, err)
    scoreboard.report(items, header, print, worst=args.worst)
    if args.residuals:
        write_residuals(args.residuals, items)
    return 0


def say_sources(items, say_err):
    """How many predictions took the plugin's register estimate (ptxas could
    not assemble for the architecture and the data gave none), and how many
    are estimates (a loop count or a branch side assumed)."""
    done = [x for _, x in items if x.pred is not None]
    regs = collections.Counter(x.pred.regs_source or 'estimate' for x in done)
    if regs:
        say_err('devset-run: registers of %d predictions: %s' % (
            len(done), ', '.join('%s %d' % kv for kv in sorted(regs.items()))))
    assumed = sum(1 for x in done if x.pred.entry.get('estimated'))
    if assumed:
        say_err('devset-run: %d of %d predictions are estimates (a loop count or a '
                'branch side assumed; residuals: column estimated)' % (assumed, len(done)))


def write_residuals(path, items):
    import csv
    with open(path, 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['dataset', 'family', 'variant', 'gpu', 'target', 'problem', 'config',
                    'grid', 'block', 'time_kind', 'circular', 'measured_us', 'status',
                    'kerneltime_us', 'roofline_us', 'mwp_cwp_us', 'bound', 'bytes_source',
                    'regs', 'regs_source', 'estimated', 'reason'])
        for r, x in items:
            us = lambda v: '' if v is None else '%.6g' % (v / 1000.0)  # noqa: E731
            w.writerow([r['dataset'], r['family'], r['variant'], r['gpu'], x.target or '',
                        r['problem'], r['config'], r['grid'], r['block'], r['time_kind'],
                        r['circular'], r['time_us'], x.status, us(x.ns),
                        us(x.roofline_ns), us(x.model_ns('mwp-cwp')),
                        x.pred.bound if x.pred else '', x.bytes_source or '',
                        x.pred.regs if x.pred and x.pred.regs is not None else '',
                        (x.pred.regs_source or 'estimate') if x.pred else '',
                        ' '.join('%s=%s' % kv for kv in sorted(
                            (x.pred.entry.get('estimated') or {}).items())) if x.pred else '',
                        x.reason or ''])

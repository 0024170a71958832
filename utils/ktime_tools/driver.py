"""utils/ktime: predict a CUDA kernel's time for one launch or a sweep of
configurations, rank them, and draw the curve or heat map
(docs/driver.md)."""

import argparse
import collections
import json
import os
import re
import sys

from . import common
from . import configs as configsmod
from . import engine
from . import launch as launchmod
from . import params as paramsmod
from . import plot as plotmod
from . import progress as progressmod
from . import safeexpr
from . import table
from . import tools as toolsmod

USAGE_ERROR = 2


def parser():
    p = argparse.ArgumentParser(
        prog='ktime', description='Predict the time of a CUDA kernel with KernelTime for '
        'one launch or a sweep of configurations (docs/driver.md).',
        epilog='ktime target derive --help: write a target file for a card not listed, '
        'from a listed card of its architecture and its spec sheet (docs/targets.md).')
    p.add_argument('source', metavar='FILE.cu')
    p.add_argument('--kernel', required=True, help='kernel name, unqualified or mangled')
    p.add_argument('--gpu', action='append', required=True,
                   help='GPU target names or aliases, comma-separated or repeated')
    p.add_argument('-D', dest='defines', action='append', default=[], metavar='NAME[=VAL]',
                   help='a fixed preprocessor define (also a name in expressions)')
    g = p.add_argument_group('launch')
    g.add_argument('--launch', metavar='SPEC', help="'[KERNEL:]grid=X[xYxZ],block=X[xYxZ]"
                   "[,shmem=B][,regs=N][,NAME=VALUE...]', {EXPR} replaced by its value")
    g.add_argument('--grid-rule', metavar='RULE', help="'PROBLEM[:DIVISOR][,...]' per axis: "
                   'grid = ceil(PROBLEM / DIVISOR), DIVISOR default block_size_x/y/z')
    g.add_argument('--block', metavar='DIMS', help="'16x16', or expressions 'EXPR[,EXPR"
                   "[,EXPR]]' (default: block_size_x/y/z, 256x1x1 without them)")
    g.add_argument('--shmem', metavar='EXPR', help='dynamic shared memory in bytes')
    g.add_argument('--arg', action='append', default=[], metavar='NAME=EXPR',
                   help='a kernel parameter (source name or argN) and its value')
    s = p.add_argument_group('sweep')
    s.add_argument('--sweep', action='append', default=[], metavar='NAME=v1,v2,...',
                   help='a tunable preprocessor define; values may be LO:HI:STEP or LO:HI:*F')
    s.add_argument('--vary', action='append', default=[], metavar='NAME=v1,v2,...',
                   help='a swept value that is not a define (problem sizes, arguments)')
    s.add_argument('--tune-params', metavar='FILE', help='tunable parameters, restrictions '
                   'and grid rule from a JSON file (KernelTime, Kernel Tuner cache or T1)')
    s.add_argument('--restrict', action='append', default=[], metavar='EXPR',
                   help='a Kernel Tuner restriction over the parameters (repeatable)')
    o = p.add_argument_group('output')
    o.add_argument('--top', type=int, default=10, help='rows of the ranking (0: all)')
    o.add_argument('--group-by', metavar='NAME', help='rank within each value of NAME')
    o.add_argument('--plot', metavar='OUT.svg|OUT.png', help='draw the sweep')
    o.add_argument('--plot-kind', default='auto', choices=['auto', 'curve', 'curves', 'heatmap'])
    o.add_argument('--plot-params', metavar='A[,B]', help='the parameters on the axes')
    o.add_argument('--plot-relative', action='store_true', help='plot time over the best '
                   '(of each curve with --plot-kind curves)')
    o.add_argument('--json', metavar='OUT', help='every prediction as JSON')
    o.add_argument('--quiet', action='store_true', help='no progress line')
    common.add_tool_args(p)
    return p


class UsageError(Exception):
    pass


# The option to use instead of a launch key given with --arg.
ARG_KEYS = {'grid': '--grid-rule', 'block': '--block', 'shmem': '--shmem',
            'regs': '--regs (or regs= in --launch)',
            'spill_stores': 'spill_stores= in --launch',
            'spill_loads': 'spill_loads= in --launch', 'id': 'nothing: ktime sets id='}
assert set(ARG_KEYS) == set(launchmod.RESERVED)


def check_options(args):
    """Option values that are wrong whatever the kernel: UsageError before
    anything is compiled."""
    if args.top < 0:
        raise UsageError('--top %d: give the number of rows (0: all)' % args.top)
    for opt, v in (('--sm-clock', args.sm_clock), ('--mem-clock', args.mem_clock)):
        if v is not None and not v > 0:
            raise UsageError('%s %g: a clock must be positive (MHz)' % (opt, v))
    if args.empty_launch_us is not None:
        if not 0.01 <= args.empty_launch_us <= 100000:
            raise UsageError('--empty-launch-us %r: the time of an empty launch in '
                             'microseconds, 0.01 to 100000' % args.empty_launch_us)
        if args.time in (None, 'device'):
            raise UsageError('--empty-launch-us needs --time events, batch or host: '
                             'device time has no timing overhead to add')
    if args.regs is not None and not 1 <= args.regs <= 255:
        raise UsageError('--regs %d: registers per thread must be 1 to 255' % args.regs)
    # Output paths: a directory to write into, checked now rather than
    # after the sweep.
    for opt, path in (('--json', args.json), ('--plot', args.plot)):
        if path is None:
            continue
        if os.path.isdir(path):
            raise UsageError('%s %s: is a directory' % (opt, path))
        d = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(d):
            raise UsageError('%s %s: no directory %s' % (opt, path, d))
        if not os.access(d, os.W_OK | os.X_OK) or \
                (os.path.exists(path) and not os.access(path, os.W_OK)):
            raise UsageError('%s %s: not writable' % (opt, path))
    if args.keep_temps:
        try:
            os.makedirs(args.keep_temps, exist_ok=True)
        except OSError as e:
            raise UsageError('--keep-temps %s: cannot make the directory: %s'
                             % (args.keep_temps, e.strerror))
        if not os.access(args.keep_temps, os.W_OK | os.X_OK):
            raise UsageError('--keep-temps %s: not writable' % args.keep_temps)


def build_space(args):
    # The file's restrictions may use --sweep and --vary parameters:
    # expand() checks them once all are known.
    space = paramsmod.load_tune_params(args.tune_params, check=False) \
        if args.tune_params else paramsmod.SearchSpace()
    define_names = set(space.params)
    for text in args.sweep:
        name, values = paramsmod.parse_sweep(text)
        space.add(name, values, '--sweep')
        define_names.add(name)
    for text in args.vary:
        name, values = paramsmod.parse_sweep(text)
        space.add(name, values, '--vary')
    space.restrictions += args.restrict
    return space, define_names


def build_rule(args, space):
    block = None
    if args.block:
        if all(ch.isdigit() or ch == 'x' for ch in args.block.strip()):
            block = list(launchmod.parse_dims(args.block, '--block'))
        else:
            block = [b.strip() for b in launchmod.split_top(args.block)]
            if len(block) > 3:
                raise UsageError("--block '%s': at most 3 dimensions" % args.block)
    kargs = collections.OrderedDict()
    for text in args.arg:
        name, sep, expr = text.partition('=')
        if not sep or not name.strip() or not expr.strip():
            raise UsageError("--arg '%s': expected NAME=EXPR" % text)
        if name.strip() in ARG_KEYS:
            raise UsageError("--arg '%s': %s is not a kernel parameter; use %s"
                             % (text, name.strip(), ARG_KEYS[name.strip()]))
        kargs[name.strip()] = expr.strip()
    if args.launch:
        if args.grid_rule or block or args.shmem or kargs:
            raise UsageError('--launch gives the whole launch; it does not combine with '
                             '--grid-rule, --block, --shmem or --arg')
        return configsmod.LaunchRule(template=args.launch, kernel=args.kernel)
    if args.grid_rule:
        rule = launchmod.parse_grid_rule(args.grid_rule)
    elif space.problem_size is not None:
        rule = launchmod.GridRule(space.problem_size, space.grid_div, space.block_size_names)
    else:
        raise UsageError('give --launch SPEC, or a grid rule (--grid-rule, or a '
                         '--tune-params file with problem_size)')
    return configsmod.LaunchRule(grid_rule=rule, block_exprs=block, shmem=args.shmem,
                                 args=kargs, block_names=space.block_size_names,
                                 kernel=args.kernel)


def plot_params(args, space, configs):
    plotmod.check_path(args.plot)
    if args.plot_params:
        names = common.split_names([args.plot_params])
        if not 1 <= len(names) <= 2:
            raise UsageError('--plot-params takes one or two names, got %d (%s)'
                             % (len(names), args.plot_params))
        if len(set(names)) != len(names):
            raise UsageError('--plot-params %s: a parameter is given twice'
                             % args.plot_params)
        for n in names:
            if n not in space.params:
                raise UsageError("--plot-params: '%s' is not a parameter" % n)
    else:
        names = [n for n in space.params
                 if len({repr(c.params[n]) for c in configs}) > 1]
        if args.group_by and args.group_by in names:
            names.remove(args.group_by)
            names.append(args.group_by)
    if not 1 <= len(names) <= 2:
        raise UsageError('--plot: %d parameters vary (%s); choose one or two with '
                         '--plot-params' % (len(names), ', '.join(names) or 'none'))
    kind = args.plot_kind
    if kind == 'auto':
        kind = 'curve' if len(names) == 1 else ('curves' if args.group_by else 'heatmap')
    if (kind == 'curve') != (len(names) == 1):
        raise UsageError('--plot-kind %s needs %s parameter(s), got %s'
                         % (kind, '1' if kind == 'curve' else '2', ', '.join(names)))
    return kind, names


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    # `ktime target derive ...` (docs/targets.md): a command of its own; a
    # source file named 'target' is still the driver's.
    if argv[:1] == ['target'] and not os.path.isfile('target'):
        from . import targetcmd
        return targetcmd.main(argv[1:])
    args = parser().parse_args(argv)
    try:
        return run(args)
    except (UsageError, paramsmod.ParamError, launchmod.LaunchError,
            safeexpr.ExprError, toolsmod.ToolError, plotmod.PlotError) as e:
        print('ktime: error: %s' % e, file=sys.stderr)
        return USAGE_ERROR


def run(args):
    if not os.path.exists(args.source):
        raise UsageError('%s: no such file' % args.source)
    check_options(args)
    tools = common.make_tools(args)
    tools.check()
    catalog = toolsmod.GpuCatalog.from_plugin(tools)
    gpus = []
    for name in common.split_names(args.gpu):
        target = catalog.resolve(name)
        if target is None:
            raise UsageError("unknown GPU '%s'; known: %s" % (name, catalog.known()))
        if target not in gpus:
            gpus.append(target)
    if not gpus:
        raise UsageError('--gpu names no GPU; known: %s' % catalog.known())
    fixed = dict(paramsmod.parse_define(d) for d in args.defines)
    space, define_names = build_space(args)
    for name in fixed:
        if name in space.params:
            raise UsageError('%s is both a -D define and a swept parameter' % name)
    rule = build_rule(args, space)
    builder = configsmod.ConfigBuilder(args.source, rule, fixed, args.include_dirs,
                                       space.block_size_names)
    # -D defines are names in restrictions too (numbers where they parse).
    fixed_names = {k: paramsmod.parse_scalar(v) if v.strip() else v
                   for k, v in fixed.items()}
    values = space.expand(fixed=fixed_names) if space.params \
        else [collections.OrderedDict()]
    if not values:
        raise UsageError('the restrictions leave no configuration')
    if args.group_by and args.group_by not in space.params:
        raise UsageError("--group-by: '%s' is not a parameter" % args.group_by)
    configs, invalid = [], []
    for i, v in enumerate(values):
        d = {k: x for k, x in v.items() if k in define_names}
        o = {k: x for k, x in v.items() if k not in define_names}
        try:
            configs.append(builder.build(i, d, o))
        except launchmod.LaunchError as e:
            invalid.append((dict(v), str(e), i))
    if not configs:
        raise UsageError('no configuration has a valid launch: %s' % invalid[0][1])
    if (args.plot_relative or args.plot_params) and not args.plot:
        raise UsageError('--plot-relative and --plot-params need --plot')
    plot_kind = plot_params(args, space, configs) if args.plot else None
    prog = progressmod.Progress('ktime', enabled=False if args.quiet else None)
    job = engine.Job(tools, args.source, args.kernel, gpus, catalog, arch=args.arch,
                     include_dirs=args.include_dirs, flags=args.flags,
                     plugin_options=common.plugin_options(args), jobs=args.jobs,
                     keep=args.keep_temps, progress=prog)
    results = job.run(configs)
    check_kernel(args, results)
    names = list(space.params)
    dump, empty, output_failed = [], [], False
    for gpu in gpus:
        predicted = [(c, results[(c.id, gpu)]) for c in configs
                     if isinstance(results[(c.id, gpu)], engine.Prediction)]
        failed = [(c, results[(c.id, gpu)]) for c in configs
                  if isinstance(results[(c.id, gpu)], engine.Failure)]
        predicted.sort(key=lambda cp: (cp[1].ns, cp[0].index))
        print_gpu(args, gpu, names, configs, predicted, failed, invalid)
        if not predicted:
            empty.append(gpu)
        # Every configuration in sweep order, those without a launch too.
        rows = [(c.index, as_json(c, gpu, args.kernel, results[(c.id, gpu)]))
                for c in configs]
        rows += [(i, {'params': p, 'gpu': gpu, 'failure': 'launch', 'message': msg})
                 for p, msg, i in invalid]
        dump += [row for _, row in sorted(rows, key=lambda r: r[0])]
        if args.plot and predicted:
            kind, pnames = plot_kind
            path = args.plot
            if len(gpus) > 1:
                root, ext = os.path.splitext(args.plot)
                path = '%s-%s%s' % (root, gpu, ext)
            title = '%s on %s' % (args.kernel, gpu)
            try:
                plotmod.draw(path, kind, pnames, [(c.params, p.ns) for c, p in predicted],
                             title, relative=args.plot_relative)
                print('plot: %s (%s of %s)' % (path, kind, ', '.join(pnames)))
            except plotmod.PlotError as e:
                # The rest of the output still comes; the exit status says.
                print('ktime: error: %s' % e, file=sys.stderr)
                output_failed = True
    t = job.timings
    print('compiles: %d for %d configuration(s) x %d GPU(s), %.1f s wall, %.0f ms per '
          'configuration (--jobs %d; registers from %s)'
          % (t['groups'], len(configs), len(gpus), t['wall_s'],
             1000 * t['wall_s'] / len(configs), job.jobs, registers_from(args, job, results)))
    if empty and len(empty) < len(gpus):
        print('note: nothing predicted on %s' % ', '.join(empty))
    if args.json:
        try:
            with open(args.json, 'w') as f:
                json.dump({'kernel': args.kernel, 'source': args.source, 'gpus': gpus,
                           'timings': t, 'results': dump}, f, indent=1)
        except OSError as e:
            print('ktime: error: cannot write --json %s: %s' % (args.json, e.strerror),
                  file=sys.stderr)
            output_failed = True
    # 0 when some GPU has a prediction; 1 when none has, or an output
    # (--plot, --json) could not be written.
    return 1 if output_failed or len(empty) == len(gpus) else 0


def check_kernel(args, results):
    """UsageError when the plugin says the module has no such kernel (its
    message lists the kernels)."""
    for r in results.values():
        if isinstance(r, engine.Failure) and engine.NO_KERNEL in (r.message or ''):
            m = re.search(r'\(kernels: (.*)\)', r.message)
            raise UsageError('kernel %s not found in %s%s' % (
                args.kernel, args.source, ' (kernels: %s)' % m.group(1) if m else ''))


def registers_from(args, job, results):
    """Where the predictions' registers came from, for the summary line."""
    sources = collections.Counter(r.regs_source for r in results.values()
                                  if isinstance(r, engine.Prediction))
    if sources and set(sources) == {'spec'}:
        return 'the launch spec (regs=)'
    out = 'nvcc' if job.tools.nvcc else 'ptxas' if job.use_ptxas else (
        '--regs' if args.regs is not None else 'the plugin estimate')
    if sources['spec']:
        out += ', the launch spec (regs=) for %d prediction(s)' % sources['spec']
    for source, what in (('ptxas', 'ptxas'), ('estimate', 'the plugin estimate')):
        fallback = sum(1 for r in results.values() if isinstance(r, engine.Prediction)
                       and r.note and r.regs_source == source)
        if fallback:
            out += ', %s for %d prediction(s) (note above)' % (what, fallback)
    return out


def print_gpu(args, gpu, names, configs, predicted, failed, invalid):
    print('%s on %s: %d configuration(s), %d predicted' % (
        args.kernel, gpu, len(configs) + len(invalid), len(predicted)))
    if predicted:
        print(table.ranking(predicted, names, args.top))
        c, p = predicted[0]
        desc = ', '.join('%s=%s' % (k, table.fmt_value(v)) for k, v in c.params.items())
        print('best: %s%sgrid %s, block %s: %s' % (
            desc, ', ' if desc else '', 'x'.join(map(str, c.launch.grid)),
            'x'.join(map(str, c.launch.block)), table.fmt_time(p.ns)))
        notes = {(p.regs_source, p.note) for _, p in predicted if p.note}
        for source, n in sorted(notes):
            what = 'the plugin estimate' if source == 'estimate' else \
                "ptxas's of clang's PTX"
            print('note: registers are %s where %s' % (what, n))
        assumed = sorted({'%s=%g' % kv for _, p in predicted
                          for kv in p.estimated.items()})
        if assumed:
            print('note: ~ marks an estimate: loop counts the code does not give '
                  'were assumed (%s); give the real ones as SYMBOL=N in the launch'
                  % ', '.join(assumed))
    if args.group_by and predicted:
        best = collections.OrderedDict()
        for c, p in predicted:
            best.setdefault(c.params[args.group_by], (c, p))
        for v, (c, p) in sorted(best.items(), key=lambda kv: _sortable(kv[0])):
            others = ', '.join('%s=%s' % (k, table.fmt_value(x)) for k, x in c.params.items()
                               if k != args.group_by)
            print('best for %s=%s: %s, block %s: %s' % (
                args.group_by, table.fmt_value(v), others,
                'x'.join(map(str, c.launch.block)), table.fmt_time(p.ns)))
    by_kind = collections.OrderedDict()
    for c, f in failed:
        by_kind.setdefault(f.kind, []).append((c, f))
    for kind, items in by_kind.items():
        what = {'compile': 'did not compile', 'rejected': 'not predicted by the plugin',
                'missing': 'missing from the report'}[kind]
        print('%d configuration(s) %s; first: %s: %s' % (
            len(items), what, _params_text(items[0][0].params),
            items[0][1].summary()))
    if invalid:
        print('%d configuration(s) without a valid launch; first: %s: %s'
              % (len(invalid), _params_text(invalid[0][0]), invalid[0][1]))


def _sortable(v):
    return (0, v, '') if isinstance(v, (int, float)) else (1, 0, str(v))


def _params_text(params):
    return ', '.join('%s=%s' % (k, table.fmt_value(v)) for k, v in params.items()) or '(none)'


def as_json(c, gpu, kernel, r):
    # The spec as the plugin got it (the registers and spills ktime added),
    # without the id; as the launch gives it where nothing was written.
    out = {'params': c.params, 'gpu': gpu, 'spec': r.spec or c.launch.spec(kernel),
           'defines': c.defines}
    if isinstance(r, engine.Prediction):
        out.update({'predicted_ns': r.ns,
                    'launch_ns': r.entry.get('launch_ns'), 'exec_ns': r.entry.get('exec_ns'),
                    'timing_ns': r.entry.get('timing_ns', 0.0),
                    'occupancy': r.occupancy, 'bound': r.bound,
                    'regs': r.regs, 'regs_source': r.regs_source, 'spills': r.spills,
                    'models': r.models, 'estimated': r.estimated})
    else:
        out.update({'failure': r.kind, 'message': r.message})
    return out

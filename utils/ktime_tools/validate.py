"""utils/validate: KernelTime's predictions against the measured times of
Kernel Tuner cache files (docs/accuracy.md)."""

import argparse
import collections
import datetime
import json
import os
import random
import shlex
import subprocess
import sys

from . import common
from . import configs as configsmod
from . import devset
from . import engine
from . import kcache
from . import launch as launchmod
from . import metrics
from . import params as paramsmod
from . import progress as progressmod
from . import safeexpr
from . import source as sourcemod
from . import tools as toolsmod

USAGE_ERROR = 2


def parser():
    p = argparse.ArgumentParser(
        prog='validate', description="Compare KernelTime's predictions with the measured "
        'times of Kernel Tuner cache files (docs/accuracy.md).')
    k = p.add_argument_group('kernel')
    k.add_argument('--hub', metavar='DIR', help='a benchmark_hub checkout (paths of --desc '
                   'are relative to it)')
    k.add_argument('--desc', metavar='NAME|FILE', help='a kernel description '
                   '(utils/devset/NAME.json)')
    k.add_argument('--source', metavar='FILE.cu', help='the kernel source (without --desc)')
    k.add_argument('--kernel', help="the kernel's name; every cache's kernel_name must match")
    k.add_argument('--grid-rule', metavar='RULE', help="'PROBLEM[:DIVISOR][,...]' (without "
                   '--desc, or to replace its rule)')
    k.add_argument('--tune-params', metavar='FILE', help='problem size and grid divisors '
                   'from a tune-params file')
    k.add_argument('-D', dest='defines', action='append', default=[], metavar='NAME[=VAL]')
    k.add_argument('--arg', action='append', default=[], metavar='NAME=EXPR',
                   help='a scalar kernel argument for every launch (adds to --desc)')
    c = p.add_argument_group('caches')
    c.add_argument('--cache', action='append', default=[], metavar='[GPU=]FILE',
                   help='a Kernel Tuner cache (.json or .json.gz) and its GPU target; one '
                   "per GPU (it replaces the description's cache of that GPU)")
    c.add_argument('--gpu', action='append', default=[], help="with --desc: which of its "
                   "caches (default all); with one --cache FILE: that cache's GPU")
    c.add_argument('--filter', action='append', default=[], metavar='EXPR',
                   help="compare only configurations for which EXPR (a restriction over "
                   "the parameters) holds; adds to the description's cache_filter")
    c.add_argument('--sample', type=int, metavar='N', help='predict a random sample of N '
                   'configurations of each cache (of those with a valid time)')
    c.add_argument('--seed', type=int, default=1, help='the sample seed (default 1)')
    o = p.add_argument_group('output')
    o.add_argument('--json', metavar='OUT', help="the summary as JSON ('-': stdout, and "
                   'the report to stderr)')
    o.add_argument('--write-cache', metavar='OUT', help='the predictions of every '
                   'configuration as a Kernel Tuner cache ({gpu} in the name for several '
                   'caches; not with --sample; a .gz name writes gzip, which Kernel Tuner '
                   'cannot read)')
    o.add_argument('--residuals', metavar='OUT.csv', help='per configuration: measured, '
                   'predicted, APE, bound, occupancy, parameters')
    o.add_argument('--failures', type=int, default=10, metavar='N',
                   help='list at most N configurations not predicted (default 10)')
    o.add_argument('--quiet', action='store_true', help='no progress line')
    common.add_tool_args(p)
    return p


class UsageError(Exception):
    pass


class Refused(Exception):
    """A cache that cannot be used; the run goes on with the others."""


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return run(args, argv if argv is not None else sys.argv[1:])
    except (UsageError, devset.DescError, paramsmod.ParamError, launchmod.LaunchError,
            safeexpr.ExprError, toolsmod.ToolError) as e:
        print('validate: error: %s' % e, file=sys.stderr)
        return USAGE_ERROR


def commit_id():
    root = toolsmod.layout.SOURCE_TREE
    if not root:
        return 'installed'
    try:
        head = subprocess.run(['git', '-C', root, 'rev-parse', '--short', 'HEAD'],
                              capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(['git', '-C', root, 'status', '--porcelain', '--untracked-files=no'],
                               capture_output=True, text=True).stdout.strip()
    except OSError:
        return 'unknown'
    return (head + ('-dirty' if dirty else '')) if head else 'unknown'


def kernel_setup(args):
    """(name, source, kernel, include_dirs, flags, cuda, rule, caches{gpu: path})."""
    desc = devset.load(args.desc, args.hub) if args.desc else None
    if desc is None and not (args.source and args.kernel):
        raise UsageError('give --desc NAME, or --source FILE.cu and --kernel K')
    source = args.source or desc.source
    kernel = args.kernel or desc.kernel
    if desc and args.kernel and args.kernel != desc.kernel:
        raise UsageError('--kernel %s, but %s describes kernel %s'
                         % (args.kernel, desc.path, desc.kernel))
    if not os.path.exists(source):
        raise UsageError('%s: no such file (the kernel source)' % source)
    space = paramsmod.SearchSpace()
    if args.tune_params:
        space = paramsmod.load_tune_params(args.tune_params)
    elif desc:
        space = paramsmod.load_tune_params(desc.path)
    if args.grid_rule:
        rule = launchmod.parse_grid_rule(args.grid_rule)
    elif space.problem_size is not None:
        rule = launchmod.GridRule(space.problem_size, space.grid_div, space.block_size_names)
    else:
        raise UsageError('no grid rule: give --grid-rule, --tune-params or --desc')
    caches = collections.OrderedDict()
    wanted = common.split_names(args.gpu)
    if desc:
        for gpu, path in desc.caches.items():
            if not wanted or gpu in wanted:
                caches[gpu] = path
        unknown = [g for g in wanted if g not in desc.caches]
        if unknown and not args.cache:
            raise UsageError('%s has no cache for %s (it has: %s)' % (
                desc.path, ', '.join(unknown), ', '.join(desc.caches)))
    given = {}  # GPU -> the --cache that named it
    for text in args.cache:
        gpu, sep, path = text.partition('=')
        if not sep:
            path = text
            if len(wanted) != 1:
                raise UsageError("--cache %s: name its GPU (--cache GPU=FILE) or give one "
                                 "--gpu" % text)
            gpu = wanted[0]
        # A --cache replaces the description's cache of its GPU; a second
        # --cache of the same GPU would silently replace the first.
        if gpu in given:
            raise UsageError('--cache %s and --cache %s: two caches for GPU %s; give one '
                             '(or name different targets)' % (given[gpu], text, gpu))
        given[gpu] = text
        caches[gpu] = path
    if not caches:
        raise UsageError('no cache to validate against (--cache, or --desc with caches)')
    name = desc.name if desc else os.path.splitext(os.path.basename(source))[0]
    include_dirs = (desc.include_dirs if desc else []) + args.include_dirs
    flags = (desc.flags if desc else []) + args.flags
    cuda = args.cuda if args.cuda != 'auto' or not desc else desc.cuda
    kargs = dict(desc.kernel_args) if desc else {}
    for text in args.arg:
        k, sep, v = text.partition('=')
        if not sep or not k.strip() or not v.strip():
            raise UsageError("--arg '%s': expected NAME=EXPR" % text)
        kargs[k.strip()] = v.strip()
    filters = (desc.cache_filter if desc else []) + args.filter
    for f in filters:
        safeexpr.parse(f)
    return (name, source, kernel, include_dirs, flags, cuda, rule, caches,
            desc.device_names if desc else {}, space.block_size_names, kargs, filters)


def run(args, argv):
    # The commit when the run starts: a long run must not record a commit
    # made while it ran.
    commit = commit_id()
    (name, source, kernel, include_dirs, flags, cuda, rule, caches, device_names,
     block_names, kargs, filters) = kernel_setup(args)
    if args.sample is not None and args.sample < 1:
        raise UsageError('--sample must be at least 1')
    if args.write_cache and args.sample is not None:
        raise UsageError("--write-cache with --sample: Kernel Tuner's simulation mode needs "
                         'every configuration of the cache, the written cache would hold '
                         'only the sample; drop --sample')
    if args.write_cache and len(caches) > 1 and '{gpu}' not in args.write_cache:
        raise UsageError('--write-cache: several caches; put {gpu} in the file name')
    tools = common.make_tools(args, cuda)
    tools.check()
    catalog = toolsmod.GpuCatalog.from_plugin(tools)
    fixed = dict(paramsmod.parse_define(d) for d in args.defines)

    # With --json - the JSON alone goes to stdout, the report to stderr.
    out = sys.stderr if args.json == '-' else sys.stdout
    builder = configsmod.ConfigBuilder(source, configsmod.LaunchRule(
        grid_rule=rule, block_names=block_names, args=kargs, kernel=kernel), fixed, include_dirs,
        block_names)
    # What a parameter can change: the compiled code (a name in the source)
    # or the launch (block size, grid rule, kernel arguments).
    used = builder.used | launch_names(rule, block_names, kargs)

    # Read every cache; refuse the ones that cannot be used.
    usable, refused = [], []
    for gpu, path in caches.items():
        try:
            u = open_cache(gpu, path, kernel, catalog, device_names, filters, rule)
        except Refused as e:
            refused.append({'gpu': gpu, 'path': path, 'reason': str(e)})
            print('validate: %s' % e, file=sys.stderr)
            continue
        u['unused_params'] = unused = [k for k in u['cache'].keys if k not in used]
        if unused:
            one = len(unused) == 1
            print('validate: warning: %s: %s %s %s used neither in %s nor by the launch: '
                  'configurations that differ only in %s compile the same code and get the '
                  'same prediction' % (path, 'parameter' if one else 'parameters',
                                       ', '.join(unused), 'is' if one else 'are', source,
                                       'it' if one else 'them'), file=sys.stderr)
        usable.append(u)
    summary = {
        'kernel': kernel, 'name': name, 'source': source, 'commit': commit,
        'plugin': tools.plugin,
        'command': 'utils/validate ' + ' '.join(shlex.quote(a) for a in argv),
        'date': datetime.date.today().isoformat(),
        'sample': {'size': args.sample, 'seed': args.seed if args.sample else None},
        'timings': {}, 'caches': [], 'refused': refused,
    }
    if not usable:
        print_refused_only(refused, out)
        # The JSON still says what was refused and why.
        write_json(args.json, summary)
        return 1

    # Choose the configurations of each cache and build them once. A
    # configuration is its parameter values (kcache.param_id), not its key
    # text: two caches may write the same key for different values (other
    # tune_params_keys orders), or different keys for the same values.
    configs, by_id, invalid_launch = [], {}, {}
    for u in usable:
        u['chosen'] = choose(u, args.sample, args.seed, bool(args.write_cache))
        for key in u['chosen']:
            cid = u['cache'].param_id(key)
            if cid in by_id or cid in invalid_launch:
                continue
            try:
                c = builder.build(len(configs), u['cache'].params_of(key), key=key)
            except launchmod.LaunchError as e:
                invalid_launch[cid] = str(e)
                continue
            by_id[cid] = c
            configs.append(c)
    gpus = list(dict.fromkeys(u['target'] for u in usable))
    prog = progressmod.Progress('validate', enabled=False if args.quiet else None)
    job = engine.Job(tools, source, kernel, gpus, catalog, arch=args.arch,
                     include_dirs=include_dirs, flags=flags,
                     plugin_options=common.plugin_options(args), jobs=args.jobs,
                     keep=args.keep_temps, progress=prog)
    results = job.run(configs) if configs else {}

    summary['timings'] = job.timings
    residual_rows = []
    for u in usable:
        summary['caches'].append(evaluate(u, by_id, invalid_launch, results, args,
                                          residual_rows))
    print_report(summary, args, out)
    write_json(args.json, summary)
    if args.residuals:
        write_residuals(args.residuals, residual_rows)
    # 1 also when a cache had nothing to compare (every time invalid, or
    # nothing predicted): its metrics are empty.
    nothing = any(c['compared'] == 0 for c in summary['caches'])
    return 1 if refused or nothing else 0


def write_json(path, summary):
    """The summary as JSON to PATH ('-': stdout); nothing without a path."""
    if not path:
        return
    text = json.dumps(summary, indent=1, default=str)
    if path == '-':
        print(text)
    else:
        with open(path, 'w') as f:
            f.write(text + '\n')


def launch_names(rule, block_names, kargs):
    """The names the launch of a configuration reads: the block-size names
    and every identifier in the grid rule and the kernel arguments."""
    names = set(launchmod.block_size_names(block_names))
    items = list(rule.problem) + list(kargs.values())
    for div in rule.divisors:
        items += div if isinstance(div, (list, tuple)) else [div]
    for item in items:
        if item is not None:
            names.update(sourcemod.IDENT.findall(str(item)))
    return names


def plain_sizes(values, evaluate):
    """VALUES (a problem size: a number or a list) as a list of integers;
    None when one is not a plain integer (an expression over the
    parameters, ...). EVALUATE: strings are expressions to evaluate without
    parameters."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    out = []
    for v in values:
        if isinstance(v, str) and evaluate:
            try:
                v = safeexpr.value_or_expr(v, {})
            except (safeexpr.ExprError, ArithmeticError, ValueError, TypeError):
                return None
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != int(v):
            return None
        out.append(int(v))
    return out


def same_size(a, b):
    """Whether two problem sizes are equal, trailing 1s not counting."""
    def strip(v):
        v = list(v)
        while v and v[-1] == 1:
            v.pop()
        return v
    return strip(a) == strip(b)


def check_problem_size(path, cache, rule):
    """Refuse a cache measured for another problem size than the grid
    rule's (compared only where both are plain integers)."""
    if 'problem_size' not in cache.data:
        return
    theirs = plain_sizes(cache.data['problem_size'], evaluate=False)
    ours = plain_sizes(rule.problem, evaluate=True)
    if theirs is None or ours is None or same_size(theirs, ours):
        return
    raise Refused("%s: measured for problem_size %s, the grid rule's problem size is %s"
                  % (path, json.dumps(cache.data['problem_size']), ours))


def open_cache(gpu, path, kernel, catalog, device_names, filters=(), rule=None):
    target = catalog.resolve(gpu)
    if target is None:
        raise Refused("%s: GPU '%s' has no KernelTime target (known: %s); add one to "
                      "gpu-targets/ or name a target with --cache TARGET=FILE"
                      % (path, gpu, catalog.known()))
    try:
        cache = kcache.load(path)
    except kcache.CacheError as e:
        raise Refused(str(e))
    if cache.kernel_name != kernel:
        raise Refused("%s: a cache of kernel '%s', not of '%s'"
                      % (path, cache.kernel_name, kernel))
    expected = device_names.get(gpu)
    if expected and cache.device_name != expected:
        raise Refused("%s: measured on '%s', the description expects '%s'"
                      % (path, cache.device_name, expected))
    if rule is not None:
        check_problem_size(path, cache, rule)
    valid, skipped = collections.OrderedDict(), collections.Counter()
    with_times = disagree = 0
    for key, entry in cache.entries.items():
        if not cache.key_matches(key):
            t, reason = None, 'key does not match its parameters'
        else:
            t, reason = kcache.measured_time(entry)
        if reason is None and filters:
            try:
                ok = all(paramsmod.restriction_accepts(f, cache.params_of(key))
                         for f in filters)
            except safeexpr.ExprError as e:
                raise Refused('%s: filter: %s' % (path, e))
            if not ok:
                reason = 'outside the filter'
        if reason is None:
            valid[key] = t
            off = kcache.times_disagree(entry, t)
            if off is not None:
                with_times += 1
                disagree += off
        else:
            skipped[reason] += 1
    return {'gpu': gpu, 'target': target, 'path': path, 'cache': cache, 'valid': valid,
            'skipped': skipped,
            'time_vs_times': {'with_times': with_times, 'disagree': disagree,
                              'tolerance': kcache.TIMES_TOLERANCE}}


def choose(u, sample, seed, everything):
    """The keys to predict: a seeded sample of the valid ones, or all valid
    ones; with --write-cache (never with --sample) every key (the written
    cache must be whole)."""
    keys = list(u['valid'])
    if sample is not None and sample < len(keys):
        keys = sorted(random.Random(seed).sample(keys, sample), key=list(u['valid']).index)
    u['compared'] = keys
    # A sample larger than the valid configurations: all are compared.
    u['sample_exceeds_valid'] = sample is not None and sample > len(u['valid'])
    if everything:
        return list(u['cache'].entries)
    return keys


def evaluate(u, by_id, invalid_launch, results, args, residual_rows):
    target = u['target']
    cache = u['cache']
    pairs, failed = [], collections.OrderedDict()
    for key in u['compared']:
        cid = cache.param_id(key)
        if cid in invalid_launch:
            failed.setdefault('launch', []).append((key, invalid_launch[cid]))
            continue
        r = results[(by_id[cid].id, target)]
        if isinstance(r, engine.Failure):
            failed.setdefault(r.kind, []).append((key, r.message))
            continue
        pairs.append((key, u['valid'][key], r))
    meas = [m for _, m, _ in pairs]
    pred = [r.ns / 1e6 for _, _, r in pairs]
    out = {
        'gpu': u['gpu'], 'target': target, 'path': u['path'],
        'device_name': u['cache'].device_name, 'configurations': len(u['cache'].entries),
        'valid': len(u['valid']), 'skipped': dict(u['skipped']),
        'time_vs_times': u['time_vs_times'], 'unclosed': cache.unclosed,
        'unused_params': u['unused_params'],
        'sample_exceeds_valid': u['sample_exceeds_valid'],
        'compared': len(pairs), 'not_predicted': {k: len(v) for k, v in failed.items()},
        'not_predicted_keys': {k: [key for key, _ in v] for k, v in failed.items()},
        'first_failures': {k: v[:args.failures] for k, v in failed.items()},
        'metrics': metrics.summary(pred, meas),
    }
    if pairs:
        out['baselines'] = {'random': metrics.random_baseline(meas)}
        occ = [r.occupancy for _, _, r in pairs]
        if all(isinstance(o, (int, float)) for o in occ):
            threads = [by_id[cache.param_id(k)].launch.threads() for k, _, _ in pairs]
            out['baselines']['occupancy'] = metrics.occupancy_baseline(occ, threads, meas)
        # Every configuration that shares the least prediction, and the
        # mean of their measured times (what the regret takes); 'key' is
        # the first of them.
        best = metrics.argmin_all(pred)
        out['predicted_best'] = {'key': pairs[best[0]][0],
                                 'keys': [pairs[i][0] for i in best],
                                 'predicted_ms': pred[best[0]],
                                 'measured_ms': sum(meas[i] for i in best) / len(best)}
        out['measured_best'] = {'key': pairs[meas.index(min(meas))][0], 'measured_ms': min(meas)}
        models = collections.OrderedDict()
        for name in pairs[0][2].models:
            vals = [r.models.get(name) for _, _, r in pairs]
            if all(isinstance(v, (int, float)) for v in vals):
                models[name] = metrics.summary([v / 1e6 for v in vals], meas)
        if models:
            out['models'] = models
        bounds = collections.Counter(r.bound for _, _, r in pairs)
        out['bounds'] = dict(bounds)
        regs = collections.Counter(r.regs_source for _, _, r in pairs)
        out['regs_sources'] = dict(regs)
    for key, m, r in pairs:
        residual_rows.append((u['gpu'], key, m, r.ns / 1e6, r, by_id[cache.param_id(key)]))
    if args.write_cache:
        path = args.write_cache.replace('{gpu}', u['gpu'])
        write_prediction_cache(path, u, by_id, results)
        out['written_cache'] = path
    return out


def write_prediction_cache(path, u, by_id, results):
    """Every chosen configuration with its predicted time in ms; a
    configuration KernelTime could not predict keeps Kernel Tuner's marker
    of the reason. compile_time is what predicting it cost (its share of its
    compile); benchmark_time and verification_time are 0."""
    cache = u['cache']
    entries = collections.OrderedDict()
    for key in u['chosen']:
        e = collections.OrderedDict((k, cache.entries[key][k]) for k in cache.keys)
        c = by_id.get(cache.param_id(key))
        r = results.get((c.id, u['target'])) if c else None
        if isinstance(r, engine.Prediction):
            e['time'] = r.ns / 1e6
            e['times'] = [r.ns / 1e6]
        elif r is not None and r.kind == 'compile':
            e['time'] = 'CompilationFailedConfig'
        else:
            e['time'] = 'RuntimeFailedConfig'
        e['compile_time'] = 1000.0 * (c.seconds or 0.0) if c else 0.0
        e['verification_time'] = 0
        e['benchmark_time'] = 0
        e['strategy_time'] = 0
        e['framework_time'] = 0
        entries[key] = e
    kcache.write(path, cache.data, entries,
                 device_name='KernelTime prediction for %s' % cache.device_name)


def write_residuals(path, rows):
    import csv
    with open(path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['gpu', 'key', 'measured_ms', 'predicted_ms', 'ape', 'bound',
                    'occupancy', 'regs', 'regs_source', 'grid', 'block'])
        for gpu, key, m, p, r, c in rows:
            w.writerow([gpu, key, '%.6g' % m, '%.6g' % p, '%.2f' % (100 * abs(p - m) / m),
                        r.bound, r.occupancy, r.regs, r.regs_source,
                        'x'.join(map(str, c.launch.grid)), 'x'.join(map(str, c.launch.block))])


def _pct(v):
    return '-' if v is None else '%.1f %%' % v


def _num(v, digits=2):
    return '-' if v is None else '%.*f' % (digits, v)


def _yes(v):
    return '-' if v is None else ('yes' if v else 'no')


HEADER = ('| kernel | GPU | method | configs | skipped | not predicted | median APE | MAPE '
          '| Spearman | Kendall | regret | top-5 |')


def table_rows(s, c):
    """The markdown rows of one cache: KernelTime (and each model under
    --model all), then the two baselines."""
    rows = []
    m = c['metrics']
    skipped = sum(c['skipped'].values())
    notp = sum(c['not_predicted'].values())
    head = '| %s | %s |' % (s['name'], c['target'])

    def row(method, m):
        return '%s %s | %d | %d | %d | %s | %s | %s | %s | %s | %s |' % (
            head, method, m.get('n', 0), skipped, notp, _pct(m.get('median_ape')),
            _pct(m.get('mape')), _num(m.get('spearman')), _num(m.get('kendall')),
            _num(m.get('regret'), 3), _yes(m.get('top5')))
    rows.append(row('KernelTime', m))
    for name, mm in c.get('models', {}).items():
        rows.append(row('KernelTime %s' % name, mm))
    b = c.get('baselines', {})
    if 'random' in b:
        rows.append('%s median random | %d | %d | %d | - | - | - | - | %s | - |' % (
            head, b['random']['n'], skipped, notp, _num(b['random']['regret'], 3)))
    if 'occupancy' in b:
        o = b['occupancy']
        rows.append('%s max occupancy | %d | %d | %d | - | - | %s | %s | %s | %s |' % (
            head, o['n'], skipped, notp, _num(o['spearman']), _num(o['kendall']),
            _num(o['regret'], 3), _yes(o['top5'])))
    return rows


def print_report(s, args, out=None):
    """The human report: the comment line, the table, then per cache what
    was skipped, what was not predicted, and notes; OUT (stdout by default;
    stderr with --json -)."""
    def say(text):
        print(text, file=out or sys.stdout)
    sample = ('sample %d per cache, seed %d' % (args.sample, args.seed)) if args.sample \
        else 'every configuration'
    default_plugin = toolsmod.layout.PLUGIN
    plugin = '' if os.path.abspath(s.get('plugin') or default_plugin) == \
        os.path.abspath(default_plugin) else '; plugin %s' % s['plugin']
    say('<!-- %s; commit %s%s; %s; %s -->' % (s['command'], s['commit'], plugin, sample,
                                            s['date']))
    say(HEADER)
    say('|' + '---|' * 12)
    for c in s['caches']:
        for r in table_rows(s, c):
            say(r)
    for c in s['caches']:
        if c['unclosed']:
            say('%s: not closed (an interrupted Kernel Tuner run?); read as if closed, %d '
                'configurations' % (c['path'], c['configurations']))
        if c['skipped']:
            say('%s: %d of %d configurations skipped: %s' % (
                c['path'], sum(c['skipped'].values()), c['configurations'],
                ', '.join('%d %s' % (n, r) for r, n in sorted(c['skipped'].items()))))
        if c['sample_exceeds_valid']:
            say('%s: %d valid configurations, fewer than the sample (%d): all compared'
                % (c['path'], c['valid'], args.sample))
        tv = c['time_vs_times']
        if tv['disagree']:
            say('%s: in %d of %d valid configurations with "times", "time" is more than '
                '%d %% from their mean (Kernel Tuner writes it as that mean; the file mixes '
                'measurements); the table compares "time"' % (
                    c['path'], tv['disagree'], tv['with_times'], round(tv['tolerance'] * 100)))
        for kind, items in c['first_failures'].items():
            what = {'compile': 'did not compile', 'rejected': 'were not predicted by the '
                    'plugin', 'missing': 'are missing from the report',
                    'launch': 'have no valid launch'}[kind]
            say('%s on %s: %d configuration(s) %s:' % (s['name'], c['target'],
                                                    c['not_predicted'][kind], what))
            for key, msg in items:
                say('  %s: %s' % (key, engine.summary_line(msg)))
        if c['compared'] == 0:
            say('%s: no configuration compared' % c['path'])
        if 'written_cache' in c:
            say('predictions written to %s' % c['written_cache'])
            if c['written_cache'].endswith('.gz'):
                say('note: Kernel Tuner reads plain JSON only: gunzip %s before simulation '
                    'mode' % c['written_cache'])
    for r in s['refused']:
        say('refused: %s' % r['reason'])
    t = s['timings']
    if t:
        say('compiles: %d for %d configuration(s), %.1f s wall (--jobs %d)' % (
            t['groups'], t['configs'], t['wall_s'], args.jobs))


def print_refused_only(refused, out=None):
    for r in refused:
        print('refused: %s' % r['reason'], file=out or sys.stdout)

"""The development set's scoreboard (docs/accuracy.md): from the table's
rows and their predictions, markdown tables per (family, GPU), per sweep,
pooled, per GPU and the worst launches, for KernelTime and the two
baselines (roofline, MWP-CWP) on the same launches.

ratio = predicted / measured; APE = 100 |ratio - 1|. A sweep is the
launches of one family, GPU and problem size, five or more configurations
predicted; a configuration measured more than once is one point of its
sweep, at the median of its measurements (CONFIG_KEY).
Rows marked circular are left out of the pooled, per-GPU and per-family
figures and counted apart.
"""

import collections
import math

from . import devtable
from . import metrics

METHODS = (('KernelTime', lambda r: r.ns), ('roofline', lambda r: r.roofline_ns),
           ('MWP-CWP', lambda r: r.model_ns('mwp-cwp')))


def _pct(v):
    return '-' if v is None else '%.1f %%' % v


def _f(v, d=2):
    return '-' if v is None else '%.*f' % (d, v)


def pairs(items, method):
    """[(measured_ns, predicted_ns)] of the ITEMS (row, result) that METHOD
    predicted."""
    get = dict(METHODS)[method]
    out = []
    for row, res in items:
        if res.status != 'ok':
            continue
        p = get(res)
        if isinstance(p, (int, float)) and p > 0:
            out.append((row.time_us() * 1000.0, float(p)))
    return out


# What makes two launches of a sweep the same configuration: the same
# compile, launch and conditions of measurement. One launch measured twice
# (a data set that times it in two of its benchmarks) is one configuration
# of the sweep, not two.
CONFIG_KEY = ('dataset', 'source', 'kernel', 'prelude', 'instantiate', 'defines',
              'flags', 'variant', 'config', 'grid', 'block', 'shmem', 'args',
              'blocks_per_sm', 'regs', 'sm_mhz', 'mem_mhz', 'time_kind', 'cold')


def configuration_pairs(items, method):
    """[(measured_ns, predicted_ns)] of ITEMS [(row, result)] with one pair
    per configuration (CONFIG_KEY): its measured and predicted times the
    medians over the launches of that configuration METHOD predicted."""
    groups = collections.OrderedDict()
    for row, res in items:
        groups.setdefault(tuple(row.get(k, '') for k in CONFIG_KEY), []).append((row, res))
    out = []
    for sub in groups.values():
        pp = pairs(sub, method)
        if pp:
            out.append((metrics.median([m for m, _ in pp]), metrics.median([p for _, p in pp])))
    return out


def figures(pp):
    """n, median APE, median ratio, Spearman, share within [0.67, 1.5]."""
    if not pp:
        return {'n': 0}
    meas = [m for m, _ in pp]
    pred = [p for _, p in pp]
    ratio = [p / m for m, p in pp]
    return {'n': len(pp), 'median_ape': metrics.median(metrics.ape(pred, meas)),
            'median_ratio': metrics.median(ratio),
            'spearman': metrics.spearman(pred, meas) if len(pp) >= 3 else None,
            'within': 100.0 * sum(1 for r in ratio if 0.67 <= r <= 1.5) / len(ratio)}


def report(items, header_lines, say, worst=20):
    """Print the scoreboard of ITEMS [(row, result)] with SAY."""
    for h in header_lines:
        say(h)
    fair = [(r, x) for r, x in items if not r.flag('circular')]
    circular = [(r, x) for r, x in items if r.flag('circular')]

    # Coverage.
    say('')
    say('### Rows')
    say('')
    say('| data set | GPU | target | rows | predicted | no target | not predicted |')
    say('|---|---|---|---|---|---|---|')
    cov = collections.OrderedDict()
    for r, x in items:
        c = cov.setdefault((r['dataset'], r['gpu']), collections.Counter())
        c['rows'] += 1
        c[x.status] += 1
        c.setdefault('target:' + (x.target or '-'), 1)
    for (ds, gpu), c in sorted(cov.items()):
        target = next((k[7:] for k in c if k.startswith('target:') and k != 'target:-'), '-')
        say('| %s | %s | %s | %d | %d | %d | %d |' % (
            ds, gpu, target, c['rows'], c['ok'], c['no target'],
            c['rows'] - c['ok'] - c['no target']))
    n_target = sum(1 for _, x in items if x.status == 'no target')
    say('')
    say('%d launches, %d predicted, %d with no target, %d not predicted; %d circular '
        '(left out below).' % (len(items), sum(1 for _, x in items if x.status == 'ok'),
                                n_target, sum(1 for _, x in items
                                              if x.status not in ('ok', 'no target')),
                                len(circular)))

    # Pooled.
    say('')
    say('### Pooled')
    say('')
    say('| launches | method | predicted | median APE | median pred/meas | within [0.67, 1.5] '
        '| Spearman |')
    say('|---|---|---|---|---|---|---|')
    groups = [('all', fair)]
    for kind in devtable.KINDS:
        sub = [(r, x) for r, x in fair if r['time_kind'] == kind]
        if sub:
            groups.append(('%s time' % kind, sub))
    if circular:
        groups.append(('circular only', circular))
    for label, sub in groups:
        for m, _ in METHODS:
            f = figures(pairs(sub, m))
            say('| %s | %s | %d | %s | %s | %s | %s |' % (
                label, m, f['n'], _pct(f.get('median_ape')), _f(f.get('median_ratio')),
                _pct(f.get('within')), _f(f.get('spearman'))))

    # Per GPU.
    say('')
    say('### Per GPU (median APE)')
    say('')
    say('| GPU | launches | KernelTime | roofline | MWP-CWP |')
    say('|---|---|---|---|---|')
    by_gpu = collections.OrderedDict()
    for r, x in fair:
        if x.status == 'ok':
            by_gpu.setdefault(x.target, []).append((r, x))
    for g in sorted(by_gpu):
        f = [figures(pairs(by_gpu[g], m)) for m, _ in METHODS]
        say('| %s | %d | %s | %s | %s |' % (g, f[0]['n'], _pct(f[0].get('median_ape')),
                                          _pct(f[1].get('median_ape')),
                                          _pct(f[2].get('median_ape'))))

    # Per family and GPU.
    say('')
    say('### Per family and GPU')
    say('')
    say('| family | GPU | time | launches | predicted | median APE | median pred/meas | Spearman '
        '| roofline APE | MWP-CWP APE |')
    say('|---|---|---|---|---|---|---|---|---|---|')
    fam = collections.OrderedDict()
    for r, x in fair:
        fam.setdefault((r['family'], x.target or r['gpu']), []).append((r, x))
    for (family, gpu), sub in sorted(fam.items()):
        k = figures(pairs(sub, 'KernelTime'))
        if k['n'] == 0:
            continue
        rf = figures(pairs(sub, 'roofline'))
        mw = figures(pairs(sub, 'MWP-CWP'))
        kinds = '/'.join(sorted(set(r['time_kind'] for r, _ in sub)))
        say('| %s | %s | %s | %d | %d | %s | %s | %s | %s | %s |' % (
            family, gpu, kinds, len(sub), k['n'], _pct(k.get('median_ape')),
            _f(k.get('median_ratio')), _f(k.get('spearman')), _pct(rf.get('median_ape')),
            _pct(mw.get('median_ape'))))
    families = sorted(set(f for f, _ in fam))
    say('')
    say('Per family, all GPUs:')
    say('')
    say('| family | predicted | median APE | median pred/meas | roofline APE | MWP-CWP APE |')
    say('|---|---|---|---|---|---|')
    for family in families:
        sub = [(r, x) for r, x in fair if r['family'] == family]
        k = figures(pairs(sub, 'KernelTime'))
        if k['n'] == 0:
            continue
        say('| %s | %d | %s | %s | %s | %s |' % (
            family, k['n'], _pct(k.get('median_ape')), _f(k.get('median_ratio')),
            _pct(figures(pairs(sub, 'roofline')).get('median_ape')),
            _pct(figures(pairs(sub, 'MWP-CWP')).get('median_ape'))))

    # Sweeps.
    sweeps = collections.OrderedDict()
    for r, x in fair:
        if x.status == 'ok':
            sweeps.setdefault((r['family'], x.target, r['problem']), []).append((r, x))
    rows = []
    for key, sub in sweeps.items():
        per_method = [configuration_pairs(sub, m) for m, _ in METHODS]
        if len(per_method[0]) < 5:
            continue
        rows.append((key, len(per_method[0]), *[figures(pp).get('spearman')
                                                  for pp in per_method]))
    say('')
    say('### Sweeps (one family, GPU and problem size, >= 5 configurations)')
    say('')
    sp = [s for _, _, s, _, _ in rows if s is not None]
    say('%d sweeps; KernelTime Spearman median %s, %d of %d >= 0.7.'
        % (len(rows), _f(metrics.median(sp)), sum(1 for s in sp if s >= 0.7), len(sp)))
    say('')
    say('| family | GPU | problem | configurations | Spearman | roofline | MWP-CWP |')
    say('|---|---|---|---|---|---|---|')
    for (family, gpu, problem), n, s, rs, ms in sorted(rows, key=lambda t: (t[2] is None,
                                                                            t[2] or 0))[:30]:
        say('| %s | %s | %s | %d | %s | %s | %s |' % (family, gpu, problem, n, _f(s),
                                                     _f(rs), _f(ms)))
    if len(rows) > 30:
        say('')
        say('(the 30 sweeps of lowest Spearman; %d in all)' % len(rows))

    # Worst launches.
    ok = [(r, x) for r, x in fair if x.status == 'ok' and x.ns]
    ok.sort(key=lambda t: -abs(math.log(t[1].ns / (t[0].time_us() * 1000.0))))
    say('')
    say('### The %d worst launches (KernelTime)' % min(worst, len(ok)))
    say('')
    say('| family | variant | GPU | problem | config | grid | block | measured us | predicted us '
        '| pred/meas | bound |')
    say('|---|---|---|---|---|---|---|---|---|---|---|')
    for r, x in ok[:worst]:
        m = r.time_us()
        say('| %s | %s | %s | %s | %s | %s | %s | %.4g | %.4g | %.3g | %s |' % (
            r['family'], r['variant'], x.target, r['problem'], r['config'][:30], r['grid'],
            r['block'], m, x.ns / 1000.0, x.ns / 1000.0 / m, x.pred.bound))

    # Not predicted.
    fails = collections.Counter((x.status, (x.reason or '')[:160]) for _, x in items
                                if x.status not in ('ok', 'no target'))
    nt = collections.Counter(r['gpu'] for r, x in items if x.status == 'no target')
    if nt:
        say('')
        say('No target: ' + ', '.join('%s %d' % (g, n) for g, n in sorted(nt.items())))
    if fails:
        say('')
        say('Not predicted:')
        for (status, reason), n in fails.most_common(15):
            say('- %d %s: %s' % (n, status, reason))

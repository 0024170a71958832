"""The figures of bench/corpus.py: counts of files and kernels by outcome,
the reasons for kernels without a prediction (the report's messages with
names and numbers taken out, so that like groups with like), and the
median, 90th percentile and maximum of the per-file times, as a dictionary
and as Markdown.
"""

import math
import re
import statistics

FILE_STATUS = [('no-compile', 'failed to compile without the plugin (not counted below)'),
               ('ok', 'compiled with the plugin, PTX identical'),
               ('ptx-diff', 'PTX differs with the plugin'),
               ('crash', 'crashed with the plugin'),
               ('plugin-error', 'failed with the plugin (no crash)'),
               ('plugin-timeout', 'timed out with the plugin'),
               ('not-checked', 'not checked (this script failed on it)')]
KERNEL_OUTCOME = [('exact', 'predicted exactly (`estimate: false`)'),
                  ('branches', 'predicted with every loop count known, a branch on '
                   'data assumed taken by every lane (`estimate: true`, `taken.*` only)'),
                  ('estimate', 'predicted with a loop count assumed (`estimate: true`)'),
                  ('none', 'not predicted')]


def reason(message):
    """MESSAGE without the spec, the GPU and the names and numbers that
    differ from kernel to kernel: "no value for 'trip.*' (a loop count)",
    "launch spec rejected: occupancy: N bytes of shared memory..."."""
    m = re.search(r"no prediction for launch '.*?' on [\w.-]+: (.*)$", message, re.S)
    text = (m.group(1) if m else message).strip()
    if text.startswith('no value for '):
        head = text.split(' in ', 1)[0]
        syms = re.findall(r"'([^']+)'", head) or head.split()[3:4]
        kinds = sorted({symbol_kind(x) for x in syms})
        return 'no value for ' + ' and '.join(kinds)
    text = re.sub(r' on [\w.-]+:', ':', text)
    text = re.sub(r"'[^']*'", "'…'", text)
    return re.sub(r'\b\d+(\.\d+)?\b', 'N', text)[:160]


def loop_reason(why):
    """Why a loop's count is unknown (the plugin's words), without its
    bound, names and numbers."""
    why = re.sub(r' \(it runs at most .*? times\)', '', why)
    why = re.sub(r'%[\w.]+', '%x', why)
    why = re.sub(r"'[^']*'", "'…'", why)
    return re.sub(r'\b\d+(\.\d+)?\b', 'N', why)[:160]


def grouped(records, kernel_reasons):
    """{reason: {'kernels': n, 'files': [...]}}, KERNEL_REASONS giving each
    kernel's reasons (a kernel counts once per reason)."""
    out = {}
    for r in records:
        for k in r['kernels']:
            for text in sorted(set(kernel_reasons(k))):
                g = out.setdefault(text, {'kernels': 0, 'files': []})
                g['kernels'] += 1
                if r['file'] not in g['files']:
                    g['files'].append(r['file'])
    return out


def symbol_kind(sym):
    """The kind of a model symbol (docs/expressions.md) a launch left free."""
    for prefix, kind in (('trip.', "'trip.*' (a loop count)"),
                         ('iter.', "'iter.*' (a loop's iteration number)")):
        if sym.startswith(prefix):
            return kind
    if re.fullmatch(r'arg\d+', sym) or '.' not in sym:
        return 'a kernel parameter'
    if re.fullmatch(r'arg\d+((\.field\d+)|(\[\d+\]))+', sym):
        return 'a field of a struct parameter'
    return "a device function's value ('f.x')"


def stats(values):
    """median, p90 (nearest rank) and max of VALUES, or None without any."""
    v = sorted(x for x in values if x is not None)
    if not v:
        return None
    return {'median': statistics.median(v), 'p90': v[max(0, math.ceil(0.9 * len(v)) - 1)],
            'max': v[-1], 'n': len(v)}


def summarise(records):
    files = {k: sum(1 for r in records if r['status'] == k) for k, _ in FILE_STATUS}
    kernels = [k for r in records for k in r['kernels']]
    outcome = {k: sum(1 for x in kernels if x['outcome'] == k) for k, _ in KERNEL_OUTCOME}
    reasons = grouped(records, lambda k: [reason(k['reason'])] if k['outcome'] == 'none' else [])
    estimated = grouped(records, lambda k: [loop_reason(w) for w in k.get('why_unknown', [])])
    timed = [r for r in records if r.get('plugin_s') is not None]
    return {'files': len(records), 'by_status': files, 'kernels': len(kernels),
            'by_outcome': outcome, 'reasons': reasons, 'estimated': estimated,
            'pass_share': stats(r['pass_share'] for r in timed),
            'ratio': stats(r['ratio'] for r in timed),
            'plugin_s': stats(r['plugin_s'] for r in timed),
            'base_s': stats(r['base_s'] for r in timed)}


def _fmt(st, unit):
    if not st:
        return '| – | – | – |'
    return '| %s | %s | %s |' % tuple(unit % st[k] for k in ('median', 'p90', 'max'))


def _reason_table(title, groups):
    if not groups:
        return []
    out = ['', '| %s | kernels | files (first 3) |' % title, '| --- | --- | --- |']
    for text, g in sorted(groups.items(), key=lambda x: (-x[1]['kernels'], x[0])):
        out.append('| %s | %d | %s |' % (text.replace('|', '\\|'), g['kernels'],
                                         ', '.join(g['files'][:3])))
    return out


def markdown(s, records, in_collection, tail):
    out = ['### Files', '',
           'Sample: %d of the %d files.' % (s['files'], in_collection), '',
           '| files | count |', '| --- | --- |']
    out += ['| %s | %d |' % (text, s['by_status'][k]) for k, text in FILE_STATUS]
    out += ['', '### Kernels (one generic launch each)', '', '| kernels | count |',
            '| --- | --- |', '| in the files compiled with the plugin | %d |' % s['kernels']]
    out += ['| %s | %d |' % (text, s['by_outcome'][k]) for k, text in KERNEL_OUTCOME]
    out += _reason_table('why not predicted', s['reasons'])
    out += _reason_table('why a loop count was assumed (estimates)', s['estimated'])
    out += ['', '### Compile time', '',
            'Per file, under `-ftime-report` (user + system seconds); the ratio is the '
            'compile with the plugin, remarks and launches over the compile without it.', '',
            '| per file | median | p90 | max |', '| --- | --- | --- | --- |',
            '| KernelTimePass / whole compile (%) ' + _fmt(s['pass_share'], '%.1f'),
            '| compile with plugin / without ' + _fmt(s['ratio'], '%.2f'),
            '| compile without the plugin (s) ' + _fmt(s['base_s'], '%.2f'),
            '| compile with the plugin (s) ' + _fmt(s['plugin_s'], '%.2f')]
    timed = [r for r in records if r.get('plugin_s') is not None]
    if timed and tail > 0:
        out += ['', '| slowest files (by ratio) | without (s) | with (s) | ratio | pass (s) '
                '| pass share (%) |', '| --- | --- | --- | --- | --- | --- |']
        worst = sorted(timed, key=lambda r: -(r['ratio'] or 0))[:tail]
        worst += [r for r in sorted(timed, key=lambda r: -(r['pass_share'] or 0))[:tail]
                  if r not in worst]
        for r in worst:
            out.append('| %s | %.2f | %.2f | %.2f | %.2f | %.1f |' % (
                r['file'], r['base_s'], r['plugin_s'], r['ratio'] or 0, r['pass_s'],
                r['pass_share'] or 0))
    bad = [r for r in records if r['status'] in ('crash', 'ptx-diff', 'plugin-error',
                                                  'plugin-timeout', 'not-checked')]
    if bad:
        out += ['', '### Problems with the plugin', '']
        for r in bad:
            out.append('- `%s`: %s%s' % (r['file'], r['status'],
                                         ' (%s)' % r['error'] if r.get('error') else ''))
            if r.get('command'):
                out.append('  `%s`' % r['command'])
    failed = [r for r in records if r['status'] == 'no-compile']
    if failed:
        out += ['', '### Files that do not compile without the plugin', '']
        out += ['- `%s`: %s' % (r['file'], r['error']) for r in failed]
    return '\n'.join(out)

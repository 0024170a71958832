"""Plain-text tables: the ranking ktime prints, and time formatting."""


def fmt_time(ns):
    """1234.5 -> '1.23 us'; three significant digits, ns/us/ms/s."""
    if ns is None:
        return '-'
    for unit, scale in (('s', 1e9), ('ms', 1e6), ('us', 1e3)):
        if ns >= scale:
            return '%s %s' % (_sig(ns / scale), unit)
    return '%s ns' % _sig(ns)


def _sig(v):
    if v >= 100:
        return '%.0f' % v
    if v >= 10:
        return '%.1f' % v
    return '%.2f' % v


def fmt_regs(p):
    if p.regs is None:
        return '-'
    text = '%s %s' % (p.regs, p.regs_source or '')
    if p.spills:
        text += ', %d B spill' % p.spills
    return text.strip()


def fmt_value(v):
    if isinstance(v, float):
        return '%g' % v
    return str(v)


def render(header, rows, right=()):
    """Columns padded to their widest cell; RIGHT: indices right-aligned."""
    widths = [len(h) for h in header]
    for r in rows:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))
    out = []
    for r in [header] + rows:
        cells = [c.rjust(widths[i]) if i in right else c.ljust(widths[i])
                 for i, c in enumerate(r)]
        out.append('  '.join(cells).rstrip())
    return '\n'.join(out)


def ranking(entries, param_names, top):
    """entries: [(config, Prediction)] sorted best first."""
    header = ['rank'] + list(param_names) + ['grid', 'block', 'regs', 'time', 'bound',
                                             'occupancy']
    rows = []
    shown = entries if not top else entries[:top]
    for i, (c, p) in enumerate(shown, 1):
        occ = '-' if p.occupancy is None else '%.2f' % p.occupancy
        rows.append([str(i)] + [fmt_value(c.params.get(n, '')) for n in param_names] +
                    ['x'.join(map(str, c.launch.grid)), 'x'.join(map(str, c.launch.block)),
                     fmt_regs(p), ('~' if p.estimated else '') + fmt_time(p.ns),
                     str(p.bound or '-'), occ])
    right = {0} | {len(param_names) + 4}
    return render(header, rows, right)

"""Images of a sweep, drawn by gnuplot (Debian package gnuplot-nox).

  curve    one parameter: predicted time against its values (for each
           value, the best time over the other parameters);
  curves   two parameters: one curve per value of the second, each against
           the first (a log time axis when the times span more than 20x);
  heatmap  two parameters: a cell per value pair coloured by the best time
           over the other parameters; the best cell is marked.
The output format follows the file name: .svg (gnuplot's svg terminal) or
.png (pngcairo, else png). Numeric parameters are placed by value on curves
and taken in increasing order (a curve joins its points from left to right;
the rows arrive ranked, not in parameter order), heat-map axes are the values
in order, evenly spaced.
"""

import os
import shutil
import subprocess
import tempfile


class PlotError(Exception):
    pass


def _terminal(path):
    ext = os.path.splitext(path)[1].lower()
    if ext == '.svg':
        return ["set terminal svg size 900,560 dynamic font 'sans,12'"]
    if ext == '.png':
        return ["set terminal pngcairo size 900,560 font 'sans,11'",
                "set terminal png size 900,560"]
    raise PlotError("%s: the image must end in .svg or .png" % path)


def check_path(path):
    """PlotError unless PATH names an image format this module writes."""
    _terminal(path)


def _q(text):
    return '"%s"' % str(text).replace('\\', '\\\\').replace('"', '\\"')


def _numeric(values):
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _unit(times_ns):
    best = min(times_ns)
    if best >= 1e6:
        return 1e6, 'ms'
    if best >= 1e3:
        return 1e3, 'us'
    return 1.0, 'ns'


# Point types of the curves (filled circle, square, triangles, diamond):
# gnuplot cycles 8 colours, so with 5 point shapes the first 40 curves all
# differ.
_POINTS = (7, 5, 9, 11, 13)


def _ordered(values):
    """The distinct VALUES: increasing when numeric, else first-seen."""
    out = list(dict.fromkeys(values))
    return sorted(out) if _numeric(out) else out


def best_by(rows, keys):
    """rows: (dict of parameter values, time_ns) -> {tuple of KEYS values:
    the least time}, keeping first-seen order."""
    out = {}
    for params, t in rows:
        k = tuple(params[n] for n in keys)
        if k not in out or t < out[k]:
            out[k] = t
    return out


def _xaxis(xs):
    """Tics at the values; a log2 axis for positive values spanning 16x."""
    if not _numeric(xs):
        return []
    out = []
    if min(xs) > 0 and max(xs) / min(xs) >= 16:
        out.append('set logscale x 2')
    if len(xs) <= 24:
        out.append('set xtics (%s)' % ', '.join('%s %s' % (_q(x), x) for x in xs))
    return out


def _relative(kind, best):
    """BEST divided by the least time of its curve (kind 'curves': the
    values sharing the second parameter), else by the least time of all."""
    if kind == 'curves':
        low = {}
        for (x, y), t in best.items():
            low[y] = min(t, low.get(y, t))
        return {(x, y): t / low[y] for (x, y), t in best.items()}
    least = min(best.values())
    return {k: t / least for k, t in best.items()}


def script(path, kind, names, rows, title, relative=False):
    """The gnuplot script and data text for KIND over parameters NAMES;
    RELATIVE plots times over the best (of each curve for 'curves')."""
    best = best_by(rows, names)
    if not best:
        raise PlotError('nothing to plot: no configuration was predicted')
    others = [n for n in (rows[0][0] if rows else {}) if n not in names and
              len({repr(p[n]) for p, _ in rows}) > 1]
    if others:
        title += ' (best over %s)' % ', '.join(others)
    if relative and best:
        best = _relative(kind, best)
        scale, label = 1.0, ('predicted time / best of its curve' if kind == 'curves'
                             else 'predicted time / best')
    else:
        scale, unit = _unit(list(best.values()))
        label = 'predicted time (%s)' % unit
    lines = ['set title %s noenhanced' % _q(title), 'set grid',
             'set key outside right noenhanced']
    data = []
    if kind == 'curve':
        xs = _ordered(k[0] for k in best)
        num = _numeric(xs)
        for i, x in enumerate(xs):
            data.append('%s %g %s' % (x if num else i, best[(x,)] / scale, _q(x)))
        lines += _xaxis(xs) + ['set xlabel %s noenhanced' % _q(names[0]),
                                'set ylabel %s' % _q(label), 'unset key']
        using = '1:2' if num else '1:2:xtic(3)'
        lines.append("plot $data using %s with linespoints pt 7 lw 2" % using)
        data = ['$data << EOD'] + data + ['EOD']
    elif kind == 'curves':
        xs = _ordered(k[0] for k in best)
        ys = _ordered(k[1] for k in best)
        num = _numeric(xs)
        times = list(best.values())
        if max(times) / max(min(times), 1e-30) > 20:
            lines.append('set logscale y')
        plots = []
        for j, y in enumerate(ys):
            data.append('$d%d << EOD' % j)
            for i, x in enumerate(xs):
                if (x, y) in best:
                    data.append('%s %g %s' % (x if num else i, best[(x, y)] / scale, _q(x)))
            data.append('EOD')
            using = '1:2' if num else '1:2:xtic(3)'
            plots.append('$d%d using %s with linespoints pt %d lw 2 title %s'
                         % (j, using, _POINTS[j % len(_POINTS)], _q('%s=%s' % (names[1], y))))
        lines += _xaxis(xs) + ['set xlabel %s noenhanced' % _q(names[0]),
                                'set ylabel %s' % _q(label),
                                'plot ' + ', '.join(plots)]
    elif kind == 'heatmap':
        xs = _ordered(k[0] for k in best)
        ys = _ordered(k[1] for k in best)
        (bx, by), _ = min(best.items(), key=lambda kv: kv[1])
        data.append('$data << EOD')
        for (x, y), t in best.items():
            data.append('%d %d %g' % (xs.index(x), ys.index(y), t / scale))
        data += ['EOD', '$best << EOD', '%d %d' % (xs.index(bx), ys.index(by)), 'EOD']
        times = list(best.values())
        lines += ['set xlabel %s noenhanced' % _q(names[0]),
                  'set ylabel %s noenhanced' % _q(names[1]),
                  'set cblabel %s' % _q(label),
                  'set xtics (%s)' % ', '.join('%s %d' % (_q(x), i) for i, x in enumerate(xs)),
                  'set ytics (%s)' % ', '.join('%s %d' % (_q(y), i) for i, y in enumerate(ys)),
                  'set xrange [-0.5:%g]' % (len(xs) - 0.5),
                  'set yrange [-0.5:%g]' % (len(ys) - 0.5),
                  'set palette rgb 33,13,10', 'unset grid', 'set key below']
        if max(times) / max(min(times), 1e-30) > 20:
            lines.append('set logscale cb')
        lines.append("plot $data using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 "
                     "noborder lc palette notitle, $best using 1:2 with points pt 6 ps 2.5 "
                     "lw 2 lc rgb 'white' title 'best'")
    else:
        raise PlotError("unknown plot kind '%s'" % kind)
    return data, lines


def draw(path, kind, names, rows, title, gnuplot=None, relative=False):
    """Write the image PATH; PlotError when gnuplot is missing or fails."""
    gnuplot = gnuplot or shutil.which('gnuplot')
    if not gnuplot:
        raise PlotError('gnuplot not found (Debian: apt-get install gnuplot-nox, '
                        'or bash utils/install-deps.sh)')
    data, lines = script(path, kind, names, rows, title, relative)
    last = None
    for term in _terminal(path):
        text = '\n'.join(data + [term, 'set output %s' % _q(os.path.abspath(path))]
                         + lines + ['unset output']) + '\n'
        with tempfile.NamedTemporaryFile('w', suffix='.gp', delete=False) as f:
            f.write(text)
        try:
            res = subprocess.run([gnuplot, f.name], capture_output=True, text=True)
        finally:
            os.unlink(f.name)
        if res.returncode == 0 and os.path.exists(path) and os.path.getsize(path) > 0:
            return
        last = res.stderr.strip()
    raise PlotError('gnuplot failed for %s: %s' % (path, last))

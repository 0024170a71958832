"""The launch-overhead fit of a target file's `launch:` section
(docs/targets.md, "launch"): time = intercept + slope(b) x gridSize cycles,
b = threads per block / 32, slope(b) = slope_b2 b^2 + slope_b1 b + slope_b0.

From the kit's `launch` records (device time of an empty kernel per grid
and block size):
  1. per block size, a straight line t(g) = a_b + s_b g by least squares
     weighted by 1 / t^2 (relative errors, so the small grids, microseconds,
     count as much as the large ones, milliseconds);
  2. intercept = the mean of a_b over block sizes (as AMALi's fit);
  3. slope(b) = the least-squares quadratic through (b, s_b).
Times are converted to cycles at the target's clock (cycles = us x MHz), so
the fit gives the measured microseconds at clocks.sm_mhz."""


def _solve(a, b):
    """Solves the small dense system a x = b (Gaussian elimination with
    partial pivoting)."""
    n = len(b)
    m = [list(row) + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-300:
            raise ValueError("singular system")
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def weighted_line(xs, ys, ws):
    """(intercept, slope) minimising sum w (a + s x - y)^2."""
    sw = sum(ws)
    sx = sum(w * x for w, x in zip(ws, xs))
    sy = sum(w * y for w, y in zip(ws, ys))
    sxx = sum(w * x * x for w, x in zip(ws, xs))
    sxy = sum(w * x * y for w, x, y in zip(ws, xs, ys))
    return tuple(_solve([[sw, sx], [sx, sxx]], [sy, sxy]))


def quadratic(xs, ys):
    """(c2, c1, c0) of the least-squares c2 x^2 + c1 x + c0; a line or a
    constant when there are fewer than three points."""
    n = len(xs)
    deg = min(2, n - 1)
    a = [[sum(x ** (i + j) for x in xs) for j in range(deg + 1)]
         for i in range(deg + 1)]
    b = [sum(y * x ** i for x, y in zip(xs, ys)) for i in range(deg + 1)]
    c = _solve(a, b)  # c0, c1, c2
    c += [0.0] * (3 - len(c))
    return c[2], c[1], c[0]


def launch_fit(points, mhz):
    """POINTS: (grid, block threads, microseconds). Returns a dict of the
    `launch:` fields, the per-block lines and the largest relative error of
    the final form over the points."""
    by_block = {}
    for g, b, us in points:
        by_block.setdefault(b, []).append((g, us * mhz))
    lines = {}
    for b, pts in sorted(by_block.items()):
        if len(pts) < 2:
            raise ValueError("block size %d: fewer than two grid sizes" % b)
        xs = [float(g) for g, _ in pts]
        ys = [c for _, c in pts]
        lines[b] = weighted_line(xs, ys, [1.0 / (y * y) for y in ys])
    warps = [b / 32.0 for b in lines]
    intercept = sum(a for a, _ in lines.values()) / len(lines)
    s2, s1, s0 = quadratic(warps, [s for _, s in lines.values()])
    wmin, wmax = min(warps), max(warps)
    slope = lambda w: s2 * w * w + s1 * w + s0
    steps = [wmin + (wmax - wmin) * i / 100.0 for i in range(101)]
    if min(slope(w) for w in steps) <= 0:
        raise ValueError("slope(b) is not positive over %g..%g warps"
                         % (wmin, wmax))
    worst = 0.0
    for g, b, us in points:
        pred = intercept + slope(b / 32.0) * g
        worst = max(worst, abs(pred - us * mhz) / (us * mhz))
    grids = [g for g, _, _ in points]
    return {
        "intercept_cycles": intercept, "slope_b2": s2, "slope_b1": s1,
        "slope_b0": s0, "fit_grid_min": min(grids),
        "fit_grid_max": max(grids), "fit_warps_min": int(round(wmin)),
        "fit_warps_max": int(round(wmax)), "lines": lines,
        "max_rel_error": worst,
    }

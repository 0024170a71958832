#!/usr/bin/env python3
"""conv-rates: the warp-instruction rates that benchmark_hub's
convolution_milo measurements imply, per SM and clock (docs/accuracy.md,
"The benchmark_hub caches").

  python3 bench/conv-rates.py --hub /path/to/benchmark_hub \\
      [--targets gpu-targets] [--key KEY ...]

For every valid use_shmem=1 configuration of the caches named by
utils/devset/convolution_milo.json it divides the warp instructions of the
filter loop by the measured time: shared loads (LDS) and FMAs per clock per
SM, the SM count and clock taken from the GPU's target file, the grid from
the description's problem_size. The counts per thread follow from the
kernel's fully unrolled filter loop (filter_height x filter_width, 15 x 15
in every configuration): the compiler loads each shared element a thread
reads once (rows yi * block_size_y + i, columns xi * block_size_x + j), and
does one FMA per filter weight and output. clang and nvcc emit exactly
these counts of ld.shared and fma.rn.f32 (checked on six configurations'
PTX). The staging loads and the stores are left out.

Prints, per GPU: median and highest rates, the median per tile_size_y and
block_size_y, and the rates of the configurations given with --key.
"""
import argparse
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'utils'))
from ktime_tools import devset, kcache  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')


def sm_count_and_clock(path):
    """sm.count and clocks.sm_mhz of a target file (plain "key: number"
    lines; the file's format is docs/targets.md)."""
    with open(path) as f:
        text = f.read()
    count = re.search(r'^sm:\s*\n(?:\s+.*\n)*?\s+count:\s*(\d+)', text, re.M)
    mhz = re.search(r'^\s+sm_mhz:\s*([\d.]+)', text, re.M)
    if not count or not mhz:
        sys.exit('%s: no sm.count or clocks.sm_mhz' % path)
    return int(count.group(1)), float(mhz.group(1))


def per_thread(bx, by, tx, ty, fh, fw):
    """(shared loads, FMAs) of one thread's filter loop (fh x fw filter)."""
    rows = {yi * by + i for yi in range(ty) for i in range(fh)}
    cols = {xi * bx + j for xi in range(tx) for j in range(fw)}
    return len(rows) * len(cols), fh * fw * tx * ty


def rates(cache, image, sms, mhz):
    """{key: (params, LDS/clk/SM, FMA/clk/SM)} for use_shmem=1; image the
    description's problem_size (width, height)."""
    out = {}
    for key, entry in cache.entries.items():
        ms, _ = kcache.measured_time(entry)
        if ms is None or entry.get('use_shmem') != 1:
            continue
        p = [entry[n] for n in ('block_size_x', 'block_size_y',
                                'tile_size_x', 'tile_size_y',
                                'filter_height', 'filter_width')]
        lds, fma = per_thread(*p)
        warps = image[0] * image[1] / (p[2] * p[3]) / 32
        cycles = ms * 1e-3 * mhz * 1e6
        out[key] = (p, warps * lds / sms / cycles, warps * fma / sms / cycles)
    return out


def median_by(res, index, name):
    groups = {}
    for p, lds, fma in res.values():
        groups.setdefault(p[index], []).append((lds, fma))
    cells = ['%s=%d: %.2f / %.2f (%d)' % (
        name, v, statistics.median(x[0] for x in g),
        statistics.median(x[1] for x in g), len(g))
        for v, g in sorted(groups.items())]
    print('  median LDS / FMA by %s: %s' % (name, '; '.join(cells)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--hub', required=True)
    ap.add_argument('--targets', default=os.path.join(ROOT, 'gpu-targets'))
    ap.add_argument('--key', action='append', default=[])
    args = ap.parse_args()
    try:
        desc = devset.load('convolution_milo', args.hub)
    except devset.DescError as e:
        sys.exit(str(e))
    for gpu, path in desc.caches.items():
        sms, mhz = sm_count_and_clock(os.path.join(args.targets, gpu + '.yaml'))
        try:
            res = rates(kcache.load(path), desc.data['problem_size'], sms, mhz)
        except kcache.CacheError as e:
            sys.exit(str(e))
        print('%s (%d SMs at %g MHz, %d configurations), warp instructions '
              'per clock per SM:' % (gpu, sms, mhz, len(res)))
        for i, what in ((1, 'LDS'), (2, 'FMA')):
            best = max(res.items(), key=lambda kv: kv[1][i])
            print('  %s: median %.2f, highest %.2f (%s)' % (
                what, statistics.median(r[i] for r in res.values()),
                best[1][i], best[0]))
        median_by(res, 3, 'tile_size_y')
        median_by(res, 1, 'block_size_y')
        for key in args.key:
            if key in res:
                print('  %s: LDS %.2f, FMA %.2f' % (key, res[key][1], res[key][2]))


if __name__ == '__main__':
    main()

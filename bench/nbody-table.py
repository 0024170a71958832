#!/usr/bin/env python3
"""nbody-table: the table of docs/driver.md ("the best threads per block of
an N-body kernel") from the --json file of the sweep printed there.

  utils/ktime examples/nbody.cu ... --group-by n --json OUT.json
  python3 bench/nbody-table.py OUT.json

Each cell: the best TPB, its predicted time, its bound, the runner-up and
how much slower it is, and the worst TPB with its ratio to the best.
"""
import json
import math
import sys


def fmt_time(ns):
    """Three significant digits: ms below a second, s above."""
    if ns < 1e9:
        return '%.3g ms' % (ns / 1e6)
    return '%.3g s' % (ns / 1e9)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        data = json.load(f)
    gpus = data['gpus']
    cells = {}
    for r in data['results']:
        if r.get('predicted_ns') is None:
            continue
        n = r['params']['n']
        cells.setdefault((n, r['gpu']), []).append(r)
    sizes = sorted({n for n, _ in cells})
    print('| N | ' + ' | '.join(gpus) + ' |')
    print('| --- |' + ' --- |' * len(gpus))
    for n in sizes:
        row = []
        for g in gpus:
            rs = sorted(cells.get((n, g), []), key=lambda r: r['predicted_ns'])
            if not rs:
                row.append('-')
                continue
            best, nxt, worst = rs[0], rs[1] if len(rs) > 1 else None, rs[-1]
            text = '**%d** %s, %s' % (best['params']['tpb'],
                                      fmt_time(best['predicted_ns']),
                                      best['bound'])
            if nxt:
                text += '; next %d +%.1f %%' % (
                    nxt['params']['tpb'],
                    100 * (nxt['predicted_ns'] / best['predicted_ns'] - 1))
            text += ', worst %d x%.2f' % (
                worst['params']['tpb'],
                worst['predicted_ns'] / best['predicted_ns'])
            row.append(text)
        print('| 2^%d | %s |' % (int(round(math.log2(n))), ' | '.join(row)))


if __name__ == '__main__':
    main()

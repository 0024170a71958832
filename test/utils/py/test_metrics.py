"""Unit tests of utils/ktime_tools/metrics.py with values derived by hand
(the same data as test/utils/Inputs/cache-small.json and cache-ties.json).
Run: python3 test_metrics.py (lit: test/utils/unit-metrics.test)."""

import itertools
import math
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import metrics  # noqa: E402

# cache-small.json, valid configurations in order (block_size_x 32..224),
# predicted ms = pred / 1000 (fake-clang.py with FAKE_KTIME_FORMULA=pred*1000).
MEAS = [0.20, 0.30, 0.25, 0.40, 0.35, 0.05, 0.60]
PRED = [0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40]
OCC = [0.25, 0.50, 0.75, 1.0, 1.0, 1.0, 1.0]  # min(1, bx / 128)
THREADS = [32, 64, 96, 128, 160, 192, 224]


def kendall_brute(x, y):
    """tau-b by its definition, over every pair."""
    c = d = tx = ty = 0
    for i, j in itertools.combinations(range(len(x)), 2):
        sx = (x[i] > x[j]) - (x[i] < x[j])
        sy = (y[i] > y[j]) - (y[i] < y[j])
        if sx == 0 and sy == 0:
            continue
        if sx == 0:
            tx += 1
        elif sy == 0:
            ty += 1
        elif sx == sy:
            c += 1
        else:
            d += 1
    return (c - d) / math.sqrt((c + d + tx) * (c + d + ty))


class SmallCacheTest(unittest.TestCase):
    def test_ape(self):
        # APE: |0.10-0.20|/0.20 = 50, |0.15-0.30|/0.30 = 50, |0.20-0.25|/0.25
        # = 20, |0.25-0.40|/0.40 = 37.5, |0.30-0.35|/0.35 = 14.2857,
        # |0.35-0.05|/0.05 = 600, |0.40-0.60|/0.60 = 33.333.
        # Sorted: 14.29 20 33.33 37.5 50 50 600 -> median 37.5;
        # mean = 805.119 / 7 = 115.017.
        s = metrics.summary(PRED, MEAS)
        self.assertAlmostEqual(s['median_ape'], 37.5)
        self.assertAlmostEqual(s['mape'], 805.1190476 / 7, places=5)

    def test_rank_correlations(self):
        # Measured ranks [2, 4, 3, 6, 5, 1, 7], predicted [1..7]:
        # d = [-1, -2, 0, -2, 0, 5, 0], sum d^2 = 34,
        # rho = 1 - 6 * 34 / (7 * 48) = 1 - 204 / 336 = 0.392857.
        s = metrics.summary(PRED, MEAS)
        self.assertAlmostEqual(s['spearman'], 1 - 204 / 336)
        # Inversions of [2, 4, 3, 6, 5, 1, 7]: 1+2+1+2+1 = 7 discordant pairs
        # of 21, 14 concordant: tau = (14 - 7) / 21.
        self.assertAlmostEqual(s['kendall'], 7 / 21)

    def test_regret_and_top5(self):
        # Predicted best: the first (0.10), measured 0.20; best measured 0.05.
        s = metrics.summary(PRED, MEAS)
        self.assertAlmostEqual(s['regret'], 4.0)
        # The measured best is 6th by prediction: outside the top 5.
        self.assertFalse(s['top5'])

    def test_baselines(self):
        # Median measured 0.30 (sorted 0.05 0.20 0.25 0.30 ...) over 0.05.
        self.assertAlmostEqual(metrics.random_baseline(MEAS)['regret'], 6.0)
        o = metrics.occupancy_baseline(OCC, THREADS, MEAS)
        # Occupancy 1.0 for 128..224 threads; the largest block, 224, measured
        # 0.60 -> 0.60 / 0.05 = 12.
        self.assertAlmostEqual(o['regret'], 12.0)
        # Its top 5: 224, 192, 160, 128, 96 threads: 192 (the best) is in.
        self.assertTrue(o['top5'])
        # -occupancy ranks [7, 6, 5, 2.5, 2.5, 2.5, 2.5] against measured ranks
        # [2, 4, 3, 6, 5, 1, 7]: centred [3, 2, 1, -1.5 x4] and
        # [-2, 0, -1, 2, 1, -3, 3]; sxy = -6 - 1 - 3 - 1.5 + 4.5 - 4.5 = -11.5,
        # sxx = 23, syy = 28 -> rho = -11.5 / sqrt(644).
        self.assertAlmostEqual(o['spearman'], -11.5 / math.sqrt(644))
        # C = 4, D = 11 over the 15 pairs not tied in occupancy (n1 = 6 of
        # n0 = 21): tau_b = -7 / sqrt(15 * 21).
        self.assertAlmostEqual(o['kendall'], -7 / math.sqrt(315))


class TiesTest(unittest.TestCase):
    # cache-ties.json: predicted 0.1 0.1 0.2 0.3, measured 0.3 0.1 0.2 0.4.
    P = [0.1, 0.1, 0.2, 0.3]
    M = [0.3, 0.1, 0.2, 0.4]

    def test_all(self):
        s = metrics.summary(self.P, self.M)
        # APE 66.67, 0, 0, 25: median (0 + 25) / 2 = 12.5, mean 91.67 / 4.
        self.assertAlmostEqual(s['median_ape'], 12.5)
        self.assertAlmostEqual(s['mape'], (200 / 3 + 25) / 4)
        # Ranks [1.5, 1.5, 3, 4] and [3, 1, 2, 4]; centred [-1, -1, .5, 1.5]
        # and [.5, -1.5, -.5, 1.5]: sxy = 3, sxx = 4.5, syy = 5.
        self.assertAlmostEqual(s['spearman'], 3 / math.sqrt(22.5))
        # One pair tied in prediction; C = 4, D = 1: 3 / sqrt(5 * 6).
        self.assertAlmostEqual(s['kendall'], 3 / math.sqrt(30))
        # Two configurations share the least prediction: mean(0.3, 0.1) / 0.1.
        self.assertAlmostEqual(s['regret'], 2.0)
        # Four configurations: all are in the top 5, so no top-5 hit.
        self.assertIsNone(s['top5'])
        # Median of 0.1 0.2 0.3 0.4 is 0.25: 2.5.
        self.assertAlmostEqual(metrics.random_baseline(self.M)['regret'], 2.5)


class FunctionsTest(unittest.TestCase):
    def test_ranks_and_median(self):
        self.assertEqual(metrics.ranks([10, 30, 20, 20]), [1, 4, 2.5, 2.5])
        self.assertEqual(metrics.median([3, 1, 2]), 2)
        self.assertEqual(metrics.median([4, 1, 3, 2]), 2.5)
        self.assertIsNone(metrics.median([]))

    def test_degenerate(self):
        self.assertIsNone(metrics.spearman([1, 1, 1], [1, 2, 3]))
        self.assertIsNone(metrics.kendall_tau_b([1, 1], [1, 2]))
        self.assertIsNone(metrics.kendall_tau_b([1], [1]))
        self.assertEqual(metrics.summary([], []), {'n': 0})
        s = metrics.summary([5.0], [2.0])
        self.assertEqual((s['regret'], s['top5'], s['spearman']), (1.0, None, None))

    def test_top5_needs_more_than_five(self):
        # With n <= 5 every configuration is among the five least
        # predictions: no hit either way (None), even when the prediction
        # has the order backwards; the occupancy baseline alike.
        for n in (1, 2, 5):
            pred, meas = list(range(n)), list(range(n, 0, -1))
            self.assertIsNone(metrics.summary(pred, meas)['top5'])
            self.assertIsNone(metrics.occupancy_baseline(pred, [32] * n, meas)['top5'])
        # Six: the best measured (the last) is 6th by prediction: a miss;
        # ranked best by occupancy: a hit.
        pred, meas = list(range(6)), list(range(6, 0, -1))
        self.assertFalse(metrics.summary(pred, meas)['top5'])
        self.assertTrue(metrics.occupancy_baseline(pred, [32] * 6, meas)['top5'])

    def test_kendall_matches_definition(self):
        rnd = random.Random(7)
        for n in (2, 3, 10, 57, 200):
            for ties in (False, True):
                x = [rnd.randint(0, 5 if ties else 10 ** 6) for _ in range(n)]
                y = [rnd.randint(0, 5 if ties else 10 ** 6) for _ in range(n)]
                if len(set(x)) < 2 or len(set(y)) < 2:
                    continue
                self.assertAlmostEqual(metrics.kendall_tau_b(x, y), kendall_brute(x, y),
                                       msg='n=%d ties=%s' % (n, ties))

    def test_spearman_is_rank_pearson(self):
        # Perfect monotone but nonlinear: 1; reversed: -1.
        self.assertAlmostEqual(metrics.spearman([1, 2, 3, 4], [1, 8, 27, 64]), 1.0)
        self.assertAlmostEqual(metrics.spearman([1, 2, 3, 4], [9, 5, 2, 1]), -1.0)


if __name__ == '__main__':
    unittest.main()

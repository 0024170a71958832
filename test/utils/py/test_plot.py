"""Unit tests of the gnuplot scripts of utils/ktime_tools/plot.py: the
order of the points of a curve and the styles of many curves. Run: python3
test_plot.py (lit: test/utils/unit-plot.test)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import plot  # noqa: E402


def points(data, block):
    """The x values of datablock BLOCK ('$data', '$d0', ...) in file order."""
    out, inside = [], False
    for line in data:
        if line == '%s << EOD' % block:
            inside = True
        elif line == 'EOD':
            inside = False
        elif inside:
            out.append(float(line.split()[0]))
    return out


# Rows as the driver passes them: ranked by time, so not in parameter order.
RANKED = [({'tpb': 128, 'n': 1}, 71.0), ({'tpb': 64, 'n': 1}, 72.0),
          ({'tpb': 32, 'n': 1}, 74.0), ({'tpb': 256, 'n': 1}, 95.0),
          ({'tpb': 1024, 'n': 1}, 375.0), ({'tpb': 512, 'n': 1}, 188.0),
          ({'tpb': 64, 'n': 2}, 150.0), ({'tpb': 32, 'n': 2}, 140.0)]


class PlotTest(unittest.TestCase):
    def test_curve_points_in_value_order(self):
        rows = [r for r in RANKED if r[0]['n'] == 1]
        data, _ = plot.script('x.svg', 'curve', ['tpb'], rows, 't')
        self.assertEqual(points(data, '$data'), [32, 64, 128, 256, 512, 1024])

    def test_curves_points_and_legend_in_value_order(self):
        rows = [({'tpb': 32, 'n': 2}, 1.0)] + RANKED
        data, lines = plot.script('x.svg', 'curves', ['tpb', 'n'], rows, 't')
        self.assertEqual(points(data, '$d0'), [32, 64, 128, 256, 512, 1024])  # n=1
        self.assertEqual(points(data, '$d1'), [32, 64])  # n=2
        plot_line = [l for l in lines if l.startswith('plot ')][0]
        self.assertLess(plot_line.index('"n=1"'), plot_line.index('"n=2"'))

    def test_words_keep_first_seen_order(self):
        rows = [({'t': 'float'}, 2.0), ({'t': 'double'}, 1.0)]
        data, _ = plot.script('x.svg', 'curve', ['t'], rows, 't')
        # Words are placed at 0, 1, ... in the order they came, labelled.
        self.assertEqual(data[1:3], ['0 2 "float"', '1 1 "double"'])

    def test_many_curves_differ(self):
        # gnuplot cycles 8 colours; curves 0 and 8 share one, so their
        # point types must differ.
        rows = [({'x': x, 'y': y}, float(x + y)) for y in range(11) for x in (1, 2)]
        _, lines = plot.script('x.svg', 'curves', ['x', 'y'], rows, 't')
        plot_line = [l for l in lines if l.startswith('plot ')][0]
        styles = [part.split(' pt ')[1].split()[0] for part in plot_line.split(', $')]
        self.assertEqual(len(styles), 11)
        self.assertNotEqual(styles[0], styles[8])
        self.assertNotEqual(styles[2], styles[10])

    def test_relative_curves(self):
        # Each curve over its own best: n=1's best is 71 (tpb 128), n=2's
        # 140 (tpb 32); 95 / 71 = 1.338..., 150 / 140 = 1.0714...
        data, lines = plot.script('x.svg', 'curves', ['tpb', 'n'], RANKED, 't', relative=True)
        d0 = dict((float(l.split()[0]), float(l.split()[1])) for l in data[1:7])
        self.assertEqual(d0[128], 1.0)
        self.assertAlmostEqual(d0[256], 95.0 / 71.0, places=5)
        self.assertEqual(data[9:11], ['32 1 "32"', '64 1.07143 "64"'])
        self.assertIn('set ylabel "predicted time / best of its curve"', lines)
        self.assertNotIn('set logscale y', lines)  # 375 / 71 < 20

    def test_relative_curve_over_global_best(self):
        data, lines = plot.script('x.svg', 'curve', ['tpb'], RANKED, 't', relative=True)
        # Best over n for each tpb: 32 -> 74, 64 -> 72, ...; all over 71.
        self.assertEqual(data[1], '32 %g "32"' % (74.0 / 71.0))
        self.assertIn('set ylabel "predicted time / best"', lines)


if __name__ == '__main__':
    unittest.main()

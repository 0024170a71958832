"""Unit tests of utils/ktime_tools/launch.py: Kernel Tuner's grid rule,
block sizes and the plugin's launch-spec text. Run: python3 test_launch.py
(lit: test/utils/unit-launch.test)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import launch  # noqa: E402


class GridRuleTest(unittest.TestCase):
    def test_convolution_milo(self):
        # problem 4096 x 4096, grid_div_x = [bx, tx], grid_div_y = [by, ty]:
        # bx=48, tx=3: ceil(4096 / 144) = ceil(28.44) = 29;
        # by=8, ty=3: ceil(4096 / 24) = ceil(170.67) = 171.
        rule = launch.GridRule([4096, 4096], [['block_size_x', 'tile_size_x'],
                                              ['block_size_y', 'tile_size_y']])
        p = dict(block_size_x=48, block_size_y=8, tile_size_x=3, tile_size_y=3)
        self.assertEqual(rule.grid(p), (29, 171, 1))

    def test_default_divisors(self):
        # dedispersion_milo gives no grid_div: each axis divides by its
        # block-size parameter (block_size_z absent: 1).
        # 25000 / 16 = 1562.5 -> 1563; 2048 / 48 = 42.67 -> 43; 1 / 1 = 1.
        rule = launch.GridRule([25000, 2048, 1])
        p = dict(block_size_x=16, block_size_y=48, tile_size_x=4)
        self.assertEqual(rule.grid(p), (1563, 43, 1))

    def test_scalar_problem_and_expressions(self):
        # pnpoly: problem 20000000, grid_div_x [bx, tile]: 20000000 / (992 * 20)
        # = 1008.06 -> 1009.
        rule = launch.GridRule(20000000, [['block_size_x', 'tile_size']])
        self.assertEqual(rule.grid(dict(block_size_x=992, tile_size=20)), (1009, 1, 1))
        # Expressions in the problem size and divisor.
        rule = launch.GridRule(['n * 2'], ['bs * 4'])
        self.assertEqual(rule.grid(dict(n=1000, bs=32)), (16, 1, 1))  # 2000 / 128 = 15.6

    def test_parse_grid_rule(self):
        rule = launch.parse_grid_rule('4096:block_size_x*tile_size_x,4096:block_size_y')
        p = dict(block_size_x=32, tile_size_x=2, block_size_y=8)
        self.assertEqual(rule.grid(p), (64, 512, 1))  # 4096/64, 4096/8
        rule = launch.parse_grid_rule('n')
        self.assertEqual(rule.grid(dict(n=1000, block_size_x=256)), (4, 1, 1))  # 3.9 -> 4
        rule = launch.parse_grid_rule('max(n, 64):max(bs, 1)')
        self.assertEqual(rule.grid(dict(n=10, bs=32)), (2, 1, 1))  # 64 / 32
        for bad in ['', '1,2,3,4', '4096:', 'n:(', '1,,2']:
            with self.assertRaises(launch.LaunchError, msg=bad):
                launch.parse_grid_rule(bad)

    def test_errors(self):
        rule = launch.GridRule(['n'], ['bs - 32'])
        with self.assertRaises(launch.LaunchError) as cm:
            rule.grid(dict(n=100, bs=32))
        self.assertIn('must be positive', str(cm.exception))
        with self.assertRaises(launch.LaunchError) as cm:
            launch.GridRule(['n / 3'], [1]).grid(dict(n=100))
        self.assertIn('not an integer', str(cm.exception))
        with self.assertRaises(launch.LaunchError) as cm:
            launch.GridRule(['m']).grid(dict(n=100))
        self.assertIn("unknown name 'm'", str(cm.exception))


class BlockTest(unittest.TestCase):
    def test_defaults(self):
        # Kernel Tuner: block_size_x default 256, y and z default 1.
        self.assertEqual(launch.block_of({}), (256, 1, 1))
        self.assertEqual(launch.block_of(dict(block_size_x=32, block_size_y=8)), (32, 8, 1))
        self.assertEqual(launch.block_of(dict(tx=4), block_names=['tx']), (4, 1, 1))
        self.assertEqual(launch.block_of(dict(b=64), block_exprs=['b', 'b // 16']), (64, 4, 1))
        with self.assertRaises(launch.LaunchError):
            launch.block_of(dict(block_size_x=0))


class SpecTest(unittest.TestCase):
    def test_spec_text(self):
        l = launch.Launch((29, 171, 1), (48, 8, 1), shmem=1024, args={'n': 7})
        self.assertEqual(l.spec('conv', 'c3'),
                         'conv:grid=29x171x1,block=48x8x1,shmem=1024,n=7,id=c3')
        self.assertEqual(l.spec('conv', regs=40), 'conv:grid=29x171x1,block=48x8x1,shmem=1024,'
                         'regs=40,n=7')
        self.assertEqual(l.threads(), 384)

    def test_spec_spills(self):
        # ptxas's spill bytes follow regs=; none when ptxas reports none,
        # and the launch's own spill_stores= or spill_loads= stand.
        l = launch.Launch((4, 1, 1), (256, 1, 1))
        self.assertEqual(l.spec('k', regs=255, spills=(2528, 2624)),
                         'k:grid=4x1x1,block=256x1x1,regs=255,'
                         'spill_stores=2528,spill_loads=2624')
        self.assertEqual(l.spec('k', regs=40, spills=(0, 0)),
                         'k:grid=4x1x1,block=256x1x1,regs=40')
        with self.assertRaises(launch.LaunchError):
            launch.parse_launch('grid=1,block=32,spill_stores=abc')
        self.assertEqual(launch.parse_launch('grid=1,block=32,spill_loads=8').args,
                         {'spill_loads': '8'})
        own = launch.Launch((4, 1, 1), (256, 1, 1), args={'spill_loads': '8'})
        self.assertEqual(own.spec('k', regs=255, spills=(16, 16)),
                         'k:grid=4x1x1,block=256x1x1,regs=255,spill_loads=8')

    def test_parse_launch(self):
        l = launch.parse_launch('saxpy:grid={ceil(n / bs)},block={bs},arg0={n}',
                                dict(n=1000, bs=256), 'saxpy')
        self.assertEqual((l.grid, l.block, l.args), ((4, 1, 1), (256, 1, 1), {'arg0': '1000'}))
        l = launch.parse_launch('grid=2x3,block=16x16,shmem=64,regs=32')
        self.assertEqual((l.grid, l.block, l.shmem, l.regs), ((2, 3, 1), (16, 16, 1), 64, 32))
        cases = [('grid=2', 'needs grid= and block='),
                 ('grid=2,block=0', 'positive integers'),
                 ('grid=2,block=32,grid=3', 'given twice'),
                 ('grid=2,block=32,id=x', 'set by ktime'),
                 ('other:grid=2,block=32', 'names kernel other'),
                 ('grid=2,block=32,shmem=-1', 'must not be negative'),
                 ('grid=2,block=32,junk', 'not NAME=VALUE'),
                 ('grid={q},block=32', "unknown name 'q'")]
        for text, why in cases:
            with self.assertRaises(launch.LaunchError) as cm:
                launch.parse_launch(text, {}, 'saxpy')
            self.assertIn(why, str(cm.exception), text)


if __name__ == '__main__':
    unittest.main()

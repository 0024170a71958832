"""Unit tests of utils/ktime_tools/safeexpr.py: Kernel Tuner's expression
strings evaluated without eval(). Run: python3 test_safeexpr.py (lit runs
it through test/utils/unit-safeexpr.test)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import safeexpr  # noqa: E402


class SafeExprTest(unittest.TestCase):
    def test_restrictions_of_benchmark_hub(self):
        # The convolution_milo restrictions, at bx=32, by=8, tx=2, ty=2:
        p = dict(block_size_x=32, block_size_y=8, tile_size_x=2, tile_size_y=2,
                 use_padding=1, use_shmem=1, filter_width=15, filter_height=15)
        # use_padding==1 and 32 % 32 == 0: both sides false.
        self.assertFalse(safeexpr.evaluate('use_padding==0 or block_size_x % 32 != 0', p))
        # 32 * 8 = 256 <= 1024.
        self.assertTrue(safeexpr.evaluate('block_size_x*block_size_y<=1024', p))
        # (32*2 + 14) * (8*2 + 14) = 78 * 30 = 2340 < 12288.
        self.assertTrue(safeexpr.evaluate(
            'use_shmem == 0 or (((block_size_x*tile_size_x+(filter_width-1)))*'
            '((block_size_y*tile_size_y+(filter_height-1)))) < 12*1024', p))

    def test_chained_comparison(self):
        # dedispersion_milo: 32 <= bx * by <= 1024.
        e = '32 <= block_size_x * block_size_y <= 1024'
        self.assertTrue(safeexpr.evaluate(e, dict(block_size_x=1, block_size_y=32)))
        self.assertFalse(safeexpr.evaluate(e, dict(block_size_x=1, block_size_y=16)))
        self.assertFalse(safeexpr.evaluate(e, dict(block_size_x=32, block_size_y=64)))

    def test_value_lists_of_t1_files(self):
        self.assertEqual(safeexpr.evaluate('[32 * i for i in range(1, 4)]'), [32, 64, 96])
        self.assertEqual(safeexpr.evaluate('[1] + [2 * i for i in range(1, 4)]'), [1, 2, 4, 6])
        self.assertEqual(safeexpr.evaluate('[2**i for i in range(5)]'), [1, 2, 4, 8, 16])
        self.assertEqual(safeexpr.evaluate('[i for i in range(8) if i % 3 == 0]'), [0, 3, 6])

    def test_short_circuit_and_functions(self):
        # The right side would divide by zero; 'or' never evaluates it.
        self.assertTrue(safeexpr.evaluate('x == 0 or 4 / x > 1', dict(x=0)))
        self.assertEqual(safeexpr.evaluate('min(a, b) + max(a, b)', dict(a=3, b=5)), 8)
        self.assertEqual(safeexpr.evaluate('ceil(10 / 4)'), 3)
        self.assertEqual(safeexpr.evaluate('prod([2, 3, 4])'), 24)
        self.assertEqual(safeexpr.evaluate('a if a > b else b', dict(a=1, b=2)), 2)

    def test_refused(self):
        for text, why in [('__import__("os")', 'only calls'),
                          ('x.__class__', 'Attribute is not allowed'),
                          ('lambda: 1', 'Lambda is not allowed'),
                          ('2 ** 100000', 'exponent'),
                          ('y + 1', "unknown name 'y'"),
                          ('1 +', 'syntax error'),
                          ('list(range(3))', 'only calls'),
                          ('len(range(10**7))', 'too long')]:
            with self.assertRaises(safeexpr.ExprError) as cm:
                safeexpr.evaluate(text, dict(x=1))
            self.assertIn(why, str(cm.exception), text)
            self.assertIn(text, str(cm.exception))

    def test_evaluation_errors(self):
        # Operations Python refuses at run time are ExprErrors naming the
        # expression and the reason, not TypeError or OverflowError.
        names = dict(t='float', block_size_x=32, n=4096, s=2)
        for text, why in [('t > 1', "'>' not supported"),
                          ('block_size_x+"a"', 'unsupported operand'),
                          ('n/"x"', 'unsupported operand'),
                          ('s * 1.5**4000 >= 0', 'out of range'),
                          ('int("x")', 'invalid literal'),
                          ('[i for i in 5]', 'not iterable'),
                          ('4 / (n - 4096)', 'division by zero')]:
            with self.assertRaises(safeexpr.ExprError) as cm:
                safeexpr.evaluate(text, names)
            self.assertIn(why, str(cm.exception), text)
            self.assertIn(text, str(cm.exception))

    def test_names_in(self):
        self.assertEqual(safeexpr.names_in('a * b <= max(c, 4)'), ['a', 'b', 'c'])
        self.assertEqual(safeexpr.names_in('[i * n for i in range(3)]'), ['n'])


if __name__ == '__main__':
    unittest.main()

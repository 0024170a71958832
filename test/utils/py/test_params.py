"""Unit tests of utils/ktime_tools/params.py: sweep options, tune-params
files (KernelTime JSON, Kernel Tuner cache, T1) and the expansion of a search
space under restrictions. Run: python3 test_params.py (lit:
test/utils/unit-params.test)."""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import params  # noqa: E402


def write(data):
    f = tempfile.NamedTemporaryFile('w', suffix='.json', delete=False)
    f.write(data if isinstance(data, str) else json.dumps(data))
    f.close()
    return f.name


class SweepTest(unittest.TestCase):
    def test_lists_and_ranges(self):
        self.assertEqual(params.parse_sweep('bs=32,64,128'), ('bs', [32, 64, 128]))
        # 16:64:16 is arithmetic with the end included: 16, 32, 48, 64.
        self.assertEqual(params.parse_sweep('bs=16:64:16'), ('bs', [16, 32, 48, 64]))
        # 32:1024:*2 is geometric: 32, 64, ..., 1024 (6 values).
        self.assertEqual(params.parse_sweep('bs=32:1024:*2')[1], [32, 64, 128, 256, 512, 1024])
        self.assertEqual(params.parse_sweep('t=1,2:3:1,8')[1], [1, 2, 3, 8])
        self.assertEqual(params.parse_sweep('T=float,double')[1], ['float', 'double'])
        self.assertEqual(params.parse_sweep('f=0.5,1')[1], [0.5, 1])

    def test_bad_sweeps(self):
        for text, why in [('bs', 'NAME=v1'), ('1x=3', 'identifier'), ('bs=1,,2', 'empty'),
                          ('bs=64:16:16', 'empty range'), ('bs=1:8:0', 'grow'),
                          ('bs=1:8:*1', 'grow'), ('bs=1:8', 'LO:HI:STEP'),
                          ('bs=32,32', 'repeated'), ('bs=1.5:3:1', 'integers')]:
            with self.assertRaises(params.ParamError) as cm:
                params.parse_sweep(text)
            self.assertIn(why, str(cm.exception), text)

    def test_define(self):
        self.assertEqual(params.parse_define('N=4096'), ('N', '4096'))
        self.assertEqual(params.parse_define('USE_X'), ('USE_X', '1'))
        with self.assertRaises(params.ParamError):
            params.parse_define('1N=3')


class ExpandTest(unittest.TestCase):
    def test_product_order_and_restrictions(self):
        s = params.SearchSpace()
        s.add('bx', [16, 32, 64])
        s.add('by', [1, 2, 4])
        # bx * by <= 64 keeps (16,1) (16,2) (16,4) (32,1) (32,2) (64,1): 6 of 9,
        # the first parameter varying slowest.
        s.restrictions = ['bx * by <= 64']
        got = [(c['bx'], c['by']) for c in s.expand()]
        self.assertEqual(got, [(16, 1), (16, 2), (16, 4), (32, 1), (32, 2), (64, 1)])

    def test_zero_division_passes(self):
        # Kernel Tuner's rule: a restriction that divides by zero does not reject.
        s = params.SearchSpace()
        s.add('a', [0, 1, 2])
        s.restrictions = ['4 / a >= 2']
        # a=0 divides by zero (kept); 4/1 = 4 >= 2 kept; 4/2 = 2 >= 2 kept.
        self.assertEqual([c['a'] for c in s.expand()], [0, 1, 2])
        s.restrictions = ['4 / a > 2']
        self.assertEqual([c['a'] for c in s.expand()], [0, 1])

    def test_restriction_errors(self):
        s = params.SearchSpace()
        s.add('bx', [1])
        s.restrictions = ['bx * by < 3']
        with self.assertRaises(params.ParamError) as cm:
            s.expand()
        self.assertIn("uses by, not a parameter", str(cm.exception))
        s.restrictions = ['bx <']
        with self.assertRaises(params.ParamError) as cm:
            s.expand()
        self.assertIn('syntax error', str(cm.exception))

    def test_restriction_evaluation_error(self):
        # 'float' > 1 is a TypeError in Python: a ParamError naming the
        # restriction and the configuration.
        s = params.SearchSpace()
        s.add('t', ['float', 'double'])
        s.restrictions = ['t > 1']
        with self.assertRaises(params.ParamError) as cm:
            s.expand()
        self.assertIn("in 't > 1'", str(cm.exception))
        self.assertIn("t='float'", str(cm.exception))

    def test_fixed_names(self):
        # -D N=64: N is a name in restrictions, not a parameter.
        s = params.SearchSpace()
        s.add('bx', [32, 64, 128])
        s.restrictions = ['bx <= N']
        self.assertEqual([dict(c) for c in s.expand(fixed={'N': 64})],
                         [{'bx': 32}, {'bx': 64}])
        with self.assertRaises(params.ParamError):
            s.expand()

    def test_limit(self):
        s = params.SearchSpace()
        s.add('a', list(range(100)))
        s.add('b', list(range(100)))
        with self.assertRaises(params.ParamError) as cm:
            s.expand(limit=9999)
        self.assertIn('10000 configurations', str(cm.exception))


class FileTest(unittest.TestCase):
    def test_kerneltime_format(self):
        path = write({'tune_params': {'bx': [32, 64], 'tx': '[i for i in range(1, 3)]'},
                      'restrictions': ['bx * tx <= 64'], 'problem_size': [4096],
                      'grid_div_x': ['bx', 'tx']})
        s = params.load_tune_params(path)
        self.assertEqual(list(s.params.items()), [('bx', [32, 64]), ('tx', [1, 2])])
        # (32,1) 32, (32,2) 64, (64,1) 64 pass; (64,2) 128 does not.
        self.assertEqual(len(s.expand()), 3)
        self.assertEqual(s.problem_size, [4096])
        self.assertEqual(s.grid_div[0], ['bx', 'tx'])

    def test_cache_format(self):
        path = write({'kernel_name': 'k', 'problem_size': [100, 10],
                      'tune_params_keys': ['b', 'a'], 'tune_params': {'a': [1], 'b': [2, 3]},
                      'cache': {}})
        s = params.load_tune_params(path)
        self.assertEqual(list(s.params), ['b', 'a'])  # tune_params_keys order
        self.assertEqual(s.problem_size, [100, 10])

    def test_t1_format(self):
        path = write({'ConfigurationSpace': {
            'TuningParameters': [{'Name': 'block_size_x', 'Values': '[32 * i for i in range(1, 4)]'},
                                 {'Name': 'tile_size', 'Values': '[1] + [2 * i for i in range(1, 3)]'}],
            'Conditions': [{'Expression': 'block_size_x * tile_size <= 128'}]},
            'KernelSpecification': {'ProblemSize': [20000000], 'GridDivX': ['block_size_x', 'tile_size']}})
        s = params.load_tune_params(path)
        self.assertEqual(s.params['block_size_x'], [32, 64, 96])
        self.assertEqual(s.params['tile_size'], [1, 2, 4])
        # Products <= 128: 32x1 32x2 32x4 64x1 64x2 96x1: 6 of 9.
        self.assertEqual(len(s.expand()), 6)
        self.assertEqual(s.grid_div[0], ['block_size_x', 'tile_size'])

    def test_restrictions_over_later_parameters(self):
        # A file's restriction may name a parameter --vary adds later:
        # check=False leaves the check to expand().
        path = write({'tune_params': {'bx': [32, 64]}, 'restrictions': ['bx * 64 <= n']})
        s = params.load_tune_params(path, check=False)
        s.add('n', [2048, 4096], '--vary')
        # bx * 64: 2048 and 4096; n=2048 keeps bx=32, n=4096 both.
        self.assertEqual([(c['bx'], c['n']) for c in s.expand()],
                         [(32, 2048), (32, 4096), (64, 4096)])

    def test_bad_files(self):
        cases = [('{"x": 1', 'not JSON'),
                 ('[1, 2]', 'JSON object'),
                 ('{"a": 1}', 'no "tune_params"'),
                 ('{"tune_params": {"a": []}}', 'non-empty list'),
                 ('{"tune_params": {"a": "[1, 2"}}', 'syntax error'),
                 ('{"tune_params": {"a": [true]}}', 'not a number'),
                 ('{"tune_params": {"a": [1]}, "restrictions": ["b > 1"]}', 'not a parameter'),
                 ('{"tune_params": {"a": [1]}, "tune_params_keys": 5}', 'list of parameter'),
                 ('{"tune_params": {"a": [1]}, "tune_params_keys": [["a"]]}',
                  'list of parameter')]
        for text, why in cases:
            with self.assertRaises(params.ParamError) as cm:
                params.load_tune_params(write(text))
            self.assertIn(why, str(cm.exception), text)
        with self.assertRaises(params.ParamError) as cm:
            params.load_tune_params('/nonexistent/tune.json')
        self.assertIn('No such file', str(cm.exception))


if __name__ == '__main__':
    unittest.main()

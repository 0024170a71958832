"""Unit tests of utils/ktime_tools/kcache.py: reading Kernel Tuner caches
(.json and .json.gz), refusing other formats with a message that says
which, valid and invalid measured times, and writing a cache. Run: python3
test_kcache.py (lit: test/utils/unit-kcache.test)."""

import gzip
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'utils'))
from ktime_tools import kcache  # noqa: E402

INPUTS = os.path.join(HERE, '..', 'Inputs')


def tmp(data, gz=False, raw=False):
    f = tempfile.NamedTemporaryFile('wb', suffix='.json', delete=False)
    payload = data if raw else json.dumps(data).encode()
    f.write(gzip.compress(payload) if gz else payload)
    f.close()
    return f.name


class ReadTest(unittest.TestCase):
    def test_plain_and_gzip(self):
        plain = kcache.load(os.path.join(INPUTS, 'cache-small.json'))
        with open(os.path.join(INPUTS, 'cache-small.json'), 'rb') as f:
            zipped = kcache.load(tmp(f.read(), gz=True, raw=True))  # named .json, gzip inside
        for c in (plain, zipped):
            self.assertEqual(c.kernel_name, 'scale')
            self.assertEqual(c.keys, ['block_size_x', 'pred'])
            self.assertEqual(len(c.entries), 9)
            self.assertEqual(c.params_of('96,200'), {'block_size_x': 96, 'pred': 200})

    def test_measured_time(self):
        self.assertEqual(kcache.measured_time({'time': 0.25}), (0.25, None))
        self.assertEqual(kcache.measured_time({'time': 3}), (3.0, None))
        for entry, reason in [({'time': 'RuntimeFailedConfig'}, 'RuntimeFailedConfig'),
                              ({'time': '0.25'}, "time '0.25' (a string)"),
                              ({'time': 'CompilationFailedConfig'}, 'CompilationFailedConfig'),
                              ({'time': 'InvalidConfig'}, 'InvalidConfig'),
                              ({'time': 1e20}, 'failed (1e+20)'),
                              ({'time': float('inf')}, 'failed (inf)'),
                              ({'time': 0}, 'non-positive'),
                              ({'time': True}, 'time True'),
                              ({'time': 10 ** 400}, 'failed (time beyond a float)'),
                              ({}, 'no time')]:
            t, why = kcache.measured_time(entry)
            self.assertIsNone(t)
            self.assertIn(reason, why)

    def test_times_disagree(self):
        # "time" is Kernel Tuner's mean of "times"; more than 5 % apart is
        # a disagreement, no usable runs is None.
        self.assertFalse(kcache.times_disagree({'times': [0.2, 0.2]}, 0.2))
        self.assertFalse(kcache.times_disagree({'times': [0.26, 0.25]}, 0.25))  # 2 %
        self.assertTrue(kcache.times_disagree({'times': [0.1, 0.1]}, 0.3))
        self.assertTrue(kcache.times_disagree({'times': [1.0]}, 1.06))
        self.assertFalse(kcache.times_disagree({'times': [1e308, 1e308]}, 1e308))
        self.assertTrue(kcache.times_disagree({'times': [0.0, 0.0]}, 0.3))
        for entry in ({}, {'times': []}, {'times': 'x'}, {'times': [0.1, 'x']},
                      {'times': [True]}, {'times': [float('nan')]},
                      {'times': [10 ** 400]}):
            self.assertIsNone(kcache.times_disagree(entry, 0.2))

    def test_refused_formats(self):
        cases = [
            (os.path.join(INPUTS, 't4-results.json'), 'a T4 results file'),
            (os.path.join(INPUTS, 'not-json.json'), 'not JSON'),
            (tmp({'Metadata': {}, 'Results': []}), 'KTT output'),
            (tmp({'ConfigurationSpace': {}}), 'T1 input file'),
            (tmp({'schema': 1, 'launches': []}), 'KernelTime report'),
            (tmp([1, 2]), 'a JSON list'),
            (tmp({'cache': {}}), 'tune_params_keys'),
            (tmp({'cache': {'1': 5}, 'tune_params_keys': ['a']}), 'is not an object'),
            (tmp({'cache': {'1': {'time': 1}}, 'tune_params_keys': ['a']}), 'no value for a'),
            (tmp(b'\x1f\x8b\x08\x00garbage', raw=True), 'damaged gzip'),
            ('/nonexistent/A100.json.gz', 'no such file'),
        ]
        for path, why in cases:
            with self.assertRaises(kcache.CacheError) as cm:
                kcache.load(path)
            self.assertIn(why, str(cm.exception), path)
            self.assertTrue(str(cm.exception).startswith(path), str(cm.exception))


    def test_unclosed(self):
        # Kernel Tuner appends '"KEY": {...},' per configuration and closes
        # the file at the end of a run: an interrupted run leaves it open,
        # after an entry or right after the header. Read as if closed.
        with open(os.path.join(INPUTS, 'cache-small.json')) as f:
            text = f.read()
        whole = kcache.load(os.path.join(INPUTS, 'cache-small.json'))
        self.assertFalse(whole.unclosed)
        open_text = text.rstrip()[:-1].rstrip()[:-1].rstrip() + ',\n'  # drop '}' '}'
        head = text[:text.index('"cache": {') + len('"cache": {')] + '\n'
        for raw, n in ((open_text, 9), (head, 0)):
            for gz in (False, True):
                c = kcache.load(tmp(raw.encode(), gz=gz, raw=True))
                self.assertTrue(c.unclosed)
                self.assertEqual(len(c.entries), n)
                self.assertEqual(c.kernel_name, 'scale')
        # Text that closing does not mend keeps the parser's message.
        with self.assertRaises(kcache.CacheError) as cm:
            kcache.load(tmp(text[:100].encode(), raw=True))
        self.assertIn('not JSON: ', str(cm.exception))

    def test_key_and_param_id(self):
        c = kcache.load(tmp({'tune_params_keys': ['a', 'b'], 'cache': {
            '1,2': {'a': 1, 'b': 2}, '2,1': {'a': 1, 'b': 2},
            '1.0,True': {'a': 1.0, 'b': True}, 'x,[1, 2]': {'a': 'x', 'b': [1, 2]}}}))
        self.assertTrue(c.key_matches('1,2'))
        self.assertFalse(c.key_matches('2,1'))
        self.assertTrue(c.key_matches('1.0,True'))  # Python's str(), as Kernel Tuner
        self.assertTrue(c.key_matches('x,[1, 2]'))
        # The id is the values, not the key text nor the order of the names.
        self.assertEqual(c.param_id('1,2'), c.param_id('2,1'))
        self.assertEqual(kcache.param_id({'b': 2, 'a': 1}), c.param_id('1,2'))
        self.assertNotEqual(c.param_id('1,2'), c.param_id('1.0,True'))
        hash(c.param_id('x,[1, 2]'))


class WriteTest(unittest.TestCase):
    def test_round_trip(self):
        src = kcache.load(os.path.join(INPUTS, 'cache-ties.json'))
        d = tempfile.mkdtemp()
        for name in ('out.json', 'out.json.gz'):
            path = os.path.join(d, name)
            kcache.write(path, src.data, {'32,100': {'block_size_x': 32, 'pred': 100,
                                                     'time': 0.1}}, device_name='pred')
            back = kcache.load(path)
            self.assertEqual(back.device_name, 'pred')
            self.assertEqual(back.kernel_name, 'scale')
            self.assertEqual(back.data['objective'], 'time')
            self.assertEqual(back.data['tune_params'], src.data['tune_params'])
            self.assertEqual(back.entries['32,100']['time'], 0.1)


if __name__ == '__main__':
    unittest.main()

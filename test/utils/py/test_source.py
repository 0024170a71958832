"""Unit tests of utils/ktime_tools/source.py: which defines a compile needs
and Kernel Tuner's loop_unroll_factor rewriting. Run: python3
test_source.py (lit: test/utils/unit-source.test)."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import source  # noqa: E402


def tree(files):
    d = tempfile.mkdtemp()
    for name, text in files.items():
        path = os.path.join(d, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as f:
            f.write(text)
    return d


class UsedTest(unittest.TestCase):
    def test_includes_are_followed(self):
        d = tree({'k.cu': '#include "sub/h.h"\n#include <cuda.h>\n__global__ void k() '
                          '{ int a = tile_size_x; }\n',
                  'sub/h.h': '#include "g.h"\n#define nr_dms 2048\n',
                  'sub/g.h': '// mentions use_padding\n',
                  'inc/other.h': 'int from_include_dir;\n'})
        used = source.used_identifiers(os.path.join(d, 'k.cu'))
        for name in ('tile_size_x', 'nr_dms', 'use_padding', 'k'):
            self.assertIn(name, used)
        self.assertNotIn('block_size_x', used)
        self.assertNotIn('from_include_dir', used)
        # A "..." include not beside the file is looked up in -I directories.
        d2 = tree({'k.cu': '#include "other.h"\n'})
        used = source.used_identifiers(os.path.join(d2, 'k.cu'), [os.path.join(d, 'inc')])
        self.assertIn('from_include_dir', used)

    def test_kernel_tuner_defines(self):
        used = {'block_size_x', 'tile_size_x', 'grid_size_x', 'kernel_tuner'}
        got = source.kernel_tuner_defines(dict(tile_size_x=2, use_shmem=1), (32, 4, 1),
                                          (64, 8, 1), used)
        # use_shmem, block_size_y/z and grid_size_y/z are unused: left out.
        self.assertEqual(got, {'block_size_x': '32', 'tile_size_x': '2', 'grid_size_x': '64',
                               'kernel_tuner': '1'})


class UnrollFactorTest(unittest.TestCase):
    def test_zero_removes_the_pragma(self):
        d = tree({'k.cu': '#include "h.h"\nvoid f() {\n  #pragma unroll loop_unroll_factor_c\n'
                          '  for (;;) {}\n}\n'})
        path = os.path.join(d, 'k.cu')
        src, defs, incs = source.prepared_source(path, {'loop_unroll_factor_c': '0', 'a': '1'},
                                                 tempfile.mkdtemp())
        text = open(src).read()
        self.assertNotIn('#pragma unroll', text)
        self.assertTrue(text.startswith('#line 1 "%s"\n' % path))
        self.assertEqual(defs, {'a': '1'})
        self.assertEqual(incs, [d])

    def test_nonzero_becomes_constexpr(self):
        d = tree({'k.cu': '#pragma unroll loop_unroll_factor_c\nfor(;;){}\n'})
        src, defs, _ = source.prepared_source(os.path.join(d, 'k.cu'),
                                              {'loop_unroll_factor_c': '4'}, tempfile.mkdtemp())
        text = open(src).read()
        self.assertTrue(text.startswith('constexpr int loop_unroll_factor_c = 4;\n#line 1'))
        self.assertIn('#pragma unroll loop_unroll_factor_c', text)
        self.assertEqual(defs, {})

    def test_untouched_without_unroll_factors(self):
        src, defs, incs = source.prepared_source('/x/k.cu', {'a': '1'}, '/unused')
        self.assertEqual((src, defs, incs), ('/x/k.cu', {'a': '1'}, []))


if __name__ == '__main__':
    unittest.main()

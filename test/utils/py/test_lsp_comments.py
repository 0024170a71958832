"""Unit tests of utils/ktime_tools/lsp_comments.py: the `// ktime:`
comments of a CUDA file and where its kernels are. Run: python3
test_lsp_comments.py (lit: test/utils/unit-lsp-comments.test)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import lsp_comments  # noqa: E402


class KernelsTest(unittest.TestCase):
    def test_names_and_lines(self):
        text = ('// header\n'
                '__global__ void a(int n) {}\n'
                'template <int N>\n'
                '__global__ void __launch_bounds__(256, 2)\n'
                'b(float *x) {\n'
                '}\n'
                'extern "C" __global__ void c (int) { }\n')
        ks = lsp_comments.find_kernels(text)
        self.assertEqual([(k.name, k.line) for k in ks], [('a', 1), ('b', 3), ('c', 6)])

    def test_declarations_comments_and_strings_left_out(self):
        text = ('__global__ void declared(int);\n'
                '// __global__ void in_comment() {}\n'
                '/* __global__ void in_block(\n'
                '   ) {} */\n'
                'const char *s = "__global__ void in_string() {";\n'
                '__global__ void defined(int n) { }\n')
        ks = lsp_comments.find_kernels(text)
        self.assertEqual([(k.name, k.line) for k in ks], [('defined', 5)])

    def test_device_functions_are_not_kernels(self):
        text = '__device__ float f(float x) { return x; }\n'
        self.assertEqual(lsp_comments.find_kernels(text), [])


class CommentsTest(unittest.TestCase):
    def test_gpu_and_launch_of_the_next_kernel(self):
        text = ('// ktime: gpu a100, h100\n'
                '// ktime: launch grid=4096,block=256,n=1048576\n'
                '// ktime: launch grid=64x2,block=16x16\n'
                '__global__ void saxpy(int n) {}\n'
                '// ktime: launch grid=1,block=32\n'
                '\n'
                '__global__ void other(int n) {}\n')
        s = lsp_comments.parse(text)
        self.assertEqual(s.problems, [])
        self.assertEqual(s.gpus, ['a100', 'h100'])
        self.assertEqual(s.gpu_line, 0)
        self.assertEqual([(l.line, l.spec()) for l in s.launches], [
            (1, 'saxpy:grid=4096,block=256,n=1048576,id=L2'),
            (2, 'saxpy:grid=64x2,block=16x16,id=L3'),
            (4, 'other:grid=1,block=32,id=L5')])

    def test_a_named_kernel_anywhere(self):
        text = ('__global__ void k(int n) {}\n'
                '// ktime: launch k:grid=8,block=32,arg0=5\n')
        s = lsp_comments.parse(text)
        self.assertEqual([l.spec() for l in s.launches], ['k:grid=8,block=32,arg0=5,id=L2'])
        self.assertEqual(s.problems, [])

    def test_problems_have_their_line(self):
        text = ('// ktime: gpu\n'                          # 0: no GPU
                '// ktime: gpu a100\n'
                '// ktime: gpu h100\n'                     # 2: a second one
                '// ktime: lunch grid=1,block=1\n'         # 3: unknown key
                '// ktime: launch grid=4096\n'             # 4: no block
                '// ktime: launch grid=1,block=1,id=x\n'   # 5: id is ours
                '// ktime: launch nosuch:grid=1,block=1\n'  # 6: no such kernel
                '__global__ void k(int n) {}\n'
                '// ktime: launch grid=1,block=1\n')       # 8: no kernel follows
        s = lsp_comments.parse(text)
        self.assertEqual(s.gpus, ['a100'])
        self.assertEqual([line for line, _ in s.problems], [0, 2, 3, 4, 5, 6, 8])
        msgs = dict(s.problems)
        self.assertIn('names no GPU', msgs[0])
        self.assertIn("unknown '// ktime: lunch'", msgs[3])
        self.assertIn('needs grid= and block=', msgs[4])
        self.assertIn("no __global__ kernel of that name", msgs[6])
        self.assertIn('no __global__ kernel follows', msgs[8])
        self.assertEqual(s.launches, [])

    def test_only_a_comment_that_starts_with_ktime(self):
        text = ('// the `// ktime: launch` comments say ...\n'
                'int x = 4 / 2; // ktime: gpu t4\n'
                '__global__ void k() {}\n')
        s = lsp_comments.parse(text)
        self.assertEqual(s.problems, [])
        self.assertEqual(s.gpus, ['t4'])


if __name__ == '__main__':
    unittest.main()

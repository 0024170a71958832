"""Unit tests of utils/ktime-lsp's settings and transport:
utils/ktime_tools/lsp_project.py (the .ktime project file), lsp_compdb.py
(flags from compile_commands.json) and lsp_protocol.py (Content-Length
framing). Run: python3 test_lsp_config.py (lit:
test/utils/unit-lsp-config.test)."""

import io
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import lsp_compdb, lsp_project, lsp_protocol  # noqa: E402


class ProjectTest(unittest.TestCase):
    def test_keys(self):
        p = lsp_project.parse('# settings\n'
                              'gpu = a100, h100   # two GPUs\n'
                              'CUDA = shim\n'
                              'include = inc\n'
                              'include = /abs/inc\n'
                              'define = N=1024\n'
                              'launch = k:grid=1,block=32\n'
                              'timeout = 30\n', '/proj/.ktime')
        self.assertEqual(p.problems, [])
        self.assertEqual(p.gpus(), ['a100', 'h100'])
        self.assertEqual(p.get('cuda'), 'shim')
        self.assertEqual(p.get('include'), ['/proj/inc', '/abs/inc'])
        self.assertEqual(p.get('define'), ['N=1024'])
        self.assertEqual(p.get('launch'), ['k:grid=1,block=32'])
        self.assertEqual(p.timeout(), 30.0)

    def test_problems(self):
        p = lsp_project.parse('gpu a100\ncolour = blue\ncuda = maybe\ntimeout = soon\n'
                              'gpu = t4\ngpu = h100\n', '/proj/.ktime')
        self.assertEqual([line for line, _ in p.problems], [1, 2, 6, 0])
        self.assertIn('not key = value', p.problems[0][1])
        self.assertIn("unknown key 'colour'", p.problems[1][1])
        self.assertEqual(p.get('cuda'), 'auto')
        self.assertEqual(p.gpus(), ['h100'])
        self.assertEqual(p.timeout(120), 120)

    def test_found_in_a_parent_else_the_root(self):
        with tempfile.TemporaryDirectory() as d:
            sub = os.path.join(d, 'a', 'b')
            os.makedirs(sub)
            src = os.path.join(sub, 'k.cu')
            root = os.path.join(d, 'root')
            os.makedirs(root)
            self.assertIsNone(lsp_project.find(src, root))
            with open(os.path.join(root, '.ktime'), 'w') as f:
                f.write('gpu = t4\n')
            self.assertEqual(lsp_project.load(src, root).gpus(), ['t4'])
            with open(os.path.join(d, 'a', '.ktime'), 'w') as f:
                f.write('gpu = h100\n')
            self.assertEqual(lsp_project.load(src, root).gpus(), ['h100'])


class CompdbTest(unittest.TestCase):
    def test_kept_flags(self):
        f = lsp_compdb.keep(['nvcc', '-I', 'inc', '-Iinc2', '-isystem', '/sys', '-DN=4', '-D',
                             'M', '-include', 'pre.h', '-std=c++17', '-arch=sm_75', '-O3',
                             '-o', 'x.o', '-c', 'k.cu', '--cuda-gpu-arch=sm_90', '-UFOO',
                             '--cuda-path=cuda', '-Wall', '-x', 'cuda'], '/proj')
        self.assertEqual(f.args, ['-I/proj/inc', '-I/proj/inc2', '-isystem', '/sys', '-DN=4',
                                  '-DM', '-include', '/proj/pre.h', '-std=c++17', '-UFOO'])
        self.assertEqual(f.arches, ['sm_75', 'sm_90'])
        self.assertEqual(f.cuda_path, '/proj/cuda')

    def test_entry_of_the_file(self):
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, 'src', 'k.cu')
            os.makedirs(os.path.dirname(src))
            open(src, 'w').close()
            build = os.path.join(d, 'build')
            os.makedirs(build)
            with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
                json.dump([{'directory': build, 'file': '../src/other.cu', 'command': 'c -DX'},
                           {'directory': build, 'file': '../src/k.cu',
                            'command': "clang++ -I../include '-DNAME=a b' -c ../src/k.cu"}],
                          f)
            # Not beside the file: found as the workspace root's build/.
            flags, problem = lsp_compdb.load(src, d)
            self.assertIsNone(problem)
            self.assertEqual(flags.args, ['-I' + os.path.join(d, 'include'), '-DNAME=a b'])
            self.assertEqual(flags.directory, build)
            with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
                f.write('[not json')
            flags, problem = lsp_compdb.load(src, d)
            self.assertIn('cannot read it', problem)
            self.assertEqual(flags.args, [])


class ProtocolTest(unittest.TestCase):
    def test_round_trip(self):
        msgs = [{'jsonrpc': '2.0', 'id': 1, 'method': 'initialize', 'params': {'x': 'é'}},
                {'jsonrpc': '2.0', 'method': 'exit'}]
        stream = io.BytesIO(b''.join(lsp_protocol.encode(m) for m in msgs))
        self.assertEqual(lsp_protocol.read_message(stream), msgs[0])
        self.assertEqual(lsp_protocol.read_message(stream), msgs[1])
        self.assertIsNone(lsp_protocol.read_message(stream))

    def test_other_headers_and_case(self):
        body = b'{"id": 2}'
        stream = io.BytesIO(b'content-length: %d\r\nContent-Type: x\r\n\r\n' % len(body) + body)
        self.assertEqual(lsp_protocol.read_message(stream), {'id': 2})

    def test_bad_frames(self):
        for data in (b'Content-Length: 3\r\n\r\n[1,', b'Content-Length: 2\r\n\r\n42',
                     b'Content-Length: x\r\n\r\n', b'X-Other: 1\r\n\r\n'):
            with self.assertRaises(lsp_protocol.ProtocolError, msg=data):
                lsp_protocol.read_message(io.BytesIO(data))

    def test_stream_ending_inside_a_body(self):
        self.assertIsNone(lsp_protocol.read_message(io.BytesIO(b'Content-Length: 10\r\n\r\n{}')))


if __name__ == '__main__':
    unittest.main()

"""Unit tests of the plugin-output readers: the JSON report
(utils/ktime_tools/report.py), `ptxas -v` output, mangled names and the
-ktime-list-gpus listing (utils/ktime_tools/tools.py). Run: python3
test_report.py (lit: test/utils/unit-report.test)."""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import report, tools  # noqa: E402

GOOD = {
    'schema': 1, 'kerneltime': '0.1',
    'launches': [{'id': 'c0', 'kernel': '_Z5scalePfi', 'gpu': 'a100-pcie-40gb',
                  'spec': 'scale:grid=4x1x1,block=256x1x1,id=c0', 'grid': [4, 1, 1],
                  'block': [256, 1, 1], 'shmem': 0, 'regs': 16, 'regs_source': 'estimate',
                  'predicted_ns': 2500.0, 'launch_ns': 2000.0, 'waves': 0.01,
                  'blocks_per_sm': 8, 'occupancy': 1.0, 'bound': 'launch',
                  'assumptions': [], 'models': {'kp': 2500.0, 'maxplus': 2600.0}},
                 {'kernel': 'scale', 'gpu': 'h100-sxm', 'spec': 'scale:grid=1,block=32,id=c1',
                  'predicted_ns': 3}],
    'errors': [{'spec': 'scale:grid=1x1x1,block=2048x1x1,id=c2',
                'message': 'block of 2048 threads exceeds 1024'}]}


def dump(data):
    f = tempfile.NamedTemporaryFile('w', suffix='.json', delete=False)
    f.write(data if isinstance(data, str) else json.dumps(data))
    f.close()
    return f.name


class ReportTest(unittest.TestCase):
    def test_good(self):
        r = report.load(dump(GOOD))
        self.assertEqual(r.version, '0.1')
        self.assertEqual([e['id'] for e in r.launches], ['c0', 'c1'])  # c1 from its spec
        self.assertEqual(r.launches[0]['models']['maxplus'], 2600.0)
        self.assertEqual(r.errors, [{'spec': GOOD['errors'][0]['spec'], 'id': 'c2',
                                     'message': 'block of 2048 threads exceeds 1024'}])

    def test_bad(self):
        cases = [('{"schema": 1, ', 'not JSON'),
                 ({'schema': 2, 'launches': []}, 'schema 2'),
                 ({'schema': 1, 'launches': {}}, 'must be lists'),
                 ({'schema': 1, 'launches': [{'kernel': 'k', 'gpu': 'g'}]}, 'no "predicted_ns"'),
                 ({'schema': 1, 'launches': [{'kernel': 'k', 'gpu': 'g', 'predicted_ns': 'x'}]},
                  'not a non-negative number'),
                 ({'schema': 1, 'launches': [], 'errors': [{'spec': 's'}]}, 'errors[0]')]
        for data, why in cases:
            with self.assertRaises(report.ReportError) as cm:
                report.load(dump(data))
            self.assertIn(why, str(cm.exception), data)
        with self.assertRaises(report.ReportError) as cm:
            report.load('/nonexistent/r.json')
        self.assertIn('the plugin wrote no report', str(cm.exception))

    def test_id_of_spec(self):
        self.assertEqual(report.id_of_spec('k:grid=1,block=1,id=c7'), 'c7')
        self.assertEqual(report.id_of_spec('k:grid=1,block=1,width=3'), None)
        self.assertEqual(report.id_of_spec('k:grid=1,block=1,grid_id=3'), None)


# What ptxas 13.0 prints for -v (the shape of its output, written here).
PTXAS = """ptxas info    : 0 bytes gmem, 4356 bytes cmem[3]
ptxas info    : Compiling entry function '_Z17convolution_naivePfS_S_' for 'sm_80'
ptxas info    : Function properties for _Z17convolution_naivePfS_S_
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 31 registers, used 0 barriers, 376 bytes cmem[0]
ptxas info    : Compile time = 13.451 ms
ptxas info    : Compiling entry function '_Z18convolution_kernelPfS_S_' for 'sm_80'
ptxas info    : Function properties for _Z18convolution_kernelPfS_S_
    8 bytes stack frame, 12 bytes spill stores, 20 bytes spill loads
ptxas info    : Used 255 registers, used 1 barriers, 9360 bytes smem, 376 bytes cmem[0]
ptxas info    : Compiling entry function 'dedispersion_kernel' for 'sm_86'
ptxas info    : Function properties for dedispersion_kernel
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 16 registers, used 0 barriers, 376 bytes cmem[0]
"""


class PtxasTest(unittest.TestCase):
    def test_parse(self):
        f = tools.parse_ptxas(PTXAS)
        self.assertEqual(list(f), ['_Z17convolution_naivePfS_S_', '_Z18convolution_kernelPfS_S_',
                                   'dedispersion_kernel'])
        self.assertEqual(f['_Z18convolution_kernelPfS_S_'],
                         {'regs': 255, 'spill_stores': 12, 'spill_loads': 20})
        self.assertEqual(tools.find_kernel_entry(f, 'convolution_kernel')['regs'], 255)
        self.assertEqual(tools.find_kernel_entry(f, '_Z17convolution_naivePfS_S_')['regs'], 31)
        self.assertEqual(tools.find_kernel_entry(f, 'dedispersion_kernel')['regs'], 16)
        self.assertIsNone(tools.find_kernel_entry(f, 'convolution'))

    def test_unmangled(self):
        self.assertEqual(tools.unmangled_name('_Z9cn_pnpolyPiP6float2i'), 'cn_pnpoly')
        self.assertEqual(tools.unmangled_name('_ZN2ns6kernelEPf'), 'kernel')
        self.assertEqual(tools.unmangled_name('_ZN2ns6kernelILi4EEEvPf'), 'kernel')
        self.assertEqual(tools.unmangled_name('_ZNK1S1fEv'), 'f')
        self.assertEqual(tools.unmangled_name('dedispersion_kernel'), 'dedispersion_kernel')


LIST = """KernelTime GPU targets in /b/share/kerneltime/gpu-targets (next to the plugin):
  a100-pcie-40gb  arch sm_80  aliases a100  default for sm_80  (NVIDIA A100 PCIe 40 GB)
  a100-sxm4-80gb  arch sm_80  (NVIDIA A100 SXM4 80 GB)
  rtx-a4000  arch sm_86  aliases a4000, rtx4000  (NVIDIA RTX A4000)
"""


class GpuListTest(unittest.TestCase):
    def test_catalog(self):
        t = tools.parse_gpu_list(LIST)
        self.assertEqual(t['a100-pcie-40gb'], ('sm_80', ['a100']))
        self.assertEqual(t['a100-sxm4-80gb'], ('sm_80', []))
        self.assertEqual(t['rtx-a4000'], ('sm_86', ['a4000', 'rtx4000']))
        c = tools.GpuCatalog(t)
        self.assertEqual(c.resolve('A100'), 'a100-pcie-40gb')
        self.assertEqual(c.resolve('rtx4000'), 'rtx-a4000')
        self.assertEqual(c.resolve('a100-sxm4-80gb'), 'a100-sxm4-80gb')
        self.assertIsNone(c.resolve('a6000'))
        self.assertEqual(c.resolve('my/gpu.yaml'), 'my/gpu.yaml')
        self.assertEqual(c.arch('rtx-a4000'), 'sm_86')
        # A target file given by path: its own arch line.
        f = tempfile.NamedTemporaryFile('w', suffix='.yaml', delete=False)
        f.write('schema: 1\nname: x\narch: sm_89\n')
        f.close()
        self.assertEqual(c.arch(f.name), 'sm_89')
        # One that names its architecture file (schema 2).
        f = tempfile.NamedTemporaryFile('w', suffix='.yaml', delete=False)
        f.write('schema: 2\nname: x\narchitecture: sm_86\n')
        f.close()
        self.assertEqual(c.arch(f.name), 'sm_86')
        self.assertIsNone(c.arch('/nonexistent/x.yaml'))


if __name__ == '__main__':
    unittest.main()

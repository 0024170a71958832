"""Unit tests of utils/ktime_tools/lsp_remarks.py (clang's output as
diagnostics) and lsp_lens.py (the code lenses made of it). Run: python3
test_lsp_remarks.py (lit: test/utils/unit-lsp-remarks.test)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import lsp_comments, lsp_lens, lsp_remarks as R, report  # noqa: E402

FLAG = ' [-Rpass-analysis=kernel-time]'
# A compile's stderr as clang prints it: each diagnostic, then the source
# line and a caret under the column.
STDERR = '\n'.join([
    '/p/k.cu:7:1: remark: kernel saxpy(int, float, float const*, float*) on a100-pcie-40gb, '
    'grid 4096x1x1, block 256x1x1: predicted 5.11 us (5110 ns) = launch 2.78 us + 4.74 waves '
    '(0.491 us per full wave); occupancy 8 blocks/SM, 64 warps (100%, limited by warps), '
    '13 registers (estimate); bound: launch; per thread mem = 12 B, uncoalMem = 0 B' + FLAG,
    '    7 | __global__ void saxpy(int n, float a, const float *x, float *y) {',
    '      | ^',
    '/p/k.cu:8:3: remark: loop loop1: trip = 15, lat = 20 cycles, del = 24 cycles per iteration' + FLAG,
    "/p/k.cu:7:1: remark: assumption (a100-pcie-40gb, launch 'saxpy:grid=4096,block=256'): "
    'registers per thread estimated from the IR' + FLAG,
    '/p/k.cu:18:12: remark: global store is uncoalesced: a warp touches 32 sectors where 4 '
    'would do (factor 8, stride 4 * n bytes)' + FLAG,
    "/p/k.cu:19:5: remark: shared load has 32-way bank conflicts (a warp's request takes 32 "
    'wavefronts, stride 128 bytes)' + FLAG,
    '/p/k.cu:20:5: remark: const load is serialized: a warp reads 32 distinct addresses, one '
    'per cycle' + FLAG,
    "/p/k.cu:30:1: remark: warning: no prediction for launch 'trmv:grid=64,block=128,id=L29' "
    "on a100-pcie-40gb: no value for 'n' in the time" + FLAG,
    '/p/k.cu:40:1: remark: kernel chase(int const*, int, int*) on h100-sxm, grid 1x1x1, '
    'block 1x1x1: predicted 120.5 us (120467 ns) = launch 2 us + 0.01 waves (one partial '
    'wave of 118 us); occupancy 1 blocks/SM, 1 warps (2%, limited by grid), 20 registers '
    '(estimate); bound: latency; estimate, assumed: trip.loop1 = 1000; per thread '
    'mem = 0 B' + FLAG,
    '/p/k.cu:9:3: remark: loop unrolled 4 times [-Rpass=loop-unroll]',
    '/p/k.cu:12:9: error: use of undeclared identifier \'q\'',
    '   12 |   y[i] = q;',
    '/p/k.cu:3:7: note: previous definition is here',
    '/p/inc.h:2:1: warning: unused variable \'z\' [-Wunused-variable]',
    "error: unable to load plugin '/x/KernelTime.so': undefined symbol: _ZN4llvm",
    'clang++: error: no such file or directory: \'nosuch.cu\'',
    '1 error generated.',
])


class ParseTest(unittest.TestCase):
    def setUp(self):
        self.diags = R.parse(STDERR)

    def at(self, line):
        return [d for d in self.diags if d.line == line]

    def test_places_are_zero_based(self):
        d = self.diags[0]
        self.assertEqual((d.file, d.line, d.col), ('/p/k.cu', 6, 0))
        self.assertTrue(d.message.startswith('kernel saxpy('))
        self.assertFalse(d.message.endswith(FLAG.strip()))

    def test_severities(self):
        sev = {d.message.split(':')[0].split(' (')[0]: d.severity for d in self.diags}
        self.assertEqual(self.at(6)[0].severity, R.INFORMATION)           # prediction
        self.assertEqual(sev['loop loop1'], R.INFORMATION)
        self.assertEqual(self.at(6)[1].severity, R.HINT)                  # assumption
        self.assertEqual(self.at(17)[0].severity, R.WARNING)              # uncoalesced
        self.assertEqual(self.at(18)[0].severity, R.WARNING)              # bank conflicts
        self.assertEqual(self.at(19)[0].severity, R.WARNING)              # serialized
        self.assertEqual(self.at(29)[0].severity, R.WARNING)              # no prediction
        self.assertEqual(self.at(11)[0].severity, R.ERROR)
        self.assertEqual(self.at(11)[0].source, 'clang')

    def test_other_passes_and_context_lines_are_left_out(self):
        self.assertFalse([d for d in self.diags if 'unrolled' in d.message])
        self.assertFalse([d for d in self.diags if '|' in d.message])
        self.assertFalse([d for d in self.diags if 'generated' in d.message])

    def test_note_joins_its_error(self):
        self.assertEqual(self.at(11)[0].message,
                         "use of undeclared identifier 'q'\nnote: previous definition is here")

    def test_errors_without_a_place(self):
        loose = [d for d in self.diags if d.file is None]
        self.assertEqual([d.severity for d in loose], [R.ERROR, R.ERROR])
        self.assertIn('unable to load plugin', loose[0].message)
        self.assertIn('no such file', loose[1].message)

    def test_header_warning_keeps_its_file(self):
        d = [d for d in self.diags if d.file == '/p/inc.h'][0]
        self.assertEqual((d.line, d.severity), (1, R.WARNING))

    def test_predictions(self):
        good, bad = R.predictions(self.diags)
        self.assertEqual([(p.kernel, p.gpu, p.grid, p.block, p.us, p.ns, p.bound, p.estimate)
                          for p in good],
                         [('saxpy(int, float, float const*, float*)', 'a100-pcie-40gb',
                           '4096x1x1', '256x1x1', '5.11', 5110, 'launch', False),
                          ('chase(int const*, int, int*)', 'h100-sxm', '1x1x1', '1x1x1',
                           '120.5', 120467, 'latency', True)])
        self.assertEqual([(b.spec, b.gpu, b.line) for b in bad],
                         [('trmv:grid=64,block=128,id=L29', 'a100-pcie-40gb', 29)])

    def test_shorter_prediction_text(self):
        # The kernel remark without the nanoseconds and the breakdown.
        good, _ = R.predictions(R.parse(
            '/p/k.cu:7:1: remark: kernel scale on a100-pcie-40gb, grid 64x1x1, block 256x1x1: '
            'predicted 1.70 us; bound: launch (1.54 us of it); occupancy 100%' + FLAG))
        self.assertEqual([(p.kernel, p.us, p.ns, p.bound, p.estimate) for p in good],
                         [('scale', '1.70', None, 'launch', False)])

    def test_empty_and_odd_input(self):
        self.assertEqual(R.parse(''), [])
        self.assertEqual(R.parse(None), [])
        self.assertEqual(R.parse('k.cu:x:1: remark: nothing\n\x00\n'), [])


class LensTest(unittest.TestCase):
    KERNELS = [lsp_comments.Kernel('saxpy', 6), lsp_comments.Kernel('other', 12),
               lsp_comments.Kernel('trmv', 28), lsp_comments.Kernel('chase', 38)]

    def test_lenses_at_the_kernels(self):
        lenses = lsp_lens.lenses(R.parse(STDERR), self.KERNELS, {'saxpy', 'trmv', 'chase'})
        self.assertEqual(lenses, [
            (6, 'KernelTime: 5.11 us on a100-pcie-40gb (launch)'),
            (12, 'KernelTime: no launch (add // ktime: launch grid=..,block=..)'),
            (28, 'KernelTime: no prediction on a100-pcie-40gb (see the warning)'),
            (38, 'KernelTime: 120.5 us on h100-sxm (latency), an estimate')])

    def test_two_predictions_of_one_kernel_say_their_launch(self):
        two = STDERR.splitlines()[0] + '\n' + STDERR.splitlines()[0].replace(
            'grid 4096x1x1', 'grid 8x1x1').replace('5.11 us (5110', '1.5 us (1500')
        lenses = lsp_lens.lenses(R.parse(two), self.KERNELS[:1], {'saxpy'})
        self.assertEqual(lenses, [
            (6, 'KernelTime: 5.11 us on a100-pcie-40gb (launch), grid 4096x1x1, block 256x1x1'),
            (6, 'KernelTime: 1.5 us on a100-pcie-40gb (launch), grid 8x1x1, block 256x1x1')])

    def test_a_remark_of_another_kernel_is_not_taken(self):
        # The remark at line 7 names saxpy, but the scan saw only 'other' there.
        lenses = lsp_lens.lenses(R.parse(STDERR), [lsp_comments.Kernel('other', 6)], {'other'})
        self.assertEqual(lenses, [])

    def test_from_report(self):
        # Launch L2 is of 'saxpy' (its comment's kernel); the other entry is
        # found by its demangled name; an error entry gives 'no prediction'.
        rep = report.parse({
            'schema': 1, 'kerneltime': '0.1.0',
            'launches': [
                {'id': 'L2', 'kernel': '_Z5saxpyi', 'kernel_demangled': 'saxpy(int)',
                 'gpu': 'a100-pcie-40gb', 'spec': 'saxpy:grid=8,block=256,id=L2',
                 'grid': [8, 1, 1], 'block': [256, 1, 1], 'predicted_ns': 123456.0,
                 'bound': 'DRAM'},
                {'id': 'P1', 'kernel': '_Z5chasePi', 'kernel_demangled': 'chase(int*)',
                 'gpu': 'h100-sxm', 'spec': 'chase:grid=1,block=1,id=P1',
                 'grid': [1, 1, 1], 'block': [1, 1, 1], 'predicted_ns': 950.0,
                 'bound': 'latency', 'estimate': True}],
            'errors': [{'gpu': 'a100-pcie-40gb', 'kernel': '_Z4trmvi',
                        'spec': 'trmv:grid=64,block=128,id=L29', 'message': 'no value'}]})
        lenses = lsp_lens.from_report(rep, self.KERNELS,
                                      {'L2': 'saxpy', 'L29': 'trmv', 'P1': 'chase'})
        self.assertEqual(lenses, [
            (6, 'KernelTime: 123.5 us on a100-pcie-40gb (DRAM)'),
            (12, 'KernelTime: no launch (add // ktime: launch grid=..,block=..)'),
            (28, 'KernelTime: no prediction (see the warning)'),
            (38, 'KernelTime: 0.950 us on h100-sxm (latency), an estimate')])

    def test_microseconds_as_the_remarks_print_them(self):
        self.assertEqual([lsp_lens.microseconds(ns) for ns in (123456, 5109.7, 950)],
                         ['123.5', '5.11', '0.950'])

    def test_base_name(self):
        self.assertEqual(lsp_lens._base_name('ns::k<4, float>(float*)'), 'k')
        self.assertEqual(lsp_lens._base_name('saxpy(int)'), 'saxpy')


if __name__ == '__main__':
    unittest.main()

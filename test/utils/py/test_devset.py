"""Unit tests of the development set's table, adapters and scoreboard
figures (utils/ktime_tools/devtable.py, adapt_pmpp.py, adapt_gpubench.py,
adapt_gpubench_roofline.py, adapt_gpubench_strides.py,
adapt_gpubench_small.py, adapt_gpubench_cache.py, adapt_gpuperf.py, scoreboard.py, devset_run.py,
and tools.py's SDK flags) on small hand-written inputs
(test/utils/Inputs/devset/); no fetched data, GPU or CUDA needed.
Run: python3 test_devset.py (lit: test/utils/unit-devset.test)."""

import io
import json
import os
import shlex
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'utils'))
from ktime_tools import adapt_gpubench, adapt_gpuperf, adapt_pmpp, devgpus, devrun  # noqa: E402
from ktime_tools import adapt_gpubench_roofline, adapt_gpubench_strides  # noqa: E402
from ktime_tools import adapt_gpubench_small  # noqa: E402
from ktime_tools import adapt_gpubench_cache  # noqa: E402
from ktime_tools import devset_run  # noqa: E402
from ktime_tools import devtable, scoreboard  # noqa: E402
from ktime_tools import tools as toolsmod  # noqa: E402

INPUTS = os.path.join(HERE, '..', 'Inputs', 'devset')


class Table(unittest.TestCase):
    def test_good_rows(self):
        rows = devtable.read_path(os.path.join(INPUTS, 'table-good.csv'))
        self.assertEqual(len(rows), 2)
        self.assertEqual(rows[0].grid(), (4, 1, 1))
        self.assertEqual(rows[1].grid(), (8, 1, 1))
        self.assertEqual(rows[1].block(), (128, 1, 1))
        self.assertEqual(devtable.pairs(rows[1]['args']), [('n', '1024'), ('alpha', '1.5')])
        self.assertEqual(rows[0].targets(), ['a100-pcie-40gb', 'a100'])
        self.assertEqual(rows[1].targets(), [])
        self.assertTrue(rows[1].flag('circular'))
        self.assertFalse(rows[0].flag('circular'))
        self.assertEqual(rows[1].number('shmem'), 64.0)
        self.assertIsNone(rows[0].number('shmem'))
        # Columns the file lacks are blank.
        self.assertEqual(rows[0]['bytes'], '')

    def test_bad_kind_names_line(self):
        with self.assertRaises(devtable.TableError) as e:
            devtable.read_path(os.path.join(INPUTS, 'table-bad-kind.csv'))
        self.assertIn('line 3', str(e.exception))
        self.assertIn("'wallclock'", str(e.exception))

    def test_bad_cells(self):
        base = dict(dataset='x', family='f', source='k.cu', kernel='k', grid='1',
                    block='32', gpu='g', time_kind='device')
        for col, val, msg in (('time_us', '0', 'positive'), ('time_us', 'fast', 'not a number'),
                              ('grid', '0,1', 'at least 1'), ('block', '1,2,3,4', 'X,Y,Z'),
                              ('args', 'n', 'NAME=VALUE'), ('shmem', 'lots', 'not a number')):
            cells = dict(base, time_us='1')
            cells[col] = val
            with self.assertRaises(devtable.TableError) as e:
                devtable.make_row(**cells)
            self.assertIn(msg, str(e.exception))

    def test_round_trip(self):
        r = devtable.make_row(dataset='x', family='f', source='k.cu', kernel='k',
                              grid=(2, 3, 1), block=(32, 1, 1), gpu='g', time_us=1.25,
                              time_kind='host', args=[('n', 7)], circular=True,
                              prelude='#include <cstdint>\n#define A 1')
        back = devtable.read(io.StringIO(devtable.to_text([r])))
        self.assertEqual(back, [r])
        self.assertEqual(back[0]['grid'], '2,3,1')
        self.assertEqual(back[0]['circular'], '1')


class Gpus(unittest.TestCase):
    def test_names(self):
        self.assertEqual(devgpus.normal('NVIDIA GeForce RTX 3060 Ti'), 'rtx3060ti')
        self.assertEqual(devgpus.targets_for('NVIDIA GeForce RTX 3080'),
                         ['rtx-3080-10gb', 'rtx-3080'])
        self.assertEqual(devgpus.targets_for('Tesla K40c (0)'), ['k40c', 'k40'])
        self.assertEqual(devgpus.targets_for('Radeon 6900'), [])


class Pmpp(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        d = os.path.join(self.root, 'Performance-Tests-NvBench', 'array_add')
        os.makedirs(os.path.join(d, 'BenchResults'))
        open(os.path.join(d, 'array_add_kernels.cuh'), 'w').close()
        for name in ('BenchResults3080.csv', 'BenchResults3080.md'):
            shutil.copy(os.path.join(INPUTS, name), os.path.join(d, 'BenchResults'))

    def tearDown(self):
        shutil.rmtree(self.root)

    def test_rows(self):
        skipped = {}
        rows = adapt_pmpp.rows(self.root, skipped=skipped)
        self.assertEqual(len(rows), 3)
        r = rows[0]
        # Axis Size 32, blocks of 16 x 16: grid ceil(32 / 16) = 2 in x and y.
        self.assertEqual(r.grid(), (2, 2, 1))
        self.assertEqual(r.block(), (16, 16, 1))
        self.assertEqual(devtable.pairs(r['args']), [('m', '32'), ('n', '32')])
        self.assertEqual(r['kernel'], 'array_add_coalesced')
        self.assertEqual(r['family'], 'matrix-add')
        self.assertEqual(r.time_us(), 4.5)     # GPU Time 4.5e-06 s
        self.assertEqual(r.number('bytes'), 8192 + 4096)
        self.assertEqual((r['time_kind'], r['cold']), ('events', '1'))
        # The GPU's empty launch: the median of its two 2 x 2 matrix adds
        # (3.1 and 3.3 us), which become circular; the clocks of the
        # device summary in BenchResults3080.md.
        self.assertEqual(r.number('empty_us'), 3.2)
        self.assertEqual([x.flag('circular') for x in rows], [False, True, True])
        self.assertEqual((r['sm_mhz'], r['mem_mhz']), ('1725', '9501'))
        self.assertEqual(r['target'], 'rtx-3080-10gb|rtx-3080')
        self.assertIn('template __global__ void array_add_coalesced<float>', r['instantiate'])
        self.assertEqual(skipped['skipped by NVBench'], 1)
        self.assertEqual(skipped['Something Else (Different Sizes): benchmark not described'], 1)
        # The other benches have no header in this checkout, and the ones
        # the description leaves out say why.
        self.assertIn('histogram: no histogram_kernels.cuh', skipped)
        self.assertTrue(any(k.startswith('reduction: left out: ') for k in skipped))

    def test_named_spec(self):
        # A benchmark that names one of its bench's specs takes that spec's
        # axes, grid and arguments over the bench's own.
        d = os.path.join(self.root, 'Performance-Tests-NvBench', 'conv')
        os.makedirs(os.path.join(d, 'BenchResults'))
        open(os.path.join(d, 'conv.cuh'), 'w').close()
        with open(os.path.join(d, 'BenchResults', 'BenchResults3080.csv'), 'w') as f:
            f.write('Benchmark,Device Name,Skipped,GPU Time (sec),Axis size,Block axis dim\n'
                    'Conv 2D,NVIDIA GeForce RTX 3080,No,2e-05,100,16\n')
        desc = os.path.join(self.root, 'desc.json')
        with open(desc, 'w') as f:
            json.dump({'time_kind': 'device', 'benches': [{
                'dir': 'conv', 'header': 'conv.cuh',
                'axes': {'N': 'Array size'}, 'grid': ['N'], 'block': ['32'],
                'args': {'n': 'N'}, 'problem': "'n%d' % N", 'config': "'x'",
                'specs': {'2d': {'axes': {'A': 'Axis size', 'B': 'Block axis dim'},
                                 'grid': ['(A + B - 1) // B', '(A + B - 1) // B'],
                                 'block': ['B', 'B'], 'args': {'width': 'A'},
                                 'problem': "'%dx%d' % (A, A)", 'config': "'b%d' % B"}},
                'benchmarks': {'Conv 2D': {'family': 'c2', 'variant': 'v', 'kernel': 'k',
                                           'spec': '2d'}}}]}, f)
        rows = adapt_pmpp.rows(self.root, desc_path=desc)
        self.assertEqual(len(rows), 1)
        # ceil(100 / 16) = 7 blocks per axis.
        self.assertEqual((rows[0].grid(), rows[0].block()), ((7, 7, 1), (16, 16, 1)))
        self.assertEqual((rows[0]['problem'], rows[0]['args']), ('100x100', 'width=100'))


class GpuStream(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        self.tdir = os.path.join(self.root, 'targets')
        os.makedirs(os.path.join(self.root, 'gpu-stream'))
        os.makedirs(self.tdir)
        open(os.path.join(self.root, 'gpu-stream', 'main.cu'), 'w').close()
        shutil.copy(os.path.join(INPUTS, 'a100_40.txt'), os.path.join(self.root, 'gpu-stream'))
        shutil.copy(os.path.join(INPUTS, 'a100-test.yaml'),
                    os.path.join(self.tdir, 'a100-pcie-40gb.yaml'))

    def tearDown(self):
        shutil.rmtree(self.root)

    def test_rows(self):
        rows = adapt_gpubench.rows(self.root, tdir=self.tdir)
        self.assertEqual(len(rows), 12)  # 2 block sizes x 6 kernels
        triad = [r for r in rows if r['variant'] == 'triad' and r['config'] == 'b64'][0]
        n = 128 * 1024 * 1024 + 2
        # 3 streams x n x 8 B at 403 GB/s: 3221225520 / 403 ns = 7993.12 us.
        self.assertAlmostEqual(triad.time_us(), 7993.12, places=2)
        self.assertEqual(triad.number('bytes'), 3 * n * 8)
        self.assertEqual(triad.grid(), (n // 64 + 1, 1, 1))
        self.assertEqual(triad['time_kind'], 'host')
        # 164 kB per SM / 2 - 1 kB reserved - 32 kB static = 50176 B.
        self.assertEqual(triad.number('shmem'), 50176)
        # read's store never runs (B holds 0.23): its side is bound to 0;
        # the other kernels bind only their arguments.
        read = [r for r in rows if r['variant'] == 'read'][0]
        self.assertEqual(dict(devtable.pairs(read['args']))['taken.L56'], '0')
        self.assertNotIn('taken.L56', dict(devtable.pairs(triad['args'])))
        # The target file cites gpu-stream/a100_40.txt: circular.
        self.assertTrue(all(r.flag('circular') for r in rows))
        os.remove(os.path.join(self.tdir, 'a100-pcie-40gb.yaml'))
        rows = adapt_gpubench.rows(self.root, tdir=self.tdir)
        self.assertFalse(any(r.flag('circular') for r in rows))
        self.assertEqual(rows[0]['shmem'], '')


class GpuBenchSweeps(unittest.TestCase):
    """adapt_gpubench_roofline, adapt_gpubench_strides and
    adapt_gpubench_small over result lines written here in the files'
    layout."""

    def setUp(self):
        self.root = tempfile.mkdtemp()
        for sub in ('gpu-roofline', 'gpu-strides', 'gpu-small-kernels'):
            os.makedirs(os.path.join(self.root, sub))
            open(os.path.join(self.root, sub, 'main.cu'), 'w').close()

    def tearDown(self):
        shutil.rmtree(self.root)

    def write(self, sub, name, text):
        with open(os.path.join(self.root, sub, name), 'w') as f:
            f.write(text)

    def test_roofline(self):
        self.write('gpu-roofline', 'alex_a100_40.txt', '\n'.join([
            '-- Finished Building --',
            '0 864 blocks     8 its      2.250 Fl/B       1300 GB/s   2925 GF/s   1400 Mhz   230 W   48C',
            '1 864 blocks     8 its      2.250 Fl/B       1400 GB/s   3150 GF/s   1410 Mhz   231 W   47C',
            '0 864 blocks     0 its      0.125 Fl/B       1300 GB/s    162 GF/s   1410 Mhz   220 W   45C',
            # 1000 x 7077888000 B at 9999 GB/s: 0.71 s, less than the 2.1 s
            # the run's clock sampling sleeps.
            '0 864 blocks     1 its      0.500 Fl/B       9999 GB/s   5000 GF/s   1410 Mhz   220 W   45C',
            '']))
        self.write('gpu-roofline', 'mi210.txt', '')
        skipped = {}
        rows = adapt_gpubench_roofline.rows(self.root, skipped=skipped)
        self.assertEqual(len(rows), 1)
        r = rows[0]
        # Two devices: median 1350 GB/s and 1405 MHz. 2 arrays x 864 blocks x
        # 256 threads x 4000 x 4 B = 7077888000 B / 1350 GB/s = 5242.88 us.
        self.assertAlmostEqual(r.time_us(), 5242.88, places=2)
        self.assertEqual(r.number('sm_mhz'), 1405)
        self.assertEqual((r.grid(), r.block()), ((864, 1, 1), (256, 1, 1)))
        self.assertEqual((r['time_kind'], r['defines'], r['config']), ('batch', 'PARN=8', 'n8'))
        # (2 + 2 x 8) flops per element pair, 864 x 256 x 4000 elements.
        self.assertEqual(r.number('flops'), 18 * 864 * 256 * 4000)
        self.assertEqual(r['kernel'], '_Z7testfunIfLi8ELi4000ELi256EEvPT_S1_S1_')
        self.assertIn('testfun<float, 8, 4000, 256>', r['instantiate'])
        self.assertEqual(r['target'], 'a100-pcie-40gb')
        # The line of 0.125 flop/B is of the double build; mi210 is AMD's.
        self.assertEqual(skipped['gpu-roofline/alex_a100_40.txt: not of the float build'], 1)
        self.assertIn('gpu-roofline/mi210.txt: not an NVIDIA GPU with a known name', skipped)
        self.assertEqual(skipped['gpu-roofline/alex_a100_40.txt: faster than the sampling loop'], 1)
        # One flag, whatever the checkout's path holds.
        (flag,) = shlex.split(r['flags'])
        self.assertTrue(flag.startswith('-I') and flag.endswith(os.path.join('utils', 'devset',
                                                                            'include')))

    def test_strides(self):
        self.write('gpu-strides', 'a100.txt', '\n'.join([
            'clock: 1155 1410 ',
            '',
            'float stride     2    2    2.00     64   2.00   1.24   0.00 ',
            'double block     8  4098    4.00   64   4.00   2.25   0.01 ',
            '']))
        rows = adapt_gpubench_strides.rows(self.root)
        self.assertEqual(len(rows), 2)
        stride, block = rows
        # 2.00 cycles per warp-load x (1024 x 18 x 64 x 1024 / 32) loads at
        # the last clock, 1410 MHz: 2 x 37748736 / 1410 = 53544.3 us.
        self.assertAlmostEqual(stride.time_us(), 53544.3, places=1)
        self.assertEqual((stride.grid(), stride.block()), ((1, 1, 1), (1024, 1, 1)))
        self.assertEqual((stride['args'], stride['variant']), ('zero=0;stride=2', 'float-stride'))
        self.assertEqual(stride['kernel'], '_Z12strideKernelIfLi1179648EEvPT_S1_ii')
        # 4 x 37748736 / 1410 = 107088.6 us, kept to six digits.
        self.assertEqual(block.time_us(), 107089)
        self.assertEqual((block.block(), block['args']), ((8, 128, 1), 'zero=0;pitch=4098'))
        self.assertEqual(block['kernel'], '_Z11blockKernelIdLi1179648EEvPT_S1_ii')
        self.assertEqual(stride['target'], 'a100-sxm4-80gb|a100-pcie-40gb')

    def test_small_kernels(self):
        # Nine element counts; every fourth kept (the first, fifth, ninth);
        # the last line is cut short after two rates.
        lines = ['%d  %dkB  ' % (d, d * 16 // 1024) + '  '.join(['32'] * 6)
                 for d in range(4096, 4096 + 8 * 100, 100)]
        lines.append('8192  128kB     64     50  ')
        self.write('gpu-small-kernels', 'h200.txt', '\n'.join(lines + ['']))
        # An earlier version's layout (another size column, nine rates).
        self.write('gpu-small-kernels', 'a100_80.txt',
                   '4096  0kB     15     18     22     24     24     24     24     24     25\n')
        self.write('gpu-small-kernels', 'h200_graph.txt', '')
        skipped = {}
        rows = adapt_gpubench_small.rows(self.root, skipped=skipped)
        self.assertEqual(len(rows), 6 + 6 + 2)
        first = rows[0]
        # 2 x 4096 doubles = 65536 B at 32 GB/s: 2.048 us per launch.
        self.assertAlmostEqual(first.time_us(), 2.048, places=6)
        self.assertEqual((first.grid(), first.block()), ((129, 1, 1), (32, 1, 1)))
        self.assertEqual((first['args'], first['time_kind']), ('size=4096', 'batch'))
        self.assertEqual((first['problem'], first['config']), ('n4096', 'b32'))
        self.assertEqual(first['kernel'], '_Z5scaleIdEvPT_PKS0_i')
        self.assertEqual(first['target'], 'h200')
        # 4496 elements, blocks of 1024: 4496 // 1024 + 1 = 5 blocks.
        self.assertEqual([r.grid()[0] for r in rows[6:12]], [141, 71, 36, 18, 9, 5])
        # The cut line: blocks of 32 and 64 only; 131072 B at 50 GB/s.
        self.assertEqual([r['config'] for r in rows[12:]], ['b32', 'b64'])
        self.assertAlmostEqual(rows[13].time_us(), 2.62144, places=6)
        self.assertEqual(skipped['gpu-small-kernels: thinned (every 4th element count kept)'],
                         6 * 6)
        self.assertEqual(skipped["gpu-small-kernels/a100_80.txt: not the stored main.cu's format"],
                         1)
        self.assertEqual(skipped['gpu-small-kernels: the graph runs (another launch path)'], 1)


class GpuCache(unittest.TestCase):
    """adapt_gpubench_cache over result lines written here in the files'
    layout, with a target that gives only the SM count."""

    def setUp(self):
        self.root = tempfile.mkdtemp()
        self.tdir = os.path.join(self.root, 'targets')
        os.makedirs(os.path.join(self.root, 'gpu-cache'))
        os.makedirs(self.tdir)
        open(os.path.join(self.root, 'gpu-cache', 'main.cu'), 'w').close()
        with open(os.path.join(self.tdir, 'a100-sxm4-80gb.yaml'), 'w') as f:
            f.write('sm:\n  count: 108  # cites gpu-cache/l40.txt\n')

    def tearDown(self):
        shutil.rmtree(self.root)

    def write(self, name, lines):
        with open(os.path.join(self.root, 'gpu-cache', name), 'w') as f:
            f.write('\n'.join(lines + ['']))

    def test_sizes(self):
        # main.cu's N: 256, 512, 768, 1024, ..., 16384, then 16384 x 1.17^k
        # truncated each step: 19169 -> 18944, 22427 -> 22016.
        n = adapt_gpubench_cache.sizes()
        self.assertEqual(n[:4], [256, 512, 768, 1024])
        self.assertIn(16384, n)
        self.assertEqual([x for x in n if 16384 < x < 23000], [18944, 22016])

    def test_rows(self):
        head = '     data set   exec time     spread        Eff. bw       DRAM read'
        self.write('a100_80.txt', [
            head,
            # N = 256 doubles (2 kB), iters 10^8 / 256 + 2 = 390627: 2048 B
            # x 108 SMs x 390627 / 18806.9 GB/s = 4594.08 us ("5ms").
            '         2 kB         5ms      21.4%   18806.9 GB/s         0 GB/s',
            # 148 kB is N = 18944 (x 8 B = 151552 B = 148 kB); iters 5280.
            '       148 kB         5ms       0.8%   19098.8 GB/s         0 GB/s',
            # Printed 9 ms where the rate gives 4.6: left out.
            '         4 kB         9ms       0.3%   19157.9 GB/s         0 GB/s',
            # 5 kB is none of main.cu's sizes.
            '         5 kB         5ms       0.3%   19157.9 GB/s         0 GB/s'])
        self.write('l40.txt', [head, '         1 kB        29ms      11.9%   20424.4 GB/s'])
        self.write('mi210.txt', [head])
        skipped = {}
        rows = adapt_gpubench_cache.rows(self.root, skipped=skipped, tdir=self.tdir)
        self.assertEqual(len(rows), 2)
        first, second = rows
        self.assertAlmostEqual(first.time_us(), 2048 * 108 * 390627 / 18806.9 / 1000, places=1)
        self.assertEqual((first.grid(), first.block()), ((108, 1, 1), (256, 1, 1)))
        self.assertEqual((first['args'], first['time_kind']), ('zero=0', 'host'))
        self.assertEqual((first['variant'], first['config']), ('double', 'n256'))
        self.assertEqual(first['kernel'], '_Z9sumKernelILi256ELi390627ELi256EEvPdPKdi')
        self.assertIn('sumKernel<256, 390627, 256>(double *__restrict__',
                      first['instantiate'])
        self.assertIn('#define float4 double', first['prelude'])
        self.assertEqual(first.number('bytes'), 2048)
        self.assertEqual((second['config'], second['kernel']),
                         ('n18944', '_Z9sumKernelILi18944ELi5280ELi256EEvPdPKdi'))
        # The target cites l40.txt, not a100_80.txt; the L40 has no target
        # here, so its file gives no rows.
        self.assertFalse(first.flag('circular'))
        self.assertEqual(skipped['gpu-cache/a100_80.txt: the ms column is not what the rate '
                                 'gives'], 1)
        self.assertEqual(skipped["gpu-cache/a100_80.txt: 5 kB is not one of main.cu's sizes"], 1)
        self.assertIn('gpu-cache/l40.txt: no target file gives its SM count', skipped)
        self.assertIn('gpu-cache/mi210.txt: not an NVIDIA GPU with a known name', skipped)
        # An architecture file that cites a100_80.txt makes its rows circular.
        os.makedirs(os.path.join(self.tdir, 'arch'))
        with open(os.path.join(self.tdir, 'arch', 'sm_80.yaml'), 'w') as f:
            f.write('# rrze gpu-cache/a100_80.txt\n')
        rows = adapt_gpubench_cache.rows(self.root, tdir=self.tdir)
        self.assertTrue(all(r.flag('circular') for r in rows))


class SdkFlags(unittest.TestCase):
    """tools.Tools.cuda_flags: the SDK's include/cccl (CUDA 13's libcu++,
    which cooperative_groups.h includes) where the SDK has one."""

    def sdk(self, cccl):
        root = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, root)
        os.makedirs(os.path.join(root, 'include', 'cccl' if cccl else 'crt'))
        open(os.path.join(root, 'include', 'cuda_runtime.h'), 'w').close()
        return toolsmod.Tools(cuda='sdk', cuda_path=root), root

    def test_with_cccl(self):
        tools, root = self.sdk(True)
        flags = tools.cuda_flags()
        self.assertEqual(flags[0], '--cuda-path=' + root)
        self.assertEqual(flags[-2:], ['-isystem', os.path.join(root, 'include', 'cccl')])

    def test_without_cccl(self):
        tools, _ = self.sdk(False)
        self.assertNotIn('-isystem', tools.cuda_flags())


class GpuPerf(unittest.TestCase):
    """adapt_gpuperf over hand-written nvprof tables in a checkout's layout
    (only the columns the adapter reads)."""
    HEADER = '"","input.size.1","input.size.2","duration","grid.x","grid.y","block.x",' \
             '"block.y","registers.per.thread","device"\n'

    def setUp(self):
        self.root = tempfile.mkdtemp()
        os.makedirs(os.path.join(self.root, 'datasets'))
        for src in ('src/rodinia/cuda/lud/lud_kernel.cu', 'src/rodinia/cuda/hotspot/hotspot.cu'):
            os.makedirs(os.path.dirname(os.path.join(self.root, src)), exist_ok=True)
            open(os.path.join(self.root, src), 'w').close()

    def tearDown(self):
        shutil.rmtree(self.root)

    def write(self, name, lines):
        with open(os.path.join(self.root, 'datasets', name), 'w') as f:
            f.write(self.HEADER + ''.join(lines))

    def test_groups_medians_and_arguments(self):
        # One hotspot launch timed three times (two runs of S2 = 256, one
        # of 512): one row, the median 7 us; its arguments as hotspot.cu's
        # host code computes them.
        self.write('calculate_temp-GTX-980.csv', [
            '"1",64,256,8e-06,6,6,16,16,35,"GTX-980"\n',
            '"2",64,256,6e-06,6,6,16,16,35,"GTX-980"\n',
            '"3",64,512,7e-06,6,6,16,16,35,"GTX-980"\n'])
        # LU's perimeter kernel: 20 launches of one matrix (grid 1..20), thin
        # keeps 16 evenly spaced ones, the first and the last among them.
        self.write('lud_perimeter-GTX-980.csv', [
            '"%d",336,0,%g,%d,1,32,1,56,"GTX-980"\n' % (g, 1e-5 + g * 1e-7, g)
            for g in range(1, 21)])
        skipped = {}
        rows = adapt_gpuperf.rows(self.root, skipped=skipped)
        hot = [r for r in rows if r['family'] == 'hotspot']
        self.assertEqual(len(hot), 1)
        self.assertAlmostEqual(hot[0].time_us(), 7.0)
        self.assertEqual(hot[0]['time_kind'], 'device')
        self.assertEqual(hot[0]['sm_mhz'], '1216')
        self.assertEqual(hot[0].grid(), (6, 6, 1))
        self.assertEqual(hot[0]['regs'], '35')  # nvprof's, the measured binary's
        self.assertEqual(dict(devtable.pairs(hot[0]['args']))['iteration'], '2')
        self.assertEqual(hot[0]['target'], 'gtx-980')
        peri = [r for r in rows if r['family'] == 'lud-perimeter']
        self.assertEqual(len(peri), 16)
        grids = [r.grid()[0] for r in peri]
        self.assertEqual((grids[0], grids[-1]), (1, 20))
        # offset = S1 - 16 (GX + 1): grid 20 -> 336 - 336 = 0.
        last = dict(devtable.pairs(peri[-1]['args']))
        self.assertEqual((last['matrix_dim'], last['offset']), ('336', '0'))
        self.assertEqual(skipped['lud_perimeter: thinned (at most 16 launches per matrix)'], 4)
        # Tables the checkout lacks are reported, not silently dropped.
        self.assertIn('lud_diagonal-GTX-980.csv: not in the checkout', skipped)
        self.assertIn('bpnn_layerforward_CUDA: no src/rodinia/cuda/backprop/'
                      'backprop_cuda_kernel.cu', skipped)
        # The small programs' traces: one launch in two runs, 8192 and 8256
        # ns: one row, 8.224 us, with the trace's grid, block and registers,
        # on the K40c (the k40 target's alias).
        for run, ns in (('run_0', 8192), ('run_1', 8256)):
            d = os.path.join(self.root, 'src', 'logs', run)
            os.makedirs(d)
            with open(os.path.join(d, 'vectorAdd-kernel-traces.csv'), 'w') as f:
                f.write('131072,1590997656.0,%d.0,512,1,1,256,1,1,10,0,0,,,"Tesla K40c (0)",'
                        '"1","7","vectorAdd(float const *, float const *, float*, int) [109]"\n'
                        % ns)
        os.makedirs(os.path.join(self.root, 'src', 'vectorAdd'))
        open(os.path.join(self.root, 'src', 'vectorAdd', 'vectorAdd.cu'), 'w').close()
        vec = [r for r in adapt_gpuperf.rows(self.root) if r['family'] == 'vector-add']
        self.assertEqual(len(vec), 1)
        self.assertAlmostEqual(vec[0].time_us(), 8.224)
        self.assertEqual((vec[0].grid(), vec[0].block(), vec[0]['regs']),
                         ((512, 1, 1), (256, 1, 1), '10'))
        self.assertEqual(dict(devtable.pairs(vec[0]['args'])), {'N': '131072'})
        self.assertEqual((vec[0]['gpu'], vec[0]['defines']), ('Tesla K40c', 'Tile_Width=16'))
        self.assertEqual(vec[0].targets(), ['k40c', 'k40'])
        # A Rodinia application's traces (src/traces/): every launch and
        # copy of the run; only the lines of the entry's kernel count. Two
        # runs of a 256 x 256 LU, each a copy, a diagonal launch and the
        # internal launch of grid 3 x 3 (2944 and 3008 ns): one row, 2.976
        # us, offset = 256 - 16 (3 + 1) = 192.
        d = os.path.join(self.root, 'src', 'traces')
        os.makedirs(d)
        for run, ns in (('1', 2944), ('2', 3008)):
            with open(os.path.join(d, 'lud-traces-%s.csv' % run), 'w') as f:
                f.write('256,4950.0,12032.0,,,,,,,,,,80.0,6.3,"Tesla K40c (0)","1","7",'
                        '"[CUDA memcpy HtoD]"\n'
                        '256,4990.0,9000.0,1,1,1,16,1,1,32,2.0,0,,,"Tesla K40c (0)","1","7",'
                        '"lud_diagonal(float*, int, int) [110]"\n'
                        '256,5000.0,%d.0,3,3,1,16,16,1,21,2.0,0,,,"Tesla K40c (0)","1","7",'
                        '"lud_internal(float*, int, int) [112]"\n' % ns)
        skipped = {}
        internal = [r for r in adapt_gpuperf.rows(self.root, skipped=skipped)
                    if r['family'] == 'lud-internal']
        self.assertEqual(len(internal), 1)
        self.assertAlmostEqual(internal[0].time_us(), 2.976)
        self.assertEqual((internal[0].grid(), internal[0].block(), internal[0]['regs']),
                         ((3, 3, 1), (16, 16, 1), '21'))
        self.assertEqual(dict(devtable.pairs(internal[0]['args'])),
                         {'matrix_dim': '256', 'offset': '192'})
        self.assertFalse(any('line without numbers' in k for k in skipped))
        # Not a checkout: said, no rows.
        skipped = {}
        self.assertEqual(adapt_gpuperf.rows(os.path.join(self.root, 'src'), skipped=skipped), [])
        self.assertTrue(any(k.startswith('no datasets/ under') for k in skipped))


class Figures(unittest.TestCase):
    def test_by_hand(self):
        # ratios 1.1, 0.5, 1.1 -> APE 10, 50, 10; two of three in [0.67, 1.5].
        f = scoreboard.figures([(100.0, 110.0), (200.0, 100.0), (300.0, 330.0)])
        self.assertEqual(f['n'], 3)
        self.assertAlmostEqual(f['median_ape'], 10.0)
        self.assertAlmostEqual(f['median_ratio'], 1.1)
        self.assertAlmostEqual(f['within'], 200.0 / 3)
        # predicted ranks 2, 1, 3 against measured 1, 2, 3: rho = 1 - 6*2/24 = 0.5.
        self.assertAlmostEqual(f['spearman'], 0.5)

    def test_configuration_pairs(self):
        class Res:
            status = 'ok'

            def __init__(self, ns):
                self.ns = ns

        def row(config, us):
            return devtable.make_row(dataset='x', family='f', source='k.cu', kernel='k',
                                     grid='1', block='32', gpu='g', time_us=us,
                                     time_kind='events', config=config)
        # b16 measured twice (100 and 104 us) is one configuration at 102 us;
        # b32 once. The prediction of a configuration is the same for both
        # of its launches.
        items = [(row('b16', 100), Res(90000.0)), (row('b32', 300), Res(250000.0)),
                 (row('b16', 104), Res(90000.0))]
        self.assertEqual(scoreboard.configuration_pairs(items, 'KernelTime'),
                         [(102000.0, 90000.0), (300000.0, 250000.0)])
        # Another grid is another configuration.
        other = row('b16', 110)
        other['grid'] = '2,1,1'
        items.append((other, Res(95000.0)))
        self.assertEqual(len(scoreboard.configuration_pairs(items, 'KernelTime')), 3)

    def test_sample_per_group(self):
        rows = [devtable.make_row(dataset='x', family=f, source='k.cu', kernel='k', grid='1',
                                  block='32', gpu=g, time_us=i + 1, time_kind='device')
                for i, (f, g) in enumerate([('a', 'g')] * 5 + [('a', 'h')] * 2 + [('b', 'g')] * 4)]
        s = devset_run.sample(rows, 3, 1)
        self.assertEqual([(r['family'], r['gpu']) for r in s].count(('a', 'g')), 3)
        self.assertEqual([(r['family'], r['gpu']) for r in s].count(('a', 'h')), 2)
        self.assertEqual([(r['family'], r['gpu']) for r in s].count(('b', 'g')), 3)
        self.assertEqual(s, devset_run.sample(rows, 3, 1))  # seeded

    def test_roofline(self):
        class Pred:
            entry = {'memory': {'dram_bytes': 3000.0}, 'launch_ns': 2000.0}

        class Figs:
            def get(self, name):
                return {'dram_gbs': 1500.0, 'fp32_gflops': 1000.0, 'mem_mhz': 1000.0,
                        'sm_mhz': 1000.0}
        res = devrun.Result('ok', 'a100-pcie-40gb', pred=Pred())
        row = devtable.make_row(dataset='x', family='f', source='k.cu', kernel='k', grid='1',
                                block='32', gpu='g', time_us=1, time_kind='device')
        # 3000 B / 1500 GB/s = 2 ns, + 2000 ns launch term.
        self.assertEqual(devrun.roofline(row, res, Figs()), (2002.0, 'report'))
        row['bytes'], row['flops'] = '30000', '50000'
        # max(30000 / 1500, 50000 / 1000) = 50 ns, + 2000.
        self.assertEqual(devrun.roofline(row, res, Figs()), (2050.0, 'data'))
        # The row's clocks scale the rates: DRAM x 2 (30000 / 3000 = 10 ns),
        # fp32 x 0.5 (50000 / 500 = 100 ns): 100 + 2000.
        row['mem_mhz'], row['sm_mhz'] = '2000', '500'
        self.assertEqual(devrun.roofline(row, res, Figs()), (2100.0, 'data'))
        # Events around one launch add KernelTime's timing term; a batch
        # takes at least its empty launch.
        Pred.entry['timing_ns'] = 700.0
        row['time_kind'], row['empty_us'] = 'events', '3'
        self.assertEqual(devrun.roofline(row, res, Figs()), (2800.0, 'data'))
        row['time_kind'] = 'batch'
        self.assertEqual(devrun.roofline(row, res, Figs()), (3000.0, 'data'))
        # The blocks past the launch regression's range take 1500 ns to
        # dispatch, more than the 100 ns of the rates: 1500 + 2000 + 700.
        Pred.entry['dispatch_ns'] = 1500.0
        row['time_kind'] = 'events'
        self.assertEqual(devrun.roofline(row, res, Figs()), (4200.0, 'data'))

    def test_row_options(self):
        row = devtable.make_row(dataset='x', family='f', source='k.cu', kernel='k', grid='1',
                                block='32', gpu='g', time_us=1, time_kind='events')
        self.assertEqual(devrun.row_options(row), [])  # no empty launch: device time
        row['empty_us'], row['sm_mhz'] = '3.5', '1620'
        self.assertEqual(devrun.row_options(row), ['-ktime-time=events',
                                                   '-ktime-empty-launch-us=3.5',
                                                   '-ktime-sm-clock=1620'])


if __name__ == '__main__':
    unittest.main()

#!/usr/bin/env python3
"""What a sweep costs per configuration (docs/driver.md, "Cost").

Two measurements, both printed as milliseconds per configuration:

  components   for N configurations of a kernel description, each step of
               the driver's pipeline run alone, one at a time (--jobs 1):
               clang -> PTX without the plugin, ptxas -v, and clang with the
               plugin to -emit-llvm (without launch options, so this also
               works before the plugin reads launches); medians per step.
  end-to-end   utils/validate --sample N --jobs J on the same kernel: wall
               time over configurations, everything included. Needs the
               plugin's launch support (-ktime-launch-file, -ktime-report).

  python3 bench/sweep-cost.py --hub DIR [--desc convolution_milo] [-n 20]
      [--plugin build/lib/KernelTime.so] [--end-to-end] [--jobs 2]
The machine's load changes the numbers: compare only numbers of one run.
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'utils'))
from ktime_tools import configs, devset, kcache, launch, params, source, tools  # noqa: E402


def timed(cmd):
    t0 = time.monotonic()
    res = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
    return 1000 * (time.monotonic() - t0), res.returncode, res.stderr


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--hub', required=True)
    p.add_argument('--desc', default='convolution_milo')
    p.add_argument('-n', type=int, default=20)
    p.add_argument('--seed', type=int, default=1)
    p.add_argument('--plugin', default=os.path.join(ROOT, 'build', 'lib', 'KernelTime.so'))
    p.add_argument('--end-to-end', action='store_true')
    p.add_argument('--jobs', type=int, default=2)
    a = p.parse_args()

    d = devset.load(a.desc, a.hub)
    t = tools.Tools(plugin=a.plugin, cuda=d.cuda)
    space = params.load_tune_params(d.path)
    gpu, path = next(iter(d.caches.items()))
    cache = kcache.load(path)
    keys = [k for k, e in cache.entries.items() if kcache.measured_time(e)[1] is None and
            all(params.restriction_accepts(f, cache.params_of(k)) for f in d.cache_filter)]
    keys = random.Random(a.seed).sample(keys, min(a.n, len(keys)))
    rule = launch.GridRule(space.problem_size, space.grid_div, space.block_size_names)
    builder = configs.ConfigBuilder(d.source, configs.LaunchRule(grid_rule=rule),
                                    {}, d.include_dirs)
    steps = {'ptx': [], 'ptxas': [], 'plugin': []}
    failed = []
    work = tempfile.mkdtemp(prefix='sweep-cost-')
    for i, key in enumerate(keys):
        c = builder.build(i, cache.params_of(key))
        src, defs, incs = source.prepared_source(d.source, c.defines, work)
        base = [t.clang, '-x', 'cuda', '--cuda-gpu-arch=sm_80', '--cuda-device-only',
                '-O3'] + t.cuda_flags() + ['-I' + x for x in d.include_dirs + incs] + \
            ['-D%s=%s' % kv for kv in sorted(defs.items())]
        ptx = os.path.join(work, 'k.ptx')
        times = {}
        for step, cmd in (('ptx', base + ['-S', '-o', ptx, src]),
                          ('ptxas', [t.ptxas or 'ptxas', '-v', '-arch=sm_80', ptx, '-o',
                                     os.devnull]),
                          ('plugin', base + ['-emit-llvm', '-c', '-o', os.devnull,
                                             '-fpass-plugin=' + a.plugin, src])):
            ms, rc, err = timed(cmd)
            if rc != 0:
                failed.append('%s (%s: %s)' % (key, step, err.strip().splitlines()[0]))
                break
            times[step] = ms
        else:
            for step, ms in times.items():
                steps[step].append(ms)
    print('%s, %d configurations of %s (seed %d), one at a time:'
          % (d.name, len(keys) - len(failed), os.path.relpath(path, a.hub), a.seed))
    for f in failed:
        print('  left out: ' + f)
    for step, ms in steps.items():
        print('  %-7s median %6.0f ms  mean %6.0f ms' % (step, statistics.median(ms),
                                                         statistics.mean(ms)))
    total = [sum(x) for x in zip(*steps.values())]
    print('  with ptxas: %.0f ms per configuration (median of the sums); without: %.0f ms'
          % (statistics.median(total), statistics.median(steps['plugin'])))
    if a.end_to_end:
        cmd = [sys.executable, os.path.join(ROOT, 'utils', 'validate'), '--hub', a.hub,
               '--desc', a.desc, '--gpu', gpu, '--sample', str(a.n), '--seed', str(a.seed),
               '--jobs', str(a.jobs), '--plugin', a.plugin, '--quiet']
        ms, rc, err = timed(cmd)
        print('  end to end (utils/validate --jobs %d): %.0f ms per configuration%s'
              % (a.jobs, ms / len(keys), '' if rc == 0 else ' (exit status %d)' % rc))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Checks that no prediction of a KernelTime JSON report is faster than
physics allows (issue 5, docs/kernel-time.md): a kernel's execution time is
at least its DRAM bytes over the target's DRAM bandwidth, and at least its
fp32 operations over the GPU's peak fp32 rate.

  check-bounds.py REPORT.json TARGET_DIR FP32_OPS_PER_THREAD_BY_KERNEL...

FP32_OPS_PER_THREAD_BY_KERNEL is KERNEL=N (fp32 operations one thread
runs). Prints one line per launch and exits 1 if a bound is broken.
"""
import json
import os
import re
import sys


def target_figures(path):
    """The few numbers of a target file and of the architecture file it
    names the bounds need (a flat regex read: the files are the project's
    own and keep one key per line)."""
    text = open(path).read()
    arch = re.search(r'^architecture:\s*(sm_\d+)', text, re.M)
    if arch:
        text += '\n' + open(os.path.join(os.path.dirname(path), 'arch',
                                         arch.group(1) + '.yaml')).read()
    section = None
    figures = {}
    for line in text.splitlines():
        code = line.split('#', 1)[0].rstrip()
        if not code.strip():
            continue
        m = re.match(r'^(\s*)([a-z0-9_.]+):\s*(.*)$', code)
        if not m:
            continue
        indent, key, value = len(m.group(1)), m.group(2), m.group(3)
        if indent == 2 and not value:
            section = key
        if section == 'dram' and key == 'bandwidth_gbs':
            figures['dram_gbs'] = float(value)
        if key == 'sm_mhz':
            figures['sm_mhz'] = float(value)
        if key == 'count' and indent == 2:
            figures['sms'] = int(value)
        if key == 'processing_blocks':
            figures['pbs'] = int(value)
        if key == 'fp32.mul':
            ops = re.search(r'ops_per_clk_per_sm:\s*([0-9.]+)', value)
            dl = re.search(r'del:\s*([0-9.]+)', value)
            figures['fp32_ops'] = float(ops.group(1)) if ops else None
            figures['fp32_del'] = float(dl.group(1)) if dl else None
    return figures


def main():
    report = json.load(open(sys.argv[1]))
    target_dir = sys.argv[2]
    ops = dict(a.split('=') for a in sys.argv[3:])
    broken = 0
    for launch in report['launches']:
        t = target_figures('%s/%s.yaml' % (target_dir, launch['gpu']))
        exec_ns = launch['exec_ns']
        dram_ns = launch['memory']['dram_bytes'] / t['dram_gbs']
        per_sm = t['fp32_ops'] or 32.0 * t['pbs'] / t['fp32_del']
        threads = 1
        for g, b in zip(launch['grid'], launch['block']):
            threads *= g * b
        flops = float(ops.get(launch['kernel'], 0)) * threads
        fp32_ns = flops / (per_sm * t['sms'] * t['sm_mhz'] / 1e3)
        ok = exec_ns >= dram_ns * (1 - 1e-6) and exec_ns >= fp32_ns * (1 - 1e-6)
        broken += not ok
        print('%s %s %s: exec %.1f ns, DRAM floor %.1f ns, fp32 floor %.1f ns: %s'
              % ('ok' if ok else 'BROKEN', launch['gpu'], launch['spec'],
                 exec_ns, dram_ns, fp32_ns, 'ok' if ok else 'faster than physics'))
    sys.exit(1 if broken else 0)


if __name__ == '__main__':
    main()

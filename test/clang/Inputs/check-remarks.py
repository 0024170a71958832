"""Checks the remarks a person reads: compiles each CUDA file given (device
side, -O3, sm_80, the shim header) with the plugin, its remarks and a
generic launch per kernel (bench/corpus_launch.py's), and prints one line
per remark that is too long (a launch's Kernel remark over 200 characters,
any other over 300) or names an IR value (%name), and per Kernel remark
whose time or bound differs from the JSON report's. Prints "ok N remarks"
when none does; exits 1 otherwise.

  check-remarks.py CLANG PLUGIN SHIM FILE.cu...
"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', '..', 'bench'))
import corpus_launch  # noqa: E402

REMARK = re.compile(r'^(.*?):(\d+):(\d+): remark: (.*) \[-Rpass-analysis=kernel-time\]$')
IR_VALUE = re.compile(r'(?<![\w.])%[A-Za-z0-9_.]')
PREDICTED = re.compile(r'^kernel (\S+) on (\S+), grid (\S+), block (\S+): predicted ([0-9.]+) us; '
                       r'bound: (\S+)')


def microseconds(ns):
    """As the plugin prints them (lib/Report/LaunchRemarks.cpp)."""
    us = ns / 1e3
    return ('%.1f' if us >= 100 else '%.2f' if us >= 1 else '%.3f') % us


def check(clang, plugin, shim, path, problems):
    base = [clang, '-x', 'cuda', '--cuda-gpu-arch=sm_80', '--cuda-device-only', '-O3',
            '-nocudainc', '-nocudalib', '--cuda-feature=+ptx80', '-include', shim,
            '-Wno-unknown-cuda-version', path]
    ir = subprocess.run(base + ['-emit-llvm', '-S', '-o', '-'], capture_output=True,
                        text=True).stdout
    specs = corpus_launch.launch_specs(ir)
    with tempfile.TemporaryDirectory() as work:
        launches = os.path.join(work, 'l.launches')
        report = os.path.join(work, 'r.json')
        with open(launches, 'w') as f:
            f.write(''.join(s + '\n' for _, s in specs))
        res = subprocess.run(base + ['-S', '-o', os.devnull, '-fplugin=' + plugin,
                                     '-fpass-plugin=' + plugin,
                                     '-Rpass-analysis=kernel-time',
                                     '-mllvm', '-ktime-launch-file=' + launches,
                                     '-mllvm', '-ktime-report=' + report],
                             capture_output=True, text=True)
        reported = []
        if os.path.exists(report):
            reported = json.load(open(report))['launches']
    count = 0
    name = os.path.basename(path)
    for line in res.stderr.splitlines():
        m = REMARK.match(line)
        if not m:
            continue
        count += 1
        text = m.group(4)
        where = '%s:%s' % (name, m.group(2))
        p = PREDICTED.match(text)
        limit = 200 if p else 300
        if len(text) > limit:
            problems.append('%s: %d characters: %s' % (where, len(text), text[:120]))
        if IR_VALUE.search(text):
            problems.append('%s: names an IR value: %s' % (where, text[:160]))
        if p:
            same = [r for r in reported if r['gpu'] == p.group(2) and
                    'x'.join(map(str, r['grid'])) == p.group(3) and
                    'x'.join(map(str, r['block'])) == p.group(4) and
                    microseconds(r['predicted_ns']) == p.group(5) and
                    r['bound'] == p.group(6)]
            if not same:
                problems.append('%s: no launch of the report has its time and bound: %s'
                                % (where, text[:160]))
    return count


def main(argv):
    clang, plugin, shim = argv[1:4]
    problems = []
    count = sum(check(clang, plugin, shim, p, problems) for p in argv[4:])
    for p in problems:
        print(p)
    if problems:
        return 1
    print('ok %d remarks' % count)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

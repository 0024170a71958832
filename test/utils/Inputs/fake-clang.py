#!/usr/bin/env python3
"""A stand-in for clang++ with the KernelTime plugin, for the tests of
utils/ktime and utils/validate: it follows the plugin's report contract
(docs/usage.md) with predictions from formulas the test sets, so the tests
know every predicted time and derive the metrics by hand.

Environment (formulas are Python expressions over the -D defines, as
integers where they parse, and per launch gx gy gz bx by bz shmem regs and
the spec's NAME=VALUE arguments):
  FAKE_KTIME_FORMULA    predicted_ns (default 1000)
  FAKE_KTIME_OCCUPANCY  occupancy (default 1.0)
  FAKE_KTIME_REJECT     a launch for which it is true goes to "errors"
  FAKE_KTIME_FAIL       a compile for which it is true fails (exit 1),
                        its error followed by FAKE_KTIME_FAIL_NOTES "note:"
                        lines (default 0) as clang's follow-on diagnostics
  FAKE_KTIME_BAD_SPEC   a launch for which it is true fails the compile
                        as the plugin fails on a spec it cannot use: an
                        "error:" naming the launch file, line and spec (with
                        its id), for the first such launch only
  FAKE_KTIME_KERNELS    comma-separated kernels of the module: a spec naming
                        another fails the compile as the plugin does
  FAKE_KTIME_NAMES      comma-separated source names of the kernel's
                        parameters: a spec argument NAME= that is not argN
                        fails the compile unless -fno-discard-value-names
                        was given (clang drops the names otherwise)
  FAKE_PTXAS_REGS       registers written into the PTX for fake-ptxas
                        (default 40), FAKE_PTXAS_SPILL spill store bytes (0;
                        fake-ptxas reports twice as many load bytes)
  FAKE_KTIME_ENTRY      the kernel's symbol in the PTX (default
                        _Z6kernelPf)
  FAKE_KTIME_LOG        a file that gets one line per run: "plugin" or
                        "ptx" and the sorted defines
Without -fpass-plugin it writes a PTX-like file to -o; with it, the report
named by -ktime-report (several runs writing one report append).
"""

import json
import os
import sys


def num(v):
    for conv in (int, float):
        try:
            return conv(v)
        except ValueError:
            pass
    return v


def main(argv):
    defines, opts, out, source, plugin = {}, [], None, None, False
    value_names = '-fno-discard-value-names' in argv
    i = 0
    while i < len(argv):
        a = argv[i]
        if a.startswith('-D'):
            k, _, v = a[2:].partition('=')
            defines[k] = num(v if _ else '1')
        elif a == '-mllvm':
            opts.append(argv[i + 1])
            i += 1
        elif a in ('-o', '-x', '-include'):
            if a == '-o':
                out = argv[i + 1]
            i += 1
        elif a.startswith('-fpass-plugin='):
            plugin = True
        elif not a.startswith('-'):
            source = a
        i += 1
    if source is None or not os.path.exists(source):
        sys.stderr.write('fake-clang: error: no input file %s\n' % source)
        return 1
    log = os.environ.get('FAKE_KTIME_LOG')
    if log:
        with open(log, 'a') as f:
            f.write('%s %s\n' % ('plugin' if plugin else 'ptx',
                                 ' '.join('%s=%s' % kv for kv in sorted(defines.items()))))
    fail = os.environ.get('FAKE_KTIME_FAIL')
    if fail and eval(fail, {}, dict(defines)):
        notes = int(os.environ.get('FAKE_KTIME_FAIL_NOTES', '0'))
        sys.stderr.write('%s:1:1: error: fake compile failure\n' % source)
        sys.stderr.write(''.join('%s:%d:1: note: follow-on %d\n' % (source, i + 2, i)
                                 for i in range(notes)))
        sys.stderr.write('1 error generated.\n')
        return 1
    if not plugin:
        regs = eval(os.environ.get('FAKE_PTXAS_REGS', '40'), {}, dict(defines))
        spill = eval(os.environ.get('FAKE_PTXAS_SPILL', '0'), {}, dict(defines))
        entry = os.environ.get('FAKE_KTIME_ENTRY', '_Z6kernelPf')
        with open(out, 'w') as f:
            f.write('// fake ptx\n.entry %s // regs=%d spill=%d\n' % (entry, regs, spill))
        return 0
    options = {}
    for o in opts:
        k, _, v = o.partition('=')
        options[k] = v
    gpus = options.get('-ktime-gpu', 'a100-pcie-40gb').split(',')
    specs = []
    with open(options['-ktime-launch-file']) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                specs.append(line)
    bad = bad_spec(specs, options['-ktime-launch-file'], defines, value_names)
    if bad:
        sys.stderr.write('error: KernelTime: %s\n1 error generated when compiling '
                         'for sm_80.\n' % bad)
        return 1
    report = options['-ktime-report']
    data = {'schema': 1, 'kerneltime': 'fake', 'launches': [], 'errors': []}
    if os.path.exists(report):
        with open(report) as f:
            data = json.load(f)
    for spec in specs:
        kernel, _, body = spec.partition(':')
        fields = dict(item.split('=', 1) for item in body.split(','))
        names = dict(defines)
        grid = [int(x) for x in fields.pop('grid').split('x')]
        block = [int(x) for x in fields.pop('block').split('x')]
        names.update(gx=grid[0], gy=grid[1], gz=grid[2], bx=block[0], by=block[1],
                     bz=block[2])
        names['shmem'] = int(fields.pop('shmem', 0))
        if 'regs' in fields:
            regs, source_ = int(fields.pop('regs')), 'spec'
        elif '-ktime-regs' in options:
            regs, source_ = int(options['-ktime-regs']), 'option'
        else:
            regs, source_ = 32, 'estimate'
        names['regs'] = regs
        launch_id = fields.pop('id', None)
        for k, v in fields.items():
            names[k] = num(v)
        reject = os.environ.get('FAKE_KTIME_REJECT')
        for gpu in gpus:
            names['gpu'] = gpu
            if reject and eval(reject, {}, dict(names)):
                data['errors'].append({'spec': spec, 'message': 'fake rejection'})
                continue
            t = float(eval(os.environ.get('FAKE_KTIME_FORMULA', '1000'), {}, dict(names)))
            # The plugin names a target file's GPU by the file's name.
            name = os.path.basename(gpu)[:-len('.yaml')] if gpu.endswith('.yaml') else gpu
            entry = {'id': launch_id, 'kernel': kernel, 'gpu': name, 'spec': spec,
                     'grid': grid, 'block': block, 'shmem': names['shmem'], 'regs': regs,
                     'regs_source': source_, 'predicted_ns': t, 'launch_ns': 0.0,
                     'waves': 1.0, 'blocks_per_sm': 1,
                     'occupancy': float(eval(os.environ.get('FAKE_KTIME_OCCUPANCY', '1.0'),
                                             {}, dict(names))),
                     'bound': 'issue', 'assumptions': []}
            if options.get('-ktime-model') == 'all':
                entry['models'] = {'kp': t, 'maxplus': 2 * t}
            data['launches'].append(entry)
    with open(report, 'w') as f:
        json.dump(data, f)
    return 0


def bad_spec(specs, launch_file, defines, value_names):
    """The plugin's message for the first spec it cannot use, or None."""
    kernels = [k for k in os.environ.get('FAKE_KTIME_KERNELS', '').split(',') if k]
    names = [k for k in os.environ.get('FAKE_KTIME_NAMES', '').split(',') if k]
    cond = os.environ.get('FAKE_KTIME_BAD_SPEC')
    for line, spec in enumerate(specs, 2):
        where = "%s:%d: launch spec '%s'" % (launch_file, line, spec)
        kernel, _, body = spec.partition(':')
        if kernels and kernel not in kernels:
            return '%s: names no kernel of this module (kernels: %s)' % (
                where, '; '.join(k + '(float*)' for k in kernels))
        fields = dict(item.split('=', 1) for item in body.split(','))
        for k in fields:
            if names and k in names and not value_names:
                return "%s: '%s' is not a parameter of %s (parameters: %s)" % (
                    where, k, kernel, ', '.join('arg%d' % i for i in range(len(names))))
        block = [int(x) for x in fields['block'].split('x')]
        env = dict(defines, bx=block[0], by=block[1], bz=block[2])
        if cond and eval(cond, {}, env):
            return '%s: block %s has %d threads; fake allows fewer' % (
                where, fields['block'], block[0] * block[1] * block[2])
    return None


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

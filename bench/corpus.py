#!/usr/bin/env python3
"""Runs KernelTime over a collection of CUDA files (a checkout of HeCBench,
or any tree laid out as src/<name>-cuda/*.cu) and summarises what it did:
for a deterministic sample of the files, each file's device side is
compiled to PTX without the plugin and with it (remarks on, a generic launch
per kernel, a JSON report); the PTX must be identical. Prints a Markdown
summary: files that do not compile at all, crashes and PTX differences with
the plugin, kernels predicted exactly / as an estimate / not at all (with
the reasons grouped), the pass's share of each compile (-ftime-report) and
the compile time with the plugin over the compile without it.

  python3 bench/corpus.py HECBENCH [--sample 100] [--jobs 2] [--json OUT]

The sample is the sorted list of src/*-cuda/*.cu taken at N evenly spaced
places (--sample 0: every file), plus the files --also names. The launches
are bench/corpus_launch.py's; the figures bench/corpus_summary.py's.
Needs the CUDA SDK's headers (--cuda-path, $CUDA_PATH, /usr/local/cuda), or
--cuda shim for files that need no more than test/Inputs/cuda.h.
"""

import argparse
import concurrent.futures
import glob
import json
import os
import shutil
import sys
import tempfile

import corpus_clang
import corpus_launch
import corpus_summary

LLVM_BIN = '/usr/lib/llvm-22/bin'


def sample(root, n, also):
    files = sorted(os.path.relpath(p, root)
                   for p in glob.glob(os.path.join(root, 'src', '*-cuda', '*.cu')))
    picked = files if n <= 0 or n >= len(files) else \
        [files[(i * len(files)) // n] for i in range(n)]
    for a in also:
        rel = os.path.relpath(os.path.abspath(os.path.join(root, a)), root)
        if not os.path.isfile(os.path.join(root, rel)):
            sys.exit('corpus.py: --also %s: no such file under %s' % (a, root))
        if rel not in picked:
            picked.append(rel)
    return files, picked


def outcomes(report_path, specs, rejected, why_unknown):
    """One entry per kernel: exact, estimate or none (with the reason)."""
    try:
        with open(report_path) as f:
            rep = json.load(f)
    except (OSError, ValueError):
        rep = {'launches': [], 'errors': []}
    launched = {l['kernel']: l for l in rep.get('launches', [])}
    errors = {e['kernel']: e for e in rep.get('errors', [])}
    out = []
    for kernel, spec in specs:
        k = {'kernel': kernel, 'spec': spec}
        if kernel in launched:
            k['estimated'] = launched[kernel].get('estimated', {})
            counts = [sym for sym in k['estimated'] if sym.startswith('trip.')]
            # A share of a branch on data (taken.*) assumed, every count known.
            k['outcome'] = ('estimate' if counts else
                            'branches' if k['estimated'] else 'exact')
            if counts:
                k['why_unknown'] = sorted({why_unknown.get(sym, 'no remark says')
                                           for sym in counts})
        elif kernel in rejected:
            k.update(outcome='none', reason='launch spec rejected: ' + rejected[kernel])
        elif kernel in errors:
            k.update(outcome='none', reason=errors[kernel].get('message', ''))
        else:
            k.update(outcome='none', reason='not in the report')
        out.append(k)
    return out


def process(rel, root, comp, timeout, work):
    """Compiles ROOT/REL without and with the plugin; the file's record."""
    src = os.path.join(root, rel)
    d = os.path.join(work, rel.replace(os.sep, '__'))
    os.makedirs(d, exist_ok=True)
    rec = {'file': rel, 'kernels': []}
    ir = os.path.join(d, 'device.ll')
    r = corpus_clang.run(comp.ir(src, root, ir), timeout)
    if r.ok():
        base_ptx = os.path.join(d, 'base.ptx')
        base = corpus_clang.run(comp.ptx(src, root, base_ptx), timeout)
    if not r.ok() or not base.ok():
        bad = r if not r.ok() else base
        rec.update(status='no-compile', error=bad.exit_text() + ': ' +
                   corpus_clang.first_error(bad.stderr))
        return rec
    with open(ir, errors='replace') as f:
        specs = corpus_launch.launch_specs(f.read())
    rec['base_s'], _ = corpus_clang.time_report(base.stderr)
    rec['base_wall'] = base.wall
    launches, report = os.path.join(d, 'launches'), os.path.join(d, 'report.json')
    plug_ptx = os.path.join(d, 'plugin.ptx')
    lines = ['# generic launches of %s (bench/corpus_launch.py)' % rel] + [s for _, s in specs]
    rejected = {}
    for _ in range(3):
        with open(launches, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        if os.path.exists(report):
            os.remove(report)
        cmd = comp.plugin_ptx(src, root, plug_ptx, launches, report)
        p = corpus_clang.run(cmd, timeout)
        bad = corpus_launch.rejected(p.stderr) if not p.ok() and not p.crashed() else {}
        if not bad:
            break
        for line, reason in bad.items():
            if 2 <= line <= len(lines) and not lines[line - 1].startswith('#'):
                rejected[specs[line - 2][0]] = reason
                lines[line - 1] = '# rejected: ' + lines[line - 1]
    with open(os.path.join(d, 'plugin.stderr'), 'w') as f:
        f.write(p.stderr)
    rec['command'] = ' '.join(cmd)
    rec['launches'] = lines[1:]
    if p.timed_out:
        rec.update(status='plugin-timeout', error=p.exit_text())
    elif p.crashed():
        rec.update(status='crash', error=p.exit_text() + ': ' + corpus_clang.first_error(p.stderr))
    elif not p.ok():
        rec.update(status='plugin-error', error=p.exit_text() + ': ' +
                   corpus_clang.first_error(p.stderr))
    else:
        with open(base_ptx, 'rb') as a, open(plug_ptx, 'rb') as b:
            same = a.read() == b.read()
        rec['status'] = 'ok' if same else 'ptx-diff'
    if p.ok():
        total, pass_s = corpus_clang.time_report(p.stderr)
        rec.update(plugin_s=total, plugin_wall=p.wall, pass_s=pass_s or 0.0)
        rec['pass_share'] = 100.0 * (pass_s or 0.0) / total if total else None
        rec['ratio'] = total / rec['base_s'] if rec['base_s'] else None
        rec['kernels'] = outcomes(report, specs, rejected,
                                  corpus_launch.unknown_trips(p.stderr))
    return rec


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('root', help='the collection: a directory with src/<name>-cuda/*.cu')
    p.add_argument('--sample', type=int, default=100, metavar='N',
                   help='files, evenly spaced in the sorted list (0: all; default 100)')
    p.add_argument('--also', action='append', default=[], metavar='FILE',
                   help='a file (relative to ROOT) to add to the sample; repeatable')
    p.add_argument('--jobs', type=int, default=1,
                   help='files compiled at once (default 1; each file\'s compiles run in turn)')
    p.add_argument('--clang', default=os.path.join(LLVM_BIN, 'clang++'),
                   help='clang++ (default: LLVM 22\'s)')
    p.add_argument('--plugin', default=os.path.join(corpus_clang.SRC_ROOT, 'build', 'lib',
                                                    'KernelTime.so'),
                   help='the plugin (default: build/lib/KernelTime.so of this tree)')
    p.add_argument('--cuda', choices=['sdk', 'shim'], default='sdk',
                   help='the SDK headers (default) or the shim test/Inputs/cuda.h')
    p.add_argument('--cuda-path', default=os.environ.get('CUDA_PATH', '/usr/local/cuda'),
                   help='the CUDA SDK (default: $CUDA_PATH, else /usr/local/cuda)')
    p.add_argument('--timeout', type=float, default=300,
                   help='seconds per compile before it is killed and reported (default 300)')
    p.add_argument('--mllvm', action='append', default=[], metavar='OPTION',
                   help='a plugin option for the compiles with it, as --mllvm=-ktime-unknown-trip=0')
    p.add_argument('--tail', type=int, default=5, help='slowest files listed (default 5)')
    p.add_argument('--json', metavar='OUT', help='also write every file\'s record as JSON')
    p.add_argument('--keep', metavar='DIR',
                   help='keep the launch files, reports, PTX and diagnostics under DIR')
    a = p.parse_args()
    for what, path in (('clang', a.clang), ('plugin', a.plugin)):
        if not os.path.exists(path):
            sys.exit('corpus.py: no %s at %s' % (what, path))
    if a.cuda == 'sdk' and not os.path.isdir(os.path.join(a.cuda_path, 'include')):
        sys.exit('corpus.py: no CUDA SDK at %s (give --cuda-path, or --cuda shim)' % a.cuda_path)
    root = os.path.abspath(a.root)
    files, picked = sample(root, a.sample, a.also)
    if not picked:
        sys.exit('corpus.py: no src/*-cuda/*.cu under %s' % root)
    comp = corpus_clang.Compiler(a.clang, os.path.abspath(a.plugin), a.cuda, a.cuda_path,
                                 extra=a.mllvm)
    work = os.path.abspath(a.keep) if a.keep else tempfile.mkdtemp(prefix='ktime-corpus-')
    records = []
    try:
        with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
            futs = {pool.submit(process, rel, root, comp, a.timeout, work): rel
                    for rel in picked}
            for i, fut in enumerate(concurrent.futures.as_completed(futs), 1):
                try:
                    rec = fut.result()
                except (OSError, ValueError, UnicodeError) as e:
                    rec = {'file': futs[fut], 'kernels': [], 'status': 'not-checked',
                           'error': '%s: %s' % (type(e).__name__, e)}
                records.append(rec)
                print('[%d/%d] %s: %s' % (i, len(picked), rec['file'], rec['status']),
                      file=sys.stderr, flush=True)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    records.sort(key=lambda r: r['file'])
    summary = corpus_summary.summarise(records)
    print(corpus_summary.markdown(summary, records, len(files), a.tail))
    if a.json:
        with open(a.json, 'w') as f:
            json.dump({'root': root, 'files_in_collection': len(files), 'summary': summary,
                       'files': records}, f, indent=1)
    return 0


if __name__ == '__main__':
    sys.exit(main())

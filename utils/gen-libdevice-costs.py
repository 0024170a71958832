#!/usr/bin/env python3
"""Regenerate lib/Cost/LibdeviceCosts.inc: what each libdevice function costs.

With -nocudalib a CUDA device module calls libdevice's __nv_* functions
without their bodies. KernelTime prices such a call as the instructions the
function's fast path executes. This script derives those counts from the
CUDA toolkit's libdevice.10.bc with the plugin's own instruction mapping:

  1. disassemble libdevice (llvm-dis) and make every function inlinable;
  2. wrap each __nv_* function in a kernel that calls it and stores the
     result, link (llvm-link --only-needed), resolve __nvvm_reflect for
     sm_80, no flush-to-zero, IEEE sqrt (what clang does by default), and
     optimise (opt -O3), so the body is inlined into the kernel;
  3. print the cost of every instruction (print<kernel-time-cost>, the
     a100 target: only its latencies are used, to pick the longest chain);
  4. take the ordinary path: leave out the slow paths (every block that is
     in a loop, can reach one or be reached from one, unless every path
     passes it: sinf's and sin's Payne-Hanek reductions), then take the path
     from the entry to the return with the most instructions. The tests an
     ordinary argument passes are in; so are the few instructions of
     special-case blocks that join the main path again (an upper bound by a
     handful of instructions). If every path runs a loop, the longest path
     counts each block of it once;
  5. issue counts: every instruction on that path, per class; chain counts:
     the instructions on the path's longest dependence chain (by the a100
     latencies; a load counts as its latency symbol), per class. The
     wrapper's own store of the result is left out.

Usage (from the source tree, after building):
  python3 utils/gen-libdevice-costs.py --build build \\
      [--libdevice /usr/local/cuda/nvvm/libdevice/libdevice.10.bc] \\
      [--llvm-bin /usr/lib/llvm-22/bin] [--out lib/Cost/LibdeviceCosts.inc]
The tests do not need the toolkit: the generated file is committed.
"""

import argparse
import glob
import hashlib
import os
import re
import subprocess
import sys
import tempfile

FUNC_RE = re.compile(r'^define\s+(?:[\w]+\s+)*?(void|float|double|i\d+|ptr)\s+'
                     r'@(__nv_\w+)\((.*?)\)')
ATTR_RE = re.compile(r'^(attributes #\d+ = \{)(.*)(\})$')


def run(cmd, **kw):
    res = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if res.returncode != 0:
        sys.exit('failed: %s\n%s' % (' '.join(cmd), res.stderr[-4000:]))
    return res.stdout


def find_libdevice():
    found = sorted(glob.glob('/usr/local/cuda*/nvvm/libdevice/libdevice.10.bc'))
    if not found:
        sys.exit('libdevice.10.bc not found; give --libdevice')
    return found[-1]


def inlinable(text):
    """Every function attribute group: alwaysinline, never noinline."""
    out = []
    for line in text.split('\n'):
        m = ATTR_RE.match(line)
        if m and '"frame-pointer"' in m.group(2):
            body = m.group(2).replace(' noinline', '')
            if 'alwaysinline' not in body:
                body = ' alwaysinline' + body
            line = m.group(1) + body + m.group(3)
        out.append(line)
    return '\n'.join(out)


def signatures(text):
    sigs = {}
    for line in text.split('\n'):
        m = FUNC_RE.match(line)
        if not m:
            continue
        ret, name, params = m.groups()
        types = []
        for p in [p.strip() for p in params.split(',') if p.strip()]:
            types.append(p.split()[0])
        sigs[name] = (ret, types)
    return sigs


def wrappers(sigs, datalayout):
    lines = ['target datalayout = "%s"' % datalayout,
             'target triple = "nvptx64-nvidia-cuda"', '']
    for name, (ret, types) in sorted(sigs.items()):
        params = ', '.join('%s %%a%d' % (t, i) for i, t in enumerate(types))
        args = params
        lines.append('declare %s @%s(%s)' % (ret, name, ', '.join(types)))
        sep = ', ' if params else ''
        lines.append('define ptx_kernel void @ktime.%s(%s%sptr %%ktime.out) '
                     '#0 {' % (name, params, sep))
        if ret == 'void':
            lines.append('  call void @%s(%s)' % (name, args))
        else:
            lines.append('  %%r = call %s @%s(%s)' % (ret, name, args))
            lines.append('  store %s %%r, ptr %%ktime.out' % ret)
        lines.append('  ret void')
        lines.append('}')
    lines.append('attributes #0 = { "target-cpu"="sm_80" }')
    return '\n'.join(lines) + '\n'


COST_RE = re.compile(r'^(.*?) lat (.+?) del (\S+)')


def parse_cost(cost):
    """(parts {class: count}, lat {class-or-symbol: value}) or None if free."""
    cost = cost.split(' ; assumed: ')[0].strip()
    if cost.startswith('free'):
        return None
    m = COST_RE.match(cost)
    if not m:
        sys.exit('cannot read cost: ' + cost)
    parts = {}
    for item in m.group(1).rsplit(': ', 1)[-1].split(' + '):
        n, _, cls = item.rpartition(' x ')
        parts[cls] = parts.get(cls, 0) + (int(n) if n else 1)
    lat_num, lat_syms = 0.0, {}
    for term in m.group(2).split(' + '):
        term = term.strip()
        if re.match(r'^-?[\d.]+$', term):
            lat_num += float(term)
        else:
            coef, _, sym = term.rpartition(' * ')
            lat_syms[sym] = lat_syms.get(sym, 0) + (int(coef) if coef else 1)
    return parts, lat_num, lat_syms


def parse_printout(text):
    """{kernel: [(block, [(name, text, cost)])]}"""
    kernels, blocks = {}, None
    for line in text.split('\n'):
        if line.startswith('kernel '):
            name = line.split()[1]
            blocks = kernels.setdefault(name, [])
        elif blocks is not None and re.match(r'^  %[\w.$-]+:$', line):
            blocks.append((line.strip()[:-1], []))
        elif blocks is not None and line.startswith('    ') and '\t' in line:
            inst, cost = line[4:].split('\t', 1)
            inst = inst.rstrip()
            m = re.match(r'^(%[\w.$-]+) = ', inst)
            blocks[-1][1].append((m.group(1) if m else None, inst,
                                  parse_cost(cost)))
    return kernels


def successors(inst):
    if inst.startswith('br ') or inst.startswith('switch '):
        return re.findall(r'label (%[\w.$-]+)', inst)
    return []


def in_cycles(blocks, succ):
    """Blocks on a cycle (Tarjan's strongly connected components)."""
    index, low, stack, on, res, counter = {}, {}, [], set(), set(), [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in succ[v]:
                res.update(comp)

    sys.setrecursionlimit(10000)
    for b in blocks:
        if b not in index:
            visit(b)
    return res


def weight(insts):
    return sum(sum(c[0].values()) for _, _, c in insts if c)


def fast_path(blocks):
    """The longest entry-to-return path that enters no loop; if every path
    runs a loop, the longest path with the back edges removed."""
    order = [b for b, _ in blocks]
    body = dict(blocks)
    succ = {b: [s for _, t, _ in body[b] for s in successors(t)] for b in order}
    exits = {b for b in order if any(t.startswith('ret ') for _, t, _ in body[b])}
    cyc = in_cycles(order, succ)

    def longest(allowed, edges):
        # Blocks in layout order are topologically sorted once back edges
        # are gone (LLVM's layout keeps defs before uses in this IR).
        best, prev = {order[0]: weight(body[order[0]])}, {}
        for b in order:
            if b not in best:
                continue
            for s in edges(b):
                if s not in allowed:
                    continue
                d = best[b] + weight(body[s])
                if d > best.get(s, -1):
                    best[s], prev[s] = d, b
        ends = [b for b in exits if b in best]
        if not ends:
            return None
        b = max(ends, key=lambda e: best[e])
        path = [b]
        while path[-1] in prev:
            path.append(prev[path[-1]])
        return path[::-1]

    pos = {b: i for i, b in enumerate(order)}
    forward = lambda b: [s for s in succ[b] if pos[s] > pos[b]]
    # Slow paths: blocks that can reach a loop or be reached from one, unless
    # every path from the entry passes them (the function's exit block).
    pred = {b: [] for b in order}
    for b in order:
        for s_ in succ[b]:
            pred[s_].append(b)
    near_loop = reach(cyc, succ) | reach(cyc, pred)
    unavoidable = {b for b in order if not reaches_exit(order[0], exits, succ,
                                                          without=b)}
    slow = cyc | (near_loop - unavoidable)
    path = longest(set(order) - slow, forward)
    if path:
        return path, False
    return longest(set(order), forward), True


def reach(start, edges):
    seen, todo = set(start), list(start)
    while todo:
        for n in edges[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def reaches_exit(entry, exits, succ, without):
    if entry == without:
        return False
    seen, todo = {entry}, [entry]
    while todo:
        b = todo.pop()
        if b in exits:
            return True
        for n in succ[b]:
            if n != without and n not in seen:
                seen.add(n)
                todo.append(n)
    return False


def count(path, body):
    issue, deps, lat, parts_of = {}, {}, {}, {}
    seq = []
    for i, b in enumerate(path):
        pred = path[i - 1] if i else None
        for name, text, cost in body[b]:
            if 'ptr %ktime.out' in text and text.startswith('store '):
                continue
            seq.append((name, text, cost, pred))
    finish = {}
    best = (0.0, [])
    for name, text, cost, pred in seq:
        rhs = text.split(' = ', 1)[-1]
        if rhs.startswith('phi '):
            ops = [v for v, blk in re.findall(r'\[ (%[\w.$-]+), (%[\w.$-]+) \]', rhs)
                   if blk == pred]
        else:
            ops = re.findall(r'%[\w.$-]+', rhs)
        start, chain = 0.0, []
        for op in ops:
            if op in finish and finish[op][0] > start:
                start, chain = finish[op]
        if cost:
            parts, lat_num, lat_syms = cost
            for cls, n in parts.items():
                issue[cls] = issue.get(cls, 0) + n
            here = lat_num + 500.0 * sum(lat_syms.values())
            mine = dict(parts)
            if lat_syms:  # a load: its latency is the symbol, not ldst's
                mine = dict(lat_syms)
            node = (start + here, chain + [mine])
        else:
            node = (start, chain)
        if name:
            finish[name] = node
        if node[0] > best[0]:
            best = node
    chain = {}
    for mine in best[1]:
        for cls, n in mine.items():
            chain[cls] = chain.get(cls, 0) + n
    return issue, chain


def spec(d):
    return ' '.join('%s:%d' % (k, d[k]) for k in sorted(d))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', default='build')
    ap.add_argument('--libdevice', default=None)
    ap.add_argument('--llvm-bin', default='/usr/lib/llvm-22/bin')
    ap.add_argument('--out', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', 'lib', 'Cost',
        'LibdeviceCosts.inc'))
    args = ap.parse_args()
    libdevice = os.path.realpath(args.libdevice or find_libdevice())
    tool = lambda t: os.path.join(args.llvm_bin, t)
    plugin = os.path.join(args.build, 'lib', 'KernelTime.so')
    digest = hashlib.sha256(open(libdevice, 'rb').read()).hexdigest()

    with tempfile.TemporaryDirectory() as tmp:
        text = run([tool('llvm-dis'), libdevice, '-o', '-'])
        dl = re.search(r'target datalayout = "(.*)"', text).group(1)
        lib_ll = os.path.join(tmp, 'libdevice.ll')
        open(lib_ll, 'w').write(inlinable(text))
        sigs = signatures(text)
        wrap_ll = os.path.join(tmp, 'wrappers.ll')
        open(wrap_ll, 'w').write(wrappers(sigs, dl))
        linked = os.path.join(tmp, 'linked.bc')
        run([tool('llvm-link'), wrap_ll, lib_ll, '--only-needed', '-o', linked])
        opt_ll = os.path.join(tmp, 'opt.ll')
        run([tool('opt'), '-mtriple=nvptx64-nvidia-cuda', '-mcpu=sm_80',
             '-nvvm-reflect-add=__CUDA_ARCH=800',
             '-nvvm-reflect-add=__CUDA_FTZ=0',
             '-nvvm-reflect-add=__CUDA_PREC_SQRT=1',
             '-passes=nvvm-reflect,default<O3>', linked, '-S', '-o', opt_ll])
        printout = run([tool('opt'), '-load-pass-plugin=' + plugin,
                        '-passes=print<kernel-time-cost>', '-ktime-gpu=a100',
                        '-disable-output', opt_ll])

    kernels = parse_printout(printout)
    rows = []
    for kernel, blocks in sorted(kernels.items()):
        name = kernel[len('ktime.'):]
        path, loop = fast_path(blocks)
        issue, chain = count(path, dict(blocks))
        rows.append('KTIME_LIBDEVICE("%s", "%s", "%s", %s)' %
                    (name, spec(issue), spec(chain), 'true' if loop else 'false'))

    with open(args.out, 'w') as out:
        out.write('// GENERATED by utils/gen-libdevice-costs.py; do not edit.\n'
                  '// Source: %s (sha256 %s).\n'
                  '// Per libdevice function: instructions per class on its '
                  'ordinary path (issue),\n'
                  '// on that path\'s longest dependence chain (chain), and '
                  'whether every path\n'
                  '// runs a loop (counted once). docs/costs.md, "libdevice", '
                  'explains the method;\n'
                  '// regenerate with: python3 utils/gen-libdevice-costs.py '
                  '--build BUILD_DIR\n' % (libdevice, digest))
        for row in rows:
            out.write(row + '\n')
    print('wrote %d functions to %s' % (len(rows), args.out))


if __name__ == '__main__':
    main()

"""Which preprocessor defines a compile needs, and Kernel Tuner's source
preparation.

Kernel Tuner compiles every configuration with each tunable parameter as a
#define, plus block_size_x/y/z, grid_size_x/y/z and kernel_tuner=1. A
define whose name appears nowhere in the source (nor in the files it
includes with "...") cannot change the compiled code, so KernelTime leaves
it out: configurations that differ only in such parameters share one
compile (one launch file, many launches). Names are matched as whole
identifiers, comments included (a mention in a comment only costs a
compile, never a wrong result).

Parameters whose name contains "loop_unroll_factor" follow Kernel Tuner's
special rule for CUDA: value 0 removes the lines "#pragma unroll NAME",
any other value becomes "constexpr int NAME = VALUE;" at the top. That needs
a rewritten copy of the source (in a temporary directory, with a #line
directive so diagnostics name the original file, and -I of the original
directory so its "..." includes resolve).
"""

import os
import re

IDENT = re.compile(r'[A-Za-z_]\w*')
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def used_identifiers(path, include_dirs=()):
    """Every identifier in PATH and the files it includes with "..."."""
    seen, names = set(), set()
    todo = [os.path.abspath(path)]
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            with open(p, errors='replace') as f:
                text = f.read()
        except OSError:
            continue  # the compiler will say what is missing
        names.update(IDENT.findall(text))
        for inc in INCLUDE.findall(text):
            for d in [os.path.dirname(p)] + list(include_dirs):
                cand = os.path.join(d, inc)
                if os.path.exists(cand):
                    todo.append(os.path.abspath(cand))
                    break
    return names


def is_unroll_factor(name):
    return 'loop_unroll_factor' in name


def kernel_tuner_defines(params, block, grid, used, block_names=None):
    """The defines Kernel Tuner would set, restricted to USED names:
    grid_size_x/y/z, the block-size names, each parameter, kernel_tuner."""
    names = list(block_names or [])
    names += ['block_size_x', 'block_size_y', 'block_size_z'][len(names):]
    out = {}
    for n, v in zip(['grid_size_x', 'grid_size_y', 'grid_size_z'], grid):
        out[n] = v
    for n, v in zip(names, block):
        out[n] = v
    for k, v in params.items():
        out[k] = v
    out['kernel_tuner'] = 1
    return {k: str(v) for k, v in out.items() if k in used}


def prepared_source(path, defines, workdir):
    """(source path to compile, defines to pass with -D, extra -I dirs).
    Rewrites a copy only when a loop_unroll_factor define is present."""
    special = {k: v for k, v in defines.items() if is_unroll_factor(k)}
    if not special:
        return path, dict(defines), []
    with open(path, errors='replace') as f:
        text = f.read()
    prefix = ''
    for k, v in sorted(special.items()):
        if str(v).strip() == '0':
            text = re.sub(r'\n\s*#pragma\s+unroll\s+' + re.escape(k) + r'\b[^\n]*',
                          '\n', text)
        else:
            prefix += 'constexpr int %s = %s;\n' % (k, v)
    tag = '_'.join('%s%s' % (k, v) for k, v in sorted(special.items()))
    out = os.path.join(workdir, 'kt_%s_%s' % (re.sub(r'\W', '_', tag),
                                              os.path.basename(path)))
    with open(out, 'w') as f:
        f.write(prefix + '#line 1 "%s"\n' % os.path.abspath(path) + text)
    rest = {k: v for k, v in defines.items() if k not in special}
    return out, rest, [os.path.dirname(os.path.abspath(path))]

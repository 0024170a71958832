"""Command-line options ktime and validate share: the tools, the plugin's
model options, and the compile flags."""

import os

from . import devtable
from . import tools as toolsmod


def add_tool_args(p):
    g = p.add_argument_group('tools')
    g.add_argument('--clang', help='clang++ (default /usr/lib/llvm-22/bin/clang++)')
    g.add_argument('--opt', help='opt, to list GPU targets (default /usr/lib/llvm-22/bin/opt)')
    g.add_argument('--plugin', help='KernelTime.so (default $KTIME_PLUGIN, else build/lib/)')
    g.add_argument('--ptxas', help="ptxas for registers and spills, or 'none' for the "
                   "plugin's estimate (default: on PATH or /usr/local/cuda/bin)")
    g.add_argument('--nvcc', help='nvcc for --regs-from nvcc (default: on PATH or '
                   '/usr/local/cuda/bin)')
    g.add_argument('--regs-from', choices=['ptxas', 'nvcc', 'estimate'], default='ptxas',
                   help="registers and spills: ptxas -v of clang's PTX (default), "
                   "nvcc -Xptxas -v (the build nvcc would make), or the plugin's estimate")
    g.add_argument('--cuda', default='auto', choices=['auto', 'sdk', 'shim'],
                   help='CUDA headers: the SDK, the shim test/Inputs/cuda.h, or auto')
    g.add_argument('--cuda-path', help='the CUDA SDK (default /usr/local/cuda)')
    g.add_argument('--target-dir', help='GPU target files (-ktime-target-dir)')
    g.add_argument('--arch', help='compile every GPU for this sm_XX (default: each '
                   "GPU's own)")
    g.add_argument('-I', dest='include_dirs', action='append', default=[],
                   metavar='DIR', help='include directory')
    g.add_argument('--flag', dest='flags', action='append', default=[],
                   help='extra clang++ flag (repeatable), e.g. --flag=-std=c++17')
    g.add_argument('--jobs', '-j', type=int, default=min(2, os.cpu_count() or 1),
                   help='compiles run in parallel (default 2 or the CPUs, if fewer)')
    g.add_argument('--keep-temps', metavar='DIR',
                   help='keep launch files, reports and commands under DIR')
    m = p.add_argument_group('model (passed to the plugin)')
    m.add_argument('--model', choices=['kp', 'maxplus', 'mwp-cwp', 'kdt', 'all'],
                   help='-ktime-model')
    m.add_argument('--regs', type=int, help='-ktime-regs: registers per thread for '
                   'every launch (no ptxas then)')
    m.add_argument('--cold-cache', action='store_true', help='-ktime-cold-cache')
    m.add_argument('--sm-clock', type=float, metavar='MHZ', help='-ktime-sm-clock')
    m.add_argument('--mem-clock', type=float, metavar='MHZ', help='-ktime-mem-clock')
    m.add_argument('--time', choices=devtable.KINDS,
                   help='-ktime-time: the time to predict (default device)')
    m.add_argument('--empty-launch-us', type=float, metavar='US',
                   help='-ktime-empty-launch-us: what --time gives an empty launch here')


def make_tools(args, cuda=None):
    """The tools; ptxas is left out for --regs, --regs-from estimate or
    --ptxas none, nvcc unless --regs-from nvcc."""
    ptxas = args.ptxas
    if args.regs is not None or args.regs_from == 'estimate':
        ptxas = 'none'
    nvcc = args.nvcc if args.regs_from == 'nvcc' and args.regs is None else 'none'
    tools = toolsmod.Tools(clang=args.clang, opt=args.opt, plugin=args.plugin,
                           ptxas=ptxas, cuda=cuda or args.cuda, cuda_path=args.cuda_path,
                           target_dir=args.target_dir, nvcc=nvcc)
    if args.regs_from == 'nvcc' and args.regs is None and tools.nvcc is None:
        raise toolsmod.ToolError('--regs-from nvcc: no nvcc on PATH or under %s '
                                 '(give --nvcc)' % toolsmod.CUDA_DEFAULT)
    return tools


def plugin_options(args):
    out = []
    if args.model:
        out.append('-ktime-model=' + args.model)
    if args.regs is not None:
        out.append('-ktime-regs=%d' % args.regs)
    if args.cold_cache:
        out.append('-ktime-cold-cache')
    if args.sm_clock is not None:
        out.append('-ktime-sm-clock=%g' % args.sm_clock)
    if args.mem_clock is not None:
        out.append('-ktime-mem-clock=%g' % args.mem_clock)
    if args.time:
        out.append('-ktime-time=' + args.time)
    if args.empty_launch_us is not None:
        out.append('-ktime-empty-launch-us=%r' % args.empty_launch_us)
    return out


def split_names(values):
    out = []
    for v in values or []:
        out += [x.strip() for x in v.split(',') if x.strip()]
    return out


def find_upward(source, name, fallbacks=()):
    """The file NAME in SOURCE's directory or the nearest parent, else the
    first of FALLBACKS that is a file, else None."""
    d = os.path.dirname(os.path.abspath(source))
    while True:
        cand = os.path.join(d, name)
        if os.path.isfile(cand):
            return cand
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    for cand in fallbacks:
        if os.path.isfile(cand):
            return cand
    return None

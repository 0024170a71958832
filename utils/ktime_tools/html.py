"""utils/ktime-html: one compile's KernelTime remarks as LLVM's opt-viewer
pages, the source annotated in a browser (docs/usage.md, "HTML view").

The device side of FILE.cu is compiled with the plugin and remarks, the
remarks saved as an optimization record (-fsave-optimization-record, only
kernel-time's), and opt-viewer (llvm-N-tools' share/opt-viewer) renders
them: an index of every remark and a page per source file with each remark
at its line.
"""

import argparse
import os
import subprocess
import sys
import tempfile

from . import engine
from . import tools as toolsmod

USAGE_ERROR = 2


def parser():
    p = argparse.ArgumentParser(
        prog='ktime-html', description="Write opt-viewer pages of KernelTime's remarks "
        'for one CUDA file (docs/usage.md, "HTML view").')
    p.add_argument('source', metavar='FILE.cu')
    p.add_argument('-o', '--output-dir', default='ktime-html',
                   help='where the pages go (default: ktime-html)')
    p.add_argument('--gpu', action='append', default=[],
                   help='-ktime-gpu (repeatable; default: the kernel\'s sm_XX default)')
    p.add_argument('--arch', default='sm_80', help='--cuda-gpu-arch (default sm_80)')
    p.add_argument('--launch', action='append', default=[], metavar='SPEC',
                   help='-ktime-launch (repeatable; docs/usage.md, "Launch specs")')
    p.add_argument('--launch-file', help='-ktime-launch-file')
    p.add_argument('-I', dest='include', action='append', default=[], metavar='DIR')
    p.add_argument('-D', dest='define', action='append', default=[], metavar='NAME[=VAL]')
    p.add_argument('--clang', help='clang++ of the plugin\'s LLVM (default: LLVM 22\'s)')
    p.add_argument('--plugin', help='KernelTime.so (default: $KTIME_PLUGIN, else this '
                   "tree's build)")
    p.add_argument('--cuda', default='auto', choices=['auto', 'sdk', 'shim'],
                   help='CUDA headers: the SDK, the shim header, or the SDK when installed')
    p.add_argument('--cuda-path', help='the CUDA SDK (default /usr/local/cuda)')
    p.add_argument('--opt-viewer', help='opt-viewer.py (default: the clang\'s LLVM '
                   'share/opt-viewer)')
    return p


def find_opt_viewer(clang, given):
    """opt-viewer.py: GIVEN, else beside CLANG's LLVM (bin/../share)."""
    if given:
        return given
    llvm = os.path.dirname(os.path.dirname(os.path.realpath(clang)))
    return os.path.join(llvm, 'share', 'opt-viewer', 'opt-viewer.py')


def compile_command(args, tools, record):
    """The device compile, run in the source's directory with the source by
    its name, so that the record names it as opt-viewer finds it (the other
    paths are absolute by then)."""
    cmd = [tools.clang, '-x', 'cuda', '--cuda-gpu-arch=' + args.arch, '--cuda-device-only',
           '-O3', '-S', '-o', os.devnull] + tools.cuda_flags()
    cmd += ['-I' + d for d in args.include] + ['-D' + d for d in args.define]
    cmd += ['-fplugin=' + tools.plugin, '-fpass-plugin=' + tools.plugin,
            '-Rpass-analysis=kernel-time', '-fsave-optimization-record',
            '-foptimization-record-passes=kernel-time',
            '-foptimization-record-file=' + record]
    llvm_opts = (['-ktime-gpu=' + ','.join(args.gpu)] if args.gpu else []) + \
        ['-ktime-launch=' + s for s in args.launch] + \
        (['-ktime-launch-file=' + args.launch_file] if args.launch_file else [])
    for o in llvm_opts:
        cmd += ['-mllvm', o]
    return cmd + [os.path.basename(args.source)]


def main(argv=None):
    args = parser().parse_args(argv)
    if not os.path.isfile(args.source):
        print('ktime-html: error: no file %s' % args.source, file=sys.stderr)
        return USAGE_ERROR
    # Paths as the user gave them, before the compile moves to the source's
    # directory.
    args.source = os.path.abspath(args.source)
    args.output_dir = os.path.abspath(args.output_dir)
    args.include = [os.path.abspath(d) for d in args.include]
    if args.launch_file:
        args.launch_file = os.path.abspath(args.launch_file)
    for name in ('clang', 'plugin', 'cuda_path', 'opt_viewer'):
        value = getattr(args, name)
        if value and os.sep in value:
            setattr(args, name, os.path.abspath(value))
    try:
        tools = toolsmod.Tools(clang=args.clang, plugin=args.plugin, ptxas='none',
                               cuda=args.cuda, cuda_path=args.cuda_path)
        tools.check()
    except toolsmod.ToolError as e:
        print('ktime-html: error: %s' % e, file=sys.stderr)
        return USAGE_ERROR
    viewer = find_opt_viewer(tools.clang, args.opt_viewer)
    if not os.path.isfile(viewer):
        print('ktime-html: error: no opt-viewer at %s (Debian: apt-get install '
              'llvm-22-tools python3-yaml python3-pygments, or give --opt-viewer)' % viewer,
              file=sys.stderr)
        return USAGE_ERROR
    with tempfile.TemporaryDirectory(prefix='ktime-html-') as work:
        record = os.path.join(work, 'remarks.opt.yaml')
        res = subprocess.run(compile_command(args, tools, record), capture_output=True,
                             text=True, errors='replace', cwd=os.path.dirname(args.source))
        if res.returncode != 0:
            print(res.stderr.rstrip(), file=sys.stderr)
            hint = engine.wrong_clang_hint(res.stderr)
            if hint:
                print(hint, file=sys.stderr)
            print('ktime-html: error: the compile of %s failed' % args.source, file=sys.stderr)
            return 1
        # The remarks as the compile printed them, as ktime-html's log.
        sys.stderr.write(res.stderr)
        if not os.path.isfile(record) or os.path.getsize(record) == 0:
            print('ktime-html: error: the compile wrote no remarks (no kernel in %s?)'
                  % args.source, file=sys.stderr)
            return 1
        view = subprocess.run([sys.executable, viewer, '--output-dir', args.output_dir,
                               '--source-dir', os.path.dirname(args.source),
                               '--no-progress-indicator', '--jobs', '1', record],
                              capture_output=True, text=True, errors='replace')
        if view.returncode != 0:
            print(view.stderr.rstrip(), file=sys.stderr)
            print('ktime-html: error: opt-viewer failed (it needs python3-yaml and '
                  'python3-pygments)', file=sys.stderr)
            return 1
    print('ktime-html: wrote %s' % os.path.join(args.output_dir, 'index.html'))
    return 0

"""utils/ktime-lsp's command line: the server's defaults, then the server
on stdin/stdout (docs/editors.md).

  utils/ktime-lsp [--cuda sdk|shim|auto] [--cuda-path DIR] [--gpu G[,G]]
      [--clang PATH] [--plugin PATH] [--timeout SECONDS] [--log FILE]

The project file `.ktime` and the file's `// ktime:` comments override
these per file; an editor's initializationOptions (the same names: cuda,
cuda_path, gpu, clang, plugin, timeout) override them for the session.
"""

import argparse
import sys

from . import lsp_compile
from . import lsp_server


def parser():
    p = argparse.ArgumentParser(
        prog='ktime-lsp', description="A language server (LSP over stdio) that shows "
        "KernelTime's predictions and remarks in an editor (docs/editors.md).")
    p.add_argument('--cuda', default='auto', choices=['auto', 'sdk', 'shim'],
                   help='CUDA headers: the SDK, the shim header, or the SDK when installed')
    p.add_argument('--cuda-path', help='the CUDA SDK (default /usr/local/cuda)')
    p.add_argument('--gpu', help='GPUs to predict for where neither the file nor .ktime '
                   'names one (comma-separated)')
    p.add_argument('--clang', help="clang++ of the plugin's LLVM (default: LLVM 22's)")
    p.add_argument('--plugin', help="KernelTime.so (default: $KTIME_PLUGIN, else this "
                   "tree's build)")
    p.add_argument('--timeout', type=float, default=120.0,
                   help='seconds a compile may take before it is stopped (default 120)')
    p.add_argument('--log', help='append the log here too (it always goes to stderr)')
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    if args.timeout <= 0:
        parser().error('--timeout must be positive')
    options = lsp_compile.Options(
        clang=args.clang, plugin=args.plugin, cuda=args.cuda, cuda_path=args.cuda_path,
        gpus=[g.strip() for g in args.gpu.split(',') if g.strip()] if args.gpu else None,
        timeout=args.timeout)
    log_file = None
    if args.log:
        try:
            log_file = open(args.log, 'a', encoding='utf-8')
        except OSError as e:
            print('ktime-lsp: cannot open %s: %s' % (args.log, e.strerror), file=sys.stderr)
            return 2

    def log(msg):
        line = '%s: %s' % (lsp_server.NAME, msg)
        print(line, file=sys.stderr, flush=True)
        if log_file:
            log_file.write(line + '\n')
            log_file.flush()

    server = lsp_server.Server(options, sys.stdin.buffer, sys.stdout.buffer, log)
    return server.run()

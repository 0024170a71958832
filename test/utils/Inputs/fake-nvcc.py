#!/usr/bin/env python3
"""A stand-in for `nvcc -arch=sm_XX -cubin -o /dev/null -Xptxas -v -D.. FILE`
for the tests of utils/ktime --regs-from nvcc: prints what ptxas -v prints
for one kernel.

Environment (a Python expression over the -D defines, as integers where
they parse):
  FAKE_NVCC_REGS     the kernel's registers (default 30)
  FAKE_NVCC_FAIL     true: fail as CUDA 13's nvcc does for sm_61
  FAKE_KTIME_ENTRY   the kernel's symbol (default _Z6kernelPf)
  FAKE_KTIME_LOG     a file that gets a line "nvcc" and the sorted defines
"""

import os
import sys


def num(v):
    try:
        return int(v)
    except ValueError:
        return v


def main(argv):
    defines = {}
    for a in argv:
        if a.startswith('-D'):
            k, _, v = a[2:].partition('=')
            defines[k] = num(v if _ else '1')
    arch = [a.split('=', 1)[1] for a in argv if a.startswith('-arch=')][0]
    log = os.environ.get('FAKE_KTIME_LOG')
    if log:
        with open(log, 'a') as f:
            f.write('nvcc %s\n' % ' '.join('%s=%s' % kv for kv in sorted(defines.items())))
    fail = os.environ.get('FAKE_NVCC_FAIL')
    if fail and eval(fail, {}, dict(defines)):
        sys.stderr.write("nvcc fatal   : Unsupported gpu architecture '%s'\n" % arch)
        return 1
    regs = eval(os.environ.get('FAKE_NVCC_REGS', '30'), {}, dict(defines))
    name = os.environ.get('FAKE_KTIME_ENTRY', '_Z6kernelPf')
    sys.stdout.write("ptxas info    : Compiling entry function '%s' for '%s'\n" % (name, arch))
    sys.stdout.write('ptxas info    : Function properties for %s\n' % name)
    sys.stdout.write('    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n')
    sys.stdout.write('ptxas info    : Used %d registers, used 0 barriers\n' % regs)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""A stand-in for `ptxas -v -arch=sm_XX FILE.ptx -o /dev/null` for the tests
of utils/ktime: reads the ".entry NAME // regs=R spill=S" line fake-clang.py
writes and prints what ptxas -v prints for such a kernel: S bytes of spill
stores and 2 S of spill loads (unequal, so that tests see which is which). FAKE_PTXAS_FAIL
set makes it fail like ptxas on bad PTX."""

import os
import re
import sys


def main(argv):
    if os.environ.get('FAKE_PTXAS_FAIL'):
        sys.stderr.write('ptxas fatal   : Unresolved extern function \'fake\'\n')
        return 255
    ptx = [a for a in argv if a.endswith('.ptx')][0]
    arch = [a.split('=', 1)[1] for a in argv if a.startswith('-arch=')][0]
    with open(ptx) as f:
        text = f.read()
    sys.stderr.write('ptxas info    : 0 bytes gmem\n')
    for name, regs, spill in re.findall(r'\.entry (\S+) // regs=(\d+) spill=(\d+)', text):
        sys.stderr.write("ptxas info    : Compiling entry function '%s' for '%s'\n"
                         % (name, arch))
        sys.stderr.write('ptxas info    : Function properties for %s\n' % name)
        sys.stderr.write('    0 bytes stack frame, %s bytes spill stores, %s bytes spill '
                         'loads\n' % (spill, 2 * int(spill)))
        sys.stderr.write('ptxas info    : Used %s registers, used 0 barriers, 376 bytes '
                         'cmem[0]\n' % regs)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""A stand-in for clang++ for test/utils/corpus.test: it runs the real clang
($CORPUS_REAL_CLANG) except in the compiles with the plugin of three files
of the fake collection, where it misbehaves as a broken plugin would:
saxpy-cuda crashes (clang's crash banner, then SIGSEGV), reduce-cuda writes
PTX with one more line, list-cuda hangs. So bench/corpus.py's detectors
are seen to fire."""
import os
import signal
import subprocess
import sys
import time

args = sys.argv[1:]
plugin = any(a.startswith('-fpass-plugin=') for a in args)
src = ' '.join(a for a in args if a.endswith('.cu'))
if plugin and 'saxpy-cuda' in src:
    sys.stderr.write('PLEASE submit a bug report to https://example.invalid\n')
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGSEGV)
if plugin and 'list-cuda' in src:
    time.sleep(60)
rc = subprocess.call([os.environ['CORPUS_REAL_CLANG']] + args)
if rc == 0 and plugin and 'reduce-cuda' in src:
    with open(args[args.index('-o') + 1], 'a') as f:
        f.write('// changed\n')
sys.exit(rc)

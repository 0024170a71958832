"""The project file of utils/ktime-lsp: `.ktime`, plain `key = value`
lines, found in the file's directory or the nearest parent that has one,
else at the workspace root (docs/editors.md).

  # KernelTime's settings for the CUDA files under this directory
  gpu = a100, h100          GPUs to predict for (a file's `// ktime: gpu`
                            replaces them)
  launch = saxpy:grid=4096,block=256,n=1048576
                            a launch (KERNEL: required); repeatable
  cuda = shim               sdk, shim or auto (default auto: the SDK when
                            installed, else the project's shim header)
  cuda_path = /usr/local/cuda
  arch = sm_80              --cuda-gpu-arch (default: the first GPU's)
  include = include         -I, relative to this file's directory; repeatable
  define = N=1024           -D; repeatable
  clang = /usr/lib/llvm-22/bin/clang++
  plugin = /opt/kerneltime/lib/KernelTime.so
  timeout = 120             seconds a compile may take (default 120)

`#` starts a comment at the start of a line or after a space. Keys are
case-insensitive. A line that is not `key = value`, or an unknown key, is a
problem the server shows on the source files (and otherwise ignores).
"""

import os
import re

from . import common

NAME = '.ktime'
LIST_KEYS = ('launch', 'include', 'define')
SINGLE_KEYS = ('gpu', 'cuda', 'cuda_path', 'arch', 'clang', 'plugin', 'timeout')
_COMMENT = re.compile(r'(^|\s)#.*$')


class Project:
    """The settings of one project file (path None: none was found)."""

    def __init__(self, path=None):
        self.path = path
        self.values = {k: [] for k in LIST_KEYS}
        self.problems = []  # [(1-based line, message)]

    def get(self, key, default=None):
        return self.values.get(key, default)

    def gpus(self):
        g = self.values.get('gpu')
        return [x.strip() for x in g.split(',') if x.strip()] if g else None

    def timeout(self, default=120):
        try:
            t = float(self.values.get('timeout', default))
            return t if t > 0 else default
        except ValueError:
            return default


def parse(text, path=None):
    """A Project from the file's TEXT; relative include dirs and paths are
    taken from PATH's directory."""
    p = Project(path)
    base = os.path.dirname(os.path.abspath(path)) if path else os.getcwd()
    for number, raw in enumerate(text.splitlines(), 1):
        line = _COMMENT.sub('', raw).strip()
        if not line:
            continue
        key, eq, value = line.partition('=')
        key, value = key.strip().lower(), value.strip()
        if not eq or not key or not value:
            p.problems.append((number, "'%s' is not key = value" % raw.strip()))
            continue
        if key in ('include', 'cuda_path', 'clang', 'plugin') and \
                (os.sep in value or key == 'include'):
            value = os.path.normpath(os.path.join(base, os.path.expanduser(value)))
        if key in LIST_KEYS:
            p.values[key].append(value)
        elif key in SINGLE_KEYS:
            if key in p.values:
                p.problems.append((number, '%s is given twice (the last is used)' % key))
            p.values[key] = value
        else:
            p.problems.append((number, "unknown key '%s' (known: %s)"
                               % (key, ', '.join(SINGLE_KEYS + LIST_KEYS))))
    if p.values.get('cuda', 'auto') not in ('auto', 'sdk', 'shim'):
        p.problems.append((0, "cuda must be sdk, shim or auto, not '%s'" % p.values['cuda']))
        p.values['cuda'] = 'auto'
    return p


def find(source, root=None):
    """The project file for SOURCE: in its directory or the nearest parent,
    else in ROOT (the workspace root), else None."""
    return common.find_upward(source, NAME,
                              [os.path.join(root, NAME)] if root else [])


def load(source, root=None):
    """The Project for SOURCE (an empty one where there is no file)."""
    path = find(source, root)
    if path is None:
        return Project()
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            return parse(f.read(), path)
    except OSError as e:
        p = Project(path)
        p.problems.append((0, 'cannot read it: %s' % e.strerror))
        return p

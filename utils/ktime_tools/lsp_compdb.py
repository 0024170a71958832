"""A file's flags from compile_commands.json, for utils/ktime-lsp's device
compile (docs/editors.md).

The database is the first compile_commands.json found in the file's
directory or a parent, else at the workspace root or its build/. The
file's entry (by "file", relative to "directory") gives its command
("arguments", or "command" split like a shell); of it the compile keeps
what changes how the device code parses and what it targets:
  -I DIR, -isystem DIR, -iquote DIR, -include FILE (paths made absolute
  against "directory"), -D NAME[=VAL], -U NAME, -std=..., --cuda-gpu-arch=
  (nvcc's -arch=sm_XX / -arch sm_XX too) and --cuda-path=
and drops the rest (-o, -c, -x, optimisation, warnings, the source, ...).
"""

import json
import os
import shlex

from . import common

NAME = 'compile_commands.json'
# Flags kept with their value, as `-I DIR` or `-IDIR`.
_JOINED = ('-I', '-D', '-U', '-isystem', '-iquote', '-include')
_PATH_FLAGS = ('-I', '-isystem', '-iquote', '-include')


class Flags:
    """The kept flags: args (in order, --cuda-gpu-arch and --cuda-path
    left out), arches, cuda_path, database (its path) and directory."""

    def __init__(self, database=None, directory=None):
        self.database = database
        self.directory = directory
        self.args = []
        self.arches = []
        self.cuda_path = None


def find(source, root=None):
    """The compile_commands.json for SOURCE (its directory or a parent, else
    ROOT or ROOT/build), or None."""
    return common.find_upward(source, NAME, [os.path.join(root, NAME),
                                             os.path.join(root, 'build', NAME)]
                              if root else [])


def _same(a, b):
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.normpath(a) == os.path.normpath(b)


def entry_for(entries, source):
    """The database entry (a dict) of SOURCE, or None."""
    if not isinstance(entries, list):
        return None
    for e in entries:
        if not isinstance(e, dict) or not isinstance(e.get('file'), str):
            continue
        path = os.path.join(e.get('directory') or '', e['file'])
        if _same(path, source):
            return e
    return None


def arguments(entry):
    """The entry's command as a list."""
    args = entry.get('arguments')
    if isinstance(args, list):
        return [str(a) for a in args]
    try:
        return shlex.split(entry.get('command') or '')
    except ValueError:
        return []


def keep(args, directory):
    """Flags of the command ARGS (its program first) that the device
    compile keeps, paths made absolute against DIRECTORY."""
    out = Flags(directory=directory)
    i = 1
    while i < len(args):
        a = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        i += 1
        if a.startswith('--cuda-gpu-arch='):
            out.arches.append(a.split('=', 1)[1])
        elif a.startswith('-arch=sm_') or (a == '-arch' and nxt and nxt.startswith('sm_')):
            out.arches.append(a.split('=', 1)[1] if '=' in a else nxt)
            i += 0 if '=' in a else 1
        elif a.startswith('--cuda-path='):
            out.cuda_path = _absolute(a.split('=', 1)[1], directory)
        elif a.startswith(('-std=', '--std=')):
            out.args.append('-std=' + a.split('=', 1)[1])
        else:
            for flag in _JOINED:
                if a == flag and nxt is not None:
                    value, i = nxt, i + 1
                elif a.startswith(flag) and len(a) > len(flag) and \
                        not (flag == '-I' and a.startswith('-include')):
                    value = a[len(flag):]
                else:
                    continue
                if flag in _PATH_FLAGS:
                    value = _absolute(value, directory)
                out.args += [flag, value] if flag in ('-isystem', '-iquote', '-include') \
                    else [flag + value]
                break
    return out


def _absolute(path, directory):
    return os.path.normpath(os.path.join(directory or '', path))


def load(source, root=None):
    """(Flags, problem message or None) for SOURCE; Flags() where there is
    no database or no entry of the file."""
    path = find(source, root)
    if path is None:
        return Flags(), None
    try:
        with open(path, encoding='utf-8') as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        return Flags(), '%s: cannot read it: %s' % (path, e)
    e = entry_for(entries, source)
    if e is None:
        return Flags(database=path), None
    directory = e.get('directory') or os.path.dirname(path)
    flags = keep(arguments(e), directory)
    flags.database = path
    return flags, None

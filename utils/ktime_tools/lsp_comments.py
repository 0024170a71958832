"""The `// ktime:` comments of a CUDA file, and where its kernels are: what
utils/ktime-lsp reads from the file itself (docs/editors.md).

  // ktime: gpu a100                 the GPU(s) to predict for, comma-separated
                                     target names or aliases (one such line
                                     per file; it replaces the project file's)
  // ktime: launch grid=4096,block=256,n=1048576
                                     a launch of the next __global__ kernel
                                     below the comment (several lines: several
                                     launches of it)
  // ktime: launch saxpy:grid=64,block=128,arg0=8192
                                     a launch of the kernel named, wherever
                                     the comment is

A launch is the plugin's spec without the kernel (docs/usage.md, "Launch
specs"): grid= and block= (X, XxY or XxYxZ), then shmem=, regs= and the
kernel's parameters by name or position. Lines are 0-based here, as in LSP.
"""

import re

from . import launch as launchmod

# A line whose (first) comment starts with `ktime:`.
_COMMENT = re.compile(r'^[^/]*(?:/(?!/)[^/]*)*//\s*ktime:\s*(\S+)\s*(.*?)\s*$')
_LAUNCH_BOUNDS = re.compile(r'__launch_bounds__\s*\([^()]*\)|__attribute__\s*\(\(.*?\)\)',
                            re.S)
_NAME_BEFORE_PAREN = re.compile(r'([A-Za-z_]\w*)\s*(?:<[^<>()]*>\s*)?\($')


class Kernel:
    """A __global__ function: its name and the 0-based line of __global__."""

    def __init__(self, name, line):
        self.name = name
        self.line = line

    def __repr__(self):
        return 'Kernel(%r, %d)' % (self.name, self.line)


class Launch:
    """A `// ktime: launch` comment: its line, kernel and spec (the kernel
    is None where no kernel follows an unnamed launch)."""

    def __init__(self, line, kernel, body):
        self.line = line
        self.kernel = kernel
        self.body = body

    def id(self):
        """The spec's id=: the comment's 1-based line (the plugin names it
        in its messages about the launch)."""
        return 'L%d' % (self.line + 1)

    def spec(self):
        return '%s:%s,id=%s' % (self.kernel, self.body, self.id())


class Settings:
    """What a file's comments say: gpus (a list, or None), launches, and
    problems [(line, message)] for comments that cannot be used."""

    def __init__(self):
        self.gpus = None
        self.gpu_line = None
        self.launches = []
        self.kernels = []
        self.problems = []


def _blank_comments(text):
    """TEXT with its comments and string literals' contents replaced by
    spaces (newlines kept), so that offsets and lines stay where they were."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(c + ' ' * max(0, j - i - 2) + (c if j - i >= 2 else ''))
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def find_kernels(text):
    """[Kernel] of TEXT in source order: each __global__ function defined
    there (declarations are left out), named by the identifier before its
    parameter list (__launch_bounds__ and __attribute__ skipped)."""
    code = _blank_comments(text)
    kernels = []
    for m in re.finditer(r'\b__global__\b', code):
        end, stop = len(code), None
        for c in ('{', ';'):
            k = code.find(c, m.end())
            if 0 <= k < end:
                end, stop = k, c
        if stop != '{':
            continue  # a declaration: its definition is where the remarks go
        head = _LAUNCH_BOUNDS.sub(lambda x: ' ' * len(x.group(0)), code[m.end():end])
        paren = head.find('(')
        if paren < 0:
            continue
        name = _NAME_BEFORE_PAREN.search(head[:paren + 1])
        if name:
            kernels.append(Kernel(name.group(1), code.count('\n', 0, m.start())))
    return kernels


def parse(text):
    """Settings of the CUDA source TEXT."""
    s = Settings()
    s.kernels = find_kernels(text)
    for number, line in enumerate(text.splitlines()):
        m = _COMMENT.search(line)
        if not m:
            continue
        key, value = m.group(1).lower(), m.group(2)
        if key == 'gpu':
            gpus = [g.strip() for g in value.split(',') if g.strip()]
            if not gpus:
                s.problems.append((number, "'// ktime: gpu' names no GPU"))
            elif s.gpus is not None:
                s.problems.append((number, "a second '// ktime: gpu' line (the first, "
                                   "line %d, is used)" % (s.gpu_line + 1)))
            else:
                s.gpus, s.gpu_line = gpus, number
        elif key == 'launch':
            _add_launch(s, number, value)
        else:
            s.problems.append((number, "unknown '// ktime: %s' (gpu or launch)" % m.group(1)))
    return s


def _add_launch(s, number, value):
    head, sep, rest = value.partition(':')
    if sep and '=' not in head:
        kernel, body = head.strip(), rest.strip()
        if kernel not in [k.name for k in s.kernels]:
            s.problems.append((number, "launch of '%s': no __global__ kernel of that name "
                               "in this file" % kernel))
            return  # the plugin would fail the whole compile on it
    else:
        following = [k for k in s.kernels if k.line > number]
        kernel, body = (following[0].name if following else None), value.strip()
        if kernel is None:
            s.problems.append((number, 'launch: no __global__ kernel follows this comment '
                               '(or name one: KERNEL:grid=..,block=..)'))
    try:
        launchmod.parse_launch(body, kernel=None)
    except launchmod.LaunchError as e:
        s.problems.append((number, str(e).replace('--launch', 'launch')))
        return
    if '{' in body:
        s.problems.append((number, "launch '%s': no {EXPR} here" % body))
        return
    if kernel is not None:
        s.launches.append(Launch(number, kernel, body))

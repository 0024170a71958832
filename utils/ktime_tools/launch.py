"""Launch configurations: Kernel Tuner's grid rule, thread-block sizes, and
the plugin's launch-spec text.

Grid rule (Kernel Tuner's problem_size and grid_div_x/y/z): for each axis,
grid = ceil(problem_size / divisor), where the divisor is the product of the
listed items (parameter names, integers or expressions over the
parameters). An axis without a divisor list divides by its block-size
parameter (block_size_x, block_size_y, block_size_z, or 1 when that
parameter does not exist); a missing problem-size axis is 1. The block is
(block_size_x, block_size_y, block_size_z) from the parameters, 256 x 1 x 1
where they are absent (Kernel Tuner's defaults).

Spec (docs/usage.md): KERNEL:grid=XxYxZ,block=XxYxZ[,shmem=B][,regs=N]
[,spill_stores=B][,spill_loads=B]
[,NAME=VALUE...][,id=ID].
"""

import math
import re

from . import safeexpr

DEFAULT_BLOCK_NAMES = ['block_size_x', 'block_size_y', 'block_size_z']
DEFAULT_BLOCK = [256, 1, 1]


class LaunchError(Exception):
    """A grid rule or launch that cannot be evaluated; says which and why."""


def block_size_names(names=None):
    """NAMES completed with Kernel Tuner's defaults to three entries."""
    names = list(names or [])
    return names + DEFAULT_BLOCK_NAMES[len(names):]


def split_top(text, sep=','):
    """Split TEXT at SEP outside parentheses, brackets and braces."""
    out, depth, cur = [], 0, []
    for ch in text:
        if ch in '([{':
            depth += 1
        elif ch in ')]}':
            depth -= 1
        if ch == sep and depth == 0:
            out.append(''.join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append(''.join(cur))
    return out


def _as_int(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LaunchError('%s is %r, not a number' % (what, value))
    if isinstance(value, float):
        if value != int(value):
            raise LaunchError('%s is %r, not an integer' % (what, value))
        value = int(value)
    return value


def _eval(item, names, what):
    try:
        return safeexpr.value_or_expr(item, names)
    except safeexpr.ExprError as e:
        raise LaunchError('%s: %s' % (what, e))
    except ZeroDivisionError:
        raise LaunchError('%s: division by zero' % what)


class GridRule:
    """problem: up to 3 items; divisors: per axis None, an item, or a list."""

    def __init__(self, problem, divisors=None, block_names=None):
        if isinstance(problem, (int, str)):
            problem = [problem]
        if not isinstance(problem, (list, tuple)) or not 1 <= len(problem) <= 3:
            raise LaunchError('problem size must have 1 to 3 entries, got %r' % (problem,))
        self.problem = list(problem)
        self.divisors = list(divisors or [None, None, None]) + [None] * 3
        self.divisors = self.divisors[:3]
        self.block_names = block_size_names(block_names)

    def _divisor(self, div, axis, params):
        what = 'grid divisor of axis %s' % 'xyz'[axis]
        if div is None:
            out = _as_int(params.get(self.block_names[axis], 1), what)
        else:
            out = 1
            for item in (div if isinstance(div, (list, tuple)) else [div]):
                out *= _as_int(_eval(item, params, what), what)
        if out <= 0:
            raise LaunchError('%s is %d; it must be positive' % (what, out))
        return out

    def grid(self, params):
        """(gx, gy, gz) for one configuration's parameter values."""
        out = []
        for axis in range(3):
            if axis < len(self.problem):
                what = 'problem size of axis %s' % 'xyz'[axis]
                size = _as_int(_eval(self.problem[axis], params, what), what)
            else:
                size = 1
            div = self._divisor(self.divisors[axis], axis, params)
            out.append(max(1, int(math.ceil(size / div))))
        return tuple(out)

    def describe(self):
        parts = []
        for axis in range(len(self.problem)):
            div = self.divisors[axis]
            if div is None:
                div = self.block_names[axis]
            elif isinstance(div, (list, tuple)):
                div = '*'.join(str(d) for d in div)
            parts.append('ceil(%s / %s)' % (self.problem[axis], div))
        return ' x '.join(parts)


def parse_grid_rule(text):
    """--grid-rule 'P[:DIV][,P[:DIV][,P[:DIV]]]' -> GridRule."""
    axes = split_top(text, ',')
    if not 1 <= len(axes) <= 3 or not all(a.strip() for a in axes):
        raise LaunchError("--grid-rule '%s': expected 1 to 3 comma-separated "
                          "axes PROBLEM[:DIVISOR]" % text)
    problem, divisors = [], []
    for a in axes:
        p, sep, d = a.partition(':')
        for part in (p, d) if sep else (p,):
            try:
                safeexpr.parse(part)
            except safeexpr.ExprError as e:
                raise LaunchError("--grid-rule '%s': %s" % (text, e))
        problem.append(p.strip())
        divisors.append(d.strip() if sep else None)
    return GridRule(problem, divisors)


def block_of(params, block_names=None, block_exprs=None):
    """Thread-block dims: --block expressions if given, else the block-size
    parameters with Kernel Tuner's defaults."""
    if block_exprs:
        dims = [_as_int(_eval(e, params, 'block size'), 'block size')
                for e in block_exprs] + [1, 1]
        dims = dims[:3]
    else:
        names = block_size_names(block_names)
        dims = [_as_int(params.get(n, d), 'parameter ' + n)
                for n, d in zip(names, DEFAULT_BLOCK)]
    if any(d <= 0 for d in dims):
        raise LaunchError('block %s has a non-positive size' % 'x'.join(map(str, dims)))
    return tuple(dims)


def parse_dims(text, what):
    """'256' or '16x16' or '8x8x4' -> (x, y, z)."""
    parts = text.strip().split('x')
    try:
        dims = [int(p) for p in parts]
    except ValueError:
        raise LaunchError("%s '%s': expected X[xY[xZ]] with positive integers" % (what, text))
    if not 1 <= len(dims) <= 3 or any(d <= 0 for d in dims):
        raise LaunchError("%s '%s': expected X[xY[xZ]] with positive integers" % (what, text))
    return tuple(dims + [1] * (3 - len(dims)))


_BRACES = re.compile(r'\{([^{}]*)\}')


def substitute(text, names):
    """Replace every {EXPR} in TEXT by its value over NAMES."""
    def repl(m):
        v = _eval(m.group(1), names, "'{%s}'" % m.group(1))
        if isinstance(v, float) and v == int(v):
            v = int(v)
        return str(v)
    return _BRACES.sub(repl, text)


class Launch:
    """One launch of the kernel: what becomes one spec line."""

    def __init__(self, grid, block, shmem=None, regs=None, args=None):
        self.grid = tuple(grid)
        self.block = tuple(block)
        self.shmem = shmem
        self.regs = regs
        self.args = dict(args or {})

    def threads(self):
        return self.block[0] * self.block[1] * self.block[2]

    def spec(self, kernel, launch_id=None, regs=None, spills=None):
        """The spec line; REGS and SPILLS (ptxas's spill store and load
        bytes) as read from ptxas, unless the launch gives its own."""
        regs = self.regs if regs is None else regs
        out = '%s:grid=%s,block=%s' % (kernel, 'x'.join(map(str, self.grid)),
                                       'x'.join(map(str, self.block)))
        if self.shmem is not None:
            out += ',shmem=%d' % self.shmem
        if regs is not None:
            out += ',regs=%d' % regs
        own = 'spill_stores' in self.args or 'spill_loads' in self.args
        if spills and any(spills) and not own:
            out += ',spill_stores=%d,spill_loads=%d' % spills
        for k, v in self.args.items():
            out += ',%s=%s' % (k, v)
        if launch_id is not None:
            out += ',id=%s' % launch_id
        return out


RESERVED = ('grid', 'block', 'shmem', 'regs', 'spill_stores', 'spill_loads', 'id')


def parse_launch(text, names=None, kernel=None):
    """A user's --launch '[KERNEL:]grid=..,block=..,...' with {EXPR}s
    substituted over NAMES -> Launch. A KERNEL given must match KERNEL."""
    body = substitute(text, names or {})
    head, sep, rest = body.partition(':')
    if sep and '=' not in head:
        if kernel is not None and head.strip() != kernel:
            raise LaunchError("--launch '%s' names kernel %s, but --kernel is %s"
                              % (text, head.strip(), kernel))
        body = rest
    fields = {}
    for item in body.split(','):
        key, eq, value = item.partition('=')
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise LaunchError("--launch '%s': '%s' is not NAME=VALUE" % (text, item))
        if key in fields:
            raise LaunchError("--launch '%s': %s is given twice" % (text, key))
        if key == 'id':
            raise LaunchError("--launch '%s': id= is set by ktime" % text)
        fields[key] = value
    if 'grid' not in fields or 'block' not in fields:
        raise LaunchError("--launch '%s': needs grid= and block=" % text)
    grid = parse_dims(fields.pop('grid'), 'grid')
    block = parse_dims(fields.pop('block'), 'block')
    for key in ('spill_stores', 'spill_loads'):
        if key in fields and not fields[key].isdigit():
            raise LaunchError("--launch '%s': %s must be a byte count" % (text, key))
    shmem = regs = None
    for key in ('shmem', 'regs'):
        if key in fields:
            try:
                v = int(fields.pop(key))
            except ValueError:
                raise LaunchError("--launch '%s': %s must be an integer" % (text, key))
            if v < 0:
                raise LaunchError("--launch '%s': %s must not be negative" % (text, key))
            if key == 'shmem':
                shmem = v
            else:
                regs = v
    return Launch(grid, block, shmem, regs, fields)

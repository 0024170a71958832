"""The development set's measurement table (docs/accuracy.md, "The
measurement table"): one measured kernel launch per row, as CSV.

Columns (a blank cell is "not known" or "none"):
  dataset      the data set the row comes from (pmpp, hub, gpuperf, rrze, ...)
  family       the algorithm (one family however many variants or GPUs)
  variant      the variant of the family (kernel or description name)
  problem      the problem size, as a label (rows of one family, GPU and
               problem form a sweep)
  config       what varies inside a sweep (block size, tiling, ...)
  source       the .cu or .cuh file with the kernel: an absolute path, or
               one relative to the KernelTime checkout (bench/kit's tables)
  kernel       the kernel's name, unqualified or mangled
  prelude, instantiate  C++ text to put before the source (declarations
               the source expects from the file that includes it; standard
               headers as #include lines) and after it (explicit
               instantiations of template kernels), lines separated by
               newlines; where either is given the harness compiles a small
               wrapper that includes the source between them
  defines      NAME=VALUE;... preprocessor defines of the compile
  flags        extra clang++ flags, split as a POSIX shell splits words
  cuda         sdk | shim | auto: the CUDA headers the compile needs
  grid, block  X,Y,Z
  shmem        dynamic shared memory in bytes
  regs         registers per thread of the measured binary, where the data
               gives them (nvprof); the launch is predicted with them
               instead of ptxas's count of clang's PTX
  args         NAME=VALUE;... scalar kernel arguments (source names or argN)
  blocks_per_sm  blocks per SM the measurement enforced (by shared-memory
               carve-out); the harness adds dynamic shared memory so that
               no more fit
  gpu          the GPU as the data names it
  target       KernelTime target names or aliases that are this GPU,
               separated by |; the first one the plugin knows is used,
               none known: "no target"
  sm_mhz, mem_mhz  the clocks the data gives, if any
  time_us      the measured time of ONE launch, microseconds
  time_kind    device | events | batch | host (below)
  empty_us     what the same way of timing gives an empty launch on the
               same system, microseconds (the plugin's
               -ktime-empty-launch-us), where the data show it
  cold         1 when the caches were flushed before each launch
  bytes, flops the launch's compulsory DRAM bytes and floating-point
               operations where the data set counts them
  circular     1 when a shipped target figure was derived from this
               measurement (left out of the thresholds)
  note         free text
Kinds of time (the plugin's -ktime-time, docs/kernel-time.md "Which
time"): `device` the kernel's duration on the GPU (Nsight, nvprof);
`events` CUDA events around one launch (NVBench's cold GPU time, Kernel
Tuner); `batch` events around many back-to-back launches, divided by their
count (NVBench's batch GPU time); `host` a host clock around launch and
synchronise (divided by the launches).
"""

import csv
import io
import os

from . import safeexpr

COLUMNS = ['dataset', 'family', 'variant', 'problem', 'config', 'source', 'kernel',
           'prelude', 'instantiate', 'defines', 'flags', 'cuda', 'grid', 'block', 'shmem', 'regs',
           'args',
           'blocks_per_sm', 'gpu', 'target', 'sm_mhz', 'mem_mhz', 'time_us', 'time_kind',
           'empty_us', 'cold', 'bytes', 'flops', 'circular', 'note']
REQUIRED = ['dataset', 'family', 'source', 'kernel', 'grid', 'block', 'gpu', 'time_us',
            'time_kind']
KINDS = ('device', 'events', 'batch', 'host')


class TableError(Exception):
    pass


def dims(text, what='dims'):
    """'X,Y,Z' (or fewer, missing ones 1) -> (x, y, z) of positive ints."""
    parts = [p.strip() for p in str(text).replace('x', ',').split(',') if p.strip()]
    if not 1 <= len(parts) <= 3:
        raise TableError('%s %r: expected X,Y,Z' % (what, text))
    try:
        v = [int(p) for p in parts]
    except ValueError:
        raise TableError('%s %r: not integers' % (what, text))
    if any(x < 1 for x in v):
        raise TableError('%s %r: every entry must be at least 1' % (what, text))
    return tuple(v + [1] * (3 - len(v)))


def value(expr, names, what):
    """A description's expression (a number, or Python syntax over NAMES,
    utils/ktime_tools/safeexpr.py) evaluated; a TableError naming WHAT when
    it cannot be."""
    try:
        return safeexpr.value_or_expr(str(expr), names)
    except (safeexpr.ExprError, ArithmeticError, ValueError, TypeError) as e:
        raise TableError('%s %r: %s' % (what, expr, e))


def pairs(text):
    """'A=1;B=x' -> [('A', '1'), ('B', 'x')]."""
    out = []
    for item in (text or '').split(';'):
        if not item.strip():
            continue
        k, sep, v = item.partition('=')
        if not sep or not k.strip():
            raise TableError('%r: expected NAME=VALUE' % item)
        out.append((k.strip(), v.strip()))
    return out


def join_pairs(items):
    return ';'.join('%s=%s' % (k, v) for k, v in items)


def join_dims(v):
    return ','.join(str(int(x)) for x in v)


class Row(dict):
    """A table row: a dict of the columns (strings), with typed views."""

    def grid(self):
        return dims(self['grid'], 'grid')

    def block(self):
        return dims(self['block'], 'block')

    def time_us(self):
        return float(self['time_us'])

    def number(self, col):
        v = self.get(col, '')
        return float(v) if str(v).strip() else None

    def targets(self):
        return [t.strip() for t in (self.get('target') or '').split('|') if t.strip()]

    def flag(self, col):
        return str(self.get(col, '')).strip() in ('1', 'true', 'yes')


def make_row(**cells):
    """A Row with every column, checked; numbers formatted."""
    unknown = set(cells) - set(COLUMNS)
    if unknown:
        raise TableError('unknown columns: %s' % ', '.join(sorted(unknown)))
    r = Row((c, '') for c in COLUMNS)
    for k, v in cells.items():
        if v is None:
            v = ''
        elif isinstance(v, bool):
            v = '1' if v else '0'
        elif isinstance(v, float):
            v = '%.6g' % v
        elif isinstance(v, (tuple, list)):
            v = join_dims(v) if k in ('grid', 'block') else join_pairs(v)
        r[k] = str(v)
    check(r)
    return r


def check(r, where='row'):
    """Raise TableError naming WHERE if the row is not usable."""
    for c in REQUIRED:
        if not str(r.get(c, '')).strip():
            raise TableError('%s: %s is empty' % (where, c))
    if r['time_kind'] not in KINDS:
        raise TableError('%s: time_kind %r is not one of %s' % (where, r['time_kind'],
                                                              ', '.join(KINDS)))
    try:
        t = float(r['time_us'])
    except ValueError:
        raise TableError('%s: time_us %r is not a number' % (where, r['time_us']))
    if not t > 0 or t != t or t == float('inf'):
        raise TableError('%s: time_us %r must be positive and finite' % (where, r['time_us']))
    dims(r['grid'], '%s: grid' % where)
    dims(r['block'], '%s: block' % where)
    pairs(r.get('args'))
    pairs(r.get('defines'))
    for c in ('shmem', 'regs', 'blocks_per_sm', 'sm_mhz', 'mem_mhz', 'empty_us', 'bytes', 'flops'):
        v = str(r.get(c, '')).strip()
        if v:
            try:
                float(v)
            except ValueError:
                raise TableError('%s: %s %r is not a number' % (where, c, v))


def write(f, rows):
    w = csv.DictWriter(f, COLUMNS, lineterminator='\n')
    w.writeheader()
    for r in rows:
        w.writerow({c: r.get(c, '') for c in COLUMNS})


def read(f, name='table'):
    """Rows of a table file object; columns it lacks are blank; a row that is
    not usable is a TableError naming its line."""
    reader = csv.DictReader(f)
    if reader.fieldnames is None:
        raise TableError('%s: empty (no header)' % name)
    missing = [c for c in REQUIRED if c not in reader.fieldnames]
    if missing:
        raise TableError('%s: no column %s' % (name, ', '.join(missing)))
    out = []
    for i, rec in enumerate(reader, start=2):
        r = Row((c, (rec.get(c) or '').strip()) for c in COLUMNS)
        check(r, '%s line %d' % (name, i))
        out.append(r)
    return out


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read_path(path):
    """The rows of a table file; a relative source is the checkout's file."""
    with open(path, newline='') as f:
        rows = read(f, path)
    for r in rows:
        if not os.path.isabs(r['source']):
            r['source'] = os.path.join(ROOT, r['source'])
    return rows


def to_text(rows):
    s = io.StringIO()
    write(s, rows)
    return s.getvalue()

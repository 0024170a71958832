"""Generic launches for bench/corpus.py: the kernels of a device module's
LLVM IR (`define ... ptx_kernel void @NAME(...)`, or a definition
!nvvm.annotations marks a kernel, as clang 19 writes them) with their parameter
types, one launch spec each (docs/usage.md, "Launch specs"), and the specs
the plugin rejects, read back from clang's errors.

The launch is bench/gen-large-cu.py's: 256 threads in 4096 blocks, or a
16x16 block in a 64x64 grid for a kernel that reads threadIdx.y; no block
for a kernel with __launch_bounds__ or reqntid (the plugin takes its
maximum); 4096 bytes of dynamic shared memory for a kernel that uses an
`extern __shared__` array. Every integer parameter is 1024 (an i8 64, a
bool 1), every floating-point one 1.0; pointers and structures get none.
"""

import re

DEFINE = re.compile(r'^define\b[^@\n]*\bptx_kernel\s+void\s+@("[^"]+"|[\w.$]+)\((.*)\)(.*)\{\s*$',
                    re.M)
# Older IR (clang 19) marks kernels in !nvvm.annotations instead.
ANY_DEFINE = re.compile(r'^define\b[^@\n]*\bvoid\s+@("[^"]+"|[\w.$]+)\((.*)\)(.*)\{\s*$', re.M)
ANNOTATED = re.compile(r'!\{ptr @("[^"]+"|[\w.$]+), !"kernel", i32 1\}')
EXTERN_SHARED = re.compile(r'^(@[\w.$]+) = external\b[^=\n]*\baddrspace\(3\) global', re.M)
ATTR_GROUP = re.compile(r'^attributes (#\d+) = \{(.*)\}\s*$', re.M)
FLOAT_TYPES = {'half', 'bfloat', 'float', 'double'}
INT_VALUE = {1: 1, 8: 64}
UNKNOWN_TRIP = re.compile(r"remark: assumption: trip count of the loop unknown because (.*?); "
                          r"it is the symbol (\S+)(?: \(or \S+\))? \[", re.M)
SPEC_ERROR = re.compile(r"error: KernelTime: (.+?):(\d+): launch spec '(.*?)'(?: on [\w.-]+)?: (.*)$",
                        re.M)


def split_params(text):
    """The parameters of a define's list, split at top-level commas."""
    out, depth, cur = [], 0, ''
    for ch in text:
        if ch in '({[<':
            depth += 1
        elif ch in ')}]>':
            depth -= 1
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def kernels(ir):
    """[(mangled name, [param type], body, attribute text)] of IR's kernels."""
    groups = {m.group(1): m.group(2) for m in ATTR_GROUP.finditer(ir)}
    annotated = {m.group(1) for m in ANNOTATED.finditer(ir)}
    found = list(DEFINE.finditer(ir))
    named = {m.group(1) for m in found}
    found += [m for m in ANY_DEFINE.finditer(ir)
              if m.group(1) in annotated and m.group(1) not in named]
    out = []
    for m in sorted(found, key=lambda m: m.start()):
        end = ir.find('\n}', m.end())
        body = ir[m.end():end if end >= 0 else len(ir)]
        attrs = m.group(3) + ' '.join(groups.get(g, '') for g in re.findall(r'#\d+', m.group(3)))
        types = [p.split()[0] for p in split_params(m.group(2)) if p.split()]
        out.append((m.group(1).strip('"'), types, body, attrs))
    return out


def has_bounds(name, attrs, ir):
    """Whether the kernel has __launch_bounds__ or reqntid: as function
    attributes (LLVM 22) or as nvvm.annotations (older)."""
    if '"nvvm.maxntid"' in attrs or '"nvvm.reqntid"' in attrs:
        return True
    return re.search(r'ptr @%s, !"(?:maxntid|reqntid)[xyz]?"' % re.escape(name), ir) is not None


def spec(name, types, body, attrs, ir, dyn_shared):
    two_d = 'llvm.nvvm.read.ptx.sreg.tid.y' in body
    parts = [name + ':grid=' + ('64x64' if two_d else '4096')]
    if not has_bounds(name, attrs, ir):
        parts.append('block=' + ('16x16' if two_d else '256'))
    if any(s in body for s in dyn_shared):
        parts.append('shmem=4096')
    for i, ty in enumerate(types):
        m = re.fullmatch(r'i(\d+)', ty)
        if m:
            parts.append('arg%d=%d' % (i, INT_VALUE.get(int(m.group(1)), 1024)))
        elif ty in FLOAT_TYPES:
            parts.append('arg%d=1.0' % i)
    return ','.join(parts)


def launch_specs(ir):
    """[(kernel, spec)] for every kernel of IR."""
    dyn_shared = [m.group(1) for m in EXTERN_SHARED.finditer(ir)]
    return [(name, spec(name, types, body, attrs, ir, dyn_shared))
            for name, types, body, attrs in kernels(ir)]


def rejected(stderr):
    """{line number of the launch file: reason} of the specs clang's errors
    name (the plugin names every wrong spec of a compile)."""
    return {int(m.group(2)): m.group(4).strip() for m in SPEC_ERROR.finditer(stderr)}


def unknown_trips(stderr):
    """{trip symbol: why the plugin could not count its loop} from the
    Assumption remarks of STDERR."""
    return {m.group(2): m.group(1) for m in UNKNOWN_TRIP.finditer(stderr)}

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
bool 1), every floating-point one 1.0; pointers get none. A structure
passed by value (`ptr byval(%struct.P)`) gets the same values for each of
its integer and floating-point fields (an i8 field 64, a bool's too: the
IR does not tell them apart), named as the plugin names them
(docs/usage.md, "Names a launch can bind"): argI.fieldJ for field J of the
IR struct type (`%struct.P = type { ... }`, parsed from the IR), one
.fieldK more per nested struct and [K] per array element
(arg1.field2.field0, arg1.field3[1]); its pointers and vectors get none,
and at most MAX_FIELDS fields of a kernel are bound (a loop a field left
out bounds is estimated, as the plugin does for any field a launch leaves
unbound).
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
# Named struct types: %struct.P = type { i32, float }, packed <{ ... }>.
TYPE_DEF = re.compile(r'^(%(?:"[^"]+"|[\w.$]+)) = type (<?\{.*\}>?)\s*$', re.M)
BYVAL = re.compile(r'\bbyval\(')
MAX_FIELDS = 256
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


def byval_type(param):
    """The type text of a parameter's byval(...) attribute, or None."""
    m = BYVAL.search(param)
    if not m:
        return None
    depth, i = 1, m.end()
    while i < len(param) and depth:
        depth += {'(': 1, ')': -1}.get(param[i], 0)
        i += 1
    return param[m.end():i - 1].strip() if depth == 0 else None


def struct_types(ir):
    """{'%struct.P': [field type text]} of IR's named struct types."""
    out = {}
    for m in TYPE_DEF.finditer(ir):
        body = m.group(2).strip()
        body = body[1:-1] if body.startswith('<') else body
        out[m.group(1)] = split_params(body.strip()[1:-1])
    return out


def scalar_fields(ty, structs, path='', depth=0):
    """[(path, value)] of the integer and floating-point fields of type TY
    (text), in order: '.fieldJ' per struct field, '[K]' per array element."""
    ty = ty.strip()
    if depth > 16:
        return []
    m = re.fullmatch(r'i(\d+)', ty)
    if m:
        return [(path, str(INT_VALUE.get(int(m.group(1)), 1024)))]
    if ty in FLOAT_TYPES:
        return [(path, '1.0')]
    m = re.fullmatch(r'\[(\d+) x (.*)\]', ty)
    if m:
        out = []
        for k in range(int(m.group(1))):
            out += scalar_fields(m.group(2), structs, '%s[%d]' % (path, k), depth + 1)
            if len(out) > MAX_FIELDS:
                break
        return out
    fields = None
    if ty in structs:
        fields = structs[ty]
    elif ty.startswith('{') or ty.startswith('<{'):
        inner = ty[1:-1] if ty.startswith('<') else ty
        fields = split_params(inner.strip()[1:-1])
    if fields is None:
        return []
    out = []
    for j, f in enumerate(fields):
        out += scalar_fields(f, structs, '%s.field%d' % (path, j), depth + 1)
    return out


def kernels(ir):
    """[(mangled name, [param type], body, attribute text)] of IR's kernels.
    A by-value parameter's type is 'byval:TYPE' (its byval attribute's)."""
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
        types = [('byval:' + byval_type(p)) if byval_type(p) else p.split()[0]
                 for p in split_params(m.group(2)) if p.split()]
        out.append((m.group(1).strip('"'), types, body, attrs))
    return out


def has_bounds(name, attrs, ir):
    """Whether the kernel has __launch_bounds__ or reqntid: as function
    attributes (LLVM 22) or as nvvm.annotations (older)."""
    if '"nvvm.maxntid"' in attrs or '"nvvm.reqntid"' in attrs:
        return True
    return re.search(r'ptr @%s, !"(?:maxntid|reqntid)[xyz]?"' % re.escape(name), ir) is not None


def spec(name, types, body, attrs, ir, dyn_shared, structs=None):
    two_d = 'llvm.nvvm.read.ptx.sreg.tid.y' in body
    parts = [name + ':grid=' + ('64x64' if two_d else '4096')]
    if not has_bounds(name, attrs, ir):
        parts.append('block=' + ('16x16' if two_d else '256'))
    if any(s in body for s in dyn_shared):
        parts.append('shmem=4096')
    fields = 0
    for i, ty in enumerate(types):
        m = re.fullmatch(r'i(\d+)', ty)
        if m:
            parts.append('arg%d=%d' % (i, INT_VALUE.get(int(m.group(1)), 1024)))
        elif ty in FLOAT_TYPES:
            parts.append('arg%d=1.0' % i)
        elif ty.startswith('byval:'):
            found = scalar_fields(ty[len('byval:'):], structs or {})
            for path, value in found[:MAX_FIELDS - fields]:
                parts.append('arg%d%s=%s' % (i, path, value))
            fields += min(len(found), MAX_FIELDS - fields)
    return ','.join(parts)


def launch_specs(ir):
    """[(kernel, spec)] for every kernel of IR."""
    dyn_shared = [m.group(1) for m in EXTERN_SHARED.finditer(ir)]
    structs = struct_types(ir)
    return [(name, spec(name, types, body, attrs, ir, dyn_shared, structs))
            for name, types, body, attrs in kernels(ir)]


def rejected(stderr):
    """{line number of the launch file: reason} of the specs clang's errors
    name (the plugin names every wrong spec of a compile)."""
    return {int(m.group(2)): m.group(4).strip() for m in SPEC_ERROR.finditer(stderr)}


def unknown_trips(stderr):
    """{trip symbol: why the plugin could not count its loop} from the
    Assumption remarks of STDERR."""
    return {m.group(2): m.group(1) for m in UNKNOWN_TRIP.finditer(stderr)}

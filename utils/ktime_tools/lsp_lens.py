"""The code lenses of utils/ktime-lsp: each kernel's predicted time at its
`__global__` line (docs/editors.md).

  KernelTime: 5.11 us on a100-pcie-40gb (launch)
  KernelTime: 5.11 us on a100-pcie-40gb (launch), grid 4096x1x1, block 256x1x1
      (the grid and block where the kernel has more than one prediction)
  KernelTime: no prediction on a100-pcie-40gb (see the warning)
  KernelTime: no launch (add // ktime: launch grid=..,block=..)

A remark is at a line of its kernel's definition (the function's or its
body's first line), so it belongs to the last kernel that starts at or
before it.
"""

from . import lsp_remarks


def _owner(kernels, line):
    """The kernel (lsp_comments.Kernel) a remark at LINE belongs to."""
    owner = None
    for k in kernels:
        if k.line <= line and (owner is None or k.line >= owner.line):
            owner = k
    return owner


def _base_name(demangled):
    """saxpy(int, float) -> saxpy; ns::k<4>(float*) -> k."""
    name = demangled.split('(', 1)[0]
    depth, out = 0, []
    for ch in name:  # drop template arguments
        if ch == '<':
            depth += 1
        elif ch == '>':
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return ''.join(out).split('::')[-1].strip()


def title(p, detailed):
    """A lens's text for the lsp_remarks.Prediction P."""
    text = 'KernelTime: %s us on %s (%s)' % (p.us, p.gpu, p.bound)
    if p.estimate:
        text += ', an estimate'
    if detailed:
        text += ', grid %s, block %s' % (p.grid, p.block)
    return text


def lenses(diags, kernels, launched):
    """[(0-based line, title)] for the kernels of a file: DIAGS its compile's
    diagnostics of this file, KERNELS its lsp_comments.Kernel list,
    LAUNCHED the kernel names that have a launch."""
    good, bad = lsp_remarks.predictions(diags)
    per_kernel = {}
    for p in good + bad:
        k = _owner(kernels, p.line)
        if k is None:
            continue
        if isinstance(p, lsp_remarks.Prediction) and _base_name(p.kernel) != k.name:
            continue  # the remark is of a kernel the scan did not see
        per_kernel.setdefault(k.line, []).append(p)
    out = []
    for k in kernels:
        found = per_kernel.get(k.line, [])
        predicted = [p for p in found if isinstance(p, lsp_remarks.Prediction)]
        for p in predicted:
            out.append((k.line, title(p, len(predicted) > 1)))
        for p in found:
            if isinstance(p, lsp_remarks.NoPrediction):
                out.append((k.line, 'KernelTime: no prediction on %s (see the warning)'
                            % p.gpu))
        if not found and k.name not in launched:
            out.append((k.line, 'KernelTime: no launch (add // ktime: launch '
                        'grid=..,block=..)'))
    return out

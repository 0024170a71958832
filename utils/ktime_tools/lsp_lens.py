"""The code lenses of utils/ktime-lsp: each kernel's predicted time at its
`__global__` line (docs/editors.md).

  KernelTime: 5.11 us on a100-pcie-40gb (launch)
  KernelTime: 5.11 us on a100-pcie-40gb (launch), grid 4096x1x1, block 256x1x1
      (the grid and block where the kernel has more than one prediction)
  KernelTime: no prediction on a100-pcie-40gb (see the warning)
      (from the report: KernelTime: no prediction (see the warning))
  KernelTime: no launch (add // ktime: launch grid=..,block=..)

The predictions come from the plugin's JSON report (-ktime-report) where
there is one: each launch's kernel, GPU, time, bound and id (the id names
the `// ktime: launch` comment, whose kernel is known); else from the
kernel remarks: a remark is at a line of its kernel's definition (the
function's or its body's first line), so it belongs to the last kernel
that starts at or before it.
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
        named = p.kernel if isinstance(p, lsp_remarks.Prediction) else p.spec.split(':')[0]
        if _base_name(named) != k.name:
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


def microseconds(ns):
    """NS as the plugin's remarks print microseconds (4 digits or so)."""
    us = ns / 1e3
    return ('%.1f' if us >= 100 else '%.2f' if us >= 1 else '%.3f') % us


def _dims(v):
    return 'x'.join(str(int(x)) for x in v) if isinstance(v, list) else str(v)


def from_report(report, kernels, launch_kernel):
    """[(0-based line, title)] from the plugin's report (report.Report):
    KERNELS the file's lsp_comments.Kernel list, LAUNCH_KERNEL {id: kernel
    name} of the launches the compile was given."""
    by_name = {}
    for k in kernels:
        by_name.setdefault(k.name, k)
    entries = {}

    def kernel_of(launch_id, symbol):
        name = launch_kernel.get(launch_id) or _base_name(symbol or '')
        return by_name.get(name) or by_name.get(_base_name(name))

    for e in report.launches:
        k = kernel_of(e.get('id'), e.get('kernel_demangled') or e.get('kernel'))
        if k is not None:
            entries.setdefault(k.line, []).append(('good', e))
    for e in report.errors:
        k = kernel_of(e.get('id'), (e.get('spec') or '').split(':')[0])
        if k is not None:
            entries.setdefault(k.line, []).append(('bad', e))
    out = []
    for k in kernels:
        found = entries.get(k.line, [])
        good = [e for kind, e in found if kind == 'good']
        for e in good:
            text = 'KernelTime: %s us on %s (%s)' % (microseconds(float(e['predicted_ns'])),
                                                    e.get('gpu'), e.get('bound'))
            if e.get('estimate'):
                text += ', an estimate'
            if len(good) > 1:
                text += ', grid %s, block %s' % (_dims(e.get('grid')), _dims(e.get('block')))
            out.append((k.line, text))
        for kind, e in found:
            if kind == 'bad':
                gpu = e.get('gpu')  # report.py keeps only spec, message and id
                out.append((k.line, 'KernelTime: no prediction%s (see the warning)'
                            % (' on ' + gpu if gpu else '')))
        if not found and k.name not in launch_kernel.values():
            out.append((k.line, 'KernelTime: no launch (add // ktime: launch '
                        'grid=..,block=..)'))
    return out

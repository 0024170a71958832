"""clang's diagnostics of one compile with KernelTime, as the editor's
diagnostics (utils/ktime-lsp, docs/editors.md).

clang prints each on stderr as `FILE:LINE:COL: KIND: TEXT`, KernelTime's
remarks ending in ` [-Rpass-analysis=kernel-time]`, each followed by the
source line and a caret (skipped). parse() gives them all as Diag; the
severity (LSP's numbers) is:
  Error        clang's errors (fatal ones too), also those without a place
  Warning      clang's warnings; remarks that say "warning:" (a launch
               without a prediction, a kernel without a GPU target, an
               architecture the GPU does not run); Access remarks (an
               uncoalesced global access, a bank-conflicted shared one, a
               serialized constant one)
  Information  the other remarks: predictions, kernels, loops, device
               functions
  Hint         assumptions
A note is added to the message of the diagnostic before it.
"""

import os
import re

ERROR, WARNING, INFORMATION, HINT = 1, 2, 3, 4

REMARK_FLAG = ' [-Rpass-analysis=kernel-time]'
_LOCATED = re.compile(r'^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): '
                      r'(?P<kind>fatal error|error|warning|remark|note): (?P<text>.*)$')
_UNLOCATED = re.compile(r'^(?:(?P<prog>[\w.+-]+): )?(?P<kind>fatal error|error): (?P<text>.*)$')
_ACCESS = re.compile(r'^\w+ (?:load|store|atomic) (?:is uncoalesced|has (?:\d+-way )?bank '
                     r'conflicts|is serialized)')
_PREDICTION = re.compile(
    r'^kernel (?P<kernel>.+?) on (?P<gpu>\S+), grid (?P<grid>\S+), block (?P<block>\S+): '
    r'predicted (?P<us>[0-9.]+) us(?: \((?P<ns>\d+) ns\))?.*?; bound: '
    r'(?P<bound>[A-Za-z0-9_.-]+)')
_NO_PREDICTION = re.compile(r"^warning: no prediction for launch '(?P<spec>[^']*)' on "
                            r"(?P<gpu>\S+): (?P<reason>.*)$")


class Diag:
    """One diagnostic: file as clang printed it, 0-based line and column,
    LSP severity, message, source ('kernel-time' or 'clang')."""

    def __init__(self, file, line, col, severity, message, source):
        self.file = file
        self.line = line
        self.col = col
        self.severity = severity
        self.message = message
        self.source = source

    def __repr__(self):
        return 'Diag(%r, %d, %d, %d, %r)' % (self.file, self.line, self.col,
                                            self.severity, self.message)


class Prediction:
    """A kernel remark's prediction: the kernel (demangled), GPU, grid,
    block, microseconds as printed, bound, estimate (values assumed), and
    the remark's 0-based line."""

    def __init__(self, m, line):
        self.kernel = m.group('kernel')
        self.gpu = m.group('gpu')
        self.grid = m.group('grid')
        self.block = m.group('block')
        self.us = m.group('us')
        self.ns = int(m.group('ns')) if m.group('ns') else None
        self.bound = m.group('bound')
        # Loop counts (-ktime-unknown-trip) or branch shares the plugin
        # assumed: "; estimate: ..." (verbose: "; estimate, assumed: ...").
        self.estimate = re.search(r'; estimate[:,] ', m.string) is not None
        self.line = line


class NoPrediction:
    """A launch the plugin could not predict: spec, GPU, reason, line."""

    def __init__(self, m, line):
        self.spec = m.group('spec')
        self.gpu = m.group('gpu')
        self.reason = m.group('reason')
        self.line = line


def remark_severity(text):
    """The severity of a kernel-time remark's TEXT."""
    if text.startswith('warning:') or _ACCESS.match(text):
        return WARNING
    if text.startswith('assumption'):
        return HINT
    return INFORMATION


def parse(stderr):
    """[Diag] of a compile's STDERR, in its order."""
    out = []
    for raw in (stderr or '').splitlines():
        line = raw.rstrip('\r')
        m = _LOCATED.match(line)
        if m:
            kind, text = m.group('kind'), m.group('text')
            where = (m.group('file'), int(m.group('line')) - 1, int(m.group('col')) - 1)
            if kind == 'note':
                if out and out[-1].severity in (ERROR, WARNING) and out[-1].source == 'clang':
                    out[-1].message += '\nnote: %s' % text
                continue
            if kind == 'remark':
                if not text.endswith(REMARK_FLAG):
                    continue  # another pass's remark
                text = text[:-len(REMARK_FLAG)]
                out.append(Diag(*where, severity=remark_severity(text), message=text,
                                source='kernel-time'))
            else:
                sev = WARNING if kind == 'warning' else ERROR
                out.append(Diag(*where, severity=sev, message=text, source='clang'))
            continue
        m = _UNLOCATED.match(line)
        if m and not line.startswith(' '):
            out.append(Diag(None, 0, 0, ERROR, m.group('text'), 'clang'))
    return out


def predictions(diags):
    """(Prediction list, NoPrediction list) of the kernel remarks in DIAGS."""
    good, bad = [], []
    for d in diags:
        if d.source != 'kernel-time':
            continue
        m = _PREDICTION.match(d.message)
        if m:
            good.append(Prediction(m, d.line))
            continue
        m = _NO_PREDICTION.match(d.message)
        if m:
            bad.append(NoPrediction(m, d.line))
    return good, bad


def same_file(printed, path, cwd):
    """Whether the file clang PRINTED (relative to CWD) is PATH."""
    if printed is None:
        return False
    full = printed if os.path.isabs(printed) else os.path.join(cwd, printed)
    try:
        return os.path.samefile(full, path)
    except OSError:
        return os.path.normpath(full) == os.path.normpath(path)

"""One device compile of a CUDA file with KernelTime, for utils/ktime-lsp:
the settings gathered, the command run (with a time limit), its output made
into the file's diagnostics and code lenses (docs/editors.md).

Settings, the first that gives one winning:
  GPUs      the file's `// ktime: gpu`, the project file's gpu, --gpu,
            else none (the plugin's default target of the sm_XX)
  launches  the file's `// ktime: launch` comments and the project file's
            launch lines, each with id=L<line> (id=P<line> for the project
            file's) so that the plugin's messages about it can be placed
  sm_XX     compile_commands.json's --cuda-gpu-arch (the one of the GPU if
            it lists several), the project file's arch, the first GPU's
            arch (from the plugin's target list), else sm_80
  flags     compile_commands.json's -I/-D/-std/... (lsp_compdb), the
            project file's include and define lines
  CUDA      the project file's cuda (or --cuda), the SDK's path from
            compile_commands.json or the project file; tools.Tools decides
            between the SDK and the shim header
The command (as utils/ktime-html's, with -S -o /dev/null):
  clang++ -x cuda --cuda-gpu-arch=ARCH --cuda-device-only -O3 -S
      -o /dev/null CUDA-FLAGS FLAGS -fno-discard-value-names
      -fplugin=PLUGIN -fpass-plugin=PLUGIN -Rpass-analysis=kernel-time
      -mllvm -ktime-gpu=G1,G2 -mllvm -ktime-launch-file=TMP
      -mllvm -ktime-report=TMP.json FILE
run in the database entry's directory (else the file's). The plugin stops
the compile at a launch it cannot use and names its id: that launch's
comment gets the error, and the compile runs again without it. The lenses
come from the report (lsp_lens.from_report), else from the remarks.
"""

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

from . import engine as enginemod
from . import lsp_comments
from . import lsp_compdb
from . import lsp_lens
from . import lsp_project
from . import lsp_remarks
from . import report as reportmod
from . import tools as toolsmod

DEFAULT_ARCH = 'sm_80'
MAX_RETRIES = 3
_NAMED_ID = re.compile(r'\bid=([LP]\d+)\b')


class Options:
    """The server's own defaults (its command line)."""

    def __init__(self, clang=None, plugin=None, cuda='auto', cuda_path=None, gpus=None,
                 timeout=120.0):
        self.clang = clang
        self.plugin = plugin
        self.cuda = cuda
        self.cuda_path = cuda_path
        self.gpus = gpus
        self.timeout = timeout


class Result:
    """diagnostics: LSP Diagnostic dicts; lenses: [(line, title)];
    command: what ran (None where nothing could)."""

    def __init__(self):
        self.diagnostics = []
        self.lenses = []
        self.command = None
        self.seconds = 0.0
        self.failed = False  # the compile ended with errors


def _diag(lines, line, col, severity, message, source):
    line = max(0, min(line, max(0, len(lines) - 1)))
    text = lines[line] if line < len(lines) else ''
    col = max(0, min(col, len(text)))
    return {'range': {'start': {'line': line, 'character': col},
                      'end': {'line': line, 'character': max(col + 1, len(text))}},
            'severity': severity, 'source': source, 'message': message}


class Compiler:
    """Compiles files; keeps the plugin's GPU list (for sm_XX and names)
    per (opt, plugin) once read."""

    def __init__(self, options, log=None):
        self.options = options
        self.log = log or (lambda msg: None)
        self.catalogs = {}
        self.running = None  # the Popen of the compile under way

    def catalog(self, tools):
        key = (tools.opt, tools.plugin)
        if key not in self.catalogs:
            try:
                self.catalogs[key] = toolsmod.GpuCatalog.from_plugin(tools)
            except toolsmod.ToolError as e:
                self.log('cannot list the GPU targets: %s' % e)
                self.catalogs[key] = None
        return self.catalogs[key]

    def stop(self):
        """Kills the compile under way, if any."""
        p = self.running
        if p is not None and p.poll() is None:
            _kill(p)

    def compile(self, path, root=None):
        """Result of compiling the file at PATH (workspace ROOT or None)."""
        res = Result()
        try:
            with open(path, encoding='utf-8', errors='replace') as f:
                text = f.read()
        except OSError as e:
            res.diagnostics.append(_diag([], 0, 0, lsp_remarks.ERROR, 'KernelTime: cannot '
                                         'read %s: %s' % (path, e.strerror), 'ktime-lsp'))
            return res
        lines = text.splitlines()
        add = lambda line, sev, msg, col=0, src='ktime-lsp': \
            res.diagnostics.append(_diag(lines, line, col, sev, msg, src))
        settings = lsp_comments.parse(text)
        for line, msg in settings.problems:
            add(line, lsp_remarks.WARNING, 'KernelTime: ' + msg)
        project = lsp_project.load(path, root)
        for line, msg in project.problems:
            add(0, lsp_remarks.WARNING, 'KernelTime: %s:%d: %s' % (project.path, line, msg))
        flags, problem = lsp_compdb.load(path, root)
        if problem:
            add(0, lsp_remarks.WARNING, 'KernelTime: ' + problem)
        o = self.options
        clang = project.get('clang') or o.clang
        # opt lists the GPU targets: the one beside the clang (of the
        # plugin's LLVM), else the default.
        opt = os.path.join(os.path.dirname(os.path.realpath(shutil.which(clang) or clang)),
                           'opt') if clang else None
        try:
            tools = toolsmod.Tools(clang=clang, opt=opt if opt and os.path.exists(opt) else None,
                                   plugin=project.get('plugin') or o.plugin, ptxas='none',
                                   cuda=project.get('cuda') or o.cuda,
                                   cuda_path=flags.cuda_path or project.get('cuda_path')
                                   or o.cuda_path)
            tools.check()
        except toolsmod.ToolError as e:
            add(0, lsp_remarks.ERROR, 'KernelTime: %s' % e)
            return res
        gpus, gpu_line = settings.gpus, settings.gpu_line
        if gpus is None:
            gpus, gpu_line = project.gpus() or o.gpus, 0
        catalog = self.catalog(tools) if gpus or not flags.arches else None
        if gpus and catalog is not None:
            known = []
            for g in gpus:
                name = catalog.resolve(g)
                if name is None:
                    add(gpu_line, lsp_remarks.ERROR, "KernelTime: unknown GPU '%s' (known: "
                        '%s)' % (g, catalog.known()))
                else:
                    known.append(name)
            gpus = known
            if not gpus:
                return res
        arch = self._arch(flags, project, gpus, catalog)
        launches = {l.id(): (l.line, l.spec()) for l in settings.launches}
        for n, spec in enumerate(project.get('launch'), 1):
            head, sep, _ = spec.partition(':')
            if not sep or '=' in head:
                add(0, lsp_remarks.WARNING, 'KernelTime: %s: launch %s names no kernel '
                    '(KERNEL:grid=..,block=..)' % (project.path, spec))
                continue
            launches['P%d' % n] = (0, '%s,id=P%d' % (spec, n))
        timeout = project.timeout(o.timeout)
        with tempfile.TemporaryDirectory(prefix='ktime-lsp-') as work:
            cwd = flags.directory if flags.directory and os.path.isdir(flags.directory) \
                else os.path.dirname(os.path.abspath(path))
            out = self._run_with_retries(tools, path, arch, gpus, flags, project, launches,
                                         work, cwd, timeout, res, add)
            try:
                report = reportmod.load(os.path.join(work, 'report.json'))
            except reportmod.ReportError as e:
                report = None
                if out is not None and not res.failed:
                    self.log('no report, lenses from the remarks: %s' % e)
        if out is None:
            res.lenses = [(k.line, 'KernelTime: the compile failed (see the errors)')
                          for k in settings.kernels]
            return res
        diags = lsp_remarks.parse(out)
        hint = enginemod.wrong_clang_hint(out)
        for d in diags:
            if lsp_remarks.same_file(d.file, path, cwd):
                add(d.line, d.severity, d.message, d.col, d.source)
            elif d.severity == lsp_remarks.ERROR:
                where = '%s:%d:%d: ' % (d.file, d.line + 1, d.col + 1) if d.file else ''
                add(0, d.severity, where + d.message + ('\n' + hint if hint else ''),
                    0, d.source)
        ours = [d for d in diags if lsp_remarks.same_file(d.file, path, cwd)]
        launch_kernel = {lid: spec.split(':', 1)[0] for lid, (_, spec) in launches.items()}
        if res.failed:
            res.lenses = [(k.line, 'KernelTime: the compile failed (see the errors)')
                          for k in settings.kernels]
        elif report is not None:
            res.lenses = lsp_lens.from_report(report, settings.kernels, launch_kernel)
        else:
            res.lenses = lsp_lens.lenses(ours, settings.kernels, set(launch_kernel.values()))
        return res

    def _arch(self, flags, project, gpus, catalog):
        wanted = catalog.arch(gpus[0]) if gpus and catalog is not None else None
        if flags.arches:
            return wanted if wanted in flags.arches else flags.arches[0]
        return project.get('arch') or wanted or DEFAULT_ARCH

    def _command(self, tools, path, arch, gpus, flags, project, launch_file, launches):
        cmd = [tools.clang, '-x', 'cuda', '--cuda-gpu-arch=' + arch, '--cuda-device-only',
               '-O3', '-S', '-o', os.devnull] + tools.cuda_flags() + flags.args
        cmd += ['-I' + d for d in project.get('include')]
        cmd += ['-D' + d for d in project.get('define')]
        cmd += ['-fno-discard-value-names', '-fplugin=' + tools.plugin,
                '-fpass-plugin=' + tools.plugin, '-Rpass-analysis=kernel-time']
        opts = (['-ktime-gpu=' + ','.join(gpus)] if gpus else []) + \
            (['-ktime-launch-file=' + launch_file] if launches else []) + \
            ['-ktime-report=' + os.path.join(os.path.dirname(launch_file), 'report.json')]
        for opt in opts:
            cmd += ['-mllvm', opt]
        return cmd + [os.path.abspath(path)]

    def _run_with_retries(self, tools, path, arch, gpus, flags, project, launches, work,
                          cwd, timeout, res, add):
        """The compile's output (stdout and stderr), after dropping the
        launches the plugin named as unusable; None where it did not run."""
        todo = dict(launches)
        launch_file = os.path.join(work, 'launches')
        start = time.monotonic()
        for attempt in range(MAX_RETRIES + 1):
            if todo:
                with open(launch_file, 'w') as f:
                    f.write(''.join(spec + '\n' for _, spec in todo.values()))
            cmd = self._command(tools, path, arch, gpus, flags, project, launch_file,
                                bool(todo))
            res.command = cmd
            self.log('compile: ' + ' '.join(cmd))
            rc, out = self._run(cmd, cwd, timeout)
            res.seconds = time.monotonic() - start
            if rc is None:
                add(0, lsp_remarks.ERROR, 'KernelTime: %s' % out)
                return None
            named = named_launches(out, todo) if rc != 0 else {}
            res.failed = rc != 0
            if not named or attempt == MAX_RETRIES:
                return out
            for lid, message in named.items():
                message = message.split('error: ', 1)[-1]
                message = re.sub(re.escape(launch_file) + r':\d+: ', '', message)
                if not message.startswith('KernelTime: '):
                    message = 'KernelTime: ' + message
                add(todo[lid][0], lsp_remarks.ERROR, message)
                del todo[lid]
        return out

    def _run(self, cmd, cwd, timeout):
        """(returncode, output) of CMD, or (None, why) where it could not
        run or ran past TIMEOUT seconds (then it is killed)."""
        try:
            # A session of its own: a stop kills whatever the compiler started.
            p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 start_new_session=True)
        except OSError as e:
            return None, 'cannot run %s: %s' % (cmd[0], e.strerror)
        self.running = p
        try:
            out, _ = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill(p)
            p.communicate()
            return None, 'the compile ran past %g s and was stopped (timeout in %s)' % (
                timeout, lsp_project.NAME)
        finally:
            self.running = None
        if p.returncode < 0:
            return None, 'the compile was stopped (signal %d)' % -p.returncode
        return p.returncode, out.decode('utf-8', errors='replace')


def named_launches(text, ids):
    """{id: the error line naming it} for the launch IDS (id=L<n> or id=P<n>)
    that the compile's output TEXT names in a line that says "error"."""
    return enginemod.named_launches(text, ids, _NAMED_ID)


def _kill(p):
    """Kills the process P and its process group (its own session)."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except OSError:
        p.kill()

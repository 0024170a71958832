"""The language server of utils/ktime-lsp: the LSP requests and
notifications it answers, the documents it holds, and the worker that
compiles them in the background (docs/editors.md).

  initialize        capabilities: open/close and save notifications (no
                    changes: nothing runs while typing), code lenses
  didOpen, didSave  queue a compile of the file (lsp_compile); when it is
                    done its diagnostics are published (and, where the
                    client can, code lenses refreshed)
  didClose          its diagnostics are cleared
  codeLens          the file's lenses; while a compile of it is queued or
                    running, answered when it ends
  shutdown, exit    the compile under way is stopped; exit's status is 0
                    after shutdown, else 1
Other requests get MethodNotFound (before initialize: ServerNotInitialized),
other notifications are ignored. A handler that fails logs to stderr and
answers InternalError; the server goes on.
"""

import sys
import threading
import time
import traceback
import urllib.parse

from . import lsp_compile
from . import lsp_protocol as proto

NAME = 'ktime-lsp'


def uri_to_path(uri):
    """The path of a file:// URI, or None."""
    if not isinstance(uri, str):
        return None
    parsed = urllib.parse.urlparse(uri)
    if parsed.scheme != 'file':
        return None
    return urllib.parse.unquote(parsed.path)


class Document:
    def __init__(self, uri, path):
        self.uri = uri
        self.path = path
        self.lenses = []
        self.busy = False      # a compile of it is queued or running
        self.compiles = 0


class Server:
    def __init__(self, options, reader, writer, log=None):
        self.options = options
        self.reader = reader
        self.out = proto.Writer(writer)
        self.log = log or (lambda msg: print('%s: %s' % (NAME, msg), file=sys.stderr,
                                             flush=True))
        self.compiler = lsp_compile.Compiler(options, self.log)
        self.docs = {}
        self.root = None
        self.initialized = False
        self.shut_down = False
        self.lens_refresh = False
        self.cond = threading.Condition()
        self.queue = []          # URIs to compile, in order
        self.cancelled = set()
        self.next_id = 0
        self.worker = threading.Thread(target=self._work, name='compile', daemon=True)

    # ------------------------------------------------------------ main loop

    def run(self):
        """Serves until exit or the end of input; the exit status."""
        self.worker.start()
        while True:
            try:
                msg = proto.read_message(self.reader)
            except proto.ProtocolError as e:
                self.log('bad message: %s' % e)
                self.out.error(None, proto.PARSE_ERROR, str(e))
                continue
            if msg is None:
                self.log('input ended')
                return self._stop(0 if self.shut_down else 1)
            for m in (msg if isinstance(msg, list) else [msg]):
                status = self.dispatch(m)
                if status is not None:
                    return self._stop(status)

    def _stop(self, status):
        with self.cond:
            self.queue = []
            self.cond.notify_all()
        self.compiler.stop()
        return status

    def dispatch(self, msg):
        """Handles one message; an exit status where it was exit."""
        if not isinstance(msg, dict):
            self.out.error(None, proto.INVALID_REQUEST, 'not a JSON-RPC message')
            return None
        method, msg_id, params = msg.get('method'), msg.get('id'), msg.get('params')
        is_request = 'id' in msg
        if not isinstance(method, str):
            if not is_request:
                self.out.error(None, proto.INVALID_REQUEST, 'a message without method')
            return None  # else a response to one of our requests
        if not isinstance(params, dict):
            params = {}  # every method served takes an object (or nothing)
        if method == 'exit':
            return 0 if self.shut_down else 1
        if is_request and not self.initialized and method != 'initialize':
            self.out.error(msg_id, proto.SERVER_NOT_INITIALIZED, 'initialize first')
            return None
        if is_request and self.shut_down:
            self.out.error(msg_id, proto.INVALID_REQUEST, 'the server is shut down')
            return None
        handler = (self.requests if is_request else self.notifications).get(method)
        if handler is None:
            if is_request:
                self.out.error(msg_id, proto.METHOD_NOT_FOUND, 'unknown method ' + method)
            return None
        try:
            if is_request:
                handler(self, msg_id, params)
            else:
                handler(self, params)
        except Exception as e:  # a handler's bug must not end the server
            self.log('%s failed:\n%s' % (method, traceback.format_exc()))
            if is_request:
                self.out.error(msg_id, proto.INTERNAL_ERROR, '%s: %s' % (method, e))
        return None

    # ------------------------------------------------------------ requests

    def initialize(self, msg_id, params):
        if self.initialized:
            self.out.error(msg_id, proto.INVALID_REQUEST, 'initialized already')
            return
        root = params.get('rootUri') or params.get('rootPath')
        folders = params.get('workspaceFolders')
        if not root and isinstance(folders, list) and folders and isinstance(folders[0], dict):
            root = folders[0].get('uri')
        if isinstance(root, str):
            self.root = uri_to_path(root) if '://' in root else root
        init = params.get('initializationOptions')
        if isinstance(init, dict):
            self._take_options(init)
        caps = params.get('capabilities')
        ws = caps.get('workspace') if isinstance(caps, dict) else None
        lens = ws.get('codeLens') if isinstance(ws, dict) else None
        self.lens_refresh = isinstance(lens, dict) and bool(lens.get('refreshSupport'))
        self.initialized = True
        self.out.respond(msg_id, {
            'capabilities': {
                'textDocumentSync': {'openClose': True, 'change': 0,
                                     'save': {'includeText': False}},
                'codeLensProvider': {'resolveProvider': False},
            },
            'serverInfo': {'name': NAME}})

    def _take_options(self, init):
        o = self.options
        for key in ('clang', 'plugin', 'cuda', 'cuda_path'):
            if isinstance(init.get(key), str):
                setattr(o, key, init[key])
        if isinstance(init.get('gpu'), str):
            o.gpus = [g.strip() for g in init['gpu'].split(',') if g.strip()]
        if isinstance(init.get('timeout'), (int, float)) and init['timeout'] > 0:
            o.timeout = float(init['timeout'])

    def shutdown(self, msg_id, params):
        self.shut_down = True
        with self.cond:
            self.queue = []
        self.compiler.stop()
        self.out.respond(msg_id, None)

    def code_lens(self, msg_id, params):
        doc = self._doc(params)
        if doc is None:
            self.out.respond(msg_id, [])
            return
        threading.Thread(target=self._answer_lens, args=(msg_id, doc), daemon=True).start()

    def _answer_lens(self, msg_id, doc):
        """Answers when no compile of DOC is queued or running (or after
        the compile's time limit, with what there is)."""
        deadline = time.monotonic() + self.options.timeout * (lsp_compile.MAX_RETRIES + 1) + 10
        with self.cond:
            while doc.busy and time.monotonic() < deadline and msg_id not in self.cancelled \
                    and not self.shut_down:
                self.cond.wait(0.2)
            if msg_id in self.cancelled:
                self.cancelled.discard(msg_id)
                self.out.error(msg_id, proto.REQUEST_CANCELLED, 'cancelled')
                return
            lenses = list(doc.lenses)
        self.out.respond(msg_id, [{
            'range': {'start': {'line': line, 'character': 0},
                      'end': {'line': line, 'character': 0}},
            'command': {'title': title, 'command': ''}} for line, title in lenses])

    # ------------------------------------------------------------ notifications

    def initialized_note(self, params):
        self.log('initialized (workspace root: %s)' % (self.root or 'none'))

    def did_open(self, params):
        td = params.get('textDocument')
        uri = td.get('uri') if isinstance(td, dict) else None
        path = uri_to_path(uri)
        if path is None:
            self.log('not a file, not compiled: %r' % (uri,))
            return
        with self.cond:
            self.docs[uri] = Document(uri, path)
        self._enqueue(uri)

    def did_save(self, params):
        doc = self._doc(params)
        if doc is not None:
            self._enqueue(doc.uri)

    def did_close(self, params):
        doc = self._doc(params)
        if doc is None:
            return
        with self.cond:
            self.docs.pop(doc.uri, None)
            doc.busy = False
            self.cond.notify_all()
        self.out.notify('textDocument/publishDiagnostics', {'uri': doc.uri, 'diagnostics': []})

    def cancel(self, params):
        with self.cond:
            if 'id' in params:
                self.cancelled.add(params['id'])
            self.cond.notify_all()

    def _doc(self, params):
        td = params.get('textDocument') if isinstance(params, dict) else None
        uri = td.get('uri') if isinstance(td, dict) else None
        with self.cond:
            return self.docs.get(uri)

    # ------------------------------------------------------------ compiles

    def _enqueue(self, uri):
        with self.cond:
            doc = self.docs.get(uri)
            if doc is None or self.shut_down:
                return
            doc.busy = True
            if uri not in self.queue:
                self.queue.append(uri)
            self.cond.notify_all()

    def _work(self):
        while True:
            with self.cond:
                while not self.queue:
                    self.cond.wait()
                uri = self.queue.pop(0)
                doc = self.docs.get(uri)
            if doc is None:
                continue
            try:
                result = self.compiler.compile(doc.path, self.root)
            except Exception:
                self.log('the compile of %s failed:\n%s' % (doc.path, traceback.format_exc()))
                result = lsp_compile.Result()
            with self.cond:
                if self.docs.get(uri) is not doc:
                    continue  # closed meanwhile
                doc.lenses = result.lenses
                doc.compiles += 1
                again = uri in self.queue  # saved again meanwhile: that compile answers
                doc.busy = again
                self.cond.notify_all()
            self.log('compiled %s in %.2f s: %d diagnostics, %d lenses'
                     % (doc.path, result.seconds, len(result.diagnostics),
                        len(result.lenses)))
            self.out.notify('textDocument/publishDiagnostics',
                            {'uri': uri, 'diagnostics': result.diagnostics})
            if self.lens_refresh:
                self.next_id += 1
                self.out.send({'jsonrpc': '2.0', 'id': '%s-%d' % (NAME, self.next_id),
                               'method': 'workspace/codeLens/refresh'})

    requests = {
        'initialize': initialize,
        'shutdown': shutdown,
        'textDocument/codeLens': code_lens,
    }
    notifications = {
        'initialized': initialized_note,
        'textDocument/didOpen': did_open,
        'textDocument/didSave': did_save,
        'textDocument/didClose': did_close,
        '$/cancelRequest': cancel,
    }


def serve(options, stdin=None, stdout=None):
    """Runs a server on the binary streams (default: the process's stdio)."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    return Server(options, stdin, stdout).run()

#!/usr/bin/env python3
"""A scripted LSP client for test/utils/ktime-lsp-protocol.test: starts the
server command given after --, sends it odd input and then a session over
the .cu files named, and prints what comes back, one line each:

  client.py FILE.cu... -- SERVER COMMAND...

  ERROR <id> <code>             an error answer
  CAPS <json>                   initialize's capabilities
  DIAG <file> <line> <severity> <message>   (line 1-based, per publish)
  LENS <file> <line> <title>
  RESULT <id> <json>            other answers (not lists: lenses are LENS)
  EXIT <status>                 the server's exit status
It exits 1 where the server does not answer in time.
"""

import json
import os
import queue
import subprocess
import sys
import threading

WAIT_S = 180


def frame(obj):
    body = json.dumps(obj).encode()
    return b'Content-Length: %d\r\n\r\n' % len(body) + body


def reader(stream, q):
    while True:
        length = None
        while True:
            line = stream.readline()
            if not line:
                q.put(None)
                return
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b'content-length:'):
                length = int(line.split(b':')[1])
        q.put(json.loads(stream.read(length)))


def main():
    sep = sys.argv.index('--')
    files, cmd = sys.argv[1:sep], sys.argv[sep + 1:]
    server = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    q = queue.Queue()
    threading.Thread(target=reader, args=(server.stdout, q), daemon=True).start()

    def send(obj):
        server.stdin.write(obj if isinstance(obj, bytes) else frame(obj))
        server.stdin.flush()

    def wait_for(pred):
        """Prints messages until PRED(msg) holds; returns that message."""
        while True:
            try:
                msg = q.get(timeout=WAIT_S)
            except queue.Empty:
                print('TIMEOUT')
                server.kill()
                sys.exit(1)
            if msg is None:
                print('SERVER CLOSED ITS OUTPUT')
                sys.exit(1)
            show(msg)
            if pred(msg):
                return msg

    def show(msg):
        if 'error' in msg:
            print('ERROR %s %d' % (msg.get('id'), msg['error']['code']))
        elif msg.get('method') == 'textDocument/publishDiagnostics':
            name = os.path.basename(msg['params']['uri'])
            for d in sorted(msg['params']['diagnostics'],
                            key=lambda d: (d['range']['start']['line'], d['message'])):
                print('DIAG %s %d %d %s' % (name, d['range']['start']['line'] + 1,
                                            d['severity'], d['message'].replace('\n', ' | ')))
        elif isinstance(msg.get('result'), dict) and 'capabilities' in msg['result']:
            print('CAPS %s' % json.dumps(msg['result']['capabilities'], sort_keys=True))
        elif 'id' in msg and 'result' in msg and not isinstance(msg['result'], list):
            print('RESULT %s %s' % (msg['id'], json.dumps(msg['result'])))

    # Odd input first: a body that is not JSON, a request before initialize.
    send(b'Content-Length: 5\r\n\r\n{bad}')
    wait_for(lambda m: 'error' in m)
    send({'jsonrpc': '2.0', 'id': 1, 'method': 'textDocument/codeLens', 'params': {}})
    wait_for(lambda m: m.get('id') == 1)
    root = os.path.dirname(os.path.abspath(files[0]))
    send({'jsonrpc': '2.0', 'id': 2, 'method': 'initialize',
          'params': {'processId': None, 'rootUri': 'file://' + root, 'capabilities': {}}})
    wait_for(lambda m: m.get('id') == 2)
    send({'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})
    send({'jsonrpc': '2.0', 'id': 3, 'method': 'textDocument/hover', 'params': {}})
    wait_for(lambda m: m.get('id') == 3)
    send({'jsonrpc': '2.0', 'method': 'no/such/notification', 'params': [1, 2]})
    send({'jsonrpc': '2.0', 'id': 4, 'method': 'textDocument/codeLens',
          'params': {'textDocument': 'not an object'}})
    wait_for(lambda m: m.get('id') == 4)
    next_id = 10
    for f in files:
        uri = 'file://' + os.path.abspath(f)
        send({'jsonrpc': '2.0', 'method': 'textDocument/didOpen', 'params': {
            'textDocument': {'uri': uri, 'languageId': 'cuda', 'version': 1,
                             'text': open(f).read()}}})
        wait_for(lambda m: m.get('method') == 'textDocument/publishDiagnostics')
        send({'jsonrpc': '2.0', 'id': next_id, 'method': 'textDocument/codeLens',
              'params': {'textDocument': {'uri': uri}}})
        msg = wait_for(lambda m: m.get('id') == next_id)
        for lens in msg.get('result') or []:
            print('LENS %s %d %s' % (os.path.basename(f), lens['range']['start']['line'] + 1,
                                     lens['command']['title']))
        next_id += 1
    send({'jsonrpc': '2.0', 'id': 99, 'method': 'shutdown'})
    wait_for(lambda m: m.get('id') == 99)
    send({'jsonrpc': '2.0', 'method': 'exit'})
    print('EXIT %d' % server.wait(timeout=WAIT_S))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Odd input for utils/ktime-lsp (test/utils/ktime-lsp-fuzz.test): a fixed
pseudo-random run of requests and notifications with parameters of every
JSON shape, frames that are not JSON, then shutdown and exit. Prints the
server's exit status, whether its last answer is shutdown's, and how many
Python tracebacks its log has (a handler that failed).

  fuzz.py SERVER COMMAND...
"""

import io
import json
import random
import subprocess
import sys


def frame(obj):
    body = json.dumps(obj).encode()
    return b'Content-Length: %d\r\n\r\n' % len(body) + body


def read_all(data):
    """The messages of the server's output, in order."""
    out, stream = [], io.BytesIO(data)
    while True:
        length = None
        while True:
            line = stream.readline()
            if not line:
                return out
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b'content-length:'):
                length = int(line.split(b':')[1])
        out.append(json.loads(stream.read(length)))


def main():
    rng = random.Random(23)
    nowhere = 'file:///nonexistent/k.cu'
    values = [None, 1, -1, 'x', [], {}, [1], {'a': 1}, True, nowhere, {'uri': 5},
              {'uri': nowhere}, {'uri': 'untitled:1'}]
    methods = ['initialize', 'initialized', 'textDocument/didOpen', 'textDocument/didSave',
               'textDocument/didClose', 'textDocument/codeLens', 'textDocument/didChange',
               '$/cancelRequest', 'no/such', None, 5]
    data = [frame({'jsonrpc': '2.0', 'id': 0, 'method': 'initialize',
                   'params': {'rootUri': 5, 'capabilities': []}})]
    for i in range(300):
        msg = {'jsonrpc': '2.0', 'method': rng.choice(methods),
               'params': rng.choice(values + [{'textDocument': rng.choice(values)}])}
        if rng.random() < 0.7:
            msg['id'] = rng.choice([i + 1, 'abc', None, [1]])
        data.append(frame(msg))
    data += [b'Content-Length: 3\r\n\r\n[1]', b'Content-Length: 4\r\n\r\nnull',
             b'garbage\r\n\r\n', frame([]),
             frame({'jsonrpc': '2.0', 'id': 'last', 'method': 'shutdown'}),
             frame({'jsonrpc': '2.0', 'method': 'exit'})]
    res = subprocess.run(sys.argv[1:], input=b''.join(data), capture_output=True, timeout=300)
    answers = read_all(res.stdout)
    last = answers[-1] if answers else {}
    print('EXIT %d' % res.returncode)
    print('LAST ANSWER %s' % ('shutdown' if last.get('id') == 'last' and 'result' in last
                              else json.dumps(last)))
    print('TRACEBACKS %d' % res.stderr.decode(errors='replace').count('Traceback'))


if __name__ == '__main__':
    main()

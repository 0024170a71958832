"""JSON-RPC 2.0 over a byte stream with LSP's Content-Length framing: the
transport of utils/ktime-lsp (docs/editors.md).

A message is a header block (`Content-Length: N`, other headers ignored),
an empty line, then N bytes of UTF-8 JSON. read_message returns the decoded
object, or raises ProtocolError for a frame or body it cannot use (the
server answers that with a ParseError and reads on); it returns None at the
end of the stream.
"""

import json
import threading

# JSON-RPC and LSP error codes.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_NOT_INITIALIZED = -32002
REQUEST_CANCELLED = -32800

# A header block longer than this is not LSP.
MAX_HEADER_BYTES = 8192


class ProtocolError(Exception):
    """A frame without a usable Content-Length, or a body that is not a
    JSON object (or batch)."""


def read_message(stream):
    """The next message of the binary STREAM, or None at its end."""
    length, header_bytes = None, 0
    while True:
        line = stream.readline()
        if not line:
            return None
        header_bytes += len(line)
        if header_bytes > MAX_HEADER_BYTES:
            raise ProtocolError('header block over %d bytes' % MAX_HEADER_BYTES)
        line = line.rstrip(b'\r\n')
        if not line:
            if length is None:
                if header_bytes <= 2:
                    continue  # a stray empty line between messages
                raise ProtocolError('a message without Content-Length')
            break
        name, sep, value = line.partition(b':')
        if sep and name.strip().lower() == b'content-length':
            try:
                length = int(value.strip())
            except ValueError:
                raise ProtocolError('Content-Length %r is not a number' % value.strip())
            if length < 0:
                raise ProtocolError('negative Content-Length')
    body = stream.read(length) if length else b''
    if len(body) < length:
        return None  # the stream ended inside the body
    try:
        msg = json.loads(body.decode('utf-8'))
    except (UnicodeDecodeError, ValueError) as e:
        raise ProtocolError('the body is not JSON: %s' % e)
    if not isinstance(msg, (dict, list)):
        raise ProtocolError('the body is not a JSON object')
    return msg


def encode(msg):
    """MSG framed for the wire."""
    body = json.dumps(msg, separators=(',', ':')).encode('utf-8')
    return b'Content-Length: %d\r\n\r\n' % len(body) + body


class Writer:
    """Writes whole messages to a binary stream, one thread at a time (the
    compile workers publish while the main loop answers requests)."""

    def __init__(self, stream):
        self.stream = stream
        self.lock = threading.Lock()

    def send(self, msg):
        data = encode(msg)
        with self.lock:
            try:
                self.stream.write(data)
                self.stream.flush()
            except (OSError, ValueError):
                pass  # the client has gone; the read loop will end

    def respond(self, msg_id, result):
        self.send({'jsonrpc': '2.0', 'id': msg_id, 'result': result})

    def error(self, msg_id, code, message):
        self.send({'jsonrpc': '2.0', 'id': msg_id,
                   'error': {'code': code, 'message': message}})

    def notify(self, method, params):
        self.send({'jsonrpc': '2.0', 'method': method, 'params': params})

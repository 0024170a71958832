"""Reads the YAML subset target files are written in (docs/targets.md, "The
file"): block mappings by indentation, flow mappings `{a: 1, b: 2}` and flow
lists `[1, 2]` on one line, plain scalars, `#` comments. Enough to check a
written target without a YAML library; the plugin's loader (LLVM's YAML
parser) is the authority. Values are returned with their line numbers:
{key: (value, line)}."""
import re


class YamlError(ValueError):
    pass


def _strip_comment(text):
    # A '#' starts a comment at the line start or after a space.
    m = re.search(r"(^|\s)#", text)
    return text[:m.start()].rstrip() if m else text.rstrip()


def _scalar(text):
    text = text.strip()
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def _flow(text, line):
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        return [_scalar(x) for x in inner.split(",")] if inner else []
    if text.startswith("{") and text.endswith("}"):
        out = {}
        inner = text[1:-1].strip()
        for part in inner.split(","):
            if ":" not in part:
                raise YamlError("line %d: bad flow mapping '%s'" % (line, text))
            k, v = part.split(":", 1)
            out[k.strip()] = _scalar(v)
        return out
    return _scalar(text)


def load(text):
    root = {}
    stack = [(-1, root)]
    for number, raw in enumerate(text.splitlines(), 1):
        body = _strip_comment(raw)
        if not body.strip():
            continue
        indent = len(body) - len(body.lstrip(" "))
        m = re.match(r"\s*([A-Za-z0-9_.\-]+):(\s+(.*))?$", body)
        if not m:
            raise YamlError("line %d: not a 'key: value' line: %s"
                            % (number, raw.strip()))
        key, value = m.group(1), (m.group(3) or "").strip()
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if key in parent:
            raise YamlError("line %d: duplicate key '%s'" % (number, key))
        if value == "":
            child = {}
            parent[key] = (child, number)
            stack.append((indent, child))
        else:
            parent[key] = (_flow(value, number), number)
    return root


def plain(tree):
    """The tree without line numbers."""
    if isinstance(tree, dict) and all(isinstance(v, tuple)
                                      for v in tree.values()):
        return {k: plain(v[0]) for k, v in tree.items()}
    return tree

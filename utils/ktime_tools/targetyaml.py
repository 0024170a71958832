"""Reads the YAML subset GPU target files are written in (docs/targets.md,
"The file"): block mappings by indentation, flow mappings `{a: 1, b: 2}`
and flow lists `[1, 2]` on one line, plain or quoted scalars, `#` comments.
Enough to read and check a target file without a YAML library; the
plugin's loader (LLVM's YAML parser) stays the authority on a file.

The one reader of target files in Python: `ktime target derive`
(targetfile.py), the checks (targetcheck.py), the flattening of a card and
its architecture file (targetflat.py, built on `lines`) and bench/kit read
files with it. `load` returns the values with their line numbers,
{key: (value, line)}; `plain` drops the line numbers; `fields` gives
{dotted path: value}."""

import re


class YamlError(ValueError):
    """A text that is not in the subset (the message names the line)."""


KEY = re.compile(r'^(\s*)([A-Za-z0-9_.\-]+):(?:\s+(.*))?\s*$')


def strip_comment(text):
    """TEXT without its comment: a '#' at the line start or after a space."""
    m = re.search(r'(^|\s)#', text)
    return text[:m.start()].rstrip() if m else text.rstrip()


def _where(name, number):
    return '%s:%d' % (name, number) if name else 'line %d' % number


def lines(text, name=None):
    """(number, raw line, indent, key, value text) of every line of TEXT;
    indent is None on a blank or comment-only line, value '' where a block
    mapping opens. NAME (a path) is named in errors."""
    for number, raw in enumerate(text.splitlines(), 1):
        body = strip_comment(raw)
        if not body.strip():
            yield number, raw, None, None, None
            continue
        m = KEY.match(body)
        if not m:
            raise YamlError("%s: not a 'key: value' line: %s"
                            % (_where(name, number), raw.strip()))
        yield number, raw, len(m.group(1)), m.group(2), (m.group(3) or '').strip()


def number_or_text(text):
    """TEXT as an int, else a float, else as it is (also the kit's raw
    output records' values, bench/kit/ktkit/raw.py)."""
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def scalar(text):
    """A plain or quoted scalar: int, float or string."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in '"\'':
        return text[1:-1]
    return number_or_text(text)


def value(text, where='value'):
    """The value of a 'key: value' line: a flow list, a flow mapping or a
    scalar."""
    text = text.strip()
    if text.startswith('[') and text.endswith(']'):
        inner = text[1:-1].strip()
        return [scalar(x) for x in inner.split(',')] if inner else []
    if text.startswith('{') and text.endswith('}'):
        out = {}
        for part in text[1:-1].split(','):
            key, sep, v = part.partition(':')
            if not sep:
                raise YamlError("%s: bad flow mapping '%s'" % (where, text))
            out[key.strip()] = scalar(v)
        return out
    return scalar(text)


def load(text, name=None):
    """{key: (value, line)} of TEXT; a block mapping's value is such a
    mapping itself. A duplicate key is an error."""
    root = {}
    stack = [(-1, root)]
    for number, _, indent, key, text_value in lines(text, name):
        if indent is None:
            continue
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if key in parent:
            raise YamlError("%s: duplicate key '%s'" % (_where(name, number), key))
        if text_value == '':
            child = {}
            parent[key] = (child, number)
            stack.append((indent, child))
        else:
            parent[key] = (value(text_value, _where(name, number)), number)
    return root


def plain(tree):
    """The tree without line numbers."""
    if isinstance(tree, dict) and all(isinstance(v, tuple) for v in tree.values()):
        return {k: plain(v[0]) for k, v in tree.items()}
    return tree


def fields(tree, prefix=''):
    """{dotted path: value} of every field of a loaded TREE that has a value
    ('memory.l2.latency': 273.6; 'instructions.atomic.global': {...})."""
    out = {}
    for key, (v, _) in tree.items():
        path = prefix + key
        if isinstance(v, dict) and all(isinstance(x, tuple) for x in v.values()):
            out.update(fields(v, path + '.'))  # a block mapping
        else:
            out[path] = v
    return out


def read(path):
    """The loaded tree of the file PATH."""
    with open(path, encoding='utf-8') as f:
        return load(f.read(), path)

"""Reads GPU target files for `ktime target derive`: the fields of one card
file (the YAML subset docs/targets.md's files are written in: block
mappings by indentation, one-line flow lists and mappings, plain or quoted
scalars, `#` comments), and finds a card by name or alias in a target
directory the way the plugin does (docs/targets.md, "Naming a GPU"). The
plugin's loader (LLVM's YAML parser) stays the authority on a file; this
reads the shipped files and files written like them."""

import glob
import os
import re

from . import layout


class TargetFileError(Exception):
    """A target file that cannot be found or read."""


_KEY = re.compile(r'^(\s*)([A-Za-z0-9_.\-]+):(?:\s+(.*))?$')


def _strip_comment(text):
    m = re.search(r'(^|\s)#', text)
    return text[:m.start()].rstrip() if m else text.rstrip()


def _scalar(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in '"\'':
        return text[1:-1]
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def _value(text):
    if text.startswith('[') and text.endswith(']'):
        inner = text[1:-1].strip()
        return [_scalar(x) for x in inner.split(',')] if inner else []
    if text.startswith('{') and text.endswith('}'):
        out = {}
        for part in text[1:-1].split(','):
            key, sep, value = part.partition(':')
            if not sep:
                raise ValueError("not 'key: value': %s" % part.strip())
            out[key.strip()] = _scalar(value)
        return out
    return _scalar(text)


def read_fields(path):
    """{dotted field path: value} of every field of PATH that has a value
    ('memory.l2.latency': 273.6; 'instructions.atomic.global': {...})."""
    try:
        with open(path, encoding='utf-8') as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise TargetFileError('%s: cannot read target file: %s' % (path, e.strerror))
    fields, stack = {}, []
    for number, raw in enumerate(lines, 1):
        body = _strip_comment(raw)
        if not body.strip():
            continue
        m = _KEY.match(body)
        if not m:
            raise TargetFileError("%s:%d: not a 'key: value' line: %s"
                                  % (path, number, raw.strip()))
        indent, key, value = len(m.group(1)), m.group(2), m.group(3)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        dotted = '.'.join([k for _, k in stack] + [key])
        if value is None:
            stack.append((indent, key))
            continue
        try:
            fields[dotted] = _value(value.strip())
        except ValueError as e:
            raise TargetFileError('%s:%d: %s' % (path, number, e))
    return fields


def default_target_dir(plugin, given=None):
    """The directory the plugin reads target files from: GIVEN
    (-ktime-target-dir), else $KTIME_TARGET_DIR, else the one next to the
    plugin (PLUGIN/../../share/kerneltime/gpu-targets), else this source
    tree's gpu-targets/."""
    if given:
        return given
    if os.environ.get('KTIME_TARGET_DIR'):
        return os.environ['KTIME_TARGET_DIR']
    beside = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(plugin))),
                          'share', 'kerneltime', 'gpu-targets')
    if os.path.isdir(beside):
        return beside
    return os.path.join(layout.ROOT, 'gpu-targets')


def cards(target_dir):
    """{name: (path, [aliases], architecture or None)} of the card files
    of TARGET_DIR (its arch/ holds no cards)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(target_dir, '*.yaml'))):
        fields = read_fields(path)
        aliases = fields.get('aliases') or []
        out[os.path.basename(path)[:-len('.yaml')]] = (
            path, [str(a) for a in aliases], fields.get('architecture'))
    return out


def find_card(name, target_dir):
    """The path of the card NAME: a path if it contains '/' or ends in
    .yaml, else a file stem or alias of TARGET_DIR (case-insensitive)."""
    if '/' in name or name.endswith('.yaml'):
        if not os.path.isfile(name):
            raise TargetFileError('%s: no such target file' % name)
        return name
    if not os.path.isdir(target_dir):
        raise TargetFileError("no target directory %s to find '%s' in "
                              '(give --target-dir or a path)' % (target_dir, name))
    known = cards(target_dir)
    wanted = name.strip().lower()
    for stem, (path, aliases, _) in known.items():
        if stem == wanted or wanted in (a.lower() for a in aliases):
            return path
    raise TargetFileError("unknown GPU '%s'; known: %s; target directory: %s"
                          % (name, ', '.join(known), target_dir))


def arch_file(card_path, arch, target_dir):
    """The architecture file ARCH of a card, where the loader finds it:
    arch/ARCH.yaml beside the card, else in the target directory's arch/."""
    for d in (os.path.dirname(os.path.abspath(card_path)), target_dir):
        cand = os.path.join(d, 'arch', arch + '.yaml')
        if os.path.isfile(cand):
            return cand
    raise TargetFileError('%s: architecture %s: no arch/%s.yaml beside it or in %s'
                          % (card_path, arch, arch, target_dir))

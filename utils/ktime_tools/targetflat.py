"""One self-contained target text (schema 1) from a card file that names its
architecture's file (schema 2, `architecture: sm_XX`, docs/targets.md):
the card's lines and the architecture file's, each with its comments, in
the order of the fields in docs/targets.md. bench/kit writes a measured
card this way, so that the file stands alone and the measured figures of
either file replace the shipped ones without overriding a shared file; its
checks read a card the same way. The lines are read with targetyaml.py
and the architecture file is found with targetfile.py."""

import re

from . import targetfile
from . import targetyaml

# docs/targets.md's order of the fields; instruction classes keep the
# architecture file's order, the card's own after them.
ORDER = ["schema", "name", "aliases", "arch", "architecture", "default_for",
         "description", "clocks", "sm", "limits", "memory", "instructions",
         "launch",
         "sm_mhz", "memory_mhz",
         "count", "warp_size", "processing_blocks", "dispatch_per_clk",
         "l1", "shared", "l2", "dram", "uncoalesced", "constant", "local",
         "latency", "store_latency", "far_latency", "banks",
         "bank_width_bytes", "bandwidth_bytes_per_clk", "bank_bytes_per_clk",
         "bandwidth_gbs",
         "peak_bandwidth_gbs", "size_bytes", "global_loads", "tags_per_clk",
         "same_address_atomic_cycles", "cache_bytes"]


class _Node:
    def __init__(self, key, indent, pre, line, value):
        self.key, self.indent, self.pre, self.line = key, indent, pre, line
        self.value = value
        self.is_map = not value
        self.children = {}


def _parse(text, name):
    root = _Node(None, -1, [], None, '')
    stack, pending = [root], []
    for _, raw, indent, key, value in targetyaml.lines(text, name):
        if indent is None:
            pending.append(raw)
            continue
        while stack[-1].indent >= indent:
            stack.pop()
        node = _Node(key, indent, pending, raw, value)
        pending = []
        stack[-1].children[node.key] = node
        if node.is_map:
            stack.append(node)
    root.tail = pending
    return root


def _rank(key, index):
    return (ORDER.index(key), 0) if key in ORDER else (len(ORDER), index)


def _merge(card, arch):
    keys = [k for k in arch.children if k not in ("schema", "arch")]
    for k in keys:
        a = arch.children[k]
        if k in card.children and card.children[k].is_map and a.is_map:
            _merge(card.children[k], a)
        elif k not in card.children:
            card.children[k] = a
    # Architecture first among keys docs/targets.md does not order.
    known = {k: i for i, k in enumerate(keys)}
    known.update({k: len(keys) + i for i, k in enumerate(card.children)
                  if k not in known})
    card.children = dict(sorted(card.children.items(),
                                key=lambda kv: _rank(kv[0], known[kv[0]])))


def _emit(node, out):
    for child in node.children.values():
        out.extend(child.pre)
        out.append(child.line)
        _emit(child, out)


def flat_text(card_path, targets_dir=None):
    """(text, arch file or None): the card as one schema-1 file; a card that
    names no architecture file is returned as it is."""
    with open(card_path, encoding="utf-8") as f:
        text = f.read()
    card = _parse(text, card_path)
    if "architecture" not in card.children:
        return text, None
    arch = card.children["architecture"].value
    path = targetfile.arch_file(card_path, arch, targets_dir)
    with open(path, encoding="utf-8") as f:
        _merge(card, _parse(f.read(), path))
    out = []
    _emit(card, out)
    out.extend(card.tail)
    for i, raw in enumerate(out):
        m = targetyaml.KEY.match(targetyaml.strip_comment(raw))
        if m and not m.group(1) and m.group(2) == "schema":
            out[i] = re.sub(r"schema:\s*2", "schema: 1", raw)
        elif m and not m.group(1) and m.group(2) == "architecture":
            out[i] = raw.replace("architecture:", "arch:", 1)
    return "\n".join(out) + "\n", path


def flat_tree(card_path, targets_dir=None):
    """The plain tree (targetyaml.plain) of the card as one file."""
    return targetyaml.plain(targetyaml.load(flat_text(card_path, targets_dir)[0]))

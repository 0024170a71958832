"""One self-contained target text (schema 1) from a card file that names its
architecture's file (schema 2, `architecture: sm_XX`, docs/targets.md):
the card's lines and the architecture file's, each with its comments, in
the order of the fields in docs/targets.md. The kit writes a measured card
this way, so that the file stands alone and the measured figures of either
file replace the shipped ones without overriding a shared file."""
import os
import re

from .yamlsub import YamlError

# docs/targets.md's order of the fields; instruction classes keep the
# architecture file's order, the card's own after them.
ORDER = ["schema", "name", "aliases", "arch", "architecture", "default_for",
         "description", "clocks", "sm", "limits", "memory", "instructions",
         "launch",
         "sm_mhz", "memory_mhz",
         "count", "warp_size", "processing_blocks", "dispatch_per_clk",
         "l1", "shared", "l2", "dram", "uncoalesced", "constant", "local",
         "latency", "store_latency", "far_latency", "banks",
         "bank_width_bytes", "bandwidth_bytes_per_clk", "bandwidth_gbs",
         "peak_bandwidth_gbs", "size_bytes", "cache_bytes"]

_KEY = re.compile(r"^(\s*)([A-Za-z0-9_.\-]+):(\s*)(.*)$")


def _body(raw):
    m = re.search(r"(^|\s)#", raw)
    return raw[:m.start()].rstrip() if m else raw.rstrip()


class _Node:
    def __init__(self, key, indent, pre, line, is_map):
        self.key, self.indent, self.pre, self.line = key, indent, pre, line
        self.is_map = is_map
        self.children = {}


def _parse(text, name):
    root = _Node(None, -1, [], None, True)
    stack, pending = [root], []
    for number, raw in enumerate(text.splitlines(), 1):
        body = _body(raw)
        if not body.strip():
            pending.append(raw)
            continue
        m = _KEY.match(body)
        if not m:
            raise YamlError("%s:%d: not a 'key: value' line: %s"
                            % (name, number, raw.strip()))
        indent = len(m.group(1))
        while stack[-1].indent >= indent:
            stack.pop()
        node = _Node(m.group(2), indent, pending, raw, not m.group(4))
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


def arch_file(card_path, arch, targets_dir=None):
    """The architecture file a card names: arch/ beside the card, else the
    target directory's arch/."""
    for d in [os.path.dirname(os.path.abspath(card_path)), targets_dir]:
        if d:
            p = os.path.join(d, "arch", arch + ".yaml")
            if os.path.isfile(p):
                return p
    raise YamlError("%s: no arch/%s.yaml beside it%s" % (
        card_path, arch, " nor in " + targets_dir if targets_dir else ""))


def flat_text(card_path, targets_dir=None):
    """(text, arch file or None): the card as one schema-1 file."""
    with open(card_path, encoding="utf-8") as f:
        text = f.read()
    card = _parse(text, card_path)
    if "architecture" not in card.children:
        return text, None
    line = card.children["architecture"].line
    arch = _body(line).split(":", 1)[1].strip()
    path = arch_file(card_path, arch, targets_dir)
    with open(path, encoding="utf-8") as f:
        _merge(card, _parse(f.read(), path))
    out = []
    _emit(card, out)
    out.extend(card.tail)
    for i, raw in enumerate(out):
        m = _KEY.match(raw)
        if m and not m.group(1) and m.group(2) == "schema":
            out[i] = re.sub(r"schema:\s*2", "schema: 1", raw)
        elif m and not m.group(1) and m.group(2) == "architecture":
            out[i] = raw.replace("architecture:", "arch:", 1)
    return "\n".join(out) + "\n", path

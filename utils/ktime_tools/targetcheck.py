"""The checks of docs/targets.md a GPU target must pass, in Python, held
once: the required fields and their kinds, the instruction classes, the
physical ranges ("Physical ranges") and the order rules between the
memory levels. The plugin's loader (include/KernelTime/Target.h,
`physical::`) is the authority; these are its bounds, for where no plugin
is at hand. Two entries: `check_tree`, a whole target file (bench/kit's
check and target writer; `check_file` reads a card with its architecture
file through targetflat.py), and `check_card`, the figures of a card
({dotted path: value}) that `ktime target derive` derives. Both return a
list of problems, each naming its field; empty when they pass."""

import os
import re

from . import targetflat
from . import targetyaml

# docs/targets.md, "Physical ranges": (low, high, unit).
SM_MHZ = (100, 4000, 'MHz')
MEMORY_MHZ = (100, 40000, 'MHz')
LATENCY = (1, 20000, 'cycles')
TURNAROUND = (0, 20000, 'cycles')
BANDWIDTH = (1, 100000, 'GB/s')
BYTES_PER_CLK = (1, 4096, 'bytes per clock')
SIZE = (1, 1 << 30, 'bytes')
TAGS_PER_CLK = (1, 64, 'lines per clock')
INSTR = {'lat': (0.01, 100000, 'cycles'), 'del': (0.01, 100000, 'cycles'),
         'ops_per_clk_per_sm': (0.01, 4096, 'per clock'),
         'units_per_pb': (0.01, 1024, 'units')}
RANGES = {'mhz': SM_MHZ, 'mem_mhz': MEMORY_MHZ, 'latency': LATENCY,
          'gbs': BANDWIDTH, 'bpc': BYTES_PER_CLK, 'size': SIZE,
          'cycles': INSTR['del'], 'tags': TAGS_PER_CLK,
          'turnaround': TURNAROUND}

INSTRUCTION_CLASSES = [
    "int.add", "int.mul", "int.mad", "int.div", "fp32.add", "fp32.mul",
    "fp32.fma", "fp32.div", "fp32.sqrt", "fp64.add", "fp64.mul", "fp64.fma",
    "fp64.div", "fp16.fma", "sfu", "convert", "shfl", "vote",
    "atomic.global", "atomic.shared", "barrier", "branch", "special_reg",
    "tensor", "ldst", "int.bit", "fp32.rcp", "convert.f64"]
# Classes a file may leave out, and the class priced in their place.
OPTIONAL_CLASSES = {"convert.f64": "convert"}

# The fields of a target (dotted paths) and their kind: a key of RANGES,
# 'count' (a positive integer), 'count0' (may be 0), 'nonneg' (a number
# >= 0), 'any' (a number of any sign), 'text', 'list', 'l1_loads' (one of
# L1_GLOBAL_LOADS).
FIELDS = {
    "schema": "count", "name": "text", "aliases": "list", "arch": "text",
    "default_for": "list", "description": "text",
    "clocks.sm_mhz": "mhz", "clocks.memory_mhz": "mem_mhz",
    "sm.count": "count", "sm.warp_size": "count",
    "sm.processing_blocks": "count", "sm.dispatch_per_clk": "count",
    "limits.threads_per_block": "count", "limits.threads_per_sm": "count",
    "limits.warps_per_sm": "count", "limits.blocks_per_sm": "count",
    "limits.registers_per_sm": "count", "limits.registers_per_block": "count",
    "limits.registers_per_thread": "count",
    "limits.register_alloc_unit": "count",
    "limits.shared_per_sm_bytes": "count",
    "limits.shared_per_block_bytes": "count",
    "limits.shared_alloc_unit_bytes": "count",
    "limits.shared_reserved_per_block_bytes": "count0",
    "limits.shared_carveouts_kb": "list", "limits.max_grid_dim": "list",
    "limits.max_block_dim": "list",
    "memory.l1.latency": "latency", "memory.l1.bandwidth_bytes_per_clk": "bpc",
    "memory.l1.size_bytes": "size", "memory.l1.global_loads": "l1_loads",
    "memory.l1.tags_per_clk": "tags",
    "memory.shared.latency": "latency", "memory.shared.store_latency": "latency",
    "memory.shared.banks": "count", "memory.shared.bank_width_bytes": "count",
    "memory.shared.bandwidth_bytes_per_clk": "bpc",
    "memory.shared.bank_bytes_per_clk": "bpc",
    "memory.l2.latency": "latency", "memory.l2.far_latency": "latency",
    "memory.l2.bandwidth_gbs": "gbs", "memory.l2.size_bytes": "size",
    "memory.l2.same_address_atomic_cycles": "cycles",
    "memory.dram.latency": "latency", "memory.dram.bandwidth_gbs": "gbs",
    "memory.dram.peak_bandwidth_gbs": "gbs",
    "memory.uncoalesced.latency": "latency",
    "memory.uncoalesced.bandwidth_gbs": "gbs",
    "memory.constant.latency": "latency", "memory.constant.cache_bytes": "size",
    "memory.local.latency": "latency",
    "launch.intercept_cycles": "nonneg", "launch.slope_b2": "any",
    "launch.slope_b1": "any", "launch.slope_b0": "any",
    "launch.fit_grid_min": "count", "launch.fit_grid_max": "count",
    "launch.fit_warps_min": "count", "launch.fit_warps_max": "count",
    "launch.block_turnaround_cycles": "turnaround",
}

# Fields a target may leave out (docs/targets.md).
OPTIONAL = {"memory.l2.same_address_atomic_cycles", "memory.l1.global_loads",
            "memory.l1.tags_per_clk", "memory.shared.bank_bytes_per_clk",
            "launch.block_turnaround_cycles"}

# The values of memory.l1.global_loads: which global loads the L1 caches.
L1_GLOBAL_LOADS = ("all", "read_only", "none")

# The figures a card file must give (`ktime target derive` writes them).
CARD_FIELDS = [
    'clocks.sm_mhz', 'clocks.memory_mhz', 'sm.count',
    'memory.l1.latency', 'memory.l2.latency', 'memory.l2.far_latency',
    'memory.l2.bandwidth_gbs', 'memory.l2.size_bytes', 'memory.dram.latency',
    'memory.dram.bandwidth_gbs', 'memory.dram.peak_bandwidth_gbs',
    'memory.uncoalesced.latency', 'memory.uncoalesced.bandwidth_gbs',
    'memory.constant.latency', 'memory.local.latency']

# The loader's order rules between levels: (lower, higher).
ORDER = [
    ('memory.l1.latency', 'memory.l2.latency'),
    ('memory.l2.latency', 'memory.l2.far_latency'),
    ('memory.l2.latency', 'memory.dram.latency'),
    ('memory.dram.latency', 'memory.uncoalesced.latency'),
    ('memory.uncoalesced.bandwidth_gbs', 'memory.dram.bandwidth_gbs'),
    ('memory.dram.bandwidth_gbs', 'memory.dram.peak_bandwidth_gbs'),
]


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def in_range(value, bounds):
    return _number(value) and bounds[0] <= value <= bounds[1]


def describe(bounds):
    low, high, unit = bounds
    return 'between %g and %g %s' % (low, high, unit)


def _shown(v):
    return '%g' % v if _number(v) else '%r' % (v,)


def _problems(get, required, instructions):
    """The problems of the fields GET(path) gives (None: absent): REQUIRED
    must be there, every known field present must be of its kind, every
    instruction cost of INSTRUCTIONS ({class: cost}) in range, and the
    order rules hold."""
    problems = []
    for path, kind in FIELDS.items():
        v = get(path)
        if v is None:
            if path in required:
                problems.append("field '%s': required field is missing" % path)
            continue
        if kind in RANGES:
            if not in_range(v, RANGES[kind]):
                problems.append("field '%s': must be %s, got %s"
                                % (path, describe(RANGES[kind]), _shown(v)))
        elif kind == "count" and (not isinstance(v, int) or isinstance(v, bool) or v <= 0):
            problems.append("field '%s': must be a positive integer, got %r"
                            % (path, v))
        elif kind == "count0" and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            problems.append("field '%s': must be a non-negative integer, got %r"
                            % (path, v))
        elif kind == "nonneg" and (not _number(v) or v < 0):
            problems.append("field '%s': must be a number >= 0, got %r"
                            % (path, v))
        elif kind == "any" and not _number(v):
            problems.append("field '%s': must be a number, got %r" % (path, v))
        elif kind == "l1_loads" and v not in L1_GLOBAL_LOADS:
            problems.append("field '%s': must be all, read_only or none, got %r"
                            % (path, v))
        elif kind == "list" and not isinstance(v, list):
            problems.append("field '%s': must be a list, got %r" % (path, v))
    for c, cost in instructions.items():
        if c not in INSTRUCTION_CLASSES:
            problems.append("field 'instructions.%s': unknown instruction "
                            "class" % c)
            continue
        if not isinstance(cost, dict) or "lat" not in cost:
            problems.append("field 'instructions.%s': needs {lat: L, ...}" % c)
            continue
        delays = [k for k in ("del", "ops_per_clk_per_sm", "units_per_pb")
                  if k in cost]
        if len(delays) != 1:
            problems.append("field 'instructions.%s': give one of 'del', "
                            "'ops_per_clk_per_sm' and 'units_per_pb'" % c)
        for k, v in cost.items():
            if k not in INSTR:
                problems.append("field 'instructions.%s.%s': unknown field"
                                % (c, k))
            elif not in_range(v, INSTR[k]):
                problems.append("field 'instructions.%s.%s': must be %s, got %s"
                                % (c, k, describe(INSTR[k]), _shown(v)))
    return problems + _order(get)


def _order(get):
    """The loader's order rules (docs/targets.md, "The file")."""
    out = []
    for lo, hi in ORDER:
        a, b = get(lo), get(hi)
        if _number(a) and _number(b) and a > b:
            out.append("field '%s': must not be below %s (%g), got %g"
                       % (hi, lo, a, b))
    banks, width = get("memory.shared.banks"), get("memory.shared.bank_width_bytes")
    rate = get("memory.shared.bandwidth_bytes_per_clk")
    if _number(banks) and _number(width) and _number(rate) and \
            rate > banks * width:
        out.append("field 'memory.shared.bandwidth_bytes_per_clk': must not "
                   "exceed banks x bank_width_bytes (%g), got %g"
                   % (banks * width, rate))
    bank_rate = get("memory.shared.bank_bytes_per_clk")
    if _number(banks) and _number(width) and _number(rate) and \
            _number(bank_rate) and not rate <= bank_rate <= banks * width:
        out.append("field 'memory.shared.bank_bytes_per_clk': must lie "
                   "between bandwidth_bytes_per_clk (%g) and banks x "
                   "bank_width_bytes (%g), got %g"
                   % (rate, banks * width, bank_rate))
    l1, shared = get("memory.l1.size_bytes"), get("limits.shared_per_sm_bytes")
    if _number(l1) and _number(shared) and l1 < shared:
        out.append("field 'memory.l1.size_bytes': must hold "
                   "limits.shared_per_sm_bytes (%d), got %d" % (shared, l1))
    tps, wps, ws = (get("limits.threads_per_sm"), get("limits.warps_per_sm"),
                    get("sm.warp_size"))
    if all(isinstance(x, int) for x in (tps, wps, ws)) and tps != wps * ws:
        out.append("field 'limits.warps_per_sm': must be threads_per_sm / "
                   "warp_size (%d / %d), got %d" % (tps, ws, wps))
    return out


def check_card(fields):
    """Problems of a card's figures ({dotted path: value}, targetfile's
    read_fields): the card's figures are required, and every field given,
    instruction costs included, is checked."""
    instructions = {name[len('instructions.'):]: v for name, v in fields.items()
                    if name.startswith('instructions.')}
    return _problems(fields.get, CARD_FIELDS, instructions)


def check_tree(tree, stem=None):
    """Problems of a whole target (a targetyaml.plain tree, a card merged
    with its architecture file): every field and instruction class is
    required; STEM, where given, must be its name."""
    def get(path):
        node = tree
        for part in path.split("."):
            if not isinstance(node, dict) or part not in node:
                return None
            node = node[part]
        return node

    instr = tree.get("instructions")
    problems = []
    if not isinstance(instr, dict):
        problems.append("field 'instructions': required field is missing")
        instr = {}
    problems = _problems(get, set(FIELDS) - OPTIONAL, instr) + problems
    if stem is not None and tree.get("name") != stem:
        problems.append("field 'name': must be the file name without .yaml, "
                        "'%s', got '%s'" % (stem, tree.get("name")))
    name = str(tree.get("name", ""))
    if not re.fullmatch(r"[a-z0-9._-]+", name):
        problems.append("field 'name': lowercase letters, digits, '.', '_' "
                        "and '-' only, got '%s'" % name)
    if not re.fullmatch(r"sm_\d+", str(tree.get("arch", ""))):
        problems.append("field 'arch': must be sm_NN, got %r"
                        % tree.get("arch"))
    for c in INSTRUCTION_CLASSES:
        if c not in instr and c not in OPTIONAL_CLASSES:
            problems.append("field 'instructions.%s': required instruction "
                            "class is missing" % c)
    return problems


def check_file(path, targets_dir=None):
    """The problems of a target file, each prefixed with PATH (a card naming
    its architecture's file is checked with it)."""
    try:
        tree = targetflat.flat_tree(path, targets_dir)
    except targetyaml.YamlError as e:
        return ["%s: %s" % (path, e)]
    stem = os.path.splitext(os.path.basename(path))[0]
    return ["%s: %s" % (path, p) for p in check_tree(tree, stem)]

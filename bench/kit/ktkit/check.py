"""Checks a target file against docs/targets.md: every required field, the
instruction classes, the physical ranges ("Physical ranges") and the order
rules the loader enforces. A stand-in for the plugin's loader where no build
is at hand (the kit's tests also run the loader itself where there is one);
returns a list of problems, empty when the file passes."""
import os
import re

from . import flatten, yamlsub

INSTRUCTION_CLASSES = [
    "int.add", "int.mul", "int.mad", "int.div", "fp32.add", "fp32.mul",
    "fp32.fma", "fp32.div", "fp32.sqrt", "fp64.add", "fp64.mul", "fp64.fma",
    "fp64.div", "fp16.fma", "sfu", "convert", "shfl", "vote",
    "atomic.global", "atomic.shared", "barrier", "branch", "special_reg",
    "tensor", "ldst", "int.bit", "fp32.rcp"]

# Required fields (dotted paths) and their kind: 'mhz', 'mem_mhz',
# 'latency', 'gbs', 'bpc' (bytes per clock), 'size', 'count', 'count0'
# (may be 0), 'any' (any sign), 'text', 'list'.
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
    "memory.l1.size_bytes": "size",
    "memory.shared.latency": "latency", "memory.shared.store_latency": "latency",
    "memory.shared.banks": "count", "memory.shared.bank_width_bytes": "count",
    "memory.shared.bandwidth_bytes_per_clk": "bpc",
    "memory.l2.latency": "latency", "memory.l2.far_latency": "latency",
    "memory.l2.bandwidth_gbs": "gbs", "memory.l2.size_bytes": "size",
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
}

# docs/targets.md, "Physical ranges".
RANGES = {
    "mhz": (100, 4000), "mem_mhz": (100, 40000), "latency": (1, 20000),
    "gbs": (1, 100000), "bpc": (1, 4096), "size": (1, 1 << 30),
}
INSTR_RANGES = {"lat": (0.01, 100000), "del": (0.01, 100000),
                "ops_per_clk_per_sm": (0.01, 4096),
                "units_per_pb": (0.01, 1024)}


def _get(tree, path):
    node = tree
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_tree(tree, stem=None):
    problems = []
    for path, kind in FIELDS.items():
        v = _get(tree, path)
        if v is None:
            problems.append("field '%s': required field is missing" % path)
            continue
        if kind in RANGES:
            lo, hi = RANGES[kind]
            if not _number(v) or not lo <= v <= hi:
                problems.append("field '%s': must be between %g and %g, got %r"
                                % (path, lo, hi, v))
        elif kind == "count" and (not isinstance(v, int) or v <= 0):
            problems.append("field '%s': must be a positive integer, got %r"
                            % (path, v))
        elif kind == "count0" and (not isinstance(v, int) or v < 0):
            problems.append("field '%s': must be a non-negative integer, got %r"
                            % (path, v))
        elif kind == "nonneg" and (not _number(v) or v < 0):
            problems.append("field '%s': must be a number >= 0, got %r"
                            % (path, v))
        elif kind == "any" and not _number(v):
            problems.append("field '%s': must be a number, got %r" % (path, v))
        elif kind == "list" and not isinstance(v, list):
            problems.append("field '%s': must be a list, got %r" % (path, v))
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
    instr = tree.get("instructions")
    if not isinstance(instr, dict):
        problems.append("field 'instructions': required field is missing")
        instr = {}
    for c in INSTRUCTION_CLASSES:
        if c not in instr:
            problems.append("field 'instructions.%s': required instruction "
                            "class is missing" % c)
    for c, cost in instr.items():
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
            if k not in INSTR_RANGES:
                problems.append("field 'instructions.%s.%s': unknown field"
                                % (c, k))
                continue
            lo, hi = INSTR_RANGES[k]
            if not _number(v) or not lo <= v <= hi:
                problems.append("field 'instructions.%s.%s': must be between "
                                "%g and %g, got %r" % (c, k, lo, hi, v))
    problems += _order(tree)
    return problems


def _order(tree):
    """The loader's order rules (docs/targets.md, "The file")."""
    g = lambda p: _get(tree, p)
    out = []
    pairs = [("memory.l1.latency", "memory.l2.latency"),
             ("memory.l2.latency", "memory.l2.far_latency"),
             ("memory.l2.latency", "memory.dram.latency"),
             ("memory.dram.latency", "memory.uncoalesced.latency"),
             ("memory.uncoalesced.bandwidth_gbs", "memory.dram.bandwidth_gbs"),
             ("memory.dram.bandwidth_gbs", "memory.dram.peak_bandwidth_gbs")]
    for lo, hi in pairs:
        a, b = g(lo), g(hi)
        if _number(a) and _number(b) and a > b:
            out.append("field '%s': must not be below %s (%g), got %g"
                       % (hi, lo, a, b))
    banks, width = g("memory.shared.banks"), g("memory.shared.bank_width_bytes")
    rate = g("memory.shared.bandwidth_bytes_per_clk")
    if _number(banks) and _number(width) and _number(rate) and \
            rate > banks * width:
        out.append("field 'memory.shared.bandwidth_bytes_per_clk': must not "
                   "exceed banks x bank_width_bytes (%g), got %g"
                   % (banks * width, rate))
    l1, shared = g("memory.l1.size_bytes"), g("limits.shared_per_sm_bytes")
    if _number(l1) and _number(shared) and l1 < shared:
        out.append("field 'memory.l1.size_bytes': must hold "
                   "limits.shared_per_sm_bytes (%d), got %d" % (shared, l1))
    tps, wps, ws = (g("limits.threads_per_sm"), g("limits.warps_per_sm"),
                    g("sm.warp_size"))
    if all(isinstance(x, int) for x in (tps, wps, ws)) and tps != wps * ws:
        out.append("field 'limits.warps_per_sm': must be threads_per_sm / "
                   "warp_size (%d / %d), got %d" % (tps, ws, wps))
    return out


def check_file(path):
    """The problems of a target file (a card naming its architecture's file
    is checked with it)."""
    try:
        text, _ = flatten.flat_text(path)
        tree = yamlsub.plain(yamlsub.load(text))
    except yamlsub.YamlError as e:
        return ["%s: %s" % (path, e)]
    stem = os.path.splitext(os.path.basename(path))[0]
    return ["%s: %s" % (path, p) for p in check_tree(tree, stem)]

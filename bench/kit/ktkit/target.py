"""Writes a target file for the card the kit ran on (docs/measuring.md):
the base target's text with every figure the kit measured replaced, each
with a comment saying how it was measured; every other line, its comment
included, is the base's.

FIGURES below is the one table of what is written where and how it was
obtained: its entries name the target field, the kit program (benchmark)
that measured it, how the figure is reduced from that program's records
(a function of the run), and the method, which becomes the comment. To move
a figure into another file (per-architecture files, say), change the table.
"""
import datetime
import glob
import os
import re
import statistics

from ktime_tools import targetcheck, targetflat, targetyaml

from . import fit


class KitError(Exception):
    pass


class Figure:
    """One field of the target file. KIND: 'measured' (a kit benchmark),
    'devq' (what the card reports), 'derived' (a rule over other figures).
    REDUCE(ctx) returns (value, detail) or None where the run has no data for
    it (the base's figure stays)."""

    def __init__(self, path, kind, bench, method, reduce, fmt):
        self.path, self.kind, self.bench = path, kind, bench
        self.method, self.reduce, self.fmt = method, reduce, fmt


def _median(xs):
    return statistics.median(xs)


def _kb(n):
    return "%g kB" % (n / 1024.0) if n < (1 << 20) else "%g MB" % (n / 1048576.0)


def _chase(ctx, path, lo, hi, warps=1):
    rows = [r for r in ctx.raw.of("memlat", level="global", path=path)
            if r["warps"] == warps and lo <= r["footprint"] <= hi]
    if not rows:
        return None
    fs = [r["footprint"] for r in rows]
    return (_median([r["cycles"] for r in rows]),
            "median of %d footprints %s-%s" % (len(rows), _kb(min(fs)),
                                               _kb(max(fs))))


def _one(ctx, rtype, **match):
    rows = ctx.raw.of(rtype, **match)
    return rows[0] if rows else None


def _full(ctx, level):
    """membw records of LEVEL at the highest occupancy measured."""
    rows = ctx.raw.of("membw", level=level)
    if not rows:
        return []
    top = max(r["occupancy"] for r in rows)
    return [r for r in rows if r["occupancy"] == top]


# --- reductions -------------------------------------------------------------

def r_sm_mhz(ctx):
    r = _one(ctx, "clock", method="fma")
    if r:
        return r["sm_mhz"], "%d blocks of %d threads for %g ms" % (
            r["blocks"], r["threads"], r["ms"])
    return None


def r_mem_mhz(ctx):
    return ctx.dev["mem_mhz"], "cudaDevAttrMemoryClockRate"


def r_sm_count(ctx):
    return ctx.dev["sms"], "cudaDevAttrMultiProcessorCount"


def r_l2_size(ctx):
    return ctx.dev["l2_bytes"], "cudaDevAttrL2CacheSize"


def r_peak(ctx):
    d = ctx.dev
    v = d["mem_mhz"] * 2 * d["bus_bits"] / 8 / 1000.0
    return v, "%g MHz x 2 transfers x %d-bit bus / 8" % (d["mem_mhz"],
                                                         d["bus_bits"])


def r_l1_lat(ctx):
    return _chase(ctx, "ca", 0, 16 << 10)


def r_l2_lat(ctx):
    return _chase(ctx, "cg", 64 << 10, ctx.dev["l2_bytes"] // 4)


def r_l2_far(ctx):
    near = ctx.values.get(("memory", "l2", "latency"))
    base = ctx.base["memory"]["l2"]
    if near is None:
        return None
    if base["far_latency"] == base["latency"]:
        return near, "one L2 partition (the base gives the near latency): " \
            "the near latency"
    l2 = ctx.dev["l2_bytes"]
    far = _chase(ctx, "cg", l2 // 2 + 1, int(l2 * 0.8))
    if far is None:
        return None
    return max(near, far[0]), far[1] + " (between half and 0.8 of the L2)"


def r_dram_lat(ctx):
    c = _chase(ctx, "cg", 4 * ctx.dev["l2_bytes"], 1 << 62)
    if c is None:
        return None
    mhz = ctx.raw.program_clock("memlat") or ctx.mhz
    ns = c[0] / mhz * 1000.0
    return ns * ctx.mhz / 1000.0, "%s at least 4 x L2: %.1f cycles at %.0f " \
        "MHz = %.1f ns, x %.0f MHz" % (c[1], c[0], mhz, ns, ctx.mhz)


def r_shared_lat(ctx):
    r = _one(ctx, "memlat", level="shared")
    return (r["cycles"], "%s words" % (r["footprint"] // 4)) if r else None


def r_const_lat(ctx):
    r = _one(ctx, "memlat", level="constant")
    return (r["cycles"], "%s" % _kb(r["footprint"])) if r else None


def r_local_lat(ctx):
    r = _one(ctx, "memlat", level="local")
    return (r["cycles"], "%s per thread" % _kb(r["footprint"])) if r else None


def r_dram_bw(ctx):
    rows = [r for r in _full(ctx, "dram")]
    if not rows:
        return None
    best = max(rows, key=lambda r: r["gbs"])
    return best["gbs"], "%s, the best of %s at occupancy %g" % (
        best["kernel"], "/".join(r["kernel"] for r in rows),
        best["occupancy"])


def r_l2_bw(ctx):
    rows = _full(ctx, "l2")
    if not rows:
        return None
    return _median([r["gbs"] for r in rows]), "median of %s" % ", ".join(
        r["kernel"] for r in rows)


def r_l1_bpc(ctx):
    rows = _full(ctx, "l1")
    if not rows:
        return None
    return _median([r["bytes_per_clk_sm"] for r in rows]), "occupancy %g" % (
        rows[0]["occupancy"])


def r_shared_bpc(ctx):
    # The conflict-free kernels (read4x2 is the banks' measurement).
    rows = [r for r in _full(ctx, "shared") if r["kernel"] != "read4x2"]
    if not rows:
        return None
    best = max(rows, key=lambda r: r["bytes_per_clk_sm"])
    sh = ctx.base["memory"]["shared"]
    cap = sh["banks"] * sh["bank_width_bytes"]
    v, detail = best["bytes_per_clk_sm"], "%s at occupancy %g" % (
        best["kernel"], best["occupancy"])
    if v > cap:
        v, detail = cap, detail + " (%.1f, above banks x width: %d)" % (
            best["bytes_per_clk_sm"], cap)
    return v, detail


def r_shared_bank_bpc(ctx):
    """memory.shared.bank_bytes_per_clk, as the model prices a 2-way
    conflicted warp of 4-byte loads: the longer of its two wavefronts at
    the banks' rate and its bytes at the shared rate P, i.e. max(2 P / B,
    1) times the conflict-free warp's time. The measured ratio r of the
    conflicted loads' time to the conflict-free ones' (read4 / read4x2 in
    bytes a clock) gives B = 2 P / r where r > 1; where r <= 1 the banks
    do not bind, B >= 2 P. Kept between P and banks x width (the loader's
    range)."""
    rows = _full(ctx, "shared")
    two = [r["bytes_per_clk_sm"] for r in rows if r["kernel"] == "read4x2"]
    one = [r["bytes_per_clk_sm"] for r in rows if r["kernel"] == "read4"]
    path = ctx.values.get(("memory", "shared", "bandwidth_bytes_per_clk"))
    if not two or not one or path is None:
        return None
    sh = ctx.base["memory"]["shared"]
    cap = sh["banks"] * sh["bank_width_bytes"]
    ratio = max(one) / max(two)
    v = min(cap, max(path, 2 * path / ratio))
    return v, ("read4 %.1f and read4x2 %.1f B/clk at occupancy %g: 2 x %g "
               "/ %.3f within [%g, %d]" % (max(one), max(two),
                                           rows[0]["occupancy"], path, ratio,
                                           path, cap))


def r_uncoal_lat(ctx):
    dram = ctx.values.get(("memory", "dram", "latency"))
    rows = _full(ctx, "l2")
    if dram is None or not rows:
        return None
    rate = _median([r["bytes_per_clk_sm"] for r in rows])
    return dram + 31 * 32 / rate, "dram.latency + 31 x 32 B / %.2f B/clk " \
        "(the measured L2 rate per SM)" % rate


def r_uncoal_bw(ctx):
    dram = ctx.values.get(("memory", "dram", "bandwidth_gbs"))
    if dram is None:
        return None
    return dram * 4 / 32, "dram.bandwidth_gbs x 4 / 32"


def r_instr(cls):
    def reduce(ctx):
        lat = _one(ctx, "instr", mode="latency", **{"class": cls})
        tp = _one(ctx, "instr", mode="throughput", **{"class": cls})
        if lat is None:
            return None
        out, detail = {}, []
        if cls == "vote":
            add = _one(ctx, "instr", mode="latency", **{"class": "int.add"})
            if add is None:
                return None
            out["lat"] = lat["step_cycles"] - add["lat_cycles"]
            detail.append("a step (compare + ballot) %.2f cycles less the "
                          "int.add latency %.2f" % (lat["step_cycles"],
                                                    add["lat_cycles"]))
        else:
            out["lat"] = lat["lat_cycles"]
            if lat["ops_per_step"] > 1:
                detail.append("%d instructions of the class a step"
                              % lat["ops_per_step"])
        if cls == "int.div":
            # int.div's issue is the sequence's integer ALU part (its
            # multiplies, conversions and reciprocal are priced as their own
            # classes: docs/costs.md, "Integer division"), at int.add's rate.
            add = _one(ctx, "instr", mode="throughput",
                       **{"class": "int.add"})
            if add is not None:
                out["ops_per_clk_per_sm"] = add["ops_per_clk_sm"] / \
                    DIV_ALU_INSTRUCTIONS
                detail.append(
                    "ops_per_clk_per_sm: the sequence's %d integer ALU "
                    "instructions at the measured int.add rate, %.1f / %d"
                    % (DIV_ALU_INSTRUCTIONS, add["ops_per_clk_sm"],
                       DIV_ALU_INSTRUCTIONS))
                if tp is not None:
                    detail.append("the whole div.u32 measured at %g a clock "
                                  "per SM" % tp["ops_per_clk_sm"])
            return out, "; ".join(detail)
        if tp is not None:
            out["ops_per_clk_per_sm"] = tp["ops_per_clk_sm"]
            detail.append(TP_METHOD + ", %d blocks of %d threads, %d chains "
                          "each" % (tp["grid"], tp["block"], tp["ilp"]))
        return out, "; ".join(detail)
    return reduce


# The integer ALU instructions of ptxas's 32-bit division sequence, in the
# mean of div/rem.s32/.u32 (utils/division-sequence.py; lib/Cost/Division.cpp
# prices the rest of the sequence).
DIV_ALU_INSTRUCTIONS = 10


def r_atomic(space):
    def reduce(ctx):
        lat = _one(ctx, "atomlat", space=space)
        tp = _one(ctx, "atomtp", space=space, pattern="distinct",
                  operand="lane")
        if lat is None:
            return None
        out = {"lat": lat["cycles"]}
        if tp is None:
            return out, ""
        out["ops_per_clk_per_sm"] = tp["ops_per_clk_sm"]
        return out, "ops_per_clk_per_sm: every thread atomicAdd()s its own " \
            "word (lane-dependent operand), one wave, over the blocks' " \
            "clock64() spans"
    return reduce


def r_launch(ctx):
    pts = [(r["grid"], r["block"], r["device_us"])
           for r in ctx.raw.of("launch")]
    if not pts:
        return None
    try:
        f = fit.launch_fit(pts, ctx.mhz)
    except ValueError as e:
        raise KitError("launch fit: %s" % e)
    return f, "%d configurations, largest relative error %.0f %%" % (
        len(pts), 100 * f["max_rel_error"])


def r_turnaround(ctx):
    """launch.block_turnaround_cycles: per block size, the slot time (device
    time over the blocks a slot runs, in cycles at the record's clock) less
    the block's own clock64() span; the median over the block sizes."""
    rows = ctx.raw.of("turnaround")
    if not rows:
        return None
    waits = []
    for r in sorted(rows, key=lambda r: r["block"]):
        refills = -(-r["grid"] // (r["sms"] * r["slots_per_sm"]))
        waits.append((r["block"], r["device_us"] * r["sm_mhz"] / refills
                      - r["span_cycles"]))
    value = _median([w for _, w in waits])
    if value < 0:
        raise KitError("block turnaround: %.1f cycles: the blocks' own spans "
                       "are longer than their slot times" % value)
    return value, "; ".join("%d threads %.1f" % bw for bw in waits)


TP_METHOD = "ops_per_clk_per_sm: independent chains at full occupancy " \
    "over the blocks' clock64() spans"
LAT_METHOD = "pointer chase, one thread, random cyclic order over 128-byte " \
    "lines, clock64() per hop"
MEASURED_CLASSES = ["int.add", "int.mul", "int.mad", "int.div", "int.bit",
                    "fp32.add", "fp32.mul", "fp32.fma", "fp32.div",
                    "fp32.sqrt", "fp32.rcp", "fp64.add", "fp64.mul",
                    "fp64.fma", "fp64.div", "fp16.fma", "sfu", "convert",
                    "shfl", "vote"]

F, I = "%.1f", "%d"
FIGURES = [
    Figure(("clocks", "sm_mhz"), "measured", "clock",
           "the SM clock under a one-wave fp32 FMA load, clock64() cycles "
           "over CUDA event time", r_sm_mhz, "%.0f"),
    Figure(("clocks", "memory_mhz"), "devq", "query",
           "the memory clock the card reports", r_mem_mhz, "%.0f"),
    Figure(("sm", "count"), "devq", "query", "multiprocessors the card "
           "reports", r_sm_count, I),
    Figure(("memory", "l1", "latency"), "measured", "memlat",
           LAT_METHOD + ", ld.global.ca, footprints up to 16 kB", r_l1_lat, F),
    Figure(("memory", "l1", "bandwidth_bytes_per_clk"), "measured", "membw",
           "every block reads the same 16 kB with 16-byte ld.global.ca "
           "loads, one wave; bytes over the blocks' clock64() spans and SMs",
           r_l1_bpc, F),
    Figure(("memory", "shared", "latency"), "measured", "memlat",
           "pointer chase in shared memory, one thread, clock64() per hop",
           r_shared_lat, F),
    Figure(("memory", "shared", "bandwidth_bytes_per_clk"), "measured",
           "membw", "conflict-free 4- and 16-byte shared loads, one wave; "
           "the faster, bytes over the blocks' clock64() spans and SMs",
           r_shared_bpc, F),
    Figure(("memory", "shared", "bank_bytes_per_clk"), "measured", "membw",
           "4-byte shared loads whose half-warps meet 2-way in banks 0-15, "
           "one wave; twice their bytes a clock, the banks' rate where they "
           "bind", r_shared_bank_bpc, F),
    Figure(("memory", "l2", "latency"), "measured", "memlat",
           LAT_METHOD + ", ld.global.cg (L2 only), footprints 64 kB to a "
           "quarter of the L2", r_l2_lat, F),
    Figure(("memory", "l2", "far_latency"), "measured", "memlat",
           LAT_METHOD + ", ld.global.cg", r_l2_far, F),
    Figure(("memory", "l2", "bandwidth_gbs"), "measured", "membw",
           "16-byte ld.global.cg reads of footprints of L2/8 to L2/2, "
           "repeated, one wave at full occupancy, CUDA events", r_l2_bw,
           "%.0f"),
    Figure(("memory", "l2", "size_bytes"), "devq", "query",
           "the L2 size the card reports", r_l2_size, I),
    Figure(("memory", "dram", "latency"), "measured", "memlat",
           LAT_METHOD + ", ld.global.cg, converted through nanoseconds to "
           "clocks.sm_mhz", r_dram_lat, F),
    Figure(("memory", "dram", "bandwidth_gbs"), "measured", "membw",
           "stream kernels (read, copy, triad; 16-byte accesses) over arrays "
           "of 8 x L2 or more, one wave, events around 10 launches",
           r_dram_bw, "%.0f"),
    Figure(("memory", "dram", "peak_bandwidth_gbs"), "devq", "query",
           "memory clock and bus width the card reports", r_peak, "%.0f"),
    Figure(("memory", "uncoalesced", "latency"), "derived", "",
           "the rule of docs/targets.md over the measured figures",
           r_uncoal_lat, F),
    Figure(("memory", "uncoalesced", "bandwidth_gbs"), "derived", "",
           "the rule of docs/targets.md over the measured figures",
           r_uncoal_bw, "%.2f"),
    Figure(("memory", "constant", "latency"), "measured", "memlat",
           "pointer chase through a __constant__ array (indexed constant "
           "loads), one thread", r_const_lat, F),
    Figure(("memory", "local", "latency"), "measured", "memlat",
           "pointer chase through a thread's local array (local memory, "
           "L1 hits), one thread", r_local_lat, F),
] + [
    Figure(("instructions", c), "measured", "instr",
           "lat: a dependent chain of the PTX instruction in one warp, "
           "clock64()", r_instr(c), None)
    for c in MEASURED_CLASSES
] + [
    Figure(("instructions", "atomic.global"), "measured", "atomics",
           "lat: a chain of atomicAdd(&a[p], 0) returning the next index "
           "(L2-resident), one thread", r_atomic("global"), None),
    Figure(("instructions", "atomic.shared"), "measured", "atomics",
           "lat: a chain of shared atomicAdd(&s[p], 0), one thread",
           r_atomic("shared"), None),
    Figure(("launch",), "measured", "launch",
           "an empty kernel's device time (one event pair per launch, the "
           "queue kept full) over grids and block sizes; per block size a "
           "line weighted by 1/t^2, the intercept their mean, slope(b) a "
           "quadratic; microseconds x clocks.sm_mhz", r_launch, None),
    Figure(("launch", "block_turnaround_cycles"), "measured", "launch",
           "one 8-byte store a thread at exactly two blocks per SM, 2^24 "
           "doubles: device time over the blocks a slot runs, less the "
           "block's own clock64() span, the median over 32, 64 and 128 "
           "threads a block", r_turnaround, F),
]

LAUNCH_FORMATS = {"intercept_cycles": "%.1f", "slope_b2": "%.5e",
                  "slope_b1": "%.5e", "slope_b0": "%.5e",
                  "fit_grid_min": I, "fit_grid_max": I,
                  "fit_warps_min": I, "fit_warps_max": I}


class Ctx:
    def __init__(self, raw, base):
        self.raw, self.base, self.dev = raw, base, raw.device
        self.values = {}
        self.mhz = None


def _num(fmt, v):
    s = fmt % v
    return s


def _flow(cost):
    parts = []
    for k in ("lat", "del", "ops_per_clk_per_sm", "units_per_pb"):
        if k in cost:
            v = cost[k]
            parts.append("%s: %s" % (k, v if isinstance(v, str)
                                     else ("%.3g" % v if v < 10 else
                                           "%.1f" % v)))
    return "{" + ", ".join(parts) + "}"


_LINE = re.compile(r"^(\s*)([A-Za-z0-9_.\-]+):(\s*)(.*?)(\s*)(#.*)?$")


def _split_value_comment(rest):
    m = re.search(r"(^|\s)#", rest)
    if not m:
        return rest.rstrip(), ""
    return rest[:m.start()].rstrip(), rest[m.start():].strip()[1:].strip()


def _replace(lines, lineno, value_text, comment):
    raw = lines[lineno - 1]
    m = re.match(r"^(\s*)([A-Za-z0-9_.\-]+):(\s*)(.*)$", raw)
    indent, key, gap, rest = m.groups()
    text = "%s%s:%s%s" % (indent, key, gap or " ", value_text)
    if not comment:
        lines[lineno - 1] = text
        return
    # The comment at the base's comment column where the new value fits.
    found = re.search(r"(^|\s)#", rest)
    column = (len(raw) - len(rest) + found.start() + 1 if found
              else len(text) + 2)
    lines[lineno - 1] = text + " " * max(2, column - len(text)) + "# " + \
        comment


def _node(tree, path):
    node = (tree, 0)
    for p in path:
        if not isinstance(node[0], dict) or p not in node[0]:
            raise KitError("the base target has no field '%s'" % ".".join(path))
        node = node[0][p]
    return node


def slug(name):
    s = re.sub(r"[^a-z0-9.]+", "-", name.lower()).strip("-")
    return s or "gpu"


def write(raw, base_path, name, date=None):
    """The text of the measured target NAME from RAW (a raw.Raw) and the
    base target file; raises KitError where the run cannot give a valid
    file."""
    # A shipped card names its architecture's file: the written file holds
    # both, so that it stands alone.
    base_text, arch_path = targetflat.flat_text(base_path)
    tree = targetyaml.load(base_text)
    base = targetyaml.plain(tree)
    dev = raw.device
    if base.get("arch") != dev["arch"]:
        raise KitError("the base target %s is for %s, the card is %s: pass a "
                       "base of the card's architecture (--base)"
                       % (base_path, base.get("arch"), dev["arch"]))
    if not re.fullmatch(r"[a-z0-9._-]+", name):
        raise KitError("target name '%s': lowercase letters, digits, '.', "
                       "'_' and '-' only" % name)
    date = date or datetime.date.today().isoformat()
    ctx = Ctx(raw, base)
    sm = r_sm_mhz(ctx)
    ctx.mhz = sm[0] if sm else base["clocks"]["sm_mhz"]
    gpu = dev["name"]
    lines = base_text.splitlines()
    measured, kept, inserts = [], [], []
    for fig in FIGURES:
        got = fig.reduce(ctx)
        if got is None:
            kept.append(".".join(fig.path))
            continue
        value, detail = got
        ctx.values[fig.path] = value
        where = {"measured": "measured: bench/kit %s on %s %s at %.0f MHz"
                             % (fig.bench, gpu, date, ctx.mhz),
                 "devq": "devq: bench/kit query on %s %s" % (gpu, date),
                 "derived": "derived: bench/kit on %s %s" % (gpu, date)}[
                     fig.kind]
        comment = "%s: %s%s" % (where, fig.method,
                                "; " + detail if detail else "")
        measured.append(".".join(fig.path))
        if fig.path == ("launch",):
            section = _node(tree, ("launch",))[0]
            for i, (k, fmt) in enumerate(LAUNCH_FORMATS.items()):
                _replace(lines, section[k][1], _num(fmt, value[k]),
                         comment if i == 0 else "measured: as intercept_cycles")
            continue
        if ".".join(fig.path) in targetcheck.OPTIONAL and \
                fig.path[-1] not in _node(tree, fig.path[:-1])[0]:
            # An optional field the base may not give: a line of its own
            # after its section's key, inserted after every replacement
            # (which the base's line numbers address).
            inserts.append((_node(tree, fig.path[:-1])[1], "%s%s: %s  # %s" % (
                "  " * (len(fig.path) - 1), fig.path[-1],
                _num(fig.fmt, value), comment)))
            continue
        old, lineno = _node(tree, fig.path)
        if fig.path[0] == "instructions":
            cost = dict(value)
            kept_delay = [k for k in ("del", "ops_per_clk_per_sm",
                                      "units_per_pb") if k in old]
            if "ops_per_clk_per_sm" not in cost:
                for k in kept_delay:
                    cost[k] = str(old[k])
                _, old_comment = _split_value_comment(
                    lines[lineno - 1].split(":", 1)[1])
                comment += "; the delay kept from %s: %s" % (
                    os.path.basename(base_path), old_comment)
            _replace(lines, lineno, _flow(cost), comment)
        else:
            _replace(lines, lineno, _num(fig.fmt, value), comment)

    desc = re.sub(r"[:#]", " ", "%s, measured with bench/kit %s (base %s)"
                  % (gpu, date, base["name"]))
    for key, text, comment in (
            ("name", name, ""),
            ("aliases", "[]", ""),
            ("default_for", "[]", "a measured file claims no sm_XX default"),
            ("description", desc, "")):
        _replace(lines, tree[key][1], text, comment)
    for at, line in sorted(inserts, reverse=True):
        lines.insert(at, line)
    header = [
        "# KernelTime GPU target: %s, measured with bench/kit on %s "
        "(docs/measuring.md)." % (gpu, date),
        "# The figures whose comment says 'measured:' (or 'devq:', what the "
        "card reports,",
        "# or 'derived:' from those) come from this run, their cycles at "
        "clocks.sm_mhz;",
        "# every other line is the base target %s with its source."
        % (os.path.basename(base_path) + (
            " (and its architecture's arch/%s)" % os.path.basename(arch_path)
            if arch_path else "")),
        "# Kept from the base: %s." % (", ".join(kept) if kept else "none of "
                                        "the measurable figures"),
        "#",
    ]
    text = "\n".join(header + lines) + "\n"
    problems = targetcheck.check_tree(targetyaml.plain(targetyaml.load(text)), name)
    if problems:
        raise KitError("the written target does not pass the checks of "
                       "docs/targets.md:\n  " + "\n  ".join(problems))
    return text


def nearest_base(targets_dir, device):
    """The shipped target of the card's architecture with the closest SM
    count (ties: the closer name), or None."""
    best = None
    for path in sorted(glob.glob(os.path.join(targets_dir, "*.yaml"))):
        t = targetflat.flat_tree(path)
        if t.get("arch") != device["arch"]:
            continue
        words = set(slug(device["name"]).split("-"))
        score = (abs(t["sm"]["count"] - device["sms"]),
                 -len(words & set(t["name"].split("-"))), path)
        if best is None or score < best[0]:
            best = (score, path)
    return best[1] if best else None

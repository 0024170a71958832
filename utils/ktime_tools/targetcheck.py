"""The checks of docs/targets.md that a card file's own figures must pass
("Physical ranges" and the order of the memory levels), in Python, for
`ktime target derive`: it checks its inputs and the figures it derives
with these before it writes a file, and where no plugin is found to load
the file, they are the check. The loader (include/KernelTime/Target.h,
`physical::`) is the authority; these are its bounds."""

# docs/targets.md, "Physical ranges": (low, high, unit).
SM_MHZ = (100, 4000, 'MHz')
MEMORY_MHZ = (100, 40000, 'MHz')
LATENCY = (1, 20000, 'cycles')
BANDWIDTH = (1, 100000, 'GB/s')
SIZE = (1, 1 << 30, 'bytes')
INSTR = {'lat': (0.01, 100000, 'cycles'), 'del': (0.01, 100000, 'cycles'),
         'ops_per_clk_per_sm': (0.01, 4096, 'per clock'),
         'units_per_pb': (0.01, 1024, 'units')}

CARD_RANGES = {
    'clocks.sm_mhz': SM_MHZ,
    'clocks.memory_mhz': MEMORY_MHZ,
    'memory.l1.latency': LATENCY,
    'memory.l2.latency': LATENCY,
    'memory.l2.far_latency': LATENCY,
    'memory.l2.bandwidth_gbs': BANDWIDTH,
    'memory.l2.size_bytes': SIZE,
    'memory.dram.latency': LATENCY,
    'memory.dram.bandwidth_gbs': BANDWIDTH,
    'memory.dram.peak_bandwidth_gbs': BANDWIDTH,
    'memory.uncoalesced.latency': LATENCY,
    'memory.uncoalesced.bandwidth_gbs': BANDWIDTH,
    'memory.constant.latency': LATENCY,
    'memory.local.latency': LATENCY,
}

# The loader's order rules between levels: (lower, higher).
ORDER = [
    ('memory.l1.latency', 'memory.l2.latency'),
    ('memory.l2.latency', 'memory.l2.far_latency'),
    ('memory.l2.latency', 'memory.dram.latency'),
    ('memory.dram.latency', 'memory.uncoalesced.latency'),
    ('memory.uncoalesced.bandwidth_gbs', 'memory.dram.bandwidth_gbs'),
    ('memory.dram.bandwidth_gbs', 'memory.dram.peak_bandwidth_gbs'),
]


def in_range(value, bounds):
    return bounds[0] <= value <= bounds[1]


def describe(bounds):
    low, high, unit = bounds
    return 'between %g and %g %s' % (low, high, unit)


def check_card(fields):
    """Problems of a card's figures ({dotted path: value}), as messages
    naming the field; empty when they pass."""
    problems = []
    for path, bounds in CARD_RANGES.items():
        value = fields.get(path)
        if value is None:
            problems.append("field '%s': required field is missing" % path)
        elif not in_range(value, bounds):
            problems.append("field '%s': must be %s, got %g"
                            % (path, describe(bounds), value))
    count = fields.get('sm.count')
    if not isinstance(count, int) or count < 1:
        problems.append("field 'sm.count': must be a positive integer, got %s" % count)
    for name, value in fields.items():
        if not name.startswith('instructions.') or not isinstance(value, dict):
            continue
        for key, number in value.items():
            bounds = INSTR.get(key)
            if bounds and not in_range(number, bounds):
                problems.append("field '%s.%s': must be %s, got %g"
                                % (name, key, describe(bounds), number))
    if fields.get('launch.intercept_cycles', 0) < 0:
        problems.append("field 'launch.intercept_cycles': must not be negative")
    for low, high in ORDER:
        if low in fields and high in fields and fields[high] < fields[low]:
            problems.append("field '%s': must not be below %s (%g), got %g"
                            % (high, low, fields[low], fields[high]))
    return problems

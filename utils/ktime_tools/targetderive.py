"""The figures of a card's target file from a base card of the same
architecture and the card's spec sheet, by the rules docs/targets.md uses
between sibling cards ("Derived figures, step by step" and "The sm_52 to
sm_89 cards: what was derived and how"), and the file's text: every
spec-sheet figure marked `ds:`, every other one `derived:` with its rule
and the base card's numbers. `ktime target derive` (targetcmd.py) reads the
base and checks the result."""

import json
import re


class Spec:
    """The card's spec-sheet figures, as given on the command line."""

    def __init__(self, name, sms, boost_mhz, l2_bytes, sustained_mhz=None,
                 bus_bits=None, data_rate_gbps=None, bandwidth_gbs=None,
                 description=None, aliases=(), source=None):
        self.name, self.sms, self.boost_mhz = name, sms, boost_mhz
        self.sustained_mhz, self.l2_bytes = sustained_mhz, l2_bytes
        self.bus_bits, self.data_rate_gbps = bus_bits, data_rate_gbps
        self.bandwidth_gbs = bandwidth_gbs
        self.description, self.aliases, self.source = description, list(aliases), source

    @property
    def clock_mhz(self):
        """The clock the target assumes: the sustained one when given."""
        return self.sustained_mhz or self.boost_mhz

    @property
    def peak_gbs(self):
        if self.bandwidth_gbs is not None:
            return self.bandwidth_gbs
        return self.bus_bits * self.data_rate_gbps / 8


def num(x, digits=1):
    """X rounded to DIGITS decimals, without trailing zeros."""
    text = '%.*f' % (digits, round(x, digits))
    return text.rstrip('0').rstrip('.') if '.' in text else text


def sci(x):
    """A launch coefficient as the shipped files write them."""
    return '%.4e' % x if abs(x) < 0.1 else '%.6g' % x


def _mb(size):
    mib = size / (1 << 20)
    return '%s MB' % num(mib, 2) if mib >= 1 else '%s KB' % num(size / 1024, 1)


def base_bus_bits(base):
    """The base's memory bus width from its peak and memory clock (peak =
    bus x 2 x f / 8), rounded to a multiple of 32 bits."""
    bits = base['memory.dram.peak_bandwidth_gbs'] * 8 / (2 * base['clocks.memory_mhz'] / 1000)
    return max(32, int(round(bits / 32)) * 32)


class Derivation:
    """The new card's figures ({dotted path: number}) and their comments."""

    def __init__(self, base, base_name, spec):
        self.base, self.b, self.spec = base, base_name, spec
        self.values, self.comments = {}, {}
        self._derive()

    def _set(self, path, value, comment):
        self.values[path] = value
        self.comments[path] = comment

    def _given(self):
        src = self.spec.source
        return 'given to ktime target derive' + (' (%s)' % src if src else '')

    def _derive(self):
        base, b, s = self.base, self.b, self.spec
        clock_b, clock = base['clocks.sm_mhz'], s.clock_mhz
        arch = base['architecture']
        # Identity and spec-sheet figures.
        if s.sustained_mhz:
            self._set('clocks.sm_mhz', clock,
                      'ds: sustained clock %s MHz, %s; used, not the boost clock %s MHz: '
                      'clocks.sm_mhz is the clock the card holds under load'
                      % (num(clock), self._given(), num(s.boost_mhz)))
        else:
            self._set('clocks.sm_mhz', clock,
                      'ds: boost clock %s MHz, %s; no sustained clock given, and NVIDIA '
                      'gives the boost clock as the typical clock under load'
                      % (num(clock), self._given()))
        peak = s.peak_gbs
        if s.bandwidth_gbs is None:
            self._set('memory.dram.peak_bandwidth_gbs', peak,
                      'ds: %s Gbps x %d-bit / 8 = %s GB/s, %s'
                      % (num(s.data_rate_gbps, 3), s.bus_bits, num(peak, 2), self._given()))
            mhz = s.data_rate_gbps * 1000 / 2
        else:
            self._set('memory.dram.peak_bandwidth_gbs', peak,
                      'ds: %s GB/s peak, %s' % (num(peak, 2), self._given()))
            mhz = None
        bus = s.bus_bits or base_bus_bits(base)
        f = peak * 8 / (2 * bus) * 1000
        if s.bus_bits:
            why = '%d-bit bus' % bus
        else:
            why = ("%d-bit bus (%s's: %s GB/s at %s MHz; no --bus-bits given)"
                   % (bus, b, num(base['memory.dram.peak_bandwidth_gbs'], 2),
                      num(base['clocks.memory_mhz'])))
        self._set('clocks.memory_mhz', round(mhz if mhz is not None else f, 1),
                  'derived: %s GB/s peak = %s x 2 x f / 8 -> f = %s MHz (the clock '
                  'nvidia-smi reports, half the per-pin data rate)'
                  % (num(peak, 2), why, num(f, 1)))
        self._set('sm.count', s.sms, 'ds: %d SMs, %s' % (s.sms, self._given()))
        self._set('memory.l2.size_bytes', s.l2_bytes,
                  'ds: %s L2, %s' % (_mb(s.l2_bytes), self._given()))
        # On-chip latencies: kept in cycles (the same SM and L2 design).
        kept = ('derived: %s\'s %s cycles, kept in cycles: the same %s %s counts cycles')
        for path, what in (('memory.l1.latency', 'SM'), ('memory.l2.latency', 'L2'),
                           ('memory.l2.far_latency', 'L2'),
                           ('memory.constant.latency', 'SM'),
                           ('memory.local.latency', 'SM')):
            self._set(path, base[path], kept % (b, num(base[path]), arch, what))
        # L2 bandwidth: the base's bytes per clock per SM x SMs x clock.
        rate = round(base['memory.l2.bandwidth_gbs']
                     / (base['sm.count'] * clock_b / 1000), 2)
        l2 = round(rate * s.sms * clock / 1000)
        self._set('memory.l2.bandwidth_gbs', l2,
                  "derived: %s's %s GB/s = %s B/clk/SM at %d SMs x %s GHz, x %d SMs x "
                  '%s GHz = %d (the same L2 moves the same bytes per clock per SM)'
                  % (b, num(base['memory.l2.bandwidth_gbs']), num(rate, 2),
                     base['sm.count'], num(clock_b / 1000, 4), s.sms,
                     num(clock / 1000, 4), l2))
        # DRAM latency: a time; through nanoseconds at the new clock.
        ns = round(base['memory.dram.latency'] / clock_b * 1000, 1)
        dram = round(ns * clock / 1000, 1)
        self._set('memory.dram.latency', dram,
                  "derived: %s's %s cycles at %s MHz = %s ns (DRAM latency is a time), "
                  'x %s MHz = %s cycles' % (b, num(base['memory.dram.latency']),
                                            num(clock_b), num(ns), num(clock), num(dram)))
        # Sustained DRAM bandwidth: the base's share of its peak.
        share = round(base['memory.dram.bandwidth_gbs']
                      / base['memory.dram.peak_bandwidth_gbs'], 3)
        sustained = round(peak * share)
        self._set('memory.dram.bandwidth_gbs', sustained,
                  "derived: peak x %s, %s's sustained share of its peak (%s of %s GB/s) "
                  '= %d' % (num(share, 3), b, num(base['memory.dram.bandwidth_gbs']),
                            num(base['memory.dram.peak_bandwidth_gbs'], 2), sustained))
        # Uncoalesced figures (docs/targets.md, "Uncoalesced latency/bandwidth").
        per = round(32 / rate, 2)
        self._set('memory.uncoalesced.latency', round(dram + 31 * per, 1),
                  'derived: dram.latency + 31 x %s cycles: a scattered warp load sends '
                  '32 sector requests, 32 B each, at the SM\'s L2 rate %s B/clk (l2 above)'
                  % (num(per, 2), num(rate, 2)))
        self._set('memory.uncoalesced.bandwidth_gbs', sustained * 4 / 32,
                  'derived: dram.bandwidth_gbs x 4 / 32: each 4-byte word a thread asks '
                  'for moves a whole 32-byte sector')
        # Global atomics execute at the L2, whose latency is kept.
        atomic = dict(base['instructions.atomic.global'])
        self._set('instructions.atomic.global', atomic,
                  "derived: %s's, kept: global atomics execute at the L2 and their latency "
                  "follows the L2 latency (the A100's 245 x the card's L2 latency / the "
                  "A100's 205.6), which is kept in cycles" % b)
        # The launch fit: kept in time, so its cycles scale with the clock.
        ratio = clock / clock_b
        intercept = base['launch.intercept_cycles']
        self._set('launch.intercept_cycles', round(intercept * ratio, 1),
                  "derived: %s's %s cycles at %s MHz = %s us, kept in time: x %s MHz"
                  % (b, num(intercept), num(clock_b), num(intercept / clock_b, 3),
                     num(clock)))
        for key in ('slope_b2', 'slope_b1', 'slope_b0'):
            v = base['launch.' + key]
            self._set('launch.' + key, float(sci(v * ratio)),
                      "derived: %s's %s x %s / %s (the same time per block)"
                      % (b, sci(v), num(clock), num(clock_b)))
        for key in ('fit_grid_min', 'fit_grid_max', 'fit_warps_min', 'fit_warps_max'):
            self._set('launch.' + key, base['launch.' + key],
                      "derived: %s's, the range the fit was measured on" % b)


def _yaml_text(text):
    """TEXT as a YAML scalar: plain where it can be, else double-quoted."""
    if re.search(r': |\s#|^[\s\-?:,\[\]{}#&*!|>\'"%@`]|\s$|["\\]', text) or not text:
        return json.dumps(text, ensure_ascii=False)
    return text


def _cc(arch):
    digits = arch[len('sm_'):]
    return '%s.%s' % (digits[:-1], digits[-1])


def file_text(d, base_label):
    """The card file of derivation D; BASE_LABEL says where the base is."""
    s, arch, v = d.spec, d.base['architecture'], d.values
    desc = s.description or ('%s (derived from %s, %d SMs, %s GB/s peak)'
                             % (s.name, d.b, s.sms, num(s.peak_gbs, 2)))
    out = [
        '# KernelTime GPU target: %s (compute capability %s).' % (desc, _cc(arch)),
        '# Written by `ktime target derive` from the card\'s spec-sheet figures and',
        '# the target of %s, a card of the same architecture (docs/targets.md,' % d.b,
        '# "A target for a card not listed"). Every number below carries its',
        '# source: "ds:" a spec-sheet figure given to the command, "derived:" a',
        '# figure computed from the base card\'s by the rule it states; the base\'s',
        '# figures have their sources in its own file. Latencies are SM cycles at',
        '# clocks.sm_mhz. The derived figures are no better than the base\'s: where',
        '# the card is at hand, measure it (bench/kit, docs/measuring.md).',
        '#',
        '# Sources (short names used in the comments):',
        '#   ds     the card\'s spec sheet, as given to ktime target derive',
        '#   base   %s: %s' % (d.b, base_label),
        'schema: 2',
        'name: %s' % s.name,
        'aliases: [%s]' % ', '.join(s.aliases),
        '# The figures every %s card shares: arch/%s.yaml.' % (arch, arch),
        'architecture: %s' % arch,
        '# A derived card claims no sm_XX default (docs/targets.md).',
        'default_for: []',
        'description: %s' % _yaml_text(desc),
        '',
    ]

    def line(indent, key, path, value=None):
        value = v[path] if value is None else value
        text = value if isinstance(value, str) else num(value, 3)
        out.append('%s%s: %s  # %s' % ('  ' * indent, key, text, d.comments[path]))

    out.append('clocks:')
    line(1, 'sm_mhz', 'clocks.sm_mhz')
    line(1, 'memory_mhz', 'clocks.memory_mhz')
    out += ['', 'sm:']
    line(1, 'count', 'sm.count', str(v['sm.count']))
    out += ['', 'memory:', '  l1:']
    line(2, 'latency', 'memory.l1.latency')
    out.append('  l2:')
    for key in ('latency', 'far_latency'):
        line(2, key, 'memory.l2.' + key)
    line(2, 'bandwidth_gbs', 'memory.l2.bandwidth_gbs', str(v['memory.l2.bandwidth_gbs']))
    line(2, 'size_bytes', 'memory.l2.size_bytes', str(v['memory.l2.size_bytes']))
    out.append('  dram:')
    line(2, 'latency', 'memory.dram.latency')
    line(2, 'bandwidth_gbs', 'memory.dram.bandwidth_gbs', str(v['memory.dram.bandwidth_gbs']))
    line(2, 'peak_bandwidth_gbs', 'memory.dram.peak_bandwidth_gbs')
    out.append('  uncoalesced:')
    line(2, 'latency', 'memory.uncoalesced.latency')
    line(2, 'bandwidth_gbs', 'memory.uncoalesced.bandwidth_gbs')
    out.append('  constant:')
    line(2, 'latency', 'memory.constant.latency')
    out.append('  local:')
    line(2, 'latency', 'memory.local.latency')
    atomic = v['instructions.atomic.global']
    flow = '{%s}' % ', '.join('%s: %s' % (k, num(x, 4)) for k, x in atomic.items())
    out += ['', 'instructions:']
    line(1, 'atomic.global', 'instructions.atomic.global', flow)
    out += ['', '# Launch overhead in SM cycles: intercept + slope(b) x gridSize, b = threads',
            '# per block / 32, slope(b) = slope_b2 b^2 + slope_b1 b + slope_b0.',
            'launch:']
    line(1, 'intercept_cycles', 'launch.intercept_cycles')
    for key in ('slope_b2', 'slope_b1', 'slope_b0'):
        line(1, key, 'launch.' + key, sci(v['launch.' + key]))
    for key in ('fit_grid_min', 'fit_grid_max', 'fit_warps_min', 'fit_warps_max'):
        line(1, key, 'launch.' + key, str(v['launch.' + key]))
    return '\n'.join(out) + '\n'

"""Kernel Tuner cache files: reading (.json or .json.gz, told apart by their
first bytes), telling them from other formats, and writing predictions as a
cache for Kernel Tuner's simulation mode.

A cache (Kernel Tuner's own format, as in AutoTuningAssociation/
benchmark_hub cachefiles/<kernel>/<GPU>.json.gz) is a JSON object with
"device_name", "kernel_name", "problem_size", "tune_params_keys",
"tune_params", "objective" and "cache": {KEY: {PARAM: VALUE, ..., "time":
MS, ...}}, KEY the parameter values joined by commas in tune_params_keys
order. A configuration that failed has a string in "time"
("CompilationFailedConfig", "RuntimeFailedConfig", "InvalidConfig"); older
Kernel Tuner versions wrote 1e20. Such times are invalid: the harness skips
and counts them. An entry may also hold "times", the individual runs whose
mean is "time"; where they disagree (benchmark_hub's currently_unused RTX
caches: a file that merged two tuning runs) the harness counts it and says
so, and still compares "time".

Kernel Tuner writes a cache as it tunes: the header, then one line
"KEY": {...}, per configuration, and the closing braces only at the end of
a run. A run that was interrupted leaves the file open; the reader closes
it (Cache.unclosed says so). An entry whose KEY is not its own parameter
values (str() of each, joined by commas in tune_params_keys order, as
Kernel Tuner makes it) is skipped like an invalid time.
"""

import gzip
import json
import math

FAILED_MARK = 1e20

# The strings Kernel Tuner writes as the "time" of a failed configuration.
FAILED_MARKERS = ('CompilationFailedConfig', 'RuntimeFailedConfig', 'InvalidConfig')


class CacheError(Exception):
    """A file that is missing or is not a Kernel Tuner cache; says why."""


def _read_json(path):
    """(the parsed JSON, whether it had to be closed)."""
    try:
        with open(path, 'rb') as f:
            raw = f.read()
    except FileNotFoundError:
        raise CacheError('%s: no such file' % path)
    except OSError as e:
        raise CacheError('%s: %s' % (path, e.strerror))
    if raw[:2] == b'\x1f\x8b':
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as e:
            raise CacheError('%s: a damaged gzip file: %s' % (path, e))
    try:
        text = raw.decode('utf-8')
        return json.loads(text), False
    except (UnicodeDecodeError, ValueError) as e:
        error = e
    # An open cache of an interrupted run ends in '},' (after an entry) or
    # in '"cache": {' (the header only): close it as Kernel Tuner would.
    if not isinstance(error, UnicodeDecodeError):
        closed = text.rstrip()
        if closed.endswith(','):
            closed = closed[:-1]
        try:
            return json.loads(closed + '\n}\n}'), True
        except ValueError:
            pass
    raise CacheError('%s: not JSON: %s' % (path, error))


def _format_hint(data):
    if 'results' in data and ('metadata' in data or 'schema_version' in data):
        return ('a T4 results file (FAIR autotuning format), not a Kernel Tuner '
                'cache; benchmark_hub keeps the cache beside it, without "_T4"')
    if 'Results' in data and 'Metadata' in data:
        return 'a KTT output file, not a Kernel Tuner cache'
    if 'ConfigurationSpace' in data:
        return 'a T1 input file (a search space without measurements), not a cache'
    if 'launches' in data and 'schema' in data:
        return 'a KernelTime report, not a Kernel Tuner cache'
    return 'not a Kernel Tuner cache (no top-level "cache" object)'


def measured_time(entry):
    """(time in ms, None) or (None, reason) for a cache entry."""
    t = entry.get('time') if isinstance(entry, dict) else None
    if isinstance(t, str):
        if t in FAILED_MARKERS:
            return None, t
        return None, 'time %r (a string)' % t
    if isinstance(t, bool) or not isinstance(t, (int, float)):
        return None, 'no time' if t is None else 'time %r' % (t,)
    try:
        t = float(t)
    except OverflowError:  # an integer too large for a float
        return None, 'failed (time beyond a float)'
    if not math.isfinite(t) or t >= FAILED_MARK:
        return None, 'failed (%g)' % t
    if t <= 0:
        return None, 'non-positive time %g' % t
    return t, None


# How far "time" may be from the mean of "times" before the harness says
# that the two disagree (Kernel Tuner writes "time" as that mean; a
# rounding or a dropped outlier stays well inside this).
TIMES_TOLERANCE = 0.05


def times_disagree(entry, time):
    """True if ENTRY's "times" (the individual runs, when the cache has
    them) have a mean more than TIMES_TOLERANCE away from TIME; None when
    there are no usable "times"."""
    runs = entry.get('times')
    if not isinstance(runs, list) or not runs or \
            not all(isinstance(r, (int, float)) and not isinstance(r, bool)
                    for r in runs):
        return None
    try:
        if not all(math.isfinite(r) for r in runs):
            return None
        mean = math.fsum(runs) / len(runs)
    except OverflowError:  # an integer too large for a float
        return None
    if not math.isfinite(mean):
        return None
    if mean <= 0:
        return True  # runs of no time against a valid (positive) time
    return abs(time / mean - 1) > TIMES_TOLERANCE


def param_id(params):
    """A hashable, canonical form of a configuration's parameter values
    {name: value}: the same values give the same id whatever the order of
    the names (or the cache's key text); 1, 1.0 and true stay apart, as
    they are different defines."""
    return tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in params.items()))


class Cache:
    def __init__(self, path, data, unclosed=False):
        self.path = path
        self.data = data
        self.unclosed = unclosed
        self.kernel_name = data.get('kernel_name')
        self.device_name = data.get('device_name')
        self.keys = list(data['tune_params_keys'])
        self.entries = data['cache']

    def params_of(self, key):
        e = self.entries[key]
        return {k: e[k] for k in self.keys}

    def param_id(self, key):
        return param_id(self.params_of(key))

    def key_matches(self, key):
        """Whether KEY is Kernel Tuner's key of the entry's own values."""
        e = self.entries[key]
        return key == ','.join(str(e[k]) for k in self.keys)


def load(path):
    data, unclosed = _read_json(path)
    if not isinstance(data, dict):
        raise CacheError('%s: %s' % (path, 'a JSON %s, not a Kernel Tuner cache'
                                     % type(data).__name__))
    if not isinstance(data.get('cache'), dict):
        raise CacheError('%s: %s' % (path, _format_hint(data)))
    keys = data.get('tune_params_keys')
    if not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys):
        raise CacheError('%s: a cache needs "tune_params_keys", a list of parameter '
                         'names' % path)
    for key, entry in data['cache'].items():
        if not isinstance(entry, dict):
            raise CacheError('%s: cache entry "%s" is not an object' % (path, key))
        missing = [k for k in keys if k not in entry]
        if missing:
            raise CacheError('%s: cache entry "%s" has no value for %s'
                             % (path, key, ', '.join(missing)))
    return Cache(path, data, unclosed)


def write(path, template, entries, device_name=None):
    """Write a cache with TEMPLATE's header fields and ENTRIES {key: entry},
    one entry per line as Kernel Tuner writes them; a name ending in .gz
    writes gzip."""
    out = {}
    for field in ('device_name', 'kernel_name', 'problem_size', 'tune_params_keys',
                  'tune_params', 'objective'):
        if field in template:
            out[field] = template[field]
    if device_name:
        out['device_name'] = device_name
    out['objective'] = 'time'
    lines = ['{']
    for k, v in out.items():
        lines.append('%s: %s,' % (json.dumps(k), json.dumps(v)))
    items = list(entries.items())
    lines.append('"cache": {')
    for i, (k, v) in enumerate(items):
        lines.append('%s: %s%s' % (json.dumps(k), json.dumps(v), ',' if i + 1 < len(items) else ''))
    lines += ['}', '}']
    text = '\n'.join(lines) + '\n'
    if path.endswith('.gz'):
        with gzip.open(path, 'wt') as f:
            f.write(text)
    else:
        with open(path, 'w') as f:
            f.write(text)

"""Tunable parameters: sweep options, tune-params files, restrictions and
the expansion of a search space into configurations.

A search space is an ordered dict NAME -> [values] plus a list of
restriction strings (Kernel Tuner's: Python expressions over the parameters
that must hold). Expansion is the Cartesian product in the given order (the
first parameter varies slowest, as in Kernel Tuner), keeping the
configurations every restriction accepts. As in Kernel Tuner, a restriction
that divides by zero for a configuration does not reject it.
"""

import collections
import itertools
import json

from . import safeexpr

MAX_CONFIGS = 2000000


class ParamError(Exception):
    """A sweep, file or restriction that cannot be used; says which."""


def parse_scalar(text):
    """'32' -> 32, '1.5' -> 1.5, 'float' -> 'float' (a define's text)."""
    text = text.strip()
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if not text:
        raise ParamError('empty value')
    return text


def _series(item):
    """LO:HI:STEP (arithmetic, HI included) or LO:HI:*F (geometric)."""
    parts = item.split(':')
    if len(parts) != 3:
        raise ParamError("'%s': a range is LO:HI:STEP or LO:HI:*FACTOR" % item)
    lo, hi = parse_scalar(parts[0]), parse_scalar(parts[1])
    step = parts[2].strip()
    geometric = step.startswith('*')
    step = parse_scalar(step[1:] if geometric else step)
    if not all(isinstance(v, int) for v in (lo, hi, step)):
        raise ParamError("'%s': range bounds and step must be integers" % item)
    if (geometric and (step < 2 or lo < 1)) or (not geometric and step < 1):
        raise ParamError("'%s': the step must make the range grow" % item)
    out, v = [], lo
    while v <= hi:
        out.append(v)
        v = v * step if geometric else v + step
        if len(out) > MAX_CONFIGS:
            raise ParamError("'%s': too many values" % item)
    if not out:
        raise ParamError("'%s': empty range" % item)
    return out


def parse_sweep(text):
    """'NAME=v1,v2,LO:HI:STEP,...' -> (NAME, [values])."""
    name, sep, values = text.partition('=')
    name = name.strip()
    if not sep or not name.isidentifier():
        raise ParamError("'%s': a sweep is NAME=v1,v2,... (NAME an identifier)" % text)
    out = []
    for item in values.split(','):
        try:
            out.extend(_series(item) if ':' in item else [parse_scalar(item)])
        except ParamError as e:
            raise ParamError("sweep '%s': %s" % (text, e))
    if len(set(map(repr, out))) != len(out):
        raise ParamError("sweep '%s': a value is repeated" % text)
    return name, out


def parse_define(text):
    """'-D NAME=VAL' argument -> (NAME, VAL as text); NAME alone means 1."""
    name, sep, value = text.partition('=')
    if not name.isidentifier():
        raise ParamError("'-D %s': NAME must be an identifier" % text)
    return name, (value if sep else '1')


def _values(name, raw, where):
    """A parameter's values: a list, or an expression giving one."""
    if isinstance(raw, str):
        try:
            raw = safeexpr.evaluate(raw)
        except safeexpr.ExprError as e:
            raise ParamError('%s: parameter %s: %s' % (where, name, e))
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        raw = [raw]
    if not isinstance(raw, (list, tuple)) or not raw:
        raise ParamError('%s: parameter %s: expected a non-empty list of values'
                         % (where, name))
    for v in raw:
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            raise ParamError('%s: parameter %s: value %r is not a number or text'
                             % (where, name, v))
    return list(raw)


class SearchSpace:
    """Ordered parameters, restrictions, and the grid rule if a file gave one."""

    def __init__(self):
        self.params = collections.OrderedDict()
        self.restrictions = []
        self.problem_size = None
        self.grid_div = [None, None, None]
        self.block_size_names = None
        self.source = None  # where it came from, for messages

    def add(self, name, values, where='--sweep'):
        if name in self.params:
            raise ParamError('%s: parameter %s is given twice' % (where, name))
        self.params[name] = list(values)

    def size(self):
        n = 1
        for v in self.params.values():
            n *= len(v)
        return n

    def check_restrictions(self, fixed=()):
        """Every restriction parses and names only known parameters (or
        the names FIXED, -D defines)."""
        known = set(self.params) | set(fixed)
        for r in self.restrictions:
            if not isinstance(r, str):
                raise ParamError('restriction %r is not an expression string' % (r,))
            try:
                names = safeexpr.names_in(r)
            except safeexpr.ExprError as e:
                raise ParamError('restriction: %s' % e)
            unknown = [n for n in names if n not in known]
            if unknown:
                raise ParamError("restriction '%s' uses %s, not a parameter (parameters: %s)"
                                 % (r, ', '.join(unknown), ', '.join(self.params)))

    def expand(self, limit=MAX_CONFIGS, fixed=None):
        """Every configuration (an OrderedDict) the restrictions accept;
        FIXED (a dict: the -D defines) are names the restrictions may use
        too, not parameters of the configurations."""
        fixed = dict(fixed or {})
        self.check_restrictions(fixed)
        if self.size() > limit:
            raise ParamError('the search space has %d configurations before '
                             'restrictions; the limit is %d' % (self.size(), limit))
        trees = [(r, safeexpr.parse(r)) for r in self.restrictions]
        names = list(self.params)
        out = []
        for combo in itertools.product(*self.params.values()):
            config = collections.OrderedDict(zip(names, combo))
            bound = dict(fixed, **config) if fixed else config
            try:
                ok = all(_accepts(text, tree, bound) for text, tree in trees)
            except safeexpr.ExprError as e:
                raise ParamError('restriction: %s (at %s)' % (e, ', '.join(
                    '%s=%r' % kv for kv in config.items())))
            if ok:
                out.append(config)
        return out


def _accepts(text, tree, config):
    try:
        return bool(safeexpr._Evaluator(text, config).ev(tree))
    except ZeroDivisionError:
        return True  # Kernel Tuner's rule (see the module comment)


def restriction_accepts(text, config):
    """Whether one restriction string accepts a configuration (a dict)."""
    return _accepts(text, safeexpr.parse(text), config)


def load_tune_params(path, check=True):
    """A SearchSpace from a tune-params file (docs/driver.md, "Files"):
    KernelTime's JSON ({"tune_params": ..., "restrictions": ...}), a Kernel
    Tuner cache file (its tune_params and problem_size), or a T1 input file
    (ConfigurationSpace / KernelSpecification). CHECK: the restrictions
    name only the file's parameters (ktime leaves it to expand(), once
    --sweep and --vary have added theirs)."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        raise ParamError('%s: %s' % (path, e.strerror))
    except ValueError as e:
        raise ParamError('%s: not JSON: %s' % (path, e))
    if not isinstance(data, dict):
        raise ParamError('%s: expected a JSON object at the top' % path)
    space = SearchSpace()
    space.source = path
    if 'ConfigurationSpace' in data:
        _load_t1(space, data, path)
    elif 'tune_params' in data:
        _load_plain(space, data, path)
    else:
        raise ParamError('%s: no "tune_params" (KernelTime or Kernel Tuner cache '
                         'format) nor "ConfigurationSpace" (T1 format)' % path)
    if check:
        space.check_restrictions()
    return space


def _load_plain(space, data, path):
    tp = data['tune_params']
    if not isinstance(tp, dict) or not tp:
        raise ParamError('%s: "tune_params" must be a non-empty object' % path)
    order = data.get('tune_params_keys') or list(tp)
    if not isinstance(order, list) or not all(isinstance(n, str) for n in order):
        raise ParamError('%s: "tune_params_keys" must be a list of parameter names' % path)
    for name in order:
        if name not in tp:
            raise ParamError('%s: tune_params_keys names %s, which has no values'
                             % (path, name))
        space.add(name, _values(name, tp[name], path), path)
    restrictions = data.get('restrictions', [])
    if isinstance(restrictions, str):
        restrictions = [restrictions]
    if not isinstance(restrictions, list):
        raise ParamError('%s: "restrictions" must be a list of strings' % path)
    space.restrictions = list(restrictions)
    if 'problem_size' in data:
        space.problem_size = data['problem_size']
    for i, axis in enumerate('xyz'):
        if 'grid_div_' + axis in data:
            space.grid_div[i] = data['grid_div_' + axis]
    if 'block_size_names' in data:
        space.block_size_names = data['block_size_names']


def _load_t1(space, data, path):
    cs = data['ConfigurationSpace']
    for p in cs.get('TuningParameters', []):
        if not isinstance(p, dict) or 'Name' not in p or 'Values' not in p:
            raise ParamError('%s: a TuningParameters entry needs Name and Values' % path)
        space.add(p['Name'], _values(p['Name'], p['Values'], path), path)
    for c in cs.get('Conditions', []):
        if not isinstance(c, dict) or 'Expression' not in c:
            raise ParamError('%s: a Conditions entry needs an Expression' % path)
        space.restrictions.append(c['Expression'])
    ks = data.get('KernelSpecification', {})
    if 'ProblemSize' in ks:
        space.problem_size = ks['ProblemSize']
    for i, axis in enumerate('XYZ'):
        if 'GridDiv' + axis in ks:
            space.grid_div[i] = ks['GridDiv' + axis]

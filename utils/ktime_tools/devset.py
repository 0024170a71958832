"""Kernel descriptions (utils/devset/*.json): what the validation harness
needs to predict the configurations of a Kernel Tuner cache.

A description is a tune-params file (params.load_tune_params reads its
tune_params, restrictions, problem_size, grid_div_x/y/z) with:
  name          the benchmark's name (table rows)
  source        the kernel file, relative to the benchmark checkout (--hub)
  kernel        the kernel's name, as in the caches' "kernel_name"
  include_dirs  directories for "..." includes (relative to --hub)
  flags         extra clang++ flags Kernel Tuner's compile had
  cuda          "sdk" when the source needs the CUDA headers
  caches        {GPU: cache path relative to --hub}; GPU a KernelTime target
                name or alias
  device_names  {GPU: the cache's "device_name"}, checked when read
  kernel_args   {NAME: EXPR} scalar kernel arguments (source name or argN);
                EXPR a string or a JSON number
                for every launch, expressions over the parameters
  other_caches  [{gpu, path, note}]: further caches, not used by default
  cache_filter  [restriction strings]: only configurations of the caches
                that satisfy all of them are compared (the others are
                counted as skipped, "outside the filter"); for measurements
                the given source cannot reproduce
  notes         free text: what the description assumes and why
The files name paths only: the benchmark's code and data stay in its own
checkout.
"""

import json
import os


class DescError(Exception):
    pass


REQUIRED = ('name', 'source', 'kernel', 'problem_size')


class Description:
    def __init__(self, path, data, hub):
        self.path = path
        self.data = data
        self.hub = hub
        self.name = data['name']
        self.kernel = data['kernel']
        self.source = self.resolve(data['source'])
        self.include_dirs = [self.resolve(d) for d in data.get('include_dirs', [])]
        self.flags = list(data.get('flags', []))
        self.cuda = data.get('cuda', 'auto')
        self.caches = {g: self.resolve(p) for g, p in data.get('caches', {}).items()}
        self.device_names = dict(data.get('device_names', {}))
        self.kernel_args = {}
        for k, v in data.get('kernel_args', {}).items():
            if isinstance(v, bool) or not isinstance(v, (str, int, float)):
                raise DescError('%s: kernel_args.%s must be a number or an expression, not %r'
                                % (path, k, v))
            self.kernel_args[k] = v if isinstance(v, str) else repr(v)
        self.cache_filter = list(data.get('cache_filter', []))

    def resolve(self, rel):
        if os.path.isabs(rel):
            return rel
        if self.hub is None:
            raise DescError('%s: paths are relative to a benchmark checkout; give --hub DIR'
                            % self.path)
        return os.path.join(self.hub, rel)


def find(name_or_path):
    """A description path from a path or a name under utils/devset/."""
    if os.path.exists(name_or_path):
        return name_or_path
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        'devset', name_or_path + '.json')
    if os.path.exists(here):
        return here
    raise DescError("no kernel description '%s' (a file, or a name in utils/devset/)"
                    % name_or_path)


def load(name_or_path, hub):
    path = find(name_or_path)
    try:
        with open(path) as f:
            data = json.load(f)
    except ValueError as e:
        raise DescError('%s: not JSON: %s' % (path, e))
    if not isinstance(data, dict):
        raise DescError('%s: expected a JSON object' % path)
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise DescError('%s: missing %s' % (path, ', '.join(missing)))
    if hub is not None and not os.path.isdir(hub):
        raise DescError('--hub %s: not a directory' % hub)
    return Description(path, data, hub)

"""Adapter: AutoTuningAssociation/benchmark_hub's Kernel Tuner caches ->
measurement-table rows, through the kernel descriptions of utils/devset/
(the ones utils/validate reads; docs/accuracy.md).

Each valid configuration of each cache of a description is a row: its
parameters as defines, the launch Kernel Tuner made (grid rule, block,
kernel arguments), the cache's "time" (Kernel Tuner's mean of CUDA events
around single launches, ms) as `events` time.
"""

import collections
import shlex

from . import configs as configsmod
from . import devset
from . import devtable
from . import kcache
from . import launch as launchmod
from . import params as paramsmod
from . import validate

# description -> family (one algorithm however many descriptions)
DESCRIPTIONS = collections.OrderedDict([
    ('convolution_milo', 'convolution-2d'),
    ('convolution', 'convolution-2d'),
    ('dedispersion_milo', 'dedispersion'),
    ('pnpoly', 'point-in-polygon'),
])


def rows(hub, names=None, skipped=None):
    """Rows of the descriptions NAMES (default all of DESCRIPTIONS) over the
    checkout HUB; SKIPPED gets {reason: count}."""
    skipped = {} if skipped is None else skipped
    out = []
    for name in names or DESCRIPTIONS:
        args = validate.parser().parse_args(['--hub', hub, '--desc', name])
        try:
            (_, source, kernel, include_dirs, flags, cuda, rule, caches, device_names,
             block_names, kargs, filters) = validate.kernel_setup(args)
        except (validate.UsageError, devset.DescError, paramsmod.ParamError,
                launchmod.LaunchError) as e:
            skipped['%s: %s' % (name, e)] = 1
            continue
        builder = configsmod.ConfigBuilder(source, configsmod.LaunchRule(
            grid_rule=rule, block_names=block_names, args=kargs, kernel=kernel), {},
            include_dirs, block_names)
        problem = 'x'.join(str(p) for p in rule.problem)
        for gpu, path in caches.items():
            try:
                cache = kcache.load(path)
                validate.check_problem_size(path, cache, rule)
            except (kcache.CacheError, validate.Refused) as e:
                skipped['%s: %s' % (name, e)] = 1
                continue
            expected = device_names.get(gpu)
            if expected and cache.device_name != expected:
                skipped['%s: %s measured on %s' % (name, path, cache.device_name)] = 1
                continue
            for key, entry in cache.entries.items():
                t, reason = (kcache.measured_time(entry) if cache.key_matches(key)
                             else (None, 'key does not match its parameters'))
                values = cache.params_of(key)
                if reason is None and filters and not all(
                        paramsmod.restriction_accepts(f, values) for f in filters):
                    reason = 'outside the filter'
                if reason is None:
                    try:
                        c = builder.build(0, values, key=key)
                    except launchmod.LaunchError as e:
                        reason = 'no valid launch: %s' % e
                if reason is not None:
                    r = '%s: %s' % (name, reason)
                    skipped[r] = skipped.get(r, 0) + 1
                    continue
                out.append(devtable.make_row(
                    dataset='hub', family=DESCRIPTIONS.get(name, name), variant=name,
                    problem=problem, config=key, source=source, kernel=kernel,
                    defines=sorted(c.defines.items()),
                    flags=shlex.join(['-I' + d for d in include_dirs] + list(flags)),
                    cuda=cuda, grid=c.launch.grid, block=c.launch.block,
                    shmem=c.launch.shmem or None, args=sorted(c.launch.args.items()),
                    gpu=cache.device_name, target=gpu, time_us=t * 1000.0,
                    time_kind='events', circular=False, note=path))
    return out

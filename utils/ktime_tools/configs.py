"""From parameter values to engine configurations: the launch of each
configuration (a --launch template or the grid rule) and the defines its
compile needs (Kernel Tuner's rule, source.kernel_tuner_defines)."""

from . import engine
from . import launch as launchmod
from . import source as sourcemod


class LaunchRule:
    """How a configuration's launch is made: a --launch template with
    {EXPR}s, or a GridRule with block, shmem and kernel-argument
    expressions."""

    def __init__(self, template=None, grid_rule=None, block_exprs=None,
                 shmem=None, args=None, block_names=None, kernel=None):
        if (template is None) == (grid_rule is None):
            raise launchmod.LaunchError('give either --launch or a grid rule')
        self.template = template
        self.grid_rule = grid_rule
        self.block_exprs = block_exprs
        self.shmem = shmem
        self.args = dict(args or {})
        self.block_names = block_names
        self.kernel = kernel

    def launch(self, names):
        if self.template is not None:
            return launchmod.parse_launch(self.template, names, self.kernel)
        grid = self.grid_rule.grid(names)
        block = launchmod.block_of(names, self.block_names, self.block_exprs)
        shmem = None
        if self.shmem is not None:
            shmem = launchmod._as_int(launchmod._eval(self.shmem, names, 'shmem'), 'shmem')
            if shmem < 0:
                raise launchmod.LaunchError('shmem is %d; it must not be negative' % shmem)
        args = {}
        for k, expr in self.args.items():
            v = launchmod._eval(launchmod.substitute(expr, names), names, 'argument ' + k)
            if isinstance(v, float) and v == int(v):
                v = int(v)
            args[k] = v
        return launchmod.Launch(grid, block, shmem, None, args)


class ConfigBuilder:
    """Makes engine.Config objects for one kernel source."""

    def __init__(self, source, rule, fixed_defines=None, include_dirs=(),
                 block_names=None):
        self.rule = rule
        self.fixed = dict(fixed_defines or {})
        self.used = sourcemod.used_identifiers(source, include_dirs)
        self.block_names = block_names

    def build(self, index, define_params, other_values=None, key=None):
        """DEFINE_PARAMS become -D (when the source uses them);
        OTHER_VALUES (--vary) are only names for expressions."""
        names = dict(self.fixed)
        for k, v in self.fixed.items():
            try:
                names[k] = int(v)
            except ValueError:
                pass
        names.update(define_params)
        names.update(other_values or {})
        launch = self.rule.launch(names)
        defines = sourcemod.kernel_tuner_defines(define_params, launch.block, launch.grid,
                                                 self.used, self.block_names)
        defines.update(self.fixed)
        params = dict(define_params)
        params.update(other_values or {})
        return engine.Config(index, params, defines, launch, key)

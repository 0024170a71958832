"""`ktime target derive`: writes a target file for a card no file describes,
from a base card of the same architecture and the card's spec-sheet
figures (docs/targets.md, "A target for a card not listed"). It checks its
inputs against docs/targets.md's physical ranges, derives the other
figures (targetderive.py), and has the plugin's loader read the result
before it writes it (`opt -ktime-list-gpus` over a directory holding only
the new file and its architecture file); without a plugin the Python
checks of targetcheck.py are the check.

  ktime target derive --from CARD --name NAME --sms N --boost-mhz F
      [--sustained-mhz F] (--bus-bits B --data-rate-gbps R | --bandwidth-gbs G
      [--bus-bits B]) (--l2-mb M | --l2-bytes N) [--arch sm_XX]
      [--description TEXT] [--aliases A,B] [--source TEXT] [--out FILE]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from . import targetcheck
from . import targetderive
from . import targetfile
from . import tools as toolsmod

USAGE_ERROR = 2
_NAME = re.compile(r'^[a-z0-9._-]+$')
# The base's figures the rules read (docs/targets.md, "The file").
BASE_FIELDS = [
    'clocks.sm_mhz', 'clocks.memory_mhz', 'sm.count', 'memory.l1.latency',
    'memory.l2.latency', 'memory.l2.far_latency', 'memory.l2.bandwidth_gbs',
    'memory.dram.latency', 'memory.dram.bandwidth_gbs',
    'memory.dram.peak_bandwidth_gbs', 'memory.constant.latency',
    'memory.local.latency', 'launch.intercept_cycles', 'launch.slope_b2',
    'launch.slope_b1', 'launch.slope_b0', 'launch.fit_grid_min',
    'launch.fit_grid_max', 'launch.fit_warps_min', 'launch.fit_warps_max']


class DeriveError(Exception):
    """Inputs that give no valid target file."""


def parser():
    p = argparse.ArgumentParser(
        prog='ktime target derive',
        description='Write a target file for a card not listed, from a listed card of the '
        'same architecture and the card\'s spec-sheet figures (docs/targets.md, '
        '"A target for a card not listed").')
    p.add_argument('--from', dest='base', required=True, metavar='CARD',
                   help='the base: a listed card (name or alias) or a card file path')
    p.add_argument('--name', required=True, help='the new target\'s name (lowercase '
                   'letters, digits, ".", "_", "-"); the file is NAME.yaml')
    p.add_argument('--arch', metavar='sm_XX', help='the architecture the card must be; '
                   'the base must name the same (default: the base\'s)')
    p.add_argument('--description', help='one line for -ktime-list-gpus and reports')
    p.add_argument('--aliases', default='', metavar='A,B', help='short names')
    p.add_argument('--source', metavar='TEXT', help='where the spec-sheet figures are from '
                   '(a product page, a datasheet), cited in their comments')
    s = p.add_argument_group('spec sheet')
    s.add_argument('--sms', type=int, required=True, metavar='N', help='SM count')
    s.add_argument('--boost-mhz', type=float, required=True, metavar='F',
                   help='boost clock')
    s.add_argument('--sustained-mhz', type=float, metavar='F',
                   help='the clock the card holds under load; used instead of the boost '
                   'clock when given')
    s.add_argument('--bus-bits', type=int, metavar='B', help='memory bus width in bits')
    s.add_argument('--data-rate-gbps', type=float, metavar='R',
                   help='memory data rate per pin (Gbit/s); with --bus-bits')
    s.add_argument('--bandwidth-gbs', type=float, metavar='G',
                   help='peak memory bandwidth (GB/s), instead of --data-rate-gbps')
    l2 = s.add_mutually_exclusive_group(required=True)
    l2.add_argument('--l2-mb', type=float, metavar='M', help='L2 size in MB (2^20 bytes)')
    l2.add_argument('--l2-bytes', type=int, metavar='N', help='L2 size in bytes')
    o = p.add_argument_group('output and tools')
    o.add_argument('--out', metavar='FILE', help='the file to write (default NAME.yaml '
                   'in the current directory); its name must be NAME.yaml')
    o.add_argument('--force', action='store_true', help='overwrite FILE')
    o.add_argument('--target-dir', help='where listed cards are found (default: as the '
                   'plugin: $KTIME_TARGET_DIR, else next to the plugin)')
    o.add_argument('--opt', help='opt (default /usr/lib/llvm-22/bin/opt)')
    o.add_argument('--plugin', help='KernelTime.so (default $KTIME_PLUGIN, else build/lib/)')
    return p


def _range(option, value, bounds):
    if not targetcheck.in_range(value, bounds):
        raise DeriveError('%s %g: must be %s (docs/targets.md, "Physical ranges")'
                          % (option, value, targetcheck.describe(bounds)))


def spec_from(args):
    """The Spec of the options, each checked against docs/targets.md's
    physical ranges."""
    if not _NAME.match(args.name):
        raise DeriveError("--name '%s': use lowercase letters, digits, '.', '_' and '-'"
                          % args.name)
    aliases = [a.strip() for a in args.aliases.split(',') if a.strip()]
    for a in aliases:
        if not _NAME.match(a):
            raise DeriveError("--aliases '%s': use lowercase letters, digits, '.', '_' "
                              "and '-'" % a)
    for option, text in (('--description', args.description), ('--source', args.source)):
        if text is not None and ('\n' in text or '\r' in text):
            raise DeriveError('%s: one line' % option)
    if args.sms < 1:
        raise DeriveError('--sms %d: must be a positive integer' % args.sms)
    _range('--boost-mhz', args.boost_mhz, targetcheck.SM_MHZ)
    if args.sustained_mhz is not None:
        _range('--sustained-mhz', args.sustained_mhz, targetcheck.SM_MHZ)
    if args.bus_bits is not None and args.bus_bits < 1:
        raise DeriveError('--bus-bits %d: must be a positive integer' % args.bus_bits)
    if args.bandwidth_gbs is not None:
        if args.data_rate_gbps is not None:
            raise DeriveError('give --bus-bits with --data-rate-gbps, or --bandwidth-gbs, '
                              'not both')
        _range('--bandwidth-gbs', args.bandwidth_gbs, targetcheck.BANDWIDTH)
    elif args.data_rate_gbps is None or args.bus_bits is None:
        raise DeriveError('the memory: give --bus-bits and --data-rate-gbps, or '
                          '--bandwidth-gbs')
    else:
        low, high, _ = targetcheck.MEMORY_MHZ  # memory_mhz = half the data rate
        _range('--data-rate-gbps', args.data_rate_gbps,
               (low * 2 / 1000, high * 2 / 1000, 'Gbit/s per pin (a memory clock of '
                '%g to %g MHz)' % (low, high)))
        _range('the peak bandwidth --bus-bits x --data-rate-gbps / 8',
               args.bus_bits * args.data_rate_gbps / 8, targetcheck.BANDWIDTH)
    if args.l2_bytes is not None:
        l2 = args.l2_bytes
        _range('--l2-bytes', l2, targetcheck.SIZE)
    else:
        if not 0 < args.l2_mb <= 1024:
            raise DeriveError('--l2-mb %g: must be more than 0 and at most 1024 MB (docs/'
                              'targets.md, "Physical ranges": 1 byte to 1 GiB)' % args.l2_mb)
        l2 = int(round(args.l2_mb * (1 << 20)))
    return targetderive.Spec(
        name=args.name, sms=args.sms, boost_mhz=args.boost_mhz, l2_bytes=l2,
        sustained_mhz=args.sustained_mhz, bus_bits=args.bus_bits,
        data_rate_gbps=args.data_rate_gbps, bandwidth_gbs=args.bandwidth_gbs,
        description=args.description, aliases=aliases, source=args.source)


def read_base(args, target_dir):
    """(path, fields, name) of the base card; its architecture must be
    --arch's."""
    path = targetfile.find_card(args.base, target_dir)
    fields = targetfile.read_fields(path)
    name = os.path.basename(path)[:-len('.yaml')] if path.endswith('.yaml') else path
    arch = fields.get('architecture')
    if not arch:
        raise DeriveError('--from %s: %s names no architecture file (architecture: sm_XX); '
                          'derive from a card file that does (the shipped ones do)'
                          % (args.base, path))
    if args.arch and args.arch != arch:
        same = sorted(n for n, (_, _, a) in targetfile.cards(target_dir).items()
                      if a == args.arch) if os.path.isdir(target_dir) else []
        raise DeriveError('--from %s is %s, not %s: derive from a card of %s (%s)'
                          % (args.base, arch, args.arch, args.arch,
                             'listed: ' + ', '.join(same) if same else 'none is listed'))
    missing = [f for f in BASE_FIELDS + ['instructions.atomic.global']
               if f not in fields]
    wrong = [f for f in BASE_FIELDS if f in fields
             and not isinstance(fields[f], (int, float))]
    if missing or wrong:
        raise DeriveError('--from %s: %s lacks the card figures %s'
                          % (args.base, path, ', '.join(missing + wrong)))
    return path, fields, name


def load_with_plugin(tools, text, name, arch_path):
    """Has the plugin's loader read TEXT as NAME.yaml beside its
    architecture file; returns the -ktime-list-gpus line, or raises."""
    with tempfile.TemporaryDirectory(prefix='ktime-derive-') as tmp:
        os.mkdir(os.path.join(tmp, 'arch'))
        shutil.copy(arch_path, os.path.join(tmp, 'arch'))
        with open(os.path.join(tmp, name + '.yaml'), 'w', encoding='utf-8') as f:
            f.write(text)
        cmd = [tools.opt, '-load-pass-plugin=' + tools.plugin, '-ktime-target-dir=' + tmp,
               '-ktime-list-gpus', '-disable-output', os.devnull]
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        except OSError as e:
            raise DeriveError('cannot run %s: %s' % (tools.opt, e.strerror))
        listed = [l.strip() for l in res.stdout.splitlines() if l.startswith('  ' + name + ' ')]
        if res.returncode != 0 or not listed:
            message = (res.stderr or res.stdout).replace(tmp + os.sep, '')
            raise DeriveError('the plugin\'s loader rejects the derived file:\n' + message.strip())
        return listed[0]


def run(args):
    spec = spec_from(args)
    out = args.out or spec.name + '.yaml'
    if os.path.basename(out) != spec.name + '.yaml':
        raise DeriveError("--out %s: the file must be named %s.yaml (a target's name is "
                          'its file name)' % (out, spec.name))
    if os.path.exists(out) and not args.force:
        raise DeriveError('%s exists; give --force to overwrite it' % out)
    if args.opt and os.sep not in args.opt:
        args.opt = shutil.which(args.opt) or args.opt  # a bare name: on PATH
    tools = toolsmod.Tools(opt=args.opt, plugin=args.plugin, ptxas='none', nvcc='none',
                           cuda='shim')
    target_dir = targetfile.default_target_dir(tools.plugin, args.target_dir)
    base_path, base, base_name = read_base(args, target_dir)
    arch_path = targetfile.arch_file(base_path, base['architecture'], target_dir)
    derivation = targetderive.Derivation(base, base_name, spec)
    problems = targetcheck.check_card(derivation.values)
    if problems:
        raise DeriveError("the derived figures fail docs/targets.md's checks: the spec "
                          "sheet is too far from %s's for its rules (on-chip latencies "
                          'stay in cycles, DRAM latency in ns):\n  %s'
                          % (base_name, '\n  '.join(problems)))
    label = base_path if ('/' in args.base or args.base.endswith('.yaml')) \
        else '%s.yaml of the listed targets' % base_name
    text = targetderive.file_text(derivation, label)
    if os.path.exists(tools.opt) and os.path.exists(tools.plugin):
        listed = load_with_plugin(tools, text, spec.name, arch_path)
        checked = "the plugin's loader reads it: " + listed
    else:
        checked = ("no plugin at %s: checked against docs/targets.md's physical ranges "
                   'only' % tools.plugin)
    try:
        with open(out, 'w', encoding='utf-8') as f:
            f.write(text)
    except OSError as e:
        raise DeriveError('cannot write %s: %s' % (out, e.strerror))
    print('wrote %s: %s from %s (%s) and the spec sheet; %s'
          % (out, spec.name, base_name, base['architecture'], checked))
    return 0


def main(argv):
    """`ktime target ...`: ARGV after 'target'."""
    if not argv or argv[0] in ('-h', '--help'):
        print('usage: ktime target derive [options]   (ktime target derive --help)',
              file=sys.stdout if argv else sys.stderr)
        return 0 if argv else USAGE_ERROR
    if argv[0] != 'derive':
        print("ktime target: error: unknown command '%s'; known: derive" % argv[0],
              file=sys.stderr)
        return USAGE_ERROR
    args = parser().parse_args(argv[1:])
    try:
        return run(args)
    except (DeriveError, targetfile.TargetFileError, toolsmod.ToolError) as e:
        print('ktime target derive: error: %s' % e, file=sys.stderr)
        return USAGE_ERROR

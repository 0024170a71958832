"""Finds and reads GPU target files: the fields of one card file
({dotted path: value}, read with targetyaml.py, the one reader of the YAML
subset docs/targets.md's files are written in), a card by name or alias in
a target directory the way the plugin does (docs/targets.md, "Naming a
GPU"), and the architecture file a card names. Used by `ktime target
derive` and by bench/kit (through targetflat.py). The plugin's loader
(LLVM's YAML parser) stays the authority on a file."""

import glob
import os

from . import layout
from . import targetyaml


class TargetFileError(targetyaml.YamlError):
    """A target file that cannot be found or read (a YamlError, so a caller
    that catches ValueError sees it too)."""


def read_fields(path):
    """{dotted field path: value} of every field of PATH that has a value
    ('memory.l2.latency': 273.6; 'instructions.atomic.global': {...})."""
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
    except OSError as e:
        raise TargetFileError('%s: cannot read target file: %s' % (path, e.strerror))
    try:
        return targetyaml.fields(targetyaml.load(text, path))
    except targetyaml.YamlError as e:
        raise TargetFileError(str(e))


def default_target_dir(plugin, given=None):
    """The directory the plugin reads target files from: GIVEN
    (-ktime-target-dir), else $KTIME_TARGET_DIR, else the one next to the
    plugin (PLUGIN/../../share/kerneltime/gpu-targets), else this source
    tree's gpu-targets/."""
    if given:
        return given
    if os.environ.get('KTIME_TARGET_DIR'):
        return os.environ['KTIME_TARGET_DIR']
    beside = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(plugin))),
                          'share', 'kerneltime', 'gpu-targets')
    if os.path.isdir(beside):
        return beside
    return os.path.join(layout.ROOT, 'gpu-targets')


def cards(target_dir):
    """{name: (path, [aliases], architecture or None)} of the card files
    of TARGET_DIR (its arch/ holds no cards)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(target_dir, '*.yaml'))):
        fields = read_fields(path)
        aliases = fields.get('aliases') or []
        out[os.path.basename(path)[:-len('.yaml')]] = (
            path, [str(a) for a in aliases], fields.get('architecture'))
    return out


def find_card(name, target_dir):
    """The path of the card NAME: a path if it contains '/' or ends in
    .yaml, else a file stem or alias of TARGET_DIR (case-insensitive)."""
    if '/' in name or name.endswith('.yaml'):
        if not os.path.isfile(name):
            raise TargetFileError('%s: no such target file' % name)
        return name
    if not os.path.isdir(target_dir):
        raise TargetFileError("no target directory %s to find '%s' in "
                              '(give --target-dir or a path)' % (target_dir, name))
    known = cards(target_dir)
    wanted = name.strip().lower()
    for stem, (path, aliases, _) in known.items():
        if stem == wanted or wanted in (a.lower() for a in aliases):
            return path
    raise TargetFileError("unknown GPU '%s'; known: %s; target directory: %s"
                          % (name, ', '.join(known), target_dir))


def arch_file(card_path, arch, target_dir=None):
    """The architecture file ARCH of a card, where the loader finds it:
    arch/ARCH.yaml beside the card, else in the target directory's arch/."""
    for d in (os.path.dirname(os.path.abspath(card_path)), target_dir):
        if not d:
            continue
        cand = os.path.join(d, 'arch', arch + '.yaml')
        if os.path.isfile(cand):
            return cand
    raise TargetFileError('%s: architecture %s: no arch/%s.yaml beside it%s'
                          % (card_path, arch, arch,
                             ' or in %s' % target_dir if target_dir else ''))

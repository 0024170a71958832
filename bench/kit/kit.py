#!/usr/bin/env python3
"""The measurement kit's writers (docs/measuring.md), standard library only.

  kit.py table  --out TABLE.csv [--target NAME] [--dataset NAME] RAW...
      the measurement table of the runs' `row` records
  kit.py target --base BASE.yaml | --targets DIR  --out FILE.yaml
                [--date YYYY-MM-DD] RAW...
      a target file for the measured card: BASE's text with the measured
      figures replaced (the name is FILE's stem); --targets picks the base
      as the shipped target of the card's architecture nearest in SMs
  kit.py nearest --targets DIR RAW...
      prints the base --targets would pick (nothing if none)
  kit.py name RAW...
      prints a target name for the card (its name, lowercase, '-measured')
  kit.py check [--targets DIR] FILE.yaml...
      checks target files against docs/targets.md (fields, ranges, order);
      a card that names its architecture's file is checked with it, from
      arch/ beside the card, else from DIR's arch/ (default: the checkout's
      gpu-targets/, as the plugin falls back to its target directory)

RAW are the programs' outputs (bench/kit/common.cuh, "Raw output").
Exit status 1 with a message on any error.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ktkit import raw, table, target  # noqa: E402
from ktime_tools import layout, targetcheck  # noqa: E402  (ktkit puts utils/ on sys.path)

ROOT = layout.ROOT


def main(argv):
    p = argparse.ArgumentParser(prog="kit.py", description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("table")
    t.add_argument("--out", required=True)
    t.add_argument("--target", default="")
    t.add_argument("--dataset", default="kit")
    t.add_argument("raw", nargs="+")
    g = sub.add_parser("target")
    g.add_argument("--base")
    g.add_argument("--targets")
    g.add_argument("--out", required=True)
    g.add_argument("--date")
    g.add_argument("raw", nargs="+")
    n = sub.add_parser("nearest")
    n.add_argument("--targets", required=True)
    n.add_argument("raw", nargs="+")
    m = sub.add_parser("name")
    m.add_argument("raw", nargs="+")
    c = sub.add_parser("check")
    c.add_argument("--targets", default=os.path.join(ROOT, "gpu-targets"))
    c.add_argument("files", nargs="+")
    a = p.parse_args(argv)
    try:
        if a.cmd == "check":
            problems = []
            for f in a.files:
                problems += targetcheck.check_file(f, a.targets)
            for pr in problems:
                print(pr)
            if not problems:
                print("ok: %d file(s)" % len(a.files))
            return 1 if problems else 0
        run = raw.Raw(raw.parse_files(a.raw))
        if a.cmd == "table":
            rows = table.rows(run, a.target, a.dataset)
            table.write(a.out, rows)
            print("%s: %d rows" % (a.out, len(rows)))
        elif a.cmd == "nearest":
            base = target.nearest_base(a.targets, run.device)
            if base:
                print(base)
        elif a.cmd == "name":
            print(target.slug(run.device["name"]) + "-measured")
        elif a.cmd == "target":
            base = a.base or (a.targets and
                              target.nearest_base(a.targets, run.device))
            if not base:
                raise target.KitError(
                    "no base target of %s: pass --base FILE.yaml"
                    % run.device["arch"])
            name = os.path.splitext(os.path.basename(a.out))[0]
            text = target.write(run, base, name, a.date)
            with open(a.out, "w", encoding="utf-8") as f:
                f.write(text)
            print("%s: written from %s" % (a.out, base))
    except (raw.RawError, target.KitError, OSError, KeyError,
            ValueError) as e:
        print("kit.py: error: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Checks that the source tree keeps the shape docs/architecture.md describes.

  python3 utils/check-layout.py [SOURCE_ROOT]

- every folder of lib/ is a stage listed in architecture.md's diagram;
- every source file under lib/ (.cpp) is named in architecture.md's file
  table, and every lib/ or include/ path the page names exists;
- no file under lib/ is over 600 lines, and lib/Plugin/ (the wiring: passes,
  options, target selection, the walk over modules) is under 1500 lines.

Prints one line per problem and exits 1 if there is any.
"""
import os
import re
import sys

MAX_FILE_LINES = 600
MAX_PLUGIN_LINES = 1500


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    arch_path = os.path.join(root, "docs", "architecture.md")
    with open(arch_path, encoding="utf-8") as f:
        arch = f.read()
    problems = []

    lib = os.path.join(root, "lib")
    stages = sorted(d for d in os.listdir(lib)
                    if os.path.isdir(os.path.join(lib, d)))
    diagram = arch.split("```", 2)[1] if arch.count("```") >= 2 else ""
    for stage in stages:
        if not re.search(r"(^|\s)%s/" % re.escape(stage), diagram):
            problems.append("docs/architecture.md: the diagram does not show "
                            "lib/%s/" % stage)

    # Paths the page names: `lib/Stage/File.cpp`, and in a table cell the
    # bare names after the first path (`lib/X/A.cpp`, `B.cpp`).
    named = set()
    for cell in re.findall(r"^\|([^|]*)\|", arch, flags=re.M):
        folder = None
        for token in re.findall(r"`([^`]+)`", cell):
            m = re.match(r"((?:lib|include/KernelTime)(?:/[A-Za-z]+)?)/", token)
            if m:
                folder = os.path.dirname(token)
                named.add(token)
            elif folder and re.fullmatch(r"[A-Za-z]+\.(cpp|h)", token):
                named.add(folder + "/" + token)
    for path in re.findall(r"`((?:lib|include)/[A-Za-z/]+\.(?:cpp|h))`", arch):
        named.add(path)
    for path in sorted(named):
        if not os.path.exists(os.path.join(root, path)):
            problems.append("docs/architecture.md: names %s, which does not "
                            "exist" % path)

    plugin_lines = 0
    for dirpath, _, files in os.walk(lib):
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if name.endswith((".cpp", ".h", ".inc")):
                with open(path, encoding="utf-8") as f:
                    n = sum(1 for _ in f)
                if n > MAX_FILE_LINES:
                    problems.append("%s: %d lines, over %d" %
                                    (rel, n, MAX_FILE_LINES))
                if rel.startswith(os.path.join("lib", "Plugin") + os.sep):
                    plugin_lines += n
            if name.endswith(".cpp") and rel not in named:
                problems.append("docs/architecture.md: the file table does "
                                "not name %s" % rel)
    if plugin_lines >= MAX_PLUGIN_LINES:
        problems.append("lib/Plugin/: %d lines, not under %d (model code "
                        "belongs in a stage)" % (plugin_lines, MAX_PLUGIN_LINES))

    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

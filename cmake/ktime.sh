#!/bin/sh
# Installed as PREFIX/bin/ktime: runs the sweep driver installed under
# PREFIX/share/kerneltime/tools (docs/driver.md).
prefix=$(dirname "$(dirname "$(readlink -f "$0")")")
exec python3 "$prefix/share/kerneltime/tools/ktime" "$@"

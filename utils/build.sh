#!/usr/bin/env bash
# Configures and builds KernelTime (plugin, unit tests, target files) with
# Ninja against LLVM 22 (in ./build) or LLVM 19 (in ./build-19).
#   bash utils/build.sh [22|19] [extra cmake arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
version=22
case "${1:-}" in
  22 | 19) version=$1; shift ;;
  [0-9]*) echo "build.sh: LLVM $1 is not supported (22 or 19)" >&2; exit 2 ;;
esac
dir=build
if [ "$version" != 22 ]; then dir=build-$version; fi
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DKTIME_LLVM_MAJOR="$version" \
  -DLLVM_DIR="/usr/lib/llvm-$version/lib/cmake/llvm" "$@" >/dev/null
cmake --build "$dir"

#!/usr/bin/env bash
# Configures and builds KernelTime (plugin, unit tests, target files) in
# ./build with Ninja against LLVM 22.
#   bash utils/build.sh [extra cmake arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm "$@" >/dev/null
cmake --build build

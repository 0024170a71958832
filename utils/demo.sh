#!/usr/bin/env bash
# The README's first command: installs what is missing, builds KernelTime and
# runs it through clang on the bundled example kernels, printing the remarks.
#   bash utils/demo.sh [example.cu]
set -euo pipefail
cd "$(dirname "$0")/.."
bash utils/install-deps.sh
bash utils/build.sh
src=${1:-examples/kernels.cu}
# The example's launches (examples/kernels.launches) give predicted times.
launches=()
if [ -f "${src%.cu}.launches" ]; then
  launches=(-mllvm "-ktime-launch-file=${src%.cu}.launches")
fi
echo "== KernelTime on $src (sm_80, -O3) =="
# Device compilation only: no CUDA SDK and no ptxas needed; the PTX goes to
# /dev/null, the remarks to the terminal.
/usr/lib/llvm-22/bin/clang++ -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only \
  -nocudainc -nocudalib -Wno-unknown-cuda-version -include test/Inputs/cuda.h \
  -O3 -S -o /dev/null -fpass-plugin=build/lib/KernelTime.so \
  -Rpass-analysis=kernel-time "$src" "${launches[@]}"

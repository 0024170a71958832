#!/usr/bin/env bash
# Counts the instructions the KernelTimePass executes on the large CUDA
# file's IR (bench/gen-large-cu.py, 240 kernels), per plugin build, under
# valgrind's callgrind (collection on inside KernelTimePass::run only). A
# count, not a time: the same on a loaded or a quiet machine, so two builds
# compare exactly where timed A/B runs on this shared machine disagree by
# tens of percent. It does not see cache misses, so a change that saves
# memory traffic saves more time than its count says. Results are in
# docs/performance.md.
#
#   bash bench/pass-instructions.sh PLUGIN.so [PLUGIN.so...] [-- OPT-OPTION...]
#
# Options after -- go to opt (for example -ktime-launch-file=FILE, or
# -pass-remarks-analysis=kernel-time). Needs valgrind (apt-get install
# valgrind) and the CUDA SDK (/usr/local/cuda or $CUDA_PATH) for the headers.
set -euo pipefail
cd "$(dirname "$0")/.."
plugins=()
while (($#)) && [[ $1 != -- ]]; do
  plugins+=("$1")
  shift
done
(($#)) && shift
if ((${#plugins[@]} == 0)); then
  echo "usage: bash bench/pass-instructions.sh PLUGIN.so [PLUGIN.so...] [-- OPT-OPTION...]" >&2
  exit 2
fi
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
bin=/usr/lib/llvm-22/bin
cuda=${CUDA_PATH:-/usr/local/cuda}
[[ -d $cuda/include ]] || { echo "no CUDA SDK at $cuda (set CUDA_PATH)" >&2; exit 2; }
for p in "${plugins[@]}"; do
  [[ -f $p ]] || { echo "no plugin at $p" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 bench/gen-large-cu.py --copies 6 "$work/large.cu" "$work/large.launches" 2>/dev/null
$bin/clang++ -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only --cuda-path="$cuda" \
  -Wno-unknown-cuda-version -O3 -emit-llvm -S -o "$work/large.ll" "$work/large.cu"
# Options may name the launch file of the generated file.
opts=("${@//@LAUNCHES@/$work/large.launches}")

echo "Instructions executed inside KernelTimePass::run, opt on the large file's IR"
echo "(callgrind; options: ${*:-none})"
echo
echo "| plugin | instructions (millions) | / first |"
echo "| --- | --- | --- |"
first=""
for p in "${plugins[@]}"; do
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
    --toggle-collect='ktime::KernelTimePass::run*' \
    $bin/opt -load-pass-plugin="$p" -passes=kernel-time -disable-output \
    "${opts[@]}" "$work/large.ll" 2> "$work/log" ||
    { echo "failed: $p" >&2; cat "$work/log" >&2; exit 1; }
  n=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log")
  [[ -n $n ]] || { echo "no count for $p" >&2; exit 1; }
  first=${first:-$n}
  awk -v p="$p" -v n="$n" -v f="$first" \
    'BEGIN { printf "| %s | %.1f | %.3f |\n", p, n / 1e6, n / f }'
done

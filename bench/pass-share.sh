#!/usr/bin/env bash
# The KernelTimePass's share of its own compile, per plugin build: its CPU
# time over the rest of the -ftime-report total of the same clang -O3
# device compile of the large CUDA file (bench/gen-large-cu.py). A ratio
# within one process, so the machine's speed changes (a shared VM that
# runs at two speeds) cancel out; -ftime-report slows the compile, so the
# share understates the overhead against a compile without it. Builds are
# interleaved ABBA. Prints the median share per build. Results are in
# docs/performance.md.
#
#   bash bench/pass-share.sh RUNS PLUGIN_A.so PLUGIN_B.so
#
# Needs the CUDA SDK (/usr/local/cuda or $CUDA_PATH) for the headers.
set -euo pipefail
cd "$(dirname "$0")/.."
if (($# != 3)); then
  echo "usage: bash bench/pass-share.sh RUNS PLUGIN_A.so PLUGIN_B.so" >&2
  exit 2
fi
runs=$1 a=$2 b=$3
cuda=${CUDA_PATH:-/usr/local/cuda}
[[ -d $cuda/include ]] || { echo "no CUDA SDK at $cuda (set CUDA_PATH)" >&2; exit 2; }
for p in "$a" "$b"; do [[ -f $p ]] || { echo "no plugin at $p" >&2; exit 2; }; done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/gen-large-cu.py --copies 6 "$work/large.cu" "$work/large.launches" 2>/dev/null
dev=(-x cuda --cuda-gpu-arch=sm_80 --cuda-device-only --cuda-path="$cuda"
     -Wno-unknown-cuda-version -O3)

# The pass's and the largest total's user+system seconds of one report.
share() {
  python3 -c '
import re, sys
pass_s, total = None, 0.0
for line in sys.stdin:
    m = re.match(r"\s*([0-9.]+) \(.*?\)\s+([0-9.]+) \(.*?\)\s+([0-9.]+) \(.*?\)"
                 r"\s+([0-9.]+) \(.*?\)\s+(.*)$", line)
    if not m:
        continue
    if "KernelTimePass" in m.group(5) and pass_s is None:
        pass_s = float(m.group(3))
    if m.group(5).strip() == "Total":
        total = max(total, float(m.group(3)))
print("%.3f" % (100 * pass_s / (total - pass_s)))'
}
for _ in $(seq "$runs"); do
  for p in "$a" "$b" "$b" "$a"; do
    echo "$p $(/usr/lib/llvm-22/bin/clang++ "${dev[@]}" -fpass-plugin="$p" -S \
      -o /dev/null "$work/large.cu" -ftime-report 2>&1 >/dev/null | share)"
  done
done > "$work/shares"
echo "KernelTimePass over the rest of its compile, medians of $((2 * runs)) compiles each"
echo
echo "| plugin | share (%) |"
echo "| --- | --- |"
for p in "$a" "$b"; do
  echo "| $p | $(awk -v p="$p" '$1 == p {print $2}' "$work/shares" | sort -n |
    awk '{v[NR]=$1} END {print v[int((NR + 1) / 2)]}') |"
done

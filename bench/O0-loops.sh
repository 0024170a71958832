#!/usr/bin/env bash
# How the pass's time grows with the number of loops of an -O0 (optnone)
# kernel, which it analyses through the canonicalised copy: one kernel in
# clang's -O0 shape with N sequential loops
# (test/robustness/Inputs/gen-O0-loops.awk), for each N given. Prints
# KernelTimePass's CPU time (opt -time-passes, median of RUNS runs) and,
# with COUNT=1 in the environment, the instructions it executes (callgrind,
# collection on inside KernelTimePass::run only: the same on a loaded or a
# quiet machine). OPT_ARGS in the environment adds options to opt (for
# example -ktime-rotate-with-tree). Results are in docs/performance.md.
#
#   [COUNT=1] [OPT_ARGS=...] bash bench/O0-loops.sh PLUGIN.so RUNS N...
#
# Needs valgrind (apt-get install valgrind) for COUNT=1.
set -euo pipefail
cd "$(dirname "$0")/.."
if (($# < 3)); then
  echo "usage: bash bench/O0-loops.sh PLUGIN.so RUNS N..." >&2
  exit 2
fi
plugin=$1 runs=$2
shift 2
[[ -f $plugin ]] || { echo "no plugin at $plugin" >&2; exit 2; }
bin=/usr/lib/llvm-22/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r -a opt_args <<< "${OPT_ARGS:-}"
# median, pass_cpu
. bench/timing.sh

count() { # the instructions inside KernelTimePass::run on $1
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
    --toggle-collect='ktime::KernelTimePass::run*' \
    $bin/opt -load-pass-plugin="$plugin" -passes=kernel-time -disable-output \
    "${opt_args[@]}" "$1" 2> "$work/log" || { cat "$work/log" >&2; exit 1; }
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
}

echo "KernelTimePass on one optnone kernel with N loops (gen-O0-loops.awk), $plugin${OPT_ARGS:+, opt $OPT_ARGS}"
echo
if [[ ${COUNT:-0} == 1 ]]; then
  echo "| loops | CPU (ms, median of $runs) | instructions (millions) |"
  echo "| --- | --- | --- |"
else
  echo "| loops | CPU (ms, median of $runs) |"
  echo "| --- | --- |"
fi
for n in "$@"; do
  awk -v N="$n" -f test/robustness/Inputs/gen-O0-loops.awk > "$work/O0.ll"
  ms=$(for _ in $(seq "$runs"); do
         pass_cpu 1000 $bin/opt -load-pass-plugin="$plugin" -passes=kernel-time \
           -time-passes -disable-output "${opt_args[@]}" "$work/O0.ll"
       done | median)
  if [[ ${COUNT:-0} == 1 ]]; then
    awk -v n="$n" -v t="$ms" -v c="$(count "$work/O0.ll")" \
      'BEGIN { printf "| %d | %.0f | %.1f |\n", n, t, c / 1e6 }'
  else
    awk -v n="$n" -v t="$ms" 'BEGIN { printf "| %d | %.0f |\n", n, t }'
  fi
done

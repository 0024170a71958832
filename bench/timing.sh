# Timing helpers the bench scripts share; source it after setting RUNS in
# $runs:
#   median          the median of the numbers on standard input
#   time_ms CMD...  the median wall-clock milliseconds of $runs runs of CMD
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
time_ms() {
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    echo $(( ($(date +%s%N) - start) / 1000000 ))
  done | median
}

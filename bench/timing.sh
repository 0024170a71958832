# Timing helpers the bench scripts share; source it after setting RUNS in
# $runs:
#   median          the median of the numbers on standard input
#   time_ms CMD...  the median wall-clock milliseconds of $runs runs of CMD
#   pass_cpu UNIT CMD...  KernelTimePass's User+System time in the timing
#                   report CMD prints (-ftime-report, -time-passes), times
#                   UNIT (1: seconds, 1000: milliseconds)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
time_ms() {
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    echo $(( ($(date +%s%N) - start) / 1000000 ))
  done | median
}
pass_cpu() {
  local unit=$1
  shift
  "$@" 2>&1 >/dev/null |
    awk -v u="$unit" '!found && /ktime::KernelTimePass/ { gsub(/\([^)]*\)/, ""); print $3 * u; found = 1 }'
}

#!/usr/bin/env bash
# The README's second command (and what .ci/run calls): installs what is
# missing, builds KernelTime and runs every lit and gtest test, then prints
# one summary line "N passed, M failed".
#   bash utils/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash utils/install-deps.sh
bash utils/build.sh
log=build/check.log
status=0
cmake --build build --target check 2>&1 | tee "$log" || status=$?
passed=$(sed -n 's/^ *Passed: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
failed=$(sed -n 's/^ *Failed: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
if [ -n "$passed$failed" ]; then
  echo "${passed:-0} passed, ${failed:-0} failed"
fi
exit "$status"

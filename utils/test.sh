#!/usr/bin/env bash
# The README's second command (and what .ci/run calls): installs what is
# missing, builds KernelTime and runs every lit and gtest test.
#   bash utils/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash utils/install-deps.sh
bash utils/build.sh
cmake --build build --target check

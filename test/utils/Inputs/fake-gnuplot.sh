#!/bin/sh
# A gnuplot that always fails, for test/utils/ktime-failures.test.
echo "fake gnuplot: cannot draw" >&2
exit 1

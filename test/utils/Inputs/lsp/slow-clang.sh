#!/bin/sh
# A compiler that never finishes in time, for the language server's time
# limit (test/utils/ktime-lsp-protocol.test): it starts a child that
# sleeps, as a compiler driver may start its jobs, and waits for it.
sleep 300 &
wait

#!/usr/bin/env bash
# The safety policy (docs/safety.md) holds: raw pointers only in the modules it lists, and a stated
# reason above every `@unchecked Sendable` and `nonisolated(unsafe)` declaration.
# The last line is "N passed, N failed"; the exit status is 1 on failure.
#
#   Tests/safety.sh
set -u
cd "$(dirname "$0")/.."
if python3 Tests/safety_check.py .; then
    echo "PASS the safety policy holds"
    echo "1 passed, 0 failed"
else
    echo "FAIL the safety policy does not hold (above)"
    echo "0 passed, 1 failed"
    exit 1
fi

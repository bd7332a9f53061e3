#!/usr/bin/env bash
# Fuzzing as part of the suite: first the regression corpus (Tests/fuzz/corpus/, minimized reproducers
# of every defect class found so far, plus generated large inputs), then fixed-seed campaigns of mutated
# scene files and images (Tests/fuzz/scene_fuzz.py, image_fuzz.py). Any crash, hang, memory blow-up,
# message that is not one clean line naming the file, or wrong exit code fails.
# Usage: Tests/fuzz.sh [PATH_TO_LAYERSCOPE]   (default: $LAYERSCOPE, else the release build's binary)
# FUZZ_SCENES / FUZZ_IMAGES set the campaign sizes; FUZZ_KEEP=1 keeps the defective inputs.
# The last line is "N passed, N failed"; the exit status is 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
bin=${1:-${LAYERSCOPE:-$(swift build -c release --show-bin-path 2>/dev/null)/layerscope}}
[ -x "$bin" ] || { echo "no layerscope binary at $bin"; echo "0 passed, 1 failed"; exit 1; }
command -v python3 >/dev/null || { echo "FAIL python3 is needed"; echo "0 passed, 1 failed"; exit 1; }
scenes=${FUZZ_SCENES:-1600}; images=${FUZZ_IMAGES:-1000}
out=$(mktemp -d)
[ "${FUZZ_KEEP:-0}" = 1 ] || trap 'rm -rf "$out"' EXIT
pass=0; fail=0

# The corpus: one PASS/FAIL line per input.
for fuzzer in scene image; do
  python3 Tests/fuzz/${fuzzer}_fuzz.py --binary "$bin" --corpus-only --out "$out/$fuzzer-corpus" >"$out/$fuzzer-corpus.log"
  grep -E '^(PASS|FAIL) ' "$out/$fuzzer-corpus.log"
  pass=$((pass + $(grep -c '^PASS ' "$out/$fuzzer-corpus.log")))
  fail=$((fail + $(grep -c '^FAIL ' "$out/$fuzzer-corpus.log")))
done

# The campaigns: fixed seeds, so every run tries the same inputs.
campaign() {
  local fuzzer=$1 count=$2
  if python3 Tests/fuzz/${fuzzer}_fuzz.py --binary "$bin" --no-corpus --seed 1 --count "$count" --quiet \
       --out "$out/$fuzzer" >"$out/$fuzzer.log"; then
    echo "PASS $fuzzer fuzz: $(head -1 "$out/$fuzzer.log")"; pass=$((pass + 1))
  else
    echo "FAIL $fuzzer fuzz: $(head -1 "$out/$fuzzer.log")"; sed -n '2,$p' "$out/$fuzzer.log"; fail=$((fail + 1))
  fi
}
campaign scene "$scenes"
campaign image "$images"

[ "$fail" = 0 ] || [ "${FUZZ_KEEP:-0}" = 1 ] || echo "(FUZZ_KEEP=1 keeps the defective inputs and their commands)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

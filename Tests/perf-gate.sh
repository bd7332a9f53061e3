#!/usr/bin/env bash
# The performance gate: callgrind counts the instructions a frame of a fixed set of scenes (the three
# seeds as scene files at 1920x1080, 1,000 squares, 1,000 discs, the emitter, scrolled text, a card
# whose shadow radius is animated, a picture in perspective) and fails when one grows more than 10 %
# over the figure recorded in Tests/perf-gate.json (see Tests/perf_gate.py; `--update` rewrites the
# figures, in the commit that explains the change).
#   LAYERSCOPE=BIN bash Tests/perf-gate.sh [--update] [--only NAME,...]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${LAYERSCOPE:-}
[ -x "$bin" ] || { echo "set LAYERSCOPE to a release layerscope binary (swift build -c release)" >&2; exit 64; }
command -v valgrind >/dev/null || { echo "perf-gate: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3
exec "$python" Tests/perf_gate.py --binary "$bin" "$@"

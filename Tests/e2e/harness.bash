# Shared start of the end-to-end scripts (sourced, not run): the binary under test, a temporary folder,
# and cleanup of every process the script started, by PID only.
#
#   e2e_require "apt-get packages" TOOL...   exits 2 naming the packages when a tool is missing
#   e2e_binary                               sets $bin: $LAYERSCOPE, or a fresh release build
#   $tmp, pids+=(PID)                        removed / ended on exit (KEEP_TMP=1 keeps $tmp)
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
root=$(cd "$here/../.." && pwd)
export SWIFT_BACKTRACE=enable=no

e2e_require() {
    local packages=$1 tool
    shift
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install $packages)"; exit 2; }
    done
}

e2e_binary() {
    bin=${LAYERSCOPE:-}
    if [ -z "$bin" ]; then
        (cd "$root" && swift build -c release --product layerscope >&2) || { echo "release build failed"; exit 2; }
        bin=$(cd "$root" && swift build -c release --show-bin-path)/layerscope
    fi
    [ -x "$bin" ] || { echo "no layerscope binary at $bin"; exit 2; }
}

tmp=$(mktemp -d)
pids=()
e2e_cleanup() {
    local pid alive
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
    for _ in $(seq 50); do
        alive=0
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ $alive = 0 ] && break
        sleep 0.05
    done
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
    if [ -n "${KEEP_TMP:-}" ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}
trap e2e_cleanup EXIT

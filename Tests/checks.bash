# What the Tests/*.sh suites share, sourced from the package root (`. Tests/checks.bash`):
#   check STATUS NAME [DETAIL]  counts a check as passed when STATUS is 0 and prints PASS/FAIL NAME
#   find_binary [PATH]          sets $bin to the absolute path of PATH, else of $LAYERSCOPE, else of the
#                               release build's binary; ends the suite as one failure when there is none
#   scratch_folder              sets $tmp to a new folder, removed when the suite exits, that also holds
#                               the suite's cache (XDG_CACHE_HOME: its Swift scene compiles, not the user's)
pass=0; fail=0
check() { if [ "$1" = 0 ]; then pass=$((pass+1)); echo "PASS $2"; else fail=$((fail+1)); echo "FAIL $2${3:+: $3}"; fi; }
find_binary() {
    bin=${1:-${LAYERSCOPE:-$(swift build -c release --show-bin-path 2>/dev/null)/layerscope}}
    [ -x "$bin" ] || { echo "no layerscope binary at $bin"; echo "0 passed, 1 failed"; exit 1; }
    bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
}
scratch_folder() {
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    export XDG_CACHE_HOME=$tmp/cache
}

#!/usr/bin/env bash
# The one checked conversion: no bare Int(…), Int32(…) or Int64(…) of a floating value is left in Raster,
# Compositor, Typesetting or Overlay except the named ones in Tests/int-conversions.allowed; every other
# conversion of geometry to pixels goes through PixelGrid (Sources/Geometry/PixelGrid.swift), which
# clamps to what can reach the canvas and cannot trap. Labelled conversions (bitPattern:,
# truncatingIfNeeded:, exactly:, clamping:) and comments are not conversions that trap.
# Usage: Tests/int-conversions.sh   The last line is "N passed, N failed"; exit status 0 when none failed.
set -u
cd "$(dirname "$0")/.."
. Tests/checks.bash
allowed=Tests/int-conversions.allowed

# Every conversion, as "FILE:LINE:CODE" with FILE relative to Sources/.
conversions=$(cd Sources && grep -rnE '\b(Int|Int32|Int64)\(' Raster Compositor Typesetting Overlay --include='*.swift' |
    grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' |
    grep -vE '\b(Int|Int32|Int64)\((bitPattern|truncatingIfNeeded|exactly|clamping):')
[ -n "$conversions" ]; check $? "the modules are found and have conversions to look at"

unexplained=()
used=()
while IFS= read -r hit; do
    file=${hit%%:*}
    code=${hit#*:*:}
    explained=0
    index=0
    while read -r pattern_file pattern; do
        index=$((index + 1))
        case "$pattern_file" in ''|'#'*) continue ;; esac
        if { [ "$pattern_file" = '*' ] || [ "$pattern_file" = "$file" ]; } && grep -qE -- "$pattern" <<<"$code"; then
            explained=1
            used[$index]=1
            break
        fi
    done <"$allowed"
    [ $explained = 1 ] || unexplained+=("$hit")
done <<<"$conversions"
[ ${#unexplained[@]} = 0 ]
check $? "every conversion is PixelGrid's or a named exception" "$(printf '\n  %s' "${unexplained[@]}")"

# An exception nothing matches any more is taken out of the list.
stale=()
index=0
while read -r pattern_file pattern; do
    index=$((index + 1))
    case "$pattern_file" in ''|'#'*) continue ;; esac
    [ -n "${used[$index]:-}" ] || stale+=("line $index: $pattern_file $pattern")
done <"$allowed"
[ ${#stale[@]} = 0 ]
check $? "every exception still matches a conversion" "$(printf '\n  %s' "${stale[@]}")"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

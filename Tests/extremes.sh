#!/usr/bin/env bash
# Extreme but valid-looking values and structures that multiply, through the real binary: each small
# scene file renders one frame (exit 0, a PNG) or is refused with one line (exit 1); none traps, takes
# more than 10 s or more than 1 GB (see docs/budgets.md for the limits they meet).
# Usage: Tests/extremes.sh [PATH_TO_LAYERSCOPE]   (default: $LAYERSCOPE, else the release build's binary)
# The last line is "N passed, N failed"; the exit status is 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
. Tests/checks.bash
find_binary "${1:-}"
command -v python3 >/dev/null || { echo "python3 is needed to write the scenes"; echo "0 passed, 1 failed"; exit 1; }
scratch_folder

# The scenes, one JSON file each, named for what they try.
python3 - "$tmp" "$PWD/assets/ship.png" <<'PY'
import json, sys
out, picture = sys.argv[1], sys.argv[2]
def box(**keys):
    layer = {"name": "a", "frame": [10, 10, 80, 60], "backgroundColor": "#ff0000"}
    layer.update(keys)
    return layer
def nested(counts):
    layer = {"name": "leaf", "frame": [0, 0, 4, 4], "backgroundColor": "#00ff00"}
    for depth, count in enumerate(reversed(counts)):
        layer = {"name": "replicator%d" % (len(counts) - depth), "kind": "replicator", "frame": [0, 0, 160, 120],
                 "instanceCount": count, "instanceTransform": {"translation": [1, 0]}, "sublayers": [layer]}
    return [layer]
def emitter(cells, rate):
    return {"name": "fountain", "kind": "emitter", "frame": [0, 0, 160, 120], "emitterPosition": [80, 60],
            "emitterCells": [{"name": "c%d" % i, "birthRate": rate, "lifetime": 2, "velocity": 40,
                              "emissionRange": 6.3, "color": "#ffcc00"} for i in range(cells)]}
perspective = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]
scenes = {
    "shadow-radius-1e9": [box(shadowOpacity=1, shadowRadius=1e9)],
    "shadow-radius-1e6": [box(shadowOpacity=1, shadowRadius=1e6)],
    "shadow-radius-1e4": [box(shadowOpacity=1, shadowRadius=1e4)],
    "shadow-radius-inf-like": [box(shadowOpacity=1, shadowRadius=1.7e308)],
    "shadow-offset-x-1e19": [box(shadowOpacity=1, shadowRadius=2, shadowOffset=[1e19, 0])],
    "shadow-offset-y-1e19": [box(shadowOpacity=1, shadowRadius=2, shadowOffset=[0, -1e19])],
    "shadow-path-perspective": [{"name": "stage", "frame": [0, 0, 160, 120], "sublayerTransform": perspective,
        "sublayers": [box(shadowOpacity=1, shadowRadius=3, shadowPath={"rect": [0, 0, 80, 60]},
                          transform={"rotation": 0.3, "scale": [1e6, 1e6]})]}],
    "shadow-path-perspective-far": [{"name": "stage", "frame": [0, 0, 160, 120], "sublayerTransform": perspective,
        "sublayers": [box(shadowOpacity=1, shadowRadius=3, shadowPath={"rect": [-1e300, -1e300, 2e300, 2e300]})]}],
    "text-y-minus-1e308": [{"name": "t", "kind": "text", "frame": [0, -1e308, 100, 40], "string": "Hello",
                            "fontSize": 12}],
    "text-right-width-1e308": [{"name": "t", "kind": "text", "frame": [0, 0, 1e308, 40], "string": "Hello",
                                "fontSize": 12, "alignmentMode": "right"}],
    "emoji-1000-at-1e6": [{"name": "t", "kind": "text", "frame": [0, 0, 160, 120], "string": "\U0001F600" * 1000,
                           "fontSize": 1e6}],
    "picture-scale-1e15-rotation": [{"name": "p", "frame": [10, 10, 80, 60], "contents": "ship",
                                     "transform": {"rotation": -1e308, "scale": [1e15, 1e15]}}],
    "picture-scale-y-1e15-rotation": [{"name": "p", "frame": [10, 10, 80, 60], "contents": "ship",
                                       "transform": {"rotation": -1e308, "scale": [1, 1e15]}}],
    "picture-scale-1e15": [{"name": "p", "frame": [10, 10, 80, 60], "contents": "ship",
                            "transform": {"rotation": 0.5, "scale": [1e15, 1e15]}}],
    "replicators-2x10000": nested([10000, 10000]),
    "replicators-3x100": nested([100, 100, 100]),
    "replicators-20x2": nested([2] * 20),
    "emitter-50-cells-1e6": [emitter(50, 1e6)],
}
for name, layers in scenes.items():
    scene = {"size": [160, 120], "images": {"ship": picture}, "layers": layers}
    json.dump(scene, open("%s/%s.json" % (out, name), "w"))
sets = [{"at": i * 1e-6, "set": {"layer": "box", "opacity": (i % 100) / 100}} for i in range(100000)]
scene = {"size": [160, 120], "layers": [emitter(1, 100), {"name": "box", "frame": [0, 0, 10, 10],
                                                            "backgroundColor": "#0000ff"}], "timeline": sets}
json.dump(scene, open("%s/timeline-100000-sets-emitter.json" % out, "w"))
PY

# render NAME: one frame at 0.5 s under a 10 s and 1 GB watch; sets $status, $out (stderr without notes),
# $seconds and $kilobytes.
render() {
    /usr/bin/time -f '%e %M' -o "$tmp/$1.time" timeout -s KILL 10 \
        "$bin" render --scene "$tmp/$1.json" --at 0.5 --out "$tmp/$1.png" >/dev/null 2>"$tmp/$1.err"
    status=$?
    out=$(grep -v '^note: ' "$tmp/$1.err")
    read -r seconds kilobytes < <(tail -1 "$tmp/$1.time")
}

for scene in "$tmp"/*.json; do
    name=$(basename "$scene" .json)
    render "$name"
    within=$(awk -v s="${seconds:-99}" -v k="${kilobytes:-0}" 'BEGIN { print (s <= 10 && k <= 1048576) ? 0 : 1 }')
    if [ "$status" = 0 ]; then
        [ "$within" = 0 ] && [ -s "$tmp/$name.png" ] && [ -z "$out" ]
    else
        [ "$status" = 1 ] && [ "$within" = 0 ] && [ "$(printf '%s\n' "$out" | grep -c .)" = 1 ]
    fi
    check $? "$name: exit $status in ${seconds:-?} s, ${kilobytes:-?} kB${out:+, \"$out\"}" "$(head -c 300 <<<"$out")"
done

# record draws its frames as render does: a picture scaled and turned to the extremes, and nested
# replicators refused with the same one line.
record() {
    timeout -s KILL 20 "$bin" record --scene "$tmp/$1.json" --out "$tmp/$1-frames" --fps 10 --duration 0.3 \
        >/dev/null 2>"$tmp/$1.record.err"
    status=$?
    out=$(grep -v '^note: ' "$tmp/$1.record.err")
}
record picture-scale-y-1e15-rotation
[ "$status" = 0 ] && [ "$(ls "$tmp/picture-scale-y-1e15-rotation-frames" | wc -l)" = 3 ]
check $? "record of picture-scale-y-1e15-rotation: exit $status, three frames" "$out"
record replicators-2x10000
[ "$status" = 1 ] && [ "$(printf '%s\n' "$out" | grep -c .)" = 1 ] && [[ $out == *"replicators-2x10000.json: layer 'replicator1'"* ]]
check $? "record of replicators-2x10000: exit 1 with one line naming the file and the layer" "$status: $out"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

#!/usr/bin/env bash
# Swift scene benchmark: (1) the first compile of a new 100-line scene (a fresh cache each time, so
# the compiler runs; `render --at 0` from start to exit, and the compile time the binary reports),
# and the same render again from the cache; (2) edit to new frame in the viewer: the scene is saved
# with a new colour (written to a temporary name and renamed, as editors do) and the time is taken
# until the viewer logs the reload and until an xwd screenshot of its window shows the new colour.
# Each measurement is repeated RUNS times; the median and the largest are printed.
#
#   Tests/e2e/swift-scenes-bench.sh                 # builds the release binary first
#   LAYERSCOPE=path/to/layerscope RUNS=5 Tests/e2e/swift-scenes-bench.sh
#
# Needs (Debian): xvfb xdotool x11-apps python3.
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool x11-apps python3" Xvfb xdotool xwd python3
e2e_binary
runs=${RUNS:-5}
now() { date +%s.%N; }
stats() { python3 -c 'import sys, statistics; v = [float(x) for x in sys.argv[1:]]; print(f"median {statistics.median(v):.2f} s, max {max(v):.2f} s ({len(v)} runs)")' "$@"; }

# write_scene FILE RED_BYTE SALT: a 100-line scene (a grid of 24 animated layers built line by line),
# its background colour RED_BYTE/255 of red; SALT, in a comment, makes each version's text new.
write_scene() {
  {
    echo "// benchmark scene, version $3"
    echo "import LayerKit"
    echo "import Scenes"
    echo ""
    echo "final class Grid: SceneScript {"
    echo "    required init() {}"
    echo ""
    echo "    func setUp(root: CALayer) {"
    echo "        root.backgroundColor = UIColor(red: $2.0 / 255, green: 0, blue: 0, alpha: 1).cgColor"
    for i in $(seq 0 23); do
      echo "        addTile($i, to: root)"
    done
    echo "    }"
    echo ""
    echo "    func addTile(_ index: Int, to root: CALayer) {"
    echo "        let tile = CAShapeLayer()"
    echo "        tile.name = \"tile\\(index)\""
    echo "        tile.frame = CGRect(x: 20 + CGFloat(index % 6) * 50, y: 20 + CGFloat(index / 6) * 50, width: 40, height: 40)"
    echo "        tile.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)).cgPath"
    echo "        tile.fillColor = UIColor(white: CGFloat(index) / 24, alpha: 1).cgColor"
    echo "        root.addSublayer(tile)"
    echo "        let spin = CABasicAnimation(keyPath: \"transform.rotation\")"
    echo "        spin.byValue = NSNumber(value: Double.pi)"
    echo "        spin.duration = 1 + Double(index) / 10"
    echo "        tile.add(spin, forKey: \"spin\")"
    echo "        let fade = CABasicAnimation(keyPath: \"opacity\")"
    echo "        fade.fromValue = 0.2"
    echo "        fade.toValue = 1"
    echo "        fade.duration = 2"
    echo "        tile.add(fade, forKey: \"fade\")"
    echo "    }"
    echo ""
    echo "    var actions: [String] { [\"start\", \"stop\"] }"
    echo ""
    echo "    func perform(_ action: String) {"
    echo "        switch action {"
    echo "        case \"stop\":"
    echo "            print(\"stop\")"
    echo "        default:"
    echo "            break"
    echo "        }"
    echo "    }"
    echo "}"
    for i in $(seq 1 36); do echo "// padding line $i"; done
  } >"$1.tmp"
  mv "$1.tmp" "$1"
}
write_scene "$tmp/grid.swift" 200 0
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run; scene: $(wc -l <"$tmp/grid.swift") lines"

# 1. First compile (a new cache each run) and the cached run.
firsts=(); reported=(); cached=()
for run in $(seq "$runs"); do
  export XDG_CACHE_HOME=$tmp/cache-$run
  write_scene "$tmp/grid.swift" 200 "first-$run"
  start=$(now)
  "$bin" render --scene "$tmp/grid.swift" --size 400x300 --at 0 --out "$tmp/first.png" >/dev/null 2>"$tmp/err" ||
    { echo "render failed: $(cat "$tmp/err")"; exit 1; }
  firsts+=("$(python3 -c "print($(now) - $start)")")
  reported+=("$(sed -nE 's/^note: compiled .* in ([0-9.]+) s$/\1/p' "$tmp/err")")
  start=$(now)
  "$bin" render --scene "$tmp/grid.swift" --size 400x300 --at 0 --out "$tmp/again.png" >/dev/null 2>&1
  cached+=("$(python3 -c "print($(now) - $start)")")
done
echo "first compile, render --at 0 start to exit: $(stats "${firsts[@]}")"
echo "first compile, compile alone (as reported): $(stats "${reported[@]}")"
echo "cached, render --at 0 start to exit:        $(stats "${cached[@]}")"

# 2. Edit to new frame in the viewer.
export XDG_CACHE_HOME=$tmp/cache-viewer
e2e_start_xvfb
write_scene "$tmp/grid.swift" 200 viewer-0
log=$tmp/viewer.log
DISPLAY=$display "$bin" view --scene "$tmp/grid.swift" --size 400x300 --paused --no-hud >"$log" 2>&1 &
viewer_pid=$!
pids+=("$viewer_pid")
e2e_find_window "$viewer_pid" || { echo "no viewer window"; cat "$log"; exit 1; }
logged=(); shown=()
for run in $(seq "$runs"); do
  red=$((40 + run * 30))
  want=$(printf '%02x0000' "$red")
  reloads=$(grep -c '^scene file: reloaded' "$log")
  start=$(now)
  write_scene "$tmp/grid.swift" "$red" "viewer-$run"
  until [ "$(grep -c '^scene file: reloaded' "$log")" -gt "$reloads" ]; do sleep 0.01; done
  logged+=("$(python3 -c "print($(now) - $start)")")
  until x xwd -id "$wid" -silent -out "$tmp/shot.xwd" && [ "$(python3 "$here/xwdtool.py" pixel "$tmp/shot.xwd" 2 2)" = "$want" ]; do :; done
  shown+=("$(python3 -c "print($(now) - $start)")")
done
echo "edit to reload logged in the viewer:        $(stats "${logged[@]}")"
echo "edit to new frame on screen (xwd):          $(stats "${shown[@]}")"
grep '^scene file: reloaded' "$log" | sed 's/^/  viewer: /'

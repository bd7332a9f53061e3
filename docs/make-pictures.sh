#!/usr/bin/env bash
# Makes the pictures in docs/images/ with Layerscope itself: the real viewer under an Xvfb of its own,
# driven with xdotool, its window captured with xwd and converted with ffmpeg. Run it again when the
# viewer's look changes, and commit what changed.
#
#   docs/make-pictures.sh                          # builds the release binary first
#   LAYERSCOPE=path/to/layerscope docs/make-pictures.sh
#
# Needs: xvfb xdotool x11-apps (xwd) ffmpeg python3. Writes:
#   viewer.png      (an animated PNG) the viewer playing docs/images/demo.json with the inspector open (stepped frame by frame)
#   inspector.png   the inspector: the timeline's rows and the selected animation's time chain
#   easing.png      the easing editor on the card's curve, beside the timeline
#   keymap.png      the key map (?)
#   headless.png    `layerscope render` of the same scene at 0.8 s (no viewer)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
out=$repo/docs/images
for tool in Xvfb xdotool xwd ffmpeg; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install xvfb xdotool x11-apps ffmpeg)" >&2; exit 2; }
done
bin=${LAYERSCOPE:-}
if [ -z "$bin" ]; then
    swift build -c release --product layerscope >&2
    bin=$(swift build -c release --show-bin-path)/layerscope
fi

tmp=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT

# An X server of our own on the first free display number from 90.
display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1600x1200x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
export DISPLAY=:$display
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.05; done 2>/dev/null || sleep 1
export XDG_CACHE_HOME=$tmp/cache LAYERSCOPE_RECORDINGS=$tmp

# viewer LOG ARGS...: starts `layerscope view ARGS`, sets $viewer and $wid once its window is mapped.
viewer() {
    local log=$1
    shift
    "$bin" view "$@" >"$log" 2>&1 &
    viewer=$!
    pids+=("$viewer")
    wid=
    for _ in $(seq 200); do
        wid=$(grep -o '^viewer: window 0x[0-9a-f]*' "$log" | cut -d' ' -f3 || true)
        [ -n "$wid" ] && break
        sleep 0.05
    done
    [ -n "$wid" ] || { echo "the viewer did not open a window:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.5
}
key() { xdotool key --window "$wid" "$@" 2>/dev/null || true; }
# shot NAME: the window as $tmp/NAME.xwd, once two captures 150 ms apart are the same.
shot() {
    xwd -id "$wid" -silent -out "$tmp/$1.xwd"
    for _ in $(seq 30); do
        sleep 0.15
        xwd -id "$wid" -silent -out "$tmp/$1.next.xwd"
        cmp -s "$tmp/$1.xwd" "$tmp/$1.next.xwd" && break
        mv "$tmp/$1.next.xwd" "$tmp/$1.xwd"
    done
}
png() { ffmpeg -loglevel error -y -i "$tmp/$1.xwd" -pix_fmt rgb24 "$out/$2"; }
quit() { key q; wait "$viewer" 2>/dev/null || true; }

scene=$tmp/demo.json
cp docs/images/demo.json "$scene"

# The inspector, the time chain and the easing editor, paused at 0.8 s.
viewer "$tmp/inspect.log" --scene "$scene" --paused --seek 0.8
key c
sleep 0.3
# Select the card's row (the first under the axis: 72 pixels below the timeline's top) by its label.
top=$(grep '^layout: picture' "$tmp/inspect.log" | tail -1 | sed 's/.* timeline [0-9]*,\([0-9]*\) .*/\1/')
xdotool mousemove --window "$wid" 40 $((top + 72)) click 1 2>/dev/null
shot inspector && png inspector inspector.png
key e
shot easing && png easing easing.png
quit

# The key map, in a window tall enough for all of it.
viewer "$tmp/keys.log" --scene "$scene" --paused --seek 1 --window 0,0,720,640
key question
shot keymap && png keymap keymap.png
quit

# The animation: the viewer with the inspector open, stepped 6 display-link frames (0.1 s) at a time
# while paused, so every frame is the scene's exact frame at that time.
viewer "$tmp/play.log" --scene "$scene" --paused --seek 0
key c
frames=$tmp/frames
mkdir -p "$frames"
for i in $(seq -w 0 20); do
    shot "f$i"
    ffmpeg -loglevel error -y -i "$tmp/f$i.xwd" -pix_fmt rgb24 "$frames/$i.png"
    key --repeat 6 --delay 15 period
done
quit
size=$(ffprobe -v error -select_streams v -show_entries stream=width,height -of csv=p=0:s=x "$frames/00.png")
ffmpeg -loglevel error -i "$frames/%02d.png" -f rawvideo -pix_fmt rgb24 - |
    python3 docs/tools/apng.py "${size%x*}" "${size#*x}" 10 "$out/viewer.png"

"$bin" render --scene docs/images/demo.json --at 0.8 --out "$out/headless.png" 2>/dev/null
ls -l "$out"/*.png

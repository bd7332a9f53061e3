#!/usr/bin/env bash
# End-to-end tests of recording from the live viewer (key r, the Record button) under an Xvfb started
# here: real keys and clicks through xdotool, the files checked with ffprobe and decoded with ffmpeg.
# Recordings go to a temporary $LAYERSCOPE_RECORDINGS. Then `layerscope record` interrupted by signals
# and refused for lack of disk space (a tmpfs, when the script may mount one). The last line is
# "N passed, N failed"; the exit status is 1 on failure. Takes about 30 s.
#
#   Tests/e2e/recording.sh                 # builds the release binary first
#   LAYERSCOPE=path/to/layerscope Tests/e2e/recording.sh
#
# Tolerances: a recording of T seconds (measured around the two key presses) has 60·T frames ± 10 %
# ± 6 (xdotool's and the server's latency); a decoded H.264 frame matches `render --at` with a mean
# absolute difference below 3 per channel and a PSNR above 35 dB (x264 CRF 23, 4:2:0 chroma).
#
# Needs (Debian): xvfb xdotool x11-utils (xwininfo) ffmpeg (ffmpeg, ffprobe) python3, libx11-dev and a
# C compiler (for wm-close.c, which stands in for the window manager Xvfb lacks).
set -u
source "$(dirname "$0")/harness.bash"
e2e_require "xvfb xdotool x11-utils ffmpeg python3" Xvfb xdotool xwininfo ffmpeg ffprobe python3
e2e_binary

cc_bin=${CC:-$(command -v cc || command -v clang)}
"$cc_bin" -O1 -o "$tmp/wm-close" "$here/wm-close.c" -lX11 || { echo "cannot compile wm-close.c"; exit 2; }
export LAYERSCOPE_ASSETS=${LAYERSCOPE_ASSETS:-$root/assets}
export LAYERSCOPE_RECORDINGS=$tmp/recordings
mkdir -p "$LAYERSCOPE_RECORDINGS"
W=640
H=360

now() { date +%s.%N; }


# start_viewer NAME ARGS...: sets log, viewer_pid and wid, with the pointer inside the window (keyboard
# focus follows it: there is no window manager).
start_viewer() {
    local name=$1; shift
    log=$tmp/$name.log
    DISPLAY=$display "$bin" view --size ${W}x$H "$@" >"$log" 2>&1 &
    viewer_pid=$!
    pids+=("$viewer_pid")
    e2e_find_window "$viewer_pid" || { echo "no window for $name; log:"; cat "$log"; return 1; }
    x xdotool mousemove --window "$wid" $((W - 12)) 12
}
key() { x xdotool key "$1"; }
# The file of the last recording started, and the frame count of the last one saved (from the log).
started_file() { grep '^recording: started ' "$log" | tail -1 | sed -E 's/^recording: started (.*) \([0-9]+x[0-9]+ at .*$/\1/'; }
saved_frames() { grep '^recording: saved ' "$log" | tail -1 | sed -E 's/.* \(([0-9]+) frames, .*/\1/'; }
# probe FILE: "WIDTH HEIGHT RATE DECODED_FRAMES DURATION" (frames counted by decoding every one).
probe() {
    ffprobe -v error -count_frames -select_streams v:0 \
        -show_entries stream=width,height,r_frame_rate,nb_read_frames:format=duration -of default=nw=1:nk=1 "$1" |
        tr '\n' ' '
}
# frame_rgb FILE N OUT: decodes frame N (BT.709, limited range, as written) to raw RGB.
frame_rgb() {
    ffmpeg -v error -y -i "$1" -vf "select=eq(n\,$2),scale=in_color_matrix=bt709:in_range=tv:out_range=pc" \
        -frames:v 1 -f rawvideo -pix_fmt rgb24 "$3"
}
png_rgb() { ffmpeg -v error -y -i "$1" -f rawvideo -pix_fmt rgb24 "$2"; }
# compare A.rgb B.rgb [Y0 Y1]: "MEAN_ABS_DIFF PSNR" over rows Y0..<Y1 (all rows by default).
compare() {
    python3 - "$@" "$W" <<'EOF'
import math, sys
a, b = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
width = int(sys.argv[-1])
rows = [int(v) for v in sys.argv[3:-1]] or [0, len(a) // (3 * width)]
lo, hi = rows[0] * 3 * width, rows[1] * 3 * width
if len(a) != len(b) or hi > len(a):
    print(f"sizes differ: {len(a)} {len(b)} bytes"); sys.exit(0)
diff = sum(abs(p - q) for p, q in zip(a[lo:hi], b[lo:hi]))
squares = sum((p - q) ** 2 for p, q in zip(a[lo:hi], b[lo:hi]))
mse = squares / (hi - lo)
print(f"{diff / (hi - lo):.3f} {99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse):.2f}")
EOF
}
# good_match "MEAN PSNR": mean absolute difference below 3 and PSNR above 35 dB.
good_match() { python3 -c "import sys; m, p = map(float, sys.argv[1].split()); sys.exit(0 if m < 3 and p > 35 else 1)" "$1" 2>/dev/null; }

e2e_start_xvfb
T=1.25
"$bin" render --scene wipe --size ${W}x$H --at $T --out "$tmp/render.png" >"$tmp/render.log" 2>&1 ||
    { echo "render failed: $(head -1 "$tmp/render.log")"; exit 2; }
png_rgb "$tmp/render.png" "$tmp/render.rgb"

# 1. Playing: r, about a second, r. One frame per display-link tick at 60 fps, the scene's size.
start_viewer playing --scene wipe
began=$(now)
key r
sleep 1
key r
ended=$(now)
e2e_wait_for 10 log_has '^recording: saved '
check $? "r starts and r stops a recording; the log names the file and the frames" "$(grep '^recording:' "$log" | tr '\n' '|')"
log_has '^key r: record -> recording t=[0-9.]+$' && log_has '^key r: record -> stopped t=[0-9.]+$' &&
    log_has "^recording: started $LAYERSCOPE_RECORDINGS/layerscope-[0-9-]+\.mp4 \(${W}x$H at 60 fps, without the HUD and toolbar\)$"
check $? "the key's actions and the file in \$LAYERSCOPE_RECORDINGS are logged"
file=$(started_file)
frames=$(saved_frames)
read -r width height rate decoded duration <<<"$(probe "$file")"
[ "$width x $height" = "$W x $H" ] && [ "$rate" = 60/1 ] && [ "$decoded" = "$frames" ]
check $? "the MP4 is ${W}x$H at 60 fps with the $frames frames logged" "$width x $height, $rate, $decoded decoded"
python3 -c "
import sys
seconds, frames, duration = float(sys.argv[2]) - float(sys.argv[1]), int(sys.argv[3]), float(sys.argv[4])
ok = abs(frames - 60 * seconds) <= 0.1 * 60 * seconds + 6 and abs(duration - frames / 60) < 0.05
sys.exit(0 if ok else 1)" "$began" "$ended" "$frames" "$duration"
check $? "frame count ≈ 60 × the seconds between the keys (±10 % ±6), duration = frames / 60" \
    "$frames frames, $duration s, keys $(python3 -c "print(round($ended - $began, 3))") s apart"
key q
e2e_wait_exit "$viewer_pid" 20
check "$([ "$exit_code" = 0 ] && echo 0 || echo 1)" "the viewer closes normally after recording" "exit $exit_code"

# 2. Paused with the HUD and toolbar on screen: the file shows the scene alone, equal to render --at,
# and keeps the wall clock's pace although nothing moves.
start_viewer paused --scene wipe --paused --seek $T
began=$(now)
key r
sleep 0.8
key r
ended=$(now)
e2e_wait_for 10 log_has '^recording: saved '
file=$(started_file)
frames=$(saved_frames)
python3 -c "
import sys
seconds, frames = float(sys.argv[2]) - float(sys.argv[1]), int(sys.argv[3])
sys.exit(0 if abs(frames - 60 * seconds) <= 0.1 * 60 * seconds + 6 else 1)" "$began" "$ended" "${frames:-0}"
check $? "paused, the recording still runs at 60 frames a second of wall clock" "${frames:-none} frames"
frame_rgb "$file" 10 "$tmp/paused.rgb"
result=$(compare "$tmp/paused.rgb" "$tmp/render.rgb")
good_match "$result"
check $? "a recorded frame equals render --at $T without HUD or toolbar (mean diff < 3, PSNR > 35 dB)" "$result"
key Escape
e2e_wait_exit "$viewer_pid" 20

# 2b. The same with --no-hud, where the window redraws only damaged pixels: frames are whole pictures.
start_viewer no-hud --scene wipe --paused --seek $T --no-hud
key r
sleep 0.3
key r
e2e_wait_for 10 log_has '^recording: saved '
file=$(started_file)
frame_rgb "$file" 3 "$tmp/no-hud.rgb"
result=$(compare "$tmp/no-hud.rgb" "$tmp/render.rgb")
good_match "$result"
check $? "with --no-hud too, a recorded frame equals render --at $T" "$result"
key q
e2e_wait_exit "$viewer_pid" 20

# 3. --record-ui: the whole window is in the file (the picture's rows match render, the toolbar is below).
start_viewer ui --scene wipe --paused --seek $T --record-ui
key r
sleep 0.4
key r
e2e_wait_for 10 log_has '^recording: saved '
log_has '^recording: started .* with the HUD and toolbar\)$'
check $? "--record-ui is logged"
file=$(started_file)
frame_rgb "$file" 5 "$tmp/ui.rgb"
toolbar=$(grep '^toolbar: ' "$log" | tail -1 | sed -E 's/^toolbar: [^ ]+ [0-9]+,([0-9]+),.*/\1/')
picture_y=$(grep '^layout: picture ' "$log" | tail -1 | sed -E 's/^layout: picture [0-9]+,([0-9]+) .*/\1/')
# The window's rows: the picture's (below the HUD strip) match render, the toolbar's are there below them.
python3 -c "
import sys
data = open('$tmp/ui.rgb', 'rb').read()
row = 3 * $W
open('$tmp/ui-picture.rgb', 'wb').write(data[$picture_y * row:($picture_y + $H) * row])
sys.exit(0 if len(data) // row > $toolbar > $picture_y + $H else 1)"
taller=$?
middle=$(compare "$tmp/ui-picture.rgb" "$tmp/render.rgb")
[ $taller = 0 ] && good_match "$middle"
check $? "--record-ui records the window: the toolbar below the picture, whose rows match render" "picture at row $picture_y, toolbar at $toolbar; picture rows: $middle"
key q
e2e_wait_exit "$viewer_pid" 20

# 4. The Record button starts and stops too, and its title says what it will do.
start_viewer button --scene wipe
button=$(grep '^toolbar: ' "$log" | tail -1 | tr ';' '\n' | sed -nE 's/^ ?Record ([0-9]+),([0-9]+),([0-9]+),([0-9]+)$/\1 \2 \3 \4/p')
read -r bx by bw bh <<<"$button"
x xdotool mousemove --window "$wid" $((bx + bw / 2)) $((by + bh / 2)) click 1
e2e_wait_for 10 log_has '^button Record: record -> recording t='
check $? "the Record button starts a recording"
e2e_wait_for 5 log_has '^toolbar: .*; Stop rec [0-9]+,'
check $? "while recording the button reads 'Stop rec'"
sleep 0.3
x xdotool click 1
e2e_wait_for 10 log_has '^recording: saved '
log_has '^button Stop rec: record -> stopped t=' && log_has '^toolbar: .*; Record [0-9]+,[0-9]+,[0-9]+,[0-9]+$'
check $? "'Stop rec' stops it and the title returns to 'Record'"
key q
e2e_wait_exit "$viewer_pid" 20

# 5. Quitting while recording completes a playable file: q, Escape, the window closed, SIGINT, SIGTERM,
# and even the window destroyed under the viewer (which then exits with 1, as without recording).
for way in q Escape close SIGINT SIGTERM destroyed; do
    start_viewer "quit-$way" --scene ship
    key r
    e2e_wait_for 5 log_has '^key r: record -> recording'
    sleep 0.4
    case $way in
        q | Escape) key "$way" ;;
        close) x "$tmp/wm-close" "$wid" ;;
        destroyed) x xdotool windowclose "$wid" ;;
        SIG*) kill "-${way#SIG}" "$viewer_pid" ;;
    esac
    expected_exit=0
    [ $way = destroyed ] && expected_exit=1
    e2e_wait_exit "$viewer_pid" 20
    file=$(started_file)
    frames=$(saved_frames)
    read -r width height rate decoded duration <<<"$(probe "$file" 2>/dev/null)"
    [ "$exit_code" = $expected_exit ] && [ -n "$frames" ] && [ "$frames" -gt 10 ] && [ "${decoded:-}" = "$frames" ] &&
        ! ls -A "$LAYERSCOPE_RECORDINGS" | grep -q partial
    check $? "$way while recording: exit $expected_exit, a playable file with every logged frame, no partial file" \
        "exit $exit_code, ${frames:-no} frames logged, ${decoded:-no} decoded"
done

# 6. ffmpeg missing: one clear line in the log, and the viewer keeps running.
log=$tmp/no-ffmpeg.log
DISPLAY=$display PATH=/nonexistent "$bin" view --size ${W}x$H --scene wipe >"$log" 2>&1 &
viewer_pid=$!
pids+=("$viewer_pid")
e2e_wait_for 10 log_has '^viewer: window'
wid=$(x xdotool search --pid "$viewer_pid" 2>/dev/null | head -1)
x xdotool mousemove --window "$wid" $((W - 12)) 12
key r
e2e_wait_for 5 log_has '^key r: record -> failed'
[ "$(grep -c '^recording: cannot start: ffmpeg is needed .*apt-get install ffmpeg' "$log")" = 1 ]
check $? "without ffmpeg, r logs one line saying how to install it" "$(grep '^recording' "$log")"
sleep 0.3
kill -0 "$viewer_pid" 2>/dev/null
check $? "without ffmpeg the viewer keeps running"
key q
e2e_wait_exit "$viewer_pid" 20
[ "$exit_code" = 0 ]
check $? "and closes normally" "exit $exit_code"

# 7. The viewer killed by SIGKILL while recording leaves its hidden temporary file, marked with its PID;
# the next recording started in that folder removes it.
start_viewer killed --scene ship
key r
e2e_wait_for 5 log_has '^recording: started '
sleep 0.3
{ kill -KILL "$viewer_pid"; e2e_wait_exit "$viewer_pid" 20; } 2>/dev/null  # without the shell's "Killed" notice
left=$(ls -A "$LAYERSCOPE_RECORDINGS" | grep "\.partial-$viewer_pid-")
[ -n "$left" ] && [ ! -e "$(started_file)" ]
check $? "SIGKILL while recording leaves only a hidden .NAME.partial-PID-… file" "$(ls -A "$LAYERSCOPE_RECORDINGS" | tr '\n' ' ')"
start_viewer after-kill --scene ship
key r
e2e_wait_for 5 log_has '^recording: started '
key r
e2e_wait_for 10 log_has '^recording: saved '
[ ! -e "$LAYERSCOPE_RECORDINGS/$left" ] && ! ls -A "$LAYERSCOPE_RECORDINGS" | grep -q partial
check $? "the next recording in that folder removes it" "$(ls -A "$LAYERSCOPE_RECORDINGS" | tr '\n' ' ')"
key q
e2e_wait_exit "$viewer_pid" 20

# 8. `layerscope record` interrupted: SIGINT, SIGTERM and SIGQUIT leave nothing, neither the output nor
# its hidden temporary one (a folder of PNGs is renamed into place only when complete); SIGKILL leaves
# the temporary output, marked with the writer's PID, which the next recording into that folder removes.
# `env --default-signal` (coreutils 8.31 or later) undoes the SIGINT and SIGQUIT a script's background job
# would otherwise ignore.
rec=$tmp/rec
mkdir -p "$rec"
partial_has_data() { [ -n "$(find "$rec" -path '*.partial-*' -type f -size +0 2>/dev/null | head -1)" ]; }
# start_record OUT: a long recording into $rec/OUT in the background; returns once its temporary output
# holds data, with record_pid set.
start_record() {
    env --default-signal=INT,QUIT "$bin" record --scene wipe --size 320x180 --duration 600 --out "$rec/$1" \
        >"$tmp/record.log" 2>&1 &
    record_pid=$!
    pids+=("$record_pid")
    e2e_wait_for 10 partial_has_data
}
for out in frames/ clip.mp4; do
    name=${out%/}
    for signal in INT TERM QUIT; do
        start_record "$out"
        { kill "-$signal" "$record_pid"; e2e_wait_exit "$record_pid" 20; } 2>/dev/null
        want=$((128 + $(kill -l $signal)))
        [ "$exit_code" = $want ] && [ -z "$(ls -A "$rec")" ]
        check $? "record --out $out: SIG$signal ends it (exit $want) and leaves nothing" \
            "exit $exit_code; left: $(ls -A "$rec" | tr '\n' ' ')"
    done
    start_record "$out"
    { kill -KILL "$record_pid"; e2e_wait_exit "$record_pid" 20; } 2>/dev/null
    left=$(ls -A "$rec")
    [[ $left == ".${name%.mp4}.partial-$record_pid-"* ]] && [ "$(echo "$left" | wc -l)" = 1 ]
    check $? "record --out $out: SIGKILL leaves only the hidden temporary output, marked with its PID" "left: $left"
    "$bin" record --scene wipe --size 32x18 --duration 0.1 --out "$rec/$out" >"$tmp/record.log" 2>&1
    [ "$(ls -A "$rec")" = "$name" ]
    check $? "record --out $out: the next recording removes it" "left: $(ls -A "$rec" | tr '\n' ' ')"
    rm -rf "${rec:?}/$name"
done

# 9. A recording that cannot fit the disk's free space (a 256 KiB tmpfs) is refused before anything is
# written, naming the frames, the bytes needed and the bytes free: PNG frames counted at their largest,
# MP4 frames at their smallest (8 bytes). Needs the right to mount (root).
small=$tmp/small
mkdir -p "$small"
if mount -t tmpfs -o size=256k tmpfs "$small" 2>/dev/null; then
    trap 'umount "$small" 2>/dev/null; e2e_cleanup' EXIT
    "$bin" record --scene wipe --size 320x240 --duration 1 --out "$small/frames/" >"$tmp/record.log" 2>&1
    status=$?
    [ $status = 1 ] && [ -z "$(ls -A "$small")" ] &&
        grep -qE "^Error: cannot record $small/frames: not enough free space: 60 frames need up to [0-9]+ bytes as PNG files, and its disk has [0-9]+ bytes free$" "$tmp/record.log"
    check $? "a PNG recording too big for the disk is refused with exit 1 and nothing written" "exit $status: $(head -1 "$tmp/record.log")"
    "$bin" record --scene wipe --size 32x18 --fps 100 --duration 1000 --out "$small/clip.mp4" >"$tmp/record.log" 2>&1
    status=$?
    [ $status = 1 ] && [ -z "$(ls -A "$small")" ] &&
        grep -qE "^Error: cannot record $small/clip.mp4: not enough free space: 100000 frames need at least 800000 bytes .*, and its disk has [0-9]+ bytes free$" "$tmp/record.log"
    check $? "an MP4 that cannot fit even at 8 bytes a frame is refused with exit 1 and nothing written" "exit $status: $(head -1 "$tmp/record.log")"
    "$bin" record --scene wipe --size 32x18 --duration 0.1 --out "$small/frames/" >"$tmp/record.log" 2>&1
    [ "$(ls "$small/frames" | wc -l)" = 6 ]
    check $? "a recording that fits is written" "$(head -1 "$tmp/record.log")"
    umount "$small"
else
    echo "SKIP the free-space checks: cannot mount a tmpfs here (they need root)"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

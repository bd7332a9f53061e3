#!/usr/bin/env bash
# Swift scenes (`--scene FILE.swift`) through the real binary: a scene renders exactly the frames of the
# same tree written as a scene file, an edit shows on the next render (and an unchanged file is not
# compiled again), a compile error prints the compiler's FILE.swift:LINE:COL: error and exits 1, the
# three Swift seeds in assets/scenes render byte-identical frames to the built-in scenes, eval, record
# and bench take Swift scenes, and `new` writes a starting scene that renders (never over a file).
# All compiles share one cache folder in the temporary directory.
# Usage: Tests/swift-scenes.sh [PATH_TO_LAYERSCOPE]   (default: $LAYERSCOPE, else the release build's binary)
# The last line is "N passed, N failed"; the exit status is 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
. Tests/checks.bash
find_binary "${1:-}"
scratch_folder
pixel() { python3 Tests/e2e/xwdtool.py pixel-png "$1" "$2" "$3"; }

# A blue box fading in over red, as a Swift scene and as a scene file. Alike write_scene in e2e/swift-scenes.sh
# on purpose: each suite writes the whole scene it checks.
write_fade() { # FILE COLOR_EXPRESSION
  cat > "$1" <<SWIFT
import LayerKit
import Scenes

final class Fade: SceneScript {
    required init() {}

    func setUp(root: CALayer) {
        root.backgroundColor = UIColor.red.cgColor
        let box = CALayer()
        box.name = "box"
        box.frame = CGRect(x: 8, y: 8, width: 32, height: 24)
        box.backgroundColor = $2
        root.addSublayer(box)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        box.add(fade, forKey: "fade")
    }
}
SWIFT
}
write_fade "$tmp/fade.swift" "UIColor.blue.cgColor"
cat > "$tmp/fade.json" <<'JSON'
{ "size": [64, 48],
  "layers": [ { "name": "root", "frame": [0, 0, 64, 48], "backgroundColor": "#ff0000",
                "sublayers": [ { "name": "box", "frame": [8, 8, 32, 24], "backgroundColor": "#0000ff" } ] } ],
  "timeline": [ { "at": 0, "add": { "layer": "box", "key": "fade",
      "animation": { "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1 } } } ] }
JSON

# 1. The Swift scene renders the expected frames.
"$bin" render --scene "$tmp/fade.swift" --size 64x48 --at 0,0.25,0.5,2 --out "$tmp/swift" >/dev/null 2>"$tmp/err"
check $? "render --scene FILE.swift exits 0" "$(head -3 "$tmp/err" | tr '\n' '|')"
grep -q "^note: compiled $tmp/fade.swift in [0-9.]* s$" "$tmp/err"; check $? "the first render compiles the scene (and says so)" "$(cat "$tmp/err")"
"$bin" render --scene "$tmp/fade.json" --at 0,0.25,0.5,2 --out "$tmp/json" >/dev/null 2>&1
same=0; for f in 00000 00001 00002 00003; do cmp -s "$tmp/swift/$f.png" "$tmp/json/$f.png" || same=1; done
check $same "its frames are byte-identical to the same tree as a scene file"
got="$(pixel "$tmp/swift/00000.png" 20 20) $(pixel "$tmp/swift/00002.png" 20 20) $(pixel "$tmp/swift/00003.png" 20 20) $(pixel "$tmp/swift/00003.png" 2 2)"
[ "$got" = "ff0000 7f0080 0000ff ff0000" ]; check $? "the box fades in: red at 0, half blue at 0.5 s, blue at 2 s, red around it" "$got"

# 2. A second run of the same file uses the cache; an edit shows on the next render.
"$bin" render --scene "$tmp/fade.swift" --size 64x48 --at 2 --out "$tmp/again.png" >/dev/null 2>"$tmp/err"
[ $? = 0 ] && [ ! -s "$tmp/err" ] && cmp -s "$tmp/again.png" "$tmp/swift/00003.png"
check $? "an unchanged scene is not compiled again and renders the same frame" "$(cat "$tmp/err")"
write_fade "$tmp/fade.swift" "UIColor.green.cgColor"
"$bin" render --scene "$tmp/fade.swift" --size 64x48 --at 2 --out "$tmp/edited.png" >/dev/null 2>&1
got=$(pixel "$tmp/edited.png" 20 20); [ "$got" = 00ff00 ]; check $? "an edit shows on the next render (the box is green)" "$got"

# 3. A compile error: the compiler's message with the user's path, line and column; exit 1.
sed 's/root.addSublayer(box)/root.addSublayer(bx)/' "$tmp/fade.swift" > "$tmp/broken.swift"
(cd "$tmp" && "$bin" render --scene broken.swift --size 64x48 --at 0 --out b.png >out 2>err); r=$?
first=$(head -1 "$tmp/err")
[ $r = 1 ] && [ "$first" = "broken.swift:13:26: error: cannot find 'bx' in scope" ] && [ ! -e "$tmp/b.png" ]
check $? "a compile error prints 'broken.swift:13:26: error: …' first and exits 1" "exit $r: $first"
[ "$(sed -n 2p "$tmp/err")" = "        root.addSublayer(bx)" ] && tail -1 "$tmp/err" | grep -qx 'Error: broken.swift: the Swift scene does not compile'
check $? "it shows the source line, and the last line says the scene does not compile" "$(tr '\n' '|' <"$tmp/err")"
printf 'import LayerKit\nfinal class Lonely {}\n' > "$tmp/lonely.swift"
out=$("$bin" render --scene "$tmp/lonely.swift" --at 0 --out "$tmp/l.png" 2>&1); r=$?
[ $r = 1 ] && [ "$out" = "Error: $tmp/lonely.swift: declares no class conforming to SceneScript (write: final class NAME: SceneScript)" ]
check $? "a file without a SceneScript class exits 1 naming the file" "exit $r: $out"
out=$("$bin" render --scene "$tmp/missing.swift" --at 0 --out "$tmp/m.png" 2>&1); r=$?
[ $r = 1 ] && [ "$out" = "Error: $tmp/missing.swift: cannot read the file (no such file)" ]
check $? "a missing Swift scene exits 1 naming the file" "exit $r: $out"

# 4. The Swift seeds render the built-in scenes' frames, byte for byte.
times=0,0.5,1,1.25,1.75,2.5,3,3.5,4.2,5.5
for scene in wipe ship reveal; do
  "$bin" render --scene "assets/scenes/$scene.swift" --size 640x360 --at $times --out "$tmp/seed-swift-$scene" >/dev/null 2>"$tmp/err"
  r=$?
  "$bin" render --scene "$scene" --size 640x360 --at $times --out "$tmp/seed-builtin-$scene" >/dev/null 2>&1
  differ=""
  for f in "$tmp/seed-builtin-$scene"/*.png; do cmp -s "$f" "$tmp/seed-swift-$scene/$(basename "$f")" || differ+=" $(basename "$f")"; done
  [ $r = 0 ] && [ -z "$differ" ] && [ "$(ls "$tmp/seed-swift-$scene" | wc -l)" = 10 ]
  check $? "assets/scenes/$scene.swift renders the built-in $scene's frames at $times" "exit $r${differ:+, differ:$differ} $(head -2 "$tmp/err" | tr '\n' '|')"
done
# The custom-drawing scene: its ring is drawn by draw(in:) from the presentation's animated progress (at
# 0 s only the grey track is at 12 o'clock plus 0.3 rad; at 1.25 s, 36 % filled, the gradient's blue).
"$bin" render --scene assets/scenes/progress.swift --size 320x180 --at 0,1.25 --out "$tmp/progress" >/dev/null 2>"$tmp/err"
r=$?
got="$(pixel "$tmp/progress/00000.png" 95 42) $(pixel "$tmp/progress/00001.png" 95 42)"
[ $r = 0 ] && [ "$got" = "33363f 5ca9f7" ]
check $? "assets/scenes/progress.swift draws its ring from the animated progress" "exit $r, pixels $got $(head -2 "$tmp/err" | tr '\n' '|')"
want=$("$bin" eval --scene ship --layer ship --key transform.rotation --at 0.5,1.2,2.5,4 --events 2>/dev/null)
got=$("$bin" eval --scene assets/scenes/ship.swift --layer ship --key transform.rotation --at 0.5,1.2,2.5,4 --events 2>/dev/null)
[ -n "$want" ] && [ "$got" = "$want" ]; check $? "eval --events on ship.swift prints the built-in ship's lines" "$(echo "$got" | tr '\n' '|')"

# 5. record and bench take Swift scenes.
"$bin" record --scene "$tmp/fade.swift" --size 64x48 --fps 4 --duration 1 --out "$tmp/rec" >/dev/null 2>&1
"$bin" render --scene "$tmp/fade.swift" --size 64x48 --at 0.5 --out "$tmp/half.png" >/dev/null 2>&1
[ "$(ls "$tmp/rec" 2>/dev/null | wc -l)" = 4 ] && cmp -s "$tmp/rec/00002.png" "$tmp/half.png"
check $? "record --out DIR writes the Swift scene's frames (frame 2 at 0.5 s equals render --at 0.5)"
out=$("$bin" bench --scene "$tmp/fade.swift" --size 64x48 --frames 5 2>&1)
echo "$out" | grep -qE '^fade 64x48 frames=5 median_ms=[0-9.]+ p95_ms=[0-9.]+$'; check $? "bench prints the Swift scene's line" "$out"

# 6. new NAME.swift writes a starting scene that renders, and never overwrites a file.
(cd "$tmp" && "$bin" new my-first_scene.swift >out 2>err); r=$?
[ $r = 0 ] && grep -q '^final class MyFirstScene: SceneScript {$' "$tmp/my-first_scene.swift"
check $? "new writes my-first_scene.swift declaring MyFirstScene" "exit $r: $(cat "$tmp/err")"
"$bin" render --scene "$tmp/my-first_scene.swift" --size 320x240 --at 0.5 --out "$tmp/new.png" >/dev/null 2>"$tmp/err"
check $? "the new scene compiles and renders" "$(head -2 "$tmp/err" | tr '\n' '|')"
before=$(md5sum <"$tmp/fade.swift")
out=$("$bin" new "$tmp/fade.swift" 2>&1); r=$?
[ $r = 1 ] && [ "$out" = "Error: $tmp/fade.swift: the file already exists (not overwritten)" ] && [ "$(md5sum <"$tmp/fade.swift")" = "$before" ]
check $? "new refuses to overwrite a file (exit 1, file unchanged)" "exit $r: $out"
"$bin" new "$tmp/scene.txt" >/dev/null 2>&1; r=$?
[ $r = 64 ] && [ ! -e "$tmp/scene.txt" ]; check $? "new with a name not ending in .swift is a usage error (64)" "exit $r"
"$bin" new --help | grep -q '^USAGE: layerscope new NAME.swift$'; check $? "new --help shows its usage"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

#!/usr/bin/env bash
# Checks that the library products can be used as a dependency of another package: SwiftPM refuses a
# dependency whose targets use unsafeFlags, so this builds a scratch package that depends on this
# repository by file:// URL and an exact version tag, imports LayerKit and Compositor (and, in a file of
# its own, QuartzCore and UIKit, as pasted iOS code does), and runs it; a second program of that
# package opens the viewer on its own Swift scene (a SceneScript class of its own, through
# `runViewer`) under an Xvfb started here, as docs/embedding.md shows.
# What is checked is the work tree as it is, uncommitted changes included: its files (tracked ones and
# untracked ones not ignored) are committed into a temporary repository and tagged there, so the
# repository itself is left untouched. Debug build; about two minutes.
# Usage: Tests/dependency.sh   The last line is "N passed, N failed"; the exit status is 0 when nothing failed.
set -u
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel) || { echo "not in a git work tree"; echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "PASS $1"; pass=$((pass+1)); }
no() { echo "FAIL $1"; fail=$((fail+1)); }
tag=0.0.0-dependency-check

# The work tree's files, committed and tagged in a repository of their own.
mkdir -p "$tmp/Layerscope"
(cd "$top" && git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done | tar --null -T - -cf -) |
  tar -xf - -C "$tmp/Layerscope"
git -C "$tmp/Layerscope" init -q &&
  git -C "$tmp/Layerscope" add -A &&
  git -C "$tmp/Layerscope" -c user.name=dependency-check -c user.email=dependency-check@localhost \
    commit -qm "work tree under test" &&
  git -C "$tmp/Layerscope" tag "$tag"
if [ $? = 0 ]; then ok "work tree committed and tagged $tag"; else no "work tree committed and tagged $tag"; fi

mkdir -p "$tmp/scratch/Sources/DependencyCheck"
# The two targets' lists are alike on purpose: each names the products a package user of its kind depends on.
cat > "$tmp/scratch/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DependencyCheck",
    dependencies: [.package(url: "file://$tmp/Layerscope", exact: "$tag")],
    targets: [
        .executableTarget(
            name: "DependencyCheck",
            dependencies: [
                .product(name: "LayerKit", package: "Layerscope"),
                .product(name: "Compositor", package: "Layerscope"),
                .product(name: "QuartzCore", package: "Layerscope"),
                .product(name: "UIKit", package: "Layerscope"),
            ]),
        .executableTarget(
            name: "MyScene",
            dependencies: [
                .product(name: "LayerKit", package: "Layerscope"),
                .product(name: "Scenes", package: "Layerscope"),
                .product(name: "Viewer", package: "Layerscope"),
            ]),
    ]
)
SWIFT
cat > "$tmp/scratch/Sources/DependencyCheck/main.swift" <<'SWIFT'
import Compositor
import LayerKit
import Raster

let root = CALayer()
root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
root.backgroundColor = UIColor.white.cgColor
let frame = Bitmap(width: 32, height: 32)
Compositor().render(root, into: frame)
print(frame[16, 16] == 0xFFFF_FFFF ? "white" : "pixel \(frame[16, 16])")
print(pastedCodeKeys())
SWIFT
# Code pasted from iOS with its own imports, in a file of its own.
cat > "$tmp/scratch/Sources/DependencyCheck/Pasted.swift" <<'SWIFT'
import QuartzCore
import UIKit

func pastedCodeKeys() -> String {
    let layer = CAShapeLayer()
    layer.fillColor = UIColor.systemOrange.cgColor
    let spring = CASpringAnimation(keyPath: "position")
    spring.toValue = NSValue(cgPoint: CGPoint(x: UIScreen.main.bounds.midX, y: 10))
    layer.add(spring, forKey: "spring")
    return layer.animationKeys()?.joined() ?? "none"
}
SWIFT

mkdir -p "$tmp/scratch/Sources/MyScene"
cat > "$tmp/scratch/Sources/MyScene/main.swift" <<'SWIFT'
import LayerKit
import Scenes
import Viewer

final class Spinner: SceneScript {
    required init() {}

    func setUp(root: CALayer) {
        let box = CALayer()
        box.frame = CGRect(x: 16, y: 12, width: 32, height: 24)
        box.backgroundColor = UIColor.blue.cgColor
        root.addSublayer(box)
        let spin = CABasicAnimation(keyPath: "transform.rotation")
        spin.byValue = NSNumber(value: Double.pi)
        spin.duration = 1
        box.add(spin, forKey: "spin")
        print("set up \(Int(root.bounds.width))x\(Int(root.bounds.height))")
    }
}

exit(runViewer(Spinner.self, options: ViewerOptions(width: 64, height: 48, noHUD: true, frames: 5)))
SWIFT

# SwiftPM's shared caches, configuration, lock files and the compilers' scratch files are kept in the
# temporary directory too.
mkdir -p "$tmp/tmp"
export TMPDIR="$tmp/tmp"
swiftpm=(--package-path "$tmp/scratch" --cache-path "$tmp/cache" --config-path "$tmp/config"
  --security-path "$tmp/security" --disable-dependency-cache --manifest-cache local)
if swift build "${swiftpm[@]}" >"$tmp/build.log" 2>&1; then
  ok "a package depending on Layerscope $tag (LayerKit, Compositor, QuartzCore, UIKit, Scenes, Viewer) builds"
  out=$("$tmp/scratch/.build/debug/DependencyCheck" 2>&1)
  if [ "$out" = "white"$'\n'"spring" ]; then ok "it renders a white layer, and code importing QuartzCore and UIKit runs"
  else no "it renders a white layer, and code importing QuartzCore and UIKit runs (got: $out)"; fi
else
  no "a package depending on Layerscope $tag (LayerKit, Compositor, QuartzCore, UIKit, Scenes, Viewer) builds: $(grep -m3 'error' "$tmp/build.log" | tr '\n' ' ')"
  no "it renders a white layer, and code importing QuartzCore and UIKit runs (not built)"
fi

# The scratch package's own scene in the viewer, on an X display of its own.
if ! command -v Xvfb >/dev/null; then
  no "its own scene opens in the viewer (Xvfb is not installed: apt-get install xvfb)"
elif [ ! -x "$tmp/scratch/.build/debug/MyScene" ]; then
  no "its own scene opens in the viewer (not built)"
else
  Xvfb -displayfd 3 -screen 0 640x480x24 -nolisten tcp -noreset 3>"$tmp/display" 2>/dev/null &
  xvfb=$!
  for _ in $(seq 100); do [ -s "$tmp/display" ] && break; sleep 0.05; done
  DISPLAY=:$(head -1 "$tmp/display") timeout 60 "$tmp/scratch/.build/debug/MyScene" >"$tmp/view.log" 2>&1
  status=$?
  kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null
  [ $status = 0 ] && grep -q '^set up 64x48$' "$tmp/view.log" && grep -qE '^viewer: window 0x[0-9a-f]+ 64x48 scene Spinner$' "$tmp/view.log" &&
    grep -q '^viewer: closed$' "$tmp/view.log"
  if [ $? = 0 ]; then ok "its own scene (runViewer(Spinner.self, …)) opens in the viewer and closes after 5 frames"
  else no "its own scene opens in the viewer (exit $status: $(tr '\n' '|' <"$tmp/view.log"))"; fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]

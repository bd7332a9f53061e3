#!/usr/bin/env bash
# Layerscope's one entry point.
#   ./run.sh              build (release) and open the viewer on the bundled assets
#   ./run.sh test         install what the tests need, then run every test suite
#   ./run.sh install [PREFIX]  the binary, its man page and shell completions under PREFIX (/usr/local)
#   ./run.sh docs         the API reference (DocC) of LayerKit, Compositor, ImageFiles, Scenes, Viewer in .build/docs/
#   ./run.sh ARGS...      build (release) when needed and run `layerscope ARGS...`
set -euo pipefail
cd "$(dirname "$0")"

say() { printf '%s\n' "$*" >&2; }

# Debian packages: building needs the C libraries; the tests also need an X server, input,
# screenshots, video tools and cairo (the outside oracle for the rasterizer's golden images).
# procps (pgrep) ends every process of an interrupted Swift-scene compile.
build_packages=(pkg-config libpng-dev libjpeg62-turbo-dev libx11-dev libxext-dev libfreetype-dev fonts-dejavu-core procps)
test_packages=(xvfb xdotool x11-apps x11-utils ffmpeg python3 python3-cairo procps valgrind)

install_missing() {
    local missing=()
    for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
    [ ${#missing[@]} = 0 ] && return 0
    if [ "$(id -u)" != 0 ]; then
        say "missing Debian packages: ${missing[*]} (install them with: sudo apt-get install ${missing[*]})"
        exit 1
    fi
    say "installing ${missing[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# True when an X server answers on $DISPLAY (xdpyinfo when installed; otherwise the local socket).
display_reachable() {
    [ -n "${DISPLAY:-}" ] || return 1
    if command -v xdpyinfo >/dev/null; then xdpyinfo >/dev/null 2>&1; return; fi
    case "$DISPLAY" in
        :*) [ -S "/tmp/.X11-unix/X$(echo "${DISPLAY#:}" | cut -d. -f1)" ] ;;
        *) return 0 ;;
    esac
}

release_binary() {
    install_missing "${build_packages[@]}"
    swift build -c release --product layerscope >&2
    printf '%s/layerscope\n' "$(swift build -c release --show-bin-path)"
}

run_tests() {
    install_missing "${build_packages[@]}" "${test_packages[@]}"
    local passed=0 failed=0 failures=()
    suite() {
        local name=$1; shift
        say "== $name"
        if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
    }
    suite "swift format lint" swift format lint --recursive --strict Sources Tests Package.swift
    suite "swift test (debug)" swift test
    local bin
    bin=$(release_binary)
    for script in Tests/*.sh Tests/e2e/*.sh; do
        case "$script" in *-bench.sh) continue ;; esac
        [ -f "$script" ] || continue
        suite "$script" env LAYERSCOPE="$bin" bash "$script"
    done
    say "suites: $passed passed, $failed failed${failures:+ (${failures[*]})}"
    echo "$passed passed, $failed failed"
    [ "$failed" = 0 ]
}

# The release binary and what it needs at run time under $1 (default /usr/local): bin/layerscope, the
# man page, bash, zsh and fish completions, and lib/layerscope/ (the compiled modules and C module maps
# Swift scenes compile against, the bundled assets) and share/layerscope/commit (for --version).
install_layerscope() {
    local prefix=${1:-/usr/local} bin build lib
    bin=$(release_binary)
    build=$(dirname "$bin")
    lib=$prefix/lib/layerscope
    say "installing into $prefix"
    mkdir -p "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
        "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d" "$prefix/share/layerscope" \
        "$lib/Sources" "$lib/Modules"
    cp "$bin" "$prefix/bin/layerscope"
    cp -R "$build/Modules/." "$lib/Modules/"
    cp "$build"/description.json "$build"/swift-version-*.txt "$lib/" 2>/dev/null || true
    cp Package.swift "$lib/"
    mkdir -p "$lib/Sources/Scenes"
    for module in Sources/C*/; do cp -R "$module" "$lib/Sources/"; done
    rm -rf "$lib/assets" && cp -R assets "$lib/assets"
    "$prefix/bin/layerscope" man >"$prefix/share/man/man1/layerscope.1"
    "$prefix/bin/layerscope" completions bash >"$prefix/share/bash-completion/completions/layerscope"
    "$prefix/bin/layerscope" completions zsh >"$prefix/share/zsh/site-functions/_layerscope"
    "$prefix/bin/layerscope" completions fish >"$prefix/share/fish/vendor_completions.d/layerscope.fish"
    git rev-parse HEAD >"$prefix/share/layerscope/commit" 2>/dev/null || rm -f "$prefix/share/layerscope/commit"
    say "installed $prefix/bin/layerscope ($("$prefix/bin/layerscope" --version))"
}

# The API reference (DocC) of the library modules, into .build/docs/ (docs/tools/docc.sh).
build_docs() {
    local bin
    bin=$(release_binary)
    docs/tools/docc.sh "$(dirname "$bin")" .build/docs >&2
    say "wrote .build/docs/ (serve it, e.g. python3 -m http.server -d .build/docs 8000, then open http://localhost:8000/)"
}

case "${1:-}" in
    test) run_tests ;;
    docs) build_docs ;;
    install) shift; install_layerscope "$@" ;;
    "")
        bin=$(release_binary)
        if display_reachable; then
            exec "$bin" view --scene wipe
        fi
        mkdir -p out
        if command -v ffmpeg >/dev/null; then clip=out/wipe.mp4; else clip=out/wipe-frames/; fi
        say "no X display reachable (DISPLAY='${DISPLAY:-}'): recording the wipe scene to $clip instead"
        "$bin" record --scene wipe --out "$clip" --fps 30 --size 960x540
        say "wrote $clip"
        ;;
    *)
        bin=$(release_binary)
        exec "$bin" "$@"
        ;;
esac

import CX11

/// The viewer's keyboard shortcuts, keyed by unshifted X keysym (the design's viewer contract).
enum KeyMap {
    /// The command bound to `keysym`, or nil for an unbound key.
    static func command(forKeysym keysym: KeySym) -> ViewerCommand? {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_s, XK_Return, XK_KP_Enter: .start
        case XK_x, XK_BackSpace: .stop
        case XK_space: .pauseResume
        case XK_period, XK_Right: .stepForward
        case XK_comma, XK_Left: .stepBackward
        case XK_bracketright, XK_Up: .faster
        case XK_bracketleft, XK_Down: .slower
        case XK_c: .toggleCurvePanel
        case XK_h: .toggleHUD
        case XK_l: .toggleLoop
        case XK_Home, XK_KP_Home: .replay
        case XK_slash, XK_question, XK_F1: .toggleKeyMap
        case XK_r: .toggleRecording
        case XK_p: .saveFrame
        case XK_1: .scene(1)
        case XK_2: .scene(2)
        case XK_3: .scene(3)
        case XK_q, XK_Escape: .quit
        default: nil
        }
    }

    /// The key map as the `?` sheet shows it, one binding a line.
    static let help: [String] = [
        "Keys",
        "s / Return      start",
        "x / BackSpace   stop",
        "space           pause / resume",
        ". / Right       one frame forward (paused)",
        ", / Left        one frame back (paused)",
        "] / Up          speed ×2",
        "[ / Down        speed ÷2",
        "Home            replay from scene time 0",
        "l               loop on / off",
        "c               curve panel",
        "h               HUD",
        "r               record",
        "p               save the frame as PNG",
        "1 2 3           built-in scenes",
        "? / F1          this key map",
        "q / Escape      quit",
    ]

    /// A short printable name of `keysym` for the log (`s`, `Return`, `space`, …).
    static func name(ofKeysym keysym: KeySym) -> String {
        guard let cName = XKeysymToString(keysym) else { return String(keysym, radix: 16) }
        return String(cString: cName)
    }
}

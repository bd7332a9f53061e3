import CX11

/// The viewer's keyboard shortcuts, keyed by unshifted X keysym (the design's viewer contract): one
/// table of bindings (the keys, the command, what the key map says) that the dispatch and the `?` sheet
/// both read, so a key is declared once.
enum KeyMap {
    /// One binding: the keys (X keysyms, any of which gives the command, with Shift held when `shift`),
    /// how the sheet names them (an empty label: not a line of its own, as the other Shift+arrows), the
    /// command (nil for a line that only explains, as the mouse's), and what it does.
    struct Binding {
        var keysyms: [Int32]
        var shift = false
        var label = ""
        var command: ViewerCommand?
        var action = ""
        /// An easing-editor key, indented under `e` on the sheet.
        var inEasingEditor = false
    }

    /// Every binding, in the order the sheet lists them: playback, the inspector's and its panels'
    /// (`Inspector.bindings`), then the window's.
    static let bindings: [Binding] =
        [
            Binding(keysyms: [XK_s, XK_Return, XK_KP_Enter], label: "s / Return", command: .start, action: "start"),
            Binding(keysyms: [XK_x, XK_BackSpace], label: "x / BackSpace", command: .stop, action: "stop"),
            Binding(keysyms: [XK_space], label: "space", command: .pauseResume, action: "pause / resume"),
            Binding(
                keysyms: [XK_period, XK_Right], label: ". / Right", command: .stepForward,
                action: "one frame forward (paused)"),
            Binding(
                keysyms: [XK_comma, XK_Left], label: ", / Left", command: .stepBackward,
                action: "one frame back (paused)"),
            Binding(keysyms: [XK_bracketright, XK_Up], label: "] / Up", command: .faster, action: "speed ×2"),
            Binding(keysyms: [XK_bracketleft, XK_Down], label: "[ / Down", command: .slower, action: "speed ÷2"),
            Binding(
                keysyms: [XK_Home, XK_KP_Home], label: "Home", command: .replay, action: "replay from scene time 0"),
            Binding(keysyms: [XK_l], label: "l", command: .toggleLoop, action: "loop on / off"),
        ] + Inspector.bindings + [
            Binding(keysyms: [XK_h], label: "h", command: .toggleHUD, action: "HUD"),
            Binding(keysyms: [XK_r], label: "r", command: .toggleRecording, action: "record"),
            Binding(keysyms: [XK_p], label: "p", command: .saveFrame, action: "save the frame as PNG"),
            Binding(keysyms: [XK_1], label: "1", command: .scene(1), action: "built-in scene 1 (wipe)"),
            Binding(keysyms: [XK_2], label: "2", command: .scene(2), action: "built-in scene 2 (ship)"),
            Binding(keysyms: [XK_3], label: "3", command: .scene(3), action: "built-in scene 3 (reveal)"),
            Binding(
                keysyms: [XK_slash, XK_question, XK_F1], label: "? / F1", command: .toggleKeyMap,
                action: "this key map"),
            Binding(keysyms: [XK_q, XK_Escape], label: "q / Escape", command: .quit, action: "quit"),
        ]

    /// The command bound to `keysym` (with Shift held when `shift`), or nil for an unbound key. A key
    /// bound with Shift takes it; other keys mean the same with Shift as without.
    static func command(forKeysym keysym: KeySym, shift: Bool = false) -> ViewerCommand? {
        let key = Int32(truncatingIfNeeded: keysym)
        if shift, let shifted = bindings.first(where: { $0.shift && $0.keysyms.contains(key) }) {
            return shifted.command
        }
        return bindings.first { !$0.shift && $0.keysyms.contains(key) }?.command
    }

    /// The key map as the `?` sheet shows it: the keys, and what they do (easing-editor keys indented).
    static let help: [(keys: String, action: String)] = bindings.filter { !$0.label.isEmpty }.map {
        (($0.inEasingEditor ? "  " : "") + $0.label, $0.action)
    }

    /// A short printable name of `keysym` for the log (`s`, `Return`, `space`, …).
    static func name(ofKeysym keysym: KeySym) -> String {
        guard let cName = XKeysymToString(keysym) else { return String(keysym, radix: 16) }
        return String(cString: cName)
    }
}

import CX11
import Overlay

/// The viewer's keyboard shortcuts, keyed by unshifted X keysym (the design's viewer contract): one
/// table of bindings (the keys, the command, what the key map says) that the dispatch and the `?` sheet
/// both read, so a key is declared once.
enum KeyMap {
    /// One line of the key map: the keys (X keysyms, any of which gives the command), how the sheet
    /// names them, the command (nil for a line that only explains, as the mouse's), and what it does.
    struct Binding {
        var keysyms: [Int32]
        var label: String
        var command: ViewerCommand?
        var action: String
        /// An easing-editor key, indented under `e` on the sheet.
        var inEasingEditor = false
    }

    /// How far Shift+arrow moves the easing editor's selected control point, in curve units.
    static let nudge = 0.01

    /// Every binding, in the order the sheet lists them.
    static let bindings: [Binding] = [
        Binding(keysyms: [XK_s, XK_Return, XK_KP_Enter], label: "s / Return", command: .start, action: "start"),
        Binding(keysyms: [XK_x, XK_BackSpace], label: "x / BackSpace", command: .stop, action: "stop"),
        Binding(keysyms: [XK_space], label: "space", command: .pauseResume, action: "pause / resume"),
        Binding(
            keysyms: [XK_period, XK_Right], label: ". / Right", command: .stepForward,
            action: "one frame forward (paused)"),
        Binding(
            keysyms: [XK_comma, XK_Left], label: ", / Left", command: .stepBackward, action: "one frame back (paused)"),
        Binding(keysyms: [XK_bracketright, XK_Up], label: "] / Up", command: .faster, action: "speed ×2"),
        Binding(keysyms: [XK_bracketleft, XK_Down], label: "[ / Down", command: .slower, action: "speed ÷2"),
        Binding(keysyms: [XK_Home, XK_KP_Home], label: "Home", command: .replay, action: "replay from scene time 0"),
        Binding(keysyms: [XK_l], label: "l", command: .toggleLoop, action: "loop on / off"),
        Binding(
            keysyms: [XK_c], label: "c", command: .toggleInspector, action: "inspector (timeline rows, time chain)"),
        Binding(keysyms: [XK_h], label: "h", command: .toggleHUD, action: "HUD"),
        Binding(keysyms: [XK_r], label: "r", command: .toggleRecording, action: "record"),
        Binding(keysyms: [XK_p], label: "p", command: .saveFrame, action: "save the frame as PNG"),
        Binding(
            keysyms: [XK_e], label: "e", command: .toggleEasingEditor, action: "easing editor (drag the handles)"),
        Binding(
            keysyms: [XK_Tab], label: "Tab", command: .easing(.nextHandle), action: "other control point",
            inEasingEditor: true),
        Binding(keysyms: [], label: "Shift+arrows", command: nil, action: "nudge it by 0.01", inEasingEditor: true),
        Binding(
            keysyms: [XK_n], label: "n", command: .easing(.nextPreset), action: "next preset", inEasingEditor: true),
        Binding(
            keysyms: [XK_m], label: "m", command: .easing(.nextCompare), action: "next compare curve",
            inEasingEditor: true),
        Binding(
            keysyms: [XK_g], label: "g", command: .easing(.nextSegment), action: "next keyframe interval",
            inEasingEditor: true),
        Binding(
            keysyms: [XK_w], label: "w", command: .easing(.writeBack), action: "write the curve back to the file",
            inEasingEditor: true),
        Binding(keysyms: [XK_1], label: "1", command: .scene(1), action: "built-in scene 1 (wipe)"),
        Binding(keysyms: [XK_2], label: "2", command: .scene(2), action: "built-in scene 2 (ship)"),
        Binding(keysyms: [XK_3], label: "3", command: .scene(3), action: "built-in scene 3 (reveal)"),
        Binding(keysyms: [], label: "wheel", command: nil, action: "zoom the timeline around the pointer"),
        Binding(keysyms: [], label: "middle drag", command: nil, action: "pan the timeline"),
        Binding(
            keysyms: [XK_slash, XK_question, XK_F1], label: "? / F1", command: .toggleKeyMap, action: "this key map"),
        Binding(keysyms: [XK_q, XK_Escape], label: "q / Escape", command: .quit, action: "quit"),
    ]

    /// The command bound to `keysym` (with Shift held when `shift`), or nil for an unbound key.
    static func command(forKeysym keysym: KeySym, shift: Bool = false) -> ViewerCommand? {
        if shift, let nudge = nudge(forKeysym: keysym) { return .easing(nudge) }
        let key = Int32(truncatingIfNeeded: keysym)
        return bindings.first { $0.keysyms.contains(key) }?.command
    }

    /// Shift+arrow: the easing editor's nudge of the selected control point.
    private static func nudge(forKeysym keysym: KeySym) -> EasingEditorCommand? {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Left: .nudge(dx: -nudge, dy: 0)
        case XK_Right: .nudge(dx: nudge, dy: 0)
        case XK_Up: .nudge(dx: 0, dy: nudge)
        case XK_Down: .nudge(dx: 0, dy: -nudge)
        default: nil
        }
    }

    /// The key map as the `?` sheet shows it: the keys, and what they do (easing-editor keys indented).
    static let help: [(keys: String, action: String)] = bindings.map {
        (($0.inEasingEditor ? "  " : "") + $0.label, $0.action)
    }

    /// A short printable name of `keysym` for the log (`s`, `Return`, `space`, …).
    static func name(ofKeysym keysym: KeySym) -> String {
        guard let cName = XKeysymToString(keysym) else { return String(keysym, radix: 16) }
        return String(cString: cName)
    }
}

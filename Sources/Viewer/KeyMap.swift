import CX11
import Overlay

/// The viewer's keyboard shortcuts, keyed by unshifted X keysym (the design's viewer contract).
enum KeyMap {
    /// How far Shift+arrow moves the easing editor's selected control point, in curve units.
    static let nudge = 0.01

    /// The command bound to `keysym` (with Shift held when `shift`), or nil for an unbound key.
    static func command(forKeysym keysym: KeySym, shift: Bool = false) -> ViewerCommand? {
        if shift, let nudge = nudge(forKeysym: keysym) { return .easing(nudge) }
        return switch Int32(truncatingIfNeeded: keysym) {
        case XK_s, XK_Return, XK_KP_Enter: .start
        case XK_x, XK_BackSpace: .stop
        case XK_space: .pauseResume
        case XK_period, XK_Right: .stepForward
        case XK_comma, XK_Left: .stepBackward
        case XK_bracketright, XK_Up: .faster
        case XK_bracketleft, XK_Down: .slower
        case XK_c: .toggleInspector
        case XK_h: .toggleHUD
        case XK_l: .toggleLoop
        case XK_Home, XK_KP_Home: .replay
        case XK_slash, XK_question, XK_F1: .toggleKeyMap
        case XK_r: .toggleRecording
        case XK_p: .saveFrame
        case XK_e: .toggleEasingEditor
        case XK_Tab: .easing(.nextHandle)
        case XK_n: .easing(.nextPreset)
        case XK_m: .easing(.nextCompare)
        case XK_g: .easing(.nextSegment)
        case XK_w: .easing(.writeBack)
        case XK_1: .scene(1)
        case XK_2: .scene(2)
        case XK_3: .scene(3)
        case XK_q, XK_Escape: .quit
        default: nil
        }
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

    /// The key map as the `?` sheet shows it: the keys, and what they do (indented keys work in the
    /// easing editor).
    static let help: [(keys: String, action: String)] = [
        ("s / Return", "start"),
        ("x / BackSpace", "stop"),
        ("space", "pause / resume"),
        (". / Right", "one frame forward (paused)"),
        (", / Left", "one frame back (paused)"),
        ("] / Up", "speed ×2"),
        ("[ / Down", "speed ÷2"),
        ("Home", "replay from scene time 0"),
        ("l", "loop on / off"),
        ("c", "inspector (timeline rows, time chain)"),
        ("h", "HUD"),
        ("r", "record"),
        ("p", "save the frame as PNG"),
        ("e", "easing editor (drag the handles)"),
        ("  Tab", "other control point"),
        ("  Shift+arrows", "nudge it by 0.01"),
        ("  n / m", "next preset / compare curve"),
        ("  g", "next keyframe interval"),
        ("  w", "write the curve back to the file"),
        ("1 2 3", "built-in scenes"),
        ("wheel", "zoom the timeline around the pointer"),
        ("middle drag", "pan the timeline"),
        ("? / F1", "this key map"),
        ("q / Escape", "quit"),
    ]

    /// A short printable name of `keysym` for the log (`s`, `Return`, `space`, …).
    static func name(ofKeysym keysym: KeySym) -> String {
        guard let cName = XKeysymToString(keysym) else { return String(keysym, radix: 16) }
        return String(cString: cName)
    }
}

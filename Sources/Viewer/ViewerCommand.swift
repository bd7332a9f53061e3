import Overlay

/// Something the user asked the viewer to do, by key or toolbar button.
enum ViewerCommand: Equatable, Sendable {
    case start
    case stop
    case pauseResume
    case stepForward
    case stepBackward
    case faster
    case slower
    /// The next preset playback rate: 1, 1/4, 1/10, then 1 again (any other rate goes to 1).
    case nextSpeedPreset
    case toggleInspector
    case toggleHUD
    /// Loop playback from scene time 0 whenever the last animation ends (a demo window), or stop looping.
    case toggleLoop
    /// Go back to scene time 0 and play.
    case replay
    /// Show or hide the key map.
    case toggleKeyMap
    /// Start recording what the window shows, or stop and save the recording in progress.
    case toggleRecording
    /// Saves the scene's frame as a PNG beside the recordings.
    case saveFrame
    /// Show or hide the easing editor.
    case toggleEasingEditor
    /// One of the easing editor's commands (ignored while it is hidden).
    case easing(EasingEditorCommand)
    /// Switch to the built-in scene with this 1-based number (1 wipe, 2 ship, 3 reveal).
    case scene(Int)
    case push
    case pop
    /// One of a Swift scene's own actions, by its name.
    case action(String)
    case quit

    /// The command's name in the stdout log.
    var logName: String {
        switch self {
        case .start: "start"
        case .stop: "stop"
        case .pauseResume: "pause-resume"
        case .stepForward: "step-forward"
        case .stepBackward: "step-backward"
        case .faster: "faster"
        case .slower: "slower"
        case .nextSpeedPreset: "speed-preset"
        case .toggleInspector: "inspector"
        case .toggleHUD: "hud"
        case .toggleLoop: "loop"
        case .replay: "replay"
        case .toggleKeyMap: "key-map"
        case .toggleRecording: "record"
        case .saveFrame: "save-frame"
        case .toggleEasingEditor: "easing-editor"
        case .easing(let command): "easing-" + command.logName
        case .scene(let number): "scene-\(number)"
        case .push: "push"
        case .pop: "pop"
        case .action(let name): "action-\(name)"
        case .quit: "quit"
        }
    }
}

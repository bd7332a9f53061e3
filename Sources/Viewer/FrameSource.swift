import LayerKit
import Raster
import Scenes

/// What the viewer shows: a picture that is a function of media time, plus the actions it responds to.
/// A built-in or file scene drawn by the Compositor is one; a test pattern is another.
protocol FrameSource: AnyObject {
    /// Shown in the title and the HUD.
    var name: String { get }
    /// The picture's natural size in pixels.
    var width: Int { get }
    var height: Int { get }
    /// The toolbar's actions beyond start, stop and pause/resume (e.g. push and pop).
    var extraCommands: [ViewerCommand] { get }
    /// Receives scene log lines and animation delegate callbacks, one line each.
    var log: ((String) -> Void)? { get set }
    /// Brings the picture to `mediaTime` (forwards or backwards).
    func show(mediaTime: Double)
    /// True when showing a later media time would change nothing (the display link can stop).
    var isIdle: Bool { get }
    /// Draws the picture at the last shown media time into `bitmap` (the picture's size or clipped).
    /// With `damageOnly`, a source may redraw only the pixels that differ from what it last drew into
    /// that same bitmap (nothing else may have drawn there since).
    func draw(into bitmap: Bitmap, damageOnly: Bool)
    /// Draws as `draw(into:damageOnly: true)` does and returns the rectangle that changed (empty when
    /// nothing did, nil when it cannot tell: all of it).
    func drawChanges(into bitmap: Bitmap) -> PixelRect?
    /// The layer tree whose animations the inspector shows (nil when there is none).
    var rootLayer: CALayer? { get }
    /// What the scene's timeline and the user did, at media times (the timeline's event marks).
    var events: [SceneEvent] { get }
    /// How long the scene's own schedule runs from media time 0 (its timeline's and autoplay's last
    /// animation), nil when it has none: the timeline's axis spans it from the start.
    var scheduledLength: Double? { get }
    /// The media time at which the root layer's local time is `t` (nil where none is): while the viewer
    /// pauses the tree, through the pause's anchor, so the timeline's rows stay where they were.
    func mediaTime(ofRootTime t: Double) -> Double?
    /// Performs start, stop, push, pop or a scene's own action at the last shown media time; throws
    /// (and does nothing) when the scene's code would trap.
    func perform(_ command: ViewerCommand) throws
    /// Pauses or resumes the picture's own time at the last shown media time (for a layer tree:
    /// Apple's QA1673 recipe on its root layer, logged).
    func setPaused(_ paused: Bool)
    /// What the user did to the picture, at media times (`view --actions-out`).
    var actionLog: ActionLog { get }
    /// Applies and logs an easing edit.
    func retime(_ edit: TimingEdit)
    /// Forgets the logged edits of `edit`'s curve, written into the scene file.
    func forgetEdits(like edit: TimingEdit)
    /// Lets go of what only this picture needs, before the viewer makes the source it switches to: the
    /// thread's engine state, and whatever keeps a layer tree alive by itself.
    func close()
    /// Undoes `close()` when the switch failed: the picture as it was at the last shown media time.
    func reopen()
}

extension FrameSource {
    /// A picture that is a pure function of media time pauses with the viewer's clock alone.
    func setPaused(_ paused: Bool) {}
    /// Such a picture is drawn whole.
    func drawChanges(into bitmap: Bitmap) -> PixelRect? {
        draw(into: bitmap, damageOnly: false)
        return nil
    }
    /// Such a picture has no timeline.
    var events: [SceneEvent] { [] }
    var scheduledLength: Double? { nil }
    func mediaTime(ofRootTime t: Double) -> Double? { t }
    /// Such a picture holds nothing that outlives it, and takes no actions.
    func close() {}
    func reopen() {}
    var actionLog: ActionLog { ActionLog() }
    func retime(_ edit: TimingEdit) {}
    func forgetEdits(like edit: TimingEdit) {}
}

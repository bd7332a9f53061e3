/// Scene time as the viewer's contract defines it: 0 where the current animations began (a Start
/// after the tree went idle begins again at 0), never time since launch. The transport, the HUD and
/// the demo loop read it; the playback clock and the scene keep media time.
struct SceneClock: Equatable {
    /// The media time at which scene time is 0.
    private(set) var origin = 0.0
    /// Whether playback goes back to scene time 0 when the last animation ends (`l`).
    var loops = false

    /// Scene time at media time `mediaTime` (never below 0).
    func sceneTime(atMediaTime mediaTime: Double) -> Double { max(0, mediaTime - origin) }

    /// The media time at scene time `sceneTime`.
    func mediaTime(atSceneTime sceneTime: Double) -> Double { origin + max(0, sceneTime) }

    /// Scene time begins again at media time `mediaTime` (a Start on an idle tree, a new scene).
    mutating func restart(atMediaTime mediaTime: Double) { origin = max(0, mediaTime) }

    /// The scene-time length of animations that end at media time `latestEnd`: whole seconds, at
    /// least 1; 4 when nothing ends (the transport's axis).
    func axisLength(latestEnd: Double?) -> Double {
        guard let latestEnd, latestEnd.isFinite else { return 4 }
        return max(1, (latestEnd - origin).rounded(.up))
    }

    /// True when looping playback at `mediaTime` has passed `latestEnd`, the end of the current
    /// animations, and must go back to scene time 0.
    func mustLoop(atMediaTime mediaTime: Double, latestEnd: Double?) -> Bool {
        guard loops, let latestEnd, latestEnd.isFinite, latestEnd > origin else { return false }
        return mediaTime >= latestEnd
    }
}

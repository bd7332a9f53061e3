import LayerKit

/// Apple's QA1673 recipe for pausing and resuming a layer tree through its root's timing.
public enum LayerPause {
    /// Whether the layer is paused (its speed is 0).
    public static func isPaused(_ layer: CALayer) -> Bool { layer.speed == 0 }

    /// Pauses the layer's time at the current media time: speed 0, timeOffset the layer's time now.
    public static func pause(_ layer: CALayer) {
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
    }

    /// Resumes a paused layer where it stopped: speed 1, its beginTime the time since it was paused. Alike the
    /// steps in `qa1673PauseAndResume` (SeedScenarioTests.swift) on purpose: that test spells the recipe out, as an
    /// app does, without Scenes.
    public static func resume(_ layer: CALayer) {
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        layer.beginTime = timeSincePause
    }

    /// Pauses a running layer, resumes a paused one.
    public static func toggle(_ layer: CALayer) {
        if isPaused(layer) { resume(layer) } else { pause(layer) }
    }
}

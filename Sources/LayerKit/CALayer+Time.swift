extension CALayer {
    /// This layer's local time at media time `t`: every ancestor's timing is applied root first, then
    /// this layer's own, `local = (parent − beginTime) · speed + timeOffset`.
    func localTime(atMediaTime t: CFTimeInterval) -> CFTimeInterval {
        let parent = superlayer.map { $0.localTime(atMediaTime: t) } ?? t
        return state.timing.localTime(fromParent: parent)
    }

    /// The media time at which this layer's local time is `t` (non-finite when a speed on the way is 0).
    func mediaTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        let parent = state.timing.parentTime(fromLocal: t)
        return superlayer.map { $0.mediaTime(fromLocal: parent) } ?? parent
    }

    /// Converts `t` from `layer`'s local time (media time when nil) to this layer's local time.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        let media = layer.map { $0.mediaTime(fromLocal: t) } ?? t
        return localTime(atMediaTime: media)
    }

    /// Converts `t` from this layer's local time to the local time of `ancestor` through the timing of
    /// this layer and of those between them, not `ancestor`'s own: finite under a paused `ancestor`
    /// (speed 0), where `convertTime(_:to:)` is not. Nil when `ancestor` is not above this layer.
    public func convertTime(_ t: CFTimeInterval, toAncestor ancestor: CALayer) -> CFTimeInterval? {
        var layer = self
        var time = t
        while layer !== ancestor {
            guard let parent = layer.superlayer else { return nil }
            time = layer.state.timing.parentTime(fromLocal: time)
            layer = parent
        }
        return time
    }

    /// Converts `t` from this layer's local time to `layer`'s local time (media time when nil).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocal: t)
        return layer.map { $0.localTime(atMediaTime: media) } ?? media
    }
}

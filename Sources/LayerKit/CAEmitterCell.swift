/// One kind of particle an emitter makes, as Core Animation's `CAEmitterCell`. For a property with a
/// mean M and a range R, each particle draws its value uniformly from [M − R/2, M + R/2]; a `…Speed`
/// is the change per second of the particle's age (core-animation-breadth.md §11). Angles are in
/// radians, clockwise on a y-down screen; `yAcceleration > 0` falls down.
open class CAEmitterCell {
    public var name: String?
    public var isEnabled = true
    /// Particles per second (times the layer's `birthRate`).
    public var birthRate: Float = 0
    /// Seconds a particle lives (times the layer's `lifetime`), and its range.
    public var lifetime: Float = 0
    public var lifetimeRange: Float = 0
    /// Initial speed in points per second (times the layer's `velocity`), and its range.
    public var velocity: CGFloat = 0
    public var velocityRange: CGFloat = 0
    /// The direction of emission in the plane, from +x; `emissionRange` is the full width of the fan.
    public var emissionLongitude: CGFloat = 0
    /// Kept for ported code: particles move in the layer's plane, so the colatitude is not used.
    public var emissionLatitude: CGFloat = 0
    public var emissionRange: CGFloat = 0
    /// Acceleration in points per second squared.
    public var xAcceleration: CGFloat = 0
    public var yAcceleration: CGFloat = 0
    public var zAcceleration: CGFloat = 0
    /// Size multiplier of the contents (times the layer's `scale`), its range, and its change per second.
    public var scale: CGFloat = 1
    public var scaleRange: CGFloat = 0
    public var scaleSpeed: CGFloat = 0
    /// Turning speed in radians per second (times the layer's `spin`), and its range.
    public var spin: CGFloat = 0
    public var spinRange: CGFloat = 0
    /// The colour the contents are multiplied by, its ranges per channel and their changes per second.
    public var color: CGColor? = .white
    public var redRange: Float = 0
    public var greenRange: Float = 0
    public var blueRange: Float = 0
    public var alphaRange: Float = 0
    public var redSpeed: Float = 0
    public var greenSpeed: Float = 0
    public var blueSpeed: Float = 0
    public var alphaSpeed: Float = 0
    /// The particle's image (a Raster `Bitmap`, as for `CALayer.contents`); a cell without one draws nothing.
    public var contents: Any?
    /// Pixels per point of `contents` (its drawn size is its pixel size ÷ this × the particle's scale).
    public var contentsScale: CGFloat = 1

    public init() {}
}

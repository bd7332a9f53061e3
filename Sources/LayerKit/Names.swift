// Core Animation's typed string names, as Swift imports them from the SDK: one struct per Apple type (so one kind's
// names cannot be passed for another's), each a `rawValue`, its init and a `static let` per name (most with
// `allCases`). Alike on purpose, here and in CATextLayer+Names.swift, CATransition.swift and CAGradientLayer.swift.

/// How a layer's `contents` image is fitted into its bounds (`CALayerContentsGravity`).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The picture at its own size, centred in the bounds.
    public static let center = Self(rawValue: "center")
    /// At its own size, centred at the top edge (maximum y: the visual bottom, as on iOS).
    public static let top = Self(rawValue: "top")
    /// At its own size, centred at the bottom edge (minimum y, the visual top, as on iOS).
    public static let bottom = Self(rawValue: "bottom")
    /// At its own size, centred at the left edge.
    public static let left = Self(rawValue: "left")
    /// At its own size, centred at the right edge.
    public static let right = Self(rawValue: "right")
    /// At its own size, in the top-left corner (maximum y, as on iOS).
    public static let topLeft = Self(rawValue: "topLeft")
    /// At its own size, in the top-right corner (maximum y, as on iOS).
    public static let topRight = Self(rawValue: "topRight")
    /// At its own size, in the bottom-left corner (minimum y, as on iOS).
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    /// At its own size, in the bottom-right corner (minimum y, as on iOS).
    public static let bottomRight = Self(rawValue: "bottomRight")
    /// Stretched to fill the bounds (the default).
    public static let resize = Self(rawValue: "resize")
    /// Scaled to fit inside the bounds, aspect kept, centred.
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    /// Scaled to cover the bounds, aspect kept, centred (the overflow shown unless clipped).
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

/// What an animation shows outside its active period (`CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Outside its active period the animation shows nothing (the default).
    public static let removed = Self(rawValue: "removed")
    /// After its active period the animation holds its last value.
    public static let forwards = Self(rawValue: "forwards")
    /// Before its active period (a later `beginTime`) the animation holds its first value.
    public static let backwards = Self(rawValue: "backwards")
    /// Both `backwards` and `forwards`.
    public static let both = Self(rawValue: "both")
}

/// The winding rule used to fill a shape layer's path.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The non-zero winding rule (the default).
    public static let nonZero = Self(rawValue: "non-zero")
    /// The even-odd rule.
    public static let evenOdd = Self(rawValue: "even-odd")
}

/// The shape of a stroke's open ends.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Square ends at the path's ends (the default).
    public static let butt = Self(rawValue: "butt")
    /// Half-disc ends.
    public static let round = Self(rawValue: "round")
    /// Square ends extended by half the line width.
    public static let square = Self(rawValue: "square")
}

/// The shape of a stroke's corners.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Sharp corners, bevelled past `miterLimit` (the default).
    public static let miter = Self(rawValue: "miter")
    /// Rounded corners.
    public static let round = Self(rawValue: "round")
    /// Bevelled corners.
    public static let bevel = Self(rawValue: "bevel")
}

/// How a keyframe animation computes values between keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight interpolation between keyframes, paced by `keyTimes` (the default).
    public static let linear = Self(rawValue: "linear")
    /// Each keyframe's value held until the next key time.
    public static let discrete = Self(rawValue: "discrete")
    /// Keyframes paced to an even speed, `keyTimes` and `timingFunctions` ignored.
    public static let paced = Self(rawValue: "paced")
    /// A Catmull-Rom spline through the keyframes.
    public static let cubic = Self(rawValue: "cubic")
    /// A spline through the keyframes, paced to an even speed.
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// Whether an object animated along a path turns to follow the path's tangent.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Turns the layer to follow the path's tangent.
    public static let rotateAuto = Self(rawValue: "auto")
    /// Turns the layer to follow the path's tangent, plus half a turn.
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// The names of the predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Constant speed.
    public static let linear = Self(rawValue: "linear")
    /// Starts slowly: control points (0.42, 0), (1, 1).
    public static let easeIn = Self(rawValue: "easeIn")
    /// Ends slowly: control points (0, 0), (0.58, 1).
    public static let easeOut = Self(rawValue: "easeOut")
    /// Starts and ends slowly: control points (0.42, 0), (0.58, 1).
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    /// Core Animation's default curve: control points (0.25, 0.1), (0.25, 1).
    public static let `default` = Self(rawValue: "default")
}

/// The names of the value functions that turn animated numbers into a transform.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A rotation about the x axis, from one number (radians).
    public static let rotateX = Self(rawValue: "rotateX")
    /// A rotation about the y axis, from one number (radians).
    public static let rotateY = Self(rawValue: "rotateY")
    /// A rotation about the z axis, from one number (radians).
    public static let rotateZ = Self(rawValue: "rotateZ")
    /// A scale, from one number (all axes) or three.
    public static let scale = Self(rawValue: "scale")
    /// A scale along x, from one number.
    public static let scaleX = Self(rawValue: "scaleX")
    /// A scale along y, from one number.
    public static let scaleY = Self(rawValue: "scaleY")
    /// A scale along z, from one number.
    public static let scaleZ = Self(rawValue: "scaleZ")
    /// A translation, from two or three numbers.
    public static let translate = Self(rawValue: "translate")
    /// A translation along x, from one number.
    public static let translateX = Self(rawValue: "translateX")
    /// A translation along y, from one number.
    public static let translateY = Self(rawValue: "translateY")
    /// A translation along z, from one number.
    public static let translateZ = Self(rawValue: "translateZ")
}

extension CALayerContentsGravity: CaseIterable {
    /// The twelve gravities Core Animation defines.
    public static let allCases: [Self] = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight, .resize,
        .resizeAspect, .resizeAspectFill,
    ]
}

extension CAMediaTimingFillMode: CaseIterable {
    public static let allCases: [Self] = [.removed, .forwards, .backwards, .both]
}

extension CAShapeLayerFillRule: CaseIterable {
    public static let allCases: [Self] = [.nonZero, .evenOdd]
}

extension CAShapeLayerLineCap: CaseIterable {
    public static let allCases: [Self] = [.butt, .round, .square]
}

extension CAShapeLayerLineJoin: CaseIterable {
    public static let allCases: [Self] = [.miter, .round, .bevel]
}

extension CAAnimationCalculationMode: CaseIterable {
    public static let allCases: [Self] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
}

/// The shape particles are emitted from (`CAEmitterLayerEmitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Particles start at `emitterPosition`.
    public static let point = Self(rawValue: "point")
    /// Particles start on a line `emitterSize.width` long, centred on `emitterPosition`.
    public static let line = Self(rawValue: "line")
    /// Particles start in (or on) a rectangle of `emitterSize` centred on `emitterPosition`.
    public static let rectangle = Self(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth` (drawn flat: as `rectangle`).
    public static let cuboid = Self(rawValue: "cuboid")
    /// Particles start in (or on) a circle of diameter `emitterSize.width` centred on `emitterPosition`.
    public static let circle = Self(rawValue: "circle")
    /// A sphere (drawn flat: as `circle`).
    public static let sphere = Self(rawValue: "sphere")
    public static let allCases: [Self] = [.point, .line, .rectangle, .cuboid, .circle, .sphere]
}

/// Which part of the emitter shape particles start from (`CAEmitterLayerEmitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Particles start at the shape's corners or points.
    public static let points = Self(rawValue: "points")
    /// Particles start on the shape's outline.
    public static let outline = Self(rawValue: "outline")
    /// Particles start anywhere inside the shape.
    public static let surface = Self(rawValue: "surface")
    /// Particles start anywhere inside the shape's volume (drawn flat: as `surface`).
    public static let volume = Self(rawValue: "volume")
    public static let allCases: [Self] = [.points, .outline, .surface, .volume]
}

/// How particles are composited (`CAEmitterLayerRenderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Particles drawn in no particular order (here: as `oldestFirst`).
    public static let unordered = Self(rawValue: "unordered")
    /// The oldest particles drawn first, under the newer ones.
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    /// The oldest particles drawn last, over the newer ones.
    public static let oldestLast = Self(rawValue: "oldestLast")
    /// Particles sorted by depth, farthest first (drawn flat: as `oldestFirst`).
    public static let backToFront = Self(rawValue: "backToFront")
    /// Particles added to what is under them (brightening), not drawn over it.
    public static let additive = Self(rawValue: "additive")
    public static let allCases: [Self] = [.unordered, .oldestFirst, .oldestLast, .backToFront, .additive]
}

/// The kind of gradient a `CAGradientLayer` draws (`CAGradientLayerType`).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Colours change along the line from `startPoint` to `endPoint` (the default).
    public static let axial = Self(rawValue: "axial")
    /// Colours change outwards from `startPoint` to the ellipse through `endPoint`.
    public static let radial = Self(rawValue: "radial")
    /// Colours change with the angle about `startPoint`, from the direction of `endPoint`.
    public static let conic = Self(rawValue: "conic")

    public static let allCases: [Self] = [.axial, .radial, .conic]
}

/// A layer that fills its bounds with a gradient, as Core Animation's `CAGradientLayer`, drawn over
/// its background colour, inside its rounded corners, below its sublayers and border
/// (core-animation-breadth.md §4). Points are in the unit coordinate space of the bounds, (0, 0) the
/// top-left corner on a y-down screen: the default gradient runs from top (0.5, 0) to bottom (0.5, 1).
/// Colours are interpolated in straight (not premultiplied) RGBA. `colors`, `locations`, `startPoint`
/// and `endPoint` are animatable; lists of one length animate element by element.
open class CAGradientLayer: CALayer {
    /// The gradient's own properties; `@exclusivity(unchecked)` for the reason `CALayer.state` gives.
    @exclusivity(unchecked) var gradient = GradientState()

    public override init() { super.init() }

    /// A layer with default properties (see `CALayer.init(coder:)`).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAGradientLayer { gradient = other.gradient }
    }

    override func copyState(from model: CALayer) {
        super.copyState(from: model)
        if let model = model as? CAGradientLayer { gradient = model.gradient }
    }

    override func restoreAnimatedState(from model: CALayer) {
        super.restoreAnimatedState(from: model)
        if let model = model as? CAGradientLayer { gradient = model.gradient }
    }

    /// Sets one field of the gradient state, running its implicit action as `CALayer.setState` does.
    @inline(__always)
    final func setGradient<Value>(_ field: WritableKeyPath<GradientState, Value>, _ value: Value) {
        changeModel(field) { gradient[keyPath: field] = value }
    }

    /// The colours of the stops (`CGColor`s; `UIColor`s are taken too), nil by default (nothing drawn).
    public var colors: [Any]? {
        get { gradient.colors }
        set {
            let list = newValue?.compactMap { ($0 as? CGColor) ?? ($0 as? UIColor)?.cgColor }
            setGradient(\.colors, list)
        }
    }
    /// Where each colour's stop lies, 0…1 along the gradient, increasing; nil (the default), or a list
    /// whose length is not the number of colours, spreads the stops evenly over 0…1.
    public var locations: [NSNumber]? {
        get { gradient.locations?.map { NSNumber(value: $0) } }
        set {
            setGradient(\.locations, newValue?.map(\.doubleValue))
        }
    }
    /// Where the gradient starts (t = 0), in the unit space of the bounds; (0.5, 0) by default. The centre
    /// of a radial or conic gradient.
    public var startPoint: CGPoint {
        get { gradient.startPoint }
        set { setGradient(\.startPoint, newValue) }
    }
    /// Where the gradient ends (t = 1), in the unit space of the bounds; (0.5, 1) by default. A radial
    /// gradient's ellipse has radii |Δx|·width and |Δy|·height; a conic one starts in its direction.
    public var endPoint: CGPoint {
        get { gradient.endPoint }
        set { setGradient(\.endPoint, newValue) }
    }
    /// `colors` as stored, typed (for drawing: no boxing into `[Any]`).
    public var colorList: [CGColor]? { gradient.colors }
    /// `locations` as stored, typed (for drawing: no boxing into `[NSNumber]`).
    public var locationList: [Double]? { gradient.locations }
    /// Axial (the default), radial or conic; other names draw axial.
    public var type: CAGradientLayerType {
        get { gradient.type }
        set { setGradient(\.type, newValue) }
    }
}

/// The properties of a `CAGradientLayer`.
struct GradientState: LayerStorage {
    static var storage: StoredField.Storage { .gradient }

    var colors: [CGColor]?
    var locations: [Double]?
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)
    var type = CAGradientLayerType.axial
}

/// Which corners of a layer are rounded (`CACornerMask`). Bits as Core Animation's: min-X min-Y = 1,
/// max-X min-Y = 2, min-X max-Y = 4, max-X max-Y = 8. In UIKit's y-down space min-Y is the visual top,
/// so `.layerMinXMinYCorner` is the top-left corner on screen.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = Self(rawValue: 1)
    public static let layerMaxXMinYCorner = Self(rawValue: 2)
    public static let layerMinXMaxYCorner = Self(rawValue: 4)
    public static let layerMaxXMaxYCorner = Self(rawValue: 8)
    /// All four corners, `maskedCorners`' default.
    public static let all: Self = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
}

/// UIKit's corner names (`UIRectCorner`) for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`;
/// in y-down space the same bits as `CACornerMask`, and alike it on purpose: UIKit and Core Animation each name
/// the corners their own way.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = Self(rawValue: 1)
    public static let topRight = Self(rawValue: 2)
    public static let bottomLeft = Self(rawValue: 4)
    public static let bottomRight = Self(rawValue: 8)
    public static let allCorners: Self = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// The curve of a layer's rounded corners (`CALayerCornerCurve`): a quarter circle, or Apple's
/// continuous ("squircle-like") corner, whose curvature eases in from the straight edge.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let circular = Self(rawValue: "circular")
    public static let continuous = Self(rawValue: "continuous")
    public static let allCases: [Self] = [.circular, .continuous]

    /// How far, in radii, the corner reaches along each edge from the corner point: 1 for circular,
    /// 1.52866483 for continuous (Core Animation's `cornerCurveExpansionFactor`; the reach of the
    /// reconstruction in `ContinuousCorner`).
    public var expansionFactor: CGFloat {
        self == .continuous ? ContinuousCorner.reach : 1
    }
}

import LayerKit

/// A timing curve as the easing editor edits it: the two control points of a `CAMediaTimingFunction`,
/// x kept in 0…1 (as Core Animation requires) and y free, both on a grid of 0.001 so what is shown,
/// what runs and what is written back are the same numbers.
public struct EasingCurve: Equatable, Sendable {
    public private(set) var x1: Double
    public private(set) var y1: Double
    public private(set) var x2: Double
    public private(set) var y2: Double

    /// The editor's grid: control points are whole thousandths (each the double nearest its decimal,
    /// so the number written back reads back as the same double).
    static let gridDivisions = 1000.0
    /// The farthest y goes from the unit square (a guard against runaway nudges, far past any sane overshoot).
    public static let yLimit = 10.0

    /// A curve through (x1, y1) and (x2, y2), put on the grid, x clamped to 0…1 and y to ±`yLimit`.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = Self.x(x1)
        self.y1 = Self.y(y1)
        self.x2 = Self.x(x2)
        self.y2 = Self.y(y2)
    }

    /// The curve of `function` (linear for nil).
    public init(_ function: CAMediaTimingFunction?) {
        let f = function ?? CAMediaTimingFunction(name: .linear)
        self.init(Double(f.c1.x), Double(f.c1.y), Double(f.c2.x), Double(f.c2.y))
    }

    private static func grid(_ v: Double) -> Double {
        guard v.isFinite else { return 0 }
        return (v * gridDivisions).rounded() / gridDivisions
    }

    private static func x(_ v: Double) -> Double { min(max(grid(v), 0), 1) }
    private static func y(_ v: Double) -> Double { min(max(grid(v), -yLimit), yLimit) }

    /// Control point `handle` (0 for P1, 1 for P2).
    public func point(_ handle: Int) -> (x: Double, y: Double) {
        handle == 0 ? (x1, y1) : (x2, y2)
    }

    /// This curve with control point `handle` (0 for P1, 1 for P2) moved to (x, y), clamped and put on the grid.
    public func moving(_ handle: Int, toX x: Double, y: Double) -> EasingCurve {
        handle == 0 ? EasingCurve(x, y, x2, y2) : EasingCurve(x1, y1, x, y)
    }

    /// The four numbers x1, y1, x2, y2.
    public var controlPoints: [Double] { [x1, y1, x2, y2] }

    /// The curve as Core Animation runs it, made as a scene file's `[x1, y1, x2, y2]` and Swift's
    /// `CAMediaTimingFunction(controlPoints:)` make it (from `Float`s), so the edit running now and
    /// the file written back show the same frames.
    public var function: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(x1), Float(y1), Float(x2), Float(y2))
    }

    /// Core Animation's name for this curve, or nil for other control points.
    public var name: String? { TimingFunctionNames.name(of: controlPoints) }

    /// The curve as the editor labels it: its name, or `cubic(x1, y1, x2, y2)`.
    public var label: String {
        name ?? "cubic(" + controlPoints.map { CurvePlotNumbers.text($0, decimals: 3) }.joined(separator: ", ") + ")"
    }

    /// Core Animation's named curves, in the order the editor offers them.
    public static let presets: [(name: String, curve: EasingCurve)] = TimingFunctionNames.all.map { entry in
        (entry.name, EasingCurve(entry.points[0], entry.points[1], entry.points[2], entry.points[3]))
    }
}

import Foundation
import LayerKit
import Raster

/// Prints values exactly: numbers in their shortest round-trip form (so never fewer digits than
/// the value holds; whole numbers without ".0"), `Float`s with 9 significant digits (the contract's
/// minimum, and enough to read any `Float` back), compound values as space-separated components.
public enum ValueFormatter {
    /// A number in its shortest round-trip form; whole numbers without ".0".
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return value == 0 ? "0" : String(Int64(value)) }
        return "\(value)"
    }

    /// A `Float` with 9 significant digits (trailing zeros dropped); whole numbers without ".0". The
    /// shortest round-trip form would often print only 7 (`0.4123457`), fewer than `eval` promises.
    public static func format(_ value: Float) -> String {
        if value == value.rounded(), abs(value) < 1e7 { return value == 0 ? "0" : String(Int64(value)) }
        return String(format: "%.9g", Double(value))
    }

    /// Any value `value(forKeyPath:)` returns: numbers exactly, compound values as components.
    public static func format(_ value: Any?) -> String {
        guard let value else { return "nil" }
        switch value {
        case let v as Double: return format(v)
        case let v as CGFloat: return format(Double(v))
        case let v as Float: return format(v)
        case let v as Int: return String(v)
        case let v as Bool: return v ? "true" : "false"
        case let v as NSNumber: return format(v.doubleValue)
        case let v as CGPoint: return [v.x, v.y].map { format(Double($0)) }.joined(separator: " ")
        case let v as CGSize: return [v.width, v.height].map { format(Double($0)) }.joined(separator: " ")
        case let v as CGRect:
            return [v.origin.x, v.origin.y, v.size.width, v.size.height].map { format(Double($0)) }.joined(
                separator: " ")
        case let v as CATransform3D: return v.rowMajor.map { format(Double($0)) }.joined(separator: " ")
        case let v as CGColor:
            return [v.red, v.green, v.blue, v.alpha].map { format(Double($0)) }.joined(separator: " ")
        case let v as CGPath: return pathData(v)
        case let v as String: return v
        case let v as Bitmap: return "image \(v.width)x\(v.height)"
        case let v as [Any]: return v.map { format($0) }.joined(separator: " ")
        case let v as any RawRepresentable: return "\(v.rawValue)"
        default: return "\(value)"
        }
    }

    /// A path as SVG path data (`M x y L x y Q … C … Z`), numbers printed exactly.
    public static func pathData(_ path: CGPath) -> String {
        func p(_ point: CGPoint) -> String { "\(format(Double(point.x))) \(format(Double(point.y)))" }
        return path.elements.map { element in
            switch element {
            case .moveTo(let a): return "M \(p(a))"
            case .lineTo(let a): return "L \(p(a))"
            case .quadCurveTo(let c, let e): return "Q \(p(c)) \(p(e))"
            case .curveTo(let c1, let c2, let e): return "C \(p(c1)) \(p(c2)) \(p(e))"
            case .closeSubpath: return "Z"
            }
        }.joined(separator: " ")
    }
}

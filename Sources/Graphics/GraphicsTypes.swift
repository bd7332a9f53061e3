import Foundation
import Raster

/// Core Foundation's array, as Core Graphics' Swift API takes colours (`[a, b] as CFArray`); on Linux a
/// Swift array of any values.
public typealias CFArray = [Any]

/// A colour space. Every colour here is device RGB (sRGB numbers, no colour management), so a space only
/// says how many components a colour given as numbers has: 3 for RGB, 1 for gray. Immutable (hence
/// `@unchecked Sendable`).
public final class CGColorSpace: @unchecked Sendable {
    /// The space's name (`CGColorSpace.sRGB`, …), nil for the device spaces.
    public let name: String?
    /// Colour components without alpha: 3 (RGB) or 1 (gray).
    public let numberOfComponents: Int

    init(name: String?, numberOfComponents: Int) {
        self.name = name
        self.numberOfComponents = numberOfComponents
    }

    /// The space called `name`: the RGB names (`sRGB`, `extendedSRGB`, `linearSRGB`, `displayP3`,
    /// `genericRGBLinear`, `adobeRGB1998`) and the gray ones (`genericGrayGamma2_2`, `linearGray`,
    /// `extendedGray`); nil for any other. All are drawn as device RGB or gray.
    public convenience init?(name: String) {
        switch name {
        case Self.sRGB, Self.extendedSRGB, Self.linearSRGB, Self.displayP3, Self.genericRGBLinear, Self.adobeRGB1998:
            self.init(name: name, numberOfComponents: 3)
        case Self.genericGrayGamma2_2, Self.linearGray, Self.extendedGray:
            self.init(name: name, numberOfComponents: 1)
        default: return nil
        }
    }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let adobeRGB1998 = "kCGColorSpaceAdobeRGB1998"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
    public static let extendedGray = "kCGColorSpaceExtendedGray"
}

/// The device RGB space.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: nil, numberOfComponents: 3) }

/// The device gray space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: nil, numberOfComponents: 1) }

/// Where a bitmap's alpha is and whether colours are premultiplied by it (Core Graphics' values). Its numbered
/// cases are alike `ExifOrientation`'s (ImageFiles) on purpose: each lists values fixed outside this code.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}

/// A bitmap's layout flags: the alpha info in the low bits, the byte order above (Core Graphics' values).
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrderDefault = CGBitmapInfo([])
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// How a path is painted by `drawPath(using:)`.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// How image pixels are resampled (every quality but `none` samples bilinearly; `none` too).
public enum CGInterpolationQuality: Int32, Sendable {
    case `default`, none, low, medium, high
}

/// Whether a gradient is extended beyond its start and end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// How what is drawn combines with what is there (Core Graphics' modes, in its order). The separable
/// modes and the Porter–Duff ones are drawn; the non-separable `hue`, `saturation`, `color` and
/// `luminosity` draw as `normal`. Every mode is bounded by the shape: pixels the shape does not cover
/// are left alone, and partly covered ones get the mode's result weighted by the coverage.
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    case destinationAtop, xor, plusDarker, plusLighter
}

extension CGLineCap {
    var raster: LineCap {
        switch self {
        case .butt: return .butt
        case .round: return .round
        case .square: return .square
        }
    }
}

extension CGLineJoin {
    var raster: LineJoin {
        switch self {
        case .miter: return .miter
        case .round: return .round
        case .bevel: return .bevel
        }
    }
}

import Foundation
import Raster

/// A colour ramp, as Core Graphics' `CGGradient`: colours at locations from 0 to 1, interpolated in
/// straight (not premultiplied) RGBA between neighbouring locations and held beyond the first and last.
/// Immutable.
public final class CGGradient: @unchecked Sendable {
    /// The stops, ordered by location.
    let stops: [GradientStop]
    /// The stops' colours looked up by location.
    let table: GradientTable

    /// A gradient of `colors` (`CGColor`s or `CGColorConvertible`s such as `UIColor`, as `CFArray`) at
    /// `locations` (nil: spread evenly from 0 to 1); nil when there is no colour or a colour is not one.
    /// Locations are clamped to 0…1 and sorted.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        var components: [CGFloat] = []
        for value in colors {
            guard let color = Self.color(value) else { return nil }
            components += [color.red, color.green, color.blue, color.alpha]
        }
        let count = colors.count
        let spots = locations.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        self.init(rgba: components, locations: spots, count: count)
    }

    /// A gradient of `count` colours given as components in `space` (red, green, blue, alpha each, or
    /// gray, alpha for a gray space) at `locations` (nil: evenly spread); nil when `count` is below 1.
    public convenience init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0 else { return nil }
        let per = space.numberOfComponents + 1
        let given = Array(UnsafeBufferPointer(start: components, count: per * count))
        var rgba: [CGFloat] = []
        for i in 0..<count {
            let c = given[(i * per)..<(i * per + per)].map { $0 }
            rgba += per == 2 ? [c[0], c[0], c[0], c[1]] : c
        }
        self.init(
            rgba: rgba, locations: locations.map { Array(UnsafeBufferPointer(start: $0, count: count)) }, count: count)
    }

    private init?(rgba: [CGFloat], locations: [CGFloat]?, count: Int) {
        guard count > 0 else { return nil }
        var made: [GradientStop] = []
        for i in 0..<count {
            let location = locations.map { max(0, min(1, $0[i])) } ?? (count > 1 ? CGFloat(i) / CGFloat(count - 1) : 0)
            made.append(
                GradientStop(
                    location: location, red: rgba[4 * i], green: rgba[4 * i + 1], blue: rgba[4 * i + 2],
                    alpha: rgba[4 * i + 3]))
        }
        // A stable sort keeps stops at equal locations in the order given (a hard edge).
        stops = made.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        table = GradientTable(stops: stops)
    }

    /// A `CGColor`, or the colour of a `CGColorConvertible` (UIKit's colour).
    static func color(_ value: Any) -> CGColor? {
        (value as? CGColor) ?? (value as? CGColorConvertible)?.cgColor
    }
}

/// A value that stands for a `CGColor` (UIKit's `UIColor`), accepted where Core Graphics takes colours
/// in an array.
public protocol CGColorConvertible {
    var cgColor: CGColor { get }
}

import Geometry

/// Parses SVG path data (`M L H V C S Q T A Z` and their relative lower-case forms) into a `CGPath`.
///
/// Elliptical arcs become cubic Béziers, one per quarter turn or less, as `CGPath` builds arcs.
public enum SVGPathParser {
    /// Why path data could not be read: the message names the character offset (from 0).
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The offset, in characters, where the path data went wrong.
        public let offset: Int
        /// What is wrong there.
        public let message: String
        public var description: String { "\(message) at character \(offset)" }
    }

    /// The path that SVG path data (`M L H V C S Q T A Z`, absolute and relative) describes.
    public static func parse(_ text: String) throws(ParseError) -> CGPath {
        var scanner = Scanner(bytes: Array(text.utf8))
        return try scanner.parsePath()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        let path = CGMutablePath()
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        var lastCubicControl: CGPoint?
        var lastQuadControl: CGPoint?

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String) -> ParseError { ParseError(offset: index, message: message) }

        mutating func skipSeparators() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[index]) {
                index += 1
            }
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[index]) { index += 1 }
        }

        /// True when a number (not a command letter) comes next.
        mutating func numberFollows() -> Bool {
            skipSeparators()
            guard index < bytes.count else { return false }
            let c = bytes[index]
            return (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-")
                || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
        }

        mutating func number() throws(ParseError) -> CGFloat {
            skipSeparators()
            let start = index
            func digits(_ s: inout Scanner) -> Int {
                let from = s.index
                while s.index < s.bytes.count, s.bytes[s.index] >= UInt8(ascii: "0"),
                    s.bytes[s.index] <= UInt8(ascii: "9")
                {
                    s.index += 1
                }
                return s.index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            var count = digits(&self)
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                count += digits(&self)
            }
            guard count > 0 else {
                index = start
                throw error("expected a number")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                let mark = index
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                    index += 1
                }
                if digits(&self) == 0 { index = mark }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                index = start
                throw error("number \(text) is out of range")
            }
            return CGFloat(value)
        }

        /// An arc flag: a single `0` or `1`, which SVG allows without a separator after it.
        mutating func flag() throws(ParseError) -> Bool {
            skipSeparators()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
                throw error("expected an arc flag (0 or 1)")
            }
            index += 1
            return bytes[index - 1] == UInt8(ascii: "1")
        }

        mutating func point(relative: Bool) throws(ParseError) -> CGPoint {
            let x = try number()
            let y = try number()
            return relative ? CGPoint(x: current.x + x, y: current.y + y) : CGPoint(x: x, y: y)
        }

        mutating func parsePath() throws(ParseError) -> CGPath {
            skipWhitespace()
            var command: UInt8?
            var first = true
            while true {
                skipSeparators()
                guard index < bytes.count else { break }
                let c = bytes[index]
                if (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                    || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
                {
                    command = c
                    index += 1
                } else if command == nil || !numberFollows() {
                    throw error("unexpected \(JSONParser.describe(c))")
                }
                guard let letter = command else { throw error("path data must start with M") }
                if first, letter != UInt8(ascii: "M"), letter != UInt8(ascii: "m") {
                    throw error("path data must start with M")
                }
                first = false
                command = try apply(letter)
            }
            return path
        }

        /// Runs one command's arguments; returns the command that implicit repeats use. `C`/`S` and `Q`/`T` are
        /// alike on purpose: SVG's cubic and quadratic pairs, each smooth form reflecting its own kind's last control.
        mutating func apply(_ letter: UInt8) throws(ParseError) -> UInt8? {
            let relative = letter >= UInt8(ascii: "a")
            let upper = relative ? letter - 32 : letter
            var resetCubic = true
            var resetQuad = true
            defer {
                if resetCubic { lastCubicControl = nil }
                if resetQuad { lastQuadControl = nil }
            }
            switch upper {
            case UInt8(ascii: "M"):
                let p = try point(relative: relative)
                path.move(to: p)
                current = p
                subpathStart = p
                return relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case UInt8(ascii: "L"):
                let p = try point(relative: relative)
                path.addLine(to: p)
                current = p
            case UInt8(ascii: "H"):
                let x = try number()
                current = CGPoint(x: relative ? current.x + x : x, y: current.y)
                path.addLine(to: current)
            case UInt8(ascii: "V"):
                let y = try number()
                current = CGPoint(x: current.x, y: relative ? current.y + y : y)
                path.addLine(to: current)
            case UInt8(ascii: "C"), UInt8(ascii: "S"):
                let c1: CGPoint
                if upper == UInt8(ascii: "C") {
                    c1 = try point(relative: relative)
                } else {
                    let last = lastCubicControl ?? current
                    c1 = CGPoint(x: 2 * current.x - last.x, y: 2 * current.y - last.y)
                }
                let c2 = try point(relative: relative)
                let end = try point(relative: relative)
                path.addCurve(to: end, control1: c1, control2: c2)
                lastCubicControl = c2
                resetCubic = false
                current = end
            case UInt8(ascii: "Q"), UInt8(ascii: "T"):
                let control: CGPoint
                if upper == UInt8(ascii: "Q") {
                    control = try point(relative: relative)
                } else {
                    let last = lastQuadControl ?? current
                    control = CGPoint(x: 2 * current.x - last.x, y: 2 * current.y - last.y)
                }
                let end = try point(relative: relative)
                path.addQuadCurve(to: end, control: control)
                lastQuadControl = control
                resetQuad = false
                current = end
            case UInt8(ascii: "A"):
                let rx = try number()
                let ry = try number()
                let rotation = try number()
                let largeArc = try flag()
                let sweep = try flag()
                let end = try point(relative: relative)
                SVGArc(
                    from: current, to: end, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep
                )
                .append(to: path)
                current = end
            case UInt8(ascii: "Z"):
                path.closeSubpath()
                current = subpathStart
                return nil
            default:
                index -= 1
                throw error("unknown path command '\(Character(Unicode.Scalar(letter)))'")
            }
            return letter
        }
    }
}

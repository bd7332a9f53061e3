/// A property value in typed form. Animation values given as `Any` are converted once, when the
/// animation is added; per-frame interpolation works on these cases only.
enum AnimatableValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(CGColor?)
    case path(CGPath?)
    /// A list of numbers: a gradient's `locations`, or the three numbers of the `scale` and
    /// `translate` value functions.
    case numbers([Double])
    /// A list of colours: a gradient's `colors`.
    case colors([CGColor])
    /// Anything else (custom keys, contents): switched discretely.
    case opaque(Any?)

    /// Converts a user value (`CGFloat`, `Double`, `Float`, `Int`, `NSNumber`, `CGPoint`, `CGSize`,
    /// `CGRect`, `CATransform3D`, `CGColor`, `UIColor`, `CGPath`, `UIBezierPath`, `[number]`,
    /// `[CGColor]` or `[UIColor]`, and `NSValue` boxes of points, sizes, rects and transforms).
    init(_ any: Any?) {
        guard let any else {
            self = .opaque(nil)
            return
        }
        if let number = AnimatableValue.number(any) {
            self = .number(number)
            return
        }
        switch any {
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGColor: self = .color(v)
        case let v as UIColor: self = .color(v.cgColor)
        case let v as CGPath: self = .path(v)
        case let v as UIBezierPath: self = .path(v.cgPath)
        case let v as NSValue: self = Self(boxed: v) ?? .opaque(any)
        case let v as [CGColor]: self = .colors(v)
        case let v as [Any]:
            let numbers = v.compactMap(AnimatableValue.number)
            let colors = v.compactMap { ($0 as? CGColor) ?? ($0 as? UIColor)?.cgColor }
            if numbers.count == v.count {
                self = .numbers(numbers)
            } else if colors.count == v.count {
                self = .colors(colors)
            } else {
                self = .opaque(any)
            }
        default: self = .opaque(any)
        }
    }

    /// The geometry in an `NSValue` box (`NSValue(cgPoint:)`, `cgSize`, `cgRect`, `caTransform3D`).
    init?(boxed value: NSValue) {
        switch value.typeEncoding {
        case "{CGPoint=dd}": self = .point(value.pointValue)
        case "{CGSize=dd}": self = .size(value.sizeValue)
        case "{CGRect={CGPoint=dd}{CGSize=dd}}": self = .rect(value.rectValue)
        case NSValue.transform3DType: self = .transform(value.caTransform3DValue)
        default: return nil
        }
    }

    /// A number in any of Swift's or Foundation's numeric spellings.
    static func number(_ any: Any) -> Double? {
        switch any {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as Int32: return Double(v)
        case let v as UInt: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }

    /// The value as `Any`, in the Swift type Core Animation's Swift API uses for numbers (`CGFloat`). Alike
    /// `AnimationBuilder.anyValue(_:)` (AnimationBuilder.swift) on purpose: each maps its own enum (that one,
    /// `SceneValue`) case by case to those types.
    var anyValue: Any? {
        switch self {
        case .number(let v): return CGFloat(v)
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .transform(let v): return v
        case .color(let v): return v
        case .path(let v): return v
        case .numbers(let v): return v.map { CGFloat($0) }
        case .colors(let v): return v
        case .opaque(let v): return v
        }
    }

    /// The numeric components (for printing and tests): a number, x y, w h, x y w h, 16 matrix entries
    /// row by row, r g b a, a list's numbers (r g b a of each colour), or nil for paths and opaque values.
    var components: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .transform(let t): return t.rowMajor.map { Double($0) }
        case .color(let c): return c.map { [$0.red, $0.green, $0.blue, $0.alpha] }
        case .numbers(let v): return v
        case .colors(let v): return v.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        case .path, .opaque: return nil
        }
    }

    /// `self + (other − self)·t`, component-wise; transforms by decomposition; lists element by element
    /// when they have the same length (as Core Animation interpolates a gradient's `colors` and
    /// `locations`; lists of different lengths, which Apple leaves undefined, switch at t = 0.5); paths
    /// element by element when their structures match, else a discrete switch at t = 0.5; mismatched
    /// kinds switch discretely at t = 0.5 too.
    func interpolated(to other: AnimatableValue, _ t: Double) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + (b - a) * t)
        case (.point(let a), .point(let b)):
            return .point(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: a.origin.x + (b.origin.x - a.origin.x) * t, y: a.origin.y + (b.origin.y - a.origin.y) * t,
                    width: a.size.width + (b.size.width - a.size.width) * t,
                    height: a.size.height + (b.size.height - a.size.height) * t))
        case (.transform(let a), .transform(let b)):
            return .transform(TransformComponents.interpolate(a, b, t))
        case (.color(let a), .color(let b)):
            return .color(Self.mix(a ?? .clear, b ?? .clear, t))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map { $0 + ($1 - $0) * t })
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { Self.mix($0, $1, t) })
        case (.path(let a?), .path(let b?)):
            if let blended = a.interpolated(to: b, fraction: t) { return .path(blended) }
            return t < 0.5 ? self : other
        default:
            return t < 0.5 ? self : other
        }
    }

    /// `a + (b − a)·t` channel by channel, in straight (not premultiplied) colour.
    static func mix(_ a: CGColor, _ b: CGColor, _ t: Double) -> CGColor {
        CGColor(
            red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
            blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }

    /// `op` applied to each channel of `a` and `b`.
    private static func combine(_ a: CGColor, _ b: CGColor, _ op: (CGFloat, CGFloat) -> CGFloat) -> CGColor {
        CGColor(
            red: op(a.red, b.red), green: op(a.green, b.green), blue: op(a.blue, b.blue), alpha: op(a.alpha, b.alpha))
    }

    /// `self + other`: numbers and geometry add component-wise, transforms concatenate (`other`
    /// applied first, then `self`), colours add component-wise, lists of one length element by
    /// element; otherwise `other` wins.
    func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y, width: a.size.width + b.size.width,
                    height: a.size.height + b.size.height))
        case (.transform(let a), .transform(let b)): return .transform(CATransform3DConcat(b, a))
        case (.color(let a?), .color(let b?)): return .color(Self.combine(a, b, +))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count: return .numbers(zip(a, b).map(+))
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { Self.combine($0, $1, +) })
        default: return other
        }
    }

    /// `self − other` (the inverse of `adding`), used for the by/to case.
    func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a - b)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x - b.x, y: a.y - b.y))
        case (.size(let a), .size(let b)): return .size(CGSize(width: a.width - b.width, height: a.height - b.height))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y, width: a.size.width - b.size.width,
                    height: a.size.height - b.size.height))
        case (.transform(let a), .transform(let b)):
            return .transform(CATransform3DConcat(CATransform3DInvert(b), a))
        case (.color(let a?), .color(let b?)): return .color(Self.combine(a, b, -))
        case (.numbers(let a), .numbers(let b)) where a.count == b.count: return .numbers(zip(a, b).map(-))
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { Self.combine($0, $1, -) })
        default: return self
        }
    }

    /// `self · k` for the cumulative rule (k completed repeats).
    func scaled(by k: Double) -> AnimatableValue {
        switch self {
        case .number(let a): return .number(a * k)
        case .point(let a): return .point(CGPoint(x: a.x * k, y: a.y * k))
        case .size(let a): return .size(CGSize(width: a.width * k, height: a.height * k))
        case .rect(let a):
            return .rect(
                CGRect(x: a.origin.x * k, y: a.origin.y * k, width: a.size.width * k, height: a.size.height * k))
        case .numbers(let a): return .numbers(a.map { $0 * k })
        case .color(let a?): return .color(Self.combine(a, a) { v, _ in v * k })
        case .colors(let a): return .colors(a.map { Self.combine($0, $0) { v, _ in v * k } })
        case .transform(let a): return .transform(Self.power(a, k.rounded()))
        default: return self
        }
    }

    /// `m` concatenated with itself `n` times (`n` a whole number; the identity for `n ≤ 0` or NaN), by
    /// repeated squaring: at most about 2 · log₂ n products, so a cumulative transform animation
    /// evaluated after 10²⁰ repeats costs as little as after two. Every power of `m` commutes with the
    /// others, so the order of the products does not matter.
    static func power(_ m: CATransform3D, _ n: Double) -> CATransform3D {
        guard n >= 1 else { return CATransform3DIdentity }
        var result = CATransform3DIdentity
        var base = m
        // Above 2⁵³ every double is even, so halving stays exact until `remaining` is small.
        var remaining = n.isFinite ? n : Double.greatestFiniteMagnitude
        while remaining >= 1 {
            if remaining.truncatingRemainder(dividingBy: 2) == 1 { result = CATransform3DConcat(result, base) }
            remaining = (remaining / 2).rounded(.down)
            if remaining >= 1 { base = CATransform3DConcat(base, base) }
        }
        return result
    }

    /// True for a transform (which keyframe splines do not bend).
    var isTransform: Bool {
        if case .transform = self { return true }
        return false
    }

    /// A distance between two values for paced keyframes (Euclidean over the components).
    func distance(to other: AnimatableValue) -> Double {
        guard let a = components, let b = other.components, a.count == b.count else { return 0 }
        var sum = 0.0
        for i in 0..<a.count { sum += (a[i] - b[i]) * (a[i] - b[i]) }
        return sum.squareRoot()
    }
}

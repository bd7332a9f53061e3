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
    /// Three numbers, for the `scale` and `translate` value functions.
    case vector3(Double, Double, Double)
    /// Anything else (custom keys, contents): switched discretely.
    case opaque(Any?)

    /// Converts a user value (`CGFloat`, `Double`, `Float`, `Int`, `NSNumber`, `CGPoint`, `CGSize`,
    /// `CGRect`, `CATransform3D`, `CGColor`, `UIColor`, `CGPath`, `UIBezierPath`, `[number]`, and
    /// `NSValue` boxes of points, sizes, rects and transforms).
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
        case let v as [Any]:
            let numbers = v.compactMap(AnimatableValue.number)
            if numbers.count == v.count, numbers.count == 3 {
                self = .vector3(numbers[0], numbers[1], numbers[2])
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

    /// The value as `Any`, in the Swift type Core Animation's Swift API uses for numbers (`CGFloat`).
    var anyValue: Any? {
        switch self {
        case .number(let v): return CGFloat(v)
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .transform(let v): return v
        case .color(let v): return v
        case .path(let v): return v
        case .vector3(let x, let y, let z): return [CGFloat(x), CGFloat(y), CGFloat(z)]
        case .opaque(let v): return v
        }
    }

    /// The numeric components (for printing and tests): a number, x y, w h, x y w h, 16 matrix entries
    /// row by row, r g b a, or nil for paths and opaque values.
    var components: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .transform(let t): return t.rowMajor.map { Double($0) }
        case .color(let c): return c.map { [$0.red, $0.green, $0.blue, $0.alpha] }
        case .vector3(let x, let y, let z): return [x, y, z]
        case .path, .opaque: return nil
        }
    }

    /// `self + (other − self)·t`, component-wise; transforms by decomposition; paths element by
    /// element when their structures match, else a discrete switch at t = 0.5; mismatched kinds switch
    /// discretely at t = 0.5 too.
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
            let ca = a ?? .clear
            let cb = b ?? .clear
            return .color(
                CGColor(
                    red: ca.red + (cb.red - ca.red) * t, green: ca.green + (cb.green - ca.green) * t,
                    blue: ca.blue + (cb.blue - ca.blue) * t, alpha: ca.alpha + (cb.alpha - ca.alpha) * t))
        case (.vector3(let a0, let a1, let a2), .vector3(let b0, let b1, let b2)):
            return .vector3(a0 + (b0 - a0) * t, a1 + (b1 - a1) * t, a2 + (b2 - a2) * t)
        case (.path(let a?), .path(let b?)):
            if let blended = a.interpolated(to: b, fraction: t) { return .path(blended) }
            return t < 0.5 ? self : other
        default:
            return t < 0.5 ? self : other
        }
    }

    /// `self + other`: numbers and geometry add component-wise, transforms concatenate (`other`
    /// applied first, then `self`), colours add component-wise; otherwise `other` wins.
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
        case (.color(let a?), .color(let b?)):
            return .color(
                CGColor(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
        case (.vector3(let a0, let a1, let a2), .vector3(let b0, let b1, let b2)):
            return .vector3(a0 + b0, a1 + b1, a2 + b2)
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
        case (.color(let a?), .color(let b?)):
            return .color(
                CGColor(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha))
        case (.vector3(let a0, let a1, let a2), .vector3(let b0, let b1, let b2)):
            return .vector3(a0 - b0, a1 - b1, a2 - b2)
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
        case .vector3(let a0, let a1, let a2): return .vector3(a0 * k, a1 * k, a2 * k)
        case .color(let a?):
            return .color(CGColor(red: a.red * k, green: a.green * k, blue: a.blue * k, alpha: a.alpha * k))
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

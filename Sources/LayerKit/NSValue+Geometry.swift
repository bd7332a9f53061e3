/// UIKit's and Core Animation's `NSValue` boxes for geometry, so animation values written as
/// `NSValue(cgPoint:)` or `NSValue(caTransform3D:)` work as they do on iOS. Points, sizes and rects use
/// Foundation's own boxes; Foundation on Linux cannot box other structures, so transforms are boxed as
/// arrays of doubles (`[16d]`, `[6d]`), which these read-backs and animation values recognise.
extension NSValue {
    /// The encoding of a boxed `CATransform3D`: its 16 entries, row by row.
    static let transform3DType = "[16d]"
    /// The encoding of a boxed `CGAffineTransform`: a, b, c, d, tx, ty.
    static let affineTransformType = "[6d]"

    /// A value holding a point.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A value holding a size.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// A value holding a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// A value holding a 3-D transform.
    public convenience init(caTransform3D transform: CATransform3D) {
        let entries = transform.rowMajor.map { Double($0) }
        self.init(doubles: entries, type: Self.transform3DType)
    }

    /// A value holding an affine transform.
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        let entries = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map {
            Double($0)
        }
        self.init(doubles: entries, type: Self.affineTransformType)
    }

    /// A box of `doubles` under `type` (Foundation copies the bytes).
    private convenience init(doubles: [Double], type: String) {
        let buffer = UnsafeMutablePointer<Double>.allocate(capacity: doubles.count)
        buffer.initialize(from: doubles, count: doubles.count)
        defer { buffer.deallocate() }
        self.init(bytes: buffer, objCType: type)
    }

    /// The Objective-C type encoding of the boxed value, as a string.
    var typeEncoding: String { String(cString: objCType) }

    /// The point the value holds.
    public var cgPointValue: CGPoint { pointValue }
    /// The size the value holds.
    public var cgSizeValue: CGSize { sizeValue }
    /// The rectangle the value holds.
    public var cgRectValue: CGRect { rectValue }

    /// The boxed transform (the identity when the box holds something else).
    public var caTransform3DValue: CATransform3D {
        doubles(count: 16, type: Self.transform3DType).map { CATransform3D(rowMajor: $0.map { CGFloat($0) }) }
            ?? CATransform3DIdentity
    }

    /// The boxed affine transform (the identity when the box holds something else).
    public var cgAffineTransformValue: CGAffineTransform {
        guard let v = doubles(count: 6, type: Self.affineTransformType) else { return .identity }
        return CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }

    /// The boxed doubles when the box holds `count` of them under `type`.
    private func doubles(count: Int, type: String) -> [Double]? {
        guard typeEncoding == type else { return nil }
        var values = [Double](repeating: 0, count: count)
        values.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return values
    }
}

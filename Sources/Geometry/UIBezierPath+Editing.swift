extension UIBezierPath {
    /// Appends `other`'s subpaths, as they are.
    public func append(_ other: UIBezierPath) { path.addPath(other.path) }

    /// A new path with every subpath drawn in the opposite direction (same element kinds, control
    /// points swapped); a closed subpath still starts at its start point and stays closed.
    public func reversing() -> UIBezierPath {
        UIBezierPath(cgPath: CGPath(elements: path.reversedElements()))
    }

    /// Transforms every point of the path by `transform`.
    public func apply(_ transform: CGAffineTransform) {
        path = CGMutablePath(elements: path.copy(applying: transform).elements)
    }

    /// The rectangle enclosing every point of the path, control points included, as UIKit documents.
    public var bounds: CGRect { path.boundingBox }

    /// The end point of the last element.
    public var currentPoint: CGPoint { path.currentPoint }

    /// True when the path has no elements.
    public var isEmpty: Bool { path.isEmpty }

    /// Whether `point` is inside the area the path would fill (open subpaths closed), under the
    /// even-odd rule when `usesEvenOddFillRule`, else non-zero winding.
    public func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

extension CGPath {
    /// The elements of the path with each subpath reversed (`UIBezierPath.reversing()`).
    func reversedElements() -> [PathElement] {
        var result: [PathElement] = []
        forEachSubpath { subpath in
            // The points each element starts from, and each element's end.
            var starts: [CGPoint] = []
            var current = subpath.start
            for element in subpath.elements {
                starts.append(current)
                current = element.points.last ?? current
            }
            if subpath.isClosed {
                result.append(.moveTo(subpath.start))
                if current != subpath.start { result.append(.lineTo(current)) }
            } else {
                result.append(.moveTo(current))
            }
            for (element, start) in zip(subpath.elements, starts).reversed() {
                switch element {
                case .quadCurveTo(let c, _): result.append(.quadCurveTo(control: c, end: start))
                case .curveTo(let c1, let c2, _): result.append(.curveTo(control1: c2, control2: c1, end: start))
                default: result.append(.lineTo(start))
                }
            }
            if subpath.isClosed {
                // The close draws the last line back to the start.
                if case .lineTo(let p)? = result.last, p == subpath.start { result.removeLast() }
                result.append(.closeSubpath)
            }
        }
        return result
    }
}

extension UIBezierPath {
    /// Sets the dash pattern `stroke()` uses: `count` lengths from `pattern` (nil or 0 for a solid line).
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        lineDashPattern = pattern.map { Array(UnsafeBufferPointer(start: $0, count: max(0, count))) } ?? []
        lineDashPhase = phase
    }

    /// Copies the dash pattern into `pattern` (room for `count` lengths) and gives its length and phase.
    public func getLineDash(
        _ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
        phase: UnsafeMutablePointer<CGFloat>?
    ) {
        if let pattern { for (i, length) in lineDashPattern.enumerated() { pattern[i] = length } }
        count?.pointee = lineDashPattern.count
        phase?.pointee = lineDashPhase
    }
}

import Fonts
import Foundation

/// UIKit's drawing conveniences, drawing into the current context (`UIGraphicsGetCurrentContext()`);
/// without one they do nothing, as UIKit's do.
extension UIColor: CGColorConvertible {
    /// Makes the colour the current context's fill colour.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Makes the colour the current context's stroke colour.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    /// Makes the colour both the fill and the stroke colour.
    public func set() {
        setFill()
        setStroke()
    }
}

extension CGContext {
    /// Runs `body` with the state saved, the blend mode and alpha set, then puts the state back.
    func drawing(blendMode: CGBlendMode, alpha: CGFloat, _ body: (CGContext) -> Void) {
        saveGState()
        setBlendMode(blendMode)
        setAlpha(alpha)
        body(self)
        restoreGState()
    }
}

extension UIBezierPath {
    /// Fills the path with the current fill colour (even-odd when `usesEvenOddFillRule`).
    public func fill() { fill(with: .normal, alpha: 1) }

    /// Fills the path in `blendMode` at `alpha`.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        UIGraphicsGetCurrentContext()?.drawing(blendMode: blendMode, alpha: alpha) { context in
            context.beginPath()
            context.addPath(cgPath)
            context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        }
    }

    /// Strokes the path with the current stroke colour and the path's own line style.
    public func stroke() { stroke(with: .normal, alpha: 1) }

    /// Strokes the path in `blendMode` at `alpha`.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        UIGraphicsGetCurrentContext()?.drawing(blendMode: blendMode, alpha: alpha) { context in
            context.setLineWidth(lineWidth)
            context.setLineCap(lineCapStyle)
            context.setLineJoin(lineJoinStyle)
            context.setMiterLimit(miterLimit)
            context.setLineDash(phase: lineDashPhase, lengths: lineDashPattern)
            context.beginPath()
            context.addPath(cgPath)
            context.strokePath()
        }
    }

    /// Intersects the current context's clip with the path's inside.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

extension UIImage {
    /// Draws the picture upright (UIKit's coordinates) with its top left at `point`, at its size in points.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Draws the image at its size, its top-left corner at `point`, in `blendMode` with `alpha`.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the picture upright, stretched over `rect`.
    public func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }

    /// Draws the image scaled into `rect`, in `blendMode` with `alpha`, in the current context.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let cgImage else { return }
        UIGraphicsGetCurrentContext()?.drawing(blendMode: blendMode, alpha: alpha) { context in
            // Core Graphics draws an image's first row at the rectangle's maximum y: flip about the rectangle.
            context.translateBy(x: rect.minX, y: rect.maxY)
            context.scaleBy(x: 1, y: -1)
            context.draw(cgImage, in: CGRect(origin: .zero, size: rect.size))
        }
    }
}

/// Fills `rect` with the current fill colour.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// Fills `rect` in `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    UIGraphicsGetCurrentContext()?.drawing(blendMode: blendMode, alpha: 1) { $0.fill(rect) }
}

/// Draws a one-point frame inside `rect` with the current fill colour.
public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    context.saveGState()
    context.beginPath()
    context.addRect(r)
    context.addRect(r.insetBy(dx: min(1, r.width / 2), dy: min(1, r.height / 2)))
    context.fillPath(using: .evenOdd)
    context.restoreGState()
}

/// Intersects the current clip with `rect`.
public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }

// MARK: String drawing

/// Text runs and styles from attributes: `.font` (a `UIFont`; Helvetica 12 pt without one, as UIKit
/// draws) and `.foregroundColor` (a `UIColor` or `CGColor`; black without one).
enum StringDrawing {
    static let defaultFont = UIFont.defaultFont(12)

    static func style(_ attributes: [NSAttributedString.Key: Any]?) -> TextStyle {
        let font = attributes?[.font] as? UIFont ?? defaultFont
        let color = attributes?[.foregroundColor]
        let cgColor = (color as? UIColor)?.cgColor ?? (color as? CGColor) ?? .black
        return TextStyle(face: font.face, size: font.pointSize, color: cgColor)
    }

    /// The runs of an attributed string, a style each.
    static func runs(_ string: NSAttributedString) -> (runs: [TextRun], styles: [TextStyle]) {
        var runs: [TextRun] = []
        var styles: [TextStyle] = []
        let whole = NSRange(location: 0, length: string.length)
        string.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            runs.append(TextRun(string.attributedSubstring(from: range).string, style: styles.count))
            styles.append(style(attributes))
        }
        return (runs, styles)
    }

    static func draw(_ runs: [TextRun], _ styles: [TextStyle], at point: CGPoint, width: CGFloat?) {
        UIGraphicsGetCurrentContext()?.fillText(runs, styles: styles, at: point, width: width)
    }
}

extension StringProtocol {
    /// Draws the string with its first line's top left at `point` (UIKit's coordinates), one line per
    /// paragraph.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw([TextRun(String(self), style: 0)], [StringDrawing.style(attributes)], at: point, width: nil)
    }

    /// Draws the string from the top left of `rect`, wrapped at word boundaries within its width.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.clip(to: rect)
        StringDrawing.draw(
            [TextRun(String(self), style: 0)], [StringDrawing.style(attributes)], at: rect.origin, width: rect.width)
        context.restoreGState()
    }

    /// The size the string takes drawn with `attributes` on one line per paragraph.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        CGContext.measureText([TextRun(String(self), style: 0)], styles: [StringDrawing.style(attributes)])
    }
}

extension NSString {
    /// Draws the string on one line from `point` (its top-left corner), with `.font` and `.foregroundColor`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }

    /// Draws the string in `rect`, wrapped at word boundaries, with `.font` and `.foregroundColor`.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }

    /// The size the string takes on one line with the attributes' `.font`.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }
}

extension NSAttributedString {
    /// Draws the string with its first line's top left at `point`, each run in its font and colour.
    public func draw(at point: CGPoint) {
        let (runs, styles) = StringDrawing.runs(self)
        StringDrawing.draw(runs, styles, at: point, width: nil)
    }

    /// Draws the string from the top left of `rect`, wrapped within its width and clipped to it.
    public func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let (runs, styles) = StringDrawing.runs(self)
        context.saveGState()
        context.clip(to: rect)
        StringDrawing.draw(runs, styles, at: rect.origin, width: rect.width)
        context.restoreGState()
    }

    /// The size the string takes on one line per paragraph.
    public func size() -> CGSize {
        let (runs, styles) = StringDrawing.runs(self)
        return CGContext.measureText(runs, styles: styles)
    }
}

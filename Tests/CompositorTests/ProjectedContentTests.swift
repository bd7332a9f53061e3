import Compositor
import Foundation
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

/// A gradient layer and a text layer turned in perspective draw their content: each equals the same
/// content drawn flat at twice the size and shown as the `contents` picture of a layer turned the
/// same way (the projected-picture path, checked against a reference projection and Skia in
/// `ThreeDTests`); an unchanged projected gradient is not damaged again.
@Suite(.serialized) struct ProjectedContentTests {
    /// A turn of 0.5 rad about y under the card-flip perspective (m34 = −1/500).
    static let turned: CATransform3D = {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        return CATransform3DRotate(t, 0.5, 0, 1, 0)
    }()

    static let frame = CGRect(x: 20, y: 20, width: 200, height: 100)

    static func render(_ layer: CALayer, width: Int = 240, height: Int = 140) -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.addSublayer(layer)
        CAEngine.step(root)
        let target = Bitmap(width: width, height: height)
        Compositor().render(root, into: target)
        return target
    }

    static func withoutActions<T>(_ make: () -> T) -> T {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        return make()
    }

    static func gradient(frame: CGRect, transform: CATransform3D) -> CAGradientLayer {
        withoutActions {
            let layer = CAGradientLayer()
            layer.frame = frame
            layer.colors = [
                CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0.2, green: 0.9, blue: 0.1, alpha: 1),
                CGColor(red: 0, green: 0, blue: 1, alpha: 1),
            ]
            layer.startPoint = CGPoint(x: 0, y: 0.5)
            layer.endPoint = CGPoint(x: 1, y: 0.5)
            layer.transform = transform
            return layer
        }
    }

    /// A plain layer at `frame`, turned, showing `picture`.
    static func picture(_ picture: Bitmap, transform: CATransform3D) -> CALayer {
        withoutActions {
            let layer = CALayer()
            layer.frame = frame
            layer.contents = picture
            layer.transform = transform
            return layer
        }
    }

    /// The largest channel difference and the mean alpha difference of two frames.
    static func differences(_ a: Bitmap, _ b: Bitmap) -> (worst: Int, meanAlpha: Double) {
        var worst = 0
        var alpha = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (p, q) = (a[x, y], b[x, y])
                for shift in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                }
                alpha += abs(Int(p >> 24) - Int(q >> 24))
            }
        }
        return (worst, Double(alpha) / Double(a.width * a.height))
    }

    /// Within 3/255 everywhere: both resample a flat drawing at two pixels a point through the same
    /// map, cut by the same projected rectangle.
    @Test func aTurnedGradientIsItsFlatGradientTurned() {
        freshEngine()
        let flat = Self.render(
            Self.gradient(frame: CGRect(x: 0, y: 0, width: 400, height: 200), transform: CATransform3DIdentity),
            width: 400, height: 200)
        let turned = Self.render(Self.gradient(frame: Self.frame, transform: Self.turned))
        let reference = Self.render(Self.picture(flat, transform: Self.turned))
        let (worst, _) = Self.differences(turned, reference)
        #expect(worst <= 3, "largest channel difference \(worst)")
        #expect(turned[120, 70] >> 24 == 255, "the middle of the layer is drawn")
    }

    /// A projected gradient that did not change is the same picture, so a damage frame redraws nothing.
    @Test func anUnchangedProjectedGradientIsNotDamaged() {
        freshEngine()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 480, height: 280)
        root.addSublayer(Self.gradient(frame: Self.frame, transform: Self.turned))
        let compositor = Compositor()
        let target = Bitmap(width: 480, height: 280)
        CAEngine.step(root)
        compositor.render(root, into: target, damageOnly: true)
        CAEngine.step(root)
        #expect(compositor.render(root, into: target, damageOnly: true).isEmpty)
    }

    /// Turned text is filled from its projected glyph outlines; the flat text drawn at twice the size
    /// (from FreeType's bitmaps) and turned the same way differs from it only at glyph edges: a mean
    /// alpha difference under 2/255 over the frame.
    @Test func turnedTextIsItsFlatTextTurned() {
        freshEngine()
        func text(frame: CGRect, size: CGFloat, transform: CATransform3D) -> CATextLayer {
            Self.withoutActions {
                let layer = CATextLayer()
                layer.frame = frame
                layer.string = "Layers"
                layer.fontSize = size
                layer.transform = transform
                return layer
            }
        }
        let flat = Self.render(
            text(frame: CGRect(x: 0, y: 0, width: 400, height: 200), size: 96, transform: CATransform3DIdentity),
            width: 400, height: 200)
        let turned = Self.render(text(frame: Self.frame, size: 48, transform: Self.turned))
        let reference = Self.render(Self.picture(flat, transform: Self.turned))
        let ink = (0..<turned.height).reduce(0) { sum, y in
            sum + (0..<turned.width).reduce(0) { $0 + Int(turned[$1, y] >> 24) }
        }
        #expect(ink > 255 * 1000, "the text is drawn (ink \(ink))")
        let (_, meanAlpha) = Self.differences(turned, reference)
        #expect(meanAlpha < 2, "mean alpha difference \(meanAlpha)")
    }

    /// The alpha's total and centroid of a frame.
    static func mass(_ bitmap: Bitmap) -> (total: Double, x: Double, y: Double) {
        var (total, x, y) = (0.0, 0.0, 0.0)
        for row in 0..<bitmap.height {
            for column in 0..<bitmap.width {
                let alpha = Double(bitmap[column, row] >> 24)
                total += alpha
                x += alpha * (Double(column) + 0.5)
                y += alpha * (Double(row) + 0.5)
            }
        }
        return (total, x / max(total, 1), y / max(total, 1))
    }

    /// A turned layer casts its shadow: its `shadowPath` (the bounds) projected with it, blurred and
    /// moved by `shadowOffset`. Drawn alone (the layer has no background), the shadow holds the turned
    /// layer's alpha (a blur keeps the total, within 2 %), its centroid moved by the offset (within a
    /// pixel: the offset is taken as the map is at the layer's centre).
    @Test func aTurnedLayerCastsItsShadow() {
        freshEngine()
        func layer(shadow: Bool) -> CALayer {
            Self.withoutActions {
                let layer = CALayer()
                layer.frame = CGRect(x: 60, y: 40, width: 120, height: 80)
                layer.transform = Self.turned
                if shadow {
                    layer.shadowPath = CGPath(rect: layer.bounds, transform: nil)
                    layer.shadowOpacity = 1
                    layer.shadowRadius = 4
                    layer.shadowOffset = CGSize(width: 0, height: 12)
                } else {
                    layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                }
                return layer
            }
        }
        let card = Self.mass(Self.render(layer(shadow: false), width: 240, height: 200))
        let shadow = Self.mass(Self.render(layer(shadow: true), width: 240, height: 200))
        #expect(card.total > 0)
        #expect(abs(shadow.total / card.total - 1) <= 0.02, "shadow \(shadow.total) against the card's \(card.total)")
        #expect(abs(shadow.x - card.x) <= 1, "centroid x \(shadow.x) against \(card.x)")
        #expect(abs(shadow.y - (card.y + 12)) <= 1, "centroid y \(shadow.y) against \(card.y) + 12")
    }
}

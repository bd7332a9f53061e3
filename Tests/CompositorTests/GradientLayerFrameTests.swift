import Compositor
import Foundation
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

/// `CAGradientLayer` through the Compositor: against cairo's gradients (goldens made by
/// `Goldens/make_look_goldens.py`), against exact maths for the conic one, the notes' vectors, and
/// where the gradient draws among the layer's parts.
@Suite struct GradientLayerFrameTests {
    static let stops: [CGColor] = [
        CGColor(red: 1, green: 0.2, blue: 0.1, alpha: 1), CGColor(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.6),
        CGColor(red: 0.2, green: 0.3, blue: 1, alpha: 1),
    ]
    static let locations: [NSNumber] = [0, 0.35, 0.8]

    /// An 80 × 60 frame over opaque #202020 holding `gradient`.
    static func frame(_ gradient: CAGradientLayer, width: Int = 80, height: Int = 60) -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 32 / 255, green: 32 / 255, blue: 32 / 255, alpha: 1)
        root.addSublayer(gradient)
        let bitmap = Bitmap(width: width, height: height)
        Compositor().render(root, into: bitmap)
        return bitmap
    }

    static func gradient(
        _ frame: CGRect, _ type: CAGradientLayerType, from start: CGPoint, to end: CGPoint
    ) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = frame
        layer.type = type
        layer.colors = stops
        layer.locations = locations
        layer.startPoint = start
        layer.endPoint = end
        return layer
    }

    /// A fresh engine on this thread driven by a manual clock at 0.
    static func manualClock() -> ManualClock {
        let clock = freshEngine(at: 0)
        return clock
    }

    /// The shimmer: `locations` from [−1, −0.5, 0] to [1, 1.5, 2] over 1 s.
    static func shimmer() -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [-1, -0.5, 0]
        animation.toValue = [1, 1.5, 2]
        animation.duration = 1
        return animation
    }

    /// True when `target` holds exactly what a fresh compositor draws of `root`.
    static func equalsFreshDrawing(_ target: Bitmap, of root: CALayer) -> Bool {
        let fresh = Bitmap(width: target.width, height: target.height)
        Compositor().render(root, into: fresh)
        return (0..<target.height).allSatisfy { y in (0..<target.width).allSatisfy { target[$0, y] == fresh[$0, y] } }
    }

    /// The largest channel difference from `golden`.
    static func worstDifference(_ bitmap: Bitmap, _ golden: [UInt32]) -> Int {
        var worst = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let (a, b) = (bitmap[x, y], golden[y * bitmap.width + x])
                for shift in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 255) - Int((b >> UInt32(shift)) & 255)))
                }
            }
        }
        return worst
    }

    /// Axial and radial gradient layers are within 2/255 per channel of cairo's gradients in the unit
    /// space of the same bounds (pixman rounds its colours a little differently), everywhere in the frame.
    @Test(arguments: [
        (
            "gradient_layer_axial", CGRect(x: 10, y: 5, width: 60, height: 40), CAGradientLayerType.axial,
            CGPoint(x: 0.1, y: 0.2), CGPoint(x: 0.9, y: 0.7)
        ),
        (
            "gradient_layer_radial", CGRect(x: 8, y: 6, width: 64, height: 48), .radial, CGPoint(x: 0.5, y: 0.45),
            CGPoint(x: 0.95, y: 0.8)
        ),
    ])
    func matchesCairo(name: String, frame: CGRect, type: CAGradientLayerType, start: CGPoint, end: CGPoint) throws {
        let golden = try LookGoldens.bgra(name)
        let drawn = Self.frame(Self.gradient(frame, type, from: start, to: end))
        let worst = Self.worstDifference(drawn, golden)
        #expect(worst <= 2, "\(name): max channel difference from cairo \(worst)")
    }

    /// A conic gradient layer (cairo has none) is within 1/255 of the exact colour at every pixel centre:
    /// the angle about startPoint from the direction of endPoint, in the unit space of the bounds,
    /// growing clockwise on screen, the colours interpolated in straight RGBA, premultiplied, over the
    /// background.
    @Test func conicMatchesExactMaths() {
        let frame = CGRect(x: 8, y: 6, width: 64, height: 48)
        let layer = Self.gradient(frame, .conic, from: CGPoint(x: 0.45, y: 0.5), to: CGPoint(x: 1, y: 0.8))
        let seam = CGColor(red: 1, green: 0.2, blue: 0.1, alpha: 1)
        layer.colors = [seam, CGColor(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.6), seam]
        layer.locations = [0, 0.4, 1]
        let drawn = Self.frame(layer)
        let zero = atan2(0.8 - 0.5, 1 - 0.45)
        var worst = 0
        for y in 6..<54 {
            for x in 8..<72 {
                let u = (Double(x) + 0.5 - 8) / 64
                let v = (Double(y) + 0.5 - 6) / 48
                var turn = (atan2(v - 0.5, u - 0.45) - zero) / (2 * .pi)
                turn -= turn.rounded(.down)
                let f = turn < 0.4 ? turn / 0.4 : (turn - 0.4) / 0.6
                let (a, b) = turn < 0.4 ? (layer.colorList![0], layer.colorList![1]) : (layer.colorList![1], seam)
                func mix(_ p: CGFloat, _ q: CGFloat) -> Double { Double(p + (q - p) * f) }
                let alpha = mix(a.alpha, b.alpha)
                // Over opaque #202020: c·α + 32/255·(1 − α).
                func channel(_ c: Double) -> Int { Int(((c * alpha + 32 / 255 * (1 - alpha)) * 255).rounded()) }
                let pixel = drawn[x, y]
                let expected = [
                    channel(mix(a.red, b.red)), channel(mix(a.green, b.green)), channel(mix(a.blue, b.blue)),
                ]
                let got = [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
                for (e, g) in zip(expected, got) { worst = max(worst, abs(e - g)) }
            }
        }
        #expect(worst <= 1, "max channel difference \(worst)")
    }

    /// The notes' vectors on a 100 × 100 layer: the default axial red → blue is (0.5, 0, 0.5) halfway
    /// down; radial about (0.5, 0.5) to (1, 0.75) has t = 0.5 at (75, 50) and (50, 62.5) alike.
    @Test func notesVectors() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let axial = CAGradientLayer()
        axial.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        axial.colors = [red, blue]
        let drawn = Self.frame(axial, width: 100, height: 100)
        // Row 49's centre is t = 0.495: 0.505 red, 0.495 blue.
        #expect(abs(Int(drawn[30, 49].red) - 129) <= 1 && abs(Int(drawn[30, 49].blue) - 126) <= 1)
        #expect(drawn[30, 0].red > 250 && drawn[30, 99].blue > 250)
        let radial = CAGradientLayer()
        radial.frame = axial.frame
        radial.type = .radial
        radial.colors = [red, blue]
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 0.75)
        let ring = Self.frame(radial, width: 100, height: 100)
        // Pixels (75, 49) and (49, 62) have centres at t within 0.02 of 0.5 on both axes' scales.
        for (x, y) in [(75, 49), (49, 62)] {
            #expect(abs(Int(ring[x, y].red) - 128) <= 6 && abs(Int(ring[x, y].blue) - 128) <= 6, "\(x),\(y)")
        }
    }

    /// The gradient fills the rounded outline even without masksToBounds, over the background colour and
    /// under sublayers; no colours draw nothing but the background.
    @Test func drawsInsideTheOutlineOverTheBackgroundUnderSublayers() {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        layer.cornerRadius = 10
        layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 0.5), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)]
        let child = CALayer()
        child.frame = CGRect(x: 30, y: 30, width: 10, height: 10)
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.addSublayer(child)
        let drawn = Self.frame(layer)
        #expect(drawn[11, 11] == 0xFF20_2020, "the corner is outside the outline")
        // Half-transparent red over green: (128, 127, 0).
        let centre = drawn[30, 30]
        #expect(abs(Int(centre.red) - 128) <= 1 && abs(Int(centre.green) - 127) <= 1 && centre.blue == 0)
        #expect(drawn[45, 45] == 0xFF00_00FF)
        let plain = CAGradientLayer()
        plain.frame = layer.frame
        plain.backgroundColor = layer.backgroundColor
        #expect(Self.frame(plain)[30, 30] == 0xFF00_FF00)
    }

    /// Damage sees a gradient change: an unchanged frame redraws nothing, animated locations redraw
    /// the layer's pixels, and the redrawn frame equals a fresh drawing of it. `maskedShimmerRedrawsItsBars` and
    /// `shadowOfAnOpaqueGradientIsKept` build and step their trees alike on purpose: each states its own sizes.
    @Test func damageFollowsTheGradient() throws {
        let clock = Self.manualClock()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        let layer = Self.gradient(
            CGRect(x: 10, y: 5, width: 60, height: 40), .axial, from: .zero, to: CGPoint(x: 1, y: 0))
        root.addSublayer(layer)
        layer.add(Self.shimmer(), forKey: "shimmer")
        let compositor = Compositor()
        let target = Bitmap(width: 160, height: 120)
        CAEngine.step(root)
        compositor.render(root, into: target, damageOnly: true)
        #expect(compositor.render(root, into: target, damageOnly: true).isEmpty)
        clock.now = 0.5
        CAEngine.step(root)
        let damage = compositor.render(root, into: target, damageOnly: true)
        #expect(damage == [CGRect(x: 10, y: 5, width: 60, height: 40)])
        #expect(Self.equalsFreshDrawing(target, of: root))
    }
}

extension GradientLayerFrameTests {
    /// The shimmer's structure: a gradient masked by solid placeholder bars. The mask's alpha is kept
    /// while its fills are unchanged, so a frame redraws just the bars as the locations move, and the
    /// redrawn frame equals a fresh drawing; moving a bar changes the mask.
    @Test func maskedShimmerRedrawsItsBars() throws {
        let clock = Self.manualClock()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        let layer = Self.gradient(
            CGRect(x: 0, y: 0, width: 80, height: 60), .axial, from: .zero, to: CGPoint(x: 1, y: 0))
        let mask = CALayer()
        mask.frame = layer.bounds
        let bars = [CGRect(x: 10, y: 10, width: 50, height: 8), CGRect(x: 10, y: 30, width: 30, height: 8)].map {
            frame -> CALayer in
            let bar = CALayer()
            bar.frame = frame
            bar.backgroundColor = .black
            bar.cornerRadius = 4
            mask.addSublayer(bar)
            return bar
        }
        layer.mask = mask
        root.addSublayer(layer)
        layer.add(Self.shimmer(), forKey: "shimmer")
        let compositor = Compositor()
        let target = Bitmap(width: 80, height: 60)
        func frame(at t: Double) -> [CGRect] {
            clock.now = t
            CAEngine.step(root)
            return compositor.render(root, into: target, damageOnly: true)
        }
        _ = frame(at: 0)
        #expect(frame(at: 0.25) == [CGRect(x: 10, y: 10, width: 50, height: 28)])
        #expect(Self.equalsFreshDrawing(target, of: root))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        bars[1].frame = CGRect(x: 20, y: 40, width: 30, height: 8)
        CATransaction.commit()
        _ = frame(at: 0.5)
        #expect(Self.equalsFreshDrawing(target, of: root))
        #expect(target[25, 44].alpha > 0 && target[12, 34].alpha == 0)
    }
}

extension GradientLayerFrameTests {
    /// A shadow cast by a layer holding an opaque gradient whose locations move (kept while its alpha is
    /// unchanged, `CastFillTests`): only the gradient's pixels are redrawn, and the frame equals a fresh
    /// drawing.
    @Test func shadowOfAnOpaqueGradientIsKept() throws {
        let clock = Self.manualClock()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 15, width: 40, height: 30)
        card.shadowOpacity = 1
        card.shadowOffset = .zero
        let gradient = CAGradientLayer()
        gradient.frame = card.bounds
        gradient.colors = [CGColor.black, CGColor.white, CGColor.black]
        card.addSublayer(gradient)
        root.addSublayer(card)
        gradient.add(Self.shimmer(), forKey: "shimmer")
        let compositor = Compositor()
        let target = Bitmap(width: 80, height: 60)
        CAEngine.step(root)
        compositor.render(root, into: target, damageOnly: true)
        clock.now = 0.5
        CAEngine.step(root)
        #expect(
            compositor.render(root, into: target, damageOnly: true) == [CGRect(x: 20, y: 15, width: 40, height: 30)])
        #expect(Self.equalsFreshDrawing(target, of: root))
        #expect(target[18, 30].alpha > 0 && target[18, 30].alpha < 255, "the shadow is there")
    }
}

/// Reads the committed goldens of `Goldens/` made by `make_look_goldens.py`.
enum LookGoldens {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Raw premultiplied BGRA pixels, row by row.
    static func bgra(_ name: String) throws -> [UInt32] {
        let data = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name + ".bgra")))
        return stride(from: 0, to: data.count, by: 4).map { i in
            UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16 | UInt32(data[i + 3]) << 24
        }
    }

    /// The picture of `make_look_goldens.py`'s `pattern`, premultiplied as cairo premultiplies.
    static func picture(width: Int, height: Int) -> Bitmap {
        func premultiply(_ c: Int, _ a: Int) -> UInt32 {
            let t = c * a + 128
            return UInt32(((t >> 8) + t) >> 8)
        }
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = (
                    (x * 37) & 255, (y * 23 + x * 5) & 255, (x * y * 3 + 60) & 255, (150 + x * 4 + y * 2) & 255
                )
                bitmap[x, y] = UInt32(a) << 24 | premultiply(r, a) << 16 | premultiply(g, a) << 8 | premultiply(b, a)
            }
        }
        return bitmap
    }
}

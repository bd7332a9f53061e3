import Fonts
import Foundation
import ImageFiles
import LayerscopeTestSupport
import Raster
import Testing

@testable import Graphics

/// Core Graphics' calls drawn by `CGContext` against cairo drawing the same thing
/// (`Goldens/make_drawing_goldens.py`, one function per case with the same name): each case on a
/// UIKit-flipped 64 × 64 context over opaque white, compared pixel by pixel. Our coverage is exact-area,
/// cairo's is sampled, and cairo flattens curves a little differently, so edge pixels may differ: every
/// channel of every pixel within `edge` (48/255), and at most `edgeFraction` (6 %) of the pixels by more
/// than `perChannel` (3/255); interiors and flat areas match to that. The shadow and the text have their
/// own, stated bounds.
@Suite struct ContextGoldenTests {
    static let goldens = FrameComparison.goldens(besides: #filePath)
    static let tolerance = GoldenTolerance(perChannel: 3, edge: 48, edgeFraction: 0.06)

    /// A flipped 64 × 64 context over opaque white.
    static func context() -> CGContext {
        let context = CGContext(size: CGSize(width: 64, height: 64), scale: 1)
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        return context
    }

    static func check(
        _ name: String, tolerance: GoldenTolerance = tolerance, sourceLocation: SourceLocation = #_sourceLocation,
        _ draw: (CGContext) -> Void
    ) throws {
        let context = context()
        draw(context)
        let golden = try ImageFile.read(goldens.appendingPathComponent(name + ".png"))
        FrameComparison.expectSame(context.pixels, golden, name, tolerance: tolerance, sourceLocation: sourceLocation)
    }

    static func star(_ c: CGContext, _ cx: CGFloat, _ cy: CGFloat, _ r: CGFloat) {
        for i in 0..<5 {
            let a = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            let p = CGPoint(x: cx + r * cos(a), y: cy + r * sin(a))
            if i == 0 { c.move(to: p) } else { c.addLine(to: p) }
        }
        c.closePath()
    }

    static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    @Test func fillRules() throws {
        try Self.check("fill_rules") { c in
            c.setFillColor(Self.rgb(0.9, 0.2, 0.1))
            Self.star(c, 18, 20, 16)
            c.fillPath(using: .winding)
            c.setFillColor(Self.rgb(0.1, 0.3, 0.9))
            Self.star(c, 46, 20, 16)
            c.fillPath(using: .evenOdd)
            c.setFillColor(Self.rgb(0.1, 0.6, 0.2, 0.8))
            c.addEllipse(in: CGRect(x: 18, y: 34, width: 28, height: 28))
            c.addEllipse(in: CGRect(x: 25, y: 41, width: 14, height: 14))
            c.eoFillPath()
        }
    }

    @Test func strokeCaps() throws {
        try Self.check("stroke_caps") { c in
            c.setLineWidth(8)
            for (i, cap) in [CGLineCap.butt, .round, .square].enumerated() {
                c.setLineCap(cap)
                c.move(to: CGPoint(x: 12, y: 12 + 20 * CGFloat(i)))
                c.addLine(to: CGPoint(x: 52, y: 12 + 20 * CGFloat(i)))
                c.strokePath()
            }
        }
    }

    @Test func strokeJoinsAndMiterLimit() throws {
        try Self.check("stroke_joins") { c in
            c.setStrokeColor(Self.rgb(0.2, 0.2, 0.6))
            c.setLineWidth(6)
            for (i, join) in [CGLineJoin.miter, .round, .bevel].enumerated() {
                c.setLineJoin(join)
                let x = 6 + 20 * CGFloat(i)
                c.addLines(between: [CGPoint(x: x, y: 26), CGPoint(x: x + 7, y: 8), CGPoint(x: x + 14, y: 26)])
                c.strokePath()
            }
            c.setLineJoin(.miter)
            c.setMiterLimit(2)
            c.addLines(between: [CGPoint(x: 8, y: 56), CGPoint(x: 32, y: 36), CGPoint(x: 56, y: 56)])
            c.strokePath()
        }
    }

    @Test func strokeDashes() throws {
        try Self.check("stroke_dashes") { c in
            c.setStrokeColor(Self.rgb(0.7, 0.1, 0.4))
            c.setLineWidth(3)
            c.setLineDash(phase: 2, lengths: [6, 3])
            c.stroke(CGRect(x: 8, y: 8, width: 48, height: 20))
            c.setLineCap(.round)
            c.setLineDash(phase: 0, lengths: [0.5, 5])
            c.setLineWidth(4)
            c.move(to: CGPoint(x: 8, y: 44))
            c.addCurve(to: CGPoint(x: 56, y: 44), control1: CGPoint(x: 20, y: 30), control2: CGPoint(x: 44, y: 60))
            c.strokePath()
        }
    }

    @Test func clippingAndTheStateStack() throws {
        try Self.check("clipping") { c in
            c.saveGState()
            c.addEllipse(in: CGRect(x: 6, y: 6, width: 36, height: 36))
            c.clip()
            c.clip(to: CGRect(x: 20, y: 10, width: 40, height: 40))
            c.setFillColor(Self.rgb(0.1, 0.5, 0.8))
            c.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
            c.restoreGState()
            c.saveGState()
            c.addEllipse(in: CGRect(x: 28, y: 30, width: 32, height: 32))
            c.addEllipse(in: CGRect(x: 36, y: 38, width: 16, height: 16))
            c.clip(using: .evenOdd)
            c.setFillColor(Self.rgb(0.8, 0.3, 0.1))
            c.fill(CGRect(x: 24, y: 26, width: 40, height: 40))
            c.restoreGState()
            c.setFillColor(.black)
            c.fill(CGRect(x: 2, y: 54, width: 12, height: 8))
        }
    }

    @Test func transformsAndLineWidthInUserSpace() throws {
        try Self.check("transforms") { c in
            c.saveGState()
            c.translateBy(x: 32, y: 32)
            c.rotate(by: .pi / 6)
            c.scaleBy(x: 1.5, y: 0.75)
            c.setFillColor(Self.rgb(0.9, 0.5, 0.1))
            c.fill(CGRect(x: -12, y: -12, width: 24, height: 24))
            c.saveGState()
            c.translateBy(x: 10, y: 0)
            c.setLineWidth(2)
            c.setStrokeColor(Self.rgb(0, 0, 0.6))
            c.stroke(CGRect(x: -4, y: -4, width: 8, height: 8))
            c.restoreGState()
            c.restoreGState()
            c.saveGState()
            c.concatenate(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
            c.setFillColor(Self.rgb(0.2, 0.6, 0.2))
            c.fill(CGRect(x: 2, y: 50, width: 14, height: 10))
            c.restoreGState()
            c.saveGState()
            c.scaleBy(x: 3, y: 1)
            c.setLineWidth(1)
            c.setStrokeColor(Self.rgb(0.5, 0, 0.5))
            c.move(to: CGPoint(x: 2, y: 4))
            c.addLine(to: CGPoint(x: 20, y: 4))
            c.strokePath()
            c.restoreGState()
        }
    }

    @Test func arcsAndCurves() throws {
        try Self.check("arcs_curves") { c in
            c.setLineWidth(2)
            c.addArc(center: CGPoint(x: 16, y: 16), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
            c.strokePath()
            c.addArc(center: CGPoint(x: 48, y: 16), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
            c.strokePath()
            c.move(to: CGPoint(x: 6, y: 58))
            c.addArc(tangent1End: CGPoint(x: 6, y: 34), tangent2End: CGPoint(x: 30, y: 34), radius: 8)
            c.addLine(to: CGPoint(x: 30, y: 34))
            c.strokePath()
            c.setFillColor(Self.rgb(0.2, 0.4, 0.9))
            c.move(to: CGPoint(x: 34, y: 60))
            c.addQuadCurve(to: CGPoint(x: 60, y: 60), control: CGPoint(x: 44, y: 30))
            c.closePath()
            c.fillPath()
        }
    }

    /// An 8 × 8 picture: red left half, blue right half, a white top row.
    static func picture() -> CGImage {
        var pixels = [UInt32](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 { pixels[y * 8 + x] = y == 0 ? 0xFFFF_FFFF : x < 4 ? 0xFFFF_0000 : 0xFF00_00FF }
        }
        return CGImage(width: 8, height: 8, pixels: pixels)
    }

    @Test func imagesDrawWithTheirFirstRowAtMaximumY() throws {
        try Self.check("image") { c in c.draw(Self.picture(), in: CGRect(x: 8, y: 8, width: 48, height: 40)) }
    }

    /// A clip by an image's alpha, placed as an image is (upside down in a flipped context).
    @Test func clippingToAnImageMask() throws {
        var pixels = [UInt32](repeating: 0, count: 64)
        for y in 1..<8 {
            for x in 0..<8 { pixels[y * 8 + x] = x < 4 ? 0xFF00_0000 : 0x8000_0000 }
        }
        let mask = CGImage(width: 8, height: 8, pixels: pixels)
        try Self.check("mask_clip") { c in
            c.clip(to: CGRect(x: 8, y: 8, width: 48, height: 40), mask: mask)
            c.setFillColor(Self.rgb(0.8, 0.1, 0.3))
            c.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        }
    }

    static func gradient() -> CGGradient {
        let colors = [Self.rgb(1, 0.2, 0.1), Self.rgb(0.1, 0.8, 0.3), Self.rgb(0.2, 0.3, 1)]
        return CGGradient(
            colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: [0, 0.4, 1])!
    }

    @Test func linearGradients() throws {
        try Self.check("linear_gradient") { c in
            c.saveGState()
            c.clip(to: CGRect(x: 0, y: 0, width: 64, height: 30))
            c.drawLinearGradient(
                Self.gradient(), start: CGPoint(x: 8, y: 4), end: CGPoint(x: 56, y: 24),
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            c.restoreGState()
            c.saveGState()
            c.clip(to: CGRect(x: 0, y: 34, width: 64, height: 30))
            c.drawLinearGradient(Self.gradient(), start: CGPoint(x: 16, y: 0), end: CGPoint(x: 48, y: 0), options: [])
            c.restoreGState()
        }
    }

    @Test func radialGradients() throws {
        try Self.check("radial_gradient") { c in
            c.saveGState()
            c.clip(to: CGRect(x: 0, y: 0, width: 64, height: 32))
            c.drawRadialGradient(
                Self.gradient(), startCenter: CGPoint(x: 20, y: 16), startRadius: 2, endCenter: CGPoint(x: 32, y: 16),
                endRadius: 24, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            c.restoreGState()
            c.saveGState()
            c.clip(to: CGRect(x: 0, y: 32, width: 64, height: 32))
            c.drawRadialGradient(
                Self.gradient(), startCenter: CGPoint(x: 32, y: 48), startRadius: 4, endCenter: CGPoint(x: 32, y: 48),
                endRadius: 14, options: [])
            c.restoreGState()
        }
    }

    @Test func blendModesAndAlpha() throws {
        try Self.check("blend_modes") { c in
            c.setFillColor(Self.rgb(0.2, 0.6, 0.9))
            c.fill(CGRect(x: 4, y: 4, width: 56, height: 56))
            c.setBlendMode(.multiply)
            c.setFillColor(Self.rgb(1, 0.5, 0.2))
            c.fillEllipse(in: CGRect(x: 8, y: 8, width: 28, height: 28))
            c.setBlendMode(.copy)
            c.setFillColor(Self.rgb(0.9, 0.9, 0.1, 0.5))
            c.fillEllipse(in: CGRect(x: 30, y: 10, width: 24, height: 24))
            c.setBlendMode(.clear)
            c.fillEllipse(in: CGRect(x: 22, y: 36, width: 20, height: 20))
            c.setBlendMode(.normal)
            c.setAlpha(0.5)
            c.setFillColor(.black)
            c.fill(CGRect(x: 46, y: 40, width: 14, height: 20))
        }
    }

    @Test func drawPathFillsThenStrokes() throws {
        try Self.check("path_modes") { c in
            c.setLineWidth(3)
            c.setFillColor(Self.rgb(0.9, 0.8, 0.1))
            c.setStrokeColor(Self.rgb(0.3, 0.1, 0.1))
            Self.star(c, 18, 32, 14)
            c.drawPath(using: .fillStroke)
            Self.star(c, 46, 32, 14)
            c.drawPath(using: .eoFillStroke)
        }
    }

    /// The shadow against cairo's drawing of the same alpha blurred by the exact Gaussian (σ = 3): our
    /// blur is three extended boxes from σ = 2 on (Raster's `GaussianBlur`), within 4/255 of it.
    @Test func shadowsAreBlurredAndOffsetDownInUIKitContexts() throws {
        try Self.check("shadow", tolerance: GoldenTolerance(perChannel: 4, edge: 48, edgeFraction: 0.06)) { c in
            c.setShadow(offset: CGSize(width: 4, height: 6), blur: 6, color: Self.rgb(0, 0, 0.3, 0.6))
            c.setFillColor(Self.rgb(0.95, 0.55, 0.1))
            c.addRect(CGRect(x: 10, y: 10, width: 26, height: 20))
            c.addEllipse(in: CGRect(x: 32, y: 28, width: 24, height: 24))
            c.fillPath()
        }
    }

    /// Text filled from DejaVu Sans's outlines against cairo filling the same outlines: our glyphs are
    /// flattened and filled by the rasterizer, cairo's by its own, so edges differ by up to 64/255.
    @Test func textFillsTheFontsOutlines() throws {
        let face = try #require(FontCatalog.face(named: "DejaVuSans"))
        try Self.check("text", tolerance: GoldenTolerance(perChannel: 3, edge: 64, edgeFraction: 0.12)) { c in
            c.fillText(
                [TextRun("Hi, CG", style: 0)],
                styles: [TextStyle(face: face, size: 14, color: Self.rgb(0.1, 0.1, 0.5))],
                at: CGPoint(x: 3, y: 6))
            c.fillText(
                [TextRun("Ag&", style: 0)], styles: [TextStyle(face: face, size: 22, color: Self.rgb(0.7, 0.1, 0.1))],
                at: CGPoint(x: 4, y: 30))
        }
    }
}

import Foundation
import ImageFiles
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

@testable import Compositor

/// Text layers drawn by the Compositor against cairo drawing the same text (`Goldens/make_text_goldens.py`
/// lays out each case of `Goldens/text-cases.json` on its own and fills cairo's outlines of the same
/// DejaVu face, unhinted, gray anti-aliasing): the coverage (alpha of white text over transparent black)
/// within `maximum` at every pixel and `meanLimit` in mean over the pixels cairo inks. All fill the outlines
/// with area coverage (upright text: FreeType's rasterizer through the glyph cache; turned text: ours);
/// what differs is cairo's sampling of rows (15 per pixel), the curves' flattening, and the glyph cache's
/// rounding of positions to 1/64 pixel (measured: at most 16/255 at a pixel, at most 1.9/255 in mean).
@Suite struct TextGoldenTests {
    static let goldens = FrameComparison.goldens(besides: #filePath)
    /// The largest coverage difference allowed at one pixel, out of 255.
    static let maximum = 20
    /// The largest mean coverage difference allowed over the pixels cairo inks, out of 255.
    static let meanLimit = 3.0

    struct Case {
        let name: String
        let canvas: (Int, Int)
        let values: [String: Any]
    }

    static func cases() throws -> [Case] {
        let data = try Data(contentsOf: goldens.appendingPathComponent("text-cases.json"))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try #require(top["cases"] as? [[String: Any]])
        return try list.map { values in
            let canvas = try #require(values["canvas"] as? [Int])
            return Case(name: try #require(values["name"] as? String), canvas: (canvas[0], canvas[1]), values: values)
        }
    }

    /// The case's text layer on a clear root of the canvas's size, drawn.
    static func render(_ c: Case) throws -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: c.canvas.0, height: c.canvas.1)
        let text = CATextLayer()
        let frame = try #require(c.values["frame"] as? [Double])
        text.bounds = CGRect(x: 0, y: 0, width: frame[2], height: frame[3])
        text.position = CGPoint(x: frame[0] + frame[2] / 2, y: frame[1] + frame[3] / 2)
        let scale = c.values["scale"] as? Double ?? 1
        let rotation = c.values["rotation"] as? Double ?? 0
        text.transform = CATransform3DConcat(
            CATransform3DMakeScale(scale, scale, 1), CATransform3DMakeRotation(rotation, 0, 0, 1))
        for key in ["string", "fontSize", "isWrapped", "alignmentMode", "truncationMode", "font"] {
            if let value = c.values[key] { text.setValue(value, forKey: key) }
        }
        root.addSublayer(text)
        let bitmap = Bitmap(width: c.canvas.0, height: c.canvas.1)
        Compositor().render(root, into: bitmap)
        return bitmap
    }

    @Test func everyCaseMatchesCairo() throws {
        let cases = try Self.cases()
        #expect(cases.count == 11)
        for c in cases {
            let ours = try Self.render(c)
            let cairo = try ImageFile.read(Self.goldens.appendingPathComponent("text-\(c.name).png"))
            #expect(cairo.width == ours.width && cairo.height == ours.height)
            var worst = 0
            var sum = 0
            var inked = 0
            for y in 0..<ours.height {
                for x in 0..<ours.width {
                    let a = Int(ours[x, y] >> 24)
                    let b = Int(cairo[x, y] >> 24)
                    worst = max(worst, abs(a - b))
                    sum += abs(a - b)
                    if b > 0 { inked += 1 }
                }
            }
            let mean = Double(sum) / Double(max(1, inked))
            #expect(inked > 100, "\(c.name): cairo drew no text")
            #expect(worst <= Self.maximum, "\(c.name): max coverage difference \(worst)/255")
            #expect(mean <= Self.meanLimit, "\(c.name): mean coverage difference \(mean)/255")
        }
    }
}

import Foundation
import ImageFiles
import LayerKit
import Raster
import Testing

@testable import Compositor

/// `contentsGravity`, `contentsScale`, `contentsRect` and `contentsCenter`: the exact destination
/// rectangles of all twelve gravities at two scales (core-animation-breadth.md §3's vectors, iOS's
/// flipped top and bottom), the nine-slice edges, and frames against cairo doing the same draws
/// (goldens made by `Goldens/make_look_goldens.py`).
@Suite struct ContentsLayoutTests {
    static let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)

    static func layout(
        _ width: Int, _ height: Int, gravity: CALayerContentsGravity, scale: CGFloat = 1,
        rect: CGRect = ContentsLayout.unit, center: CGRect = ContentsLayout.unit, bounds: CGRect = bounds
    ) -> ContentsLayout? {
        ContentsLayout(
            width: width, height: height, contentsRect: rect, contentsCenter: center, contentsScale: scale,
            bounds: bounds, gravity: gravity)
    }

    /// A 50 × 50 pixel picture in a 100 × 100 layer, at contentsScale 1 (50 points) and 2 (25 points):
    /// `top` is maximum y (the visual bottom on iOS), `bottom` minimum y; the resizing gravities ignore
    /// the scale.
    @Test(arguments: [1.0, 2.0])
    func twelveGravities(scale: Double) throws {
        let s = 50 / scale
        let far = 100 - s
        let mid = far / 2
        let expected: [(CALayerContentsGravity, CGRect)] = [
            (.center, CGRect(x: mid, y: mid, width: s, height: s)),
            (.top, CGRect(x: mid, y: far, width: s, height: s)),
            (.bottom, CGRect(x: mid, y: 0, width: s, height: s)),
            (.left, CGRect(x: 0, y: mid, width: s, height: s)),
            (.right, CGRect(x: far, y: mid, width: s, height: s)),
            (.topLeft, CGRect(x: 0, y: far, width: s, height: s)),
            (.topRight, CGRect(x: far, y: far, width: s, height: s)),
            (.bottomLeft, CGRect(x: 0, y: 0, width: s, height: s)),
            (.bottomRight, CGRect(x: far, y: 0, width: s, height: s)),
            (.resize, Self.bounds),
            (.resizeAspect, Self.bounds),
            (.resizeAspectFill, Self.bounds),
        ]
        #expect(Set(expected.map(\.0.rawValue)) == Set(CALayerContentsGravity.allCases.map(\.rawValue)))
        for (gravity, rect) in expected {
            let layout = try #require(Self.layout(50, 50, gravity: gravity, scale: CGFloat(scale)))
            #expect(layout.destination == rect, "\(gravity.rawValue) at scale \(scale): \(layout.destination)")
            #expect(layout.source == CGRect(x: 0, y: 0, width: 50, height: 50) && layout.isPlain)
        }
    }

    /// The notes' vectors: 50 px at scale 2 centred is (37.5, 37.5, 25, 25); a 200 × 100 picture fitted is
    /// (0, 25, 100, 50) and filled (−50, 0, 200, 100); positional gravities overflow small bounds unclipped
    /// and follow the bounds' origin.
    @Test func notesVectorsAndOverflow() throws {
        #expect(
            Self.layout(50, 50, gravity: .center, scale: 2)?.destination
                == CGRect(x: 37.5, y: 37.5, width: 25, height: 25))
        #expect(
            Self.layout(200, 100, gravity: .resizeAspect)?.destination == CGRect(x: 0, y: 25, width: 100, height: 50))
        #expect(
            Self.layout(200, 100, gravity: .resizeAspectFill)?.destination
                == CGRect(x: -50, y: 0, width: 200, height: 100))
        let small = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(
            Self.layout(50, 50, gravity: .topRight, bounds: small)?.destination
                == CGRect(x: -10, y: 10, width: 50, height: 50))
        #expect(
            Self.layout(50, 50, gravity: .bottomLeft, bounds: small)?.destination
                == CGRect(x: 10, y: 20, width: 50, height: 50))
    }

    /// `contentsRect` picks pixels (frame 2 of a 4-frame 32 × 12 sheet is pixels 16 ..< 24), whose size is
    /// the picture's for gravity (÷ contentsScale); an empty or non-finite one draws nothing.
    @Test func contentsRectPicksThePart() throws {
        let frame2 = CGRect(x: 0.5, y: 0, width: 0.25, height: 1)
        let layout = try #require(Self.layout(32, 12, gravity: .center, scale: 2, rect: frame2))
        #expect(layout.source == CGRect(x: 16, y: 0, width: 8, height: 12))
        #expect(layout.destination == CGRect(x: 48, y: 47, width: 4, height: 6))
        #expect(!layout.isPlain)
        #expect(layout.columns == SliceAxis(output: [48, 48, 52, 52], source: [16, 16, 24, 24]))
        #expect(Self.layout(32, 12, gravity: .resize, rect: CGRect(x: 0, y: 0, width: 0, height: 1)) == nil)
        #expect(Self.layout(32, 12, gravity: .resize, rect: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) == nil)
    }

    /// Nine-slice edges: the notes' 40 × 40 picture with centre (0.25, 0.25, 0.5, 0.5) in 200 × 100 keeps
    /// 10-point corners and stretches the centre 20 → 180 by 20 → 80; at contentsScale 2 the corners are 5
    /// points; edges that do not fit shrink in proportion; a zero-width centre is one source pixel.
    @Test func nineSliceEdges() throws {
        let center = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let wide = CGRect(x: 0, y: 0, width: 200, height: 100)
        let layout = try #require(Self.layout(40, 40, gravity: .resize, center: center, bounds: wide))
        #expect(layout.columns == SliceAxis(output: [0, 10, 190, 200], source: [0, 10, 30, 40]))
        #expect(layout.rows == SliceAxis(output: [0, 10, 90, 100], source: [0, 10, 30, 40]))
        let retina = try #require(Self.layout(40, 40, gravity: .resize, scale: 2, center: center, bounds: wide))
        #expect(retina.columns.output == [0, 5, 195, 200])
        let narrow = try #require(
            Self.layout(40, 40, gravity: .resize, center: center, bounds: CGRect(x: 0, y: 0, width: 15, height: 100)))
        #expect(narrow.columns.output == [0, 7.5, 7.5, 15])
        let line = try #require(
            Self.layout(40, 40, gravity: .resize, center: CGRect(x: 0.5, y: 0, width: 0, height: 1), bounds: wide))
        #expect(line.columns.source == [0, 19.5, 20.5, 40] && line.columns.output == [0, 19.5, 180.5, 200])
    }

    /// The slice map is linear on each piece.
    @Test func sliceAxisMapsEachPieceLinearly() {
        let axis = SliceAxis(output: [0, 10, 190, 200], source: [0, 10, 30, 40])
        #expect(axis.sourcePosition(at: 5) == 5)
        #expect(axis.sourcePosition(at: 100) == 20)
        #expect(axis.sourcePosition(at: 195) == 35)
        let empty = SliceAxis(output: [0, 0, 10, 10], source: [0, 4, 8, 12])
        #expect(empty.sourcePosition(at: 5) == 6 && empty.sourcePosition(at: 12) == 8.8)
    }

    /// An 80 × 60 frame over opaque #202020 holding a layer of `frame` showing `picture`.
    static func frame(_ picture: Bitmap, layer frame: CGRect, _ configure: (CALayer) -> Void) -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        root.backgroundColor = CGColor(red: 32 / 255, green: 32 / 255, blue: 32 / 255, alpha: 1)
        let layer = CALayer()
        layer.frame = frame
        layer.contents = CGImage(sharing: picture)
        configure(layer)
        root.addSublayer(layer)
        let bitmap = Bitmap(width: 80, height: 60)
        Compositor().render(root, into: bitmap)
        return bitmap
    }

    /// Frame 2 of a 4-frame sprite sheet at 3× and a nine-slice at contentsScale 2 match cairo painting
    /// the same pieces (bilinear, edges extended, clipped to each piece) over the whole frame: the
    /// nine-slice within 2/255 per channel, the sprite within 4/255 (at 3× the bilinear weights are
    /// thirds, which pixman rounds to 1/128 and we to 1/256, and neighbouring texels of the test picture
    /// differ by up to 255 in a channel where its pattern wraps: 1/256 of that on each axis, plus rounding).
    @Test func spriteAndNineSliceMatchCairo() throws {
        let sprite = Self.frame(
            LookGoldens.picture(width: 32, height: 12), layer: CGRect(x: 4, y: 6, width: 24, height: 36)
        ) {
            $0.contentsRect = CGRect(x: 0.5, y: 0, width: 0.25, height: 1)
        }
        let worstSprite = GradientLayerFrameTests.worstDifference(sprite, try LookGoldens.bgra("contents_sprite"))
        #expect(worstSprite <= 4, "sprite: max channel difference from cairo \(worstSprite)")
        let nine = Self.frame(
            LookGoldens.picture(width: 24, height: 24), layer: CGRect(x: 5, y: 4, width: 70, height: 50)
        ) {
            $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            $0.contentsScale = 2
        }
        let worstNine = GradientLayerFrameTests.worstDifference(nine, try LookGoldens.bgra("contents_nine"))
        #expect(worstNine <= 2, "nine-slice: max channel difference from cairo \(worstNine)")
    }

    /// The bundled spark (`assets/spark.png`, 32 × 32) nine-sliced into 72 × 48 with 12-pixel corners is
    /// within 2/255 per channel of cairo's nine draws of the same file.
    @Test func bundledSparkNineSliceMatchesCairo() throws {
        let url = SeedImages.assets.appendingPathComponent("spark.png")
        let spark = try ImageFile.read(url)
        let drawn = Self.frame(spark, layer: CGRect(x: 4, y: 6, width: 72, height: 48)) {
            $0.contentsCenter = CGRect(x: 0.375, y: 0.375, width: 0.25, height: 0.25)
        }
        let worst = GradientLayerFrameTests.worstDifference(drawn, try LookGoldens.bgra("contents_spark_nine"))
        #expect(worst <= 2, "max channel difference from cairo \(worst)")
        #expect(drawn[40, 30].alpha == 255 && drawn[40, 30] != 0xFF20_2020, "the stretched middle is the spark's")
    }

    /// Beyond the picture the edge pixels extend: contentsRect (−0.5, 0, 2, 1) of a 4 × 1 picture in an
    /// 8 × 1 layer shows texel 0 twice, the four texels, then texel 3 twice.
    @Test func edgePixelsExtendOutsideTheUnitRect() {
        let strip = Bitmap(width: 4, height: 1)
        for x in 0..<4 { strip[x, 0] = 0xFF00_0000 | UInt32(60 * (x + 1)) << 16 }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 8, height: 1)
        root.contents = CGImage(sharing: strip)
        root.contentsRect = CGRect(x: -0.5, y: 0, width: 2, height: 1)
        let out = Bitmap(width: 8, height: 1)
        Compositor().render(root, into: out)
        let expected = [0, 0, 0, 1, 2, 3, 3, 3].map { strip[$0, 0] }
        #expect((0..<8).map { out[$0, 0] } == expected)
    }

    /// contentsScale divides the picture's size for a positional gravity: 50 px at scale 2 covers
    /// 25 × 25 points in the middle of 100 × 100, its pixels drawn at half size.
    @Test func contentsScaleHalvesThePicture() {
        let picture = Bitmap(width: 50, height: 50)
        picture.fill(0xFF00_00FF)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.contents = picture
        root.contentsGravity = .center
        root.contentsScale = 2
        let out = Bitmap(width: 100, height: 100)
        Compositor().render(root, into: out)
        #expect(out[50, 50] == 0xFF00_00FF && out[38, 38] == 0xFF00_00FF && out[61, 61] == 0xFF00_00FF)
        #expect(out[36, 50] == 0 && out[63, 50] == 0 && out[50, 36] == 0)
    }
}

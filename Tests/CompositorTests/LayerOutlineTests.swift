import Compositor
import LayerKit
import Raster
import Testing

/// Rounded corners, `masksToBounds` with a corner radius, and borders, checked at pixels whose coverage
/// follows from the geometry (the vectors of Core Animation's documented shapes).
@Suite struct LayerOutlineTests {
    static let red = Pixel(0xFFFF_0000)
    static let blue = Pixel(0xFF00_00FF)
    static let redColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blueColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// The pixel-test helpers (a layer with a background, a frame rendered from it).
    let base = CompositorTests()

    func layer(_ frame: CGRect, color: CGColor? = nil) -> CALayer { base.layer(frame, color: color) }

    func render(_ root: CALayer, width: Int, height: Int) -> Bitmap { base.render(root, width: width, height: height) }

    /// A 100×100 red square with `cornerRadius` 10 drawn alone.
    func roundedSquare(_ configure: (CALayer) -> Void = { _ in }) -> Bitmap {
        let square = layer(CGRect(x: 0, y: 0, width: 100, height: 100), color: Self.redColor)
        square.cornerRadius = 10
        configure(square)
        return render(square, width: 100, height: 100)
    }

    /// Arc centre (10, 10), radius 10: pixel [1,2]² lies outside, [2,3]² straddles the arc, [3,4]² is inside.
    @Test func circularCornersRoundTheBackground() {
        let frame = roundedSquare()
        for (x, y) in [(1, 1), (98, 1), (1, 98), (98, 98), (0, 0)] { #expect(frame[x, y] == 0, "(\(x), \(y))") }
        for (x, y) in [(3, 3), (96, 3), (3, 96), (96, 96), (50, 0), (0, 50)] {
            #expect(frame[x, y] == Self.red, "(\(x), \(y))")
        }
        let edge = frame[2, 2] >> 24
        #expect(edge > 0 && edge < 255)
        #expect(frame[2, 2] == frame[97, 2] && frame[2, 2] == frame[97, 97] && frame[2, 2] == frame[2, 97])
    }

    /// 100×40 with radius 50: the radius is clamped to 20, a capsule.
    @Test func radiusIsClampedToHalfTheShorterSide() {
        let capsule = layer(CGRect(x: 0, y: 0, width: 100, height: 40), color: Self.redColor)
        capsule.cornerRadius = 50
        let frame = render(capsule, width: 100, height: 40)
        #expect(frame[1, 1] == 0 && frame[1, 20] == Self.red && frame[50, 0] == Self.red)
        // [4,5]² is 21.2…22.6 from the arc centre (20, 20), [8,9]² 15.6…17.0.
        #expect(frame[4, 4] == 0)
        #expect(frame[8, 8] == Self.red)
    }

    @Test func maskedCornersRoundOnlyThoseCorners() {
        let frame = roundedSquare { $0.maskedCorners = .layerMinXMinYCorner }
        #expect(frame[1, 1] == 0)
        for (x, y) in [(98, 1), (1, 98), (98, 98), (99, 0), (0, 99), (99, 99)] {
            #expect(frame[x, y] == Self.red, "(\(x), \(y))")
        }
        let none = roundedSquare { $0.maskedCorners = [] }
        #expect(none[0, 0] == Self.red)
    }

    /// The continuous corner leaves the straight edge 15.287 from the corner, the circular one at 10.
    @Test func continuousCornersReachFartherAlongTheEdge() {
        let circular = roundedSquare()
        let continuous = roundedSquare { $0.cornerCurve = .continuous }
        #expect(circular[12, 0] == Self.red)
        #expect(continuous[12, 0] >> 24 < 255)
        #expect(continuous[16, 0] == Self.red)
        #expect(continuous[1, 1] == 0 && continuous[50, 50] == Self.red)
    }

    /// Contents are not clipped to the corners unless `masksToBounds` is set; sublayers are clipped with it.
    @Test func masksToBoundsClipsToTheRoundedRect() {
        let image = Bitmap(width: 20, height: 20)
        image.fill(Self.blue)
        func picture(clipped: Bool) -> CALayer {
            let picture = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
            picture.cornerRadius = 10
            picture.contents = image
            picture.masksToBounds = clipped
            return picture
        }
        #expect(render(picture(clipped: false), width: 20, height: 20)[0, 0] == Self.blue)
        let clipped = render(picture(clipped: true), width: 20, height: 20)
        #expect(clipped[0, 0] == 0 && clipped[10, 10] == Self.blue)

        let clip = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        clip.cornerRadius = 10
        clip.masksToBounds = true
        clip.addSublayer(layer(CGRect(x: -5, y: -5, width: 30, height: 30), color: Self.redColor))
        let frame = render(clip, width: 20, height: 20)
        #expect(frame[0, 0] == 0 && frame[19, 19] == 0 && frame[10, 10] == Self.red && frame[10, 0] >> 24 > 0)
        #expect(frame[1, 1] == 0 && frame[18, 1] == 0 && frame[10, 19] >> 24 > 0)
    }

    /// A square border is the outer `borderWidth` pixels, drawn above the sublayers.
    @Test func borderIsInsetAndAboveSublayers() {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20), color: Self.blueColor)
        root.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 20), color: Self.blueColor))
        root.borderWidth = 4
        root.borderColor = Self.redColor
        let frame = render(root, width: 20, height: 20)
        for y in 0..<20 {
            for x in 0..<20 {
                let ring = x < 4 || y < 4 || x >= 16 || y >= 16
                #expect(frame[x, y] == (ring ? Self.red : Self.blue), "(\(x), \(y))")
            }
        }
    }

    /// borderWidth 4, radius 10: the inner edge is the rect inset by 4 with radius 6 (centre (10, 10)).
    @Test func roundedBorderHasTheInnerRadiusLessTheWidth() {
        let frame = roundedSquare {
            $0.backgroundColor = Self.blueColor
            $0.borderWidth = 4
            $0.borderColor = Self.redColor
        }
        #expect(frame[50, 2] == Self.red && frame[50, 5] == Self.blue && frame[2, 50] == Self.red)
        // [4,5]² is 7.1…8.5 from the centre: beyond the inner radius 6, within the outer 10.
        #expect(frame[4, 4] == Self.red)
        // [6,7]² is 4.2…5.7 from the centre: inside the inner outline.
        #expect(frame[6, 6] == Self.blue)
        #expect(frame[1, 1] == 0)
    }

    /// The default border colour is opaque black; a border with no width draws nothing.
    @Test func borderDefaults() {
        let plain = layer(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(plain.borderColor == .black && plain.borderWidth == 0)
        #expect(render(plain, width: 4, height: 4)[0, 0] == 0)
        let bordered = layer(CGRect(x: 0, y: 0, width: 4, height: 4))
        bordered.borderWidth = 1
        let frame = render(bordered, width: 4, height: 4)
        #expect(frame[0, 0] == 0xFF00_0000 && frame[1, 1] == 0)
    }
}

import Foundation
import LayerscopeTestSupport
import Testing

@testable import Raster

/// The blur against the exact Gaussian blur of the image taken as constant over each pixel: for a
/// rectangle of alpha 255 with whole-pixel edges x0 … x1, y0 … y1 that is, at pixel centre (cx, cy),
/// 255·[Φ((cx − x0)/σ) − Φ((cx − x1)/σ)]·[Φ((cy − y0)/σ) − Φ((cy − y1)/σ)].
@Suite struct GaussianBlurTests {
    static func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    /// A plane of `size × size` holding a 255 rectangle `x0 ..< x1` × `y0 ..< y1`.
    static func plane(size: Int, x0: Int, x1: Int, y0: Int, y1: Int) -> AlphaPlane {
        let plane = AlphaPlane(width: size, height: size)
        for y in y0..<y1 {
            for x in x0..<x1 { plane[x, y] = 255 }
        }
        return plane
    }

    /// The largest difference from the exact blur, in 1/255.
    static func maximumError(_ plane: AlphaPlane, sigma: Double, x0: Int, x1: Int, y0: Int, y1: Int) -> Double {
        func axis(_ c: Double, _ a: Int, _ b: Int) -> Double {
            phi((c - Double(a)) / sigma) - phi((c - Double(b)) / sigma)
        }
        var worst = 0.0
        for y in 0..<plane.height {
            let fy = axis(Double(y) + 0.5, y0, y1)
            for x in 0..<plane.width {
                let exact = 255 * axis(Double(x) + 0.5, x0, x1) * fy
                worst = max(worst, abs(Double(plane[x, y]) - exact))
            }
        }
        return worst
    }

    /// Below σ = 2 (the exact kernel) the blur is within 1/255 of the exact one; from σ = 2 (three
    /// extended boxes) within 4.5/255 (measured: at most 4.23, at σ = 8; three boxes alone are up to
    /// 2.5/255 off a blurred edge, the rest is rounding to 8 bits after each of the six passes), for a
    /// wide rectangle and for a one-pixel line (nearly an impulse across it).
    @Test(arguments: [0.5, 1, 1.5, 1.99, 2, 3, 5, 8, 12.5])
    func blurIsCloseToTheExactGaussian(sigma: Double) {
        let blur = GaussianBlur()
        let reach = GaussianBlur.reach(sigma: sigma)
        let size = 2 * reach + 48
        let tolerance = sigma < 2 ? 1.0 : 4.5
        for (x0, x1) in [(reach, reach + 48), (reach + 20, reach + 21)] {
            let (y0, y1) = (reach + 4, reach + 40)
            let plane = Self.plane(size: size, x0: x0, x1: x1, y0: y0, y1: y1)
            blur.blur(plane, sigma: sigma)
            let error = Self.maximumError(plane, sigma: sigma, x0: x0, x1: x1, y0: y0, y1: y1)
            #expect(error <= tolerance, "σ \(sigma), columns \(x0)..<\(x1): max error \(error)/255")
        }
    }

    /// The notes' vector: a shadow of radius 3 (σ = 3) of a large opaque rectangle is 0.5 on its edge and
    /// 0.1587 three points outside; here the pixels whose centres are 0.5 and 2.5 outside the edge.
    @Test func shadowRadiusThreeVector() {
        let sigma = GaussianBlur.sigma(shadowRadius: 3)
        let plane = Self.plane(size: 120, x0: 40, x1: 120, y0: 0, y1: 120)
        GaussianBlur().blur(plane, sigma: sigma)
        // Row 60 is far from the top and bottom edges; outside the plane on the right and the left
        // the rectangle is cut, which does not reach column 39 or 37.
        #expect(abs(Double(plane[39, 60]) - 255 * (1 - Self.phi(0.5 / 3))) <= 4.5)
        #expect(abs(Double(plane[37, 60]) - 255 * (1 - Self.phi(2.5 / 3))) <= 4.5)
        #expect(abs(255 * (1 - Self.phi(1)) - 40.46) < 0.01)
        #expect(GaussianBlur.sigma(shadowRadius: 3, pixelsPerPoint: 2) == 6)
    }

    /// Full areas stay 255, empty ones 0, and nothing is drawn beyond `reach`.
    @Test(arguments: [1.2, 6.0])
    func interiorAndReach(sigma: Double) {
        let reach = GaussianBlur.reach(sigma: sigma)
        let size = 2 * reach + 100
        let plane = Self.plane(size: size, x0: reach, x1: reach + 100, y0: reach, y1: reach + 100)
        GaussianBlur().blur(plane, sigma: sigma)
        #expect(plane[reach + 50, reach + 50] == 255)
        #expect(plane[reach + 50, reach - 1] > 0)
        let outside = AlphaPlane(width: size + 2 * reach, height: size)
        for y in 0..<100 {
            for x in 0..<100 { outside[2 * reach + x, reach + y] = 255 }
        }
        GaussianBlur().blur(outside, sigma: sigma)
        for y in 0..<size {
            for x in 0..<reach where outside[x, y] != 0 {
                Issue.record("pixel (\(x), \(y)) is \(outside[x, y]), beyond the reach \(reach)")
                return
            }
        }
    }

    /// Two bands give the same bytes as one, and blurring again with the same scratch repeats them.
    @Test(arguments: [1.5, 4.0])
    func bandsAndReuseGiveTheSameBytes(sigma: Double) {
        let blur = GaussianBlur()
        func blurred(bands: Int) -> [UInt8] {
            let plane = Self.plane(size: 160, x0: 30, x1: 97, y0: 41, y1: 130)
            plane[5, 7] = 200
            blur.blur(plane, sigma: sigma, bands: bands)
            return Array(UnsafeBufferPointer(start: plane.baseAddress, count: 160 * 160))
        }
        let one = blurred(bands: 1)
        #expect(blurred(bands: 2) == one)
        #expect(blurred(bands: 1) == one)
        #expect(one.contains { $0 != 0 && $0 != 255 })
    }

    /// σ of 0, negative or NaN leaves the plane alone.
    @Test func noBlur() {
        let plane = Self.plane(size: 8, x0: 2, x1: 5, y0: 1, y1: 3)
        let before = Array(UnsafeBufferPointer(start: plane.baseAddress, count: 64))
        for sigma in [0, -1, Double.nan] { GaussianBlur().blur(plane, sigma: sigma) }
        #expect(Array(UnsafeBufferPointer(start: plane.baseAddress, count: 64)) == before)
    }

    /// A bitmap's alpha lands in the plane at the given origin; outside the bitmap the plane is 0.
    @Test func planeFromBitmapAlpha() {
        let bitmap = Bitmap(width: 5, height: 4)
        bitmap[1, 1] = 0x8040_2010
        bitmap[4, 3] = 0xFF00_0000
        let plane = AlphaPlane(width: 4, height: 4)
        plane[3, 3] = 7
        plane.setAlpha(from: bitmap, origin: (1, 1))
        #expect(plane[0, 0] == 0x80 && plane[3, 2] == 0xFF && plane[3, 3] == 0)
        plane.setAlpha(from: bitmap, origin: (-1, -1))
        #expect(plane[2, 2] == 0x80 && plane[0, 0] == 0)
        plane.setAlpha(from: bitmap, origin: (9, 0))
        #expect((0..<16).allSatisfy { plane[$0 % 4, $0 / 4] == 0 })
    }

    /// A mask's coverage lands in the plane at the given origin.
    @Test func planeFromMask() {
        let mask = Mask.covering([(3, 2, 128), (4, 2, 255)], width: 10, height: 6)
        let plane = AlphaPlane(width: 4, height: 4)
        plane[0, 0] = 9
        plane.setCoverage(from: mask, origin: (2, 1))
        #expect(plane[1, 1] == 128 && plane[2, 1] == 255 && plane[0, 0] == 0)
    }
}

/// A blurred plane drawn as a shadow: colour × coverage × opacity over the pixels, at an offset.
@Suite struct ShadowFillTests {
    @Test func colourThroughThePlaneAtItsOrigin() {
        let plane = AlphaPlane(width: 3, height: 2)
        plane[0, 0] = 255
        plane[1, 0] = 128
        plane[2, 1] = 64
        let out = Bitmap(width: 4, height: 4)
        out.fill(0xFFFF_FFFF)
        // Half-transparent black (shadowOpacity 0.5), the plane placed at (2, 1): its column 2 is cut.
        out.fill(0x8000_0000, through: plane, at: (2, 1))
        #expect(out[2, 1] == 0xFF7F_7F7F && out[3, 1] == 0xFFBF_BFBF)
        #expect(out[0, 0] == 0xFFFF_FFFF && out[3, 2] == 0xFFFF_FFFF && out[2, 2] == 0xFFFF_FFFF)
        out.fill(0xFFFF_FFFF)
        out.fill(0xFF00_0000, through: plane, at: (-1, -1), opacity: 128)
        // Device (1, 0) gets plane (2, 1): 64 × 128/255 = 32 of black over white.
        #expect(out[1, 0] == 0xFFDF_DFDF && out[0, 0] == 0xFFFF_FFFF)
    }
}

/// The nine-patch cut (`BlurCollapse`) changes no pixel: planes with long runs of identical rows and
/// columns (rectangles and rounded rectangles of random sizes, places and levels, a rectangle touching
/// the plane's edge, a ring) blurred with the cut equal the same planes blurred whole, bit for bit, for
/// σ on both sides of 2 (the exact kernel and the extended boxes), with one band and with two.
@Suite struct BlurCollapseTests {
    /// A `width × height` plane holding a rounded rectangle of alpha `level` (corner radius `corner`;
    /// a ring when `hole`) at `rect`.
    static func shape(
        width: Int, height: Int, rect: PixelRect, corner: Int, level: UInt8, hole: Bool = false
    ) -> AlphaPlane {
        let plane = AlphaPlane(width: width, height: height)
        for y in rect.rows {
            for x in rect.columns {
                let dx = max(0, max(rect.minX + corner - x, x - (rect.maxX - 1 - corner)))
                let dy = max(0, max(rect.minY + corner - y, y - (rect.maxY - 1 - corner)))
                guard dx * dx + dy * dy <= corner * corner else { continue }
                let inner =
                    x >= rect.minX + rect.width / 3 && x < rect.maxX - rect.width / 3
                    && y >= rect.minY + rect.height / 3 && y < rect.maxY - rect.height / 3
                plane[x, y] = hole && inner ? 0 : level
            }
        }
        return plane
    }

    static func copy(_ plane: AlphaPlane) -> AlphaPlane {
        let copy = AlphaPlane(width: plane.width, height: plane.height)
        copy.baseAddress.update(from: plane.baseAddress, count: plane.width * plane.height)
        return copy
    }

    @Test(arguments: [0.8, 1.7, 2.0, 4.5, 16, 23.3])
    func theCutChangesNoPixel(sigma: Double) throws {
        var random = SeededGenerator(seed: 0xB1_0C)
        let blur = GaussianBlur()
        let reach = GaussianBlur.reach(sigma: sigma)
        var cutsMade = 0
        let equalColumns = UnsafeMutablePointer<Bool>.allocate(capacity: 8 * reach + 400)
        defer { equalColumns.deallocate() }
        for trial in 0..<12 {
            let width = 4 * reach + 40 + random.below(300)
            let height = 4 * reach + 40 + random.below(200)
            let x = trial == 0 ? 0 : reach + random.below(20)
            let y = reach + random.below(20)
            let rect = PixelRect(x: x, y: y, width: width - x - reach - random.below(20), height: height - y - reach)
            let plane = Self.shape(
                width: width, height: height, rect: rect, corner: random.below(30), level: UInt8(1 + random.below(255)),
                hole: trial % 4 == 3)
            let whole = Self.copy(plane)
            if BlurCollapse(plane, reach: reach, equalColumns: equalColumns) != nil { cutsMade += 1 }
            blur.blur(plane, sigma: sigma, bands: trial % 2 + 1)
            blur.blurWhole(whole, bands: 1)
            #expect(
                memcmp(plane.baseAddress, whole.baseAddress, width * height) == 0,
                "trial \(trial): \(width)x\(height) rect \(rect)")
        }
        #expect(cutsMade >= 6, "most of these planes are cut")
    }
}

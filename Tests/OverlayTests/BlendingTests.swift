import Raster
import Testing

@testable import Overlay

@Suite struct BlendingTests {
    @Test func aCopyIsClippedToTheTarget() {
        let image = Bitmap(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { image.row(y)[x] = Pixel(0xFF00_0000 | UInt32(10 * y + x)) } }
        let target = Bitmap(width: 4, height: 3)
        target.fill(0xFFFF_FFFF)
        Blending.copy(image, into: target, x: 2, y: -1)
        let rows = (0..<3).map { y in (0..<4).map { target.row(y)[$0] & 0xFF } }
        #expect(rows == [[255, 255, 10, 11], [255, 255, 255, 255], [255, 255, 255, 255]])
        Blending.copy(image, into: target, x: -2, y: 2)
        #expect(target.row(2)[0] & 0xFF == 2 && target.row(2)[1] & 0xFF == 255)
        Blending.copy(image, into: target, x: 9, y: 9)  // entirely outside: nothing
    }

    @Test func halfWhiteOverOpaqueBlackIsMidGrey() {
        #expect(Blending.over(0x8080_8080, coverage: 255, onto: 0xFF00_0000) == 0xFF80_8080)
    }

    @Test func coverageScalesTheSource() {
        #expect(Blending.over(0xFFFF_FFFF, coverage: 0, onto: 0xFF12_3456) == 0xFF12_3456)
        #expect(Blending.over(0xFFFF_FFFF, coverage: 255, onto: 0xFF12_3456) == 0xFFFF_FFFF)
        #expect(Blending.over(0xFFFF_FFFF, coverage: 128, onto: 0xFF00_0000) == 0xFF80_8080)
    }

    @Test func straightColoursArePremultiplied() {
        #expect(Blending.color(red: 255, green: 128, blue: 0, alpha: 128) == 0x8080_4000)
    }

    @Test func fillIsClippedToTheBitmap() {
        let bitmap = Bitmap(width: 4, height: 4)
        Blending.fill(bitmap, x: 2, y: -1, width: 10, height: 2, color: 0xFF00_FF00)
        #expect(bitmap[2, 0] == 0xFF00_FF00)
        #expect(bitmap[3, 0] == 0xFF00_FF00)
        #expect(bitmap[1, 0] == 0)
        #expect(bitmap[2, 1] == 0)
    }
}

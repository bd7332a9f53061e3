import Raster
import Testing

@testable import Viewer

@Suite struct TestPatternTests {
    @Test func gradientBlueAndBarFollowMediaTime() {
        let pattern = TestPattern(width: 256, height: 128)
        pattern.show(mediaTime: 1.0)
        let bitmap = Bitmap(width: 256, height: 128)
        pattern.draw(into: bitmap, damageOnly: false)
        #expect(bitmap[0, 0] == 0xFF00_0040)
        #expect(bitmap[255, 127] == 0xFFFF_FF40)
        #expect(bitmap[120, 10] == 0xFFFF_FFFF)
        #expect(bitmap[127, 10] == 0xFFFF_FFFF)
        #expect(bitmap[128, 10] != 0xFFFF_FFFF)
    }

    @Test func stoppedPatternIsSolidAndIdle() {
        let pattern = TestPattern(width: 8, height: 8)
        pattern.perform(.stop)
        #expect(pattern.isIdle)
        let bitmap = Bitmap(width: 8, height: 8)
        pattern.draw(into: bitmap, damageOnly: false)
        #expect(bitmap[3, 3] == TestPattern.stoppedColor)
        pattern.perform(.start)
        #expect(!pattern.isIdle)
    }
}

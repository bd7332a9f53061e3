import LayerKit
import Raster

/// A moving gradient for checking the window, buffers and clock without the scene engine: red grows
/// left to right, green top to bottom, blue is ⌊64·t⌋ mod 256 and an 8-pixel white bar sits at
/// x = ⌊120·t⌋ mod width. Stopped, it is solid #203040; start makes it move again.
final class TestPattern: FrameSource {
    /// The name that selects it (`--scene test-pattern`).
    static let sceneName = "test-pattern"
    /// The colour shown while stopped.
    static let stoppedColor: Pixel = 0xFF20_3040

    let name = TestPattern.sceneName
    let width: Int
    let height: Int
    let extraCommands: [ViewerCommand] = []
    let rootLayer: CALayer? = nil
    var log: ((String) -> Void)?
    private(set) var isStopped = false
    private var mediaTime = 0.0
    /// Opaque red channel per column, computed once per width.
    private var redRamp: [Pixel] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    var isIdle: Bool { isStopped }

    func show(mediaTime: Double) {
        self.mediaTime = mediaTime
    }

    func perform(_ command: ViewerCommand) {
        switch command {
        case .start:
            isStopped = false
            log?("pattern: started")
        case .stop:
            isStopped = true
            log?("pattern: stopped")
        default:
            break
        }
    }

    /// ⌊`value`⌋ mod `modulus` (in 0 ..< `modulus`) for any time, however large; 0 when it is not finite
    /// or `modulus` is not positive.
    private static func wholePart(of value: Double, modulo modulus: Int) -> Int {
        guard value.isFinite, modulus > 0 else { return 0 }
        let remainder = value.rounded(.down).truncatingRemainder(dividingBy: Double(modulus))
        return Int(remainder < 0 ? remainder + Double(modulus) : remainder)
    }

    func draw(into bitmap: Bitmap, damageOnly: Bool) {
        if isStopped {
            bitmap.fill(Self.stoppedColor)
            return
        }
        let blue = Pixel(Self.wholePart(of: mediaTime * 64, modulo: 256))
        let barX = Self.wholePart(of: mediaTime * 120, modulo: width)
        if redRamp.count != bitmap.width {
            let xScale = max(1, width - 1)
            redRamp = (0..<bitmap.width).map { 0xFF00_0000 | Pixel($0 * 255 / xScale) << 16 }
        }
        let yScale = max(1, height - 1)
        for y in 0..<bitmap.height {
            let greenBlue = Pixel(y * 255 / yScale) << 8 | blue
            let row = bitmap.row(y)
            redRamp.withUnsafeBufferPointer { ramp in
                for x in 0..<ramp.count { row[x] = ramp[x] | greenBlue }
            }
            let barEnd = min(barX + 8, bitmap.width)
            if barX < barEnd { (row + barX).update(repeating: 0xFFFF_FFFF, count: barEnd - barX) }
        }
    }
}

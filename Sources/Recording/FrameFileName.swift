/// The names of a PNG sequence's files: the frame's number, zero-padded to five digits (more past
/// 99999), and `.png`: `00000.png`, `00001.png`, …. `write(_:into:)` allocates nothing, so the interrupt
/// handler can name the frames it removes.
enum FrameFileName {
    /// The longest name, with its terminating zero: 19 digits (the most an `Int` has), `.png`, zero.
    static let maximumLength = 24

    /// The file name of frame `index`.
    static func of(_ index: Int) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: maximumLength) { buffer in
            write(index, into: buffer.baseAddress!)
            return String(cString: buffer.baseAddress!)
        }
    }

    /// Whether `name` is a frame's file name: five digits or more, then `.png`.
    static func isFrame(_ name: String) -> Bool {
        let digits = name.utf8.dropLast(4)
        return name.hasSuffix(".png") && digits.count >= 5 && digits.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Writes the name of frame `index` (0 or more) and a terminating zero at `buffer`, which has room for
    /// `maximumLength` characters.
    static func write(_ index: Int, into buffer: UnsafeMutablePointer<CChar>) {
        var digits = 1
        var rest = index / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let width = max(5, digits)
        var value = index
        for position in stride(from: width - 1, through: 0, by: -1) {
            buffer[position] = CChar(0x30 + value % 10)
            value /= 10
        }
        buffer[width] = 0x2E  // "."
        buffer[width + 1] = 0x70  // "p"
        buffer[width + 2] = 0x6E  // "n"
        buffer[width + 3] = 0x67  // "g"
        buffer[width + 4] = 0
    }
}

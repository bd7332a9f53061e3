import Raster

/// The Exif orientation of a photograph: cameras store the sensor's rows as they are and record in
/// this tag how the picture must be turned to be seen upright; viewers apply it. Each case names
/// that turn.
enum ExifOrientation: Int {
    case identity = 1
    case mirrorHorizontally = 2
    case rotate180 = 3
    case mirrorVertically = 4
    case transpose = 5
    case rotate90Clockwise = 6
    case transverse = 7
    case rotate90CounterClockwise = 8

    /// The orientation in an APP1 segment's payload (`Exif\0\0` and a TIFF structure), or nil when the
    /// segment is not Exif, has no orientation tag, or is malformed.
    init?(app1 bytes: UnsafeBufferPointer<UInt8>) {
        let header: [UInt8] = Array("Exif".utf8) + [0, 0]
        guard bytes.count >= 14, Array(bytes.prefix(6)) == header else { return nil }
        let tiff = 6
        let bigEndian: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func read(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            let slice = bytes[offset..<offset + count]
            return (bigEndian ? Array(slice) : slice.reversed()).reduce(0) { $0 << 8 | Int($1) }
        }
        guard read(tiff + 2, 2) == 42, let ifd = read(tiff + 4, 4), let entries = read(tiff + ifd, 2) else {
            return nil
        }
        for index in 0..<min(entries, 512) {
            let entry = tiff + ifd + 2 + index * 12
            guard let tag = read(entry, 2) else { return nil }
            if tag == 0x0112 {
                guard read(entry + 2, 2) == 3, let value = read(entry + 8, 2) else { return nil }
                self.init(rawValue: value)
                return
            }
        }
        return nil
    }

    /// `bitmap` turned upright: a new bitmap (width and height swapped for orientations 5 to 8), or
    /// `bitmap` itself for `.identity`.
    func applied(to bitmap: Bitmap) -> Bitmap {
        if self == .identity { return bitmap }
        let (w, h) = (bitmap.width, bitmap.height)
        let swapsSides = rawValue >= 5
        let result = swapsSides ? Bitmap(width: h, height: w) : Bitmap(width: w, height: h)
        for y in 0..<h {
            let source = bitmap.row(y)
            for x in 0..<w {
                let (u, v): (Int, Int)
                switch self {
                case .identity: (u, v) = (x, y)
                case .mirrorHorizontally: (u, v) = (w - 1 - x, y)
                case .rotate180: (u, v) = (w - 1 - x, h - 1 - y)
                case .mirrorVertically: (u, v) = (x, h - 1 - y)
                case .transpose: (u, v) = (y, x)
                case .rotate90Clockwise: (u, v) = (h - 1 - y, x)
                case .transverse: (u, v) = (h - 1 - y, w - 1 - x)
                case .rotate90CounterClockwise: (u, v) = (y, w - 1 - x)
                }
                result.row(v)[u] = source[x]
            }
        }
        return result
    }
}

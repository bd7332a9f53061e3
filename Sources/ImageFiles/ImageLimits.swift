/// The checks made on an image's header before any memory is allocated for its pixels.
enum ImageLimits {
    /// The most bytes a file may have: a PNG may legitimately be a little larger than its raw pixels
    /// (stored blocks, filter bytes), so twice the pixels at the largest size, plus a megabyte.
    static func maxFileBytes(maxSide: Int) -> Int {
        let side = max(1, min(maxSide, 1 << 20))
        let (pixels, overflow) = side.multipliedReportingOverflow(by: side)
        if overflow || pixels > Int.max / 8 - (1 << 20) { return Int.max }
        return pixels * 8 + (1 << 20)
    }

    /// Throws unless a `width`×`height` image fits `maxSide` and its BGRA8 pixels fit in memory's
    /// address range.
    static func check(width: Int, height: Int, maxSide: Int, format: ImageFormat, file: String) throws(ImageFileError) {
        if width <= 0 || height <= 0 {
            throw ImageFileError(file: file, reason: .corrupt(format, detail: "the header gives a size of \(width)x\(height)"))
        }
        let (pixels, pixelOverflow) = width.multipliedReportingOverflow(by: height)
        let (_, byteOverflow) = pixels.multipliedReportingOverflow(by: 4)
        if width > maxSide || height > maxSide || pixelOverflow || byteOverflow {
            throw ImageFileError(file: file, reason: .tooLarge(width: width, height: height, maxSide: maxSide))
        }
    }
}

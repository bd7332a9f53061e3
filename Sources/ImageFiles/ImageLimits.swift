/// The checks made on an image's header before any memory is allocated for its pixels.
enum ImageLimits {
    /// The most pixels decoded whatever `maxSide` says: 2²⁸, a 16384×16384 image, 1 GiB of BGRA8.
    static let maxPixels = 1 << 28

    /// The most bytes a file may have. A PNG can legitimately be a little larger than its raw pixels
    /// (16-bit RGBA, stored blocks, filter bytes), so 8 bytes a pixel at the largest size, plus a megabyte.
    static func maxFileBytes(maxSide: Int) -> Int {
        let side = max(1, min(maxSide, 1 << 16))
        return min(side * side, maxPixels) * 8 + (1 << 20)
    }

    /// Throws unless a `width`×`height` image fits `maxSide` and `maxPixels`.
    static func check(width: Int, height: Int, maxSide: Int, format: ImageFormat, file: String) throws(ImageFileError) {
        if width <= 0 || height <= 0 {
            throw ImageFileError(
                file: file, reason: .corrupt(format, detail: "the header gives a size of \(width)x\(height)"))
        }
        if width > maxSide || height > maxSide {
            throw ImageFileError(file: file, reason: .tooLarge(width: width, height: height, maxSide: maxSide))
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw ImageFileError(file: file, reason: .tooManyPixels(width: width, height: height, maxPixels: maxPixels))
        }
    }
}

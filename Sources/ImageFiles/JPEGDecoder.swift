import CJPEG
import Raster

/// Decodes baseline and progressive JPEG data (gray, YCbCr/RGB, CMYK and YCCK) into an opaque bitmap.
///
/// libjpeg-turbo's accurate integer DCT and fancy upsampling are used, so results match `djpeg`'s
/// defaults. CMYK is converted naively (no colour profile): R = (1 − C)(1 − K), and so on, with
/// Adobe's inverted storage recognised by its APP14 marker. An Exif orientation tag is applied, as
/// browsers do, so photographs come out upright.
enum JPEGDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, maxSide: Int, file: String) throws(ImageFileError) -> Bitmap {
        guard let reader = lsc_jpeg_reader_create(bytes.baseAddress, bytes.count) else {
            throw ImageFileError(file: file, reason: .outOfMemory)
        }
        defer { lsc_jpeg_reader_destroy(reader) }
        func check(_ code: Int32) throws(ImageFileError) {
            if code == LSC_JPEG_OK { return }
            let reason = ImageFileError.Reason(
                decoderMessage: lsc_jpeg_reader_message(reader), truncated: code == LSC_JPEG_TRUNCATED, format: .jpeg)
            throw ImageFileError(file: file, reason: reason)
        }
        try check(lsc_jpeg_reader_read_header(reader))
        let width = Int(lsc_jpeg_reader_width(reader))
        let height = Int(lsc_jpeg_reader_height(reader))
        try ImageLimits.check(width: width, height: height, maxSide: maxSide, format: .jpeg, file: file)
        let orientation = exifOrientation(reader) ?? .identity
        let isCMYK = lsc_jpeg_reader_is_cmyk(reader) != 0
        let invertedInk = lsc_jpeg_reader_saw_adobe_marker(reader) != 0
        try check(lsc_jpeg_reader_start(reader))
        let bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            try check(lsc_jpeg_reader_read_row(reader, bitmap.row(y)))
            if isCMYK { convertCMYKRow(bitmap.row(y), width: width, invertedInk: invertedInk) }
        }
        try check(lsc_jpeg_reader_finish(reader))
        return orientation.applied(to: bitmap)
    }

    /// The orientation recorded in the first Exif APP1 segment that has one.
    private static func exifOrientation(_ reader: UnsafeMutablePointer<lsc_jpeg_reader>) -> ExifOrientation? {
        var marker = lsc_jpeg_reader_markers(reader)
        while let segment = marker?.pointee {
            if Int32(segment.marker) == JPEG_APP0 + 1, let data = segment.data,
                let orientation = ExifOrientation(
                    app1: UnsafeBufferPointer(start: data, count: Int(segment.data_length)))
            {
                return orientation
            }
            marker = segment.next
        }
        return nil
    }

    /// Turns C, M, Y, K bytes into opaque B, G, R, A pixels in place.
    private static func convertCMYKRow(_ row: UnsafeMutablePointer<Pixel>, width: Int, invertedInk: Bool) {
        let bytes = UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt8.self)
        for x in 0..<width {
            let p = bytes + x * 4
            var (c, m, y, k) = (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
            if !invertedInk { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
            let red = PixelMath.mul255(c, k)
            let green = PixelMath.mul255(m, k)
            let blue = PixelMath.mul255(y, k)
            row[x] = 0xFF00_0000 | red << 16 | green << 8 | blue
        }
    }
}

import CPNG
import Foundation
import Raster

/// Encodes a bitmap as an 8-bit PNG with straight alpha: RGB when every pixel is opaque, RGBA
/// otherwise. The settings are fixed (Sub filter, zlib run-length strategy, no time stamp or other
/// ancillary chunk), so the same pixels always give the same bytes.
enum PNGEncoder {
    static func encode(_ bitmap: Bitmap, file: String) throws(ImageFileError) -> Data {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.width <= Int(Int32.max), bitmap.height <= Int(Int32.max)
        else {
            throw ImageFileError(
                file: file, reason: .writeFailed("a PNG cannot hold a \(bitmap.width)x\(bitmap.height) image"))
        }
        guard let writer = lsc_png_writer_create() else { throw ImageFileError(file: file, reason: .outOfMemory) }
        defer { lsc_png_writer_destroy(writer) }
        func check(_ code: Int32) throws(ImageFileError) {
            if code == 0 { return }
            let detail = String(cString: lsc_png_writer_message(writer))
            throw ImageFileError(file: file, reason: .writeFailed("libpng: \(detail)"))
        }
        let withAlpha = !Premultiply.isOpaque(bitmap)
        try check(lsc_png_writer_begin(writer, UInt32(bitmap.width), UInt32(bitmap.height), withAlpha ? 1 : 0))
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: bitmap.width * 4)
        defer { row.deallocate() }
        for y in 0..<bitmap.height {
            Premultiply.unpremultiplyRow(of: bitmap, y, withAlpha: withAlpha, into: row)
            try check(lsc_png_writer_write_row(writer, row))
        }
        try check(lsc_png_writer_end(writer))
        return Data(bytes: lsc_png_writer_bytes(writer), count: lsc_png_writer_size(writer))
    }
}

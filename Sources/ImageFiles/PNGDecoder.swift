import CPNG
import Raster

/// Decodes PNG data of every colour type (gray, gray + alpha, palette with or without tRNS, RGB,
/// RGBA), bit depth (1 to 16) and interlacing into a premultiplied bitmap.
///
/// 16-bit samples are scaled to 8 bits with rounding; gamma and colour-profile chunks are ignored,
/// as cairo and most viewers ignore them. Every chunk's CRC is checked, also after the image data.
///
/// Its reader's create, destroy and `check` steps are `JPEGDecoder`'s on purpose: each wraps its own C
/// reader, with its own functions and status codes (the failure's reason is made in one place).
enum PNGDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, maxSide: Int, file: String) throws(ImageFileError) -> Bitmap {
        guard let reader = lsc_png_reader_create(bytes.baseAddress, bytes.count) else {
            throw ImageFileError(file: file, reason: .outOfMemory)
        }
        defer { lsc_png_reader_destroy(reader) }
        func check(_ code: Int32) throws(ImageFileError) {
            if code == LSC_PNG_OK { return }
            let reason = ImageFileError.Reason(
                decoderMessage: lsc_png_reader_message(reader), truncated: code == LSC_PNG_TRUNCATED, format: .png)
            throw ImageFileError(file: file, reason: reason)
        }
        try check(lsc_png_reader_read_header(reader))
        let width = Int(reader.pointee.width)
        let height = Int(reader.pointee.height)
        try ImageLimits.check(width: width, height: height, maxSide: maxSide, format: .png, file: file)
        try check(lsc_png_reader_start_bgra8(reader))
        let bitmap = Bitmap(width: width, height: height)
        for _ in 0..<reader.pointee.passes {
            for y in 0..<height {
                try check(lsc_png_reader_read_row(reader, bitmap.row(y)))
            }
        }
        try check(lsc_png_reader_finish(reader))
        Premultiply.premultiplyInPlace(bitmap)
        return bitmap
    }
}

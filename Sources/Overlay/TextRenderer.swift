import CFreeType
import Fonts
import Raster

/// Why text cannot be drawn.
public struct TextRendererError: Error, CustomStringConvertible {
    public var description: String
}

/// Anti-aliased text in one font at one pixel size, through FreeType, with every glyph rendered once
/// and cached; drawing is premultiplied source-over and allocates nothing once the glyphs are cached.
public final class TextRenderer {
    private var library: FT_Library?
    private var face: FT_Face?
    /// Printable ASCII, rendered up front.
    private var asciiGlyphs: [Glyph] = []
    private var otherGlyphs: [Unicode.Scalar: Glyph] = [:]
    /// Pixels from the baseline up to the top of the tallest glyphs.
    public let ascender: Int
    /// Pixels from the baseline down to the bottom of the lowest glyphs (positive).
    public let descender: Int
    /// The font's pixel size.
    public let pixelSize: Int

    /// Opens `fontPath` at `pixelSize` pixels per em.
    public init(fontPath: String, pixelSize: Int) throws {
        self.pixelSize = pixelSize
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw TextRendererError(description: "FreeType failed to initialise")
        }
        var face: FT_Face?
        guard FT_New_Face(library, fontPath, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw TextRendererError(description: "\(fontPath): not a font FreeType can read")
        }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
        self.library = library
        self.face = face
        let metrics = face.pointee.size.pointee.metrics
        ascender = Int((metrics.ascender + 63) >> 6)
        descender = Int((-metrics.descender + 63) >> 6)
        asciiGlyphs = (32...126).map { render(Unicode.Scalar(UInt8($0))) }
    }

    /// Opens DejaVu Sans at `pixelSize`; throws with the install hint when it is missing.
    public convenience init(dejaVuSansPixelSize pixelSize: Int) throws {
        guard let path = FontLocator.dejaVuSans() else {
            throw TextRendererError(description: FontLocator.missingFontMessage)
        }
        try self.init(fontPath: path, pixelSize: pixelSize)
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    private func render(_ scalar: Unicode.Scalar) -> Glyph {
        guard let face, FT_Load_Char(face, FT_ULong(scalar.value), cft_load_render_light()) == 0 else {
            return Glyph(coverage: [], width: 0, height: 0, left: 0, top: 0, advance: pixelSize / 2)
        }
        let slot = face.pointee.glyph.pointee
        let source = slot.bitmap
        let width = Int(source.width)
        let height = Int(source.rows)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if let buffer = source.buffer {
            for row in 0..<height {
                let sourceRow = buffer + row * Int(source.pitch)
                for column in 0..<width { coverage[row * width + column] = sourceRow[column] }
            }
        }
        return Glyph(
            coverage: coverage, width: width, height: height, left: Int(slot.bitmap_left),
            top: Int(slot.bitmap_top), advance: Int((slot.advance.x + 32) >> 6))
    }

    private func glyph(_ scalar: Unicode.Scalar) -> Glyph {
        if scalar.value >= 32 && scalar.value <= 126 { return asciiGlyphs[Int(scalar.value) - 32] }
        if let cached = otherGlyphs[scalar] { return cached }
        let made = render(scalar)
        otherGlyphs[scalar] = made
        return made
    }

    /// The pen advance of `text` in pixels.
    public func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + glyph($1).advance }
    }

    /// The longest prefix of `text` whose pen advance is at most `width` pixels (in one pass).
    public func prefix(of text: String, fitting width: Int) -> Substring {
        let scalars = text.unicodeScalars
        var pen = 0
        var end = scalars.startIndex
        while end < scalars.endIndex {
            pen += glyph(scalars[end]).advance
            if pen > width { break }
            end = scalars.index(after: end)
        }
        return Substring(scalars[..<end])
    }

    /// Draws `text` with its baseline at `baseline`, starting at `x`, in premultiplied `color`,
    /// clipped to the bitmap. Returns the pen position after the last glyph.
    @discardableResult
    public func draw(_ text: String, x: Int, baseline: Int, color: Pixel, into bitmap: Bitmap) -> Int {
        var pen = x
        for scalar in text.unicodeScalars {
            let glyph = glyph(scalar)
            blend(glyph, x: pen + glyph.left, y: baseline - glyph.top, color: color, into: bitmap)
            pen += glyph.advance
        }
        return pen
    }

    private func blend(_ glyph: Glyph, x: Int, y: Int, color: Pixel, into bitmap: Bitmap) {
        let firstRow = max(0, -y)
        let lastRow = min(glyph.height, bitmap.height - y)
        let firstColumn = max(0, -x)
        let lastColumn = min(glyph.width, bitmap.width - x)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        glyph.coverage.withUnsafeBufferPointer { coverage in
            for row in firstRow..<lastRow {
                let pixels = bitmap.row(y + row) + x
                let mask = coverage.baseAddress! + row * glyph.width
                for column in firstColumn..<lastColumn {
                    pixels[column] = Blending.over(color, coverage: UInt32(mask[column]), onto: pixels[column])
                }
            }
        }
    }
}

import CFreeType
import Fonts
import Geometry

/// Why a font cannot be used.
public struct FontError: Error, CustomStringConvertible {
    public var description: String
}

/// One face of a font file, read through FreeType: its metrics and its glyphs' unhinted outlines and
/// advances in font units (y up), each loaded once. Sizes are applied by the caller (a scale of
/// size / `unitsPerEm`), so one face serves every size and an animated size loads nothing again.
/// Not thread-safe: each `FontLibrary` (one per compositor) has faces of its own.
public final class FontFace {
    /// A glyph's outline (font units, y up), the box of its outline's points, and its advance.
    public struct Glyph {
        public let elements: [PathElement]
        public let bounds: CGRect
        public let advance: CGFloat

        init(elements: [PathElement], advance: CGFloat) {
            self.elements = elements
            self.advance = advance
            let points = elements.flatMap(\.points)
            guard let first = points.first else {
                bounds = .null
                return
            }
            var box = CGRect(origin: first, size: .zero)
            for p in points.dropFirst() { box = box.union(CGRect(origin: p, size: .zero)) }
            bounds = box
        }
    }

    private let face: FT_Face
    /// Kept alive while the face is: FreeType frees a library's faces with it.
    private let library: FreeTypeLibrary
    private var glyphs: [UInt32: Glyph] = [:]
    private var indices: [UInt32: UInt32] = [:]
    /// Font units per em.
    public let unitsPerEm: CGFloat
    /// From the baseline up to the top of the line (hhea ascender), font units.
    public let ascender: CGFloat
    /// From the baseline down to the bottom of the line (positive), font units.
    public let descender: CGFloat
    /// Extra space between lines (hhea line gap: height − ascender − descender), font units.
    public let lineGap: CGFloat

    init(face: FT_Face, library: FreeTypeLibrary) {
        self.face = face
        self.library = library
        unitsPerEm = CGFloat(face.pointee.units_per_EM)
        ascender = CGFloat(face.pointee.ascender)
        descender = -CGFloat(face.pointee.descender)
        lineGap = max(0, CGFloat(face.pointee.height) - ascender - descender)
    }

    deinit { FT_Done_Face(face) }

    /// The glyph index of `scalar` (0, the font's missing-glyph box, when it has none).
    public func glyphIndex(of scalar: Unicode.Scalar) -> UInt32 {
        if let known = indices[scalar.value] { return known }
        let index = UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
        indices[scalar.value] = index
        return index
    }

    /// The outline and advance of glyph `index`; an empty outline when FreeType cannot load it.
    public func glyph(_ index: UInt32) -> Glyph {
        if let known = glyphs[index] { return known }
        var made = Glyph(elements: [], advance: 0)
        if FT_Load_Glyph(face, index, cft_load_outline()) == 0, let slot = face.pointee.glyph {
            made = Glyph(elements: Self.elements(of: &slot.pointee.outline), advance: CGFloat(slot.pointee.advance.x))
        }
        glyphs[index] = made
        return made
    }

    /// A glyph's coverage rendered by FreeType's anti-aliasing rasterizer (exact-area coverage): the
    /// outline scaled by `scaleX`, `scaleY` (device pixels per font unit; y turned down) with its origin
    /// on (`offsetX`, `offsetY`) (fractions of a pixel), points rounded to 1/64 pixel. Rows of `width`
    /// bytes, top first; the top-left pixel lies at (`left`, `top`) from the origin's whole pixel.
    public struct Coverage {
        public let bytes: [UInt8]
        public let width: Int
        public let height: Int
        public let left: Int
        public let top: Int
    }

    /// Glyph `index`'s coverage at a scale and offset (nil for a glyph with no outline or no pixels).
    public func coverage(of index: UInt32, scaleX: CGFloat, scaleY: CGFloat, offsetX: CGFloat, offsetY: CGFloat)
        -> Coverage?
    {
        guard FT_Load_Glyph(face, index, cft_load_outline()) == 0, let slot = face.pointee.glyph,
            slot.pointee.outline.n_points > 0
        else { return nil }
        var matrix = FT_Matrix(
            xx: FT_Fixed((scaleX * 64 * 65536).rounded()), xy: 0, yx: 0, yy: FT_Fixed((scaleY * 64 * 65536).rounded()))
        FT_Outline_Transform(&slot.pointee.outline, &matrix)
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos((offsetX * 64).rounded()), FT_Pos((-offsetY * 64).rounded()))
        var box = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        let x0 = Int(box.xMin >> 6)
        let y0 = Int(box.yMin >> 6)
        let x1 = Int((box.xMax + 63) >> 6)
        let y1 = Int((box.yMax + 63) >> 6)
        let width = x1 - x0
        let height = y1 - y0
        guard width > 0, height > 0 else { return nil }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(-x0 * 64), FT_Pos(-y0 * 64))
        var bytes = [UInt8](repeating: 0, count: width * height)
        let rendered = bytes.withUnsafeMutableBufferPointer { buffer -> FT_Error in
            var bitmap = FT_Bitmap(
                rows: UInt32(height), width: UInt32(width), pitch: Int32(width), buffer: buffer.baseAddress,
                num_grays: 256, pixel_mode: UInt8(FT_PIXEL_MODE_GRAY.rawValue), palette_mode: 0, palette: nil)
            return FT_Outline_Get_Bitmap(library.handle, &slot.pointee.outline, &bitmap)
        }
        guard rendered == 0 else { return nil }
        return Coverage(bytes: bytes, width: width, height: height, left: x0, top: -y1)
    }

    /// The outline's contours as path elements (TrueType quadratics stay quadratic), each closed.
    private static func elements(of outline: inout FT_Outline) -> [PathElement] {
        var elements: [PathElement] = []
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let list = user!.assumingMemoryBound(to: [PathElement].self)
                if !list.pointee.isEmpty { list.pointee.append(.closeSubpath) }
                list.pointee.append(.moveTo(CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y))))
                return 0
            },
            line_to: { to, user in
                let list = user!.assumingMemoryBound(to: [PathElement].self)
                list.pointee.append(.lineTo(CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y))))
                return 0
            },
            conic_to: { control, to, user in
                let list = user!.assumingMemoryBound(to: [PathElement].self)
                list.pointee.append(
                    .quadCurveTo(
                        control: CGPoint(x: CGFloat(control!.pointee.x), y: CGFloat(control!.pointee.y)),
                        end: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y))))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let list = user!.assumingMemoryBound(to: [PathElement].self)
                list.pointee.append(
                    .curveTo(
                        control1: CGPoint(x: CGFloat(c1!.pointee.x), y: CGFloat(c1!.pointee.y)),
                        control2: CGPoint(x: CGFloat(c2!.pointee.x), y: CGFloat(c2!.pointee.y)),
                        end: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y))))
                return 0
            },
            shift: 0, delta: 0)
        _ = withUnsafeMutablePointer(to: &elements) { list in
            FT_Outline_Decompose(&outline, &funcs, UnsafeMutableRawPointer(list))
        }
        if !elements.isEmpty { elements.append(.closeSubpath) }
        return elements
    }
}

/// One FreeType library handle, freed when its last face is.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError(description: "FreeType failed to initialise")
        }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// The faces of the font catalog, opened on first use through one FreeType library; one per
/// compositor (or test), used from one thread.
public final class FontLibrary {
    private var library: FreeTypeLibrary?
    private var faces: [String: FontFace] = [:]
    /// Files that could not be opened, so a missing font is looked for once, not every frame.
    private var failures: [String: FontError] = [:]

    public init() {}

    /// The face of the catalog face `face`, opened on first use; throws when its file is missing or
    /// unreadable.
    public func face(_ face: FontCatalog.Face) throws -> FontFace {
        if let open = faces[face.fileName] { return open }
        if let failure = failures[face.fileName] { throw failure }
        do {
            let opened = try open(face)
            faces[face.fileName] = opened
            return opened
        } catch let error as FontError {
            failures[face.fileName] = error
            throw error
        }
    }

    private func open(_ face: FontCatalog.Face) throws -> FontFace {
        guard let path = FontLocator.path(ofFile: face.fileName) else {
            throw FontError(description: FontLocator.missingFileMessage(face.fileName))
        }
        let library = try self.library ?? FreeTypeLibrary()
        self.library = library
        var handle: FT_Face?
        guard FT_New_Face(library.handle, path, 0, &handle) == 0, let handle else {
            throw FontError(description: "\(path): not a font FreeType can read")
        }
        return FontFace(face: handle, library: library)
    }
}

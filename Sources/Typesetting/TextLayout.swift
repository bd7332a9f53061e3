import Geometry

/// Text laid out in a box as `CATextLayer` lays it out (core-animation-breadth.md §5): the first
/// line's baseline one ascent below the top, each next line one ascent + descent + line gap lower, no
/// vertical centring; one line per paragraph (explicit newlines), broken at word boundaries (within a
/// word only when the word alone is too wide) when `wrapped`; an over-wide unwrapped line, or the last
/// line that fits when wrapped text does not, truncated with "…"; each line aligned in the width.
///
/// Glyphs are placed at their unhinted advances with no kerning or shaping (one glyph per Unicode
/// scalar). Positions are in the box's space: x right, y down, origin at the box's top left.
public struct TextLayout {
    /// A face at a size.
    public struct Style {
        public let face: FontFace
        /// Points per em.
        public let size: CGFloat

        public init(face: FontFace, size: CGFloat) {
            self.face = face
            self.size = size
        }

        var scale: CGFloat { size / face.unitsPerEm }
        var ascent: CGFloat { face.ascender * scale }
        var descent: CGFloat { face.descender * scale }
        var leading: CGFloat { face.lineGap * scale }
    }

    /// A stretch of text in one style and one colour (an index the caller gives meaning to).
    public struct Run {
        public let text: String
        public let style: Int
        public let color: Int

        public init(_ text: String, style: Int, color: Int) {
            self.text = text
            self.style = style
            self.color = color
        }
    }

    /// Where a line sits in the width (`justified`: widened between words, a paragraph's last line left).
    public enum Alignment: Sendable { case left, right, center, justified }
    /// Where an over-wide line is cut for the ellipsis (`none`: it is left whole, to be clipped).
    public enum Truncation: Sendable { case none, start, middle, end }

    /// The box and the rules of the layout.
    public struct Parameters: Equatable, Sendable {
        public var width: CGFloat
        public var height: CGFloat
        public var wrapped: Bool
        public var alignment: Alignment
        public var truncation: Truncation

        public init(
            width: CGFloat, height: CGFloat, wrapped: Bool = false, alignment: Alignment = .left,
            truncation: Truncation = .none
        ) {
            self.width = width
            self.height = height
            self.wrapped = wrapped
            self.alignment = alignment
            self.truncation = truncation
        }
    }

    /// One glyph, at `x` from its line's left end.
    public struct PlacedGlyph {
        public let scalar: Unicode.Scalar
        public let glyph: UInt32
        public let style: Int
        public let color: Int
        public let x: CGFloat
        public let advance: CGFloat
    }

    /// One laid-out line.
    public struct Line {
        public let glyphs: [PlacedGlyph]
        /// The left end of the line in the box (after alignment).
        public let x: CGFloat
        /// The baseline, down from the top of the box.
        public let baseline: CGFloat
        /// The advance width, trailing white space left out.
        public let width: CGFloat
        /// The text drawn (the ellipsis included, trailing white space too).
        public var text: String { String(String.UnicodeScalarView(glyphs.map(\.scalar))) }
    }

    /// The ellipsis truncation puts in.
    public static let ellipsis: Unicode.Scalar = "\u{2026}"

    public let lines: [Line]
    /// The styles the runs index.
    public let styles: [Style]

    /// Lays out `runs` (styles indexed into `styles`) by `parameters`.
    public init(runs: [Run], styles: [Style], parameters: Parameters) {
        self.styles = styles
        var characters: [Character] = []
        for run in runs where styles.indices.contains(run.style) {
            let style = styles[run.style]
            for scalar in run.text.unicodeScalars {
                let glyph = style.face.glyphIndex(of: scalar)
                let advance = Self.isNewline(scalar) ? 0 : style.face.glyph(glyph).advance * style.scale
                characters.append(
                    Character(scalar: scalar, glyph: glyph, style: run.style, color: run.color, advance: advance))
            }
        }
        var builder = Builder(characters: characters, styles: styles, parameters: parameters)
        lines = builder.layOut()
    }

    /// The outlines of the glyphs of colour `color`, in the box's space (y down); with `visible`, only
    /// those whose ink meets it (the canvas in the box's space), so text far larger than the canvas
    /// costs the glyphs that show, never the whole layout at its size.
    public func path(color: Int, visible: CGRect? = nil) -> CGPath {
        var elements: [PathElement] = []
        for line in lines {
            for placed in line.glyphs where placed.color == color {
                let style = styles[placed.style]
                let s = style.scale
                let dx = line.x + placed.x
                let dy = line.baseline
                if let visible {
                    let ink = style.face.glyph(placed.glyph).bounds
                    guard !ink.isNull,
                        visible.intersects(
                            CGRect(
                                x: dx + ink.minX * s, y: dy - ink.maxY * s, width: ink.width * s, height: ink.height * s
                            ))
                    else { continue }
                }
                for element in style.face.glyph(placed.glyph).elements {
                    elements.append(element.mapPoints { CGPoint(x: dx + $0.x * s, y: dy - $0.y * s) })
                }
            }
        }
        return CGPath(elements: elements)
    }

    /// The colours the glyphs use, each once, in order of first use.
    public var colors: [Int] {
        var seen: [Int] = []
        for line in lines {
            for placed in line.glyphs where !seen.contains(placed.color) { seen.append(placed.color) }
        }
        return seen
    }

    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\u{3000}" }

    /// One character of the text with its glyph and advance (points).
    struct Character {
        let scalar: Unicode.Scalar
        let glyph: UInt32
        let style: Int
        let color: Int
        let advance: CGFloat
    }
}

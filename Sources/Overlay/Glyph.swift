/// One rendered glyph: an 8-bit coverage mask and its placement relative to the pen position. Its fields are alike
/// `TextLayout.Draft`'s (TextLayout+Lines.swift) on purpose: plain stored data, no shared logic.
struct Glyph {
    /// Coverage rows, `width` bytes each.
    var coverage: [UInt8]
    var width: Int
    var height: Int
    /// From the pen position to the mask's left edge.
    var left: Int
    /// From the baseline up to the mask's top row.
    var top: Int
    /// Pen advance in whole pixels.
    var advance: Int
}

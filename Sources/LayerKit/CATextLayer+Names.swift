/// How a text layer aligns its lines in its bounds (`CATextLayerAlignmentMode`); `natural` is `left`
/// for left-to-right text, and `justified` leaves each paragraph's last line as `natural`.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Left for left-to-right text (the default).
    public static let natural = Self(rawValue: "natural")
    /// Lines flush with the left edge.
    public static let left = Self(rawValue: "left")
    /// Lines flush with the right edge.
    public static let right = Self(rawValue: "right")
    /// Lines centred.
    public static let center = Self(rawValue: "center")
    /// Space widened between words to fill each line; a paragraph's last line is natural.
    public static let justified = Self(rawValue: "justified")

    public static let allCases: [Self] = [.natural, .left, .right, .center, .justified]
}

/// Where a text layer cuts a line that does not fit, putting in "…" (`CATextLayerTruncationMode`).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No truncation: a line that does not fit is clipped (the default).
    public static let none = Self(rawValue: "none")
    /// "…" replaces the start of the line.
    public static let start = Self(rawValue: "start")
    /// "…" replaces the middle of the line.
    public static let middle = Self(rawValue: "middle")
    /// "…" replaces the end of the line.
    public static let end = Self(rawValue: "end")

    public static let allCases: [Self] = [.none, .start, .middle, .end]
}

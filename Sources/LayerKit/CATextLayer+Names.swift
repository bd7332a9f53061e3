/// How a text layer aligns its lines in its bounds (`CATextLayerAlignmentMode`); `natural` is `left`
/// for left-to-right text, and `justified` leaves each paragraph's last line as `natural`.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let natural = Self(rawValue: "natural")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center")
    public static let justified = Self(rawValue: "justified")

    public static let allCases: [Self] = [.natural, .left, .right, .center, .justified]
}

/// Where a text layer cuts a line that does not fit, putting in "…" (`CATextLayerTruncationMode`).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let none = Self(rawValue: "none")
    public static let start = Self(rawValue: "start")
    public static let middle = Self(rawValue: "middle")
    public static let end = Self(rawValue: "end")

    public static let allCases: [Self] = [.none, .start, .middle, .end]
}

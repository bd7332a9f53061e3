/// The fonts Layerscope can draw, by the names iOS code uses: the six faces of Debian's
/// fonts-dejavu-core under their own names, and as substitutes for the iOS fonts of the same kind
/// (the system font and Helvetica → DejaVu Sans, Courier and Menlo → DejaVu Sans Mono, Times and
/// Georgia → DejaVu Serif; their bold faces → the DejaVu bold faces). Names are matched exactly, as
/// `UIFont(name:size:)` matches PostScript and full names; there is no fuzzy matching.
public enum FontCatalog {
    /// One drawable face: the file it is read from.
    public struct Face: Hashable, Sendable {
        /// The font file's name (looked up with `FontLocator`).
        public let fileName: String
        /// The face's own PostScript name.
        public let postScriptName: String
        /// The family, as `UIFont.familyName` gives it.
        public let familyName: String
    }

    public static let sans = Face(fileName: "DejaVuSans.ttf", postScriptName: "DejaVuSans", familyName: "DejaVu Sans")
    public static let sansBold = Face(
        fileName: "DejaVuSans-Bold.ttf", postScriptName: "DejaVuSans-Bold", familyName: "DejaVu Sans")
    public static let mono = Face(
        fileName: "DejaVuSansMono.ttf", postScriptName: "DejaVuSansMono", familyName: "DejaVu Sans Mono")
    public static let monoBold = Face(
        fileName: "DejaVuSansMono-Bold.ttf", postScriptName: "DejaVuSansMono-Bold", familyName: "DejaVu Sans Mono")
    public static let serif = Face(
        fileName: "DejaVuSerif.ttf", postScriptName: "DejaVuSerif", familyName: "DejaVu Serif")
    public static let serifBold = Face(
        fileName: "DejaVuSerif-Bold.ttf", postScriptName: "DejaVuSerif-Bold", familyName: "DejaVu Serif")

    /// The name `UIFont.systemFont(ofSize:)` reports (iOS 13 and later).
    public static let systemFontName = ".SFUI-Regular"
    /// The name `UIFont.boldSystemFont(ofSize:)` reports.
    public static let boldSystemFontName = ".SFUI-Bold"
    /// `CATextLayer`'s default font (its header: "Defaults to the Helvetica font").
    public static let defaultFontName = "Helvetica"

    /// The face drawn for `name`, or nil for a name the catalog does not know.
    public static func face(named name: String) -> Face? { byName[name] }

    /// Every name the catalog knows, sorted (for error messages).
    public static var names: [String] { byName.keys.sorted() }

    private static let byName: [String: Face] = {
        let groups: [(Face, [String])] = [
            (
                sans,
                [
                    "DejaVuSans", "DejaVu Sans", systemFontName, ".AppleSystemUIFont", "SFProText-Regular",
                    "SFUI-Regular", "Helvetica", "HelveticaNeue", "Helvetica Neue", "Arial", "ArialMT",
                ]
            ),
            (
                sansBold,
                [
                    "DejaVuSans-Bold", "DejaVu Sans Bold", boldSystemFontName, ".SFUI-Semibold", "SFProText-Bold",
                    "Helvetica-Bold", "HelveticaNeue-Bold", "Helvetica Neue Bold", "Arial-BoldMT", "Arial Bold",
                ]
            ),
            (
                mono,
                ["DejaVuSansMono", "DejaVu Sans Mono", "Courier", "CourierNewPSMT", "Courier New", "Menlo-Regular"]
            ),
            (
                monoBold,
                ["DejaVuSansMono-Bold", "DejaVu Sans Mono Bold", "Courier-Bold", "CourierNewPS-BoldMT", "Menlo-Bold"]
            ),
            (serif, ["DejaVuSerif", "DejaVu Serif", "Times", "Times-Roman", "TimesNewRomanPSMT", "Georgia"]),
            (
                serifBold,
                ["DejaVuSerif-Bold", "DejaVu Serif Bold", "Times-Bold", "TimesNewRomanPS-BoldMT", "Georgia-Bold"]
            ),
        ]
        var table: [String: Face] = [:]
        for (face, names) in groups {
            for name in names { table[name] = face }
        }
        return table
    }()
}

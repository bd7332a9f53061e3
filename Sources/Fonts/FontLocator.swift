import Foundation

/// Finds font files (Debian's fonts-dejavu-core) in the standard font folders, without fontconfig.
public enum FontLocator {
    /// The file name of the face that stands in for the system font and Helvetica.
    public static let dejaVuSansFileName = "DejaVuSans.ttf"

    /// The folders searched, most likely first.
    public static var searchFolders: [String] {
        var folders = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts"]
        folders.append("/usr/local/share/fonts")
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        folders.append(home + "/.local/share/fonts")
        folders.append(home + "/.fonts")
        return folders
    }

    /// The path of the font file `fileName`, or nil when no searched folder (or its subfolders) has it.
    public static func path(ofFile fileName: String) -> String? {
        let files = FileManager.default
        for folder in searchFolders {
            let direct = folder + "/" + fileName
            if files.isReadableFile(atPath: direct) { return direct }
        }
        for folder in searchFolders {
            guard let walker = files.enumerator(atPath: folder) else { continue }
            for case let relative as String in walker where relative.hasSuffix("/" + fileName) {
                return folder + "/" + relative
            }
        }
        return nil
    }

    /// The path of DejaVuSans.ttf, or nil when it is not installed.
    public static func dejaVuSans() -> String? { path(ofFile: dejaVuSansFileName) }

    /// What to install when a font file is missing.
    public static func missingFileMessage(_ fileName: String) -> String {
        "\(fileName) not found (install the Debian package fonts-dejavu-core)"
    }

    /// The one line the viewer prints when the font is missing.
    public static let missingFontMessage =
        "viewer: \(missingFileMessage(dejaVuSansFileName)); drawing the toolbar and HUD without text"
}

import Foundation

/// Finds DejaVu Sans (Debian's fonts-dejavu-core) in the standard font folders, without fontconfig.
public enum FontLocator {
    /// The file name looked for.
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

    /// The path of DejaVuSans.ttf, or nil when no searched folder (or its subfolders) has it.
    public static func dejaVuSans() -> String? {
        let files = FileManager.default
        for folder in searchFolders {
            let direct = folder + "/" + dejaVuSansFileName
            if files.isReadableFile(atPath: direct) { return direct }
        }
        for folder in searchFolders {
            guard let walker = files.enumerator(atPath: folder) else { continue }
            for case let relative as String in walker where relative.hasSuffix("/" + dejaVuSansFileName) {
                return folder + "/" + relative
            }
        }
        return nil
    }

    /// The one line the viewer prints when the font is missing.
    public static let missingFontMessage =
        "viewer: \(dejaVuSansFileName) not found (install the Debian package fonts-dejavu-core); drawing the toolbar and HUD without text"
}

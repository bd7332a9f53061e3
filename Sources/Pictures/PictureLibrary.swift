import Foundation

/// Where `UIImage(named:)`, `UIImage(contentsOfFile:)` and `UIImage(data:)` get their pictures: the
/// decoders that turn a file or its bytes into a `CGImage` (this module reads no file format; the scene loader installs the PNG and JPEG
/// reader) and the folders searched for a name, in order. Before a scene is loaded the folders are
/// those of `$LAYERSCOPE_IMAGE_PATH` (separated by `:`); loading a scene puts its own folder first and
/// the bundled `assets/` folder after.
///
/// One shared library, its state behind a lock, so it may be read from any thread.
public final class PictureLibrary: @unchecked Sendable {
    /// Reads an image file; throws when it cannot.
    public typealias Decoder = @Sendable (URL) throws -> CGImage
    /// Reads an image file's bytes (`UIImage(data:)`); throws when it cannot.
    public typealias DataDecoder = @Sendable (Data) throws -> CGImage

    public static let shared = PictureLibrary()

    private let lock = NSLock()
    private var decoder: Decoder?
    private var dataDecoder: DataDecoder?
    private var folders: [URL]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        folders = (environment["LAYERSCOPE_IMAGE_PATH"] ?? "").split(separator: ":").map {
            URL(fileURLWithPath: String($0))
        }
    }

    /// Installs the decoder used from now on.
    public func install(decoder: @escaping Decoder) {
        lock.withLock { self.decoder = decoder }
    }

    /// Installs the decoder of bytes used from now on.
    public func install(dataDecoder: @escaping DataDecoder) {
        lock.withLock { self.dataDecoder = dataDecoder }
    }

    /// The image the bytes `data` hold, or nil when there is no decoder or it cannot read them.
    public func image(data: Data) -> CGImage? {
        guard let dataDecoder = lock.withLock({ dataDecoder }) else { return nil }
        return try? dataDecoder(data)
    }

    /// The folders searched, in order.
    public var searchFolders: [URL] {
        get { lock.withLock { folders } }
        set { lock.withLock { folders = newValue } }
    }

    /// Puts `folder` first in the search (moving it there if it was already searched).
    public func search(first folder: URL) {
        lock.withLock {
            folders.removeAll { $0.standardizedFileURL == folder.standardizedFileURL }
            folders.insert(folder, at: 0)
        }
    }

    /// Puts `folder` last in the search unless it is already searched.
    public func search(last folder: URL) {
        lock.withLock {
            if !folders.contains(where: { $0.standardizedFileURL == folder.standardizedFileURL }) {
                folders.append(folder)
            }
        }
    }

    /// The image in the file at `url`, or nil when there is no decoder or it cannot read the file.
    public func image(contentsOf url: URL) -> CGImage? {
        guard let decoder = lock.withLock({ decoder }) else { return nil }
        return try? decoder(url)
    }

    /// The file `UIImage(named:)` means by `name`: in each folder in turn, the name as given and, when it
    /// has no extension, with `.png`, `.jpg` and `.jpeg`; an absolute path is taken as it is.
    public func url(named name: String) -> URL? {
        guard !name.isEmpty else { return nil }
        let hasExtension = !(name as NSString).pathExtension.isEmpty
        let names = hasExtension ? [name] : [name, name + ".png", name + ".jpg", name + ".jpeg"]
        if name.hasPrefix("/") {
            return names.map { URL(fileURLWithPath: $0) }.first { Self.isFile($0) }
        }
        for folder in searchFolders {
            if let found = names.map({ folder.appendingPathComponent($0) }).first(where: Self.isFile) {
                return found
            }
        }
        return nil
    }

    private static func isFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}

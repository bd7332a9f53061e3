import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory {
    public let url: URL

    /// A new directory named `prefix` and a UUID.
    public init(prefix: String = "layerscope-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` in the directory.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `bytes` as the file `name` in the directory; its URL.
    public func write(_ bytes: [UInt8], to name: String) throws -> URL {
        let file = file(name)
        try Data(bytes).write(to: file)
        return file
    }

    /// The names of the files in the directory (or in its sub-directory `name`), hidden ones included.
    public func contents(of name: String? = nil) throws -> [String] {
        let directory = name.map { url.appendingPathComponent($0) } ?? url
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    public func remove() { try? FileManager.default.removeItem(at: url) }
}

import Foundation

/// Writes an edited timing curve back into a scene file: the one animation's `timingFunction`, or
/// one entry of a keyframe animation's `timingFunctions`, rewritten in the file's text and nothing
/// else (JSON: `JSONTimingRewrite`; Swift: `SwiftTimingRewrite`), saved atomically (a temporary file
/// beside it, renamed over it), so a viewer watching the file reloads it once.
public enum TimingWriteBack {
    /// Which curve of which animation, and the control points to write.
    public struct Target: Equatable, Sendable {
        /// The name of the layer the animation is attached to, and the key it was added under.
        public var layerName: String?
        /// The key the animation was added under.
        public var key: String?
        /// The media time the animation was added at (which of several adds of the same key).
        public var addedAt: Double
        /// Nil for `timingFunction`; else the interval whose entry in `timingFunctions` is written.
        public var segment: Int?
        /// How many intervals the keyframe animation has (the length `timingFunctions` must have).
        public var segmentCount: Int
        /// x1, y1, x2, y2.
        public var controlPoints: [Double]

        /// A target: the curve of the animation `key` on `layerName` added at `addedAt`, to become `controlPoints`.
        public init(
            layerName: String?, key: String?, addedAt: Double, segment: Int?, segmentCount: Int,
            controlPoints: [Double]
        ) {
            self.layerName = layerName
            self.key = key
            self.addedAt = addedAt
            self.segment = segment
            self.segmentCount = segmentCount
            self.controlPoints = controlPoints
        }

        /// The control points as a scene file writes them: `[0.42, 0, 0.58, 1]`.
        public var jsonText: String { "[" + controlPoints.map(ValueFormatter.format).joined(separator: ", ") + "]" }

        /// The Swift expression making the curve.
        public var swiftText: String {
            "CAMediaTimingFunction(controlPoints: " + controlPoints.map(ValueFormatter.format).joined(separator: ", ")
                + ")"
        }

        /// `timingFunction`, or `timingFunctions[i]`.
        public var propertyText: String { segment.map { "timingFunctions[\($0)]" } ?? "timingFunction" }
    }

    /// Why the curve could not be written; nothing was changed.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// One line naming the file and the reason.
        public var description: String
        /// For a Swift scene: the line of code to paste where the curve is set.
        public var snippet: String?
    }

    /// The new text of a scene file and where in it the curve went (a JSON path, or `line N`).
    public struct Rewrite: Equatable, Sendable {
        /// The file's new text.
        public var text: String
        /// Where the curve went: a JSON path, or `line N` in a Swift scene.
        public var location: String
    }

    /// Rewrites the scene file at `url` (`.json` or `.swift`) for `target`; returns the log line saying
    /// what was written where.
    public static func write(_ target: Target, toSceneFile url: URL) throws(Failure) -> String {
        let name = url.lastPathComponent
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw Failure(description: "\(name): cannot read the file: \(MessageText.line("\(error)"))")
        }
        let rewrite: Rewrite
        switch url.pathExtension.lowercased() {
        case "json": rewrite = try JSONTimingRewrite.rewrite(text, target, fileName: name)
        case "swift": rewrite = try SwiftTimingRewrite.rewrite(text, target, fileName: name)
        default: throw Failure(description: "\(name): only JSON and Swift scene files can be written back")
        }
        do {
            try replaceAtomically(url, with: rewrite.text)
        } catch {
            throw Failure(description: "\(name): cannot write the file: \(MessageText.line("\(error)"))")
        }
        let value = url.pathExtension.lowercased() == "swift" ? target.swiftText : target.jsonText
        return "wrote \(target.propertyText) = \(value) to \(url.path) at \(rewrite.location)"
    }

    /// rename(2) failed, for this reason.
    private struct RenameError: Error, CustomStringConvertible {
        var reason: String
        var description: String { "cannot rename the new text into place: \(reason)" }
    }

    /// Writes `text` to a temporary file in `url`'s folder with `url`'s permissions, then renames it over
    /// `url`: readers see the old file or the new one, never a part.
    static func replaceAtomically(_ url: URL, with text: String) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).writeback-\(getpid())")
        let permissions = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions]
        do {
            try Data(text.utf8).write(to: temporary)
            if let permissions {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw RenameError(reason: String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}

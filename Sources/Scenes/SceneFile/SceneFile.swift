import Geometry
import ImageFiles

/// Loads scene files (JSON, see the design's "Scene files").
public enum SceneFile {
    /// The largest scene file read: 16 MiB, far more than a hand-written or generated scene needs,
    /// checked before a byte is read.
    public static let maxFileBytes = 16 << 20

    /// Reads, parses and checks the scene file at `url`. Errors name the file and the JSON path.
    /// Only regular files are read (a pipe or device could block or never end).
    public static func load(url: URL) throws(SceneFileError) -> SceneDocument {
        let name = url.path
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(name, maxBytes: maxFileBytes)
        } catch .empty {
            bytes = []  // the parser words it: "unexpected end of file" at line 1, column 1
        } catch {
            throw SceneFileError(file: name, location: "", message: readFailure(error))
        }
        return try decode(Data(bytes), fileName: name, baseURL: url.deletingLastPathComponent(), url: url)
    }

    /// Parses and checks scene JSON held in memory; relative image names resolve against `baseURL`.
    public static func decode(_ data: Data, fileName: String, baseURL: URL, url: URL? = nil) throws(SceneFileError)
        -> SceneDocument
    {
        if let format = imageFormat(of: data) {
            throw SceneFileError(
                file: fileName, location: "",
                message: "this is a \(format) image, not a scene file (scene files are JSON)")
        }
        let value: JSONValue
        do throws(JSONParser.SyntaxError) {
            value = try JSONParser.parse(Array(data))
        } catch {
            throw SceneFileError(
                file: fileName, location: "line \(error.line), column \(error.column)", message: error.message)
        }
        do {
            var document = try SceneDocumentDecoder(baseURL: baseURL).decode(value)
            document.url = url
            return document
        } catch let problem as SceneProblem {
            throw SceneFileError(file: fileName, location: problem.path, message: problem.message)
        } catch {
            throw SceneFileError(file: fileName, location: "", message: "\(error)")
        }
    }

    /// Why a file could not be read, as scene loading words it.
    static func readFailure(_ problem: FileReadProblem) -> String {
        switch problem {
        case .missing: return "cannot read the file (no such file)"
        case .unreadable(let detail): return "cannot read the file (\(detail))"
        case .empty: return "the file is empty"
        case .tooLarge(let bytes, let limit):
            return "the file is \(bytes) bytes, more than the \(limit) bytes a scene file may have"
        }
    }

    /// The name of the image format `data` starts with, if it is a common one.
    private static func imageFormat(of data: Data) -> String? {
        let signatures: [(String, [UInt8])] = [
            ("PNG", [0x89, 0x50, 0x4E, 0x47]), ("JPEG", [0xFF, 0xD8, 0xFF]), ("GIF", Array("GIF8".utf8)),
        ]
        return signatures.first { data.starts(with: $0.1) }?.0
    }
}

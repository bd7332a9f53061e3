import Geometry

/// Loads scene files (JSON, see the design's "Scene files").
public enum SceneFile {
    /// Reads, parses and checks the scene file at `url`. Errors name the file and the JSON path.
    public static func load(url: URL) throws(SceneFileError) -> SceneDocument {
        let name = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SceneFileError(file: name, location: "", message: "cannot read the file (\(readFailure(url)))")
        }
        return try decode(data, fileName: name, baseURL: url.deletingLastPathComponent(), url: url)
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

    private static func readFailure(_ url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: url.path) { return "permission denied" }
        return "read error"
    }

    /// The name of the image format `data` starts with, if it is a common one.
    private static func imageFormat(of data: Data) -> String? {
        let signatures: [(String, [UInt8])] = [
            ("PNG", [0x89, 0x50, 0x4E, 0x47]), ("JPEG", [0xFF, 0xD8, 0xFF]), ("GIF", Array("GIF8".utf8)),
        ]
        return signatures.first { data.starts(with: $0.1) }?.0
    }
}

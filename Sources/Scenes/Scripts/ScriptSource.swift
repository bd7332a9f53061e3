import Foundation
import ImageFiles

/// A Swift scene file as read for compiling: its text, the `SceneScript` class it declares, and the
/// small file Layerscope compiles with it to reach that class.
struct ScriptSource {
    /// The path as the user gave it (the compiler's messages name it).
    let path: String
    let text: String
    /// The class conforming to `SceneScript`.
    let className: String
    /// `text` after the source pass (`ObjectiveCSpellings`), as compiled.
    let translatedText: String

    /// Reads `path`; throws when it cannot be read or declares no single `SceneScript` class.
    init(path: String) throws(SceneLoadError) {
        self.path = path
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: SceneFile.maxFileBytes)
        } catch {
            throw SceneLoadError(description: "\(path): \(SceneFile.readFailure(error))")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SceneLoadError(description: "\(path): not a Swift scene (the file is not UTF-8 text)")
        }
        self.text = text
        let translated = ObjectiveCSpellings.translate(text, path: path)
        guard translated.errors.isEmpty else {
            throw SceneLoadError(
                description: "\(path): the Swift scene does not compile",
                compilerOutput: translated.errors.joined(separator: "\n") + "\n")
        }
        translatedText = translated.text
        let classes = Self.sceneClasses(in: text)
        guard classes.count == 1, let only = classes.first else {
            throw SceneLoadError(
                description: classes.isEmpty
                    ? "\(path): declares no class conforming to SceneScript (write: final class NAME: SceneScript)"
                    : "\(path): declares \(classes.count) classes conforming to SceneScript (\(classes.joined(separator: ", "))); keep one"
            )
        }
        className = only
    }

    /// The names of the classes whose inheritance clause names `SceneScript`, outside comments.
    static func sceneClasses(in text: String) -> [String] {
        let code = withoutComments(text)
        let pattern = #/\bclass\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([^{]*)\{/#
        return code.matches(of: pattern).compactMap { match in
            let inherited = match.output.2.split(separator: ",").map {
                $0.split(separator: "<").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            }
            return inherited.contains { $0 == "SceneScript" || $0 == "Scenes.SceneScript" }
                ? String(match.output.1) : nil
        }
    }

    /// `text` with `//` and `/* */` comments replaced by spaces (string literals are not special).
    static func withoutComments(_ text: String) -> String {
        var result = ""
        var characters = text[...]
        while let first = characters.first {
            if characters.hasPrefix("//") {
                characters = characters.drop { $0 != "\n" }
            } else if characters.hasPrefix("/*") {
                let rest = characters.dropFirst(2)
                characters = rest.range(of: "*/").map { rest[$0.upperBound...] } ?? ""
                result += " "
            } else {
                result.append(first)
                characters = characters.dropFirst()
            }
        }
        return result
    }

    /// The user's file as compiled: after the source pass, with a `#sourceLocation` line first, so the
    /// compiler's messages name the user's path, lines and columns.
    var compiledText: String {
        let quoted = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "#sourceLocation(file: \"\(quoted)\", line: 1)\n\(translatedText)\n#sourceLocation()\n"
    }

    /// The entry point compiled with the scene: a C symbol that hands Layerscope the class.
    var entryText: String {
        """
        import Scenes

        @c(\(ScriptLibrary.entrySymbol))
        public func layerscopeSceneFactory() -> UnsafeMutableRawPointer {
            Unmanaged.passRetained(SceneScriptFactory(\(className).self)).toOpaque()
        }

        """
    }
}

/// Why a scene file could not be loaded: the file, where in it (a JSON path such as
/// `layers[0].sublayers[1].mask.lineWidth`, or a line and column for syntax errors) and the reason.
public struct SceneFileError: Error, CustomStringConvertible, Equatable {
    /// The file as the user named it.
    public let file: String
    /// The JSON path or `line L, column C`; empty when the problem is the file as a whole.
    public let location: String
    /// What is wrong, e.g. `expected a number, got "wide"`.
    public let message: String

    /// An error in `file` at the JSON path `location`, saying `message`.
    public init(file: String, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE: LOCATION: MESSAGE`, one line, with the control characters of the file's own text (names,
    /// keys, values it quotes) escaped.
    public var description: String {
        MessageText.escaped(location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)")
    }
}

/// A problem found while decoding, at a JSON path; `SceneFile.load` adds the file name.
struct SceneProblem: Error, Equatable {
    let path: String
    let message: String
}

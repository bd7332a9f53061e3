import Foundation
import Glibc
import Scenes

/// `layerscope new NAME.swift`: writes a commented starting Swift scene, never over an existing file.
enum NewCommand {
    static let spec = CommandSpec(
        name: "new",
        summary: "Write a commented starting Swift scene (NAME.swift) to edit and play.",
        usage: "layerscope new NAME.swift", options: [], positional: "NAME.swift")

    static let entry = SubcommandEntry(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw CommandError.usage(
                arguments.positionals.isEmpty ? "missing the scene's file name (NAME.swift)" : "give one file name",
                command: spec.name)
        }
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        guard fileName.hasSuffix(".swift"), fileName.count > 6 else {
            throw CommandError.usage("the file name must end in .swift, got '\(path)'", command: spec.name)
        }
        let className = SceneTemplate.className(forFile: fileName)
        let bytes = Array(SceneTemplate.text(className: className).utf8)
        // O_EXCL: an existing file (or one made meanwhile) is never overwritten.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason =
                errno == EEXIST ? "the file already exists (not overwritten)" : String(cString: strerror(errno))
            throw CommandError.failure("\(path): \(reason)")
        }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let failure = written == bytes.count ? nil : String(cString: strerror(errno))
        close(descriptor)
        if let failure {
            unlink(path)
            throw CommandError.failure("\(path): cannot write the scene (\(failure))")
        }
        arguments.console.out("wrote \(path) (class \(className)); play it with: layerscope view --scene \(path)")
        return 0
    }
}

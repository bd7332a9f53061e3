import Foundation
import LayerscopeTestSupport
import Scenes
import Testing

@testable import LayerscopeCLI

/// The command line run in-process: what it prints on each stream and the exit status.
final class CapturedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    private(set) var status: Int32 = 0

    init(_ arguments: [String]) {
        let console = Console { [self] text, stream in
            lock.lock()
            if stream == .output { outText += text } else { errText += text }
            lock.unlock()
        }
        status = Layerscope.run(arguments, console: console)
    }

    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }
}

/// The command line's conventions: help, version, one-line errors with the nearest name for a typo,
/// exit statuses, and real work done through the same entry point as the executable.
@Suite struct CommandLineTests {
    @Test func helpListsEverySubcommandAndVersionNamesTheCommit() {
        let help = CapturedRun(["--help"])
        #expect(help.status == 0 && help.err.isEmpty)
        for command in Layerscope.commands { #expect(help.out.contains("  \(command.spec.name) ")) }
        let version = CapturedRun(["--version"])
        #expect(version.status == 0)
        let pattern = #/^layerscope \d+\.\d+\.\d+ \(commit ([0-9a-f]{12}|unknown)\)\n$/#
        #expect(version.out.wholeMatch(of: pattern) != nil, "\(version.out)")
    }

    @Test(
        arguments: [
            (["rendr"], "Error: unknown subcommand 'rendr' (did you mean 'render'?) (see 'layerscope --help')\n"),
            (
                ["render", "--scen", "wipe"],
                "Error: unknown option '--scen' (did you mean '--scene'?) (see 'layerscope render --help')\n"
            ),
            (["eval", "--scene", "wipe", "--layer", "x", "--key", "opacty", "--at", "0"], nil),
            (["render", "--scene", "shp", "--at", "0", "--out", "/nonexistent-dir/x.png"], nil),
            (["curve", "--timing", "easeIn2", "--out", "x.png"], nil),
            (
                ["completions", "bahs"],
                "Error: no completions for 'bahs' (shells: bash, zsh, fish) (did you mean 'bash'?) (see 'layerscope completions --help')\n"
            ),
        ] as [([String], String?)])
    func typosAreOneLineErrorsNamingTheNearestName(arguments: [String], message: String?) {
        let run = CapturedRun(arguments)
        #expect(run.out.isEmpty)
        #expect(run.err.filter { $0 == "\n" }.count == 1, "one line: \(run.err)")
        if let message {
            #expect(run.err == message)
            #expect(run.status == 64)
        } else {
            #expect(run.err.contains("did you mean"), "\(run.err)")
            #expect(run.status == 64 || run.status == 1)
        }
    }

    @Test func evalPrintsTimeValueLinesOfASceneFile() throws {
        let scratch = try TemporaryDirectory(prefix: "cli")
        defer { scratch.remove() }
        let folder = scratch.url
        let file = folder.appendingPathComponent("fade.json")
        try Data(
            """
            { "size": [64, 48], "layers": [ { "name": "box", "frame": [0, 0, 8, 8], "opacity": 0 } ],
              "timeline": [ { "at": 0, "add": { "layer": "box", "key": "fade", "animation": {
                "kind": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1 } } } ] }
            """.utf8
        ).write(to: file)
        let run = CapturedRun([
            "eval", "--scene", file.path, "--layer", "box", "--key", "opacity", "--at", "0.25,2", "--events",
        ])
        #expect(run.status == 0 && run.err.isEmpty)
        #expect(run.out == "0 didStart box fade\n0.25 0.25\n1 didStop box fade finished=true\n2 0\n")
    }

    /// The bash script is valid bash and completes subcommands, options and scene names.
    @Test func bashCompletionsComplete() throws {
        let script = CapturedRun(["completions", "bash"]).out
        #expect(script.contains("complete -o filenames -F _layerscope layerscope"))
        func complete(_ words: [String]) throws -> [String] {
            let program = """
                \(script)
                COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
                COMP_CWORD=\(words.count - 1)
                _layerscope
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", program]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["layerscope", "re"]) == ["render", "record"])
        #expect(try complete(["layerscope", "render", "--sc"]) == ["--scene"])
        #expect(try Set(complete(["layerscope", "eval", "--scene", ""])).isSuperset(of: ["wipe", "ship", "reveal"]))
        #expect(try complete(["layerscope", "curve", "--timing", "ease"]) == ["easeIn", "easeOut", "easeInEaseOut"])
        #expect(try complete(["layerscope", "completions", "z"]) == ["zsh"])
    }

    /// zsh and fish scripts parse in their shells, where those are installed; each names every option.
    @Test(arguments: ["zsh", "fish"])
    func otherShellsScriptsNameEveryOption(shell: String) throws {
        let script = CapturedRun(["completions", shell]).out
        for command in Layerscope.commands.map(\.spec) {
            for option in command.options { #expect(script.contains("\(option.name)"), "\(shell): --\(option.name)") }
        }
        let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = shell == "fish" ? ["--no-execute", "-c", script] : ["-n", "-c", script]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shell) parses the script")
    }

    @Test func theManualPageDocumentsEveryOptionAndExitStatus() {
        let page = CapturedRun(["man"]).out
        #expect(page.hasPrefix(".TH LAYERSCOPE 1 "))
        for command in Layerscope.commands.map(\.spec) {
            #expect(page.contains(".SS \(command.name)\n"))
            for option in command.options { #expect(page.contains("\\fB\\-\\-\(ManCommand.escaped(option.name))\\fR")) }
        }
        #expect(page.contains(".SH EXIT STATUS") && page.contains("\n64\n"))
        #expect(
            !page.split(separator: "\n").contains { $0.hasPrefix(".") && $0.contains("\\-\\-") && $0.hasPrefix(".TP") })
    }

    @Test func nearestNamesAreTyposNotGuesses() {
        #expect(NearestName.suggestion(for: "rendr", among: ["render", "record"]) == "render")
        #expect(NearestName.suggestion(for: "shpi", among: ["wipe", "ship", "reveal"]) == "ship", "a swap")
        #expect(NearestName.suggestion(for: "xyz", among: ["wipe", "ship", "reveal"]) == nil)
        #expect(NearestName.suggestion(for: "sip", among: ["ship", "slip"]) == nil, "a tie names neither")
    }
}

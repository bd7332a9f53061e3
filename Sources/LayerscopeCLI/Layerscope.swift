import Scenes

/// The `layerscope` command: picks the subcommand, parses its options, runs it and maps errors to
/// exit codes (usage errors 64 on stderr, failures 1). The executable is `main.swift` calling `run`;
/// tests call it with a console of their own.
public enum Layerscope {
    /// Every subcommand, in the order the global help lists them.
    static let commands: [SubcommandEntry] = [
        ViewCommand.entry, RenderCommand.entry, RecordCommand.entry, EvalCommand.entry, CurveCommand.entry,
        BenchCommand.entry, ScenesCommand.entry, PropertiesCommand.entry, NewCommand.entry, CompletionsCommand.entry,
        ManCommand.entry,
    ]

    static var help: String {
        let width = commands.map(\.spec.name.count).max() ?? 0
        let list = commands.map {
            "  " + $0.spec.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.spec.summary
        }
        return """
            OVERVIEW: Layerscope plays Core Animation layer trees on Linux: a live viewer, headless frames and exact values.

            USAGE: layerscope [SUBCOMMAND] [OPTIONS]
                   (no subcommand: view)

            SUBCOMMANDS:
            \(list.joined(separator: "\n"))

            OPTIONS:
              -h, --help   Show help information.
              --version    Show the version and the commit it was built from.

            See 'layerscope SUBCOMMAND --help' for a subcommand's options.
            """
    }

    /// Runs the command line (without the program name), writing to `console`; returns the exit code.
    public static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
        if arguments.first == "--help" || arguments.first == "-h" || arguments.first == "help" {
            console.out(help)
            return 0
        }
        if arguments.first == "--version" {
            console.out(BuildInfo.versionLine)
            return 0
        }
        var rest = arguments
        let entry: SubcommandEntry
        if let first = arguments.first, !first.hasPrefix("-") {
            guard let found = commands.first(where: { $0.spec.name == first }) else {
                let hint = NearestName.hint(for: first, among: commands.map(\.spec.name))
                console.err("Error: unknown subcommand '\(first)'\(hint) (see 'layerscope --help')")
                return 64
            }
            entry = found
            rest.removeFirst()
        } else {
            entry = ViewCommand.entry
        }
        do {
            let parsed = try ParsedArguments(rest, spec: entry.spec, console: console)
            if parsed.wantsHelp {
                console.out(entry.spec.help)
                return 0
            }
            return try entry.run(parsed)
        } catch let error as CommandError {
            report(error, spec: entry.spec, console: console)
            return error.exitCode
        } catch {
            console.err("Error: \(error)")
            return 1
        }
    }

    /// One line: the message, and for a usage error where to read the subcommand's usage.
    static func report(_ error: CommandError, spec: CommandSpec, console: Console) {
        if case .usage = error {
            console.err("Error: \(error.description) (see 'layerscope \(spec.name) --help')")
        } else {
            console.err("Error: \(error.description)")
        }
    }
}

/// A subcommand: its spec and what it does with the parsed options (returns the exit code).
struct SubcommandEntry: Sendable {
    let spec: CommandSpec
    let run: @Sendable (ParsedArguments) throws -> Int32
}

/// The `layerscope` command: picks the subcommand, parses its options, runs it and maps errors to
/// exit codes (usage errors 64 on stderr, failures 1).
enum Layerscope {
    static let version = "0.1.0"

    /// Every subcommand, in the order the global help lists them.
    static let commands: [SubcommandEntry] = [
        ViewCommand.entry, RenderCommand.entry, RecordCommand.entry, EvalCommand.entry, CurveCommand.entry,
        BenchCommand.entry, ScenesCommand.entry, PropertiesCommand.entry, NewCommand.entry,
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
              --version    Show the version.

            See 'layerscope SUBCOMMAND --help' for a subcommand's options.
            """
    }

    /// Runs the command line (without the program name) and returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "--help" || arguments.first == "-h" || arguments.first == "help" {
            Console.out(help)
            return 0
        }
        if arguments.first == "--version" {
            Console.out("layerscope \(version)")
            return 0
        }
        var rest = arguments
        let entry: SubcommandEntry
        if let first = arguments.first, !first.hasPrefix("-") {
            guard let found = commands.first(where: { $0.spec.name == first }) else {
                Console.err("Error: unknown subcommand '\(first)' (see 'layerscope --help')")
                return 64
            }
            entry = found
            rest.removeFirst()
        } else {
            entry = ViewCommand.entry
        }
        do {
            let parsed = try ParsedArguments(rest, spec: entry.spec)
            if parsed.wantsHelp {
                Console.out(entry.spec.help)
                return 0
            }
            return try entry.run(parsed)
        } catch let error as CommandError {
            report(error, spec: entry.spec)
            return error.exitCode
        } catch {
            Console.err("Error: \(error)")
            return 1
        }
    }

    /// One line: the message, and for a usage error where to read the subcommand's usage.
    static func report(_ error: CommandError, spec: CommandSpec) {
        if case .usage = error {
            Console.err("Error: \(error.description) (see 'layerscope \(spec.name) --help')")
        } else {
            Console.err("Error: \(error.description)")
        }
    }
}

/// A subcommand: its spec and what it does with the parsed options (returns the exit code).
struct SubcommandEntry: Sendable {
    let spec: CommandSpec
    let run: @Sendable (ParsedArguments) throws -> Int32
}

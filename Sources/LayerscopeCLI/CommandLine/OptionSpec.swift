/// One `--option` a subcommand accepts.
struct OptionSpec: Sendable {
    let name: String
    /// Shown after the name in help, e.g. `WxH`; nil for a flag.
    let valueName: String?
    let help: String
    /// Whether the option may be given more than once (every value is kept, in order).
    var repeatable = false

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help)
    }

    static func repeatedValue(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, repeatable: true)
    }
}

/// A subcommand's name, one-line summary, usage line and options, from which its help is made.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    let usage: String
    let options: [OptionSpec]
    /// The name of the argument that is not an option (`NAME.swift`), for a subcommand that takes one.
    var positional: String? = nil

    /// `OVERVIEW / USAGE / OPTIONS`, as Swift command-line tools lay out their help.
    var help: String {
        let entries =
            options.map { ("--\($0.name)" + ($0.valueName.map { " \($0)" } ?? ""), $0.help) } + [
                ("-h, --help", "Show help information.")
            ]
        let width = entries.map(\.0.count).max() ?? 0
        let lines = entries.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
        return "OVERVIEW: \(summary)\n\nUSAGE: \(usage)\n\nOPTIONS:\n" + lines.joined(separator: "\n")
    }
}

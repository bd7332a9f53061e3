import Scenes

/// The options given to a subcommand, checked against its `CommandSpec`.
struct ParsedArguments {
    let command: String
    /// Where the command writes.
    let console: Console
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    /// Every value of each option, in order (one for options that may not repeat).
    private(set) var allValues: [String: [String]] = [:]
    /// True when `-h` or `--help` was among the arguments.
    private(set) var wantsHelp = false
    /// The arguments that are not options, for a subcommand whose spec takes them (`new NAME.swift`).
    private(set) var positionals: [String] = []

    /// Parses `--name value`, `--name=value` and `--flag`; anything else is a usage error.
    init(_ arguments: [String], spec: CommandSpec, console: Console = .standard) throws(CommandError) {
        command = spec.name
        self.console = console
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            if spec.positional != nil, !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw .usage("unexpected argument '\(argument)'", command: spec.name)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let hint = NearestName.suggestion(for: name, among: spec.options.map(\.name)).map {
                    " (did you mean '--\($0)'?)"
                }
                throw .usage("unknown option '--\(name)'" + (hint ?? ""), command: spec.name)
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw .usage("option '--\(name)' takes no value", command: spec.name) }
                flags.insert(name)
                continue
            }
            if values[name] != nil, !option.repeatable {
                throw .usage("option '--\(name)' given twice", command: spec.name)
            }
            if let inlineValue {
                values[name] = inlineValue
                allValues[name, default: []].append(inlineValue)
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") || Double(arguments[index]) != nil
                else { throw .usage("option '--\(name)' needs a value (\(option.valueName!))", command: spec.name) }
                values[name] = arguments[index]
                allValues[name, default: []].append(arguments[index])
                index += 1
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func value(_ name: String) -> String? { values[name] }

    /// Every value given for a repeatable option, in order.
    func values(_ name: String) -> [String] { allValues[name] ?? [] }

    func required(_ name: String) throws(CommandError) -> String {
        guard let value = values[name] else { throw .usage("missing option '--\(name)'", command: command) }
        return value
    }
}

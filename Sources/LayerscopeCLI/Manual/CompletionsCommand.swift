import LayerKit
import Scenes

/// `layerscope completions bash|zsh|fish`: a shell completion script made from the same option specs
/// as `--help`, so the two cannot disagree: subcommands, each one's options with their help, and the
/// values an option takes (built-in scene names and scene files for `--scene`, files of the right
/// kind for `--out`, timing curve names for `--timing`, property names for `--key`).
enum CompletionsCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let spec = CommandSpec(
        name: "completions", summary: "Print a shell completion script (bash, zsh or fish).",
        usage: "layerscope completions bash|zsh|fish", options: [], positional: "SHELL")

    static let entry = SubcommandEntry(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first else {
            throw CommandError.usage(
                "give one shell: \(shells.joined(separator: ", "))", command: spec.name)
        }
        switch shell {
        case "bash": arguments.console.out(bash)
        case "zsh": arguments.console.out(zsh)
        case "fish": arguments.console.out(fish)
        default:
            throw CommandError.usage(
                "no completions for '\(shell)' (shells: \(shells.joined(separator: ", ")))"
                    + NearestName.hint(for: shell, among: shells), command: spec.name)
        }
        return 0
    }

    /// The subcommands completions offer (every one but `completions`' own subject, which is a shell).
    static var commands: [CommandSpec] { Layerscope.commands.map(\.spec) }

    // MARK: bash

    static var bash: String {
        let names = commands.map(\.name).joined(separator: " ")
        var valueCases: [String] = []
        var optionCases: [String] = []
        for command in commands {
            let options = (command.options.map { "--" + $0.name } + ["--help"]).joined(separator: " ")
            optionCases.append("        \(command.name)) words=\"\(options)\" ;;")
            for option in command.options {
                guard let action = bashValues(option.completion) else { continue }
                valueCases.append("        \(command.name):--\(option.name)) \(action); return ;;")
            }
            if let positional = command.positional, let action = bashValues(ValueCompletion(positional)) {
                valueCases.append("        \(command.name):positional) \(action); return ;;")
            }
        }
        return """
            # bash completion for layerscope (made by: layerscope completions bash)
            _layerscope_files() {
                local ext
                COMPREPLY+=($(compgen -d -- "$cur"))
                for ext in "$@"; do COMPREPLY+=($(compgen -f -X "!*.$ext" -- "$cur")); done
            }
            _layerscope() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} sub= words= i
                COMPREPLY=()
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in \(commands.map(\.name).joined(separator: "|"))) sub=${COMP_WORDS[i]}; break ;; esac
                done
                if [[ -z $sub && $COMP_CWORD -eq 1 && $cur != -* ]]; then
                    COMPREPLY=($(compgen -W "\(names)" -- "$cur"))
                    return
                fi
                [[ -z $sub ]] && sub=view
                local key=$sub:$prev
                [[ $prev != --* && $cur != -* ]] && key=$sub:positional
                case $key in
            \(valueCases.joined(separator: "\n"))
                esac
                case $sub in
            \(optionCases.joined(separator: "\n"))
                esac
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
            }
            complete -o filenames -F _layerscope layerscope
            """
    }

    private static func bashValues(_ completion: ValueCompletion) -> String? {
        switch completion {
        case .none: return nil
        case .files(["*"]): return "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .files(let extensions): return "_layerscope_files \(extensions.joined(separator: " "))"
        case .scenes:
            return
                "COMPREPLY=($(compgen -W \"\(BuiltInScenes.names.joined(separator: " "))\" -- \"$cur\")); _layerscope_files json swift"
        case .choices(let names):
            return "COMPREPLY=($(compgen -W \"\(names.joined(separator: " "))\" -- \"$cur\"))"
        }
    }

    // MARK: zsh

    static var zsh: String {
        let described = commands.map { "'\($0.name):\(zshQuoted($0.summary))'" }.joined(separator: " ")
        let cases = commands.map { command -> String in
            let options = command.options.map { option -> String in
                let help = zshQuoted(option.help).replacingOccurrences(of: "]", with: "\\]")
                    .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: ":", with: "\\:")
                guard let valueName = option.valueName else { return "'--\(option.name)[\(help)]'" }
                let action = zshValues(option.completion)
                return "'\(option.repeatable ? "*" : "")--\(option.name)[\(help)]:\(zshQuoted(valueName)):\(action)'"
            }
            let positional = command.positional.map { " '1:\(zshQuoted($0)):\(zshValues(ValueCompletion($0)))'" } ?? ""
            return "        \(command.name)) _arguments \(options.joined(separator: " "))\(positional) ;;"
        }
        return """
            #compdef layerscope
            # zsh completion for layerscope (made by: layerscope completions zsh)
            _layerscope() {
                local -a subcommands
                subcommands=(\(described))
                if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then
                    _describe 'subcommand' subcommands
                    return
                fi
                local sub=$words[2]
                if [[ $sub == -* ]]; then sub=view; else shift words; (( CURRENT-- )); fi
                case $sub in
            \(cases.joined(separator: "\n"))
                esac
            }
            _layerscope "$@"
            """
    }

    private static func zshValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return " "
        case .files(["*"]): return "_files"
        case .files(let extensions):
            return "_files -g \"*.(\(extensions.joined(separator: "|")))\""
        case .scenes:
            return
                "_alternative \"scenes:built-in scene:(\(BuiltInScenes.names.joined(separator: " ")))\" \"files:scene file:_files -g *.(json|swift)\""
        case .choices(let names): return "(\(names.joined(separator: " ")))"
        }
    }

    private static func zshQuoted(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "'\\''") }

    // MARK: fish

    static var fish: String {
        var lines = [
            "# fish completion for layerscope (made by: layerscope completions fish)",
            "complete -c layerscope -f",
        ]
        let names = commands.map(\.name).joined(separator: " ")
        for command in commands {
            lines.append(
                "complete -c layerscope -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) -d '\(fishQuoted(command.summary))'"
            )
            let condition =
                command.name == "view"
                ? "not __fish_seen_subcommand_from \(names); or __fish_seen_subcommand_from view"
                : "__fish_seen_subcommand_from \(command.name)"
            for option in command.options {
                var line = "complete -c layerscope -n '\(condition)' -l \(option.name) -d '\(fishQuoted(option.help))'"
                if option.valueName != nil { line += " -r" + fishValues(option.completion) }
                lines.append(line)
            }
            if let positional = command.positional {
                lines.append(
                    "complete -c layerscope -n '\(condition)'" + fishValues(ValueCompletion(positional)))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func fishValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return ""
        case .files(["*"]): return " -F"
        case .files(let extensions):
            return " -a '(__fish_complete_suffix \(extensions.map { "." + $0 }.joined(separator: " ")))'"
        case .scenes:
            return " -a '\(BuiltInScenes.names.joined(separator: " ")) (__fish_complete_suffix .json .swift)'"
        case .choices(let names): return " -a '\(names.joined(separator: " "))'"
        }
    }

    private static func fishQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}

/// What an option's value is completed with, read from its value's name in the spec: `NAME|FILE` is a
/// scene (a built-in name or a scene file), `FILE.png|DIR` files of those kinds, `FILE` any file,
/// `NAME|x1,y1,x2,y2` a timing curve's name, `KEYPATH` a layer property, `SHELL` a shell.
enum ValueCompletion: Equatable {
    case none
    case files([String])
    case scenes
    case choices([String])

    init(_ valueName: String) {
        let parts = valueName.split(separator: "|").map(String.init)
        if parts == ["NAME", "FILE"] {
            self = .scenes
        } else if parts.first == "NAME", parts.count == 2, parts[1].contains(",") {
            self = .choices(TimingFunctionNames.all.map(\.name))
        } else if valueName == "KEYPATH" {
            self = .choices(LayerProperty.all.map(\.keyPath))
        } else if valueName == "SHELL" {
            self = .choices(CompletionsCommand.shells)
        } else if parts.contains(where: { $0.hasPrefix("FILE") || $0 == "DIR" || $0.hasSuffix(".swift") }) {
            let extensions = parts.compactMap { part -> String? in
                guard let dot = part.lastIndex(of: ".") else { return nil }
                return String(part[part.index(after: dot)...])
            }
            self = .files(extensions.isEmpty ? ["*"] : extensions)
        } else {
            self = .none
        }
    }
}

extension OptionSpec {
    /// How the option's value is completed.
    var completion: ValueCompletion { valueName.map(ValueCompletion.init) ?? .none }
}

/// `layerscope man`: the manual page, in roff (`layerscope man | man -l -`), made from the same option
/// specs as `--help` and the completions, with the exit statuses and the environment it reads.
enum ManCommand {
    static let spec = CommandSpec(
        name: "man", summary: "Print the manual page (roff; read it with: layerscope man | man -l -).",
        usage: "layerscope man", options: [])

    static let entry = SubcommandEntry(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        arguments.console.out(page)
        return 0
    }

    /// The environment variables Layerscope reads, and what for.
    static let environment: [(String, String)] = [
        (
            "LAYERSCOPE_ASSETS",
            "The folder of the bundled pictures and scenes (assets/), when not found beside the binary."
        ),
        (
            "LAYERSCOPE_RECORDINGS",
            "Where the viewer saves recordings (r) and frames (p); the current directory when unset."
        ),
        ("LAYERSCOPE_IMAGE_PATH", "Folders (separated by colons) that UIImage(named:) searches after the scene's own."),
        (
            "XDG_CACHE_HOME",
            "The cache of compiled Swift scenes is $XDG_CACHE_HOME/layerscope/swift-scenes (else ~/.cache/...)."
        ),
        ("SWIFT_BACKTRACE", "Set, a crash prints the Swift runtime's backtrace instead of one line naming the signal."),
        ("DISPLAY", "The X display the viewer opens its window on."),
    ]

    static var page: String {
        var lines = [
            ".TH LAYERSCOPE 1 \"\" \"layerscope \(BuildInfo.version)\" \"User Commands\"",
            ".SH NAME",
            "layerscope \\- run, watch, debug and record Core Animation layer trees on Linux",
            ".SH SYNOPSIS",
            ".B layerscope",
            "[\\fISUBCOMMAND\\fR] [\\fIOPTIONS\\fR]",
            ".SH DESCRIPTION",
            escaped(
                "Layerscope runs Core Animation code (layers, animations, transactions, the CAMediaTiming model) "
                    + "in pure Swift, draws it with its own rasterizer, and plays it live in an X11 window or headless, "
                    + "frame-exact, into PNG files and videos. Without a subcommand it opens the viewer."),
            ".SH SUBCOMMANDS",
        ]
        for command in Layerscope.commands.map(\.spec) {
            lines.append(".SS \(command.name)")
            lines.append(escaped(command.summary))
            lines.append(".PP")
            lines.append(".nf")
            lines.append(escaped(command.usage))
            lines.append(".fi")
            for option in command.options {
                lines.append(".TP")
                lines.append(
                    "\\fB\\-\\-\(escaped(option.name))\\fR" + (option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? "")
                )
                lines.append(escaped(option.help))
            }
        }
        lines += [
            ".SH EXIT STATUS",
            ".TP", "0", "Success.",
            ".TP", "1",
            escaped("A file could not be read, parsed or written (the message names it), or the scene failed."),
            ".TP", "64", escaped("A usage error: an unknown option, a missing or bad value (the message says which)."),
            ".SH ENVIRONMENT",
        ]
        for (name, meaning) in environment {
            lines += [".TP", "\\fB\(name)\\fR", escaped(meaning)]
        }
        lines += [
            ".SH SEE ALSO",
            escaped("The guides in the docs/ folder of Layerscope's repository, and 'layerscope SUBCOMMAND --help'."),
        ]
        return lines.joined(separator: "\n")
    }

    /// `text` safe in roff: backslashes doubled, hyphens as `\-`, a leading dot or quote guarded.
    static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}

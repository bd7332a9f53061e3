import Scenes

/// `layerscope scenes`: the built-in scenes, one line each.
enum ScenesCommand {
    static let entry = SubcommandEntry(
        spec: CommandSpec(
            name: "scenes", summary: "List the built-in scenes.", usage: "layerscope scenes", options: []),
        run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let width = BuiltInScenes.names.map(\.count).max() ?? 0
        for name in BuiltInScenes.names {
            arguments.console.out(
                name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    + (BuiltInScenes.descriptions[name] ?? ""))
        }
        return 0
    }
}

import Scenes

/// `layerscope properties`: every layer property LayerKit knows (its property registry), as a table or
/// as JSON for tools.
enum PropertiesCommand {
    static let entry = SubcommandEntry(
        spec: CommandSpec(
            name: "properties",
            summary: "List every layer property: key path, value type, class, animation, valid values, default.",
            usage: "layerscope properties [--json]",
            options: [
                .flag("json", "Print JSON (one object: layerClasses and properties) instead of a table.")
            ]),
        run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        arguments.console.out(arguments.flag("json") ? PropertyCatalog.json() : PropertyCatalog.table())
        return 0
    }
}

import LayerKit
import Scenes

/// `layerscope eval`: the presentation value of one key path on one layer at given media times, and
/// optionally the delegate callbacks with the media time of each.
enum EvalCommand {
    static let spec = CommandSpec(
        name: "eval",
        summary: "Print a layer's presentation value at media times (and the animation callbacks).",
        usage:
            "layerscope eval --scene FILE --layer NAME --key KEYPATH --at SECONDS[,SECONDS...] [--events] [--actions FILE] [--plot FILE.png]",
        options: [
            .value("scene", "NAME|FILE", "A scene file (.json), a Swift scene (.swift) or a built-in scene's name."),
            .value("layer", "NAME", "The layer's name."),
            .value("key", "KEYPATH", "The key path, e.g. opacity, position.x, transform.rotation, path."),
            .value("at", "SECONDS[,SECONDS...]", "Media times, separated by commas (printed in increasing order)."),
            .value("size", "WxH", "Size of a built-in scene (default 1280x720)."),
            .flag("events", "Also print 'TIME didStart LAYER KEY' and 'TIME didStop LAYER KEY finished=BOOL'."),
            .value("plot", "FILE.png", "Also plot the value over the --at span, with the animation's phases marked."),
            CommonOptions.actions, CommonOptions.timeout,
        ])

    static let entry = SubcommandEntry(spec: spec, run: run)

    /// The properties of CALayer and CAShapeLayer a key path may start with (LayerKit's registry).
    static let knownKeys = LayerProperty.all.map(\.keyPath).filter { !$0.contains(".") }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let sceneName = try arguments.required("scene")
        let layerName = try arguments.required("layer")
        let key = try arguments.required("key")
        let root = String(key.prefix { $0 != "." })
        guard knownKeys.contains(root) else {
            throw CommandError.usage(
                "--key '\(key)' is not a layer property\(NearestName.hint(for: root, among: knownKeys)) (known: \(knownKeys.joined(separator: ", ")))",
                command: spec.name)
        }
        let times = try ValueParsers.times(try arguments.required("at"), command: spec.name)
        let size = try arguments.value("size").map { text throws(CommandError) in
            let (w, h) = try ValueParsers.size(text, command: spec.name)
            return CGSize(width: w, height: h)
        }
        let actions = arguments.value("actions")
        let lines = try evaluate(
            scene: sceneName, size: size, actions: actions, layer: layerName, key: key, times: times,
            events: arguments.flag("events"), console: arguments.console)
        for line in lines { arguments.console.out(line) }
        if let plot = arguments.value("plot") {
            try writePlot(
                scene: sceneName, size: size, actions: actions, layer: layerName, key: key, times: times, out: plot,
                console: arguments.console)
        }
        return 0
    }

    /// The output lines (see `SceneEvaluation.lines`), the scene replaying the action log `actions`.
    static func evaluate(
        scene sceneName: String, size: CGSize?, actions: String?, layer layerName: String, key: String,
        times: [Double], events: Bool, console: Console
    ) throws(CommandError) -> [String] {
        let player = try CommonOptions.player(
            sceneName, size: size, actions: actions, drawn: false, console: console)
        do {
            return try SceneEvaluation.lines(player: player, layer: layerName, key: key, times: times, events: events)
        } catch {
            throw .usage(
                "no layer named '\(error.name)' in \(sceneName) (layers: \(error.knownSummary))",
                command: spec.name)
        }
    }
}

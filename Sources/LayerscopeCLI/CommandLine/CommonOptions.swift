import Foundation
import LayerKit
import Scenes

/// Options several subcommands share, with their help text.
enum CommonOptions {
    static let scene = OptionSpec.value(
        "scene", "NAME|FILE", "A built-in scene (wipe, ship, reveal), a scene file (.json) or a Swift scene (.swift).")
    static let size = OptionSpec.value("size", "WxH", "Picture size (default 1280x720, or the scene file's size).")
    static let imageA = OptionSpec.value("image-a", "FILE", "Image A for the built-in and Swift scenes (PNG or JPEG).")
    static let imageB = OptionSpec.value("image-b", "FILE", "Image B for the built-in and Swift scenes (PNG or JPEG).")
    static let timeout = OptionSpec.value(
        "timeout", "SECONDS",
        "Give up after SECONDS, with a message saying what the scene was doing (a Swift scene's code is run in a watched process: a setUp that never returns, a compile that does not end)."
    )
    static let actions = OptionSpec.value(
        "actions", "FILE",
        "An action log to replay (JSON, as 'view --actions-out' writes it): what the user did, at media times.")

    /// `--size` as a CGSize, if given.
    static func size(_ arguments: ParsedArguments) throws(CommandError) -> CGSize? {
        guard let text = arguments.value("size") else { return nil }
        let (w, h) = try ValueParsers.size(text, command: arguments.command)
        return CGSize(width: w, height: h)
    }

    /// A player of the scene named by `--scene` (default `defaultScene`), with `--size`, the image
    /// options and the action log of `--actions` replayed; `drawn` false gives blank pictures.
    static func player(_ arguments: ParsedArguments, default defaultScene: String? = nil, drawn: Bool = true)
        throws(CommandError) -> ScenePlayer
    {
        guard let name = arguments.value("scene") ?? defaultScene else {
            throw .usage("missing option '--scene'", command: arguments.command)
        }
        return try player(
            name, size: size(arguments), imageA: arguments.value("image-a"), imageB: arguments.value("image-b"),
            actions: arguments.value("actions"), drawn: drawn, console: arguments.console)
    }

    /// A player of the scene `name` as `SceneLoader` prepares it, replaying the action log `actions`
    /// (a file) when given; failures are command failures (exit 1), notes go to stderr.
    static func player(
        _ name: String, size: CGSize?, imageA: String? = nil, imageB: String? = nil, actions: String? = nil,
        drawn: Bool = true, console: Console
    ) throws(CommandError) -> ScenePlayer {
        let log: ActionLog
        do {
            log = try actions.map { try ActionLog.read(URL(fileURLWithPath: $0)) } ?? ActionLog()
        } catch {
            throw .failure("\(error)")
        }
        let make: ScenePlayer.Maker
        do {
            make = try SceneLoader.maker(
                name, size: size, imageA: imageA, imageB: imageB, drawn: drawn, note: { console.err($0) })
        } catch {
            // A Swift scene's compile errors are printed as the compiler printed them.
            if let output = error.compilerOutput { console.errLines(output) }
            throw .failure(error.description)
        }
        do {
            let player = try ScenePlayer(
                make: make, log: log, logFile: actions ?? "actions", stopsAtBudgetExcess: true)
            // The scene's own log lines (its NSLog) are the viewer's to show; a headless run keeps quiet.
            player.sceneLog = { _ in }
            return player
        } catch {
            throw .failure("\(error)")
        }
    }

    /// The output picture size: `--size`, else the scene's.
    static func pixelSize(_ arguments: ParsedArguments, scene: Scene) throws(CommandError) -> (Int, Int) {
        if let size = try size(arguments) { return (Int(size.width), Int(size.height)) }
        return (max(1, Int(scene.size.width.rounded())), max(1, Int(scene.size.height.rounded())))
    }
}

import Viewer

/// `layerscope view` (the default): the live X11 viewer.
enum ViewCommand {
    static let spec = CommandSpec(
        name: "view",
        summary: "Play a scene live in an X11 window (the default subcommand).",
        usage:
            "layerscope [view] [--scene NAME|FILE] [--image-a FILE] [--image-b FILE] [--size WxH] [--speed X] [--paused] [--seek SECONDS] [--no-hud] [--no-shm] [--fps N] [--record-ui | --record-exact] [--actions FILE] [--actions-out FILE] [--frames N] [--stats]",
        options: [
            .value(
                "scene", "NAME|FILE",
                "A built-in scene (wipe, ship, reveal), a scene file (.json) or a Swift scene (.swift); default wipe."),
            CommonOptions.imageA, CommonOptions.imageB, CommonOptions.size,
            .value("speed", "X", "Playback rate, 1/16 to 16 (default 1)."),
            .flag("paused", "Start paused."),
            .value("seek", "SECONDS", "Start at this media time (default 0)."),
            .flag("no-hud", "Show the scene alone: no HUD, toolbar or panels."),
            .flag("no-shm", "Draw with XPutImage even when MIT-SHM works."),
            .value("fps", "N", "Display-link rate in frames per second (default 60)."),
            .value(
                "actions", "FILE",
                "An action log to start from (JSON, as --actions-out writes it): the viewer replays it and goes on logging."
            ),
            .value(
                "actions-out", "FILE",
                "Keep the action log in FILE, written anew after every action (start, stop, pause, resume, the scene's own, easing edits), for 'render --actions FILE --at T'."
            ),
            .value(
                "message", "TEXT",
                "Show TEXT in the banner at start (the viewer of a Swift scene says so when it comes back after the scene's code crashed)."
            ),
            .value("window", "X,Y,W,H", "Open the window at X, Y with this size."),
            .value("frames", "N", "Quit after N frames (for benchmarks and tests)."),
            .flag("stats", "Print frame statistics (fps, frame time median and p99, dropped frames, CPU) at exit."),
            .flag(
                "record-ui",
                "Recordings (key r, Record button) include the HUD and toolbar. They are saved as MP4 in the current directory, or in $LAYERSCOPE_RECORDINGS when set."
            ),
            .flag(
                "record-exact",
                "Recordings (key r) are frame-exact: frame k is the scene alone at media time T + k/fps (T when r was pressed), each drawn at its own time however the display stalls, so the file holds the frames `layerscope record --from T` writes; paused time is not recorded."
            ),
        ])

    static let entry = SubcommandEntry(spec: spec, run: run)

    /// `--window X,Y,W,H`, four whole numbers, the size at least 1.
    static func window(_ arguments: ParsedArguments) throws(CommandError) -> ViewerOptions.WindowFrame? {
        guard let text = arguments.value("window") else { return nil }
        let parts = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, parts[2] >= 1, parts[3] >= 1, parts.allSatisfy({ abs($0) < 1 << 20 }) else {
            throw .usage(
                "--window expects X,Y,W,H (whole numbers, a size of at least 1x1), got '\(text)'", command: spec.name)
        }
        return ViewerOptions.WindowFrame(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let size = try arguments.value("size").map { text throws(CommandError) in
            try ValueParsers.size(text, command: spec.name)
        }
        let speed =
            try arguments.value("speed").map { text throws(CommandError) in
                try ValueParsers.number(text, option: "speed", minimum: 0, command: spec.name)
            } ?? 1
        guard speed >= 1.0 / 16, speed <= 16 else {
            throw CommandError.usage("--speed expects a rate from 1/16 to 16, got \(speed)", command: spec.name)
        }
        let seek =
            try arguments.value("seek").map { text throws(CommandError) in
                try ValueParsers.number(text, option: "seek", command: spec.name)
            } ?? 0
        let fps =
            try arguments.value("fps").map { text throws(CommandError) in
                try ValueParsers.number(text, option: "fps", minimum: 1, command: spec.name)
            } ?? 60
        let frames = try arguments.value("frames").map { text throws(CommandError) in
            Int(try ValueParsers.number(text, option: "frames", minimum: 1, command: spec.name))
        }
        if arguments.flag("record-ui") && arguments.flag("record-exact") {
            throw CommandError.usage(
                "--record-ui and --record-exact exclude each other (a frame-exact recording shows the scene alone)",
                command: spec.name)
        }
        return runViewer(
            options: ViewerOptions(
                scene: arguments.value("scene") ?? "wipe", imageA: arguments.value("image-a"),
                imageB: arguments.value("image-b"), width: size?.0, height: size?.1, speed: speed,
                paused: arguments.flag("paused"), seek: seek, noHUD: arguments.flag("no-hud"),
                noSHM: arguments.flag("no-shm"), fps: fps, frames: frames, stats: arguments.flag("stats"),
                recordUI: arguments.flag("record-ui"), recordExact: arguments.flag("record-exact"),
                actions: arguments.value("actions"), actionsOut: arguments.value("actions-out"),
                message: arguments.value("message"), window: try window(arguments)))
    }
}

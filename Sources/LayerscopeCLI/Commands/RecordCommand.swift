import Foundation
import LayerKit
import Recording
import Scenes

/// `layerscope record`: a scene's frames at a fixed rate to a video, an animated image or PNGs.
enum RecordCommand {
    static let spec = CommandSpec(
        name: "record",
        summary: "Record a scene to MP4, GIF, APNG or numbered PNG files.",
        usage:
            "layerscope record --scene NAME|FILE --out FILE.mp4|FILE.gif|FILE.apng|DIR [--fps N] [--duration S] [--from T] [--actions FILE] [--size WxH]",
        options: [
            CommonOptions.scene,
            .value(
                "out", "FILE.mp4|FILE.gif|FILE.apng|DIR",
                "Where to write the recording. It is written under a hidden name beside it (.NAME.partial-…) and "
                    + "renamed when complete, so an interrupted recording leaves nothing under NAME; a DIR already "
                    + "there may hold only numbered PNGs, which are replaced. Refused before anything is written when "
                    + "it cannot fit the disk's free space (PNGs counted at their largest, w×h×4 bytes a frame plus "
                    + "headers; MP4, GIF, APNG at their smallest)."),
            .value("fps", "N", "Frames per second (default 60, at most 1000)."),
            .value(
                "duration", "S",
                "Seconds to record (default: from --from to the end of the scene's natural length); at most "
                    + "\(RecordingJob.maximumFrameCount) frames in all (\(longest / 60) min \(longest % 60) s at 60 fps)."
            ),
            .value("from", "T", "Media time of the first frame (default 0); frame k is at T + k/fps."),
            CommonOptions.actions, CommonOptions.size, CommonOptions.imageA, CommonOptions.imageB,
            CommonOptions.timeout,
        ])

    /// The longest recording at the default rate, in whole seconds.
    private static let longest = RecordingJob.maximumFrameCount / 60

    static let entry = SubcommandEntry(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        _ = try arguments.required("scene")
        let out = try arguments.required("out")
        let fps =
            try arguments.value("fps").map { text throws(CommandError) in
                try ValueParsers.number(text, option: "fps", minimum: 1, command: spec.name)
            } ?? 60
        let duration = try arguments.value("duration").map { text throws(CommandError) in
            try ValueParsers.number(text, option: "duration", minimum: 0.001, command: spec.name)
        }
        let from =
            try arguments.value("from").map { text throws(CommandError) in
                try ValueParsers.number(text, option: "from", minimum: 0, command: spec.name)
            } ?? 0
        guard !out.isEmpty else {
            throw CommandError.usage("--out expects a file or a folder, got an empty name", command: spec.name)
        }
        let player = try CommonOptions.player(arguments)
        let scene = player.scene
        let (width, height) = try CommonOptions.pixelSize(arguments, scene: scene)
        guard duration != nil || scene.naturalDuration.isFinite else {
            throw CommandError.usage("the scene's animations never end; give --duration", command: spec.name)
        }
        let length = duration ?? max(scene.naturalDuration - from, 1 / fps)
        return try ModuleBridges.record(
            player, source: try arguments.required("scene"), to: URL(fileURLWithPath: out), width: width,
            height: height, fps: fps, duration: length, from: from)
    }
}

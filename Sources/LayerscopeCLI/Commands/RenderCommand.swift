import Foundation
import ImageFiles
import LayerKit
import Raster
import Scenes

/// `layerscope render`: frames at given media times, headless, as PNG files (bit-for-bit stable).
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "Render frames of a scene at media times to PNG files.",
        usage:
            "layerscope render --scene NAME|FILE --at SECONDS[,SECONDS...] --out FILE.png|DIR [--actions FILE] [--size WxH] [--image-a FILE] [--image-b FILE]",
        options: [
            CommonOptions.scene,
            .value("at", "SECONDS[,SECONDS...]", "Media times, separated by commas."),
            .value("out", "FILE.png|DIR", "A PNG file (one time) or a folder for 00000.png, 00001.png, ..."),
            CommonOptions.actions, CommonOptions.size, CommonOptions.imageA, CommonOptions.imageB,
            CommonOptions.timeout,
        ])

    static let entry = SubcommandEntry(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        _ = try arguments.required("scene")
        let times = try ValueParsers.times(try arguments.required("at"), command: spec.name)
        let out = try arguments.required("out")
        let outputs = try outputFiles(out, count: times.count)
        let player = try CommonOptions.player(arguments)
        let (width, height) = try CommonOptions.pixelSize(arguments, scene: player.scene)
        let bitmap = Bitmap(width: width, height: height)
        let renderer = FrameRenderer(source: try arguments.required("scene"))
        for (time, url) in zip(times, outputs).sorted(by: { $0.0 < $1.0 }) {
            player.show(time)
            try renderer.draw(player.scene, into: bitmap)
            do {
                try ImageFile.writePNG(bitmap, to: url)
            } catch {
                throw CommandError.failure("\(error)")
            }
        }
        return 0
    }

    /// One PNG for a single time when `out` ends in `.png`; otherwise numbered files in the folder
    /// `out` (created when missing).
    static func outputFiles(_ out: String, count: Int) throws(CommandError) -> [URL] {
        guard !out.isEmpty else {
            throw .usage("--out expects FILE.png or a folder, got an empty name", command: spec.name)
        }
        let url = URL(fileURLWithPath: out)
        let suffix = url.pathExtension.lowercased()
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: out, isDirectory: &isFolder)
        if exists, !isFolder.boolValue, suffix != "png" {
            throw .failure(
                "\(out): a file already exists there, not a folder (give FILE.png for one time, or a folder)")
        }
        if !suffix.isEmpty, suffix != "png", !out.hasSuffix("/"), !exists {
            throw .usage(
                "--out expects FILE.png or a folder, got \(out) (frames are written as PNG)", command: spec.name)
        }
        if suffix == "png" {
            guard count == 1 else {
                throw .usage("--out FILE.png takes one time; give a folder for \(count) times", command: spec.name)
            }
            return [url]
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .failure("\(out): cannot create the folder (\(FolderProblem.reason(creating: url)))")
        }
        return (0..<count).map { url.appendingPathComponent(String(format: "%05d.png", $0)) }
    }
}

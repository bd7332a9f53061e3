import Foundation
import LayerKit
import Raster
import Scenes

/// `layerscope bench`: the cost of full frames of scenes, beside a plain frame copy of the same size.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        summary: "Measure frame times of scenes (and of the engine alone with --engine).",
        usage: "layerscope bench [--scene NAME|FILE] [--size WxH] [--frames N] [--damage] [--engine]",
        options: [
            .value("scene", "NAME|FILE", "One scene (default: every built-in scene)."),
            CommonOptions.size,
            .value("frames", "N", "Frames per scene, evenly spaced over its natural length (default 120)."),
            .flag("damage", "Redraw only the damaged region of each frame."),
            .flag("engine", "Measure the engine's evaluation alone for 100, 1,000 and 10,000 layers."),
            CommonOptions.timeout,
        ])

    static let entry = SubcommandEntry(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let frames =
            try arguments.value("frames").map { text throws(CommandError) in
                try ValueParsers.integer(text, option: "frames", range: 1...1_000_000, command: spec.name)
            } ?? 120
        if arguments.flag("engine") {
            return ModuleBridges.engineBenchmark(frames: frames, console: arguments.console)
        }
        let names = arguments.value("scene").map { [$0] } ?? BuiltInScenes.names
        var lastSize = (0, 0)
        for name in names {
            let player = try CommonOptions.player(
                name, size: try CommonOptions.size(arguments), console: arguments.console)
            let scene = player.scene
            let (width, height) = try CommonOptions.pixelSize(arguments, scene: scene)
            lastSize = (width, height)
            let bitmap = Bitmap(width: width, height: height)
            let renderer = FrameRenderer(source: name)
            let damage = arguments.flag("damage")
            var samples: [Double] = []
            for index in 0..<frames {
                let time = frames == 1 ? 0 : scene.naturalDuration * Double(index) / Double(frames - 1)
                let start = DispatchTime.now().uptimeNanoseconds
                player.show(time)
                if damage {
                    try renderer.drawDamage(scene, into: bitmap)
                } else {
                    try renderer.draw(scene, into: bitmap)
                }
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            arguments.console.out(line(scene.name, width, height, samples))
        }
        arguments.console.out(
            line("frame-copy", lastSize.0, lastSize.1, frameCopySamples(lastSize.0, lastSize.1, frames)))
        return 0
    }

    /// Times of copying one full frame into another, the memory-bandwidth floor.
    static func frameCopySamples(_ width: Int, _ height: Int, _ frames: Int) -> [Double] {
        let source = Bitmap(width: width, height: height)
        let target = Bitmap(width: width, height: height)
        source.fill(0xFF33_6699)
        return (0..<frames).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            target.copy(from: source)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
    }

    /// `NAME WxH frames=N median_ms=X p95_ms=Y`.
    static func line(_ name: String, _ width: Int, _ height: Int, _ samples: [Double]) -> String {
        let sorted = samples.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let p95 =
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
        return
            "\(name) \(width)x\(height) frames=\(samples.count) median_ms=\(String(format: "%.3f", median)) p95_ms=\(String(format: "%.3f", p95))"
    }
}

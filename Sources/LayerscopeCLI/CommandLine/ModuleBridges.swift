import Compositor
import Foundation
import LayerKit
import Raster
import Recording
import Scenes
import Viewer

/// The calls into the modules the subcommands stand on (Compositor, Viewer, Recording and the
/// engine benchmark), one function each, so each subcommand's wiring stays a single call.
enum ModuleBridges {
    /// Records `duration` seconds of the player's scene (`--scene source`) from media time `from` at
    /// `fps`: frame k at exactly `from + k / fps`. A job the numbers make impossible or too long is a
    /// usage error.
    static func record(
        _ player: ScenePlayer, source: String, to url: URL, width: Int, height: Int, fps: Double, duration: Double,
        from: Double
    ) throws(CommandError) -> Int32 {
        let renderer = FrameRenderer(source: source)
        let job = RecordingJob(output: url, width: width, height: height, fps: fps, duration: duration, from: from)
        do {
            _ = try Recording.record(job: job) { _, time, bitmap in
                player.show(time)
                try renderer.draw(player.scene, into: bitmap)
            }
        } catch let error as RecordingError {
            switch error {
            case .invalidJob, .tooLong: throw .usage(error.description, command: "record")
            default: throw .failure(error.description)
            }
        } catch {
            throw .failure("\(error)")
        }
        return 0
    }

    /// The engine's own benchmark (EngineBenchmark.swift) for 100, 1,000 and 10,000 animated layers.
    static func engineBenchmark(frames: Int, console: Console) -> Int32 {
        for line in runEngineBenchmark(layerCounts: [100, 1_000, 10_000], frames: frames) { console.out(line) }
        return 0
    }
}

/// Draws scenes with one Compositor, reused from frame to frame.
final class FrameRenderer {
    private let compositor = Compositor()
    /// The scene as `--scene` named it (its file, or a built-in scene's name), for refusals.
    private let source: String

    init(source: String) { self.source = source }

    /// The scene's presentation tree (as of its last engine step), all pixels redrawn; a frame whose
    /// step asked for more replicator copies or emitter particles than `RenderBudget` allows (and was
    /// cut short) is refused with one line naming the layer and the number.
    func draw(_ scene: Scene, into bitmap: Bitmap) throws(CommandError) {
        try refuseOverBudget(scene)
        compositor.render(scene.rootLayer, into: bitmap)
    }

    /// Only the pixels that changed since this renderer last drew into `bitmap`.
    func drawDamage(_ scene: Scene, into bitmap: Bitmap) throws(CommandError) {
        try refuseOverBudget(scene)
        compositor.render(scene.rootLayer, into: bitmap, damageOnly: true)
    }

    /// Throws the one line naming the layer and the number when the scene's last step went over budget.
    private func refuseOverBudget(_ scene: Scene) throws(CommandError) {
        if let excess = scene.rootLayer.engine.budgetExcess { throw .failure("\(source): \(excess)") }
    }
}

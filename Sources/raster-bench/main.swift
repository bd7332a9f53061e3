import Dispatch
import Geometry
import Raster

/// raster-bench [--size WxH] [--frames N] [--bands N] [NAME ...]
///
/// Renders each seed's frame at the given size (default 1920x1080) for N frames (default 200) sweeping
/// the animation from start to end, and prints one line per job:
/// `NAME WxH frames=N median_ms=X p95_ms=Y max_ms=Z` (Z: the slowest frame). Jobs: copy (the memory-bandwidth floor), wipe, reveal,
/// ship, the same three with damage tracking (`+damage`), and a shadow's blur of a full-frame A8 plane
/// at σ 2, 8 and 30 (`blur2`, `blur8`, `blur30`), and full-frame gradients (`gradient-axial`,
/// `gradient-radial`, `gradient-conic`) and a full-screen picture under perspective (`perspective`). Names given on the command line select
/// jobs. `--bands 2` composites full frames and draws the sprite in two row bands on two cores
/// (default 1). Run the release build: `swift run -c release raster-bench`; `compare.py` beside this
/// file runs it and cairo doing the same jobs and prints the ratios.
struct Options {
    var width = 1920
    var height = 1080
    var frames = 200
    var bands = 1
    var names: [String] = []

    init(arguments: [String]) {
        var rest = arguments.dropFirst()
        while let word = rest.popFirst() {
            switch word {
            case "--size":
                let parts = (rest.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { Self.usage("bad --size") }
                (width, height) = (parts[0], parts[1])
            case "--frames":
                guard let n = rest.popFirst().flatMap({ Int($0) }), n > 0 else { Self.usage("bad --frames") }
                frames = n
            case "--bands":
                guard let n = rest.popFirst().flatMap({ Int($0) }), n > 0 else { Self.usage("bad --bands") }
                bands = n
            case "--help", "-h":
                Self.usage(nil)
            default:
                names.append(word)
            }
        }
    }

    static func usage(_ problem: String?) -> Never {
        if let problem { print("raster-bench: \(problem)") }
        print("usage: raster-bench [--size WxH] [--frames N] [--bands N] [copy|wipe|reveal|ship|wipe+damage|...]")
        exit(problem == nil ? 0 : 64)
    }
}

/// Milliseconds of each of `frames` calls, after a warm-up pass over the first tenth of the frames.
func measure(_ job: FrameJob, frames: Int) -> [Double] {
    let progress = { (i: Int) in frames > 1 ? Double(i) / Double(frames - 1) : 0 }
    for i in 0..<max(1, frames / 10) { job.render(index: i, progress: progress(i)) }
    // Start the damage jobs from a frame rendered in full.
    job.render(index: frames, progress: 0)
    var times: [Double] = []
    times.reserveCapacity(frames)
    for i in 0..<frames {
        let start = DispatchTime.now().uptimeNanoseconds
        job.render(index: i, progress: progress(i))
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()
}

let options = Options(arguments: CommandLine.arguments)
let a = BenchImages.picture(0, width: options.width, height: options.height)
let b = BenchImages.picture(1, width: options.width, height: options.height)
let out = Bitmap(width: options.width, height: options.height)
let jobs: [FrameJob] = [
    CopyJob(a: a, out: out),
    MaskedFrameJob(shape: .wipe, damage: false, a: a, b: b, out: out, bands: options.bands),
    MaskedFrameJob(shape: .reveal, damage: false, a: a, b: b, out: out, bands: options.bands),
    ShipJob(damage: false, a: a, out: out, bands: options.bands),
    MaskedFrameJob(shape: .wipe, damage: true, a: a, b: b, out: out, bands: options.bands),
    MaskedFrameJob(shape: .reveal, damage: true, a: a, b: b, out: out, bands: options.bands),
    ShipJob(damage: true, a: a, out: out, bands: options.bands),
    BlurFrameJob(sigma: 2, width: options.width, height: options.height, bands: options.bands),
    BlurFrameJob(sigma: 8, width: options.width, height: options.height, bands: options.bands),
    BlurFrameJob(sigma: 30, width: options.width, height: options.height, bands: options.bands),
    GradientFrameJob(.axial, out: out), GradientFrameJob(.radial, out: out), GradientFrameJob(.conic, out: out),
    PerspectiveFrameJob(a: a, b: b, out: out),
]
for job in jobs where options.names.isEmpty || options.names.contains(job.name) {
    out.copy(from: a)
    let times = measure(job, frames: options.frames)
    let median = times[times.count / 2]
    let p95 = times[min(times.count - 1, Int((Double(times.count) * 0.95).rounded(.up)) - 1)]
    print(
        "\(job.name) \(options.width)x\(options.height) frames=\(options.frames) "
            + "median_ms=\(String(format: "%.3f", median)) p95_ms=\(String(format: "%.3f", p95)) "
            + "max_ms=\(String(format: "%.3f", times[times.count - 1]))")
}

import Dispatch
import Geometry
import Raster
import Synchronization

/// The shapes of a frame waiting to be rasterized into their coverage masks. The display list builder
/// queues each changed shape's polygon here instead of rasterizing it on the spot. Queued shapes are
/// sealed in chunks of `chunkSize`; while the builder walks on through the tree, other cores take the
/// sealed chunks and rasterize them, and `rasterize()` (called before anything reads a mask) rasterizes
/// the last, unsealed chunk and every sealed one no core has taken yet on the calling thread, then waits
/// for the others.
/// So a frame of many changed shapes rasterizes them on every core, mostly while it is still being
/// built.
///
/// A queued fill holds its `Coverage`, so its mask cannot go back to the pool (and be queued again for
/// another shape) before it is filled: no two queued fills share a mask. Chunks and their polygons are
/// kept from frame to frame, so queueing allocates nothing once warm.
final class FillQueue {
    /// Shapes per chunk: enough to pay for handing a chunk to another core.
    static let chunkSize = 16

    /// One shape to rasterize (its polygon is its chunk's at the same index): its rule, the coverage
    /// whose mask it fills and the mask of its previous frame (whose unchanged bands are copied).
    struct Fill {
        let coverage: Coverage
        let rule: FillRule
        let previous: Mask?
    }

    /// Up to `chunkSize` fills and their polygons. `@unchecked Sendable`: one thread at a time owns a
    /// chunk — the builder while filling it, then the core that took it from `State.sealed` — and the
    /// lock that hands it over orders their accesses.
    final class Chunk: @unchecked Sendable {
        var fills: [Fill] = []
        var polygons: [Polygon] = Array(repeating: Polygon(), count: FillQueue.chunkSize)

        func rasterize(on rasterizer: Rasterizer) {
            for (k, fill) in fills.enumerated() {
                rasterizer.fill(polygons[k], rule: fill.rule, into: fill.coverage.mask, reusing: fill.previous)
            }
        }
    }

    /// What the cores share: sealed chunks not yet taken, and the rasterizers of the cores not working.
    private struct State {
        var sealed: [Chunk] = []
        var idle: [Rasterizer] = []
    }

    private let state: Mutex<State>
    /// The chunks other cores are rasterizing now: entered under the lock as a chunk is taken, so
    /// once the builder finds no sealed chunk left, waiting on it waits for exactly those. (A worker
    /// that has not started yet is not waited for: it will find nothing to take, or take the chunks of
    /// a later frame.)
    private let inProgress = DispatchGroup()
    /// The rasterizer of the thread that builds the list.
    private let own: Rasterizer
    /// Every chunk, in the order the builder fills them; `filled` of them are in use, the last of
    /// those holding `open` fills (sealed when it reaches `chunkSize`).
    private var chunks: [Chunk] = []
    private var filled = 0
    private var open = 0

    /// A queue rasterizing on up to `cores` cores: the builder's, with its rasterizer `own`, and
    /// `cores − 1` others.
    init(cores: Int, own: Rasterizer) {
        self.own = own
        state = Mutex(State(idle: (1..<max(1, cores)).map { _ in Rasterizer() }))
    }

    /// Queues `polygon` under `rule` to be rasterized into `coverage`'s mask, reusing `previous`'s
    /// unchanged bands.
    func append(_ polygon: Polygon, rule: FillRule, into coverage: Coverage, reusing previous: Mask?) {
        if filled == 0 || open == Self.chunkSize {
            if filled == chunks.count { chunks.append(Chunk()) }
            filled += 1
            open = 0
        }
        let chunk = chunks[filled - 1]
        chunk.polygons[open].removeAll()
        chunk.polygons[open].points.append(contentsOf: polygon.points)
        chunk.polygons[open].contourStarts.append(contentsOf: polygon.contourStarts)
        chunk.fills.append(Fill(coverage: coverage, rule: rule, previous: previous))
        open += 1
        if open == Self.chunkSize { seal(chunk) }
    }

    /// Rasterizes every queued shape: the chunks no other core took on this thread, then waits for
    /// the others. Afterwards every queued mask is filled and the queue is empty.
    func rasterize() {
        guard filled > 0 else { return }
        if open < Self.chunkSize { chunks[filled - 1].rasterize(on: own) }
        while let chunk = state.withLock({ $0.sealed.popLast() }) { chunk.rasterize(on: own) }
        inProgress.wait()
        for k in 0..<filled { chunks[k].fills.removeAll(keepingCapacity: true) }
        filled = 0
        open = 0
    }

    /// Offers a full chunk to the other cores, starting one when a rasterizer is idle.
    private func seal(_ chunk: Chunk) {
        let rasterizer = state.withLock { state -> Rasterizer? in
            state.sealed.append(chunk)
            return state.idle.popLast()
        }
        guard let rasterizer else { return }
        let worker = Worker(queue: self, rasterizer: rasterizer)
        DispatchQueue.global().async { worker.run() }
    }

    /// Another core's loop: takes sealed chunks until none is left, then gives its rasterizer back.
    /// `@unchecked Sendable`: the rasterizer is this worker's alone until it is given back under the lock.
    private struct Worker: @unchecked Sendable {
        let queue: FillQueue
        let rasterizer: Rasterizer

        func run() {
            while true {
                let chunk = queue.state.withLock { state -> Chunk? in
                    if let chunk = state.sealed.popLast() {
                        queue.inProgress.enter()
                        return chunk
                    }
                    state.idle.append(rasterizer)
                    return nil
                }
                guard let chunk else { return }
                chunk.rasterize(on: rasterizer)
                queue.inProgress.leave()
            }
        }
    }
}

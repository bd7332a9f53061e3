import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

@testable import Compositor

/// Frames drawn on two cores — shapes rasterized by the fill queue's chunks on other threads, the list
/// painted in bands — are bit-identical to the frames one core draws, in full and in damage mode.
@Suite struct MultiCoreTests {
    static let width = 640
    static let height = 600

    /// The many-layer tree over two translucent full-canvas layers, so the frame has the work that
    /// makes bands pay (`Painter.bandedWork`) and hundreds of changed discs each frame.
    func makeTree(seed: UInt64) -> CALayer {
        let root = ManyLayerTests().makeTree(count: 800, width: Self.width, height: Self.height, seed: seed)
        for (index, alpha) in [0.5, 0.3].enumerated() {
            let wash = CALayer()
            wash.frame = root.bounds
            wash.backgroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: alpha)
            root.insertSublayer(wash, at: UInt32(index))
        }
        return root
    }

    @Test func twoCoresDrawWhatOneDraws() {
        let clock = freshEngine(at: 0)
        let root = makeTree(seed: 21)
        CAEngine.step(root)
        // The frame is one the compositor draws in bands, not one it leaves to a single core.
        let builder = DisplayListBuilder(scratch: BitmapPool(), cores: 2) { _, _ in }
        let target = Bitmap(width: Self.width, height: Self.height)
        let items = builder.build(root.presentation() ?? root, width: Self.width, height: Self.height)
        #expect(Painter.drawsInBands(items, into: target, region: nil, cores: 2))
        #expect(!Painter.drawsInBands(items, into: target, region: nil, cores: 1))
        var small = Region(height: Self.height)
        small.add(PixelRect(x: 10, y: 10, width: 100, height: 100))
        #expect(!Painter.drawsInBands(items, into: target, region: small, cores: 2))
        // A large damage region (two rectangles, 300,000 pixels) is drawn in bands, as one core draws it.
        var large = Region(height: Self.height)
        large.add(PixelRect(x: 0, y: 3, width: Self.width, height: 400))
        large.add(PixelRect(x: 37, y: 450, width: 400, height: 110))
        #expect(Painter.drawsInBands(items, into: target, region: large, cores: 2))
        let painter = Painter(scratch: BitmapPool(), bands: 1)
        let (oneRegion, bandsRegion) = (Bitmap(width: Self.width, height: Self.height), target)
        var bounds: [PixelRect] = []
        painter.paint(items, into: oneRegion, region: large)
        painter.paintInBands(items, into: bandsRegion, region: large, itemBounds: &bounds)
        #expect(ManyLayerTests().firstDifference(oneRegion, bandsRegion) == nil)
        #expect(bounds.count == items.count)

        let one = Compositor(cores: 1)
        let two = Compositor(cores: 2)
        let (oneFull, twoFull) = (Bitmap(width: Self.width, height: Self.height), target)
        let oneDamage = Bitmap(width: Self.width, height: Self.height)
        let twoDamage = Bitmap(width: Self.width, height: Self.height)
        for frame in 0..<6 {
            clock.now = Double(frame) * 0.041
            CAEngine.step(root)
            one.render(root, into: oneFull)
            two.render(root, into: twoFull)
            #expect(ManyLayerTests().firstDifference(oneFull, twoFull) == nil, "frame \(frame)")
            let oneRects = one.render(root, into: oneDamage, damageOnly: true)
            let twoRects = two.render(root, into: twoDamage, damageOnly: true)
            #expect(oneRects == twoRects, "frame \(frame)")
            #expect(ManyLayerTests().firstDifference(oneDamage, twoDamage) == nil, "frame \(frame)")
            #expect(ManyLayerTests().firstDifference(oneDamage, oneFull) == nil, "frame \(frame)")
        }
    }

    /// Hundreds of polygons queued at once (so most chunks are sealed and taken by another core) fill
    /// their masks exactly as a rasterizer filling them one by one does, and the queue empties.
    @Test func queuedFillsEqualDirectFills() {
        var random = SeededGenerator(seed: 5)
        let pool = MaskPool()
        let queue = FillQueue(cores: 2, own: Rasterizer())
        let rasterizer = Rasterizer()
        var cases: [(Polygon, FillRule, Coverage)] = []
        for index in 0..<300 {
            let (x, y) = (random.unit() * 600, random.unit() * 400)
            let size = 2 + random.unit() * (index % 10 == 0 ? 150 : 30)
            let polygon = CGPath(ellipseIn: CGRect(x: x, y: y, width: size, height: size * 0.7), transform: nil)
                .flattened()
            let bounds = PixelRect(enclosing: CGRect(x: x, y: y, width: size, height: size * 0.7))
            let coverage = Coverage(mask: pool.acquire(bounds: bounds), bounds: bounds, key: nil, pool: pool)
            let rule: FillRule = index % 2 == 0 ? .nonZero : .evenOdd
            queue.append(polygon, rule: rule, into: coverage, reusing: nil)
            cases.append((polygon, rule, coverage))
        }
        queue.rasterize()
        for (index, (polygon, rule, coverage)) in cases.enumerated() {
            let direct = Mask(bounds: coverage.mask.bounds)
            rasterizer.fill(polygon, rule: rule, into: direct)
            #expect(coverage.mask.denseCoverage() == direct.denseCoverage(), "shape \(index)")
            #expect(coverage.mask.totalCoverage > 0, "shape \(index)")
        }
        // Frame after frame (a worker started for one frame may take the chunks of the next), every
        // mask is filled by the time `rasterize()` returns.
        for round in 0..<60 {
            var frame: [(Polygon, Coverage)] = []
            for _ in 0..<(2 * FillQueue.chunkSize + round % 5) {
                let (x, y) = (random.unit() * 300, random.unit() * 200)
                let bounds = PixelRect(enclosing: CGRect(x: x, y: y, width: 12, height: 9))
                let polygon = CGPath(ellipseIn: CGRect(x: x, y: y, width: 12, height: 9), transform: nil).flattened()
                let coverage = Coverage(mask: pool.acquire(bounds: bounds), bounds: bounds, key: nil, pool: pool)
                queue.append(polygon, rule: .nonZero, into: coverage, reusing: nil)
                frame.append((polygon, coverage))
            }
            queue.rasterize()
            for (polygon, coverage) in frame {
                let direct = Mask(bounds: coverage.mask.bounds)
                rasterizer.fill(polygon, rule: .nonZero, into: direct)
                #expect(coverage.mask.denseCoverage() == direct.denseCoverage(), "round \(round)")
            }
        }
        // Nothing is left queued: emptied masks stay empty when the queue is rasterized again.
        for (_, _, coverage) in cases { coverage.mask.removeAll() }
        queue.rasterize()
        #expect(cases.allSatisfy { $0.2.mask.totalCoverage == 0 })
    }
}

import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

@testable import Overlay

/// The time chain strip, as a golden: `box` (speed 2, beginTime 0.25) in `stage` (timeOffset 0.125)
/// under a root, a 1-second eased opacity fade with timeOffset 0.5 past its wrap, and the same under a
/// paused root.
@MainActor
@Suite(.serialized) struct TimeChainViewTests {
    static func draw(pausedRoot: Bool, width: Int = 560) throws -> Bitmap {
        freshEngine(at: 0)
        func layer(_ name: String, in parent: CALayer?) -> CALayer {
            let layer = CALayer()
            layer.name = name
            parent?.addSublayer(layer)
            return layer
        }
        let root = layer("root", in: nil)
        let stage = layer("stage", in: root)
        stage.timeOffset = 0.125
        let box = layer("box", in: stage)
        (box.speed, box.beginTime) = (2, 0.25)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        fade.timeOffset = 0.5
        fade.timingFunction = CAMediaTimingFunction(name: .easeIn)
        box.add(fade, forKey: "fade")
        if pausedRoot {
            root.speed = 0
            root.timeOffset = 0.375
        }
        let sampler = try #require(AnimationSampler(layer: box, key: "fade"))
        var chain = AnimationTimeChain()
        sampler.timeChain(atMediaTime: 0.3125, into: &chain)
        let view = TimeChainView(text: CurveGoldens.font(11))
        let bitmap = Bitmap(width: width, height: TimeChainView.height)
        bitmap.fill(0xFF00_0000)
        view.layout(frame: PixelRect(x: 0, y: 0, width: width, height: TimeChainView.height))
        view.draw(chain, facts: sampler.facts, into: bitmap)
        return bitmap
    }

    @Test func timeChainGolden() throws {
        try CurveGoldens.check(try Self.draw(pausedRoot: false), named: "time_chain")
    }

    @Test func pausedAncestorGolden() throws {
        try CurveGoldens.check(try Self.draw(pausedRoot: true), named: "time_chain_paused")
    }

    /// In a narrow column each step goes on to the next line whole, so the ancestors' timing and the
    /// value at the end all show (the strip's last lines are written).
    @Test func aNarrowColumnWrapsByStep() throws {
        let narrow = try Self.draw(pausedRoot: true, width: 300)
        try CurveGoldens.check(narrow, named: "time_chain_narrow")
        let wide = try Self.draw(pausedRoot: true)
        func lastInkedRow(_ bitmap: Bitmap) -> Int {
            (0..<bitmap.height).last { y in (0..<bitmap.width).contains { (bitmap[$0, y] & 0xFF) > 0x60 } } ?? 0
        }
        #expect(lastInkedRow(narrow) > lastInkedRow(wide) + 2 * 14, "at least two more lines")
        #expect(lastInkedRow(narrow) < TimeChainView.height - 2, "and still inside the strip")
    }

    @Test func tooShortAStripDrawsNothing() {
        let view = TimeChainView(text: CurveGoldens.font(11))
        view.layout(frame: PixelRect(x: 0, y: 0, width: 300, height: TimeChainView.height - 1))
        let bitmap = Bitmap(width: 300, height: TimeChainView.height)
        view.draw(AnimationTimeChain(), facts: Self.facts(), into: bitmap)
        #expect((0..<bitmap.height).allSatisfy { y in (0..<bitmap.width).allSatisfy { bitmap[$0, y] == 0 } })
    }

    private static func facts() -> AnimationTimingFacts {
        freshEngine(at: 0)
        let layer = CALayer()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "a")
        return AnimationSampler(layer: layer, key: "a")!.facts
    }
}

/// A `path` animation's time chain reads as a morph: its eased fraction and the drawn path's point
/// count (it used to read "value —").
@MainActor
@Test func pathTimeChainGolden() throws {
    freshEngine(at: 0)
    let shape = CAShapeLayer()
    shape.name = "blob"
    let morph = CABasicAnimation(keyPath: "path")
    morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
    morph.toValue = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 30), transform: nil)
    morph.duration = 2
    shape.add(morph, forKey: "morph")
    let sampler = try #require(AnimationSampler(layer: shape, key: "morph"))
    var chain = AnimationTimeChain()
    sampler.timeChain(atMediaTime: 1, into: &chain)
    let view = TimeChainView(text: CurveGoldens.font(11))
    let bitmap = Bitmap(width: 560, height: TimeChainView.height)
    view.layout(frame: PixelRect(x: 0, y: 0, width: 560, height: TimeChainView.height))
    view.draw(chain, facts: sampler.facts, into: bitmap)
    try CurveGoldens.check(bitmap, named: "time_chain_path")
}

import Foundation
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

@testable import Overlay

/// A layer tree with two animations, stepped to media time `t`: a kept, autoreversing, repeating
/// opacity pulse with a forwards fill, and an eased move removed on completion.
/// Its animations are spelled out property by property like those of DrawnContentsTests, CustomDrawingTests,
/// EasingEditorTests and the progress.swift scene on purpose: each states the animation its checks are about.
@MainActor
func panelScene(at t: Double) -> CALayer {
    let clock = freshEngine(at: 0)
    let root = CALayer()
    root.name = "root"
    let box = CALayer()
    box.name = "box"
    root.addSublayer(box)
    let pulse = CABasicAnimation(keyPath: "opacity")
    pulse.fromValue = 1.0
    pulse.toValue = 0.25
    pulse.duration = 0.5
    pulse.autoreverses = true
    pulse.repeatCount = 2
    pulse.fillMode = .forwards
    pulse.isRemovedOnCompletion = false
    pulse.beginTime = 0.25
    box.add(pulse, forKey: "pulse")
    let move = CABasicAnimation(keyPath: "position.x")
    move.fromValue = 0.0
    move.toValue = 300.0
    move.duration = 1.5
    move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    root.add(move, forKey: "move")
    clock.now = t
    CAEngine.step(root)
    return root
}

@MainActor
struct CurveValuePlotTests {
    /// `count` samples of `sampler` evenly spread over the layer-local times `start…end`, as a series.
    static func sampling(_ sampler: AnimationSampler, from start: Double, to end: Double, count: Int)
        -> CurvePlotSeries
    {
        let samples = (0..<count).map {
            sampler.sample(atLocalTime: start + (end - start) * Double($0) / Double(count - 1))
        }
        let components = samples.map { $0.value?.count ?? 0 }.max() ?? 0
        return CurvePlotSeries(
            times: samples.map(\.localTime), componentCount: components,
            values: samples.flatMap { sample in (0..<components).map { c in sample.value.map { $0[c] } ?? .nan } },
            phases: samples.map(\.phase), componentNames: CurvePlotSeries.componentNames(count: components))
    }

    @Test func seriesOfTheRepeatingPulse() throws {
        let root = panelScene(at: 1)
        let sampler = try #require(AnimationSampler.samplers(in: root).first { $0.facts.key == "pulse" })
        let series = Self.sampling(sampler, from: 0, to: 2.5, count: 11)
        #expect(series.times == (0...10).map { 0.25 * Double($0) })
        #expect(series.componentCount == 1)
        #expect(series.plottedComponents == [0])
        #expect(series.phases[0] == .before)
        #expect(series.phases[2] == .active(iteration: 0, leg: .forward))
        #expect(series.phases[4] == .active(iteration: 0, leg: .reverse))
        #expect(series.phases[10] == .filledAfter)
        #expect(series.value(0, component: 0) == 1, "the model opacity before the start")
        #expect(series.value(2, component: 0) == 0.625, "halfway from 1 to 0.25")
        #expect(series.value(10, component: 0) == 1, "filled at the end of the last reverse leg")
        #expect(!series.isAnimated(0))
        #expect(series.isAnimated(10))
    }

    @Test func onlyChangingComponentsArePlotted() {
        let series = CurvePlotSeries(
            times: [0, 1, 2], componentCount: 2, values: [5, 1, 5, 2, 5, 3], phases: [nil, nil, nil],
            componentNames: ["x", "y"])
        #expect(series.plottedComponents == [1])
    }

    @Test func valuePlotGolden() throws {
        let root = panelScene(at: 1.05)
        let sampler = try #require(AnimationSampler.samplers(in: root).first { $0.facts.key == "pulse" })
        let series = Self.sampling(sampler, from: 0.05, to: 2.75, count: 400)
        let bitmap = Bitmap(width: 520, height: 240)
        let plot = ValuePlot(text: CurveGoldens.font(11))
        plot.draw(series, in: PixelRect(x: 0, y: 0, width: 520, height: 240), title: "box · opacity", into: bitmap)
        [0.7].withUnsafeBufferPointer { plot.drawCursor(atTime: 1.05, values: $0, into: bitmap) }
        try CurveGoldens.check(bitmap, named: "value_pulse")
    }
}

import LayerKit
import Testing

@testable import Scenes

/// `eval`'s lines: exact values at the asked times in order, callbacks merged at their media times.
@Suite struct SceneEvaluationTests {
    @Test func valuesAndCallbacksOfTheShipSeed() throws {
        _ = EngineFixture()
        let scene = try SceneLoader.load("ship", drawn: false)
        let lines = try SceneEvaluation.lines(
            scene: scene, layer: "ship", key: "transform.rotation", times: [2.5, 0.5, 3.5], events: true)
        #expect(
            lines == [
                "0 didStart ship rotateAnimation", "0.5 1.5707963267948966",
                "1 didStop ship rotateAnimation finished=false",
                "1.5 didStart ship rotateAnimation", "2.5 3.141592653589793",
                "3.5 didStop ship rotateAnimation finished=true", "3.5 0",
            ])
    }

    @Test func anUnknownLayerNamesTheKnownOnes() throws {
        _ = EngineFixture()
        let scene = try SceneLoader.load("wipe", drawn: false)
        #expect(throws: UnknownLayerError.self) {
            try SceneEvaluation.lines(scene: scene, layer: "nobody", key: "opacity", times: [0], events: false)
        }
        do {
            _ = try SceneEvaluation.lines(scene: scene, layer: "nobody", key: "opacity", times: [0], events: false)
        } catch {
            #expect(error.known.contains("mask") && error.known == error.known.sorted())
        }
    }

    @Test func manyKnownLayersAreSummed() {
        let long = String(repeating: "n", count: 99)
        let names = [long] + (0..<30).map { "layer\($0)" }
        let summary = UnknownLayerError(name: "x", known: names).knownSummary
        let cut = String(repeating: "n", count: 37) + "..."
        #expect(summary == ([cut] + (0..<19).map { "layer\($0)" }).joined(separator: ", ") + ", ... (31 in all)")
        #expect(UnknownLayerError(name: "x", known: ["a", "b"]).knownSummary == "a, b")
    }

    @Test func valuesAreFormattedExactly() {
        #expect(ValueFormatter.format(0.1 + 0.2) == "0.30000000000000004")
        #expect(ValueFormatter.format(-0.0) == "0")
        #expect(ValueFormatter.format(CGPoint(x: 1, y: 2.5)) == "1 2.5")
        #expect(ValueFormatter.format(nil) == "nil")
    }

    /// An opacity (a `Float`) prints with 9 significant digits, as the command line contract asks.
    @Test func floatsPrintNineSignificantDigits() {
        #expect(ValueFormatter.format(Float(0.41234567)) == "0.412345678")
        #expect(ValueFormatter.format(Float(0.3)) == "0.300000012")
        #expect(ValueFormatter.format(Float(0.5)) == "0.5")
        #expect(ValueFormatter.format(Float(1)) == "1")
        #expect(Float(ValueFormatter.format(Float(0.1234567))) == Float(0.1234567), "reads back exactly")
    }
}

/// The engine benchmark prints two lines per layer count (time only, then one property changed) in
/// the documented form, and leaves the thread's clock as it found it.
@Test func engineBenchmarkLines() throws {
    let fixture = EngineFixture()
    let lines = runEngineBenchmark(layerCounts: [10, 40], frames: 3)
    #expect(lines.count == 4)
    for (line, (name, count)) in zip(
        lines, [("engine", 10), ("engine-change", 10), ("engine", 40), ("engine-change", 40)])
    {
        let fields = line.split(separator: " ").map(String.init)
        #expect(fields.count == 6 && fields[0] == name && fields[1] == "layers=\(count)" && fields[2] == "frames=3")
        #expect(fields[3].hasPrefix("median_ms=") && Double(fields[3].dropFirst(10)) != nil, "\(line)")
    }
    #expect(CAEngine.clock === fixture.clock)
}

import Foundation
import Geometry
import LayerscopeTestSupport
import Testing

@testable import Raster

/// Redrawing only what changed gives the frame a full redraw gives.
@Suite struct DamageTests {
    static let width = 160
    static let height = 120

    /// The seed-000 wedge at `end` (a fraction of the turn), as a filled pie.
    static func wedge(_ end: Double) -> Polygon {
        var polygon = Polygon()
        polygon.beginContour()
        polygon.append(CGPoint(x: 80.3, y: 60.1))
        let steps = max(2, Int(end * 400))
        for i in 0...steps {
            let a = -Double.pi / 2 + 2 * .pi * end * Double(i) / Double(steps)
            polygon.append(CGPoint(x: 80.3 + 110 * cos(a), y: 60.1 + 110 * sin(a)))
        }
        return polygon
    }

    @Test func compositingOnlyTheChangesEqualsAFullFrame() {
        let a = TestPatterns.bitmap("a", Self.width, Self.height)
        let b = TestPatterns.bitmap("b", Self.width, Self.height)
        let frame = Bitmap(width: Self.width, height: Self.height)
        frame.copy(from: a)
        let masks = [Mask(width: Self.width, height: Self.height), Mask(width: Self.width, height: Self.height)]
        let rasterizer = Rasterizer()
        var region = Region(height: Self.height)
        let full = Bitmap(width: Self.width, height: Self.height)
        for (i, end) in [0.0, 0.05, 0.3, 0.31, 0.7, 0.69, 1.0, 0.2].enumerated() {
            let mask = masks[i % 2]
            rasterizer.fill(Self.wedge(end), rule: .nonZero, into: mask, reusing: masks[(i + 1) % 2])
            region.removeAll()
            mask.addChanges(since: masks[(i + 1) % 2], to: &region)
            frame.composite(b, through: mask, over: a, in: region)
            full.composite(b, through: mask, over: a)
            var differing = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width where frame[x, y] != full[x, y] { differing += 1 }
            }
            #expect(differing == 0, "frame \(i)")
            // A small step damages little.
            if i == 3 { #expect(region.area < Self.width * Self.height / 20) }
        }
    }

    @Test func reusingThePreviousMaskGivesTheSameMask() {
        let masks = [Mask(width: Self.width, height: Self.height), Mask(width: Self.width, height: Self.height)]
        let rasterizer = Rasterizer()
        var shapes = [0.0, 0.1, 0.1, 0.35, 0.9, 0.6].map { Self.wedge($0) }
        // The same star twice (every band copied), then under the other rule (nothing copied).
        shapes += Array(repeating: TestShapes.pentagram(cx: 80, cy: 60, r: 55), count: 3)
        for (i, shape) in shapes.enumerated() {
            let rule: FillRule = i == shapes.count - 1 ? .evenOdd : .nonZero
            rasterizer.fill(shape, rule: rule, into: masks[i % 2], reusing: masks[(i + 1) % 2])
            let fresh = TestShapes.mask(shape, Self.width, Self.height, rule: rule)
            #expect(masks[i % 2].denseCoverage() == fresh.denseCoverage(), "frame \(i)")
        }
    }

    @Test func unchangedMaskGivesNoDamage() {
        let first = TestShapes.mask(Self.wedge(0.4), Self.width, Self.height)
        let second = TestShapes.mask(Self.wedge(0.4), Self.width, Self.height)
        var region = Region(height: Self.height)
        second.addChanges(since: first, to: &region)
        #expect(region.isEmpty)
    }

    @Test func regionKeepsSeparateIntervalsInARow() {
        var region = Region(height: 10)
        region.add(PixelRect(x: 2, y: 1, width: 3, height: 2))
        region.add(PixelRect(x: 8, y: 2, width: 2, height: 3))
        #expect(region.intervals(inRow: 0).isEmpty)
        #expect(region.intervals(inRow: 1) == [2..<5])
        #expect(region.intervals(inRow: 2) == [2..<5, 8..<10])
        #expect(region.columns(inRow: 2) == 2..<10)
        #expect(region.intervals(inRow: 4) == [8..<10])
        #expect(region.bounds == PixelRect(x: 2, y: 1, width: 8, height: 4))
        #expect(region.area == 3 + 5 + 2 + 2)
        // Touching and overlapping intervals merge; the area counts each pixel once.
        region.add(row: 2, from: 5, to: 6)
        region.add(row: 2, from: 7, to: 9)
        #expect(region.intervals(inRow: 2) == [2..<6, 7..<10])
        region.add(row: 2, from: 0, to: 12)
        #expect(region.intervals(inRow: 2) == [0..<12])
        #expect(region.area == 3 + 12 + 2 + 2)
        region.removeAll()
        #expect(region.isEmpty)
        #expect(region.area == 0)
        #expect(region.intervals(inRow: 2).isEmpty)
    }

    /// A full row joins its two nearest intervals (the new one among them), so the region holds every
    /// pixel added and the fewest extra; checked against a set of pixels for random intervals.
    @Test func aFullRowJoinsItsNearestIntervals() {
        var region = Region(height: 1)
        let limit = Region.intervalsPerRow
        for k in 0..<limit { region.add(row: 0, from: 10 * k, to: 10 * k + 2) }
        #expect(region.intervals(inRow: 0).count == limit)
        // The gap of 3 between 42 and 45 is the nearest: the new interval joins its left neighbour.
        region.add(row: 0, from: 45, to: 47)
        #expect(region.intervals(inRow: 0).count == limit)
        #expect(region.intervals(inRow: 0)[4] == 40..<47)
        // With the new interval far from the others, the two nearest old ones (3 apart) are joined.
        region.add(row: 0, from: 1000, to: 1001)
        #expect(region.intervals(inRow: 0)[4] == 40..<52)
        #expect(region.intervals(inRow: 0).last == 1000..<1001)
        #expect(region.area == region.intervals(inRow: 0).reduce(0) { $0 + $1.count })

        var random = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            var row = Region(height: 1)
            var added = Set<Int>()
            for _ in 0..<(1 + random.below(40)) {
                let x = random.below(400)
                let width = 1 + random.below(12)
                row.add(row: 0, from: x, to: x + width)
                added.formUnion(x..<(x + width))
            }
            let intervals = row.intervals(inRow: 0)
            let held = Set(intervals.flatMap { $0 })
            #expect(held.isSuperset(of: added))
            #expect(intervals.count <= limit)
            #expect(row.area == held.count)
            // Sorted, disjoint, and apart by at least one column.
            #expect(zip(intervals, intervals.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
        }
    }

    @Test func clippingToARectOutsideTheCanvasGivesNothing() {
        let region = Region(height: 10, rect: PixelRect(x: 0, y: 0, width: 8, height: 10))
        for outside in [
            PixelRect(x: 0, y: -20, width: 8, height: 5), PixelRect(x: 0, y: 30, width: 8, height: 5),
            PixelRect(x: -20, y: 0, width: 5, height: 10), PixelRect(x: 30, y: 0, width: 5, height: 10),
        ] {
            #expect(region.clipped(to: outside).isEmpty, "\(outside)")
        }
        let inside = region.clipped(to: PixelRect(x: 6, y: 8, width: 10, height: 10))
        #expect(inside.bounds == PixelRect(x: 6, y: 8, width: 2, height: 2))
    }
}

/// The changed columns of two mask rows, case by case.
@Suite struct ChangedColumnsTests {
    static func span(_ x: Int32, _ length: Int32, _ coverage: Int32) -> CoverageSpan {
        CoverageSpan(x: x, length: length, coverage: coverage)
    }

    /// Columns where rows `now` and `before` (with coverage bytes `nowBytes`, `beforeBytes` for their
    /// varying spans) may differ.
    static func changed(
        _ now: [CoverageSpan], _ before: [CoverageSpan], nowBytes: [UInt8] = Array(repeating: 9, count: 64),
        beforeBytes: [UInt8] = Array(repeating: 9, count: 64)
    ) -> Range<Int>? {
        now.withUnsafeBufferPointer { n in
            before.withUnsafeBufferPointer { b in
                Mask.changedColumns(n, nowBytes, b, beforeBytes)
            }
        }
    }

    @Test func equalRowsHaveNoChange() {
        let row = [Self.span(2, 3, -1), Self.span(5, 20, 255), Self.span(30, 4, 128)]
        #expect(Self.changed(row, row) == nil)
        #expect(Self.changed([], []) == nil)
    }

    @Test func aMovedEdgeChangesTheColumnsBetweenItsPlaces() {
        // The oval's edge moved left from 10 to 4: the full run now starts earlier.
        let now = [Self.span(4, 2, -1), Self.span(6, 58, 255)]
        let before = [Self.span(10, 2, -1), Self.span(12, 52, 255)]
        #expect(Self.changed(now, before) == 4..<12)
        // A run that grew at its end.
        #expect(Self.changed([Self.span(0, 30, 255)], [Self.span(0, 20, 255)]) == 20..<30)
        // A gap that closed.
        #expect(Self.changed([Self.span(0, 60, 255)], [Self.span(0, 50, 255), Self.span(55, 5, 255)]) == 50..<55)
        // A run whose start moved.
        #expect(Self.changed([Self.span(0, 60, 255)], [Self.span(10, 50, 255)]) == 0..<10)
    }

    @Test func equalSpansAroundAChangeAreLeftOut() {
        let now = [Self.span(0, 5, 255), Self.span(10, 3, -1), Self.span(40, 10, 255)]
        let before = [Self.span(0, 5, 255), Self.span(11, 3, -1), Self.span(40, 10, 255)]
        #expect(Self.changed(now, before) == 10..<14)
    }

    @Test func varyingBytesAreCompared() {
        let row = [Self.span(3, 12, -1)]
        var bytes = Array(repeating: UInt8(9), count: 64)
        #expect(Self.changed(row, row, nowBytes: bytes) == nil)
        bytes[14] = 10
        #expect(Self.changed(row, row, nowBytes: bytes) == 3..<15)
    }

    @Test func aRowThatEmptiedChangesWhereTheOtherHadCoverage() {
        #expect(Self.changed([], [Self.span(7, 5, 80), Self.span(20, 3, 255)]) == 7..<23)
        #expect(Self.changed([Self.span(7, 5, 80)], []) == 7..<12)
        #expect(Self.changed([Self.span(0, 4, 255), Self.span(7, 5, 80)], [Self.span(0, 4, 255)]) == 7..<12)
    }
}

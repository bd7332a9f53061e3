import Testing

@testable import Raster

/// Which rows of a band get the exact sub-row treatment: where a pixel can hold winding numbers of
/// both signs, or three of them.
@Suite struct CrossingFinderTests {
    /// An edge from (x0, y0) to (x1, y1) (y0 < y1) with direction `sign`, as polygon edge `serial` of
    /// a contour of 100 edges (so the test's edges are never neighbours).
    static func edge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, sign: Double, serial: Int32)
        -> Rasterizer.Edge
    {
        Rasterizer.Edge(
            x0: x0, y0: y0, x1: x1, y1: y1, slope: (x1 - x0) / (y1 - y0), sign: sign, serial: serial,
            contourFirst: 0, contourLast: 99)
    }

    static func rows(_ edges: [Rasterizer.Edge]) -> UInt32 {
        var finder = CrossingFinder()
        return finder.rows(of: edges, active: edges.indices.map { Int32($0) }, top: 0, bottom: 16)
    }

    @Test func coincidentEdgesOfOppositeDirectionsNeedNothing() {
        // Two butt caps meeting at the end of a full turn.
        #expect(
            Self.rows([Self.edge(5, 0, 5, 16, sign: 1, serial: 10), Self.edge(5, 0, 5, 16, sign: -1, serial: 50)]) == 0)
        // Close but not crossing.
        #expect(
            Self.rows([Self.edge(5, 0, 5.3, 16, sign: 1, serial: 10), Self.edge(5.2, 0, 5.6, 16, sign: -1, serial: 50)])
                == 0)
    }

    @Test func oppositeEdgesThatCrossFlagTheRowOfTheCrossing() {
        // x = 2 + y/2 and x = 8 − y/4 meet at y = 8.
        let rows = Self.rows([
            Self.edge(2, 0, 10, 16, sign: 1, serial: 10), Self.edge(8, 0, 4, 16, sign: -1, serial: 50),
        ])
        #expect(rows == 1 << 8)
    }

    @Test func closeEdgesOfTheSameDirectionFlagEveryRowTheyShare() {
        // One pixel apart from y = 4 to 12: a pixel there can hold windings 0, 1 and 2 (the row the
        // shorter edge ends on is included).
        let rows = Self.rows([Self.edge(5, 4, 5, 12, sign: 1, serial: 10), Self.edge(6, 2, 6, 16, sign: 1, serial: 50)])
        #expect(rows == 0b0001_1111_1111_0000)
    }
}

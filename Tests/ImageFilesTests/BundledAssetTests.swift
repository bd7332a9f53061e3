import Foundation
import ImageFiles
import Raster
import Testing

/// The pictures in `assets/` decode, have the sizes the scenes rely on, and the ship keeps its margin.
@Suite struct BundledAssetTests {
    static let assets = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets")

    @Test(arguments: ["a.jpg", "b.jpg"])
    func picturesAre1280By720(name: String) throws {
        let bitmap = try ImageFile.read(Self.assets.appendingPathComponent(name))
        #expect(bitmap.width == 1280 && bitmap.height == 720)
    }

    @Test func picturesAreClearlyDistinct() throws {
        let a = try ImageFile.read(Self.assets.appendingPathComponent("a.jpg"))
        let b = try ImageFile.read(Self.assets.appendingPathComponent("b.jpg"))
        var difference = 0
        for y in Swift.stride(from: 0, to: 720, by: 8) {
            for x in Swift.stride(from: 0, to: 1280, by: 8) {
                let (p, q) = (a[x, y], b[x, y])
                difference +=
                    abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green)) + abs(Int(p.blue) - Int(q.blue))
            }
        }
        let meanPerChannel = Double(difference) / Double(160 * 90 * 3)
        #expect(meanPerChannel > 40)
    }

    @Test func shipHasATransparentMarginAndPointsUp() throws {
        let ship = try ImageFile.read(Self.assets.appendingPathComponent("ship.png"))
        #expect(ship.width == 128 && ship.height == 128)
        var opaqueRows: [Int] = []
        var translucent = 0
        for y in 0..<128 {
            for x in 0..<128 {
                let alpha = ship[x, y].alpha
                let inMargin = x < 6 || y < 6 || x >= 122 || y >= 122
                if inMargin { #expect(alpha == 0, "(\(x),\(y)) is in the margin") }
                if alpha == 255 { opaqueRows.append(y) }
                if alpha > 0 && alpha < 255 { translucent += 1 }
            }
        }
        #expect(translucent > 100)
        // The nose is a narrow tip at the top; the fins make the lower half the widest part.
        let topRow = try #require(opaqueRows.min())
        let tipWidth = (0..<128).filter { ship[$0, topRow + 2].alpha == 255 }.count
        let widest = (0..<128).map { y in (0..<128).filter { ship[$0, y].alpha == 255 }.count }
        let widestRow = try #require(widest.indices.max { widest[$0] < widest[$1] })
        #expect(tipWidth < 16)
        #expect(widestRow > 64)
    }
}

import Foundation
import Testing

@testable import Pictures

@Suite struct PicturesTests {
    /// A 4 × 3 image whose pixel (x, y) is 0xFF000000 | y << 8 | x.
    static func image() -> CGImage {
        CGImage(width: 4, height: 3, pixels: (0..<12).map { 0xFF00_0000 | UInt32($0 / 4) << 8 | UInt32($0 % 4) })
    }

    @Test func pixelsAndLayout() {
        let image = Self.image()
        #expect(image.width == 4 && image.height == 3 && image.bytesPerRow == 16)
        #expect(image.pixel(x: 3, y: 2) == 0xFF00_0203)
        #expect(image.bitsPerComponent == 8 && image.bitsPerPixel == 32)
    }

    /// Cropping shares the pixels: rounded out to whole pixels, clipped, nil when nothing is left.
    @Test func croppingSharesThePixels() throws {
        let image = Self.image()
        let part = try #require(image.cropping(to: CGRect(x: 1.5, y: 1, width: 2, height: 5)))
        #expect(part.width == 3 && part.height == 2 && part.bytesPerRow == 16)
        #expect(part.pixel(x: 0, y: 0) == 0xFF00_0101 && part.pixel(x: 2, y: 1) == 0xFF00_0203)
        #expect(ObjectIdentifier(part.storage) == ObjectIdentifier(image.storage))
        #expect(image.cropping(to: CGRect(x: 4, y: 0, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2)) == nil)
    }

    /// `size` is in points: pixels ÷ scale; `@2x` and `@3x` file names set the scale.
    @Test func sizeAndScale() {
        let image = UIImage(cgImage: Self.image(), scale: 2)
        #expect(image.size == CGSize(width: 2, height: 1.5) && image.scale == 2)
        #expect(UIImage(cgImage: Self.image(), scale: 0).scale == 1)
        #expect(UIImage.scale(ofFileNamed: "/a/ship@2x.png") == 2)
        #expect(UIImage.scale(ofFileNamed: "ship@3x.jpg") == 3)
        #expect(UIImage.scale(ofFileNamed: "ship.png") == 1)
    }

    /// Names are looked up folder by folder, with `.png`, `.jpg`, `.jpeg` added to a bare name; a folder
    /// put first is searched first; without a decoder nothing is read.
    @Test func searchOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-\(UUID().uuidString)")
        let (one, two) = (root.appendingPathComponent("one"), root.appendingPathComponent("two"))
        for folder in [one, two] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        try Data().write(to: two.appendingPathComponent("card.png"))
        try Data().write(to: one.appendingPathComponent("card.jpg"))
        try Data().write(to: two.appendingPathComponent("only.jpeg"))
        try FileManager.default.createDirectory(
            at: one.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
        let library = PictureLibrary(environment: ["LAYERSCOPE_IMAGE_PATH": two.path])
        #expect(library.url(named: "card")?.lastPathComponent == "card.png")
        library.search(first: one)
        #expect(library.searchFolders.map(\.lastPathComponent) == ["one", "two"])
        #expect(library.url(named: "card")?.path == one.appendingPathComponent("card.jpg").path)
        #expect(library.url(named: "only")?.lastPathComponent == "only.jpeg")
        #expect(library.url(named: "card.png")?.path == two.appendingPathComponent("card.png").path)
        #expect(
            library.url(named: "dir") == nil && library.url(named: "missing") == nil && library.url(named: "") == nil)
        library.search(last: one)
        #expect(library.searchFolders.count == 2)
        #expect(library.image(contentsOf: two.appendingPathComponent("card.png")) == nil)
        let decoded = Self.image()
        library.install { url in
            guard url.lastPathComponent == "card.png" else { throw Unreadable() }
            return decoded
        }
        let read = library.image(contentsOf: two.appendingPathComponent("card.png"))
        #expect(read.map(ObjectIdentifier.init) == ObjectIdentifier(decoded))
        #expect(library.image(contentsOf: one.appendingPathComponent("card.jpg")) == nil)
    }
}

private struct Unreadable: Error {}

import Foundation
import ImageFiles
import LayerscopeTestSupport
import Testing

/// Damaged files never crash or hang the decoder: thousands of seeded random byte changes to every
/// fixture each give either an image or an `ImageFileError`.
@Suite struct CorruptionFuzzTests {
    static let fixtures = [
        "gray2_interlaced.png", "palette4_trns.png", "rgba16.png", "rgba8_interlaced.png", "baseline420.jpg",
        "progressive.jpg", "cmyk.jpg", "exif_orientation6.jpg",
    ]

    @Test(arguments: fixtures)
    func randomDamageGivesAnImageOrAnImageFileError(name: String) throws {
        let original = [UInt8](try Data(contentsOf: FixturePatterns.fixture(name)))
        let seed: UInt64 = 0x1A7E_5C09E
        var generator = SeededGenerator(seed: seed)
        var failures = 0
        for round in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let offset = Int.random(in: 8..<bytes.count, using: &generator)
                bytes[offset] = UInt8.random(in: 0...255, using: &generator)
            }
            if round % 10 == 0 { bytes.removeLast(Int.random(in: 1..<bytes.count / 2, using: &generator)) }
            do {
                _ = try ImageFile.read(Data(bytes), name: name)
            } catch is ImageFileError {
                failures += 1
            } catch {
                Issue.record("\(name) round \(round) (seed \(seed)): unexpected error \(error)")
            }
        }
        #expect(failures > 30, "damage should be noticed at least in the truncated rounds")
    }
}

import Foundation
import ImageFiles
import Raster
import Testing

/// Pixel-for-pixel frame comparison, golden frames, and the files left behind when frames differ.
///
/// Rendering is deterministic (a manual clock, and the same arithmetic on every run and every build),
/// so goldens and frames that should be equal are compared exactly: every channel of every pixel.
///
/// Goldens are PNG files in `Tests/CompositorTests/Goldens`. To (re-)record them after an intended
/// change, run `RECORD_GOLDENS=1 swift test --filter SeedFrameTests`: each golden test then writes
/// its PNGs and fails, saying what it recorded; look at the new images, run the tests again without
/// `RECORD_GOLDENS` and commit the PNGs.
///
/// When frames differ, the actual frame, the expected one and a diff (differing pixels red, equal ones
/// a dim gray) are written as PNGs into a temporary folder whose path the failure prints.
enum FrameComparison {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let isRecording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    /// Where frames that differ are written, one folder per test process.
    static let failures = FileManager.default.temporaryDirectory.appendingPathComponent(
        "layerscope-frame-failures-\(ProcessInfo.processInfo.processIdentifier)")

    /// Compares `frame` with the golden `name`.png, or writes the golden and fails when recording.
    static func checkGolden(_ frame: Bitmap, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let url = goldens.appendingPathComponent(name + ".png")
        if isRecording {
            try ImageFile.writePNG(frame, to: url)
            Issue.record(
                "recorded Goldens/\(name).png; look at it, then run again without RECORD_GOLDENS",
                sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record(
                "no golden Goldens/\(name).png; record it with RECORD_GOLDENS=1 swift test --filter SeedFrameTests",
                sourceLocation: sourceLocation)
            return
        }
        expectSame(frame, try ImageFile.read(url), name, sourceLocation: sourceLocation)
    }

    /// Expects `actual` to equal `expected` in size and in every pixel, each channel within
    /// `tolerance`; on a mismatch, writes both and their diff as `name-actual.png`,
    /// `name-expected.png`, `name-diff.png` and says where.
    static func expectSame(
        _ actual: Bitmap, _ expected: Bitmap, _ name: String, tolerance: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard actual.width == expected.width, actual.height == expected.height else {
            Issue.record(
                "\(name): frame is \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)",
                sourceLocation: sourceLocation)
            return
        }
        let (count, first) = differences(actual, expected, tolerance: tolerance)
        guard count > 0, let first else { return }
        let folder = save(actual, expected, name, tolerance: tolerance)
        let got = hex(actual[first.x, first.y])
        let wanted = hex(expected[first.x, first.y])
        let summary =
            "\(name): \(count) pixels differ, the first at \(first.x),\(first.y) (got \(got), expected \(wanted))"
        Issue.record("\(summary); actual, expected and diff PNGs in \(folder)", sourceLocation: sourceLocation)
    }

    /// Whether the two frames differ in at least one pixel (or in size).
    static func differ(_ a: Bitmap, _ b: Bitmap) -> Bool {
        a.width != b.width || a.height != b.height || differences(a, b).count > 0
    }

    /// How many pixels differ by more than `tolerance` in a channel, and the first (row by row).
    static func differences(_ a: Bitmap, _ b: Bitmap, tolerance: Int = 0) -> (count: Int, first: (x: Int, y: Int)?) {
        var count = 0
        var first: (x: Int, y: Int)?
        for y in 0..<a.height where memcmp(a.row(y), b.row(y), a.width * 4) != 0 {
            for x in 0..<a.width where channelDifference(a[x, y], b[x, y]) > tolerance {
                count += 1
                if first == nil { first = (x, y) }
            }
        }
        return (count, first)
    }

    /// The largest difference between the two pixels' channels (0…255).
    static func channelDifference(_ a: Pixel, _ b: Pixel) -> Int {
        max(
            abs(Int(a.alpha) - Int(b.alpha)), abs(Int(a.red) - Int(b.red)),
            abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }

    /// Writes the three PNGs for a mismatch; returns the folder's path (or why it could not write).
    private static func save(_ actual: Bitmap, _ expected: Bitmap, _ name: String, tolerance: Int) -> String {
        let diff = Bitmap(width: actual.width, height: actual.height)
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let gray = UInt32(expected[x, y].green / 4)
                let same = channelDifference(actual[x, y], expected[x, y]) <= tolerance
                diff[x, y] = same ? 0xFF00_0000 | gray << 16 | gray << 8 | gray : 0xFFFF_0000
            }
        }
        let file = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") ? $0 : "-" })
        do {
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            for (suffix, bitmap) in [("actual", actual), ("expected", expected), ("diff", diff)] {
                try ImageFile.writePNG(bitmap, to: failures.appendingPathComponent("\(file)-\(suffix).png"))
            }
        } catch {
            return "\(failures.path) (not written: \(error))"
        }
        print("frames written to \(failures.path)")
        return failures.path
    }

    private static func hex(_ pixel: Pixel) -> String { "0x" + String(pixel, radix: 16, uppercase: true) }
}

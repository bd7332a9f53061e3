import Foundation
import ImageFiles
import Raster
import Testing

/// How far a frame may be from its golden: pixels may differ by up to `perChannel` in every channel;
/// beyond that, at most `edgeFraction` of the pixels may differ, by at most `edge`.
public struct GoldenTolerance: Sendable {
    public var perChannel: Int
    public var edge: Int
    public var edgeFraction: Double

    public init(perChannel: Int, edge: Int = 0, edgeFraction: Double = 0) {
        self.perChannel = perChannel
        self.edge = max(edge, perChannel)
        self.edgeFraction = edgeFraction
    }

    /// Every channel of every pixel equal.
    public static let exact = GoldenTolerance(perChannel: 0)
}

/// Pixel-for-pixel frame comparison, golden frames, and the files left behind when frames differ.
///
/// Rendering is deterministic (a manual clock, and the same arithmetic on every run and every build),
/// so goldens and frames that should be equal are compared exactly unless a test states a tolerance.
///
/// Goldens are PNG files in a test target's `Goldens` folder. To (re-)record them after an intended
/// change, run the tests with `RECORD_GOLDENS=1`: each golden check then writes its PNG and FAILS,
/// saying what it recorded (so a recording run can never pass as a test run); look at the new images,
/// run the tests again without `RECORD_GOLDENS` and commit the PNGs.
///
/// When frames differ, the actual frame, the expected one and a diff (differing pixels red, equal ones
/// a dim gray) are written as PNGs into a temporary folder whose path the failure prints.
public enum FrameComparison {
    static let isRecording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    /// Where frames that differ are written, one folder per test process.
    static let failures = FileManager.default.temporaryDirectory.appendingPathComponent(
        "layerscope-frame-failures-\(ProcessInfo.processInfo.processIdentifier)")

    /// The `Goldens` folder beside the test file `filePath` (pass `#filePath`).
    public static func goldens(besides filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    /// Compares `frame` with the golden `name`.png in `folder` within `tolerance`, or, when recording,
    /// writes the golden and fails.
    public static func checkGolden(
        _ frame: Bitmap, named name: String, in folder: URL, tolerance: GoldenTolerance = .exact,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = folder.appendingPathComponent(name + ".png")
        if isRecording {
            try ImageFile.writePNG(frame, to: url)
            Issue.record(
                "recorded \(url.path); look at it, then run again without RECORD_GOLDENS",
                sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record(
                "no golden \(url.path); record it by running this test with RECORD_GOLDENS=1",
                sourceLocation: sourceLocation)
            return
        }
        expectSame(frame, try ImageFile.read(url), name, tolerance: tolerance, sourceLocation: sourceLocation)
    }

    /// Expects `actual` to equal `expected` in size and in every pixel within `tolerance`; on a
    /// mismatch, writes both and their diff as `name-actual.png`, `name-expected.png`, `name-diff.png`
    /// and says where.
    public static func expectSame(
        _ actual: Bitmap, _ expected: Bitmap, _ name: String, tolerance: GoldenTolerance = .exact,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard actual.width == expected.width, actual.height == expected.height else {
            Issue.record(
                "\(name): frame is \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)",
                sourceLocation: sourceLocation)
            return
        }
        let (count, first) = differences(actual, expected, tolerance: tolerance.perChannel)
        guard count > 0, let first else { return }
        let allowed = Int(Double(actual.width * actual.height) * tolerance.edgeFraction)
        if count <= allowed, differences(actual, expected, tolerance: tolerance.edge).count == 0 { return }
        let folder = save(actual, expected, name, tolerance: tolerance.perChannel)
        let got = hex(actual[first.x, first.y])
        let wanted = hex(expected[first.x, first.y])
        let summary =
            "\(name): \(count) pixels differ by more than \(tolerance.perChannel) (\(allowed) may, by up to "
            + "\(tolerance.edge)), the first at \(first.x),\(first.y) (got \(got), expected \(wanted))"
        Issue.record("\(summary); actual, expected and diff PNGs in \(folder)", sourceLocation: sourceLocation)
    }

    /// Whether the two frames differ in at least one pixel (or in size).
    public static func differ(_ a: Bitmap, _ b: Bitmap) -> Bool {
        a.width != b.width || a.height != b.height || differences(a, b).count > 0
    }

    /// How many pixels differ by more than `tolerance` in a channel, and the first (row by row).
    public static func differences(_ a: Bitmap, _ b: Bitmap, tolerance: Int = 0) -> (
        count: Int, first: (x: Int, y: Int)?
    ) {
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
    public static func channelDifference(_ a: Pixel, _ b: Pixel) -> Int {
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

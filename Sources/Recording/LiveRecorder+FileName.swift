import Foundation

extension LiveRecorder {
    /// A new file in `directory` for a recording started at `date`: `layerscope-2026-11-30-142501.mp4`
    /// (UTC), with `-2`, `-3`, … added when that name is taken.
    public static func suggestedOutput(in directory: URL, extension: String = "mp4", date: Date = Date()) -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        let stem = "layerscope-" + formatter.string(from: date)
        var candidate = directory.appendingPathComponent("\(stem).\(`extension`)")
        var number = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = directory.appendingPathComponent("\(stem)-\(number).\(`extension`)")
            number += 1
        }
        return candidate
    }
}

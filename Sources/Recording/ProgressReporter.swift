import Foundation

/// Shows a recording's progress on standard error: a bar redrawn in place (frames done of total,
/// frames per second, time left) on a terminal, and one summary line at the end.
final class ProgressReporter {
    private let total: Int
    private let name: String
    private let showsBar: Bool
    private let showsSummary: Bool
    private let start = Monotonic.now()
    private var lastDraw = -1.0
    private var barVisible = false

    init(total: Int, output: URL, display: ProgressDisplay) {
        self.total = total
        name = output.lastPathComponent
        switch display {
        case .automatic:
            showsBar = isatty(STDERR_FILENO) == 1
            showsSummary = true
        case .bar:
            showsBar = true
            showsSummary = true
        case .summaryLine:
            showsBar = false
            showsSummary = true
        case .silent:
            showsBar = false
            showsSummary = false
        }
    }

    /// Seconds since the reporter was made.
    var elapsed: Double { Monotonic.now() - start }

    /// Notes that `done` frames are written; redraws the bar at most ten times a second.
    func update(done: Int) {
        guard showsBar else { return }
        let now = elapsed
        guard done == total || now - lastDraw >= 0.1 else { return }
        lastDraw = now
        emit("\r\u{1B}[2K" + ProgressReporter.bar(name: name, done: done, total: total, elapsed: now))
        barVisible = true
    }

    /// Prints a one-line note for the user (unless silent).
    func note(_ text: String) {
        if showsSummary { emit("note: \(text)\n") }
    }

    /// Replaces the bar with the summary line.
    func finish(_ summary: RecordingSummary) {
        clearBar()
        if showsSummary { emit(summary.description + "\n") }
    }

    /// Removes the bar after a failure; the caller reports the error.
    func abandon() {
        clearBar()
    }

    /// One line of progress: `clip.mp4 [#######.............]  91/300 frames  62.4 fps  3.4 s left`.
    static func bar(name: String, done: Int, total: Int, elapsed: Double) -> String {
        let width = 24
        let filled = total > 0 ? min(width, done * width / total) : width
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? String(format: "%.1f s left", Double(total - done) / rate) : "-- s left"
        return "\(name) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            + "] \(done)/\(total) frames  " + String(format: "%.1f fps", rate) + "  " + left
    }

    private func clearBar() {
        if barVisible { emit("\r\u{1B}[2K") }
        barVisible = false
    }

    /// Writes to standard error, ignoring failures: a closed or broken standard error must not stop a
    /// recording.
    private func emit(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Seconds on the monotonic clock.
enum Monotonic {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

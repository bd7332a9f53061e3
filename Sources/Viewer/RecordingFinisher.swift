import Foundation

/// Completes stopped recordings on threads of their own, so the window keeps ticking while an encoder
/// that fell behind drains its queue. Each outcome becomes one log line, collected on the viewer's
/// thread with `takeLines()` after `wake` has been called.
/// `@unchecked Sendable`: `running` and `lines` are only touched under the `state` condition's lock.
final class RecordingFinisher: @unchecked Sendable {
    private let state = NSCondition()
    private var running = 0
    private var lines: [String] = []
    private let wake: @Sendable () -> Void

    /// A finisher calling `wake` (from its thread) whenever a line is ready.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Completes `recorder`'s file in the background; `fps` turns its frame count into seconds.
    func finish(_ recorder: any ViewerRecorder, fps: Double) {
        state.withLock { running += 1 }
        let thread = Thread { [self] in
            let line = Self.outcome(of: recorder, fps: fps)
            // Woken before `waitForAll()` can return, so the viewer never wakes a closed descriptor.
            state.withLock {
                lines.append(line)
                wake()
                running -= 1
                state.broadcast()
            }
        }
        thread.name = "recording finisher"
        thread.start()
    }

    /// The lines of the recordings completed since the last call.
    func takeLines() -> [String] {
        state.withLock {
            defer { lines.removeAll() }
            return lines
        }
    }

    /// Waits until every recording handed over has been completed; returns their pending lines.
    func waitForAll() -> [String] {
        state.withLock {
            while running > 0 { state.wait() }
        }
        return takeLines()
    }

    /// `recording: saved FILE (N frames, S s)`, or `recording: failed: REASON` on one line.
    static func outcome(of recorder: any ViewerRecorder, fps: Double) -> String {
        do {
            let frames = try recorder.complete()
            let seconds = String(format: "%.2f", Double(frames) / fps)
            return "recording: saved \(recorder.output.path) (\(frames) frames, \(seconds) s)"
        } catch {
            return "recording: failed: " + error.description.split(separator: "\n").joined(separator: " | ")
        }
    }
}

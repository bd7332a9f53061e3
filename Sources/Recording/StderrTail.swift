import Foundation

/// Reads a child process's standard error on its own thread until end of file, keeping only the last
/// few kilobytes, so a chatty child never blocks on a full pipe and an error message can quote it.
/// `@unchecked Sendable`: `bytes` is only touched under `lock`; the descriptor is immutable.
final class StderrTail: @unchecked Sendable {
    private static let keptBytes = 16 * 1024
    private let descriptor: Int32
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `descriptor`, which this object closes at end of file.
    init(reading descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { [self] in drain() }
        thread.name = "ffmpeg stderr"
        thread.start()
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            lock.withLock {
                bytes.append(contentsOf: buffer[0..<count])
                if bytes.count > 2 * StderrTail.keptBytes { bytes.removeFirst(bytes.count - StderrTail.keptBytes) }
            }
        }
        close(descriptor)
        done.signal()
    }

    /// Waits for end of file, then returns the last `count` non-empty lines.
    func lastLines(_ count: Int) -> [String] {
        done.wait()
        done.signal()
        let text = lock.withLock { String(decoding: bytes, as: UTF8.self) }
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return Array(lines.suffix(count))
    }
}

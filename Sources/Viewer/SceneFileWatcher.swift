import Foundation
import Glibc

/// Watches a scene file for saves, through inotify on the file's folder so that every way editors save
/// is seen: writing in place (modify, close-write), replacing by rename (moved-to, as vim and most IDEs
/// do) and delete-then-create. A change is reported once the save has finished: `quietPeriod` seconds
/// after the file was closed from writing or renamed into place, with no event since (an editor writes,
/// renames and touches in a few milliseconds: one change). While the last event is a write or a
/// creation, the writer still has the file open, however long it pauses between chunks; that is
/// reported only when the file's size has not changed for `settlePeriod` seconds (a writer that never
/// closes it).
///
/// A background thread waits on inotify; on a change it sets a flag that `takeChange()` reads and
/// clears on the viewer's thread, and calls `onChange` (which wakes the viewer's event loop). The
/// thread keeps the watcher alive until `stop()`.
/// `@unchecked Sendable`: its mutable state (`changed`, `thread`) is only touched under `lock`; the
/// rest is immutable after `init`.
final class SceneFileWatcher: @unchecked Sendable {
    /// The watched file.
    let url: URL
    private let fileName: String
    private let quietPeriod: Double
    private let settlePeriod: Double
    private let onChange: @Sendable () -> Void
    private let inotifyDescriptor: Int32
    /// A pipe whose write end `stop()` writes to wake the thread.
    private let stopDescriptors: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var changed = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts watching `path`; throws when inotify cannot watch its folder.
    init(
        path: String, quietPeriod: Double = 0.1, settlePeriod: Double = 1, onChange: @escaping @Sendable () -> Void
    ) throws {
        url = URL(fileURLWithPath: path).standardizedFileURL
        fileName = url.lastPathComponent
        self.quietPeriod = quietPeriod
        self.settlePeriod = settlePeriod
        self.onChange = onChange
        inotifyDescriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        var pipeEnds: [Int32] = [-1, -1]
        let piped = pipe(&pipeEnds) == 0
        for fd in pipeEnds where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        stopDescriptors = (pipeEnds[0], pipeEnds[1])
        let folder = url.deletingLastPathComponent().path
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MODIFY | IN_CREATE)
        guard inotifyDescriptor >= 0, piped, inotify_add_watch(inotifyDescriptor, folder, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            for fd in [inotifyDescriptor] + pipeEnds where fd >= 0 { close(fd) }
            throw ViewerSetupError(description: "cannot watch \(folder) for changes to \(fileName): \(reason)")
        }
        let thread = Thread { [self] in run() }
        thread.name = "scene-file-watcher"
        self.thread = thread
        thread.start()
    }

    /// True when the file changed since the last call (and clears that).
    func takeChange() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let result = changed
        changed = false
        return result
    }

    /// Stops the thread and closes the descriptors; later changes are not seen.
    func stop() {
        lock.lock()
        let running = thread
        thread = nil
        lock.unlock()
        guard running != nil else { return }
        var one: UInt8 = 1
        _ = write(stopDescriptors.write, &one, 1)
        finished.wait()
        close(inotifyDescriptor)
        close(stopDescriptors.read)
        close(stopDescriptors.write)
    }

    /// What the events about the watched file said, last one first.
    private enum Activity {
        case none
        /// Closed from writing, or renamed into place: the save is complete.
        case finished
        /// Written to or created: the writer may still be at work.
        case writing
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var deadline: Double?
        /// While a write is under way: the file's size when the deadline was set.
        var writingSize: Int?
        while true {
            let timeout = deadline.map { max(0, Int32((($0 - Self.now()) * 1000).rounded(.up))) } ?? -1
            var fds = [
                pollfd(fd: inotifyDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopDescriptors.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout)
            if fds[1].revents != 0 { break }
            if ready > 0, fds[0].revents != 0 {
                switch drainEvents(into: &buffer) {
                case .none:
                    break
                case .finished:
                    deadline = Self.now() + quietPeriod
                    writingSize = nil
                    continue
                case .writing:
                    deadline = Self.now() + settlePeriod
                    writingSize = fileSize()
                    continue
                }
            }
            guard let due = deadline, Self.now() >= due else { continue }
            if let size = writingSize, size != fileSize() {
                deadline = Self.now() + settlePeriod
                writingSize = fileSize()
                continue
            }
            deadline = nil
            writingSize = nil
            lock.lock()
            changed = true
            lock.unlock()
            onChange()
        }
        finished.signal()
    }

    /// The watched file's size in bytes (−1 when it does not exist).
    private func fileSize() -> Int {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int(info.st_size) : -1
    }

    /// Reads every queued event; what the last one naming the watched file said.
    private func drainEvents(into buffer: inout [UInt8]) -> Activity {
        var activity = Activity.none
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotifyDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return activity }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let mask = bytes.load(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + header)..<min(count, offset + header + length)]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    if name == fileName {
                        activity = mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 ? .finished : .writing
                    }
                    offset += header + length
                }
            }
        }
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

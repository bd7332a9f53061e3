import CX11
import Glibc

/// The event loop's sleep: ppoll on the X connection, a signalfd for SIGINT/SIGTERM/SIGHUP and an
/// eventfd other threads may use to wake the loop, with a nanosecond timeout.
final class PollSet {
    private let xFileDescriptor: Int32
    let signalFileDescriptor: Int32
    /// Writing an 8-byte 1 here (from any thread) wakes a loop sleeping in `wait`.
    let wakeFileDescriptor: Int32
    /// The three poll entries, allocated once: X connection, signals, wake-ups.
    private let entries = UnsafeMutablePointer<pollfd>.allocate(capacity: 3)

    /// Blocks the handled signals (before any shared memory exists) and opens the fds.
    init(xFileDescriptor: Int32) throws {
        self.xFileDescriptor = xFileDescriptor
        signalFileDescriptor = cx11_block_signals_into_fd()
        wakeFileDescriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard signalFileDescriptor >= 0, wakeFileDescriptor >= 0 else {
            throw ViewerSetupError(description: "cannot create the signal and wake-up descriptors (errno \(errno))")
        }
    }

    /// Sleeps until the X connection, a signal or a wake-up is readable, or `timeout` ns passed
    /// (forever when nil); returns the number of the signal received, if any.
    func wait(timeout: Int64?) -> Int32? {
        entries[0] = pollfd(fd: xFileDescriptor, events: Int16(POLLIN), revents: 0)
        entries[1] = pollfd(fd: signalFileDescriptor, events: Int16(POLLIN), revents: 0)
        entries[2] = pollfd(fd: wakeFileDescriptor, events: Int16(POLLIN), revents: 0)
        let result: Int32
        if let timeout {
            var span = timespec(tv_sec: Int(timeout / 1_000_000_000), tv_nsec: Int(timeout % 1_000_000_000))
            result = ppoll(entries, 3, &span, nil)
        } else {
            result = ppoll(entries, 3, nil, nil)
        }
        guard result > 0 else { return nil }
        if entries[2].revents & Int16(POLLIN) != 0 {
            var count: UInt64 = 0
            _ = read(wakeFileDescriptor, &count, 8)
        }
        guard entries[1].revents & Int16(POLLIN) != 0 else { return nil }
        let number = cx11_read_signal(signalFileDescriptor)
        return number != 0 ? number : nil
    }

    /// Closes the fds and restores default signal delivery.
    func close() {
        entries.deallocate()
        Glibc.close(signalFileDescriptor)
        Glibc.close(wakeFileDescriptor)
        cx11_unblock_signals()
    }
}

import CX11

/// How frames reach the window.
enum PresentationPath: Equatable {
    /// Two MIT-SHM images, each reused only after its ShmCompletion.
    case sharedMemory
    /// One client-side image sent with XPutImage.
    case putImage
}

/// The viewer's frame buffers at the window's current size: two shared-memory images when MIT-SHM
/// works, one XPutImage image otherwise. The choice is made once, by a trapped attach, and the
/// fallback is announced once.
final class FrameBufferSet {
    private let connection: XConnection
    private(set) var path: PresentationPath
    private(set) var buffers: [FrameBuffer] = []
    private(set) var width = 0
    private(set) var height = 0
    private var nextIndex = 0

    /// Chooses the path (`forcePutImage` skips MIT-SHM) and creates buffers of `width`×`height`.
    /// `announce` receives the one line saying which path is used and why.
    init(connection: XConnection, width: Int, height: Int, forcePutImage: Bool, announce: (String) -> Void) {
        self.connection = connection
        if forcePutImage {
            path = .putImage
            announce("viewer: using XPutImage (MIT-SHM disabled by --no-shm)")
        } else if !connection.advertisesSharedMemory {
            path = .putImage
            announce("viewer: MIT-SHM is not available on this display; using XPutImage")
        } else {
            path = .sharedMemory
        }
        if path == .sharedMemory {
            do {
                try makeSharedBuffers(width: width, height: height)
                announce("viewer: using MIT-SHM double buffering")
            } catch {
                path = .putImage
                announce("viewer: MIT-SHM refused by the X server (\(error)); using XPutImage")
            }
        }
        if path == .putImage {
            buffers = [PlainFrameBuffer(connection: connection, width: width, height: height)]
        }
        self.width = width
        self.height = height
    }

    private func makeSharedBuffers(width: Int, height: Int) throws {
        connection.usesSharedMemoryEvents = true
        var made: [FrameBuffer] = []
        do {
            for _ in 0..<2 {
                made.append(try SharedMemoryFrameBuffer(connection: connection, width: width, height: height))
            }
        } catch {
            made.forEach { $0.destroy() }
            throw error
        }
        buffers = made
    }

    /// Recreates the buffers at a new size (once per coalesced resize). A shared-memory failure at
    /// the new size falls back to XPutImage.
    func resize(width: Int, height: Int, announce: (String) -> Void) {
        guard width != self.width || height != self.height else { return }
        destroyBuffers()
        self.width = width
        self.height = height
        nextIndex = 0
        if path == .sharedMemory {
            do {
                try makeSharedBuffers(width: width, height: height)
                return
            } catch {
                path = .putImage
                announce("viewer: MIT-SHM refused by the X server (\(error)); using XPutImage")
            }
        }
        buffers = [PlainFrameBuffer(connection: connection, width: width, height: height)]
    }

    /// The buffer to draw the next frame into, or nil when every buffer still awaits its completion.
    func nextFreeBuffer() -> FrameBuffer? {
        for offset in 0..<buffers.count {
            let candidate = buffers[(nextIndex + offset) % buffers.count]
            if !candidate.isInFlight {
                nextIndex = (nextIndex + offset + 1) % buffers.count
                return candidate
            }
        }
        return nil
    }

    /// Marks the buffer that owns `segment` as free again; completions of destroyed buffers are ignored.
    func complete(segment: ShmSeg) {
        for buffer in buffers where buffer.complete(segment: segment) { return }
    }

    /// Destroys every buffer.
    func destroyBuffers() {
        buffers.forEach { $0.destroy() }
        buffers = []
    }
}

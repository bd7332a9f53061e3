import CX11
import Glibc
import Raster

/// An MIT-SHM image: a private 0600 SysV segment removed (IPC_RMID) right after attaching, so it
/// disappears with the last detach even if the process is killed; presented with XShmPutImage and a
/// completion event, and not drawn into again until that completion arrives.
final class SharedMemoryFrameBuffer: FrameBuffer {
    private let display: OpaquePointer
    private let image: UnsafeMutablePointer<XImage>
    /// Xlib keeps a pointer to this in the image, so it lives on the heap.
    private let segmentInfo: UnsafeMutablePointer<XShmSegmentInfo>
    let bitmap: Bitmap
    private var putsInFlight = 0
    var isInFlight: Bool { putsInFlight > 0 }

    /// Creates and attaches a `width`×`height` shared image; throws when the server refuses it
    /// (BadAccess from another IPC namespace or over TCP, BadRequest over ssh), leaving nothing behind.
    init(connection: XConnection, width: Int, height: Int) throws {
        display = connection.display
        segmentInfo = .allocate(capacity: 1)
        segmentInfo.initialize(to: XShmSegmentInfo())
        guard
            let image = XShmCreateImage(
                display, connection.visual, UInt32(connection.depth), ZPixmap, nil, segmentInfo, UInt32(width),
                UInt32(height))
        else {
            segmentInfo.deallocate()
            throw ViewerSetupError(description: "XShmCreateImage failed")
        }
        self.image = image
        let stride = Int(image.pointee.bytes_per_line)
        let size = max(1, stride * height)
        let id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        guard id >= 0 else {
            cx11_destroy_image(image)
            segmentInfo.deallocate()
            throw ViewerSetupError(description: "shmget of \(size) bytes failed (errno \(errno))")
        }
        let address = shmat(id, nil, 0)
        shmctl(id, IPC_RMID, nil)
        guard let address, cx11_shmat_failed(address) == 0 else {
            cx11_destroy_image(image)
            segmentInfo.deallocate()
            throw ViewerSetupError(description: "shmat failed (errno \(errno))")
        }
        segmentInfo.pointee.shmid = id
        segmentInfo.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segmentInfo.pointee.readOnly = 0
        image.pointee.data = segmentInfo.pointee.shmaddr
        do {
            let display = display
            let info = segmentInfo
            let attached = try XErrorTrap.trap(display) { XShmAttach(display, info) }
            guard attached != 0 else { throw ViewerSetupError(description: "XShmAttach failed") }
        } catch {
            shmdt(address)
            cx11_destroy_image(image)
            segmentInfo.deallocate()
            throw error
        }
        bitmap = Bitmap(wrapping: address, width: width, height: height, stride: stride)
    }

    /// The segment's id on the X connection, as ShmCompletion events name it.
    var segment: ShmSeg { segmentInfo.pointee.shmseg }

    func present(window: Window, graphicsContext: GC, x: Int, y: Int, width: Int, height: Int) {
        XShmPutImage(
            display, window, graphicsContext, image, Int32(x), Int32(y), Int32(x), Int32(y), UInt32(width),
            UInt32(height), 1)
        putsInFlight += 1
    }

    func complete(segment: ShmSeg) -> Bool {
        guard segment == self.segment else { return false }
        putsInFlight = max(0, putsInFlight - 1)
        return true
    }

    func destroy() {
        XShmDetach(display, segmentInfo)
        let address = segmentInfo.pointee.shmaddr
        cx11_destroy_image(image)
        shmdt(address)
        segmentInfo.deallocate()
    }
}

import CX11
import Glibc
import Raster

/// One image the viewer draws into and shows in its window.
protocol FrameBuffer: AnyObject {
    /// The pixels, wrapping the image memory (premultiplied BGRA8, the image's own stride).
    var bitmap: Bitmap { get }
    /// True while the server may still read the memory (a put awaiting its completion).
    var isInFlight: Bool { get }
    /// Copies the rectangle at (`x`, `y`) of size `width`×`height` into `window` at the same place.
    func present(window: Window, graphicsContext: GC, x: Int, y: Int, width: Int, height: Int)
    /// Handles a ShmCompletion for `segment`; true when it was this buffer's.
    func complete(segment: ShmSeg) -> Bool
    /// Releases the image and its memory; the buffer is unusable afterwards.
    func destroy()
}

/// A client-side image sent with XPutImage (the fallback when MIT-SHM is missing or refused).
final class PlainFrameBuffer: FrameBuffer {
    private let display: OpaquePointer
    private let image: UnsafeMutablePointer<XImage>
    let bitmap: Bitmap
    var isInFlight: Bool { false }

    /// A `width`×`height` image for `connection`'s visual.
    init(connection: XConnection, width: Int, height: Int) {
        display = connection.display
        let stride = width * 4
        let memory = malloc(max(1, stride * height))!
        memset(memory, 0, max(1, stride * height))
        image = XCreateImage(
            display, connection.visual, UInt32(connection.depth), ZPixmap, 0,
            memory.assumingMemoryBound(to: CChar.self), UInt32(width), UInt32(height), 32, Int32(stride))
        image.pointee.byte_order = LSBFirst
        bitmap = Bitmap(wrapping: memory, width: width, height: height, stride: stride)
    }

    func present(window: Window, graphicsContext: GC, x: Int, y: Int, width: Int, height: Int) {
        XPutImage(
            display, window, graphicsContext, image, Int32(x), Int32(y), Int32(x), Int32(y), UInt32(width),
            UInt32(height))
    }

    func complete(segment: ShmSeg) -> Bool { false }

    func destroy() {
        cx11_destroy_image(image)
    }
}

import Foundation
import Geometry
import Raster

/// What drawing reuses from call to call, one set per thread and shared by every context drawing on
/// it (nothing is kept between two drawing calls, so nested contexts share it safely): the rasterizer and
/// stroker with their buffers, the polygon paths are flattened into, the mask shapes are rasterized into,
/// a bitmap at least the context's size that images and gradients are drawn into before they are
/// composited, a row of coverage, and the blur of shadows. Drawing allocates nothing once these have
/// grown to the largest context drawn (a shadow's plane aside).
final class DrawingScratch {
    let rasterizer = Rasterizer()
    let stroker = Stroker()
    var polygon = Polygon()
    let mask = Mask(width: 1, height: 1)
    /// Images and gradients are drawn here, at their raster positions, before compositing.
    private(set) var source = Bitmap(width: 1, height: 1)
    let blur = GaussianBlur()
    /// The coverage of one row while compositing.
    private(set) var row: UnsafeMutablePointer<UInt8> = .allocate(capacity: 1)
    private var rowCapacity = 1

    private init() {}

    deinit { row.deallocate() }

    /// The calling thread's scratch, grown to serve a context of `width × height` pixels.
    static func forThread(width: Int, height: Int) -> DrawingScratch {
        let key = "Graphics.DrawingScratch"
        let dictionary = Thread.current.threadDictionary
        let scratch = dictionary[key] as? DrawingScratch ?? DrawingScratch()
        dictionary[key] = scratch
        scratch.reserve(width: width, height: height)
        return scratch
    }

    private func reserve(width: Int, height: Int) {
        if source.width < width || source.height < height {
            source = Bitmap(width: max(width, source.width), height: max(height, source.height))
        }
        if rowCapacity < width {
            row.deallocate()
            row = .allocate(capacity: width)
            rowCapacity = width
        }
    }
}

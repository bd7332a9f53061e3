import Foundation
import Geometry
import Raster

/// What a context's drawing reuses from call to call: the rasterizer and stroker with their buffers,
/// the polygon paths are flattened into, the mask shapes are rasterized into, a bitmap the size of the
/// context that images and gradients are drawn into before they are composited, a row of coverage, and
/// the blur of shadows. Drawing again allocates nothing once these have grown (a shadow's plane aside).
final class DrawingScratch {
    let rasterizer = Rasterizer()
    let stroker = Stroker()
    var polygon = Polygon()
    let mask: Mask
    /// Images and gradients are drawn here (raster pixels, the context's size) before compositing.
    let source: Bitmap
    let blur = GaussianBlur()
    /// The coverage of one row while compositing.
    let row: UnsafeMutablePointer<UInt8>

    init(width: Int, height: Int) {
        mask = Mask(width: width, height: height)
        source = Bitmap(width: width, height: height)
        row = .allocate(capacity: max(1, width))
    }

    deinit { row.deallocate() }
}

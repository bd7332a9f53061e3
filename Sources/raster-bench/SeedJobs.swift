import Geometry
import Raster

/// One benchmark job: renders frame `index` at animation progress `progress` (0 … 1).
protocol FrameJob: AnyObject {
    var name: String { get }
    func render(index: Int, progress: Double)
}

/// A plain copy of picture A into the frame: the memory-bandwidth floor.
final class CopyJob: FrameJob {
    let name = "copy"
    let a: Bitmap
    let out: Bitmap

    init(a: Bitmap, out: Bitmap) {
        self.a = a
        self.out = out
    }

    func render(index: Int, progress: Double) { out.copy(from: a) }
}

/// The seeds' masked frames: B through a shape mask over A (the clock wipe's stroked arc, the reveal's
/// growing oval). With damage tracking, the frame is kept between calls, bands of mask rows whose edges
/// did not move are copied from the previous mask, and only the pixels whose coverage changed since the
/// previous frame are composited again.
final class MaskedFrameJob: FrameJob {
    enum Shape {
        /// Seed 000: an arc of radius R/2 from 12 o'clock, stroked R wide, trimmed at `strokeEnd`.
        case wipe
        /// Seed 003: an oval growing from the 1 × 1 rectangle at the bottom-right corner.
        case reveal
    }

    let name: String
    let shape: Shape
    let damage: Bool
    let bands: Int
    let a: Bitmap
    let b: Bitmap
    let out: Bitmap
    private let masks: [Mask]
    private let rasterizer = Rasterizer()
    private let stroker = Stroker()
    private var polygon = Polygon()
    private var region: Region
    private let path: CGPath
    private let style: StrokeStyle
    /// The oval of radius 1 about the origin, as `CGPath(ellipseIn:)` builds it.
    private let unitCircle = CGPath(ellipseIn: CGRect(x: -1, y: -1, width: 2, height: 2))

    init(shape: Shape, damage: Bool, a: Bitmap, b: Bitmap, out: Bitmap, bands: Int) {
        self.shape = shape
        self.damage = damage
        self.bands = bands
        self.a = a
        self.b = b
        self.out = out
        name = (shape == .wipe ? "wipe" : "reveal") + (damage ? "+damage" : "")
        masks = [Mask(width: out.width, height: out.height), Mask(width: out.width, height: out.height)]
        region = Region(height: out.height)
        let w = CGFloat(out.width)
        let h = CGFloat(out.height)
        let radius = (w * w + h * h).squareRoot() / 2
        let arc = CGMutablePath()
        arc.move(to: CGPoint(x: w / 2, y: h / 2 - radius / 2))
        arc.addArc(
            center: CGPoint(x: w / 2, y: h / 2), radius: radius / 2, startAngle: 3 * .pi / 2, endAngle: -.pi / 2,
            clockwise: false)
        path = arc
        style = StrokeStyle(lineWidth: radius)
        out.copy(from: a)
    }

    func render(index: Int, progress: Double) {
        polygon.removeAll()
        switch shape {
        case .wipe:
            stroker.stroke(path, style: style, strokeEnd: progress, into: &polygon)
        case .reveal:
            // The oval in (w − g, h − g, 1 + 2g, 1 + 2g): the unit circle's path scaled and moved.
            let w = CGFloat(out.width)
            let h = CGFloat(out.height)
            let radius = 0.5 + (w * w + h * h).squareRoot() * progress
            let toOval = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: w + 0.5, ty: h + 0.5)
            unitCircle.flatten(into: &polygon, transform: toOval)
        }
        let mask = masks[index & 1]
        rasterizer.fill(polygon, rule: .nonZero, into: mask, reusing: damage ? masks[(index + 1) & 1] : nil)
        if damage {
            region.removeAll()
            mask.addChanges(since: masks[(index + 1) & 1], to: &region)
            out.composite(b, through: mask, over: a, in: region)
        } else {
            out.composite(b, through: mask, over: a, bands: bands)
        }
    }
}

/// Seed 002: picture A with the 128 × 128 ship turning about its centre at (150, 150), bilinear.
/// With damage tracking only the old and new bounds of the sprite are redrawn.
final class ShipJob: FrameJob {
    let name: String
    let damage: Bool
    let bands: Int
    let a: Bitmap
    let out: Bitmap
    let sprite = BenchImages.sprite()
    /// The sprite's texels that are not transparent, found once as a compositor does at image load.
    let visible: PixelRect
    private var region: Region
    private var previous = PixelRect(x: 0, y: 0, width: 0, height: 0)

    init(damage: Bool, a: Bitmap, out: Bitmap, bands: Int) {
        self.damage = damage
        self.bands = bands
        self.a = a
        self.out = out
        name = damage ? "ship+damage" : "ship"
        visible = sprite.nonTransparentBounds()
        region = Region(height: out.height)
        out.copy(from: a)
    }

    func render(index: Int, progress: Double) {
        let transform = CGAffineTransform(translationX: -64, y: -64)
            .concatenating(CGAffineTransform(rotationAngle: 2 * .pi * progress))
            .concatenating(CGAffineTransform(translationX: 150, y: 150))
        guard damage else {
            out.copy(from: a)
            out.draw(sprite, transform: transform, visibleTexels: visible, bands: bands)
            return
        }
        let bounds = Bitmap.deviceBounds(ofTexels: visible, transform: transform)
        region.removeAll()
        region.add(previous)
        region.add(bounds)
        previous = bounds
        out.copy(from: a, in: region)
        out.draw(sprite, transform: transform, in: region, visibleTexels: visible, bands: bands)
    }
}

import Foundation
import LayerKit
import Raster

/// Draws a layer tree's presentation into a `Bitmap`: bounds, position, anchor point and the 3-D
/// transform chain (perspective, `sublayerTransform`, flattening at each ordinary layer, `zPosition`
/// order, `isDoubleSided`, `CATransformLayer` depth order; see `SublayerSpace`), opacity (group opacity where a layer has several parts), `isHidden`,
/// `backgroundColor`, `contents` images placed by `contentsGravity` and sampled bilinearly,
/// `masksToBounds`, shape layers (fill, then stroke, trimmed by `strokeStart`/`strokeEnd`), and masks
/// (the alpha of the mask's rendered subtree, in the masked layer's space).
///
/// A compositor remembers, for each bitmap it drew into, the frame it left there, so it can redraw only
/// what changed (`damageOnly`); masks, scratch bitmaps and resampled images are reused from frame to
/// frame. Use one compositor per thread.
public final class Compositor {
    private let scratch = BitmapPool()
    private lazy var builder = DisplayListBuilder(scratch: scratch, cores: cores) { [unowned self] items, bitmap in
        self.painter(for: bitmap).paint(items, into: bitmap, region: nil)
    }
    /// The last frame drawn into each live target, to compute damage against; entries whose target
    /// went away are dropped at the next frame.
    private var lastFrames: [(target: WeakBitmap, items: [DrawItem])] = []
    /// The damage of the frame being drawn, its storage reused from frame to frame.
    private var damage = DamageList()
    /// The bounds of the items of a frame drawn in bands, its storage reused from frame to frame.
    private var itemBounds: [PixelRect] = []

    /// The cores a frame may be drawn on.
    let cores: Int

    /// A compositor drawing on every core of the machine where a frame is large enough to pay.
    public convenience init() {
        self.init(cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// A compositor drawing on up to `cores` cores (1 draws on the calling thread alone).
    public init(cores: Int) {
        self.cores = max(1, cores)
    }

    /// Draws the whole frame: the presentation of `root` (as of the last engine step) over transparent
    /// black.
    public func render(_ root: CALayer, into target: Bitmap) {
        _ = render(root, into: target, damageOnly: false)
    }

    /// Draws the presentation of `root` into `target` and returns the rectangles that changed. With
    /// `damageOnly`, only pixels that differ from the frame this compositor last drew into `target` are
    /// drawn (the whole frame when it never drew there); otherwise every pixel is.
    @discardableResult
    public func render(_ root: CALayer, into target: Bitmap, damageOnly: Bool) -> [CGRect] {
        let tree = root.presentation() ?? root
        let items = builder.build(tree, width: target.width, height: target.height)
        lastFrames.removeAll { $0.target.bitmap == nil }
        let index = lastFrames.firstIndex { $0.target.bitmap === target }
        let frame = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        damage.reset(frame: frame)
        // Damage covering much of the frame costs as much to draw as the whole frame, and more to walk.
        var whole = !damageOnly || index == nil
        if !whole, let index {
            let limit = Int(Double(frame.area) * Self.wholeFrameShare)
            Damage.add(from: lastFrames[index].items, to: items, into: &damage, until: limit)
            whole = damage.estimate >= limit
            if !whole { damage.finish() }
        }
        if let index {
            lastFrames[index].items = items
        } else {
            lastFrames.append((WeakBitmap(target), items))
        }
        if whole {
            paint(items, into: target, region: nil)
            return [CGRect(x: 0, y: 0, width: frame.width, height: frame.height)]
        }
        guard !damage.region.isEmpty else { return [] }
        paint(items, into: target, region: damage.region)
        let bounds = damage.region.bounds
        return [CGRect(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height)]
    }

    /// The share of the frame's pixels from which damage is drawn as a whole frame instead (decided on
    /// `DamageList.estimate`, before a region is built).
    static let wholeFrameShare = 0.5

    /// Draws a frame's items, in bands on several cores when there is enough to draw (`Painter.drawsInBands`).
    private func paint(_ items: [DrawItem], into target: Bitmap, region: Region?) {
        let painter = painter(for: target)
        if Painter.drawsInBands(items, into: target, region: region, cores: cores) {
            painter.paintInBands(items, into: target, region: region, itemBounds: &itemBounds)
        } else {
            painter.paint(items, into: target, region: region)
        }
    }

    private func painter(for target: Bitmap) -> Painter {
        Painter(scratch: scratch, bands: target.width * target.height >= 512 * 512 ? 2 : 1)
    }
}

/// A bitmap held weakly, so a dropped target is never mistaken for a new one at the same address.
private final class WeakBitmap {
    weak var bitmap: Bitmap?
    init(_ bitmap: Bitmap) { self.bitmap = bitmap }
}

import Foundation
import Geometry
import Pictures
import Raster

/// Core Graphics' drawing context, drawing into a bitmap with Raster: paths filled (both rules) and
/// stroked (width, caps, joins, miter limit, dashes), clipping, the graphics-state stack, the current
/// transform, colours, alpha, blend modes, images, linear and radial gradients, shadows and text.
///
/// Coordinates follow Core Graphics exactly. Device space is the bitmap's pixels with the origin at the
/// bottom left and y up, so a context made with `init(data:width:height:…)` starts with the identity
/// transform and draws y-up; the first row in memory is the top row of the picture. The contexts UIKit
/// hands out (a layer's `draw(in:)`, `UIGraphicsImageRenderer`, `UIGraphicsBeginImageContextWithOptions`)
/// are made with `init(size:scale:)`: flipped to UIKit's top-left origin and scaled to pixels, so their
/// `ctm` is `[scale, 0, 0, −scale, 0, height in pixels]`, as on iOS.
///
/// Pixels are premultiplied; colours are device RGB. What is not implemented: patterns, transparency
/// layers, PDF, colour management, and Core Text's glyph-level API (text is drawn by UIKit's string
/// drawing in LayerKit through `fillText(_:styles:at:width:)`). As Core Graphics' own, a context is drawn
/// from one thread at a time: the one that made it (it borrows that thread's scratch buffers).
public final class CGContext {
    /// The pixels, top row first, premultiplied `0xAARRGGBB` words.
    let pixels: Bitmap
    /// How the caller's memory holds the pixels when it is not `pixels` itself (nil: it is).
    let external: ExternalPixels?
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    public let bitsPerComponent = 8
    public let bitsPerPixel = 32
    public let bitmapInfo: UInt32
    public let colorSpace: CGColorSpace?
    var state: GraphicsState
    var savedStates: [GraphicsState] = []
    /// The transform the context was made with: shadows are offset and blurred in its space.
    let baseTransform: CGAffineTransform
    /// The current path, in raster pixels (top row 0, y down): points are mapped by the transform in
    /// force when they are added, as Core Graphics maps them.
    var devicePath = CGMutablePath()
    /// The rasterizer, stroker and buffers every drawing reuses (the thread's).
    let scratch: DrawingScratch

    /// A bitmap context over `data` (or memory of its own when nil) of `width × height` pixels, 8 bits
    /// a component, as Core Graphics' initializer: RGB with premultiplied alpha first or last, or with
    /// the alpha byte skipped, in either byte order (`CGImageAlphaInfo.premultipliedFirst.rawValue |
    /// CGBitmapInfo.byteOrder32Little.rawValue` is the native layout, drawn in place; the others are
    /// converted after every drawing). Nil for any other layout (no float, 16-bit, gray or alpha-only
    /// contexts), a `bytesPerRow` below 4 × width, or an empty size.
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        guard bitsPerComponent == 8, width > 0, height > 0, width <= 1 << 15, height <= 1 << 15,
            space.numberOfComponents == 3, let order = ExternalPixels.Order(bitmapInfo: bitmapInfo)
        else { return nil }
        let stride = bytesPerRow == 0 ? 4 * width : bytesPerRow
        guard stride >= 4 * width else { return nil }
        self.width = width
        self.height = height
        self.bitmapInfo = bitmapInfo
        colorSpace = space
        if order == .native {
            pixels =
                data.map { Bitmap(wrapping: $0, width: width, height: height, stride: stride) }
                ?? Bitmap(width: width, height: height)
            external = nil
            self.bytesPerRow = pixels.stride
        } else {
            pixels = Bitmap(width: width, height: height)
            let outside = ExternalPixels(
                memory: data ?? Self.allocateZeroed(stride * height), order: order, stride: stride, owned: data == nil)
            outside.read(into: pixels)
            external = outside
            self.bytesPerRow = stride
        }
        baseTransform = .identity
        state = GraphicsState(ctm: .identity)
        scratch = DrawingScratch.forThread(width: width, height: height)
    }

    /// A context of its own pixels for `size` points at `scale` pixels a point (the size rounded up to
    /// whole pixels), flipped to UIKit's coordinates: origin at the top left, y down, one unit a point.
    /// What UIKit's image renderers and a layer's backing store give `draw(in:)`.
    public init(size: CGSize, scale: CGFloat) {
        let s = scale > 0 && scale.isFinite ? scale : 1
        width = max(1, Int((size.width * s).rounded(.up)))
        height = max(1, Int((size.height * s).rounded(.up)))
        bitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        colorSpace = CGColorSpaceCreateDeviceRGB()
        pixels = Bitmap(width: width, height: height)
        bytesPerRow = pixels.stride
        external = nil
        let flip = CGAffineTransform(a: s, b: 0, c: 0, d: -s, tx: 0, ty: CGFloat(height))
        baseTransform = flip
        state = GraphicsState(ctm: flip)
        scratch = DrawingScratch.forThread(width: width, height: height)
    }

    private static func allocateZeroed(_ count: Int) -> UnsafeMutableRawPointer {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, count))
        return memory
    }

    /// The pixel memory in the context's own layout.
    public var data: UnsafeMutableRawPointer? { external?.memory ?? pixels.baseAddress }

    /// The alpha part of `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo { CGImageAlphaInfo(rawValue: bitmapInfo & 0x1F) ?? .premultipliedFirst }

    /// An image of the pixels as they are now (a copy: drawing on does not change it).
    public func makeImage() -> CGImage? {
        var copy = [UInt32](repeating: 0, count: width * height)
        copy.withUnsafeMutableBufferPointer { out in
            for y in 0..<height { (out.baseAddress! + y * width).update(from: pixels.row(y), count: width) }
        }
        return CGImage(width: width, height: height, pixels: copy)
    }

    /// The pixels themselves, as a `CGImage` sharing them: the context must not draw again while the image
    /// is used (what a layer's `display()` does with its backing store).
    public func takeImage() -> CGImage { CGImage(sharing: pixels) }

    // MARK: The graphics state

    public func saveGState() { savedStates.append(state) }

    /// Puts back the state saved last; does nothing when none is saved.
    public func restoreGState() {
        if let saved = savedStates.popLast() { state = saved }
    }

    // MARK: The current transform

    /// User space → device space (pixels, origin at the bottom left).
    public var ctm: CGAffineTransform { state.ctm }

    /// Same as `ctm`.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        concatenate(CGAffineTransform(translationX: tx, y: ty))
    }

    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { concatenate(CGAffineTransform(scaleX: sx, y: sy)) }

    /// Turns user space by `angle` radians (counter-clockwise in a y-up space, so clockwise on a
    /// UIKit-flipped one).
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    /// Core Graphics' device space (y up) → raster pixels (top row 0).
    var rasterFromDevice: CGAffineTransform { CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)) }

    /// User space → raster pixels.
    var rasterFromUser: CGAffineTransform { state.ctm.concatenating(rasterFromDevice) }

    /// The whole bitmap in raster pixels.
    var canvas: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    // MARK: Colours and drawing parameters

    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = CGColor(gray: gray, alpha: alpha) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.strokeColor = CGColor(gray: gray, alpha: alpha) }

    /// The width of strokes in user space (default 1); a negative width is ignored.
    public func setLineWidth(_ width: CGFloat) {
        if width >= 0 { state.lineWidth = width }
    }

    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// The largest miter length over line width drawn as a miter (default 10).
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit }

    /// Dashes: `lengths` alternate painted and unpainted lengths in user space, starting `phase` into the
    /// pattern; an empty array is a solid line.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.dashLengths = lengths
        state.dashPhase = phase
    }

    /// Multiplies everything drawn by `alpha` (clamped to 0…1; default 1).
    public func setAlpha(_ alpha: CGFloat) { state.alpha = max(0, min(1, alpha.isNaN ? 1 : alpha)) }

    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    public func setFlatness(_ flatness: CGFloat) {
        if flatness > 0 { state.flatness = flatness }
    }

    public func setShouldAntialias(_ antialias: Bool) { state.shouldAntialias = antialias }
    public func setAllowsAntialiasing(_ allows: Bool) { state.allowsAntialiasing = allows }

    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Shadows everything drawn after it: offset and blur in the context's base space (unaffected by the
    /// current transform, as Core Graphics documents; in UIKit's contexts positive heights go down, in a
    /// bitmap context's up, QA1706), blurred with a Gaussian of σ = blur / 2. A nil or transparent colour
    /// turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0 else {
            state.shadow = nil
            return
        }
        state.shadow = GraphicsState.Shadow(offset: offset, blur: max(0, blur), color: color)
    }

    /// A shadow in black with 1/3 alpha, Core Graphics' default.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// Core Graphics flushes drawing to a device here; a bitmap context has nothing to do.
    public func flush() {}

    /// Same as `flush()`.
    public func synchronize() {}
}

/// Pixel memory the caller gave (or asked for) in a layout other than Raster's: the channels' byte
/// positions, converted from and to the context's own pixels.
final class ExternalPixels {
    /// Where a pixel's bytes go: the byte index of alpha, red, green and blue, and whether the alpha
    /// byte is ignored (`noneSkip…`: the picture is opaque). Its fields are alike `ContentsLayout`'s (Compositor)
    /// and its init `WindowLayout.Chrome`'s (Overlay) on purpose: plain stored data, no shared logic.
    struct Order: Equatable {
        let alpha: Int
        let red: Int
        let green: Int
        let blue: Int
        let skipsAlpha: Bool

        static let native = Order(alpha: 3, red: 2, green: 1, blue: 0, skipsAlpha: false)

        /// The order of a Core Graphics bitmap info, nil for layouts not drawn (no alpha, straight alpha,
        /// alpha only, floats, 16-bit orders).
        init?(bitmapInfo: UInt32) {
            let info = CGBitmapInfo(rawValue: bitmapInfo)
            guard !info.contains(.floatComponents), let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & 0x1F) else {
                return nil
            }
            let order = info.intersection(.byteOrderMask)
            let little: Bool
            switch order {
            case .byteOrder32Little: little = true
            case .byteOrderDefault, .byteOrder32Big: little = false
            default: return nil
            }
            let first: Bool
            let skips: Bool
            switch alpha {
            case .premultipliedFirst: (first, skips) = (true, false)
            case .noneSkipFirst: (first, skips) = (true, true)
            case .premultipliedLast: (first, skips) = (false, false)
            case .noneSkipLast: (first, skips) = (false, true)
            default: return nil
            }
            // The 32-bit word is A R G B (first) or R G B A (last), most significant byte first; a little-
            // endian order stores it backwards.
            let word = first ? [0, 1, 2, 3] : [3, 0, 1, 2]
            let at = little ? word.map { 3 - $0 } : word
            self.init(alpha: at[0], red: at[1], green: at[2], blue: at[3], skipsAlpha: skips)
        }

        private init(alpha: Int, red: Int, green: Int, blue: Int, skipsAlpha: Bool) {
            self.alpha = alpha
            self.red = red
            self.green = green
            self.blue = blue
            self.skipsAlpha = skipsAlpha
        }
    }

    let memory: UnsafeMutableRawPointer
    let order: Order
    let stride: Int
    /// True when the context allocated the memory (and frees it).
    let owned: Bool

    init(memory: UnsafeMutableRawPointer, order: Order, stride: Int, owned: Bool) {
        self.memory = memory
        self.order = order
        self.stride = stride
        self.owned = owned
    }

    deinit {
        if owned { memory.deallocate() }
    }

    /// Reads the caller's pixels into `bitmap` (an opaque alpha where it is skipped).
    func read(into bitmap: Bitmap) {
        for y in 0..<bitmap.height {
            let bytes = (memory + y * stride).assumingMemoryBound(to: UInt8.self)
            let out = bitmap.row(y)
            for x in 0..<bitmap.width {
                let p = bytes + 4 * x
                let a: UInt32 = order.skipsAlpha ? 255 : UInt32(p[order.alpha])
                out[x] = a << 24 | UInt32(p[order.red]) << 16 | UInt32(p[order.green]) << 8 | UInt32(p[order.blue])
            }
        }
    }

    /// Writes `area` of `bitmap` into the caller's memory in its layout (alpha forced opaque where the
    /// layout skips it, in the bitmap too, so later drawing blends over an opaque picture).
    func write(from bitmap: Bitmap, area: PixelRect) {
        for y in area.rows {
            let bytes = (memory + y * stride).assumingMemoryBound(to: UInt8.self)
            let row = bitmap.row(y)
            for x in area.columns {
                if order.skipsAlpha { row[x] |= 0xFF00_0000 }
                let pixel = row[x]
                let p = bytes + 4 * x
                p[order.alpha] = UInt8(truncatingIfNeeded: pixel >> 24)
                p[order.red] = UInt8(truncatingIfNeeded: pixel >> 16)
                p[order.green] = UInt8(truncatingIfNeeded: pixel >> 8)
                p[order.blue] = UInt8(truncatingIfNeeded: pixel)
            }
        }
    }
}

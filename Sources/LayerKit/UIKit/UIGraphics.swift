import Foundation

/// UIKit's current contexts, one stack per thread: what `UIGraphicsGetCurrentContext()` returns and
/// what `UIBezierPath.fill()`, `UIColor.setFill()`, `UIImage.draw(in:)` and string drawing draw into.
enum UIGraphicsStack {
    /// The stack of the calling thread (a class, so it is changed in place).
    final class Contexts {
        var stack: [CGContext] = []
        /// The contexts `UIGraphicsBeginImageContextWithOptions` made, and their scales.
        var imageContexts: [(context: CGContext, scale: CGFloat)] = []
    }

    static var current: Contexts {
        let key = "LayerKit.UIGraphicsStack"
        let dictionary = Thread.current.threadDictionary
        if let known = dictionary[key] as? Contexts { return known }
        let made = Contexts()
        dictionary[key] = made
        return made
    }
}

/// The context UIKit's drawing functions draw into: the top of the thread's stack.
public func UIGraphicsGetCurrentContext() -> CGContext? { UIGraphicsStack.current.stack.last }

/// Makes `context` the current context until `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) { UIGraphicsStack.current.stack.append(context) }

/// Puts back the context current before the last push.
public func UIGraphicsPopContext() { _ = UIGraphicsStack.current.stack.popLast() }

/// Makes a bitmap context of `size` points at `scale` pixels a point (0: the screen's, 1 here) the current
/// context, flipped to UIKit's coordinates; an opaque one starts opaque black.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let pixelsPerPoint = scale > 0 ? scale : UIScreen.main.scale
    let context = CGContext(size: size, scale: pixelsPerPoint)
    if opaque { context.fill(CGRect(origin: .zero, size: size)) }
    let contexts = UIGraphicsStack.current
    contexts.imageContexts.append((context, pixelsPerPoint))
    contexts.stack.append(context)
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// The current image context's picture so far (nil when the current context is not one).
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    let contexts = UIGraphicsStack.current
    guard let current = contexts.stack.last, let made = contexts.imageContexts.last(where: { $0.context === current }),
        let image = current.makeImage()
    else { return nil }
    return UIImage(cgImage: image, scale: made.scale)
}

/// Ends the current image context (popping it).
public func UIGraphicsEndImageContext() {
    let contexts = UIGraphicsStack.current
    guard let current = contexts.stack.last, contexts.imageContexts.contains(where: { $0.context === current }) else {
        return
    }
    contexts.stack.removeLast()
    contexts.imageContexts.removeAll { $0.context === current }
}

/// How an image renderer's pictures are made: `scale` pixels a point (the screen's by default: 1 here),
/// `opaque` (false by default).
public class UIGraphicsRendererFormat {
    /// A format with the defaults.
    public required init() {}

    /// The bounds a renderer of this format draws into (set by the renderer).
    public internal(set) var bounds = CGRect.zero
}

/// The format of `UIGraphicsImageRenderer`.
public final class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    /// The range of colours (standard only: the pictures are 8-bit sRGB).
    public enum Range: Int {
        /// The colour range asked of a renderer's images (kept for ported code; images are 8-bit RGB).
        case unspecified = -1, automatic = 0, extended = 1, standard = 2
    }

    /// Pixels per point of the images (default `UIScreen.main.scale`, 1).
    public var scale: CGFloat = UIScreen.main.scale
    /// Whether the images have no alpha (default false).
    public var opaque = false
    /// The colour range asked for (default `automatic`).
    public var preferredRange = Range.automatic

    /// A format with the defaults: scale 1, not opaque.
    public required init() {}

    /// The format of the main screen.
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The format that suits the device best (the default one).
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What a renderer's drawing block is given: the Core Graphics context, and UIKit's conveniences.
public class UIGraphicsRendererContext {
    /// The Core Graphics context to draw into: UIKit's coordinates, origin top-left.
    public let cgContext: CGContext
    /// The format the renderer draws with.
    public let format: UIGraphicsRendererFormat

    init(cgContext: CGContext, format: UIGraphicsRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Fills `rect` with the current fill colour in `blendMode`.
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.drawing(blendMode: blendMode, alpha: 1) { $0.fill(rect) }
    }

    /// Strokes `rect` with the current stroke colour and line width.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    /// Strokes `rect` in `blendMode`.
    public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.drawing(blendMode: blendMode, alpha: 1) { $0.stroke(rect) }
    }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// An image renderer's context: adds the picture drawn so far.
public final class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    let scale: CGFloat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        scale = format.scale
        super.init(cgContext: cgContext, format: format)
    }

    /// The picture as drawn so far.
    public var currentImage: UIImage {
        UIImage(cgImage: cgContext.makeImage() ?? CGImage(width: 0, height: 0, pixels: []), scale: scale)
    }
}

/// UIKit's image renderer: `image { context in … }` runs the block with a context of the renderer's size
/// (flipped to UIKit's coordinates, current for UIKit's drawing while it runs) and returns the picture at
/// the format's scale.
public final class UIGraphicsImageRenderer {
    /// The format the renderer draws with.
    public let format: UIGraphicsImageRendererFormat
    /// The rectangle drawn, in points (its origin at the picture's top left).
    public let bounds: CGRect
    /// Always true: an image renderer makes images.
    public let allowsImageOutput = true

    /// A renderer of images of `size` points, with `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of images of `size` points, with the default format.
    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    /// A renderer of images of `bounds`, with `format`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.format = format
        self.bounds = bounds
        format.bounds = bounds
    }

    /// A renderer of images of `bounds`, with the default format.
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }

    /// The picture `actions` draws.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let scale = format.scale > 0 ? format.scale : 1
        let context = CGContext(size: bounds.size, scale: scale)
        if format.opaque { context.fill(CGRect(origin: .zero, size: bounds.size)) }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
        UIGraphicsPushContext(context)
        actions(rendererContext)
        UIGraphicsPopContext()
        return UIImage(cgImage: context.takeImage(), scale: scale)
    }
}

import Foundation

/// UIKit's image, as far as layer code uses it: a `CGImage` and the scale that turns its pixels into
/// points. `size` is in points (pixels ÷ scale). Immutable after it is made (hence `@unchecked
/// Sendable`), as UIKit's images are.
public final class UIImage: @unchecked Sendable {
    /// The picture; never nil for an image made here (UIKit's is optional for other kinds of image).
    public let cgImage: CGImage?
    public let scale: CGFloat

    /// The image's size in points.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
    }

    /// The picture called `name` in the folders of `PictureLibrary.shared` (see `url(named:)`), or nil
    /// when none has it or it cannot be read. An `@2x` or `@3x` before the extension sets the scale.
    public convenience init?(named name: String) {
        guard let url = PictureLibrary.shared.url(named: name) else { return nil }
        self.init(contentsOfFile: url.path)
    }

    /// The picture in the file at `path`, or nil when it cannot be read. An `@2x` or `@3x` before the
    /// extension sets the scale, as in UIKit.
    public convenience init?(contentsOfFile path: String) {
        guard let image = PictureLibrary.shared.image(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        self.init(cgImage: image, scale: Self.scale(ofFileNamed: path))
    }

    /// The picture the bytes of a PNG or JPEG file hold, at `scale` pixels a point, or nil when they
    /// cannot be read.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let image = PictureLibrary.shared.image(data: data) else { return nil }
        self.init(cgImage: image, scale: scale)
    }

    /// 2 or 3 for a file name ending in `@2x` or `@3x` before its extension, else 1.
    static func scale(ofFileNamed path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }
}

// `import LayerKit` replaces `import QuartzCore`: it brings Geometry (CGPath, CATransform3D, …) and,
// through it, Foundation's CGFloat/CGPoint/CGSize/CGRect.
@_exported import Geometry
// Core Graphics' drawing (`CGContext`, `CGColor`, `CGGradient`, …), for `draw(in:)` and image renderers.
@_exported import Graphics
// `CGImage` and `UIImage` (with `UIImage(named:)`), for `layer.contents = image.cgImage`.
@_exported import Pictures

/// Core Animation's name for a time interval in seconds.
public typealias CFTimeInterval = Double

// `import LayerKit` replaces `import QuartzCore`: it brings Geometry (CGPath, CATransform3D, …) and,
// through it, Foundation's CGFloat/CGPoint/CGSize/CGRect.
@_exported import Geometry

/// Core Animation's name for a time interval in seconds.
public typealias CFTimeInterval = Double

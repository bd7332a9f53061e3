// `import UIKit` in code pasted from iOS: the UIKit names animation code uses (UIColor, UIBezierPath,
// UIScreen, …) and Core Animation come from LayerKit.
@_exported import LayerKit

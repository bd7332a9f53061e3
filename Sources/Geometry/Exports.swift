// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` come from Foundation on Linux too; re-exporting it lets
// ported code write `import LayerKit` where it wrote `import QuartzCore`.
@_exported import Foundation

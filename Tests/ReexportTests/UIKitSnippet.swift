import UIKit

// Not in the same file as `import Testing`: swift-testing declares a cross-import overlay for UIKit
// (`_Testing_UIKit`) that Swift on Linux does not ship, so a file importing both fails to compile.

/// Code written for iOS with `import UIKit`, unchanged; returns what the test checks.
func uikitSnippet() -> (keys: [String]?, fillAlpha: Double?, containsCentre: Bool, screenWidth: Double) {
    let path = UIBezierPath(
        roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), byRoundingCorners: [.topLeft, .topRight],
        cornerRadii: CGSize(width: 12, height: 12))
    let shape = CAShapeLayer()
    shape.path = path.cgPath
    shape.fillColor = UIColor.systemBlue.withAlphaComponent(0.5).cgColor
    shape.strokeColor = UIColor(hue: 0.6, saturation: 0.8, brightness: 0.9, alpha: 1).cgColor
    let move = CABasicAnimation(keyPath: "position")
    move.toValue = NSValue(cgPoint: CGPoint(x: UIScreen.main.bounds.midX, y: 200))
    shape.add(move, forKey: "move")
    return (
        shape.animationKeys(), shape.fillColor.map { Double($0.alpha) }, path.contains(CGPoint(x: 50, y: 30)),
        Double(UIScreen.main.bounds.width)
    )
}

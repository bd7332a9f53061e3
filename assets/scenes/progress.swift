// Custom drawing, the classic Core Animation idiom: a layer subclass draws itself with Core Graphics in
// `draw(in:)`, and its own property `progress` animates because the class answers
// `needsDisplay(forKey: "progress")` — the presentation copy is drawn again every frame with the
// interpolated value. A progress ring (a gradient clipped to the stroked arc, the percentage as text)
// and a pie chart share the idiom; "jump" assigns `progress` directly and `action(forKey:)` animates
// the change, as an `@NSManaged` property does on iOS.
//
//   layerscope view --scene assets/scenes/progress.swift
//   layerscope render --scene assets/scenes/progress.swift --at 0.5,1.25,4 --out frames/
import LayerKit
import Scenes

/// A ring that fills clockwise from 12 o'clock, with the percentage in the middle.
final class ProgressRingLayer: CALayer {
    /// 0 … 1 (`@objc dynamic var progress: CGFloat = 0` in iOS code).
    dynamic var progress: CGFloat = 0

    override init() { super.init() }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressRingLayer { progress = other.progress }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    /// Assigning `progress` animates it from what is on screen.
    override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.progress ?? progress
        animation.duration = 0.8
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return animation
    }

    override func draw(in ctx: CGContext) {
        let lineWidth: CGFloat = 22
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - lineWidth / 2 - 2
        // The track.
        ctx.setLineWidth(lineWidth)
        ctx.setStrokeColor(UIColor(white: 1, alpha: 0.12).cgColor)
        ctx.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ctx.strokePath()
        // The arc, as the outline of its stroke, clipped to and filled with a gradient.
        let start = -CGFloat.pi / 2
        if progress > 0 {
            ctx.saveGState()
            ctx.setLineCap(.round)
            ctx.addArc(
                center: center, radius: radius, startAngle: start, endAngle: start + 2 * .pi * progress,
                clockwise: false)
            ctx.replacePathWithStrokedPath()
            ctx.clip()
            let colors = [
                UIColor(red: 0.25, green: 0.85, blue: 0.95, alpha: 1).cgColor,
                UIColor(red: 0.55, green: 0.35, blue: 1, alpha: 1).cgColor,
            ]
            let gradient = CGGradient(
                colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: [0, 1])!
            ctx.drawLinearGradient(
                gradient, start: CGPoint(x: bounds.minX, y: bounds.minY), end: CGPoint(x: bounds.maxX, y: bounds.maxY),
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            ctx.restoreGState()
        }
        // The percentage, centred.
        UIGraphicsPushContext(ctx)
        let text = "\(Int((progress * 100).rounded()))%"
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.boldSystemFont(ofSize: 44), .foregroundColor: UIColor.white,
        ]
        let size = text.size(withAttributes: attributes)
        text.draw(at: CGPoint(x: center.x - size.width / 2, y: center.y - size.height / 2), withAttributes: attributes)
        UIGraphicsPopContext()
    }
}

/// A pie chart whose slices grow together with `progress`, each with a soft shadow. Its inits and
/// `needsDisplay(forKey:)` are `ProgressRingLayer`'s on purpose: each layer is a whole example to copy.
final class PieChartLayer: CALayer {
    dynamic var progress: CGFloat = 0
    let shares: [CGFloat] = [0.4, 0.25, 0.2, 0.15]
    let colors = [
        UIColor(red: 1, green: 0.42, blue: 0.35, alpha: 1), UIColor(red: 1, green: 0.78, blue: 0.3, alpha: 1),
        UIColor(red: 0.35, green: 0.8, blue: 0.55, alpha: 1), UIColor(red: 0.3, green: 0.6, blue: 1, alpha: 1),
    ]

    override init() { super.init() }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? PieChartLayer { progress = other.progress }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 12
        ctx.setShadow(offset: CGSize(width: 0, height: 4), blur: 10, color: UIColor(white: 0, alpha: 0.45).cgColor)
        var angle = -CGFloat.pi / 2
        for (share, color) in zip(shares, colors) {
            let sweep = 2 * .pi * share * progress
            guard sweep > 0 else { continue }
            ctx.move(to: center)
            ctx.addArc(center: center, radius: radius, startAngle: angle, endAngle: angle + sweep, clockwise: false)
            ctx.closePath()
            ctx.setFillColor(color.cgColor)
            ctx.fillPath()
            angle += sweep
        }
    }
}

final class Progress: SceneScript {
    let ring = ProgressRingLayer()
    let pie = PieChartLayer()

    required init() {}

    func setUp(root: CALayer) {
        root.backgroundColor = UIColor(red: 0.09, green: 0.1, blue: 0.14, alpha: 1).cgColor
        let side = min(root.bounds.width / 2.4, root.bounds.height * 0.7)
        ring.name = "ring"
        ring.frame = CGRect(
            x: root.bounds.width / 4 - side / 2, y: root.bounds.midY - side / 2, width: side, height: side)
        pie.name = "pie"
        pie.frame = CGRect(
            x: 3 * root.bounds.width / 4 - side / 2, y: root.bounds.midY - side / 2, width: side, height: side)
        for layer in [ring, pie] {
            layer.setNeedsDisplay()
            root.addSublayer(layer)
        }
        start()
    }

    var actions: [String] { ["start", "stop", "jump"] }

    var autoplay: [SceneCue] { [SceneCue(at: 3.5, "jump")] }

    func perform(_ action: String) {
        switch action {
        case "start": start()
        case "stop":
            ring.removeAllAnimations()
            pie.removeAllAnimations()
        case "jump": ring.progress = ring.progress < 0.5 ? 0.9 : 0.3
        default: break
        }
    }

    func start() {
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.toValue = 0.72
        fill.duration = 2.5
        fill.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        ring.progress = 0.72
        ring.add(fill, forKey: "fill")
        let grow = CABasicAnimation(keyPath: "progress")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 2
        grow.timingFunction = CAMediaTimingFunction(name: .easeOut)
        pie.progress = 1
        pie.add(grow, forKey: "grow")
    }
}

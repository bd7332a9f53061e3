import Foundation
import Testing

@testable import LayerKit

/// A layer that records every `draw(in:)`: which layer drew (model or presentation), its `progress`, the
/// context's size and transform.
/// Its initializers and `needsDisplay(forKey:)` are alike the layers of the scene progress.swift on purpose: it is
/// the subclass idiom user code writes, spelled out here as a user would.
final class PieLayer: CALayer {
    struct Drawing: Equatable {
        var presentation: Bool
        var progress: CGFloat
        var pixels: Int
        var ctm: CGAffineTransform
    }

    /// The idiom of iOS code (`@objc dynamic var progress: CGFloat = 0` there).
    dynamic var progress: CGFloat = 0
    /// Not a display key: changes of it redraw nothing.
    var note = 0
    nonisolated(unsafe) static var drawings: [Drawing] = []
    nonisolated(unsafe) static var animateChanges = false

    override init() { super.init() }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? PieLayer { progress = other.progress }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        guard Self.animateChanges, event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.progress
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    override func draw(in ctx: CGContext) {
        Self.drawings.append(
            Drawing(presentation: isPresentation, progress: progress, pixels: ctx.width * ctx.height, ctm: ctx.ctm))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.move(to: CGPoint(x: bounds.midX, y: bounds.midY))
        ctx.addArc(
            center: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2, startAngle: -.pi / 2,
            endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
        ctx.fillPath()
    }
}

/// A delegate that draws, or displays by itself.
final class DrawingDelegate: CALayerDelegate {
    var draws = 0
    var displays = 0
    let setsContentsItself: Bool

    init(setsContentsItself: Bool) { self.setsContentsItself = setsContentsItself }

    func display(_ layer: CALayer) {
        guard setsContentsItself else { return layer.displayBackingStore() }
        displays += 1
        layer.contents = CGImage(width: 1, height: 1, pixels: [0xFF00_FF00])
    }

    func draw(_ layer: CALayer, in ctx: CGContext) { draws += 1 }
}

/// `display()`, `setNeedsDisplay()`, `needsDisplayOnBoundsChange`, the delegate's drawing, the backing
/// store's size and coordinates, and custom animatable properties drawn frame by frame from the
/// presentation's interpolated value.
@Suite(.serialized) struct CustomDrawingTests {
    static func tree(_ clock: ManualClock) -> (CALayer, PieLayer) {
        PieLayer.drawings = []
        PieLayer.animateChanges = false
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let pie = PieLayer()
        pie.frame = CGRect(x: 10, y: 10, width: 40, height: 20)
        root.addSublayer(pie)
        step(root, clock, at: 0)
        return (root, pie)
    }

    @Test func setNeedsDisplayDrawsOnceAtTheNextStep() throws {
        let clock = freshEngine()
        let (root, pie) = Self.tree(clock)
        #expect(PieLayer.drawings.isEmpty && pie.contents == nil)
        pie.setNeedsDisplay()
        #expect(pie.needsDisplay())
        step(root, clock, at: 0.1)
        #expect(!pie.needsDisplay())
        #expect(
            PieLayer.drawings == [
                .init(presentation: false, progress: 0, pixels: 800, ctm: .init(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 20))
            ])
        let image = try #require(pie.contents as? CGImage)
        #expect(image.width == 40 && image.height == 20)
        #expect((pie.presentation()?.contents as? CGImage) === image)
        step(root, clock, at: 0.2)
        #expect(PieLayer.drawings.count == 1)
    }

    @Test func theBackingStoreIsBoundsTimesContentsScaleWithTheBoundsOriginAtTheTopLeft() throws {
        let clock = freshEngine()
        let (root, pie) = Self.tree(clock)
        pie.contentsScale = 2
        pie.bounds.origin = CGPoint(x: 5, y: 3)
        pie.setNeedsDisplay()
        step(root, clock, at: 0.1)
        let drawing = try #require(PieLayer.drawings.last)
        #expect(drawing.pixels == 80 * 40)
        // Flipped and scaled, then moved so bounds.origin is the top left.
        #expect(drawing.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: -10, ty: 46))
        let image = try #require(pie.contents as? CGImage)
        #expect(image.width == 80 && image.height == 40)
    }

    @Test func needsDisplayOnBoundsChangeRedrawsWhenTheSizeChanges() {
        let clock = freshEngine()
        let (root, pie) = Self.tree(clock)
        pie.needsDisplayOnBoundsChange = true
        step(root, clock, at: 0.1)
        #expect(PieLayer.drawings.count == 1)
        pie.position = CGPoint(x: 60, y: 60)
        step(root, clock, at: 0.2)
        #expect(PieLayer.drawings.count == 1)
        CATransaction.setDisableActions(true)
        pie.bounds.size = CGSize(width: 30, height: 30)
        step(root, clock, at: 0.3)
        #expect(PieLayer.drawings.count == 2)
        #expect(PieLayer.drawings.last?.pixels == 900)
    }

    @Test func theDelegateDrawsOrDisplays() throws {
        let clock = freshEngine()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        let drawn = CALayer()
        drawn.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let drawer = DrawingDelegate(setsContentsItself: false)
        drawn.delegate = drawer
        let displayed = CALayer()
        displayed.frame = drawn.frame
        let displayer = DrawingDelegate(setsContentsItself: true)
        displayed.delegate = displayer
        root.addSublayer(drawn)
        root.addSublayer(displayed)
        drawn.setNeedsDisplay()
        displayed.setNeedsDisplay()
        step(root, clock, at: 0)
        #expect(drawer.draws == 1 && displayer.displays == 1 && displayer.draws == 0)
        #expect((drawn.contents as? CGImage)?.width == 10)
        #expect((displayed.contents as? CGImage)?.pixel(x: 0, y: 0) == 0xFF00_FF00)
    }

    /// The classic idiom: an animation of `progress` redraws the presentation every frame with the
    /// interpolated value (exact, linear timing), the model keeps its own drawing, and when the
    /// animation is gone the presentation shows the model's contents again.
    @Test func anAnimatedCustomPropertyRedrawsThePresentationEveryFrame() throws {
        let clock = freshEngine()
        let (root, pie) = Self.tree(clock)
        pie.setNeedsDisplay()
        step(root, clock, at: 0)
        let animation = CABasicAnimation(keyPath: "progress")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        pie.add(animation, forKey: "fill")
        PieLayer.drawings = []
        for t in [0.25, 0.5, 0.75] {
            step(root, clock, at: t)
            #expect(close(Double(try #require(pie.presentation()).progress), t))
        }
        #expect(PieLayer.drawings.map(\.presentation) == [true, true, true])
        #expect(zip(PieLayer.drawings.map(\.progress), [0.25, 0.5, 0.75]).allSatisfy { close(Double($0), $1) })
        #expect(close(Double(pie.presentation()!.value(forKey: "progress") as! CGFloat), 0.75))
        #expect(pie.progress == 0)
        let frame = try #require(pie.presentation()?.contents as? CGImage)
        #expect(frame !== pie.contents as? CGImage)
        // The same time again draws nothing new.
        step(root, clock, at: 0.75)
        #expect(PieLayer.drawings.count == 3)
        step(root, clock, at: 1.5)
        #expect((pie.presentation()?.contents as? CGImage) === (pie.contents as? CGImage))
        #expect(pie.presentation()?.progress == 0)
    }

    /// Setting the stored property redraws the model at the next step, as setting an `@NSManaged`
    /// property does on iOS; a stored property that is no display key does not.
    @Test func changingTheStoredPropertyRedrawsTheModel() throws {
        let clock = freshEngine()
        let (root, pie) = Self.tree(clock)
        pie.note = 3
        step(root, clock, at: 0.1)
        #expect(PieLayer.drawings.isEmpty)
        pie.progress = 0.7
        step(root, clock, at: 0.2)
        #expect(PieLayer.drawings.map(\.progress) == [0.7])
        #expect(PieLayer.drawings.map(\.presentation) == [false])
        #expect(pie.presentation()?.progress == 0.7)
        #expect(pie.value(forKey: "progress") as? CGFloat == 0.7)
    }

    /// `action(forKey:)` answering an animation for the custom key animates a plain assignment, from the
    /// presentation's value.
    @Test func anActionForTheCustomKeyAnimatesAnAssignment() throws {
        let clock = freshEngine()
        let (root, pie) = Self.tree(clock)
        PieLayer.animateChanges = true
        pie.progress = 1
        step(root, clock, at: 1)
        #expect(pie.animation(forKey: "progress") != nil)
        PieLayer.drawings = []
        step(root, clock, at: 1.5)
        #expect(close(Double(pie.presentation()!.progress), 0.5))
        #expect(PieLayer.drawings.map(\.presentation) == [true])
        #expect(close(Double(PieLayer.drawings[0].progress), 0.5))
    }

    /// Setting the model and adding an explicit animation of the key in the same turn is the explicit
    /// animation's: no implicit one is added on top of it.
    @Test func anExplicitAnimationOfTheKeyTakesPrecedenceOverTheAction() throws {
        let clock = freshEngine()
        let (root, pie) = Self.tree(clock)
        PieLayer.animateChanges = true
        pie.progress = 1
        pie.add(basic("progress", from: 0, to: 1), forKey: "fill")
        step(root, clock, at: 0.5)
        #expect(pie.animation(forKey: "progress") == nil)
        step(root, clock, at: 0.75)
        #expect(close(Double(pie.presentation()!.progress), 0.75))
    }

    /// Key-value coding reaches the subclass's stored property, in every numeric spelling.
    @Test func keyValueCodingReachesStoredProperties() {
        _ = freshEngine()
        let pie = PieLayer()
        pie.setValue(0.25, forKey: "progress")
        #expect(pie.progress == 0.25)
        pie.setValue(Float(0.5), forKey: "progress")
        #expect(pie.progress == 0.5)
        pie.setValue(NSNumber(value: 1), forKey: "progress")
        #expect(pie.progress == 1)
        #expect(pie.value(forKey: "progress") as? CGFloat == 1)
        #expect(pie.needsDisplay())
        pie.setValue(4, forKey: "note")
        #expect(pie.note == 4)
        // LayerKit's own storage is not reachable by name.
        pie.setValue(1, forKey: "version")
        #expect(pie.customValues["version"] as? Int == 1)
    }
}

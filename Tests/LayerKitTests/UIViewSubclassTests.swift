import Foundation
import Testing

@testable import LayerKit

/// `UIView` subclassed as UIKit code does: `init?(coder:)`, overridden geometry and
/// `intrinsicContentSize`, `layoutSubviews()` run by the layout pass, `draw(_:)` through the current
/// context, and `UIWindow`.
@Suite struct UIViewSubclassTests {
    /// A view that lays out one subview inset by 10 points and counts its layouts.
    final class Inset: UIView {
        let inner = UIView()
        var layouts = 0
        var boundsChanges = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(inner)
        }

        required init?(coder: NSCoder) { super.init(coder: coder) }

        override var intrinsicContentSize: CGSize { CGSize(width: 44, height: 22) }

        override var bounds: CGRect {
            didSet { boundsChanges += 1 }
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
            inner.frame = bounds.inset(by: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        }
    }

    @Test func layoutRunsBeforeTheFrameAndOnDemand() {
        let clock = freshEngine(at: 0)
        let view = Inset(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(view.layouts == 0)  // marked, not yet laid out
        #expect(view.layer.needsLayout())
        step(view.layer, clock, at: 0)
        #expect(view.layouts == 1)
        #expect(view.inner.frame == CGRect(x: 10, y: 10, width: 80, height: 40))
        #expect(view.layer.presentation()!.sublayers![0].bounds.size == CGSize(width: 80, height: 40))
        step(view.layer, clock, at: 0.1)
        #expect(view.layouts == 1)  // nothing marked: no layout

        view.bounds = CGRect(x: 0, y: 0, width: 200, height: 60)
        #expect(view.boundsChanges == 1)
        view.layoutIfNeeded()
        #expect(view.layouts == 2)
        #expect(view.inner.frame == CGRect(x: 10, y: 10, width: 180, height: 40))
        view.frame.origin = CGPoint(x: 5, y: 5)  // no size change: no layout
        view.setNeedsDisplay()
        step(view.layer, clock, at: 0.2)
        #expect(view.layouts == 2)
        view.setNeedsLayout()
        view.setNeedsLayout()
        step(view.layer, clock, at: 0.3)
        #expect(view.layouts == 3)
    }

    @Test func decodingInitializerAndIntrinsicSize() throws {
        let view = try #require(Inset(coder: NSCoder()))
        #expect(view.frame == .zero)
        #expect(view.intrinsicContentSize == CGSize(width: 44, height: 22))
        #expect(UIView().intrinsicContentSize == CGSize(width: -1, height: -1))
        #expect(view.isUserInteractionEnabled)
        view.tag = 7
        let parent = UIView()
        parent.addSubview(view)
        #expect(parent.viewWithTag(7) === view)
        #expect(view.window == nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.isHidden = true
        window.addSubview(parent)
        window.makeKeyAndVisible()
        #expect(view.window === window && window.isKeyWindow && !window.isHidden)
    }

    /// Fills its left half red with UIKit's drawing calls and counts its drawings.
    final class HalfRed: UIView {
        var draws = 0
        var sawContext = false

        override func draw(_ rect: CGRect) {
            draws += 1
            sawContext = UIGraphicsGetCurrentContext() != nil
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: rect.width / 2, height: rect.height)).fill()
        }
    }

    @Test func drawDrawsIntoTheLayerThroughTheCurrentContext() throws {
        let clock = freshEngine(at: 0)
        let view = HalfRed(frame: CGRect(x: 0, y: 0, width: 8, height: 4))
        step(view.layer, clock, at: 0)
        #expect(view.draws == 1 && view.sawContext)
        #expect(UIGraphicsGetCurrentContext() == nil)  // popped after drawing
        let image = try #require(view.layer.contents as? CGImage)
        #expect(image.width == 8 && image.height == 4)
        #expect(image.pixel(x: 1, y: 2) == 0xFFFF_0000)
        #expect(image.pixel(x: 6, y: 2) == 0)
        step(view.layer, clock, at: 0.1)
        #expect(view.draws == 1)
        view.setNeedsDisplay()
        step(view.layer, clock, at: 0.2)
        #expect(view.draws == 2)
    }

    /// A view backed by a gradient layer, declared as UIKit code declares it.
    final class Gradient: UIView {
        override class var layerClass: AnyClass { return CAGradientLayer.self }
    }

    @Test func layerClassIsAnyClassAsInUIKit() {
        #expect(Gradient().layer is CAGradientLayer)
        #expect(type(of: UIView().layer) == CALayer.self)
    }

    @Test func contentModeSetsTheGravityAndRedrawRedrawsOnResize() {
        let clock = freshEngine(at: 0)
        let view = HalfRed(frame: CGRect(x: 0, y: 0, width: 8, height: 4))
        view.contentMode = .scaleAspectFit
        #expect(view.layer.contentsGravity == .resizeAspect && !view.layer.needsDisplayOnBoundsChange)
        view.contentMode = .topLeft
        #expect(view.layer.contentsGravity == .bottomLeft)  // CA's "bottom" is the visual top in y-down layers
        view.contentMode = .redraw
        #expect(view.layer.contentsGravity == .resize && view.layer.needsDisplayOnBoundsChange)
        step(view.layer, clock, at: 0)
        #expect(view.draws == 1)
        view.bounds = CGRect(x: 0, y: 0, width: 16, height: 4)
        step(view.layer, clock, at: 0.1)
        #expect(view.draws == 2)
        #expect((view.layer.contents as? CGImage)?.width == 16)
    }

    /// A view class that does not override `draw(_:)`.
    final class Plain: UIView {}

    /// A view of its own class each, so the first display of the class is the one looked at.
    final class Pictured: UIView {}

    @Test func aViewThatDoesNotDrawKeepsNoBackingStore() {
        let clock = freshEngine(at: 0)
        let first = Plain(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        step(first.layer, clock, at: 0)
        #expect(first.layer.contents == nil)
        let picture = CGImage(width: 1, height: 1, pixels: [0xFF00_FF00])
        let pictured = Pictured(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        pictured.layer.contents = picture
        step(pictured.layer, clock, at: 0.1)
        #expect((pictured.layer.contents as? CGImage) === picture)  // its own contents stay
        let second = Plain(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(!second.layer.needsDisplay())  // the class is known not to draw
    }

    @Test func edgeInsetsAndGeometryStrings() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(
            rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
                == CGRect(x: 12, y: 21, width: 94, height: 46))
        #expect(rect.inset(by: .zero) == rect)
        #expect(rect.inset(by: UIEdgeInsets(top: 0, left: 60, bottom: 0, right: 60)).size.width == -20)
        #expect(NSCoder.cgPoint(for: "{3,-4.5}") == CGPoint(x: 3, y: -4.5))
        #expect(NSCoder.cgPoint(for: "{1, 2, 3}") == .zero)
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero)
        #expect(NSCoder.cgSize(for: "{7, 8}") == CGSize(width: 7, height: 8))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {3, 4}}") == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgAffineTransform(for: "[1, 0, 0, 1, 5, 6]") == CGAffineTransform(translationX: 5, y: 6))
        #expect(NSCoder.uiEdgeInsets(for: "{1, 2, 3, 4}") == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(NSCoder.string(for: CGPoint(x: 3, y: -4.5)) == "{3, -4.5}")
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
        #expect(NSCoder.string(for: CGAffineTransform.identity) == "[1, 0, 0, 1, 0, 0]")
        #expect(NSCoder.string(for: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == "{1, 2, 3, 4}")
    }
}

/// `CALayer`'s layout: `setNeedsLayout()`, `layoutIfNeeded()` from the topmost marked superlayer down,
/// and the frame step's pass before the transaction is committed.
@Suite struct LayerLayoutTests {
    /// Lays its sublayers out inset by 5 points, telling `laidOut` its name each time.
    final class Logged: CALayer {
        var laidOut: ((String) -> Void)?
        override func layoutSublayers() {
            super.layoutSublayers()
            laidOut?(name ?? "?")
            sublayers?.forEach { $0.frame = bounds.insetBy(dx: 5, dy: 5) }
        }
    }

    @Test func layoutIfNeededStartsAtTheTopmostMarkedSuperlayer() {
        let clock = freshEngine(at: 0)
        let (root, middle, leaf) = (Logged(), Logged(), Logged())
        root.name = "root"
        middle.name = "middle"
        leaf.name = "leaf"
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        var log: [String] = []
        for layer in [root, middle, leaf] { layer.laidOut = { log.append($0) } }
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        step(root, clock, at: 0)
        log = []
        leaf.setNeedsLayout()
        middle.setNeedsLayout()
        leaf.layoutIfNeeded()
        #expect(log == ["middle", "leaf"])  // root was not marked
        #expect(!leaf.needsLayout() && !middle.needsLayout())
        log = []
        leaf.setNeedsLayout()
        root.setNeedsLayout()
        step(root, clock, at: 0.1)
        #expect(log == ["root", "leaf"])
        #expect(middle.frame == CGRect(x: 5, y: 5, width: 90, height: 90))
    }

    @Test func changesMadeByLayoutAnimateImplicitlyFromThatFrame() {
        let clock = freshEngine(at: 0)
        let root = Logged()
        let child = CALayer()
        root.addSublayer(child)
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        step(root, clock, at: 0)
        root.setNeedsLayout()
        step(root, clock, at: 1)
        #expect(child.frame == CGRect(x: 5, y: 5, width: 90, height: 90))
        #expect(child.animationKeys()?.contains("bounds") == true)  // the transaction's implicit action
        step(root, clock, at: 1.125)
        // Halfway through 0.25 s on the default curve (0.25, 0.1, 0.25, 1): 10 + 80 · 0.80240338…
        #expect(close(child.presentation()!.bounds.width, 74.192271, 1e-6))
    }
}

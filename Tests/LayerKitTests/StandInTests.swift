import Foundation
import Testing

@testable import LayerKit

/// The UIKit and Foundation stand-ins pasted animation code uses: NSValue boxes as animation values,
/// UIColor's named and system colours and HSB, UIScreen, and CADisplayLink on the engine's clock.
@Suite struct StandInTests {
    @Test func nsValueBoxesRoundTrip() {
        let transform = CATransform3DRotate(CATransform3DMakeScale(2, 3, 1), 0.4, 0, 0, 1)
        #expect(NSValue(cgPoint: CGPoint(x: 1.5, y: -2)).cgPointValue == CGPoint(x: 1.5, y: -2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(
            NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue
                == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSValue(caTransform3D: transform).caTransform3DValue == transform)
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
        // Read back as another kind: the identity, not garbage.
        #expect(NSValue(cgPoint: .zero).caTransform3DValue == CATransform3DIdentity)
    }

    @Test func nsValueBoxesAnimate() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        layer.add(
            basic("position", from: NSValue(cgPoint: .zero), to: NSValue(cgPoint: CGPoint(x: 100, y: 50))), forKey: "p")
        layer.add(
            basic(
                "bounds", from: NSValue(cgRect: .zero), to: NSValue(cgRect: CGRect(x: 0, y: 0, width: 40, height: 20))),
            forKey: "b")
        layer.add(
            basic(
                "transform", from: NSValue(caTransform3D: CATransform3DIdentity),
                to: NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))),
            forKey: "t")
        step(layer, clock, at: 0.25)
        let presentation = try #require(layer.presentation())
        #expect(presentation.position == CGPoint(x: 25, y: 12.5))
        #expect(presentation.bounds == CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(close(Double(presentation.transform.m11), 1.5) && close(Double(presentation.transform.m22), 1.5))
        // Key-value coding takes the boxes too.
        layer.setValue(NSValue(cgPoint: CGPoint(x: 3, y: 4)), forKeyPath: "position")
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeTranslation(7, 0, 0)), forKeyPath: "transform")
        #expect(layer.position == CGPoint(x: 3, y: 4) && layer.transform.m41 == 7)
    }

    /// UIKit's documented components, and the light-mode system colours in 8-bit sRGB.
    @Test func namedAndSystemColours() {
        func rgba(_ c: UIColor) -> [Double] { [c.cgColor.red, c.cgColor.green, c.cgColor.blue, c.cgColor.alpha] }
        /// 8-bit sRGB components as UIKit's 0…1 values.
        func bytes(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> [Double] {
            [r / 255, g / 255, b / 255, a]
        }
        let (third, twoThirds): (Double, Double) = (1.0 / 3, 2.0 / 3)
        #expect(rgba(.orange) == [1, 0.5, 0, 1])
        #expect(rgba(.purple) == [0.5, 0, 0.5, 1])
        #expect(rgba(.brown) == [0.6, 0.4, 0.2, 1])
        #expect(rgba(.darkGray) == [third, third, third, 1])
        #expect(rgba(.lightGray) == [twoThirds, twoThirds, twoThirds, 1])
        #expect(rgba(.magenta) == [1, 0, 1, 1])
        #expect(rgba(.cyan) == [0, 1, 1, 1])
        #expect(rgba(.clear) == [0, 0, 0, 0])
        #expect(rgba(.systemBlue) == bytes(0, 122, 255))
        #expect(rgba(.systemOrange) == bytes(255, 149, 0))
        #expect(rgba(.systemRed) == bytes(255, 59, 48))
        #expect(rgba(.systemGreen) == bytes(52, 199, 89))
        #expect(rgba(.systemGray6) == bytes(242, 242, 247))
        #expect(rgba(.secondaryLabel) == bytes(60, 60, 67, 0.6))
        #expect(UIColor.systemPink.withAlphaComponent(0.25).cgColor.alpha == 0.25)
        #expect(UIColor.systemPink.withAlphaComponent(0.25).cgColor.red == 1)
        #expect(UIColor(white: 0.2, alpha: 0.5).cgColor == CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.5))
    }

    @Test func hueSaturationBrightness() {
        func rgb(_ h: CGFloat, _ s: CGFloat, _ b: CGFloat) -> [Double] {
            let c = UIColor(hue: h, saturation: s, brightness: b, alpha: 1).cgColor
            return [Double(c.red), Double(c.green), Double(c.blue)]
        }
        func near(_ a: [Double], _ b: [Double]) -> Bool { zip(a, b).allSatisfy { close($0, $1, 1e-12) } }
        #expect(near(rgb(0, 1, 1), [1, 0, 0]) && near(rgb(1, 1, 1), [1, 0, 0]))
        #expect(near(rgb(1.0 / 3, 1, 1), [0, 1, 0]) && near(rgb(2.0 / 3, 1, 1), [0, 0, 1]))
        #expect(near(rgb(0.5, 0.5, 0.8), [0.4, 0.8, 0.8]))
        #expect(near(rgb(1.0 / 12, 1, 1), [1, 0.5, 0]))  // 30°: orange
        #expect(near(rgb(0.9, 0, 0.3), [0.3, 0.3, 0.3]))
        var (h, s, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        #expect(
            UIColor(hue: 0.7, saturation: 0.25, brightness: 0.6, alpha: 0.5).getHue(
                &h, saturation: &s, brightness: &b, alpha: &a))
        #expect(close(h, 0.7, 1e-12) && close(s, 0.25, 1e-12) && close(b, 0.6, 1e-12) && a == 0.5)
        var red: CGFloat = 0
        #expect(UIColor.systemBlue.getRed(&red, green: nil, blue: nil, alpha: nil) && red == 0)
    }

    @Test func screenIsTheScenesSize() {
        _ = freshEngine()
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 1280, height: 720))
        LayerEngine.current.screenSize = CGSize(width: 640, height: 480)
        #expect(UIScreen.main.bounds.size == CGSize(width: 640, height: 480) && UIScreen.main.scale == 1)
        #expect(UIScreen.main.maximumFramesPerSecond == 60)
    }

    /// A link fires once per frame step, before the frame is evaluated (so its change shows in that
    /// frame), dated by the engine's clock; once per media time; never while paused or after
    /// invalidate; every other frame at 30 of 60 frames per second.
    @Test func displayLinkTicksWithTheEngine() throws {
        let clock = freshEngine(at: 5)
        let layer = CALayer()
        var ticks: [(CFTimeInterval, CFTimeInterval, CFTimeInterval)] = []
        let link = CADisplayLink { link in
            ticks.append((link.timestamp, link.targetTimestamp, link.duration))
            // Per-frame code sets the model without implicit animations, as on iOS.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.position.x = CGFloat(link.timestamp * 10)
            CATransaction.commit()
        }
        step(layer, clock, at: 5)
        #expect(ticks.isEmpty)  // not added to a run loop yet
        link.add(to: .main, forMode: .common)
        link.add(to: .main, forMode: .default)  // once only
        for frame in 1...3 {
            step(layer, clock, at: 5 + Double(frame) / 60)
            #expect(try #require(layer.presentation()).position.x == CGFloat((5 + Double(frame) / 60) * 10))
        }
        CAEngine.step(layer)  // a second step at the same time: no second tick
        #expect(ticks.count == 3)
        let first = ticks[0]
        #expect(first.0 == 5 + 1.0 / 60 && first.1 == 5 + 1.0 / 60 + 1.0 / 60 && first.2 == 1.0 / 60)
        link.isPaused = true
        step(layer, clock, at: 6)
        link.isPaused = false
        link.preferredFramesPerSecond = 30
        for frame in 1...4 { step(layer, clock, at: 6 + Double(frame) / 60) }
        let lastTwo: [CFTimeInterval] = Array(ticks.map(\.0).suffix(2))
        let expected: [CFTimeInterval] = [6 + 1.0 / 60, 6 + 3.0 / 60]
        #expect(lastTwo == expected)
        #expect(ticks.last!.1 == 6 + 3.0 / 60 + 1.0 / 30)
        link.invalidate()
        step(layer, clock, at: 7)
        #expect(ticks.count == 5)
    }
}

/// `Selector` as target-action APIs take it: a method reference, called with the sender.
@Suite struct SelectorTests {
    final class Target {
        var links: [CFTimeInterval] = []
        var timers = 0
        func step(link: CADisplayLink) { links.append(link.timestamp) }
        func tick(_ timer: Timer) { timers += 1 }
    }

    @Test func displayLinksAndTimersCallTheMethodOnTheEnginesClock() {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let target = Target()
        CADisplayLink(target: target, selector: Selector(target.step)).add(to: .main, forMode: .common)
        let timer = Timer.scheduledTimer(
            timeInterval: 0.25, target: target, selector: Selector(target.tick), userInfo: nil, repeats: true)
        CAEngine.advance(layer, to: 0.05)
        #expect(target.links.count == 4)  // the ticks at 0, 1/60, 2/60 and 3/60
        #expect(target.timers == 0)
        CAEngine.advance(layer, to: 0.6)
        #expect(target.timers == 2)  // due at 0.25 and 0.5
        timer.invalidate()
        CAEngine.advance(layer, to: 1)
        #expect(target.timers == 2)
        _ = clock
    }
}

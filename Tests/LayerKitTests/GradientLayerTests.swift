import Testing

@testable import LayerKit

/// `CAGradientLayer`'s model, registry lines and animations: defaults as Apple documents them, the
/// shimmer idiom (animating `locations`, or `colors`) element by element, as basic and keyframe
/// animations, through the frame cache's general path.
@Suite struct GradientLayerTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let clear = CGColor(red: 1, green: 1, blue: 1, alpha: 0)

    /// A gradient layer with `animation` added at time 0 on a fresh engine; returns a function stepping
    /// to a time and giving the presentation.
    func sampler(_ animation: CAAnimation, _ configure: (CAGradientLayer) -> Void = { _ in }) -> (Double) ->
        CAGradientLayer
    {
        let clock = freshEngine(at: 0)
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        layer.colors = [Self.clear, Self.red, Self.clear]
        configure(layer)
        step(layer, clock, at: 0)
        layer.add(animation, forKey: "shimmer")
        return { t in
            step(layer, clock, at: t)
            return layer.presentation()!
        }
    }

    @Test func defaultsAreApples() {
        let layer = CAGradientLayer()
        #expect(layer.colors == nil && layer.locations == nil)
        #expect(layer.startPoint == CGPoint(x: 0.5, y: 0) && layer.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(layer.type == .axial)
        for key in ["colors", "locations", "startPoint", "endPoint"] {
            let property = LayerProperty.named(key)
            #expect(property?.layerClass == .gradient && property?.isAnimatable == true, "\(key)")
            #expect(property?.animatesImplicitly == true, "\(key)")
        }
        #expect(LayerProperty.named("type")?.isAnimatable == false)
        #expect(LayerProperty.named("type")?.defaultValue as? CAGradientLayerType == .axial)
        #expect(LayerProperty.named("colors")?.belongs(to: CALayer()) == false)
    }

    /// `colors` takes `CGColor`s and `UIColor`s; key-value coding reads and writes the typed lists.
    @Test func colorsAndLocationsByKeyValueCoding() {
        _ = freshEngine()
        let layer = CAGradientLayer()
        layer.colors = [UIColor(red: 1, green: 0, blue: 0, alpha: 1), Self.blue]
        #expect(layer.colors as? [CGColor] == [Self.red, Self.blue])
        layer.setValue([0.25, 0.75], forKeyPath: "locations")
        #expect(layer.locations == [0.25, 0.75])
        #expect(layer.numericComponents(forKeyPath: "locations") == [0.25, 0.75])
        #expect(layer.numericComponents(forKeyPath: "colors") == [1, 0, 0, 1, 0, 0, 1, 1])
        layer.setValue(nil, forKeyPath: "locations")
        #expect(layer.locations == nil && layer.numericComponents(forKeyPath: "locations") == nil)
        layer.setValue("radial", forKeyPath: "type")
        #expect(layer.type == .radial)
    }

    /// The shimmer: `locations` from [−1, −0.5, 0] to [1, 1.5, 2] is [0, 0.5, 1] halfway and each
    /// element linear in between (linear timing), repeating.
    @Test func shimmerAnimatesLocationsElementWise() throws {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [-1, -0.5, 0]
        animation.toValue = [1, 1.5, 2]
        animation.duration = 2
        animation.repeatCount = .infinity
        let at = sampler(animation)
        for (t, expected) in [(0.5, [-0.5, 0, 0.5]), (1.0, [0, 0.5, 1]), (2.5, [-0.5, 0, 0.5])] {
            let got = try #require(at(t).locations).map(\.doubleValue)
            #expect(zip(got, expected).allSatisfy { close($0, $1) } && got.count == 3, "t \(t): \(got)")
        }
    }

    /// Colours animate element by element in straight RGBA; a keyframe animation of `colors` passes
    /// through its values at its key times.
    @Test func colorsAnimateAsBasicAndKeyframe() throws {
        let basic = CABasicAnimation(keyPath: "colors")
        basic.fromValue = [Self.red, Self.blue]
        basic.toValue = [Self.blue, Self.clear]
        basic.duration = 1
        let half = try #require(sampler(basic)(0.5).colors as? [CGColor])
        #expect(
            half == [
                CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1), CGColor(red: 0.5, green: 0.5, blue: 1, alpha: 0.5),
            ])

        let keyframe = CAKeyframeAnimation(keyPath: "colors")
        keyframe.values = [[Self.red, Self.red], [Self.blue, Self.red], [Self.blue, Self.blue]]
        keyframe.duration = 2
        let at = sampler(keyframe)
        #expect(at(1).colors as? [CGColor] == [Self.blue, Self.red])
        let quarter = try #require(at(0.5).colors as? [CGColor])
        #expect(quarter == [CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1), Self.red])
    }

    /// Lists of different lengths (undefined in Apple's documentation) switch at the halfway point.
    @Test func unequalListsSwitchHalfway() {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [0, 1]
        animation.toValue = [0, 0.5, 1]
        animation.duration = 1
        let at = sampler(animation)
        #expect(at(0.49).locations == [0, 1])
        #expect(at(0.51).locations == [0, 0.5, 1])
    }

    /// `startPoint` and `endPoint` animate as points; a model change of `colors` on a shown layer runs
    /// the implicit 0.25 s animation from the old colours.
    @Test func pointsAndImplicitColorChange() throws {
        let animation = CABasicAnimation(keyPath: "endPoint")
        animation.fromValue = CGPoint(x: 0, y: 0)
        animation.toValue = CGPoint(x: 1, y: 0.5)
        animation.duration = 1
        #expect(sampler(animation)(0.5).endPoint == CGPoint(x: 0.5, y: 0.25))

        let clock = freshEngine(at: 0)
        let layer = CAGradientLayer()
        layer.colors = [Self.red, Self.red]
        step(layer, clock, at: 0)
        layer.colors = [Self.blue, Self.blue]
        #expect(layer.animation(forKey: "colors") != nil)
        step(layer, clock, at: 0.125)
        let midway = try #require(layer.presentation()?.colors as? [CGColor])
        #expect(midway.count == 2 && midway[0].red > 0.05 && midway[0].red < 0.95 && midway[0].blue > 0.05)
        step(layer, clock, at: 1)
        #expect(layer.presentation()?.colors as? [CGColor] == [Self.blue, Self.blue])
    }

    /// After the animation ends (removed on completion) the presentation shows the model again, and a
    /// model change of an unanimated gradient reaches the presentation through the dirty list.
    @Test func presentationFollowsTheModel() {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [0, 0, 0]
        animation.toValue = [1, 1, 1]
        animation.duration = 1
        let clock = freshEngine(at: 0)
        let layer = CAGradientLayer()
        layer.colors = [Self.red, Self.blue, Self.red]
        layer.locations = [0, 0.5, 1]
        step(layer, clock, at: 0)
        layer.add(animation, forKey: "a")
        step(layer, clock, at: 0.5)
        #expect(layer.presentation()?.locations == [0.5, 0.5, 0.5])
        step(layer, clock, at: 0.75)
        step(layer, clock, at: 2)
        #expect(layer.presentation()?.locations == [0, 0.5, 1])
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.startPoint = CGPoint(x: 0, y: 0)
        CATransaction.commit()
        step(layer, clock, at: 2.5)
        #expect(layer.presentation()?.startPoint == .zero)
    }

    /// The shimmer as tutorials write it compiles and runs unchanged: `UIColor…cgColor` colours, literal
    /// `NSNumber` locations, `[Double]` animation values, `.infinity` repeats, the `CAGradientLayerType`
    /// names and a sprite sheet's `contentsRect` and nine-slice `contentsCenter` set in code.
    @Test func pastedShimmerCode() throws {
        let clock = freshEngine(at: 0)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 300, height: 20)
        gradient.colors = [UIColor.lightGray.cgColor, UIColor.white.cgColor, UIColor.lightGray.cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.locations = [0, 0.5, 1]
        gradient.type = CAGradientLayerType.axial
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [-1.0, -0.5, 0.0]
        animation.toValue = [1.0, 1.5, 2.0]
        animation.duration = 1.5
        animation.repeatCount = .infinity
        gradient.add(animation, forKey: "shimmer")
        step(gradient, clock, at: 0.75)
        let locations = try #require(gradient.presentation()?.locations).map(\.doubleValue)
        #expect(zip(locations, [0, 0.5, 1]).allSatisfy { close($0, $1) } && locations.count == 3)
        #expect(gradient.locations == [0, 0.5, 1])
        gradient.type = .conic
        #expect(gradient.type == .conic && CAGradientLayerType.radial.rawValue == "radial")
        let sprite = CALayer()
        sprite.contentsRect = CGRect(x: 0.25, y: 0, width: 0.25, height: 1)
        sprite.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        sprite.contentsScale = UIScreen.main.scale
        #expect(sprite.contentsRect.minX == 0.25 && sprite.contentsScale == UIScreen.main.scale)
    }
}

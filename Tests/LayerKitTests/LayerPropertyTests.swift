import Testing

@testable import LayerKit

/// The property registry: each property declared once, and everything that reads it agrees.
@Suite struct LayerPropertyTests {
    /// A fresh layer of the property's class.
    func layer(for property: LayerProperty) -> CALayer { property.layerClass.layerType.init(layer: ()) }

    @Test func keyPathsAreUniqueAndFoundByName() {
        let names = LayerProperty.all.map(\.keyPath)
        #expect(Set(names).count == names.count)
        for name in names { #expect(LayerProperty.named(name)?.keyPath == name) }
        #expect(LayerProperty.named("isHidden")?.keyPath == "hidden")
        #expect(LayerProperty.named("wobble") == nil)
    }

    /// Every animatable property has a typed key, and its default reads back in the declared form.
    @Test func animatablePropertiesReadInTheirDeclaredForm() {
        _ = freshEngine(at: 0)
        for property in LayerProperty.all where property.isAnimatable {
            if case .custom = property.key { Issue.record("\(property.keyPath) has no typed key") }
            #expect(property.key.layerClass == property.layerClass, "\(property.keyPath)")
            let count = layer(for: property).numericComponents(forKeyPath: property.keyPath)?.count
            switch property.valueType {
            case .color, .path: #expect(count == nil || count == 4, "\(property.keyPath)")
            default: #expect(count == property.valueType.componentCount, "\(property.keyPath)")
            }
        }
    }

    /// Writing a number through key-value coding reads back on every numeric animatable property
    /// (transform components read back as Core Animation decomposes them, so a value they keep is used).
    @Test func numbersRoundTripThroughKeyValueCoding() {
        _ = freshEngine(at: 0)
        for property in LayerProperty.all where property.isAnimatable && property.valueType == .number {
            let layer = layer(for: property)
            let value = property.validRange == 0...1 ? 0.25 : 0.5
            layer.setValue(value, forKeyPath: property.keyPath)
            let read = layer.numericComponents(forKeyPath: property.keyPath)?.first
            #expect(read.map { abs($0 - value) < 1e-12 } == true, "\(property.keyPath): \(String(describing: read))")
        }
    }

    @Test func defaultsAreCoreAnimations() {
        _ = freshEngine(at: 0)
        #expect(LayerProperty.named("opacity")?.defaultValue as? Float == 1)
        #expect(LayerProperty.named("anchorPoint")?.defaultValue as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(LayerProperty.named("fillColor")?.defaultValue as? CGColor == .black)
        #expect(LayerProperty.named("lineWidth")?.defaultValue as? CGFloat == 1)
        #expect(LayerProperty.named("miterLimit")?.defaultValue as? CGFloat == 10)
        #expect(LayerProperty.named("strokeEnd")?.defaultValue as? CGFloat == 1)
        #expect(LayerProperty.named("contentsGravity")?.defaultValue as? CALayerContentsGravity == .resize)
        #expect(LayerProperty.named("duration")?.defaultValue as? CFTimeInterval == .infinity)
        #expect(LayerProperty.named("lineCap")?.defaultValue as? CAShapeLayerLineCap == .butt)
    }

    /// `defaultAction(forKey:)` follows the registry: the implicitly animated properties of the
    /// layer's class, never `path`, never a shape key on a plain layer, never a plain property.
    @Test func defaultActionsFollowTheRegistry() {
        for property in LayerProperty.all {
            for kind in LayerProperty.LayerClass.allCases {
                let found = kind.layerType.defaultAction(forKey: property.keyPath) != nil
                let expected =
                    property.animatesImplicitly && (property.layerClass == .layer || property.layerClass == kind)
                #expect(found == expected, "\(property.keyPath) on \(kind)")
            }
        }
        #expect(CAShapeLayer.defaultAction(forKey: "path") == nil)
        #expect(CALayer.defaultAction(forKey: "strokeEnd") == nil)
        #expect(CAShapeLayer.defaultAction(forKey: "strokeEnd") is CABasicAnimation)
    }

    /// The properties without a typed key go through their registered accessors, by name or typed value.
    @Test func plainPropertiesUseTheirAccessors() {
        _ = freshEngine(at: 0)
        let shape = CAShapeLayer()
        shape.setValue(3, forKey: "repeatCount")
        shape.setValue("backwards", forKey: "fillMode")
        shape.setValue(CAShapeLayerLineCap.round, forKey: "lineCap")
        shape.setValue("even-odd", forKey: "fillRule")
        shape.setValue([4, 2], forKey: "lineDashPattern")
        shape.setValue(CGRect(x: 10, y: 20, width: 30, height: 40), forKey: "frame")
        #expect(shape.repeatCount == 3 && shape.fillMode == .backwards)
        #expect(shape.lineCap == .round && shape.fillRule == .evenOdd)
        #expect(shape.lineDashPattern?.map(\.doubleValue) == [4, 2])
        #expect(shape.position == CGPoint(x: 25, y: 40) && shape.bounds.size == CGSize(width: 30, height: 40))
        #expect(shape.value(forKey: "repeatCount") as? Float == 3)
        // A shape property on a plain layer is an ordinary stored key.
        let plain = CALayer()
        plain.setValue("round", forKey: "lineCap")
        #expect(plain.value(forKey: "lineCap") as? String == "round")
    }

    /// Key-value coding runs the implicit action of the property the key path starts with.
    @Test func keyValueCodingRunsImplicitActions() throws {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        step(layer, clock, at: 0)
        layer.setValue(40, forKeyPath: "position.x")
        let animation = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(animation.keyPath == "position" && animation.fromValue as? CGPoint == .zero)
        #expect(layer.position == CGPoint(x: 40, y: 0))
    }
}

import Testing

@testable import LayerKit

/// The laws that make the registry one list: every animatable key gives the same presentation values
/// through the frame cache's fast path as through the tree walk, and every registered property is
/// reachable through key-value coding, its setter and its implicit action as the registry says.
@Suite struct RegistryLawTests {
    /// The animatable properties, one per typed key (aliases such as `transform.rotation` and
    /// `transform.rotation.z` share a key, and are both kept: they are spelled differently).
    static let animatable = LayerProperty.all.filter(\.isAnimatable)

    /// Two values of the property's form that an animation runs between.
    static func ends(_ property: LayerProperty) -> (Any, Any) {
        switch property.valueType {
        case .number: return (0.2, 0.9)
        case .bool: return (0.0, 1.0)
        case .point: return (CGPoint(x: 1, y: 2), CGPoint(x: 30, y: 40))
        case .size: return (CGSize(width: 3, height: 4), CGSize(width: 50, height: 60))
        case .rect: return (CGRect(x: 1, y: 2, width: 3, height: 4), CGRect(x: 10, y: 20, width: 30, height: 40))
        case .transform: return (CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeScale(2, 3, 1))
        case .color:
            return (CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        case .path:
            return (
                CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)),
                CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 20, height: 30))
            )
        case .colorList: return ([CGColor.black, .white], [CGColor(red: 1, green: 0, blue: 0, alpha: 1), .clear])
        case .numberList: return ([0.0, 1.0], [0.25, 0.75])
        default: fatalError("\(property.keyPath) has no animatable form")
        }
    }

    /// The key's presentation value as numbers (a path as its points), for exact comparison.
    static func observed(_ layer: CALayer, _ key: AnimatableKey) -> [Double] {
        switch layer.presentation()?.animatableValue(for: key) {
        case .path(let path)?:
            var numbers: [Double] = []
            path?.forEachElement { element in
                switch element {
                case .moveTo(let p), .lineTo(let p): numbers += [p.x, p.y]
                case .quadCurveTo(let c, let p): numbers += [c.x, c.y, p.x, p.y]
                case .curveTo(let c1, let c2, let p): numbers += [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
                case .closeSubpath: numbers.append(.infinity)
                }
            }
            return numbers
        case let value?: return value.components ?? []
        case nil: return []
        }
    }

    /// A tree (a root and one layer of the property's class, its transforms the identity or not)
    /// with one basic animation of the property that starts late, reverses, repeats and fills (or not).
    static func tree(for property: LayerProperty, identity: Bool, fill: CAMediaTimingFillMode) -> (CALayer, CALayer) {
        let root = CALayer()
        let layer = property.layerClass.layerType.init(layer: ())
        root.addSublayer(layer)
        if !identity {
            let turned = CATransform3DRotate(CATransform3DMakeScale(1.5, 0.5, 1), 0.4, 0, 1, 1)
            layer.transform = turned
            layer.sublayerTransform = turned
        }
        let (from, to) = ends(property)
        let animation = CABasicAnimation(keyPath: property.keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.beginTime = 0.25
        animation.duration = 1
        animation.autoreverses = true
        animation.repeatCount = 1.25
        animation.fillMode = fill
        animation.isRemovedOnCompletion = false
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(animation, forKey: "law")
        return (root, layer)
    }

    /// Media times of the sweep: before the start, through both legs and the partial repeat, after
    /// the end, and a jump back.
    static let times: [Double] = (1...56).map { Double($0) * 0.0537 } + [0.6, 0.1, 1.9]

    /// The tree walk, every frame (the frame cache off).
    static func general(_ property: LayerProperty, identity: Bool, fill: CAMediaTimingFillMode) -> [[Double]] {
        let clock = freshEngine(at: 0)
        LayerEngine.current.frameCacheEnabled = false
        defer { CAEngine.reset() }
        let (root, layer) = tree(for: property, identity: identity, fill: fill)
        step(root, clock, at: 0)
        return times.map { t in
            step(root, clock, at: t)
            return observed(layer, property.key)
        }
    }

    /// The frame cache's loop, every frame after the first (made directly, so the layers that keep
    /// the engine from caching their trees, replicators and emitters, are covered too), and how many
    /// of its items were direct.
    static func fast(_ property: LayerProperty, identity: Bool, fill: CAMediaTimingFillMode) -> ([[Double]], Int) {
        let clock = freshEngine(at: 0)
        defer { CAEngine.reset() }
        let (root, layer) = tree(for: property, identity: identity, fill: fill)
        step(root, clock, at: 0)
        let cache = FrameCache(root: root, generation: LayerEngine.current.modelGeneration)
        let values = times.map { t in
            clock.now = t
            var evaluator = Evaluator(now: t, lifecycle: true)
            cache.run(rootParentTime: t, evaluator: &evaluator)
            return observed(layer, property.key)
        }
        return (values, cache.directItemCount)
    }

    /// True for the properties whose basic animations of plain values take the direct path.
    static func isDirect(_ property: LayerProperty) -> Bool {
        switch property.valueType {
        case .number, .bool, .point, .size, .rect, .color: return true
        default: return false
        }
    }

    @Test(arguments: animatable.map(\.keyPath))
    func fastPathEqualsGeneralPath(keyPath: String) throws {
        let property = try #require(LayerProperty.named(keyPath))
        for identity in [true, false] {
            for fill in [CAMediaTimingFillMode.both, .removed] {
                let expected = Self.general(property, identity: identity, fill: fill)
                let (values, direct) = Self.fast(property, identity: identity, fill: fill)
                let label = "\(keyPath), identity \(identity), fill \(fill.rawValue)"
                #expect(direct == (Self.isDirect(property) ? 1 : 0), "\(label): direct items")
                #expect(Set(expected).count >= 2, "\(label): the value never changes")
                let first = expected.indices.first { values[$0] != expected[$0] }
                #expect(
                    first == nil,
                    "\(label): at t = \(first.map { Self.times[$0] } ?? 0) fast \(first.map { values[$0] } ?? []) general \(first.map { expected[$0] } ?? [])"
                )
            }
        }
    }

    // MARK: Key-value coding, setters and implicit actions

    /// A value of the property's form, other than its default, as key-value coding takes it.
    static func sample(_ property: LayerProperty) -> Any {
        switch property.valueType {
        case .number:
            let range = property.validRange ?? -.infinity...(.infinity)
            let current = (property.defaultValue).flatMap { AnimatableValue($0).components?.first }
            // Whole numbers suit the integer properties; an angle within ±π/2 reads back as written.
            let candidates: [Double] = property.keyPath.contains("rotation") ? [0.5] : [3, 7, 0.5, 0.25]
            return candidates.first { range.contains($0) && $0 != current }!
        case .bool: return !(property.defaultValue as? Bool ?? false)
        case .point: return CGPoint(x: 0.25, y: 0.75)
        case .size: return CGSize(width: 3, height: 4)
        case .rect: return CGRect(x: 1, y: 2, width: 3, height: 4)
        case .transform: return CATransform3DMakeRotation(0.5, 0, 0, 1)
        case .color: return CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        case .path: return CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4))
        case .image, .string, .text: return "picture"
        case .font: return "Courier"
        case .dashPattern: return [2, 3] as [NSNumber]
        case .emitterCells: return [CAEmitterCell()]
        case .choice(let names):
            let current = Self.name(property.defaultValue)
            return names.first { $0 != current }!
        case .colorList: return [CGColor.white, .black]
        case .numberList: return [0.25, 0.5]
        }
    }

    /// A choice's name, from its typed form (`CALayerContentsGravity`, …) or a string.
    static func name(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        return (value as? any RawRepresentable)?.rawValue as? String
    }

    /// True when `read` (what `value(forKeyPath:)` returned) is `written` (what was set).
    static func same(_ read: Any?, _ written: Any, as type: LayerProperty.ValueType) -> Bool {
        switch type {
        case .bool: return read as? Bool == written as? Bool
        case .path: return read as? CGPath == written as? CGPath
        case .image, .string, .text: return read as? String == written as? String
        case .font: return (read as? String ?? (read as? NSString).map { $0 as String }) == written as? String
        case .dashPattern: return (read as? [NSNumber])?.map(\.doubleValue) == [2, 3]
        case .emitterCells: return (read as? [CAEmitterCell])?.count == 1
        case .choice: return name(read) == written as? String
        default:
            guard let a = read.flatMap({ AnimatableValue($0).components }), let b = AnimatableValue(written).components,
                a.count == b.count
            else { return false }
            return zip(a, b).allSatisfy { abs($0 - $1) <= 1e-12 }
        }
    }

    /// Every registered property reads through `value(forKeyPath:)` on a layer of its class and
    /// reads back what `setValue(_:forKeyPath:)` wrote, by its own key path and its aliases.
    @Test(arguments: LayerProperty.all.map(\.keyPath))
    func everyPropertyIsReachableByKeyValueCoding(keyPath: String) throws {
        _ = freshEngine(at: 0)
        defer { CAEngine.reset() }
        let property = try #require(LayerProperty.named(keyPath))
        let layer = property.layerClass.layerType.init(layer: ())
        let value = Self.sample(property)
        #expect(
            !Self.same(layer.value(forKeyPath: keyPath), value, as: property.valueType),
            "\(keyPath): sample is the default")
        layer.setValue(value, forKeyPath: keyPath)
        #expect(Self.same(layer.value(forKeyPath: keyPath), value, as: property.valueType), "\(keyPath)")
        #expect(Self.same(layer.value(forKey: keyPath), value, as: property.valueType), "\(keyPath) by key")
        // A layer of a class without the property keeps it as an ordinary stored key.
        if property.layerClass != .layer {
            let plain = CALayer()
            plain.setValue(value, forKeyPath: keyPath)
            #expect(plain.customValues[keyPath] != nil, "\(keyPath) on a plain layer")
        }
    }

    /// Key-value coding returns a property's own Swift type for numbers and flags.
    @Test func keyValueCodingReturnsTheFieldsType() {
        _ = freshEngine(at: 0)
        defer { CAEngine.reset() }
        #expect(CALayer().value(forKey: "opacity") as? Float == 1)
        #expect(CALayer().value(forKey: "shadowOpacity") as? Float == 0)
        #expect(CALayer().value(forKey: "hidden") as? Bool == false)
        #expect(CALayer().value(forKey: "cornerRadius") as? CGFloat == 0)
        #expect(CAReplicatorLayer().value(forKey: "instanceDelay") as? Double == 0)
        #expect(CAEmitterLayer().value(forKey: "birthRate") as? Float == 1)
        #expect(CALayer().value(forKeyPath: "position.x") as? CGFloat == 0)
    }

    /// Sets, through its public setter, every implicitly animated property a layer of this class has
    /// (its superclasses' too) to a value other than the default.
    static func setEveryImplicitProperty(of layer: CALayer) {
        layer.bounds = CGRect(x: 0, y: 0, width: 7, height: 9)
        (layer.position, layer.anchorPoint) = (CGPoint(x: 3, y: 4), CGPoint(x: 0.2, y: 0.3))
        (layer.zPosition, layer.anchorPointZ, layer.cornerRadius, layer.borderWidth) = (2, 2, 4, 2)
        (layer.transform, layer.sublayerTransform) = (CATransform3DMakeScale(2, 2, 1), CATransform3DMakeScale(3, 3, 1))
        (layer.opacity, layer.shadowOpacity, layer.isHidden, layer.masksToBounds) = (0.5, 0.5, true, true)
        (layer.backgroundColor, layer.borderColor, layer.shadowColor) = (.white, .white, .white)
        (layer.shadowOffset, layer.shadowRadius) = (CGSize(width: 1, height: 1), 1)
        layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        switch layer {
        case let shape as CAShapeLayer:
            (shape.fillColor, shape.strokeColor) = (.white, .white)
            (shape.lineWidth, shape.miterLimit, shape.lineDashPhase) = (3, 3, 3)
            (shape.strokeStart, shape.strokeEnd) = (0.5, 0.5)
        case let replicator as CAReplicatorLayer:
            (replicator.instanceDelay, replicator.instanceColor) = (0.5, .black)
            replicator.instanceTransform = CATransform3DMakeScale(2, 2, 1)
            (replicator.instanceRedOffset, replicator.instanceGreenOffset) = (-0.5, -0.5)
            (replicator.instanceBlueOffset, replicator.instanceAlphaOffset) = (-0.5, -0.5)
        case let emitter as CAEmitterLayer:
            (emitter.emitterPosition, emitter.emitterSize) = (CGPoint(x: 3, y: 4), CGSize(width: 3, height: 4))
            (emitter.emitterZPosition, emitter.emitterDepth) = (2, 2)
            (emitter.birthRate, emitter.lifetime, emitter.velocity, emitter.scale, emitter.spin) = (2, 2, 2, 2, 2)
        case let text as CATextLayer:
            (text.fontSize, text.foregroundColor) = (12, .black)
        case let gradient as CAGradientLayer:
            (gradient.colors, gradient.locations) = ([CGColor.white, CGColor.black], [0, 1])
            (gradient.startPoint, gradient.endPoint) = (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        default: break
        }
    }

    /// The public setters find their property in the registry: a change of a layer a step has shown
    /// runs the implicit action under the property's name exactly when the registry says it animates
    /// implicitly, and `defaultAction(forKey:)` agrees; `path` and `shadowPath` run the action the
    /// layer's `actions` give them.
    @Test func settersRunTheRegistrysImplicitActions() {
        for kind in LayerProperty.LayerClass.allCases {
            let clock = freshEngine(at: 0)
            let layer = kind.layerType.init(layer: ())
            let implicit = LayerProperty.all.filter {
                $0.animatesImplicitly && !$0.keyPath.contains(".") && $0.layerClass.includes(type(of: layer))
            }
            for property in implicit {
                #expect(
                    type(of: layer).defaultAction(forKey: property.keyPath) is CABasicAnimation, "\(property.keyPath)")
            }
            step(layer, clock, at: 0)
            Self.setEveryImplicitProperty(of: layer)
            let animated = (layer.animationKeys() ?? []).filter {
                (layer.animation(forKey: $0) as? CABasicAnimation)?.keyPath == $0
            }
            #expect(Set(animated) == Set(implicit.map(\.keyPath)), "\(kind)")
        }
        let clock = freshEngine(at: 0)
        defer { CAEngine.reset() }
        let shape = CAShapeLayer()
        step(shape, clock, at: 0)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4))
        shape.shadowPath = shape.path
        #expect(shape.animationKeys() == nil, "path and shadowPath do not animate implicitly")
        shape.actions = ["path": CABasicAnimation(), "shadowPath": CABasicAnimation()]
        shape.path = nil
        shape.shadowPath = nil
        #expect(Set(shape.animationKeys() ?? []) == ["path", "shadowPath"])
    }
}

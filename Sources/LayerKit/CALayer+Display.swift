import Synchronization

/// Custom drawing, as Core Animation does it: a layer marked as needing display (`setNeedsDisplay()`,
/// a bounds change with `needsDisplayOnBoundsChange`, a change of a key for which the class's
/// `needsDisplay(forKey:)` is true) is displayed by the next frame step, before the frame is drawn:
/// `display()` asks the delegate's `display(_:)`, or makes a backing store of `bounds.size` ×
/// `contentsScale` pixels, flipped to UIKit's top-left origin with `bounds.origin` at its top left, lets
/// `draw(in:)` (by default the delegate's `draw(_:in:)`) draw into it, and makes it the `contents`.
///
/// While an animation of such a key runs, the presentation copy is displayed instead, every frame its
/// value changes, with `self` the presentation copy holding the interpolated value (Core Animation's
/// render server displays the presentation layer), and the frame shows its drawing; when no such
/// animation is left, the presentation shows the model's `contents` again.
///
/// Scenes render one pixel per point, as `UIScreen.main.scale` says (1): a layer's default
/// `contentsScale` of 1 draws its backing store at the scene's resolution; a larger `contentsScale`
/// draws more pixels, which the compositor samples down into the bounds.
extension CALayer {
    /// Marks the layer's contents as needing display: the next frame step calls `display()`.
    public func setNeedsDisplay() {
        displayStorage.needsDisplay = true
        engineStorage.drawingLayers.add(self)
    }

    /// Same as `setNeedsDisplay()`: the whole layer is drawn again (a backing store is not drawn in parts).
    public func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    /// True until the layer has been displayed since it was marked.
    public func needsDisplay() -> Bool { displayStorage.needsDisplay }

    /// Displays the layer now if it is marked as needing display.
    public func displayIfNeeded() {
        guard displayStorage.needsDisplay else { return }
        displayNow()
    }

    /// Whether a change of `bounds`' size marks the layer as needing display (false by default).
    public var needsDisplayOnBoundsChange: Bool {
        get { displayStorage.needsDisplayOnBoundsChange }
        set {
            displayStorage.needsDisplayOnBoundsChange = newValue
            if newValue { engineStorage.drawingLayers.add(self) }
        }
    }

    /// Kept for ported code; drawing always happens in the frame step.
    public var drawsAsynchronously: Bool {
        get { displayStorage.drawsAsynchronously }
        set { displayStorage.drawsAsynchronously = newValue }
    }

    /// Kept for ported code: a backing store always starts transparent.
    public var isOpaque: Bool {
        get { displayStorage.isOpaque }
        set { displayStorage.isOpaque = newValue }
    }

    /// The standard display: a backing store of the layer's size drawn by `draw(in:)` becomes `contents`
    /// (nil for an empty size). What `display()` does without a delegate, and a delegate's default
    /// `display(_:)`.
    func displayBackingStore() {
        let size = bounds.size
        let scale = contentsScale
        let pixels = size.width * scale * size.height * scale
        guard size.width > 0, size.height > 0, scale > 0, pixels.isFinite, pixels <= Self.largestBackingStore else {
            setDrawnContents(nil)
            return
        }
        let context = CGContext(size: size, scale: scale)
        if bounds.origin != .zero { context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y) }
        delegate?.layerWillDraw(self)
        draw(in: context)
        setDrawnContents(context.takeImage())
    }

    /// The most pixels a backing store may have (a 8192 × 8192 picture); larger layers draw nothing.
    static let largestBackingStore: CGFloat = 8192 * 8192

    /// Sets what `display()` drew: on a presentation copy without recording a model change.
    func setDrawnContents(_ image: Any?) {
        if isPresentation { contentsStorage = image } else { contents = image }
    }

    /// `display()`, with the record of what was drawn updated.
    private func displayNow() {
        displayStorage.needsDisplay = false
        display()
        let record = displayRecord
        record.modelSize = bounds.size
        record.modelScale = contentsScale
        record.modelValues = DisplayKeys.of(type(of: self)).names.map { value(forKey: $0) }
    }

    /// What the layer last drew, made on first use.
    private var displayRecord: DisplayRecord {
        if let known = displayStorage.record { return known }
        let made = DisplayRecord()
        displayStorage.record = made
        return made
    }

    /// Runs a key-value-coding write of a key that is no layer property: the subclass's stored property
    /// or the dictionary entry takes the value, the layer is marked as needing display when the class's
    /// `needsDisplay(forKey:)` says so, and for a stored property or such a key the implicit action runs
    /// (as setting an `@NSManaged` property does on iOS).
    func setCustomKey(_ value: Any?, named name: String) {
        let displays = type(of: self).needsDisplay(forKey: name)
        let action = displays || customField(name) != nil ? implicitAction(for: .custom(name), event: name) : nil
        setCustomValue(value, named: name)
        modelDidChange()
        if displays { setNeedsDisplay() }
        action?()
    }

    /// Registers the layer for display when `animation` animates a key for which the class's
    /// `needsDisplay(forKey:)` is true (its presentation is then drawn every frame).
    func noteDisplayAnimation(_ animation: CAAnimation) {
        let keys = Self.keyPaths(of: animation)
        if keys.contains(where: type(of: self).needsDisplay(forKey:)) { engineStorage.drawingLayers.add(self) }
    }

    /// The key paths an animation changes (a group's children's).
    static func keyPaths(of animation: CAAnimation) -> [String] {
        if let group = animation as? CAAnimationGroup { return (group.animations ?? []).flatMap(keyPaths(of:)) }
        return (animation as? CAPropertyAnimation)?.keyPath.map { [$0] } ?? []
    }

    /// Registers a layer of a class with display keys (its subclass's stored properties or layer
    /// properties for which `needsDisplay(forKey:)` is true) and records their first values: from then on
    /// a change of one of them, however it is made, displays the layer at the next frame step, as setting
    /// an `@NSManaged` property does on iOS. Called by `init()`.
    func noteDrawingClass() {
        let keys = DisplayKeys.of(type(of: self)).names
        guard !keys.isEmpty else { return }
        engineStorage.drawingLayers.add(self)
        displayRecord.modelValues = keys.map { value(forKey: $0) }
    }

    /// One frame step's display of this model layer and its presentation (see the extension's
    /// documentation). A stored property among the display keys that changed since the last step also
    /// runs its action (`action(forKey:)`, from the value the layer was drawn with), as an `@NSManaged`
    /// property's setter would have.
    func displayStep() {
        let keys = DisplayKeys.of(type(of: self)).names
        let record = displayRecord
        var due = displayStorage.needsDisplay
        if displayStorage.needsDisplayOnBoundsChange,
            record.modelSize != bounds.size || record.modelScale != contentsScale
        {
            due = true
        }
        let animationsChanged = record.animationsVersion != animationsVersion
        if let kept = record.modelValues, kept.count == keys.count {
            for (index, key) in keys.enumerated() where !DisplayRecord.same(value(forKey: key), kept[index]) {
                due = true
                // A change that came with an explicit animation of the key (set the model, add the
                // animation: the usual pairing) is that animation's; on iOS the implicit one would lie
                // under it.
                let explicit = animationsChanged && attached.contains { Self.keyPaths(of: $0.animation).contains(key) }
                if !explicit, customField(key) != nil, let action = action(forKey: key) {
                    let previous = kept[index].map { ["previousValue": $0] as [AnyHashable: Any] }
                    action.run(forKey: key, object: self, arguments: previous)
                }
            }
        }
        if due { displayNow() }
        guard let presentation = presentationStorage else { return }
        if animationsChanged || record.animationsVersion != animationsVersion {
            record.animationsVersion = animationsVersion
            let needs = type(of: self).needsDisplay(forKey:)
            record.displayAnimated = attached.contains { Self.keyPaths(of: $0.animation).contains(where: needs) }
        }
        guard record.displayAnimated else {
            record.presentationValues = nil
            record.presentationImage = nil
            presentation.contentsStorage = contentsStorage
            for key in keys { presentation.copyCustomValue(named: key, from: self) }
            return
        }
        var fresh = record.presentationValues.map { $0.count == keys.count } ?? false
        if fresh, let kept = record.presentationValues {
            for (index, key) in keys.enumerated()
            where !DisplayRecord.same(presentation.value(forKey: key), kept[index]) {
                fresh = false
                break
            }
        }
        let size = presentation.bounds.size
        let scale = presentation.contentsScale
        let shown = record.presentationImage.map { presentation.contentsStorage as AnyObject? === $0 } ?? false
        guard !fresh || !shown || record.presentationSize != size || record.presentationScale != scale else { return }
        presentation.display()
        record.presentationValues = keys.map { presentation.value(forKey: $0) }
        record.presentationSize = size
        record.presentationScale = scale
        record.presentationImage = presentation.contentsStorage as AnyObject?
    }
}

/// A layer's drawing flags and what it last drew (plain data in the layer, the record made on first use).
struct LayerDisplay {
    var needsDisplay = false
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false
    var isOpaque = false
    /// Marked by `setNeedsLayout()` and not laid out since (`CALayer+Layout.swift`).
    var needsLayout = false
    /// On the engine's list of drawing layers.
    var isRegistered = false
    var record: DisplayRecord?
    /// The layer class's stored properties (`CALayer+CustomProperties.swift`), once looked up.
    var customFields: CustomFields?
}

/// What a model layer and its presentation last drew, to tell when they must draw again.
final class DisplayRecord {
    var modelSize: CGSize?
    var modelScale: CGFloat?
    /// The display keys' values the model was drawn with.
    var modelValues: [Any?]?
    /// The model's `animationsVersion` when `displayAnimated` was worked out.
    var animationsVersion: UInt64 = .max
    /// Whether an attached animation changes a display key.
    var displayAnimated = false
    var presentationValues: [Any?]?
    var presentationSize: CGSize?
    var presentationScale: CGFloat?
    /// The image the presentation drew (by identity: the presentation is redrawn when its contents
    /// were replaced since).
    var presentationImage: AnyObject?

    /// True when two values are equal: objects by identity, `Equatable` values by `==`; other values
    /// never match (so a layer keyed by one draws every frame).
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?):
            if type(of: a) is AnyClass { return (a as AnyObject) === (b as AnyObject) }
            guard let equatable = a as? any Equatable else { return false }
            return equal(equatable, b)
        default: return false
        }
    }

    private static func equal<T: Equatable>(_ a: T, _ b: Any) -> Bool { (b as? T) == a }
}

/// The keys whose changes a layer class draws again for: its subclass's stored properties and its layer
/// properties for which `needsDisplay(forKey:)` is true, worked out once per class.
struct DisplayKeys: Sendable {
    let names: [String]

    static func of(_ layerClass: CALayer.Type) -> DisplayKeys {
        let id = ObjectIdentifier(layerClass)
        if let known = cache.withLock({ $0[id] }) { return known }
        let candidates = CustomFields.of(layerClass).fields.keys.sorted() + LayerProperty.all.map(\.keyPath)
        let made = DisplayKeys(names: candidates.filter { layerClass.needsDisplay(forKey: $0) })
        cache.withLock { $0[id] = made }
        return made
    }

    private static let cache = Mutex<[ObjectIdentifier: DisplayKeys]>([:])
}

/// The model layers of an engine that draw their contents: those marked as needing display, with
/// `needsDisplayOnBoundsChange`, of a class with display keys, or given an animation of a display key.
/// Held weakly; each frame step displays them (`LayerEngine.displayDrawingLayers()`).
struct DrawingLayers {
    final class Entry {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }

    private(set) var entries: [Entry] = []

    mutating func add(_ layer: CALayer) {
        guard !layer.isPresentation, !layer.displayStorage.isRegistered else { return }
        layer.displayStorage.isRegistered = true
        entries.append(Entry(layer))
    }

    /// Forgets the entries of layers that went away.
    mutating func prune() { entries.removeAll { $0.layer == nil } }
}

extension LayerEngine {
    /// Displays the engine's drawing layers (and their presentations) that need it: called once by each
    /// frame step, after evaluation and callbacks, before the frame is drawn. Layers registered while
    /// this runs wait for the next step.
    func displayDrawingLayers() {
        let entries = drawingLayers.entries
        var gone = false
        for entry in entries {
            guard let layer = entry.layer else {
                gone = true
                continue
            }
            if layer.engineStorage === self { layer.displayStep() }
        }
        if gone { drawingLayers.prune() }
    }
}

/// Custom drawing through the layer's delegate (a `UIView` draws its `draw(_:)` this way).
extension CALayerDelegate {
    /// The default: the layer's standard display (a backing store drawn by `draw(in:)`).
    public func display(_ layer: CALayer) { layer.displayBackingStore() }

    /// The default draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}

    /// The default does nothing.
    public func layerWillDraw(_ layer: CALayer) {}

    /// The default does nothing.
    public func layoutSublayers(of layer: CALayer) {}
}

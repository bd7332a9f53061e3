import LayerKit

/// A scene built from a scene file: its layer tree under a root of the file's size, and its timeline
/// scheduled on the engine as the autoplay. User actions: stop (removes every animation), start
/// (replays the file's `add` entries at the current time); pause and resume are every scene's.
public final class FileScene: Scene {
    /// The scene's name (its file's name without the extension).
    public let name: String
    /// The picture size in points.
    public let size: CGSize
    /// The root of the scene's layer tree.
    public let rootLayer: CALayer
    public let naturalDuration: CFTimeInterval
    public let actions: [SceneAction] = []
    public var log: ((String) -> Void)?

    /// Layers by their `name` in the file.
    public let layersByName: [String: CALayer]
    private let document: SceneDocument
    private let builder: LayerBuilder

    /// `images` maps the file's image names to loaded images (missing ones leave contents empty).
    public init(document: SceneDocument, images: [String: Any]) {
        self.document = document
        name = document.url?.deletingPathExtension().lastPathComponent ?? "scene"
        size = document.size
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: document.size)
        root.engine.screenSize = document.size
        var named: [String: CALayer] = [:]
        builder = LayerBuilder(images: images)
        for spec in document.layers { root.addSublayer(builder.build(spec, named: &named)) }
        rootLayer = root
        layersByName = named
        naturalDuration = max(1, document.lastAnimationEnd)
        AutoplayTimeline.schedule(
            document.timeline.map { entry in
                .init(time: entry.time, label: Self.label(entry.action)) { [unowned self] in apply(entry.action) }
            }, on: root.engine)
    }

    public func respond(to action: SceneAction) {
        switch action {
        case .start, .push:
            for entry in document.timeline {
                if case .add = entry.action { apply(entry.action) }
            }
        case .stop, .pop:
            for layer in layersByName.values { layer.removeAllAnimations() }
        case .pause, .resume, .named:
            break
        }
    }

    /// A timeline entry as the inspector marks it: `add box slide`, `remove box`, `pause root`, `set root`.
    private static func label(_ action: TimelineAction) -> String {
        switch action {
        case .add(let layer, let key, _): "add " + layer + (key.map { " " + $0 } ?? "")
        case .remove(let layer, let key): "remove " + layer + (key.map { " " + $0 } ?? "")
        case .pause(let layer): "pause " + layer
        case .resume(let layer): "resume " + layer
        case .set(let layer, _): "set " + layer
        }
    }

    private func apply(_ action: TimelineAction) {
        switch action {
        case .add(let layer, let key, let spec):
            layersByName[layer]?.add(AnimationBuilder.build(spec), forKey: key)
        case .remove(let layer, let key):
            if let key {
                layersByName[layer]?.removeAnimation(forKey: key)
            } else {
                layersByName[layer]?.removeAllAnimations()
            }
        case .pause(let layer):
            if let layer = layersByName[layer], !LayerPause.isPaused(layer) { LayerPause.pause(layer) }
        case .resume(let layer):
            if let layer = layersByName[layer], LayerPause.isPaused(layer) { LayerPause.resume(layer) }
        case .set(let layer, let properties):
            // A `set` assigns directly (design.md): no implicit animation.
            guard let target = layersByName[layer] else { return }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for property in properties { builder.assign(property.key, property.value, to: target) }
            CATransaction.commit()
        }
    }
}

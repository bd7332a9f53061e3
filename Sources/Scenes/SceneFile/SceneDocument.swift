import LayerKit

/// A scene file, decoded and checked: the canvas size, the images it names, the layer tree and the
/// timeline. Building layers from it is `FileScene`'s job.
public struct SceneDocument {
    /// The file it came from, if any.
    public var url: URL?
    /// The canvas size (`size`).
    public var size: CGSize
    /// Image names in file order, each with its file resolved against the scene file's folder.
    public var images: [(name: String, url: URL)]
    /// The top-level layers, in order.
    public var layers: [LayerSpec]
    /// The timeline, sorted by time (stable, so equal times keep file order).
    public var timeline: [TimelineEntry]

    /// Image name → file URL (`images`, resolved).
    public var imagePaths: [String: URL] {
        Dictionary(images.map { ($0.name, $0.url) }, uniquingKeysWith: { first, _ in first })
    }

    /// The end of the last animation the timeline adds (in media time, ignoring later pauses),
    /// or 0 when nothing is added; infinite animations count as their first cycle.
    public var lastAnimationEnd: CFTimeInterval {
        timeline.reduce(0) { end, entry in
            guard case .add(_, _, let animation) = entry.action else { return max(end, entry.time) }
            let start = animation.beginTime == 0 ? entry.time : animation.beginTime
            return max(end, start + animation.activeLength)
        }
    }
}

/// The kind of layer a `LayerSpec` creates.
public typealias LayerKind = LayerProperty.LayerClass

/// One layer of a scene file: its properties in application order, its mask and sublayers.
public final class LayerSpec {
    public let name: String?
    public let kind: LayerKind
    /// Properties to assign, `anchorPoint` first, then the rest in file order.
    public let properties: [(key: String, value: SceneValue)]
    public let mask: LayerSpec?
    public let sublayers: [LayerSpec]
    /// Where in the file it was defined, for messages.
    public let jsonPath: String

    init(
        name: String?, kind: LayerKind, properties: [(key: String, value: SceneValue)], mask: LayerSpec?,
        sublayers: [LayerSpec], jsonPath: String
    ) {
        self.name = name
        self.kind = kind
        self.properties = properties
        self.mask = mask
        self.sublayers = sublayers
        self.jsonPath = jsonPath
    }
}

/// A property value in a scene file, typed by the property (or the animated key path) it sets.
public enum SceneValue: Equatable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    /// `nil` is JSON `null` (no color).
    case color(SceneColor?)
    /// `nil` is JSON `null` (no path).
    case path(CGPath?)
    /// `nil` is JSON `null`.
    case numbers([Double]?)
    /// `nil` is JSON `null` (no colours).
    case colors([SceneColor]?)
    /// The name of an image of the file's `images`; `nil` is no contents.
    case image(String?)
    /// Emitter cells: each cell's properties in file order.
    case cells([SceneCell])
}

/// One emitter cell of a scene file: its properties (`CAEmitterCell.properties`) in file order, and
/// where it is in the file.
public struct SceneCell: Equatable {
    public var properties: [SceneProperty]
    public var jsonPath: String
}

/// One key and value of a scene file object.
public struct SceneProperty: Equatable {
    public var key: String
    public var value: SceneValue
}

/// An sRGB color with straight alpha, components in 0…1.
public struct SceneColor: Equatable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
}

/// One entry of the timeline: at a media time, one action.
public struct TimelineEntry {
    public let time: Double
    public let action: TimelineAction
    public let jsonPath: String
}

/// What a timeline entry does.
public enum TimelineAction {
    /// `layer.add(animation, forKey: key)`.
    case add(layer: String, key: String?, animation: AnimationSpec)
    /// `removeAnimation(forKey:)`, or `removeAllAnimations()` when the key is absent.
    case remove(layer: String, key: String?)
    /// QA1673 pause of the named layer.
    case pause(layer: String)
    /// QA1673 resume of the named layer.
    case resume(layer: String)
    /// Direct assignments, with no compensation.
    case set(layer: String, properties: [(key: String, value: SceneValue)])
}

/// The kind of animation an `AnimationSpec` creates.
public enum AnimationKind: String, Sendable {
    case basic
    /// `CASpringAnimation`: a basic animation paced by a spring.
    case spring
    case keyframe
    case group
    case transition
}

/// A spring's parameters, as `CASpringAnimation` takes them: `mass`, `stiffness`, `damping`,
/// `initialVelocity`, `allowsOverdamping`, or iOS 17's `perceptualDuration` and `bounce` instead of the
/// first three (which then also allow overdamping).
public struct SpringSpec: Equatable, Sendable {
    public var mass = 1.0
    public var stiffness = 100.0
    public var damping = 10.0
    public var initialVelocity = 0.0
    public var allowsOverdamping = false
    /// `perceptualDuration` and `bounce`, when the file gives them (both, or neither).
    public var perceptualDuration: Double?
    public var bounce: Double?
}

/// A timing function: a named one or four control-point numbers.
public enum TimingFunctionSpec: Equatable, Sendable {
    case named(String)
    case controlPoints(Double, Double, Double, Double)
}

/// One animation of a scene file.
public final class AnimationSpec {
    public let kind: AnimationKind
    public let keyPath: String?
    public var beginTime: Double = 0
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: String?
    public var fromValue: SceneValue?
    public var toValue: SceneValue?
    public var byValue: SceneValue?
    public var additive = false
    public var cumulative = false
    public var removedOnCompletion = true
    public var timingFunction: TimingFunctionSpec?
    public var values: [SceneValue]?
    public var keyTimes: [Double]?
    public var timingFunctions: [TimingFunctionSpec]?
    public var calculationMode: String?
    public var animations: [AnimationSpec] = []
    /// A spring's oscillator (`kind` `spring`), as `SpringSpec` gives it.
    public var spring: SpringSpec?
    /// A transition's `type` and `subtype` names and its progress span.
    public var transitionType: String?
    public var transitionSubtype: String?
    public var startProgress: Double = 0
    public var endProgress: Double = 1

    init(kind: AnimationKind, keyPath: String?) {
        self.kind = kind
        self.keyPath = keyPath
    }

    /// The active duration in the layer's time (duration 0 counts as 0.25 s; infinite repeats count
    /// as one cycle), used for a scene's natural length.
    var activeLength: Double {
        let d = duration > 0 ? duration : 0.25
        let cycle = autoreverses ? 2 * d : d
        var active = cycle
        if repeatDuration > 0 {
            active = repeatDuration.isFinite ? repeatDuration : cycle
        } else if repeatCount > 0 {
            active = repeatCount.isFinite ? cycle * repeatCount : cycle
        }
        if speed != 0, speed.isFinite { active /= abs(speed) }
        return active
    }
}

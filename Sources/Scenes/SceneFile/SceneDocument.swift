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
    /// The layer's `name`, by which the timeline, `eval` and the inspector find it.
    public let name: String?
    /// The layer class (`"kind"`).
    public let kind: LayerKind
    /// Properties to assign, `anchorPoint` first, then the rest in file order.
    public let properties: [(key: String, value: SceneValue)]
    /// The layer's mask layer, if any.
    public let mask: LayerSpec?
    /// The layer's sublayers, back to front.
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
    /// A number (also a Boolean given as a number where one is expected).
    case number(Double)
    /// A Boolean.
    case bool(Bool)
    /// A string (a name, or text).
    case string(String)
    /// A point, `[x, y]`.
    case point(CGPoint)
    /// A size, `[w, h]`.
    case size(CGSize)
    /// A rectangle, `[x, y, w, h]`.
    case rect(CGRect)
    /// A 3-D transform: 16 numbers, or the shorthand object.
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
    /// The cell's properties in file order.
    public var properties: [SceneProperty]
    /// Where in the file it was defined, for messages.
    public var jsonPath: String
}

/// One key and value of a scene file object.
public struct SceneProperty: Equatable {
    /// The property's key.
    public var key: String
    /// Its value.
    public var value: SceneValue
}

/// An sRGB color with straight alpha, components in 0…1.
public struct SceneColor: Equatable, Sendable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Alpha, 0…1.
    public var alpha: Double
}

/// One entry of the timeline: at a media time, one action.
public struct TimelineEntry {
    /// The media time the action is due at, in seconds.
    public let time: Double
    /// What is done then.
    public let action: TimelineAction
    /// Where in the file the entry is, for messages.
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
    /// `CABasicAnimation`.
    case basic
    /// `CASpringAnimation`: a basic animation paced by a spring.
    case spring
    /// `CAKeyframeAnimation`.
    case keyframe
    /// `CAAnimationGroup`.
    case group
    /// `CATransition`.
    case transition
}

/// A spring's parameters, as `CASpringAnimation` takes them: `mass`, `stiffness`, `damping`,
/// `initialVelocity`, `allowsOverdamping`, or iOS 17's `perceptualDuration` and `bounce` instead of the
/// first three (which then also allow overdamping).
public struct SpringSpec: Equatable, Sendable {
    /// The mass of the spring's weight (default 1).
    public var mass = 1.0
    /// The spring's stiffness (default 100).
    public var stiffness = 100.0
    /// The damping (default 10).
    public var damping = 10.0
    /// The initial velocity, in units of the animated distance per second (default 0).
    public var initialVelocity = 0.0
    /// Whether a damping past critical is allowed (default false).
    public var allowsOverdamping = false
    /// `perceptualDuration` and `bounce`, when the file gives them (both, or neither).
    public var perceptualDuration: Double?
    /// The spring's bounce (iOS 17's `bounce`), with `perceptualDuration`.
    public var bounce: Double?
}

/// A timing function: a named one or four control-point numbers.
public enum TimingFunctionSpec: Equatable, Sendable {
    /// A named curve (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`).
    case named(String)
    /// A cubic Bézier by its control points x1, y1, x2, y2.
    case controlPoints(Double, Double, Double, Double)
}

/// One animation of a scene file.
public final class AnimationSpec {
    /// The animation's kind (`"kind"`).
    public let kind: AnimationKind
    /// The animated key path (nil for groups and transitions).
    public let keyPath: String?
    /// `beginTime`; 0 means the target layer's time when it is added.
    public var beginTime: Double = 0
    /// `duration`, in seconds (0: Core Animation's default).
    public var duration: Double = 0
    /// `speed` (default 1).
    public var speed: Double = 1
    /// `timeOffset`, in seconds.
    public var timeOffset: Double = 0
    /// `repeatCount` (`"inf"` for ever).
    public var repeatCount: Double = 0
    /// `repeatDuration`, in seconds.
    public var repeatDuration: Double = 0
    /// `autoreverses`.
    public var autoreverses = false
    /// `fillMode` by name (nil: `removed`).
    public var fillMode: String?
    /// `fromValue`.
    public var fromValue: SceneValue?
    /// `toValue`.
    public var toValue: SceneValue?
    /// `byValue`.
    public var byValue: SceneValue?
    /// `isAdditive` (`"additive"`).
    public var additive = false
    /// `isCumulative` (`"cumulative"`).
    public var cumulative = false
    /// `isRemovedOnCompletion` (`"removedOnCompletion"`, default true).
    public var removedOnCompletion = true
    /// `timingFunction`.
    public var timingFunction: TimingFunctionSpec?
    /// A keyframe animation's `values`.
    public var values: [SceneValue]?
    /// A keyframe animation's `keyTimes`.
    public var keyTimes: [Double]?
    /// A keyframe animation's `timingFunctions`, one per interval.
    public var timingFunctions: [TimingFunctionSpec]?
    /// A keyframe animation's `calculationMode` by name.
    public var calculationMode: String?
    /// A group's animations.
    public var animations: [AnimationSpec] = []
    /// A spring's oscillator (`kind` `spring`), as `SpringSpec` gives it.
    public var spring: SpringSpec?
    /// A transition's `type` and `subtype` names and its progress span.
    public var transitionType: String?
    /// The transition's `subtype` name (nil: none).
    public var transitionSubtype: String?
    /// The transition's `startProgress` (default 0).
    public var startProgress: Double = 0
    /// The transition's `endProgress` (default 1).
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

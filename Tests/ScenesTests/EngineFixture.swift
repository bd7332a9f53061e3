import LayerKit
import LayerscopeTestSupport
import Testing

@testable import Scenes

/// A fresh engine on a manual clock at 0 (the thread's default), with every delivered callback recorded.
final class EngineFixture {
    let clock = freshEngine(at: 0)
    private(set) var events: [CAAnimationEvent] = []

    init() {
        CAEngine.eventObserver = { [weak self] event in self?.events.append(event) }
    }

    /// The stops delivered so far as (media time, finished).
    var stops: [(CFTimeInterval, Bool)] {
        events.compactMap { event in
            if case .didStop(let finished) = event.kind { return (event.mediaTime, finished) }
            return nil
        }
    }
}

/// The presentation value of `keyPath` (the model's when the layer has no presentation yet).
func presented(_ layer: CALayer, _ keyPath: String) -> Any? {
    (layer.presentation() ?? layer).value(forKeyPath: keyPath)
}

/// A number from `value(forKeyPath:)`, whatever numeric type it came as.
func number(_ value: Any?) -> Double? {
    switch value {
    case let v as Double: return v
    case let v as CGFloat: return Double(v)
    case let v as Float: return Double(v)
    case let v as NSNumber: return v.doubleValue
    default: return nil
    }
}

/// A value a test needed was missing.
struct MissingValue: Error, CustomStringConvertible {
    let description: String
}

/// The presented number at `keyPath` of `layer`, or an error saying what was missing.
func presentedNumber(_ layer: CALayer?, _ keyPath: String) throws -> Double {
    guard let layer else { throw MissingValue(description: "no layer") }
    guard let value = number(presented(layer, keyPath)) else {
        throw MissingValue(description: "no number at \(keyPath)")
    }
    return value
}

/// A built-in scene made on the thread's engine with blank pictures, and its script.
func builtIn<Script: SceneScript>(_ name: String, _ type: Script.Type, size: CGSize = CGSize(width: 200, height: 100))
    throws -> (scene: ScriptScene, script: Script)
{
    let blank = SceneImages(a: 0, b: 0, ship: 0)
    let scene = try #require(try BuiltInScenes.make(name: name, size: size, images: blank) as? ScriptScene)
    return (scene, try #require(scene.script as? Script))
}

import LayerKit

/// The spring keys of an animation of `"kind": "spring"`: `mass` (> 0), `stiffness` (> 0), `damping`
/// (≥ 0), `initialVelocity`, `allowsOverdamping`, or `perceptualDuration` (> 0) with `bounce`
/// (above −1, at most 1) instead of the first three; `duration` may be `"settlingDuration"`, which a
/// perceptual spring without a duration also gets.
extension SceneDocumentDecoder {
    static let springKeys = [
        "mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping", "perceptualDuration", "bounce",
    ]

    /// True when a spring's `duration` is the string `"settlingDuration"` (its own settling time).
    static func usesSettlingDuration(_ object: JSONObjectNode) -> Bool {
        if case .string("settlingDuration")? = object["duration"]?.value { return true }
        return false
    }

    func decodeSpring(_ object: JSONObjectNode, into animation: AnimationSpec) throws {
        var spring = SpringSpec()
        let coefficients = ["mass", "stiffness", "damping"].filter { object[$0] != nil }
        let perceptual = ["perceptualDuration", "bounce"].filter { object[$0] != nil }
        if let first = perceptual.first, !coefficients.isEmpty {
            throw object[first]!.fail(
                "perceptualDuration and bounce replace mass, stiffness and damping; give one set, not both")
        }
        if perceptual.count == 1 {
            let missing = perceptual[0] == "bounce" ? "perceptualDuration" : "bounce"
            throw object.node.fail("\(JSONValue.quoted(perceptual[0])) needs \(JSONValue.quoted(missing)) too")
        }
        if let node = object["mass"] { spring.mass = try Self.positive(node) }
        if let node = object["stiffness"] { spring.stiffness = try Self.positive(node) }
        if let node = object["damping"] { spring.damping = try node.number(in: 0...(.infinity)) }
        if let duration = object["perceptualDuration"], let bounce = object["bounce"] {
            spring.perceptualDuration = try Self.positive(duration)
            let b = try bounce.number()
            guard b > -1, b <= 1 else {
                throw bounce.fail("must be greater than -1 and at most 1, got \(JSONValue.format(b))")
            }
            spring.bounce = b
            spring.allowsOverdamping = true
        }
        if let node = object["initialVelocity"] { spring.initialVelocity = try node.number() }
        if let node = object["allowsOverdamping"] { spring.allowsOverdamping = try node.bool() }
        animation.spring = spring
        // The iOS 17 initialiser sets the duration to the settling time; a file that gives no duration
        // gets the same.
        if Self.usesSettlingDuration(object) || (spring.perceptualDuration != nil && object["duration"] == nil) {
            let settling = AnimationBuilder.springAnimation(spring, keyPath: nil).settlingDuration
            guard settling.isFinite else {
                throw (object["duration"] ?? object.node).fail(
                    "this spring never settles (undamped: damping 0 or bounce 1); give \"duration\" a number")
            }
            animation.duration = settling
        }
    }

    private static func positive(_ node: JSONNode) throws -> Double {
        let n = try node.number()
        guard n > 0 else { throw node.fail("must be greater than 0, got \(JSONValue.format(n))") }
        return n
    }
}

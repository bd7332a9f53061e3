/// How a transition shows the change (`CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old.
    public static let fade = Self(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = Self(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = Self(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = Self(rawValue: "reveal")
    public static let allCases: [Self] = [.fade, .moveIn, .push, .reveal]
}

/// The edge a motion transition starts from (`CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable, CaseIterable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// From the right edge.
    public static let fromRight = Self(rawValue: "fromRight")
    /// From the left edge.
    public static let fromLeft = Self(rawValue: "fromLeft")
    /// From the top edge.
    public static let fromTop = Self(rawValue: "fromTop")
    /// From the bottom edge.
    public static let fromBottom = Self(rawValue: "fromBottom")
    public static let allCases: [Self] = [.fromRight, .fromLeft, .fromTop, .fromBottom]
}

/// An animation of a layer's whole rendered subtree from how it looked to how it looks now, as Core
/// Animation's `CATransition` (core-animation-breadth.md §8). Added to a layer — always under the key
/// `transition` — it keeps a picture of the layer's presentation as the last frame showed it (before
/// the changes made since), and draws that "old" tree with the live "new" one: `fade` draws the new
/// over the old with alpha p; `push` moves both, the new one in from the `subtype` edge; `moveIn`
/// slides the new one over the still old one; `reveal` slides the old one off, uncovering the new one.
/// The progress p runs from `startProgress` to `endProgress` over the animation's (eased) duration.
open class CATransition: CAAnimation {
    /// The transition's kind (default `fade`).
    public var type = CATransitionType.fade
    /// The edge motion starts from (from the right when nil).
    public var subtype: CATransitionSubtype?
    /// Where the transition starts, 0…1 of its progress (default 0).
    public var startProgress: Float = 0
    /// Where the transition ends, 0…1 of its progress (default 1).
    public var endProgress: Float = 1
    /// On an attached copy: the old picture, a frozen copy of the layer's presentation tree.
    var snapshot: CALayer?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        snapshot = other.snapshot
    }
}

/// What the Compositor needs to draw a transition frame of a layer.
public struct TransitionFrame {
    /// The old picture: a frozen tree in the layer's superlayer's coordinates, like the layer itself.
    public let old: CALayer
    /// The transition's kind.
    public let type: CATransitionType
    /// The edge the transition comes from.
    public let subtype: CATransitionSubtype
    /// The progress, 0 (all old) … 1 (all new).
    public let progress: CGFloat

    /// How far each side is moved, in the layer's superlayer's coordinates, and which is drawn on top.
    public func offsets(width: CGFloat, height: CGFloat) -> (old: CGPoint, new: CGPoint, oldOnTop: Bool) {
        let p = progress
        // The unit vector pointing from where the new content comes in towards where it goes.
        let direction: CGPoint
        switch subtype {
        case .fromLeft: direction = CGPoint(x: 1, y: 0)
        case .fromTop: direction = CGPoint(x: 0, y: 1)
        case .fromBottom: direction = CGPoint(x: 0, y: -1)
        default: direction = CGPoint(x: -1, y: 0)
        }
        let span = CGPoint(x: direction.x * width, y: direction.y * height)
        let entering = CGPoint(x: -span.x * (1 - p), y: -span.y * (1 - p))
        let leaving = CGPoint(x: span.x * p, y: span.y * p)
        switch type {
        case .push: return (leaving, entering, false)
        case .moveIn: return (.zero, entering, false)
        case .reveal: return (leaving, .zero, true)
        default: return (.zero, .zero, false)
        }
    }
}

/// A transition compiled when it is added.
struct TransitionProgram {
    let transition: CATransition

    /// Sets the presentation's transition frame for an (eased) progress through the animation.
    func apply(progress: Double, to target: CALayer) {
        guard let old = transition.snapshot else { return }
        let start = Double(transition.startProgress)
        let end = Double(transition.endProgress)
        target.activeTransition = TransitionFrame(
            old: old, type: transition.type, subtype: transition.subtype ?? .fromRight,
            progress: CGFloat(min(max(start + (end - start) * progress, 0), 1)))
    }
}

extension CALayer {
    /// A frozen copy of this presentation layer's tree: its state, mask and sublayers, no animations, no
    /// model; drawn as it is.
    func frozenCopy() -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy.engineStorage = engineStorage
        copy.isPresentation = true
        if let mask = maskStorage {
            let frozen = mask.frozenCopy()
            frozen.maskOwner = copy
            copy.maskStorage = frozen
        }
        if let sublayers = sublayerStorage {
            copy.sublayerStorage = sublayers.map { sublayer in
                let frozen = sublayer.frozenCopy()
                frozen.superlayerStorage = copy
                return frozen
            }
        }
        return copy
    }
}

/// What one frame may cost, whatever the scene asks for: each figure is bounded by what can be seen on
/// a canvas of at most 2¹⁴ × 2¹⁴ pixels, and checked before anything it sizes is allocated.
///
/// - Blurs (shadows): σ at most `largestBlurSigma(canvasWidth:canvasHeight:)`, the canvas's longer side;
///   a wider blur spreads the caster thinner than a level step across the whole canvas, so it is drawn as
///   the flat fill it tends to (the caster's alpha mass over 2πσ², at the canvas centre's distance).
/// - Scratch planes (a blurred caster, padded by the blur's reach): at most `scratchPixels` bytes; a
///   larger one is drawn as the flat fill of the widest blur.
/// - Glyphs: an em larger than `largestGlyphEm` pixels is filled from its outlines, clipped to the
///   canvas before it is rasterized; no glyph plane is larger than that em.
/// - Replicator copies: at most `layerCopies` layers copied for replicator instances in one frame, in
///   total over every replicator (nested ones multiply); copies beyond it are not made, and the frame
///   reports the replicator and the number it asked for.
/// - Emitter particles: at most `particles` alive in one frame, in total over every cell of every
///   emitter; the oldest beyond it are not computed, and the frame reports the emitter and the number.
///
/// `render`, `record` and `eval` refuse a frame that reports an excess with one line naming the layer
/// and the number, exit status 1; the viewer draws what the budget allows.
public enum RenderBudget {
    /// Layers copied for replicator instances in one frame, every replicator together.
    public static let layerCopies = 100_000

    /// Emitter particles alive in one frame, every cell of every emitter together.
    public static let particles = 100_000

    /// The bytes of one blur's scratch plane: 64 MiB.
    public static let scratchPixels = 64 << 20

    /// The largest em, in device pixels, whose glyphs are rasterized into planes of their own.
    public static let largestGlyphEm = 1024.0

    /// The widest blur (standard deviation, pixels) drawn as a blur on a canvas of that size; a wider one
    /// is a flat fill.
    public static func largestBlurSigma(canvasWidth: Int, canvasHeight: Int) -> Double {
        Double(Swift.max(1, canvasWidth, canvasHeight))
    }

    /// A copy or particle count beyond its budget: the layer that asked, what it asked for and the limit,
    /// worded as one line.
    public struct Excess: Equatable, Sendable, CustomStringConvertible {
        public enum Kind: Sendable { case layerCopies, particles }
        public let kind: Kind
        /// The replicator or emitter layer's name (or its class when it has none or an empty one).
        public let layer: String
        /// How many the frame asked for in all when this layer's request did not fit (saturated at
        /// `Int.max`).
        public let requested: Int

        /// Spelled out to be public; alike the inits of `GradientShading`, `SceneImages` (BuiltInScenes.swift)
        /// and `SceneFileError` on purpose: each only stores its fields.
        public init(kind: Kind, layer: String, requested: Int) {
            self.kind = kind
            self.layer = layer
            self.requested = requested
        }

        public var description: String {
            switch kind {
            case .layerCopies:
                return
                    "layer '\(layer)': replicator instances ask for \(requested) layer copies in one frame, more than the \(RenderBudget.layerCopies) a frame may have"
            case .particles:
                return
                    "layer '\(layer)': emitter cells ask for \(requested) particles alive in one frame, more than the \(RenderBudget.particles) a frame may have"
            }
        }
    }
}

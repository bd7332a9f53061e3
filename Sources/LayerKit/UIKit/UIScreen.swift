/// The screen stand-in: `UIScreen.main.bounds` is the scene's size (the engine's `screenSize`), at a
/// scale of 1, so layout code written against the screen fills the scene.
public final class UIScreen {
    private let engine: LayerEngine

    private init(engine: LayerEngine) { self.engine = engine }

    /// The screen of the calling thread's engine.
    public static var main: UIScreen { UIScreen(engine: LayerEngine.current) }

    /// The scene's rectangle in points, origin at the top left.
    public var bounds: CGRect { CGRect(origin: .zero, size: engine.screenSize) }
    /// Points to pixels: 1 (scenes render one pixel per point).
    public var scale: CGFloat { 1 }
    /// The bounds in pixels (the same, at scale 1).
    public var nativeBounds: CGRect { bounds }
    /// Pixels per point of the screen: 1, as `scale`.
    public var nativeScale: CGFloat { 1 }
    /// The display's refresh rate, from `LayerEngine.displayRefreshInterval`.
    public var maximumFramesPerSecond: Int { Int((1 / engine.displayRefreshInterval).rounded()) }
}

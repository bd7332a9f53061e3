/// Everything `layerscope view` can be asked for; the command line is parsed elsewhere.
public struct ViewerOptions: Sendable, Equatable {
    /// A built-in scene's name (`wipe`, `ship`, `reveal`, or `test-pattern`) or a scene file's path.
    public var scene: String
    /// Image files for the built-in scenes' images A and B (the bundled assets when nil).
    public var imageA: String?
    /// The image file for image B (the bundled asset when nil).
    public var imageB: String?
    /// The picture size; nil means the scene's own (1280×720 for built-in scenes).
    public var width: Int?
    /// The picture height; nil means the scene's own.
    public var height: Int?
    /// The initial playback rate (1/16 … 16).
    public var speed: Double
    /// Start paused.
    public var paused: Bool
    /// The initial media time in seconds.
    public var seek: Double
    /// Show the scene alone: no HUD, toolbar or panels.
    public var noHUD: Bool
    /// Use XPutImage even when MIT-SHM works.
    public var noSHM: Bool
    /// Display-link rate in frames per second.
    public var fps: Double
    /// Quit after this many frames (benchmarks and tests).
    public var frames: Int?
    /// Print frame statistics when quitting after `frames` frames.
    public var stats: Bool
    /// Recordings started with `r` include the HUD, toolbar and panels (the scene alone when false).
    public var recordUI: Bool
    /// Recordings started with `r` are frame-exact: frame k is the scene alone at media time T + k/fps
    /// (T the media time at `r`), drawn at that time whatever the display clock does.
    public var recordExact: Bool
    /// An action log to replay (`--actions FILE`): the viewer starts with what it logged.
    public var actions: String?
    /// Where the viewer keeps its action log (`--actions-out FILE`), written anew after every action.
    public var actionsOut: String?
    /// A line shown in the banner at start (`--message`).
    public var message: String?
    /// Where the window opens and its size (`--window`); nil: the viewer's choice.
    public var window: WindowFrame?

    /// A window's place on the screen and its size, in pixels. Alike `PixelRect` (Raster) on purpose: this
    /// is what `--window` asked for, checked where it is parsed and never clamped; that is pixels of a picture.
    public struct WindowFrame: Sendable, Equatable {
        /// The window's left edge, in screen pixels.
        public var x: Int
        /// The window's top edge, in screen pixels.
        public var y: Int
        /// The window's width in pixels.
        public var width: Int
        /// The window's height in pixels.
        public var height: Int

        /// A window frame at `x`, `y`, `width` × `height`.
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// Options with `layerscope view`'s defaults; each argument sets the option of its name.
    public init(
        scene: String = "wipe", imageA: String? = nil, imageB: String? = nil, width: Int? = nil, height: Int? = nil,
        speed: Double = 1, paused: Bool = false, seek: Double = 0, noHUD: Bool = false, noSHM: Bool = false,
        fps: Double = 60, frames: Int? = nil, stats: Bool = false, recordUI: Bool = false,
        recordExact: Bool = false, actions: String? = nil, actionsOut: String? = nil, message: String? = nil,
        window: WindowFrame? = nil
    ) {
        self.scene = scene
        self.imageA = imageA
        self.imageB = imageB
        self.width = width
        self.height = height
        self.speed = speed
        self.paused = paused
        self.seek = seek
        self.noHUD = noHUD
        self.noSHM = noSHM
        self.fps = fps
        self.frames = frames
        self.stats = stats
        self.recordUI = recordUI
        self.recordExact = recordExact
        self.actions = actions
        self.actionsOut = actionsOut
        self.message = message
        self.window = window
    }
}

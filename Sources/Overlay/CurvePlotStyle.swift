import Raster

/// Colours and metrics shared by the timing-curve plot, the value plot, the inspector and the
/// timeline bar (a dark theme matching the toolbar and HUD).
public enum CurvePlotStyle {
    /// The panels' background.
    public static let background = Blending.color(red: 20, green: 22, blue: 28, alpha: 255)
    static let plotBackground = Blending.color(red: 28, green: 31, blue: 39, alpha: 255)
    static let grid = Blending.color(red: 46, green: 50, blue: 62, alpha: 255)
    static let axis = Blending.color(red: 112, green: 120, blue: 138, alpha: 255)
    static let unitBox = Blending.color(red: 84, green: 92, blue: 110, alpha: 255)
    static let text = Blending.color(red: 226, green: 229, blue: 236, alpha: 255)
    static let dimText = Blending.color(red: 150, green: 157, blue: 172, alpha: 255)
    static let activeForward = Blending.color(red: 34, green: 46, blue: 64, alpha: 255)
    static let activeReverse = Blending.color(red: 52, green: 38, blue: 66, alpha: 255)
    static let fillStripe = Blending.color(red: 44, green: 84, blue: 98, alpha: 255)
    static let removedStripe = Blending.color(red: 96, green: 36, blue: 44, alpha: 255)
    static let boundary = Blending.color(red: 140, green: 150, blue: 170, alpha: 255)
    static let modelValue = Blending.color(red: 128, green: 134, blue: 148, alpha: 255)
    static let cursor = Blending.color(red: 255, green: 255, blue: 255, alpha: 220)
    static let playhead = Blending.color(red: 255, green: 69, blue: 58, alpha: 255)
    static let track = Blending.color(red: 58, green: 64, blue: 78, alpha: 255)
    static let trackFilled = Blending.color(red: 120, green: 150, blue: 210, alpha: 255)
    static let button = Blending.color(red: 52, green: 58, blue: 72, alpha: 255)
    static let buttonBorder = Blending.color(red: 150, green: 160, blue: 180, alpha: 255)

    /// Curve colours, used in order (orange, cyan, green, pink, purple, yellow).
    public static let palette: [Pixel] = [
        Blending.color(red: 255, green: 149, blue: 0, alpha: 255),
        Blending.color(red: 90, green: 200, blue: 250, alpha: 255),
        Blending.color(red: 76, green: 217, blue: 100, alpha: 255),
        Blending.color(red: 255, green: 55, blue: 95, alpha: 255),
        Blending.color(red: 191, green: 90, blue: 242, alpha: 255),
        Blending.color(red: 255, green: 214, blue: 10, alpha: 255),
    ]
}

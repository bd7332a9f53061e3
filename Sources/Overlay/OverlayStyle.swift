import Raster

/// The overlay's colours and metrics, in one place.
enum OverlayStyle {
    static let panel = Blending.color(red: 16, green: 18, blue: 24, alpha: 200)
    static let button = Blending.color(red: 52, green: 58, blue: 72, alpha: 235)
    static let buttonHovered = Blending.color(red: 78, green: 88, blue: 110, alpha: 245)
    static let buttonPressed = Blending.color(red: 120, green: 150, blue: 210, alpha: 255)
    static let buttonBorder = Blending.color(red: 150, green: 160, blue: 180, alpha: 255)
    static let text = Blending.color(red: 240, green: 242, blue: 246, alpha: 255)
    static let padding = 8
    static let buttonGap = 6
}

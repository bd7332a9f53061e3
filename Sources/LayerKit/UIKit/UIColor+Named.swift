/// UIKit's fixed colours, with the components its documentation gives (`darkGray` is a grey of 1/3,
/// `lightGray` of 2/3, `brown` is 0.6, 0.4, 0.2, …).
extension UIColor {
    /// UIKit's `black`: a grey of 0, opaque.
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// UIKit's `darkGray`: a grey of 1 / 3, opaque.
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    /// UIKit's `lightGray`: a grey of 2 / 3, opaque.
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// UIKit's `white`: a grey of 1, opaque.
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// UIKit's `gray`: a grey of 0.5, opaque.
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// UIKit's `red`: red 1, green 0, blue 0, opaque.
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// UIKit's `green`: red 0, green 1, blue 0, opaque.
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// UIKit's `blue`: red 0, green 0, blue 1, opaque.
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// UIKit's `cyan`: red 0, green 1, blue 1, opaque.
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// UIKit's `yellow`: red 1, green 1, blue 0, opaque.
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// UIKit's `magenta`: red 1, green 0, blue 1, opaque.
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// UIKit's `orange`: red 1, green 0.5, blue 0, opaque.
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// UIKit's `purple`: red 0.5, green 0, blue 0.5, opaque.
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// UIKit's `brown`: red 0.6, green 0.4, blue 0.2, opaque.
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// Transparent black (grey 0, alpha 0).
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
}

/// UIKit's adaptable system colours, in their light-mode values as the Human Interface Guidelines
/// listed them for iOS 15 to 18 (8-bit sRGB; the June 2025 revision changed several). Dark mode and
/// increased contrast are not modelled.
extension UIColor {
    /// A colour from 8-bit sRGB components.
    static func bytes(_ red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }

    /// UIKit's `systemRed` in light mode: sRGB 255, 59, 48.
    public static var systemRed: UIColor { bytes(255, 59, 48) }
    /// UIKit's `systemOrange` in light mode: sRGB 255, 149, 0.
    public static var systemOrange: UIColor { bytes(255, 149, 0) }
    /// UIKit's `systemYellow` in light mode: sRGB 255, 204, 0.
    public static var systemYellow: UIColor { bytes(255, 204, 0) }
    /// UIKit's `systemGreen` in light mode: sRGB 52, 199, 89.
    public static var systemGreen: UIColor { bytes(52, 199, 89) }
    /// UIKit's `systemMint` in light mode: sRGB 0, 199, 190.
    public static var systemMint: UIColor { bytes(0, 199, 190) }
    /// UIKit's `systemTeal` in light mode: sRGB 48, 176, 199.
    public static var systemTeal: UIColor { bytes(48, 176, 199) }
    /// UIKit's `systemCyan` in light mode: sRGB 50, 173, 230.
    public static var systemCyan: UIColor { bytes(50, 173, 230) }
    /// UIKit's `systemBlue` in light mode: sRGB 0, 122, 255.
    public static var systemBlue: UIColor { bytes(0, 122, 255) }
    /// UIKit's `systemIndigo` in light mode: sRGB 88, 86, 214.
    public static var systemIndigo: UIColor { bytes(88, 86, 214) }
    /// UIKit's `systemPurple` in light mode: sRGB 175, 82, 222.
    public static var systemPurple: UIColor { bytes(175, 82, 222) }
    /// UIKit's `systemPink` in light mode: sRGB 255, 45, 85.
    public static var systemPink: UIColor { bytes(255, 45, 85) }
    /// UIKit's `systemBrown` in light mode: sRGB 162, 132, 94.
    public static var systemBrown: UIColor { bytes(162, 132, 94) }
    /// UIKit's `systemGray` in light mode: sRGB 142, 142, 147.
    public static var systemGray: UIColor { bytes(142, 142, 147) }
    /// UIKit's `systemGray2` in light mode: sRGB 174, 174, 178.
    public static var systemGray2: UIColor { bytes(174, 174, 178) }
    /// UIKit's `systemGray3` in light mode: sRGB 199, 199, 204.
    public static var systemGray3: UIColor { bytes(199, 199, 204) }
    /// UIKit's `systemGray4` in light mode: sRGB 209, 209, 214.
    public static var systemGray4: UIColor { bytes(209, 209, 214) }
    /// UIKit's `systemGray5` in light mode: sRGB 229, 229, 234.
    public static var systemGray5: UIColor { bytes(229, 229, 234) }
    /// UIKit's `systemGray6` in light mode: sRGB 242, 242, 247.
    public static var systemGray6: UIColor { bytes(242, 242, 247) }

    /// UIKit's `label` in light mode: sRGB 0, 0, 0.
    public static var label: UIColor { bytes(0, 0, 0) }
    /// UIKit's `secondaryLabel` in light mode: sRGB 60, 60, 67, alpha 0.6.
    public static var secondaryLabel: UIColor { bytes(60, 60, 67, alpha: 0.6) }
    /// UIKit's `tertiaryLabel` in light mode: sRGB 60, 60, 67, alpha 0.3.
    public static var tertiaryLabel: UIColor { bytes(60, 60, 67, alpha: 0.3) }
    /// UIKit's `quaternaryLabel` in light mode: sRGB 60, 60, 67, alpha 0.18.
    public static var quaternaryLabel: UIColor { bytes(60, 60, 67, alpha: 0.18) }
    /// UIKit's `placeholderText` in light mode: sRGB 60, 60, 67, alpha 0.3.
    public static var placeholderText: UIColor { bytes(60, 60, 67, alpha: 0.3) }
    /// UIKit's `link` in light mode: sRGB 0, 122, 255.
    public static var link: UIColor { bytes(0, 122, 255) }
    /// UIKit's `separator` in light mode: sRGB 60, 60, 67, alpha 0.29.
    public static var separator: UIColor { bytes(60, 60, 67, alpha: 0.29) }
    /// UIKit's `opaqueSeparator` in light mode: sRGB 198, 198, 200.
    public static var opaqueSeparator: UIColor { bytes(198, 198, 200) }
    /// UIKit's `systemBackground` in light mode: sRGB 255, 255, 255.
    public static var systemBackground: UIColor { bytes(255, 255, 255) }
    /// UIKit's `secondarySystemBackground` in light mode: sRGB 242, 242, 247.
    public static var secondarySystemBackground: UIColor { bytes(242, 242, 247) }
    /// UIKit's `tertiarySystemBackground` in light mode: sRGB 255, 255, 255.
    public static var tertiarySystemBackground: UIColor { bytes(255, 255, 255) }
    /// UIKit's `systemGroupedBackground` in light mode: sRGB 242, 242, 247.
    public static var systemGroupedBackground: UIColor { bytes(242, 242, 247) }
    /// UIKit's `secondarySystemGroupedBackground` in light mode: sRGB 255, 255, 255.
    public static var secondarySystemGroupedBackground: UIColor { bytes(255, 255, 255) }
    /// UIKit's `tertiarySystemGroupedBackground` in light mode: sRGB 242, 242, 247.
    public static var tertiarySystemGroupedBackground: UIColor { bytes(242, 242, 247) }
}

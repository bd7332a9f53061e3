/// UIColor's hue-saturation-brightness initialiser and its component read-backs (HSB all in 0…1, a
/// hue of 1 being red again, as UIKit takes them).
extension UIColor {
    /// A colour from hue, saturation and brightness, each 0…1 (the hue wraps around).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let (v, s) = (brightness, saturation)
        let (p, q, t) = (v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f)))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The red, green, blue and alpha components (any pointer may be nil), as UIKit's
    /// `getRed(_:green:blue:alpha:)`; always succeeds, every colour here being RGB.
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = cgColor.red
        green?.pointee = cgColor.green
        blue?.pointee = cgColor.blue
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// The hue, saturation and brightness (0…1) and alpha (any pointer may be nil), as UIKit's
    /// `getHue(_:saturation:brightness:alpha:)`; a grey has hue 0.
    @discardableResult
    public func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let (r, g, b) = (cgColor.red, cgColor.green, cgColor.blue)
        let high = max(r, g, b)
        let spread = high - min(r, g, b)
        var h: CGFloat = 0
        if spread > 0 {
            if high == r {
                h = (g - b) / spread
            } else if high == g {
                h = 2 + (b - r) / spread
            } else {
                h = 4 + (r - g) / spread
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = high > 0 ? spread / high : 0
        brightness?.pointee = high
        alpha?.pointee = cgColor.alpha
        return true
    }
}

extension UIView {
    /// How a view's picture fits its bounds (`UIView.ContentMode`, UIKit's raw values).
    public enum ContentMode: Int, Sendable {
        /// Stretched to the bounds (the default).
        case scaleToFill
        /// Fitted inside the bounds, aspect kept.
        case scaleAspectFit
        /// Covering the bounds, aspect kept.
        case scaleAspectFill
        /// Stretched, and drawn again whenever the size changes.
        case redraw
        /// At its own size, centred.
        case center
        /// At its own size, at the top edge.
        case top
        /// At its own size, at the bottom edge.
        case bottom
        /// At its own size, at the left edge.
        case left
        /// At its own size, at the right edge.
        case right
        /// At its own size, in the top left corner.
        case topLeft
        /// At its own size, in the top right corner.
        case topRight
        /// At its own size, in the bottom left corner.
        case bottomLeft
        /// At its own size, in the bottom right corner.
        case bottomRight

        /// The layer gravity that places the picture so. Core Animation's `top` is the maximum y, the
        /// visual bottom of iOS's y-down layers, so the visual `top` mode is the `bottom` gravity and so on
        /// (see the compositor's `LayerGeometry`).
        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .bottom
            case .bottom: return .top
            case .left: return .left
            case .right: return .right
            case .topLeft: return .bottomLeft
            case .topRight: return .bottomRight
            case .bottomLeft: return .topLeft
            case .bottomRight: return .topRight
            }
        }
    }
}

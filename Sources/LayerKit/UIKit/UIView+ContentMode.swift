extension UIView {
    /// How a view's picture fits its bounds (`UIView.ContentMode`, UIKit's raw values).
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft,
            topRight, bottomLeft, bottomRight

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

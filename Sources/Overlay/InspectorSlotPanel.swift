import LayerKit
import Raster

/// A panel the inspector hosts in its editor slot (`WindowLayout.editorSlot`, the side column below
/// the time chain), such as an easing editor: laid out whenever the window's layout is made, drawn
/// every frame the inspector is open after the time chain, about the animation the timeline selects.
public protocol InspectorSlotPanel: AnyObject {
    /// Places the panel in the slot (an empty rectangle when there is no room for it).
    func layout(frame: PixelRect)
    /// Draws the panel for `selected` (the timeline's selected animation, nil when there is none) at
    /// media time `mediaTime` into `bitmap`, inside the frame it was laid out in.
    func draw(selected: AnimationSampler?, mediaTime: Double, into bitmap: Bitmap)
}

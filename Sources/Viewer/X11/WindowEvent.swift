import CX11

/// What happened to the viewer's window, decoded from an XEvent.
enum WindowEvent: Equatable {
    /// Part of the window needs repainting (the last of a series of Expose events).
    case exposed
    /// The window's size changed (ConfigureNotify); resizes are coalesced by the consumer.
    case resized(width: Int, height: Int)
    /// A key went down that was not already down (auto-repeat is ignored).
    case keyPressed(KeySym, shift: Bool)
    case buttonPressed(button: UInt32, x: Int, y: Int)
    case buttonReleased(button: UInt32, x: Int, y: Int)
    case pointerMoved(x: Int, y: Int)
    case pointerLeft
    /// The window manager's close button (WM_DELETE_WINDOW).
    case closeRequested
    /// The window was destroyed by someone else; it must not be touched again.
    case destroyed
    /// MIT-SHM finished reading the segment `segment`.
    case shmCompleted(segment: ShmSeg)
}

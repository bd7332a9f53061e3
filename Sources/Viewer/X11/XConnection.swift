import CX11

/// Why the viewer could not start on this X server.
struct ViewerSetupError: Error, CustomStringConvertible {
    var description: String
}

/// An open X display with a 24-bit TrueColor visual in the BGRX byte order the Bitmap uses, and the
/// atoms the viewer needs. Confined to the thread that opened it.
final class XConnection {
    let display: OpaquePointer
    let screen: Int32

    /// The default screen's size in pixels (windows larger than it are not asked for).
    var screenSize: (width: Int, height: Int) {
        (Int(XDisplayWidth(display, screen)), Int(XDisplayHeight(display, screen)))
    }
    let root: Window
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let fileDescriptor: Int32
    let atoms: Atoms
    /// True once a shared-memory buffer was attached, so ShmCompletion events can arrive.
    var usesSharedMemoryEvents = false

    /// The atoms used for window-manager protocols and properties.
    struct Atoms {
        var wmProtocols: Atom
        var wmDeleteWindow: Atom
        var netWMPing: Atom
        var netWMPID: Atom
        var netWMName: Atom
        var utf8String: Atom
    }

    /// Opens `$DISPLAY`; throws with a one-line reason when there is no usable display.
    init() throws {
        XErrorTrap.install()
        guard let display = XOpenDisplay(nil) else {
            let name = XDisplayName(nil).map { String(cString: $0) } ?? ""
            throw ViewerSetupError(
                description: name.isEmpty
                    ? "no X display (DISPLAY is not set)" : "cannot open X display \"\(name)\"")
        }
        self.display = display
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        visual = XDefaultVisual(display, screen)
        depth = XDefaultDepth(display, screen)
        fileDescriptor = XConnectionNumber(display)
        let v = visual.pointee
        guard v.class == TrueColor, depth == 24 || depth == 32, v.red_mask == 0xFF0000, v.green_mask == 0xFF00,
            v.blue_mask == 0xFF
        else {
            XCloseDisplay(display)
            throw ViewerSetupError(
                description: "the X screen's default visual is not 24-bit TrueColor with BGRX pixels (depth \(depth))")
        }
        func intern(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        atoms = Atoms(
            wmProtocols: intern("WM_PROTOCOLS"), wmDeleteWindow: intern("WM_DELETE_WINDOW"),
            netWMPing: intern("_NET_WM_PING"), netWMPID: intern("_NET_WM_PID"), netWMName: intern("_NET_WM_NAME"),
            utf8String: intern("UTF8_STRING"))
    }

    /// The server's MIT-SHM support as the client sees it (the attach may still be refused).
    var advertisesSharedMemory: Bool {
        XShmQueryExtension(display) != 0
    }

    /// The event type of MIT-SHM's ShmCompletion on this connection.
    var shmCompletionEventType: Int32 {
        XShmGetEventBase(display) + ShmCompletion
    }

    /// Closes the connection.
    func close() {
        XCloseDisplay(display)
    }
}

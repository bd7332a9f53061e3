import CX11
import Glibc
import Supervision

/// The viewer's top-level X window: title, PID, WM protocols (WM_DELETE_WINDOW, _NET_WM_PING),
/// detectable auto-repeat, and the decoding of its events into `WindowEvent`s.
final class ViewerWindow {
    let connection: XConnection
    let window: Window
    let graphicsContext: GC
    private(set) var isDestroyed = false
    private var keysDown = Set<UInt32>()

    /// The window's top-left corner on the screen (its root window's coordinates).
    var screenOrigin: (x: Int, y: Int) {
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection.display, window, connection.root, 0, 0, &x, &y, &child)
        return (Int(x), Int(y))
    }

    /// Creates and maps a `width`×`height` window titled `title` (at `origin` on the screen when given),
    /// asking the window manager to keep it at least `minimumWidth`×`minimumHeight` (a request it may
    /// ignore).
    init(
        connection: XConnection, width: Int, height: Int, minimumWidth: Int, minimumHeight: Int, title: String,
        origin: (x: Int, y: Int)? = nil
    ) {
        self.connection = connection
        let display = connection.display
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = XBlackPixel(display, connection.screen)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask =
            ExposureMask | KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
            | LeaveWindowMask | StructureNotifyMask
        window = XCreateWindow(
            display, connection.root, Int32(clamping: origin?.x ?? 0), Int32(clamping: origin?.y ?? 0),
            UInt32(max(1, width)), UInt32(max(1, height)), 0, connection.depth,
            UInt32(InputOutput), connection.visual, UInt(CWBackPixel | CWBitGravity | CWEventMask), &attributes)
        var gcValues = XGCValues()
        gcValues.graphics_exposures = 0
        graphicsContext = XCreateGC(display, window, UInt(GCGraphicsExposures), &gcValues)
        setTitle(title)
        setProperties()
        var hints = XSizeHints()
        hints.flags = PMinSize | (origin == nil ? 0 : USPosition)
        hints.x = Int32(clamping: origin?.x ?? 0)
        hints.y = Int32(clamping: origin?.y ?? 0)
        hints.min_width = Int32(clamping: max(1, minimumWidth))
        hints.min_height = Int32(clamping: max(1, minimumHeight))
        XSetWMNormalHints(display, window, &hints)
        var supported: Int32 = 0
        XkbSetDetectableAutoRepeat(display, 1, &supported)
        XMapWindow(display, window)
        XFlush(display)
    }

    /// Asks for a `width`×`height` window (the window manager may refuse; a ConfigureNotify tells).
    func resize(width: Int, height: Int) {
        guard !isDestroyed else { return }
        XResizeWindow(connection.display, window, UInt32(max(1, width)), UInt32(max(1, height)))
    }

    /// Sets WM_NAME and _NET_WM_NAME, both UTF-8.
    func setTitle(_ title: String) {
        guard !isDestroyed else { return }
        let bytes = Array(title.utf8)
        for property in [XA_WM_NAME, connection.atoms.netWMName] {
            XChangeProperty(
                connection.display, window, property, connection.atoms.utf8String, 8, PropModeReplace, bytes,
                Int32(bytes.count))
        }
    }

    private func setProperties() {
        let display = connection.display
        var pid = [Int(WatchStatus.userFacingProcess)]
        XChangeProperty(
            display, window, connection.atoms.netWMPID, XA_CARDINAL, 32, PropModeReplace,
            pid.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }, 1)
        var protocols = [connection.atoms.wmDeleteWindow, connection.atoms.netWMPing]
        XSetWMProtocols(display, window, &protocols, Int32(protocols.count))
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            let hostBytes = Array(host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            XChangeProperty(
                display, window, XA_WM_CLIENT_MACHINE, XA_STRING, 8, PropModeReplace, hostBytes,
                Int32(hostBytes.count))
        }
        let classHint = Array("layerscope\0Layerscope\0".utf8)
        XChangeProperty(
            display, window, XA_WM_CLASS, XA_STRING, 8, PropModeReplace, classHint, Int32(classHint.count))
    }

    /// Decodes `event`, answering window-manager pings and keyboard-mapping changes on the way;
    /// nil for events the viewer does not act on.
    func decode(_ event: inout XEvent) -> WindowEvent? {
        switch event.type {
        case Expose:
            return event.xexpose.count == 0 ? .exposed : nil
        case ConfigureNotify:
            return .resized(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case KeyPress:
            var key = event.xkey
            guard keysDown.insert(key.keycode).inserted else { return nil }
            return .keyPressed(XLookupKeysym(&key, 0), shift: key.state & UInt32(ShiftMask) != 0)
        case KeyRelease:
            keysDown.remove(event.xkey.keycode)
            return nil
        case ButtonPress:
            let b = event.xbutton
            return .buttonPressed(button: b.button, x: Int(b.x), y: Int(b.y))
        case ButtonRelease:
            let b = event.xbutton
            return .buttonReleased(button: b.button, x: Int(b.x), y: Int(b.y))
        case MotionNotify:
            return .pointerMoved(x: Int(event.xmotion.x), y: Int(event.xmotion.y))
        case LeaveNotify:
            keysDown.removeAll()
            return .pointerLeft
        case DestroyNotify:
            guard event.xdestroywindow.window == window else { return nil }
            isDestroyed = true
            return .destroyed
        case MappingNotify:
            var mapping = event.xmapping
            XRefreshKeyboardMapping(&mapping)
            return nil
        case ClientMessage:
            return decodeClientMessage(&event)
        default:
            if connection.usesSharedMemoryEvents, event.type == connection.shmCompletionEventType {
                return withUnsafePointer(to: &event) { .shmCompleted(segment: cx11_shm_completion_segment($0)) }
            }
            return nil
        }
    }

    private func decodeClientMessage(_ event: inout XEvent) -> WindowEvent? {
        let message = event.xclient
        guard message.message_type == connection.atoms.wmProtocols else { return nil }
        let name = Atom(bitPattern: message.data.l.0)
        if name == connection.atoms.wmDeleteWindow { return .closeRequested }
        if name == connection.atoms.netWMPing {
            var reply = event
            reply.xclient.window = connection.root
            XSendEvent(
                connection.display, connection.root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &reply)
        }
        return nil
    }

    /// Frees the GC and destroys the window unless it is already gone.
    func close() {
        XFreeGC(connection.display, graphicsContext)
        if !isDestroyed {
            XDestroyWindow(connection.display, window)
            isDestroyed = true
        }
        XFlush(connection.display)
    }
}

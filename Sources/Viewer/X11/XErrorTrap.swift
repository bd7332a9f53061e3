import CX11
import Glibc

// Xlib's error handlers take no user data, so their state lives in globals. Only scalars: a global
// holding an imported C struct is miscompiled by Swift 6.3 (it is under-allocated and clobbers its
// neighbours). Xlib calls the handlers on the thread that owns the Display, the only one using Xlib.
nonisolated(unsafe) private var trapDepth = 0
nonisolated(unsafe) private var trappedErrors = 0
nonisolated(unsafe) private var trappedErrorCode: Int32 = 0
nonisolated(unsafe) private var trappedErrorRequest: Int32 = 0
nonisolated(unsafe) private var trappedErrorMinor: Int32 = 0

/// The X error seen inside a trap.
struct TrappedXError: Error, CustomStringConvertible {
    var code: Int32
    var request: Int32
    var minor: Int32

    var description: String { "X error \(code) on request \(request).\(minor)" }
}

/// Installs the process's X error handlers: asynchronous errors are reported on stderr (never fatal),
/// errors inside `trap` are caught, and a lost connection ends the program with one clear line.
enum XErrorTrap {
    /// Installs the handlers; call once before opening the display.
    static func install() {
        XSetErrorHandler { display, event in
            guard let event else { return 0 }
            if trapDepth > 0 {
                trappedErrors += 1
                trappedErrorCode = cx11_error_code(event)
                trappedErrorRequest = cx11_error_request(event)
                trappedErrorMinor = cx11_error_minor(event)
                return 0
            }
            var text = [CChar](repeating: 0, count: 160)
            XGetErrorText(display, cx11_error_code(event), &text, Int32(text.count))
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            LineOutput.error(
                "layerscope: X error: \(message) (request \(cx11_error_request(event)).\(cx11_error_minor(event)))")
            return 0
        }
        XSetIOErrorHandler { _ in
            LineOutput.error("layerscope: lost the connection to the X server; exiting")
            _exit(1)
        }
    }

    /// Runs `body` with errors trapped, syncing before and after so every error its requests cause is
    /// seen; throws the first trapped error.
    static func trap<Result>(_ display: OpaquePointer, _ body: () -> Result) throws -> Result {
        XSync(display, 0)
        let before = trappedErrors
        trapDepth += 1
        let result = body()
        XSync(display, 0)
        trapDepth -= 1
        if trappedErrors != before {
            throw TrappedXError(code: trappedErrorCode, request: trappedErrorRequest, minor: trappedErrorMinor)
        }
        return result
    }
}

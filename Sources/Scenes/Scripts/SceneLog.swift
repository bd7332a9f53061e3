import Foundation
import LayerKit

/// Where a scene's log lines go: the sink its driver attached to the scene's engine (the viewer's log,
/// a test's list), else standard error as Foundation's `NSLog` writes it.
enum SceneLog {
    private static let key = "Scenes.SceneLog.sink"

    /// Attaches `sink` to `engine` (nil detaches it).
    static func setSink(_ sink: ((String) -> Void)?, on engine: LayerEngine) {
        engine.userInfo[key] = sink
    }

    /// Sends `line` to the current engine's sink, or to standard error.
    static func write(_ line: String) {
        if let sink = LayerEngine.current.userInfo[key] as? (String) -> Void {
            sink(line)
        } else {
            Foundation.NSLog(line.replacingOccurrences(of: "%", with: "%%"))
        }
    }
}

/// `NSLog` with one message, as scene code writes it (`NSLog("The animation stopped")`): the line goes
/// to the scene's log — the viewer's log, one line — rather than only to standard error. With format
/// arguments, Foundation's `NSLog` is used as usual. The message is taken literally (a `%` in it is
/// not a format).
public func NSLog(_ message: String) {
    SceneLog.write(message)
}

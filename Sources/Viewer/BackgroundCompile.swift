import Foundation
import Scenes

/// A Swift scene's compile after a save, on a thread of its own, so the viewer goes on drawing the last
/// good scene while the compiler runs. One compile at a time: a save during it compiles again once it
/// ends (the outcome of the older source is then dropped). `@unchecked Sendable`: its state is read
/// and written only under `lock`.
final class BackgroundCompile: @unchecked Sendable {
    /// How a compile ended: nil when it succeeded (the library is in the cache), else why not.
    struct Outcome {
        var path: String
        var error: SceneLoadError?
    }

    private let lock = NSLock()
    private var running: String?
    private var finished: Outcome?
    private var compileAgain = false
    private let wake: @Sendable () -> Void

    /// `wake` is called on the compile's thread when it ends (it wakes the viewer's loop).
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Compiles the Swift scene at `path` off this thread (again after the running compile, if any).
    func start(_ path: String) {
        let begins: Bool = lock.withLock {
            if running != nil {
                compileAgain = true
                return false
            }
            running = path
            finished = nil
            return true
        }
        if begins { spawn(path) }
    }

    private func spawn(_ path: String) {
        Thread.detachNewThread { [self] in
            var failure: SceneLoadError?
            do {
                try SceneLoader.compileSwiftScene(path)
            } catch let error as SceneLoadError {
                failure = error
            } catch {
                failure = SceneLoadError(description: "\(path): \(error)")
            }
            let again: Bool = lock.withLock {
                if compileAgain {
                    compileAgain = false
                    return true
                }
                running = nil
                finished = Outcome(path: path, error: failure)
                return false
            }
            if again {
                spawn(path)
            } else {
                wake()
            }
        }
    }

    /// The outcome of the compile that ended, once (nil while one runs, or when none ran).
    func takeOutcome() -> Outcome? {
        lock.withLock {
            defer { finished = nil }
            return finished
        }
    }
}

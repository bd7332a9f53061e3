import Foundation
import Testing

@testable import Viewer

/// Counts `onChange` calls from the watcher's thread.
private final class ChangeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

@Suite(.serialized)
struct SceneFileWatcherTests {
    /// A fresh folder holding `scene.json`.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("watcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: url.appendingPathComponent("scene.json"))
        return url
    }

    /// Polls `watcher` for up to `seconds`; true when it reported a change.
    static func waitForChange(_ watcher: SceneFileWatcher, seconds: Double = 2) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if watcher.takeChange() { return true }
            usleep(5000)
        }
        return false
    }

    @Test func seesWritesInPlaceAndSavesByRename() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json")
        let watcher = try SceneFileWatcher(path: file.path, quietPeriod: 0.05) {}
        defer { watcher.stop() }
        #expect(!watcher.takeChange())
        try Data("{ \"a\": 1 }".utf8).write(to: file)
        #expect(Self.waitForChange(watcher), "write in place")
        let temporary = dir.appendingPathComponent(".scene.json.swp")
        try Data("{ \"a\": 2 }".utf8).write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
        #expect(Self.waitForChange(watcher), "save by rename")
        try FileManager.default.removeItem(at: file)
        try Data("{ \"a\": 3 }".utf8).write(to: file)
        #expect(Self.waitForChange(watcher), "delete and create")
    }

    @Test func ignoresOtherFilesAndCoalescesBursts() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json")
        let counter = ChangeCounter()
        let watcher = try SceneFileWatcher(path: file.path, quietPeriod: 0.1) { counter.increment() }
        defer { watcher.stop() }
        try Data("x".utf8).write(to: dir.appendingPathComponent("other.json"))
        #expect(!Self.waitForChange(watcher, seconds: 0.4), "another file in the folder")
        for i in 0..<5 {
            try Data("{ \"i\": \(i) }".utf8).write(to: file)
            usleep(10_000)
        }
        #expect(Self.waitForChange(watcher))
        usleep(300_000)
        #expect(!watcher.takeChange())
        #expect(counter.count == 1, "five writes 10 ms apart are one change")
    }

    @Test func aMissingFolderIsAnError() {
        #expect(throws: ViewerSetupError.self) {
            _ = try SceneFileWatcher(path: "/nonexistent-\(UUID().uuidString)/scene.json") {}
        }
    }
}

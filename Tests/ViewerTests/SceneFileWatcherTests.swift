import Foundation
import LayerKit
import Scenes
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

/// The file sizes seen by `onChange` calls from the watcher's thread.
private final class SizeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var sizes: [Int] = []
    func append(_ size: Int) {
        lock.lock()
        sizes.append(size)
        lock.unlock()
    }
    var all: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return sizes
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

    /// A valid scene file of about `kilobytes` KB: a few layers and a lot of JSON whitespace, whose root is
    /// named `rootName`.
    static func bigScene(rootName: String, kilobytes: Int) -> Data {
        let padding = String(repeating: " ", count: kilobytes * 1024)
        return Data(
            """
            { "size": [64, 36], "layers": [ { "name": "\(rootName)", "frame": [0, 0, 64, 36],
              "sublayers": [ { "name": "box", "frame": [4, 4, 20, 20], "backgroundColor": "#ff0000" } ] } ],\(padding)
              "timeline": [] }
            """.utf8)
    }

    /// Writes `data` into `url` in place in `chunks` pieces, pausing `pause` seconds after each (longer
    /// than the watcher's quiet period), as a slow program writing a large file does; closes it at the end.
    static func writeSlowly(_ data: Data, to url: URL, chunks: Int, pause: Double) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
        let size = (data.count + chunks - 1) / chunks
        for start in stride(from: 0, to: data.count, by: size) {
            try handle.write(contentsOf: data[start..<min(data.count, start + size)])
            usleep(UInt32(pause * 1e6))
        }
        try handle.close()
    }

    @Test func aSlowWriteIsReportedOnceItIsClosed() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json")
        let content = Self.bigScene(rootName: "root", kilobytes: 512)
        let sizes = SizeLog()
        let watcher = try SceneFileWatcher(path: file.path, quietPeriod: 0.05) {
            sizes.append((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? -1)
        }
        defer { watcher.stop() }
        try Self.writeSlowly(content, to: file, chunks: 8, pause: 0.15)
        #expect(Self.waitForChange(watcher))
        usleep(200_000)
        #expect(sizes.all == [content.count], "one change, once the whole file was written")
        #expect(try Data(contentsOf: file) == content)
    }

    @Test func aWriterThatKeepsTheFileOpenIsReportedOnceTheSizeSettles() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json")
        let watcher = try SceneFileWatcher(path: file.path, quietPeriod: 0.05, settlePeriod: 0.4) {}
        defer { watcher.stop() }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        for part in ["{ \"a\"", ": 1", " }"] {
            try handle.write(contentsOf: Data(part.utf8))
            usleep(200_000)
            #expect(!watcher.takeChange(), "still being written")
        }
        #expect(Self.waitForChange(watcher), "reported once unchanged for the settle period, though still open")
        #expect(try Data(contentsOf: file) == Data("{ \"a\": 1 }".utf8))
    }

    /// The viewer's reload path: a large scene file written slowly never shows an error, and its final
    /// content is loaded.
    @Test func aSlowlyWrittenSceneFileLoadsWithoutAnError() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json")
        try Self.bigScene(rootName: "before", kilobytes: 1).write(to: file)
        let source = try SceneSource(make: { FileScene(document: try SceneFile.load(url: file), images: [:]) })
        var lines: [String] = []
        let session = ViewerSession(
            source: source, options: ViewerOptions(scene: file.path), hostTime: 100, text: nil,
            makeScene: { _ in nil }, log: { lines.append($0) })
        let watcher = try SceneFileWatcher(path: file.path) {}
        defer { watcher.stop() }
        let writer = Thread {
            try? Self.writeSlowly(Self.bigScene(rootName: "after", kilobytes: 1024), to: file, chunks: 10, pause: 0.15)
        }
        writer.start()
        let end = Date().addingTimeInterval(4)
        while Date() < end && source.rootLayer?.sublayers?.first?.name != "after" {
            if watcher.takeChange() { session.reloadSceneFile() }
            usleep(5000)
        }
        #expect(source.rootLayer?.sublayers?.first?.name == "after")
        #expect(session.sceneError == nil)
        #expect(lines.filter { $0.contains("error") } == [])
        #expect(lines.filter { $0.hasPrefix("scene file: reloaded") }.count == 1)
    }

    @Test func aMissingFolderIsAnError() {
        #expect(throws: ViewerSetupError.self) {
            _ = try SceneFileWatcher(path: "/nonexistent-\(UUID().uuidString)/scene.json") {}
        }
    }
}

import Foundation
import Supervision

/// Compiles Swift scenes into shared libraries, cached by what goes into them: the file's text and
/// path, the toolchain and this build of Layerscope. A cached library is used at once; a new one is
/// compiled in a folder of its own and renamed into place, so processes compiling the same scene at
/// the same time do not see each other's half-written files.
///
/// The cache is `$XDG_CACHE_HOME/layerscope/swift-scenes`, else `~/.cache/layerscope/swift-scenes`.
struct ScriptCompiler {
    let toolchain: ScriptToolchain
    let cache: URL

    /// The cache folder the environment names.
    static func defaultCache() -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("layerscope").appendingPathComponent("swift-scenes")
    }

    /// What a compile produced: the library, and whether it came from the cache.
    struct Product {
        let library: URL
        let cached: Bool
    }

    /// The library for `source`, compiled when the cache does not have it. A compile error throws a
    /// `SceneLoadError` whose `compilerOutput` is the compiler's own messages.
    func library(for source: ScriptSource) throws(SceneLoadError) -> Product {
        let key = ContentHash.hex("\(toolchain.identity)\n\(source.path)\n\(source.className)\n\(source.text)")
        let library = cache.appendingPathComponent("\(key).so")
        // On every load, cached or not: what a compile killed in the middle left goes with the next run.
        removeAbandonedBuilds()
        if FileManager.default.fileExists(atPath: library.path) { return Product(library: library, cached: true) }
        let work = cache.appendingPathComponent("build-\(key)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try source.compiledText.write(
                to: work.appendingPathComponent("Scene.swift"), atomically: false, encoding: .utf8)
            try source.entryText.write(
                to: work.appendingPathComponent("Entry.swift"), atomically: false, encoding: .utf8)
        } catch {
            throw SceneLoadError(
                description:
                    "\(source.path): cannot write to the cache folder \(cache.path) (\(error.localizedDescription))")
        }
        let output = work.appendingPathComponent("scene.so")
        let arguments = toolchain.arguments(
            module: "SwiftScene_\(key.prefix(16))",
            sources: [work.appendingPathComponent("Scene.swift"), work.appendingPathComponent("Entry.swift")],
            output: output)
        let (status, text) = try run(toolchain.swiftc, arguments, for: source, in: work)
        guard status == 0, FileManager.default.fileExists(atPath: output.path) else {
            throw SceneLoadError(
                description: "\(source.path): the Swift scene does not compile", compilerOutput: text)
        }
        if rename(output.path, library.path) != 0 {
            throw SceneLoadError(
                description:
                    "\(source.path): cannot store the compiled scene in \(cache.path) (\(String(cString: strerror(errno))))"
            )
        }
        return Product(library: library, cached: false)
    }

    /// Runs the compiler in a process group that ends with this process (`GroupedProcess`), its
    /// temporary files in `work`; its exit status and everything it printed.
    private func run(_ swiftc: URL, _ arguments: [String], for source: ScriptSource, in work: URL)
        throws(SceneLoadError) -> (Int32, String)
    {
        do {
            let result = try GroupedProcess.run(swiftc.path, arguments, environment: ["TMPDIR": work.path])
            return (result.status, result.output)
        } catch {
            throw SceneLoadError(description: "\(source.path): \(error.description)")
        }
    }

    /// Removes the build folders (`build-KEY-PID`) of compiles whose process no longer runs (one killed
    /// in the middle), so none is left behind for good.
    private func removeAbandonedBuilds() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        for name in names where name.hasPrefix("build-") {
            guard let pid = name.split(separator: "-").last.flatMap({ Int32($0) }), pid != getpid() else { continue }
            if !Self.isRunning(pid) { try? FileManager.default.removeItem(at: cache.appendingPathComponent(name)) }
        }
    }

    /// Whether process `pid` exists and is not a zombie (a killed compile's process can stay one for a
    /// while where process 1 reaps late, as in containers).
    private static func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 || errno != ESRCH else { return false }
        // /proc/PID/stat: "PID (name) STATE …", the name in parentheses possibly holding spaces.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}

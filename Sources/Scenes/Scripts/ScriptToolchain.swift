import Foundation

/// What compiling a Swift scene against this very build of Layerscope takes, found from the running
/// executable: the build folder it sits in (SwiftPM's `.build/release` or `.build/debug`, which holds
/// the compiled modules in `Modules/`), the package's C module maps (for the system libraries those
/// modules import), the compiler SwiftPM used for that build, and the toolchain version it recorded.
/// An installed binary (`./run.sh install`: `PREFIX/bin/layerscope`) finds the same in
/// `PREFIX/lib/layerscope/`: `Modules/`, `Sources/C*/`, and the build's records.
struct ScriptToolchain {
    /// The compiler.
    let swiftc: URL
    /// The folder with `Scenes.swiftmodule`, `LayerKit.swiftmodule`, ….
    let modules: URL
    /// `Sources/C*/module.modulemap` of the package.
    let moduleMaps: [URL]
    /// The header folders SwiftPM passed for those system libraries (pkg-config's, e.g. FreeType's
    /// `/usr/include/freetype2`), as its build description records them.
    let headerPaths: [String]
    /// What identifies the build for the cache: the toolchain's version, the executable's size and time.
    let identity: String

    /// The toolchain for the executable at `executable` (this process's own by default).
    static func find(executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
        throws(SceneLoadError) -> ScriptToolchain
    {
        let folder = executable.deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("lib/layerscope")
        let build =
            FileManager.default.fileExists(atPath: installed.appendingPathComponent("Package.swift").path)
            ? installed : folder
        let modules = [build.appendingPathComponent("Modules"), build].first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("Scenes.swiftmodule").path)
        }
        guard let modules else {
            throw SceneLoadError(
                description:
                    "cannot compile Swift scenes: Layerscope's compiled modules (Scenes.swiftmodule) are not in \(build.path), the folder of this executable; run the layerscope that `swift build` made in the package"
            )
        }
        guard let root = build == installed ? installed : packageRoot(above: build) else {
            throw SceneLoadError(
                description:
                    "cannot compile Swift scenes: the Layerscope package (Package.swift, Sources/) is not above \(build.path)"
            )
        }
        guard let swiftc = compiler(recordedIn: build) ?? compilerOnPath() else {
            throw SceneLoadError(description: "cannot compile Swift scenes: no Swift compiler (swiftc) on PATH")
        }
        let sources = root.appendingPathComponent("Sources")
        let maps = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted().map {
            sources.appendingPathComponent($0).appendingPathComponent("module.modulemap")
        }.filter { FileManager.default.fileExists(atPath: $0.path) }
        let version = versionRecord(in: build)
        var info = stat()
        let stamp =
            stat(executable.path, &info) == 0 ? "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : ""
        return ScriptToolchain(
            swiftc: swiftc, modules: modules, moduleMaps: maps, headerPaths: headerPaths(recordedIn: build),
            identity: "\(version)\n\(swiftc.path)\n\(executable.path) \(stamp)")
    }

    /// The nearest folder above `build` with `Package.swift` and a `Sources` folder.
    static func packageRoot(above build: URL) -> URL? {
        var folder = build
        for _ in 0..<6 {
            folder = folder.deletingLastPathComponent()
            let manifest = folder.appendingPathComponent("Package.swift").path
            if FileManager.default.fileExists(atPath: manifest),
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/Scenes").path)
            {
                return folder
            }
        }
        return nil
    }

    /// The compiler SwiftPM ran for this build, as its build description records it.
    static func compiler(recordedIn build: URL) -> URL? {
        guard let data = try? Data(contentsOf: build.appendingPathComponent("description.json")),
            let description = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let commands = description["swiftCommands"] as? [String: Any]
        else { return nil }
        let executables = commands.values.compactMap { ($0 as? [String: Any])?["executable"] as? String }
        return executables.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }

    /// The `-I` folders outside the build folder in the build description's compiler arguments.
    static func headerPaths(recordedIn build: URL) -> [String] {
        guard let data = try? Data(contentsOf: build.appendingPathComponent("description.json")),
            let description = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let commands = description["swiftCommands"] as? [String: Any]
        else { return [] }
        var paths: [String] = []
        for case let command as [String: Any] in commands.values {
            for case let argument as String in command["otherArguments"] as? [Any] ?? [] where argument.hasPrefix("-I/")
            {
                let path = String(argument.dropFirst(2))
                if !path.hasPrefix(build.path), !paths.contains(path) { paths.append(path) }
            }
        }
        return paths.sorted()
    }

    /// `swiftc` in a folder of `PATH`.
    static func compilerOnPath() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The toolchain version SwiftPM wrote next to the build (`swift-version-*.txt`), or "".
    static func versionRecord(in build: URL) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
        guard let name = names.sorted().first(where: { $0.hasPrefix("swift-version") && $0.hasSuffix(".txt") })
        else { return "" }
        return (try? String(contentsOf: build.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// The compiler's arguments for a shared library `output` of module `module` from `sources`.
    func arguments(module: String, sources: [URL], output: URL) -> [String] {
        var arguments = [
            "-emit-library", "-parse-as-library", "-module-name", module, "-Onone", "-gline-tables-only",
            "-diagnostic-style", "llvm",
            "-I", modules.path,
        ]
        for path in headerPaths { arguments += ["-I", path] }
        for map in moduleMaps { arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"] }
        return arguments + sources.map(\.path) + ["-o", output.path]
    }
}

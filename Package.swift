// swift-tools-version:6.0
// Layerscope: Core Animation's model, a software rasterizer and a live X11 viewer, for Linux.
import PackageDescription

let package = Package(
    name: "Layerscope",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "layerscope", targets: ["layerscope"]),
        .library(name: "LayerKit", targets: ["LayerKit"]),
        // Code pasted from iOS keeps its imports: these two only re-export LayerKit.
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "Compositor", targets: ["Compositor", "Raster", "Geometry", "Pictures"]),
        .library(name: "ImageFiles", targets: ["ImageFiles"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "Viewer", targets: ["Viewer"]),
    ],
    targets: [
        .target(name: "Geometry"),
        .systemLibrary(name: "CProcess", path: "Sources/CProcess"),
        .target(name: "Supervision", dependencies: ["CProcess"]),
        .target(name: "Pictures"),
        .target(name: "Fonts"),
        .systemLibrary(name: "CPixelOps", path: "Sources/CPixelOps"),
        .target(name: "Raster", dependencies: ["Geometry", "Pictures", "CPixelOps"]),
        .target(name: "Graphics", dependencies: ["Geometry", "Pictures", "Raster", "Fonts", "Typesetting"]),
        .target(name: "LayerKit", dependencies: ["Geometry", "Pictures", "Fonts", "Graphics"]),
        .target(name: "QuartzCore", dependencies: ["LayerKit"]),
        .target(name: "UIKit", dependencies: ["LayerKit"]),
        .target(name: "Compositor", dependencies: ["LayerKit", "Raster", "Typesetting"]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "ImageFiles", dependencies: ["Raster", "CPNG", "CJPEG"]),
        .target(name: "Scenes", dependencies: ["LayerKit", "Geometry", "ImageFiles", "Supervision"]),
        .systemLibrary(name: "CX11", path: "Sources/CX11", providers: [.apt(["libx11-dev", "libxext-dev"])]),
        .systemLibrary(
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]
        ),
        .target(name: "Recording", dependencies: ["Raster", "ImageFiles"]),
        .target(name: "Typesetting", dependencies: ["Geometry", "Fonts", "CFreeType"]),
        .target(name: "Overlay", dependencies: ["Raster", "LayerKit", "Scenes", "Fonts", "CFreeType"]),
        .target(
            name: "Viewer",
            dependencies: [
                "CX11", "Overlay", "Compositor", "Scenes", "Recording", "ImageFiles", "Supervision", "CProcess",
            ]),
        .executableTarget(
            name: "raster-bench", dependencies: ["Geometry", "Raster"],
            exclude: [
                "bench_timing.py", "cairo_bench.py", "compare.py", "skia_bench.py", "skia_card.py",
                "skia_perspective.py",
            ]),
        .target(
            name: "LayerscopeCLI",
            dependencies: [
                "Geometry", "Raster", "LayerKit", "Compositor", "ImageFiles", "Scenes", "Recording", "Overlay",
                "Viewer", "Supervision", "CProcess",
            ]),
        .executableTarget(
            name: "layerscope", dependencies: ["LayerscopeCLI"],
            // Swift scenes are shared libraries that use this executable's own LayerKit and Scenes: their
            // symbols must be in its dynamic symbol table (and kept by --gc-sections).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),

        .target(
            name: "LayerscopeTestSupport", dependencies: ["Geometry", "Raster", "ImageFiles", "LayerKit"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "LayerscopeTestSupport"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "Fonts"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "LayerscopeTestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "GraphicsTests", dependencies: ["Graphics", "Fonts", "LayerscopeTestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "LayerKitTests", dependencies: ["LayerKit", "LayerscopeTestSupport"]),
        .testTarget(name: "ReexportTests", dependencies: ["QuartzCore", "UIKit"]),
        .testTarget(
            name: "CompositorTests", dependencies: ["Compositor", "Scenes", "ImageFiles", "LayerscopeTestSupport"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "ImageFilesTests", dependencies: ["ImageFiles", "LayerscopeTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Raster", "LayerscopeTestSupport"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "LayerscopeTestSupport"]),
        .testTarget(
            name: "OverlayTests", dependencies: ["Overlay", "Scenes", "Fonts", "ImageFiles", "LayerscopeTestSupport"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "ViewerTests", dependencies: ["Viewer", "ImageFiles", "LayerscopeTestSupport"]),
        .testTarget(name: "LayerscopeCLITests", dependencies: ["LayerscopeCLI", "LayerscopeTestSupport"]),
    ]
)

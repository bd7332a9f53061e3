import Compositor
import Foundation
import ImageFiles
import LayerKit
import Raster

/// `layerscope curve`: a timing function's curve as a PNG.
enum CurveCommand {
    static let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]

    static let spec = CommandSpec(
        name: "curve",
        summary: "Draw a timing function's curve to a PNG file.",
        usage: "layerscope curve --timing NAME|x1,y1,x2,y2 --out FILE.png [--size N]",
        options: [
            .value("timing", "NAME|x1,y1,x2,y2", "linear, easeIn, easeOut, easeInEaseOut, default, or control points."),
            .value("out", "FILE.png", "The PNG file to write."),
            .value("size", "N", "Width and height in pixels (default 400)."),
        ])

    static let entry = SubcommandEntry(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let function = try timingFunction(try arguments.required("timing"))
        let out = try arguments.required("out")
        let size =
            try arguments.value("size").map { text throws(CommandError) in
                try ValueParsers.integer(text, option: "size", range: 64...4096, command: spec.name)
            } ?? 400
        CAEngine.reset()
        CAEngine.clock = ManualClock(now: 0)
        defer { CAEngine.reset() }
        let root = CurvePlot.makeLayer(function, size: CGFloat(size))
        CAEngine.step(root)
        let bitmap = Bitmap(width: size, height: size)
        Compositor().render(root, into: bitmap)
        do {
            try ImageFile.writePNG(bitmap, to: URL(fileURLWithPath: out))
        } catch {
            throw CommandError.failure("\(error)")
        }
        return 0
    }

    /// A name of `names`, or four numbers `x1,y1,x2,y2` with both x in 0…1.
    static func timingFunction(_ text: String) throws(CommandError) -> CAMediaTimingFunction {
        if names.contains(text) { return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: text)) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).compactMap {
            Float($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, parts.allSatisfy(\.isFinite), (0...1).contains(parts[0]), (0...1).contains(parts[2])
        else {
            throw .usage(
                "--timing expects one of \(names.joined(separator: ", ")) or x1,y1,x2,y2 (x in 0...1), got '\(text)'",
                command: spec.name)
        }
        return CAMediaTimingFunction(controlPoints: parts[0], parts[1], parts[2], parts[3])
    }
}

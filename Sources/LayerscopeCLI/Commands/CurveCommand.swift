import Foundation
import LayerKit
import Scenes

/// `layerscope curve`: a timing function's curve as a PNG.
enum CurveCommand {
    static let names = TimingFunctionNames.all.map(\.name)

    static let spec = CommandSpec(
        name: "curve",
        summary: "Plot timing functions (axes, grid, labels, legend, overshoot) to a PNG file.",
        usage: "layerscope curve --timing NAME|x1,y1,x2,y2 [--timing ...] --out FILE.png [--size WxH]",
        options: [
            .repeatedValue(
                "timing", "NAME|x1,y1,x2,y2",
                "linear, easeIn, easeOut, easeInEaseOut, default, or control points; repeat to compare curves."),
            .value("out", "FILE.png", "The PNG file to write."),
            .value("size", "WxH", "Image size in pixels, or N for a square (default 400x400)."),
        ])

    static let entry = SubcommandEntry(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let texts = arguments.values("timing")
        if texts.isEmpty { _ = try arguments.required("timing") }
        let timings = try texts.map { (text: $0, function: try timingFunction($0)) }
        let out = try arguments.required("out")
        let size = try plotSize(arguments.value("size"))
        try writePlot(timings, width: size.width, height: size.height, out: out)
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
                "--timing expects one of \(names.joined(separator: ", ")) or x1,y1,x2,y2 (x in 0...1), got '\(text)'"
                    + NearestName.hint(for: text, among: names),
                command: spec.name)
        }
        return CAMediaTimingFunction(controlPoints: parts[0], parts[1], parts[2], parts[3])
    }
}

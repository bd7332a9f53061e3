/// `layerscope curve`: a timing function's curve as a PNG.
enum CurveCommand {
    static let spec = CommandSpec(
        name: "curve",
        summary: "Draw a timing function's curve to a PNG file.",
        usage: "layerscope curve --timing NAME|x1,y1,x2,y2 --out FILE.png",
        options: [
            .value("timing", "NAME|x1,y1,x2,y2", "linear, easeIn, easeOut, easeInEaseOut, default, or control points."),
            .value("out", "FILE.png", "The PNG file to write."),
        ])

    static let entry = SubcommandEntry(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let timing = try arguments.required("timing")
        _ = try arguments.required("out")
        let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
        if !names.contains(timing) {
            let parts = timing.split(separator: ",").compactMap { Double($0) }
            guard parts.count == 4, parts.allSatisfy(\.isFinite), (0...1).contains(parts[0]), (0...1).contains(parts[2])
            else {
                throw CommandError.usage(
                    "--timing expects one of \(names.joined(separator: ", ")) or x1,y1,x2,y2 (x in 0...1), got '\(timing)'",
                    command: spec.name)
            }
        }
        throw CommandError.failure("curve drawing is not available yet (it arrives with the viewer's curve panel)")
    }
}

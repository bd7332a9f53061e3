/// The JSON half of `TimingWriteBack`: finds the timeline entry that added the animation and rewrites
/// only the text of its curve's value, every other byte of the file kept as it was.
///
/// The entry is the `add` with the target's layer and key whose `at` is the latest not after the
/// animation's add time (the ship adds the same key twice). Its `timingFunction` value is replaced
/// by `[x1, y1, x2, y2]`, or the member is added after the animation's last member when missing. For
/// a keyframe interval, that entry of `timingFunctions` is replaced; a missing `timingFunctions` is
/// added with `"linear"` for the other intervals.
enum JSONTimingRewrite {
    static func rewrite(_ text: String, _ target: TimingWriteBack.Target, fileName: String) throws(TimingWriteBack
        .Failure)
        -> TimingWriteBack.Rewrite
    {
        func fail(_ reason: String) -> TimingWriteBack.Failure {
            TimingWriteBack.Failure(description: "\(fileName): \(reason); nothing written")
        }
        let bytes = Array(text.utf8)
        let parsed: (value: JSONValue, spans: [JSONSpan])
        do {
            parsed = try JSONParser.parseLocating(bytes)
        } catch {
            throw fail("not valid JSON at line \(error.line), column \(error.column): \(error.message)")
        }
        guard case .object(let root) = parsed.value else { throw fail("the top level is not an object") }
        guard case .array(let timeline)? = root.first(where: { $0.key == "timeline" })?.value else {
            throw fail("no \"timeline\" array, so no animation to rewrite")
        }
        let who = "key \(JSONValue.quoted(target.key ?? "")) on layer \(JSONValue.quoted(target.layerName ?? ""))"
        var chosen: (index: Int, at: Double)?
        var matches = 0
        for (index, entry) in timeline.enumerated() {
            guard case .object(let members) = entry,
                case .object(let add)? = members.first(where: { $0.key == "add" })?.value,
                add.first(where: { $0.key == "layer" })?.value == target.layerName.map(JSONValue.string),
                add.first(where: { $0.key == "key" })?.value == target.key.map(JSONValue.string)
            else { continue }
            matches += 1
            guard case .number(let at)? = members.first(where: { $0.key == "at" })?.value,
                at <= target.addedAt + 1e-9, at >= (chosen?.at ?? -.infinity)
            else { continue }
            chosen = (index, at)
        }
        guard target.layerName != nil, target.key != nil, matches > 0 else {
            throw fail("no timeline entry adds an animation with \(who)")
        }
        guard let chosen else { throw fail("no timeline entry adds \(who) by media time \(target.addedAt)") }
        let animationPath: [JSONPathPart] = [.key("timeline"), .index(chosen.index), .key("add"), .key("animation")]
        func span(_ path: [JSONPathPart]) -> Range<Int>? { parsed.spans.first { $0.path == path }?.range }
        guard let animationRange = span(animationPath), bytes[animationRange.lowerBound] == UInt8(ascii: "{") else {
            throw fail("\(JSONPathPart.text(animationPath)) is not an object")
        }
        let property = target.segment == nil ? "timingFunction" : "timingFunctions"
        let propertyPath = animationPath + [.key(property)]
        var replacement: String
        var range: Range<Int>
        var location = propertyPath
        if let segment = target.segment {
            if let existing = span(propertyPath) {
                let count = parsed.spans.filter {
                    $0.path.count == propertyPath.count + 1 && Array($0.path.dropLast()) == propertyPath
                }.count
                guard bytes[existing.lowerBound] == UInt8(ascii: "["), count == target.segmentCount else {
                    throw fail(
                        "\(JSONPathPart.text(propertyPath)) is not a list of \(target.segmentCount) timing functions")
                }
                location = propertyPath + [.index(segment)]
                range = span(location)!
                replacement = target.jsonText
            } else {
                let entries = (0..<target.segmentCount).map { $0 == segment ? target.jsonText : "\"linear\"" }
                (range, replacement) = insertion(
                    "\"timingFunctions\": [" + entries.joined(separator: ", ") + "]", into: animationRange,
                    animationPath: animationPath, spans: parsed.spans)
                location = propertyPath + [.index(segment)]
            }
        } else if let existing = span(propertyPath) {
            range = existing
            replacement = target.jsonText
        } else {
            (range, replacement) = insertion(
                "\"timingFunction\": " + target.jsonText, into: animationRange, animationPath: animationPath,
                spans: parsed.spans)
        }
        var result = Array(bytes[..<range.lowerBound])
        result += Array(replacement.utf8)
        result += bytes[range.upperBound...]
        return TimingWriteBack.Rewrite(
            text: String(decoding: result, as: UTF8.self), location: JSONPathPart.text(location))
    }

    /// Where and what to insert to add `member` to the object at `range`: after its last member's
    /// value (`, member`), or inside the braces of an empty object.
    private static func insertion(
        _ member: String, into range: Range<Int>, animationPath: [JSONPathPart], spans: [JSONSpan]
    ) -> (Range<Int>, String) {
        let members = spans.filter {
            $0.path.count == animationPath.count + 1 && Array($0.path.dropLast()) == animationPath
        }
        guard let last = members.max(by: { $0.range.upperBound < $1.range.upperBound }) else {
            let inside = range.lowerBound + 1
            return (inside..<inside, member)
        }
        return (last.range.upperBound..<last.range.upperBound, ", " + member)
    }
}

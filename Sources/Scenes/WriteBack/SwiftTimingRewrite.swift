/// The Swift half of `TimingWriteBack`: finds where the animation's curve is set and rewrites that
/// expression only, when it can be found without guessing.
///
/// The animation is the variable passed as `add(VARIABLE, forKey: "KEY")` (one such variable for the
/// key in the file); the curve is the right-hand side of the one `VARIABLE.timingFunction = …`
/// statement (`VARIABLE.timingFunctions = [ … ]` and its entry for a keyframe interval). Anything else
/// (no such call, several variables, no assignment or several, a list of another length) is refused
/// with the reason and the line to paste.
enum SwiftTimingRewrite {
    static func rewrite(_ text: String, _ target: TimingWriteBack.Target, fileName: String) throws(TimingWriteBack
        .Failure)
        -> TimingWriteBack.Rewrite
    {
        let bytes = Array(text.utf8)
        let code = SwiftCode(bytes)
        func fail(_ reason: String, variable: String? = nil) -> TimingWriteBack.Failure {
            let name = variable ?? "animation"
            let snippet =
                target.segment.map { "\(name).timingFunctions[\($0)] = \(target.swiftText)" }
                ?? "\(name).timingFunction = \(target.swiftText)"
            return TimingWriteBack.Failure(
                description: "\(fileName): cannot locate the curve unambiguously (\(reason)); nothing written",
                snippet: snippet)
        }
        guard let key = target.key else { throw fail("the animation was added without a key") }
        let variables = Set(code.addedVariables(forKey: key))
        guard variables.count == 1, let variable = variables.first else {
            throw fail(
                variables.isEmpty
                    ? "no add(…, forKey: \"\(key)\") call" : "several animations are added for \"\(key)\"")
        }
        let property = target.segment == nil ? "timingFunction" : "timingFunctions"
        let assignments = code.assignments(to: variable + "." + property)
        guard assignments.count == 1, let value = assignments.first else {
            throw fail(
                assignments.isEmpty
                    ? "no \(variable).\(property) = … statement" : "\(variable).\(property) is set more than once",
                variable: variable)
        }
        var range = value
        if let segment = target.segment {
            let elements = code.arrayElements(in: value)
            guard let elements, elements.count == target.segmentCount else {
                throw fail(
                    "\(variable).timingFunctions is not a list of \(target.segmentCount) curves", variable: variable)
            }
            range = elements[segment]
        }
        var result = Array(bytes[..<range.lowerBound])
        result += Array(target.swiftText.utf8)
        result += bytes[range.upperBound...]
        let line = 1 + bytes[..<range.lowerBound].filter { $0 == UInt8(ascii: "\n") }.count
        return TimingWriteBack.Rewrite(text: String(decoding: result, as: UTF8.self), location: "line \(line)")
    }
}

/// A Swift source file read just enough for the write-back: comments and string literals are told
/// apart from code, and expressions end at a line break or `;` outside brackets.
private struct SwiftCode {
    let bytes: [UInt8]
    /// For each byte, whether it is code (not inside a comment or a string literal).
    let isCode: [Bool]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var flags = [Bool](repeating: true, count: bytes.count)
        var i = 0
        func at(_ j: Int) -> UInt8? { j < bytes.count ? bytes[j] : nil }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") {
                    flags[i] = false
                    i += 1
                }
            } else if bytes[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") {
                var depth = 0
                repeat {
                    if bytes[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") {
                        depth += 1
                        flags[i] = false
                        i += 1
                    } else if bytes[i] == UInt8(ascii: "*"), at(i + 1) == UInt8(ascii: "/") {
                        depth -= 1
                        flags[i] = false
                        i += 1
                    }
                    flags[i] = false
                    i += 1
                } while i < bytes.count && depth > 0
            } else if bytes[i] == UInt8(ascii: "\"") {
                flags[i] = false
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\n") {
                    if bytes[i] == UInt8(ascii: "\\") {
                        flags[i] = false
                        i += 1
                    }
                    if i < bytes.count { flags[i] = false }
                    i += 1
                }
                if i < bytes.count {
                    flags[i] = false
                    i += 1
                }
            } else {
                i += 1
            }
        }
        isCode = flags
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private func skipSpaces(_ i: inout Int) {
        while i < bytes.count,
            bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") || bytes[i] == UInt8(ascii: "\n")
        {
            i += 1
        }
    }

    /// Starts of `word` in code, not inside a longer identifier on either side.
    private func occurrences(of word: String) -> [Int] {
        let w = Array(word.utf8)
        guard !w.isEmpty, bytes.count >= w.count else { return [] }
        var result: [Int] = []
        for start in 0...(bytes.count - w.count) where isCode[start] && bytes[start] == w[0] {
            guard Array(bytes[start..<start + w.count]) == w else { continue }
            if start > 0, Self.isIdentifier(bytes[start - 1]), Self.isIdentifier(w[0]) { continue }
            let end = start + w.count
            if end < bytes.count, Self.isIdentifier(bytes[end]), Self.isIdentifier(w[w.count - 1]) { continue }
            result.append(start)
        }
        return result
    }

    /// The variables passed as the first argument of `add(VARIABLE, forKey: "key")` calls.
    func addedVariables(forKey key: String) -> [String] {
        occurrences(of: "add").compactMap { start in
            guard start > 0, bytes[start - 1] == UInt8(ascii: ".") else { return nil }
            var i = start + 3
            skipSpaces(&i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: "(") else { return nil }
            i += 1
            skipSpaces(&i)
            let nameStart = i
            while i < bytes.count, Self.isIdentifier(bytes[i]) { i += 1 }
            guard i > nameStart else { return nil }
            let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            skipSpaces(&i)
            let rest = Array(("forKey:").utf8)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i += 1
            skipSpaces(&i)
            guard i + rest.count <= bytes.count, Array(bytes[i..<i + rest.count]) == rest else { return nil }
            i += rest.count
            skipSpaces(&i)
            let literal = Array(("\"" + key + "\"").utf8)
            guard i + literal.count <= bytes.count, Array(bytes[i..<i + literal.count]) == literal else { return nil }
            return name
        }
    }

    /// The ranges of the right-hand sides of `target = …` statements (`target` such as `move.timingFunction`).
    func assignments(to target: String) -> [Range<Int>] {
        occurrences(of: target).compactMap { start in
            var i = start + target.utf8.count
            while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "="),
                i + 1 >= bytes.count || bytes[i + 1] != UInt8(ascii: "=")
            else { return nil }
            i += 1
            skipSpaces(&i)
            let valueStart = i
            var depth = 0
            while i < bytes.count {
                let c = bytes[i]
                if isCode[i] {
                    if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
                    if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    if depth == 0, c == UInt8(ascii: ";") { break }
                }
                if depth == 0, c == UInt8(ascii: "\n") || (!isCode[i] && c == UInt8(ascii: "/")) { break }
                i += 1
            }
            var end = i
            while end > valueStart, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") {
                end -= 1
            }
            return end > valueStart ? valueStart..<end : nil
        }
    }

    /// The ranges of the top-level elements of the array literal that `range` holds, or nil when it is not one.
    func arrayElements(in range: Range<Int>) -> [Range<Int>]? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "["),
            bytes[range.upperBound - 1] == UInt8(ascii: "]")
        else { return nil }
        var elements: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound + 1
        func close(_ end: Int) {
            var a = start
            var b = end
            while a < b, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")].contains(bytes[a]) { a += 1 }
            while b > a, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")].contains(bytes[b - 1]) { b -= 1 }
            if b > a { elements.append(a..<b) }
        }
        for i in (range.lowerBound + 1)..<(range.upperBound - 1) where isCode[i] {
            let c = bytes[i]
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { depth -= 1 }
            if depth == 0, c == UInt8(ascii: ",") {
                close(i)
                start = i + 1
            }
        }
        close(range.upperBound - 1)
        return elements
    }
}

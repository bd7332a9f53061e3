/// A strict JSON parser (RFC 8259) that keeps object key order and reports errors by line and column.
///
/// Nesting is limited to `maximumDepth` so hostile input cannot exhaust the stack.
struct JSONParser {
    /// Why the text is not JSON, and where.
    struct SyntaxError: Error, Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// While `parseLocating` runs: the path to the value being parsed, and every value's byte range.
    private var path: [JSONPathPart] = []
    private var spans: [JSONSpan]?

    /// Parses `text` as one JSON value with nothing but whitespace after it.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Parses `bytes` as `parse` does, and also returns where each value is: its path and byte range
    /// (the value's text alone, without the whitespace around it), in the order the values end.
    static func parseLocating(_ bytes: [UInt8]) throws(SyntaxError) -> (value: JSONValue, spans: [JSONSpan]) {
        var parser = JSONParser(bytes: bytes)
        parser.spans = []
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return (value, parser.spans ?? [])
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> SyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SyntaxError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// A byte as a reader can see it: a printable ASCII character in quotes, anything else in hex.
    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte)
            ? "character '\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { index += 1 }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard spans != nil else { return try parseBareValue() }
        let start = index
        let value = try parseBareValue()
        spans?.append(JSONSpan(path: path, range: start..<index))
        return value
    }

    private mutating func parseBareValue() throws(SyntaxError) -> JSONValue {
        guard let c = current else { throw error("unexpected end of file, expected a value") }
        switch c {
        case UInt8(ascii: "{"): return try nested { (p: inout JSONParser) throws(SyntaxError) in try p.parseObject() }
        case UInt8(ascii: "["): return try nested { (p: inout JSONParser) throws(SyntaxError) in try p.parseArray() }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(Self.describe(c)), expected a value")
        }
    }

    private mutating func nested(
        _ body: (inout JSONParser) throws(SyntaxError) -> JSONValue
    ) throws(SyntaxError) -> JSONValue {
        guard depth < JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("unknown word, expected \(word)")
        }
        index += utf8.count
        return value
    }

    /// An object, its `{` next. Alike `parseArray` on purpose: JSON's two bracketed lists, a fixed grammar, each
    /// read straight (items of a key, a colon and a value here) rather than through a closure over the parser.
    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = index
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                index = keyStart
                throw error("duplicate key \(JSONValue.quoted(key))")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            if spans != nil { path.append(.key(key)) }
            members.append((key, try parseValue()))
            if spans != nil { path.removeLast() }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            if spans != nil { path.append(.index(items.count)) }
            items.append(try parseValue())
            if spans != nil { path.removeLast() }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.index
            while let c = p.current, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { p.index += 1 }
            return p.index - s
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw error("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(text) is out of range")
        }
        return .number(value)
    }

    /// A string's text: the raw UTF-8 runs and the escapes' scalars gathered into one byte buffer,
    /// decoded once at the end (linear in the string's length however many escapes it has).
    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        var utf8: [UInt8] = []
        var run = index
        while true {
            guard let c = current else { throw error("unterminated string") }
            switch c {
            case UInt8(ascii: "\""):
                utf8.append(contentsOf: bytes[run..<index])
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: bytes[run..<index])
                index += 1
                UTF8.encode(try parseEscape()) { utf8.append($0) }
                run = index
            case 0..<0x20:
                throw error("control character in a string")
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard let c = current else { throw error("unterminated string") }
        index += 1
        switch c {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate in \\u escape") }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in \\u escape") }
            return scalar
        default:
            index -= 1
            throw error("unknown escape in a string")
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current, let digit = Character(Unicode.Scalar(c)).hexDigitValue else {
                throw error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

/// One step of a path into a JSON document: an object member's key or an array element's index.
enum JSONPathPart: Hashable, Sendable {
    case key(String)
    case index(Int)

    /// A path as errors name it: `timeline[2].add.animation`.
    static func text(_ path: [JSONPathPart]) -> String {
        var result = ""
        for part in path {
            switch part {
            case .key(let key): result += result.isEmpty ? key : "." + key
            case .index(let index): result += "[\(index)]"
            }
        }
        return result
    }
}

/// Where a value is in a JSON document's bytes.
struct JSONSpan: Equatable, Sendable {
    var path: [JSONPathPart]
    var range: Range<Int>
}

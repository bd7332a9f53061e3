/// A parsed JSON value that keeps the order of object keys, so errors and defaults follow the file.
indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// A short description for error messages: the value itself when small, else its kind.
    var shortDescription: String {
        switch self {
        case .string(let s): return JSONValue.quoted(s)
        case .array: return "an array"
        case .object: return "an object"
        default: return text
        }
    }

    /// `text` in double quotes for a message, cut to its first 37 characters and `...` (with the
    /// whole length) when longer than 40, so a huge string in a file cannot flood the message.
    static func quoted(_ text: String) -> String {
        text.count <= 40 ? "\"\(text)\"" : "\"\(text.prefix(37))...\" (\(text.count) characters)"
    }

    /// `n` written the short way JSON would (integers without a fraction).
    static func format(_ n: Double) -> String {
        if n.isFinite, n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }
}

extension JSONValue {
    /// The value as compact JSON text (members in order; numbers as `format` writes them, which
    /// callers keep finite: scene files spell infinity `"inf"`).
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONValue.format(n)
        case .string(let s): return JSONValue.escaped(s)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONValue.escaped($0.key) + ": " + $0.value.text }.joined(separator: ", ") + "}"
        }
    }

    /// `text` as a JSON string literal.
    static func escaped(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

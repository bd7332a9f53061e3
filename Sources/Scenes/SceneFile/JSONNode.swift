import Geometry

/// A JSON value together with its JSON path, with typed accessors whose errors name that path.
struct JSONNode {
    let value: JSONValue
    let path: String

    func fail(_ message: String) -> SceneProblem {
        SceneProblem(path: path.isEmpty ? "(top level)" : path, message: message)
    }

    func expected(_ what: String) -> SceneProblem {
        fail("expected \(what), got \(value.shortDescription)")
    }

    func index(_ i: Int, _ item: JSONValue) -> JSONNode { JSONNode(value: item, path: "\(path)[\(i)]") }

    /// A number. `"inf"` and `"-inf"` are accepted only where `allowInfinity` says so.
    func number(allowInfinity: Bool = false) throws -> Double {
        switch value {
        case .number(let n): return n
        case .string(let s) where allowInfinity && (s == "inf" || s == "-inf"):
            return s == "inf" ? .infinity : -.infinity
        case .string(let s) where s.lowercased() == "nan":
            throw fail("NaN is not a valid value")
        default:
            throw expected(allowInfinity ? "a number or \"inf\"" : "a number")
        }
    }

    func number(in range: ClosedRange<Double>, allowInfinity: Bool = false) throws -> Double {
        let n = try number(allowInfinity: allowInfinity)
        guard range.contains(n) else {
            let low = JSONValue.format(range.lowerBound)
            let high = range.upperBound.isInfinite ? "" : " and at most \(JSONValue.format(range.upperBound))"
            throw fail("must be at least \(low)\(high), got \(JSONValue.format(n))")
        }
        return n
    }

    func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw expected("true or false") }
        return b
    }

    func string() throws -> String {
        guard case .string(let s) = value else { throw expected("a string") }
        return s
    }

    /// One of `choices`, named in the error otherwise.
    func choice(_ choices: [String]) throws -> String {
        let s = try string()
        guard choices.contains(s) else {
            throw fail(
                "expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), got \(value.shortDescription)")
        }
        return s
    }

    func array() throws -> [JSONNode] {
        guard case .array(let items) = value else { throw expected("an array") }
        return items.enumerated().map { index($0.offset, $0.element) }
    }

    /// An object whose keys must all be in `allowedKeys` (the error lists what is allowed).
    func object(allowedKeys: [String]) throws -> JSONObjectNode {
        guard case .object(let members) = value else { throw expected("an object") }
        for entry in members where !allowedKeys.contains(entry.key) {
            throw member(entry.key, entry.value)
                .fail("unknown key \(JSONValue.quoted(entry.key)) (allowed: \(allowedKeys.joined(separator: ", ")))")
        }
        return JSONObjectNode(node: self, members: members)
    }

    /// The member `key`; a key longer than 40 characters stands in the path cut short, as in messages.
    func member(_ key: String, _ value: JSONValue) -> JSONNode {
        let name = key.count <= 40 ? key : JSONValue.quoted(key)
        return JSONNode(value: value, path: path.isEmpty ? name : "\(path).\(name)")
    }

    /// Exactly `count` finite numbers, as `[x, y]`, `[w, h]` or `[x, y, w, h]`.
    func numbers(count: Int, what: String) throws -> [Double] {
        guard case .array(let items) = value, items.count == count else { throw expected(what) }
        return try items.enumerated().map { try index($0.offset, $0.element).number() }
    }

    func point() throws -> CGPoint {
        let v = try numbers(count: 2, what: "a point [x, y]")
        return CGPoint(x: v[0], y: v[1])
    }

    /// `[w, h]`, each within `range` when given.
    func size(in range: ClosedRange<Double>? = nil) throws -> CGSize {
        let v = try numbers(count: 2, what: "a size [w, h]")
        if let range, case .array(let items) = value {
            for (i, item) in items.enumerated() { _ = try index(i, item).number(in: range) }
        }
        return CGSize(width: v[0], height: v[1])
    }

    func rect() throws -> CGRect {
        let v = try numbers(count: 4, what: "a rect [x, y, w, h]")
        if v[2] < 0 || v[3] < 0 { throw fail("a rect cannot have a negative width or height") }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}

/// A JSON object being decoded: look-ups by key, each giving a node with its JSON path.
struct JSONObjectNode {
    let node: JSONNode
    let members: [(key: String, value: JSONValue)]

    subscript(key: String) -> JSONNode? {
        members.first { $0.key == key }.map { node.member($0.key, $0.value) }
    }

    func required(_ key: String) throws -> JSONNode {
        guard let child = self[key] else { throw node.fail("missing key \"\(key)\"") }
        return child
    }

    var keys: [String] { members.map(\.key) }
}

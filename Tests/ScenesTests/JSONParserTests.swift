import Testing

@testable import Scenes

/// The scene files' JSON parser: RFC 8259 values, key order kept, errors by line and column.
struct JSONParserTests {
    static func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func valuesAndKeyOrder() throws {
        let value = try Self.parse(
            #" { "z": [1, -2.5e1, 0.125, true, false, null], "a": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00" } "#)
        guard case .object(let members) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a"])
        #expect(
            members[0].value == .array([.number(1), .number(-25), .number(0.125), .bool(true), .bool(false), .null]))
        #expect(members[1].value == .string("x\"\\/\u{08}\u{0C}\n\r\té😀"))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
    }

    @Test(arguments: [
        ("", 1, 1, "unexpected end of file, expected a value"),
        ("01", 1, 2, "unexpected text after the JSON value"),
        ("-", 1, 2, "expected a digit"),
        ("1.", 1, 3, "expected a digit after '.'"),
        ("1e+", 1, 4, "expected a digit in the exponent"),
        ("\"abc", 1, 5, "unterminated string"),
        ("\"a\u{01}\"", 1, 3, "control character in a string"),
        (#""\x""#, 1, 3, "unknown escape in a string"),
        (#""\u12G4""#, 1, 6, "expected four hex digits after \\u"),
        (#""\ud800""#, 1, 8, "unpaired surrogate in \\u escape"),
        ("tru", 1, 1, "unknown word, expected true"),
        ("[1,]", 1, 4, "unexpected character ']', expected a value"),
        ("{\"a\" 1}", 1, 6, "expected ':' after a key"),
        ("{\"a\": 1\n\"b\": 2}", 2, 1, "expected ',' or '}' in an object"),
        ("{\"é\": 1, \"é\": 2}", 1, 10, "duplicate key \"é\""),
    ])
    func syntaxErrors(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONParser.SyntaxError(line: line, column: column, message: message)) {
            try Self.parse(text)
        }
    }
}

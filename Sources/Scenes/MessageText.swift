/// Text from outside (scene files, file names, arguments) made safe to quote in a one-line message.
public enum MessageText {
    /// `text` with every control character — C0 (U+0000–U+001F, so also ESC, CR and LF), DEL, C1
    /// (U+0080–U+009F) and the Unicode line and paragraph separators — written as `\uXXXX`, so a message
    /// quoting it stays one line and cannot carry terminal escapes. Backslashes are left as they are.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A message line as it is printed: control characters escaped, and a line longer than 1000
    /// characters (a huge file name or value quoted whole) cut in the middle, keeping its first 600
    /// characters (the file it is about) and its last 300 (the reason), with the whole length between.
    public static func line(_ text: String) -> String {
        let escaped = escaped(text)
        guard escaped.count > 1000 else { return escaped }
        return "\(escaped.prefix(600)) ... (\(escaped.count) characters in all) ... \(escaped.suffix(300))"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }
}

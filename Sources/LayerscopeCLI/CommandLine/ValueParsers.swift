import Foundation

/// Checked conversions of option values; each failure is a usage error naming the option.
enum ValueParsers {
    /// `WxH`, both whole numbers from 1 to 16384.
    static func size(_ text: String, option: String = "size", command: String) throws(CommandError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w),
            (1...16384).contains(h)
        else {
            throw .usage("--\(option) expects WxH with whole numbers from 1 to 16384, got '\(text)'", command: command)
        }
        return (w, h)
    }

    /// A finite number, at least `minimum`.
    static func number(_ text: String, option: String, minimum: Double = 0, command: String) throws(CommandError)
        -> Double
    {
        guard let value = Double(text), value.isFinite, value >= minimum else {
            throw .usage("--\(option) expects a number of at least \(format(minimum)), got '\(text)'", command: command)
        }
        return value
    }

    /// A whole number from `range`.
    static func integer(_ text: String, option: String, range: ClosedRange<Int>, command: String) throws(CommandError)
        -> Int
    {
        guard let value = Int(text), range.contains(value) else {
            throw .usage(
                "--\(option) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'",
                command: command)
        }
        return value
    }

    /// `T1,T2,...`: one or more finite, non-negative seconds.
    static func times(_ text: String, option: String = "at", command: String) throws(CommandError) -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var times: [Double] = []
        for part in parts {
            guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
                throw .usage(
                    "--\(option) expects seconds separated by commas (each 0 or more), got '\(text)'", command: command)
            }
            times.append(t)
        }
        return times
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

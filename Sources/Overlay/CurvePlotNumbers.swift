/// Numbers as the plots print them, built without Foundation so that short results stay inline
/// Swift strings (no heap allocation while drawing a frame).
enum CurvePlotNumbers {
    /// `value` with at most `decimals` decimals, trailing zeros (and a trailing point) removed:
    /// 0.5 → `0.5`, 2 → `2`, −0.125 with 2 decimals → `-0.13`; `inf`, `-inf`, `nan` as such.
    static func text(_ value: Double, decimals: Int = 3) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let places = min(max(decimals, 0), 9)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return value < 0 ? "-big" : "big" }
        var units = UInt64(scaled)
        let negative = value < 0 && units != 0
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var end = 32
            var fraction = places
            while fraction > 0 && units % 10 == 0 {
                units /= 10
                fraction -= 1
            }
            var written = 0
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(units % 10)
                units /= 10
                written += 1
                if written == fraction {
                    end -= 1
                    buffer[end] = UInt8(ascii: ".")
                }
            } while units > 0 || written <= fraction
            if negative {
                end -= 1
                buffer[end] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[end..<32]), as: UTF8.self)
        }
    }
}

/// A 128-bit FNV-1a hash as 32 hex digits: two 64-bit FNV-1a runs with different offset bases. Used to
/// name cache entries, not for security. FNV-1a: Fowler, Noll and Vo,
/// http://www.isthe.com/chongo/tech/comp/fnv/ (offset basis 14695981039346656037, prime 1099511628211).
enum ContentHash {
    static func hex(_ text: String) -> String {
        var first: UInt64 = 14_695_981_039_346_656_037
        var second: UInt64 = first ^ 0x9E37_79B9_7F4A_7C15
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 1_099_511_628_211
            second = (second ^ UInt64(byte)) &* 1_099_511_628_211
        }
        return [first, second].map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}

/// The name a typo most likely meant: "did you mean …?" for options, subcommands, scenes and keys.
public enum NearestName {
    /// The candidate closest to `name` by edit distance (insertions, deletions, substitutions and
    /// swaps of neighbours, case ignored), when it is close enough to be a typo of it: at most one edit
    /// for names of up to four letters, two up to eight, three beyond. Nil when none is, or two tie.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        let word = Array(name.lowercased())
        guard !word.isEmpty, word.count <= 64 else { return nil }
        let limit = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int, tied: Bool)?
        for candidate in candidates where candidate != name {
            let distance = self.distance(word, Array(candidate.lowercased()), limit: limit)
            guard distance <= limit else { continue }
            if let current = best, current.distance <= distance {
                if current.distance == distance, current.name != candidate { best?.tied = true }
                continue
            }
            best = (candidate, distance, false)
        }
        guard let best, !best.tied else { return nil }
        return best.name
    }

    /// " (did you mean 'X'?)" for a message, or nothing.
    public static func hint(for name: String, among candidates: [String]) -> String {
        suggestion(for: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The optimal string alignment distance of `a` and `b`, or `limit + 1` once it is larger.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}

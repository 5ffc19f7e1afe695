/// How far apart two words are, for "did you mean …?" (one helper for commands, actions, entity
/// names, keys and options alike).
enum EditDistance {
    /// The Damerau–Levenshtein distance (optimal string alignment) between `a` and `b`, ignoring
    /// case: insertions, deletions, substitutions and swaps of two neighbouring characters each
    /// count 1, so `inpsect` is 1 from `inspect` and `Usr` 1 from `User`.
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// The most distance a suggestion may be from what was typed: a third of the typed word's
    /// length, at least 1 (a short word needs a close match; `ab` suggests nothing but a neighbour).
    static func threshold(for word: String) -> Int {
        max(1, word.count / 3)
    }

    /// The candidate closest to `word` within ``threshold(for:)``, or nil; an exact match (but
    /// for case) wins, and of equally close candidates the first listed.
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        guard !word.isEmpty else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = between(word, candidate)
            if distance <= threshold(for: word), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `"; did you mean 'inspect'?"` for the closest candidate, or "" when none is close.
    static func suggestion(for word: String, among candidates: some Sequence<String>) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}

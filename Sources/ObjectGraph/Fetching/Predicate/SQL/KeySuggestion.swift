/// Finds the closest existing key to a misspelt one, for "did you mean" hints.
enum KeySuggestion {
    /// The candidate with the smallest edit distance to `key` (case-insensitive), when that distance
    /// is at most half the key's length; ties go to the first in name order.
    static func closest(to key: String, among candidates: [String]) -> String? {
        let target = Array(key.lowercased())
        var bestName: String?
        var bestDistance = Int.max
        for candidate in candidates.sorted() {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < bestDistance {
                bestName = candidate
                bestDistance = distance
            }
        }
        guard bestDistance <= max(1, (target.count + 1) / 2) else { return nil }
        return bestName
    }

    /// Edit distance counting insertions, deletions, substitutions and swaps of two neighbouring
    /// letters as 1 each (the "optimal string alignment" distance): a typing slip such as `nmae`
    /// is one step from `name`, closer than `image`.
    static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var beforePrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let substitution = previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[rhs.count]
    }
}

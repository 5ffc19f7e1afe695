/// Finds which items of a reordered sequence can stay where they are.
///
/// Given the items of a new order with their positions in the old order, the items that keep their
/// relative order form an increasing subsequence of those old positions; every other item has to
/// move. Choosing the *heaviest* such subsequence lets the caller prefer to keep some items still
/// (objects whose values did not change) over others (objects that were edited, which are the ones
/// that really moved). Runs in O(n log n) with a Fenwick tree of prefix maxima.
enum HeaviestIncreasingSubsequence {
    /// Returns, for each item of `oldPositions` (listed in new order), whether it keeps its place.
    ///
    /// - Parameters:
    ///   - oldPositions: the old position of each item, in the new order; distinct values in
    ///     `0..<upperBound`.
    ///   - weights: how much keeping each item still is worth (same count as `oldPositions`).
    ///   - upperBound: one past the largest possible old position.
    static func stableItems(oldPositions: [Int], weights: [Int], upperBound: Int) -> [Bool] {
        let count = oldPositions.count
        var stable = [Bool](repeating: false, count: count)
        guard count > 0 else { return stable }
        // tree[i] holds (best total weight, item index) over a range of old positions ending at i.
        var tree = [(weight: Int, item: Int)](repeating: (0, -1), count: upperBound + 1)
        var predecessor = [Int](repeating: -1, count: count)
        var total = [Int](repeating: 0, count: count)
        var best = (weight: 0, item: -1)
        for item in 0..<count {
            let position = oldPositions[item]
            // Best chain ending at an old position strictly before this one.
            var prefix = (weight: 0, item: -1)
            var index = position
            while index > 0 {
                if tree[index].weight > prefix.weight { prefix = tree[index] }
                index -= index & -index
            }
            total[item] = prefix.weight + weights[item]
            predecessor[item] = prefix.item
            index = position + 1
            while index <= upperBound {
                if total[item] > tree[index].weight { tree[index] = (total[item], item) }
                index += index & -index
            }
            if total[item] > best.weight { best = (total[item], item) }
        }
        var item = best.item
        while item >= 0 {
            stable[item] = true
            item = predecessor[item]
        }
        return stable
    }
}

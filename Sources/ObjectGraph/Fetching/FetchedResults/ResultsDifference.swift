import Foundation

/// Computes the changes that turn one sectioned result into another, in the form a table view
/// applies between `beginUpdates()` and `endUpdates()`.
///
/// The rules (those of a `UITableView` batch update, which Core Data's controller feeds):
/// - Deletes and move sources name index paths in the *old* result; inserts and move destinations
///   name index paths in the *new* result. Every object of a deleted section is reported deleted
///   (or moved away); every object of an inserted section is reported inserted (or moved in).
/// - Objects that only shift because others came or went are not reported.
/// - An object whose values changed (`updated`) but whose place among its unchanged neighbours is
///   the same is an `update`; one that changed section, or whose order relative to the others
///   changed, is a `move`. When the order changed, the objects kept still are the heaviest set in
///   order, unchanged objects weighing more, so the edited objects are the ones reported moved.
/// - Sections are matched by name; sections are never reported moved, so a section whose order
///   relative to the other sections changed is deleted and inserted again.
///
/// The changes come sorted: section deletes, section inserts, object deletes (by old index path),
/// object inserts (by new index path), moves (by new index path), updates (by old index path).
enum ResultsDifference {
    /// The changes from `old` to `new`, given the objects whose values changed in between.
    static func changes<Element: Hashable>(
        from old: [ResultsSection<Element>], to new: [ResultsSection<Element>], updated: Set<Element>
    ) -> [ResultsChange<Element>] {
        let matching = SectionMatching(old: old, new: new)
        var changes = SectionDiffCollector<Element>()
        for index in old.indices where matching.oldToNew[index] == nil {
            changes.sectionDeletes.append(.section(name: old[index].name, index: index, type: .delete))
        }
        for index in new.indices where matching.newToOld[index] == nil {
            changes.sectionInserts.append(.section(name: new[index].name, index: index, type: .insert))
        }
        // In a kept section, the objects before the first difference and after the last one
        // stayed where they were relative to their neighbours; only the window between needs
        // matching, which keeps one insert into a 10,000-row result cheap.
        var windows: [Int: SectionWindow] = [:]
        for (newIndex, oldIndex) in matching.newToOld.enumerated() {
            if let oldIndex {
                windows[newIndex] = SectionWindow(old: old[oldIndex].elements, new: new[newIndex].elements)
            }
        }
        var oldRanges = old.map { 0..<$0.elements.count }
        var newRanges = new.map { 0..<$0.elements.count }
        for (newIndex, window) in windows {
            newRanges[newIndex] = window.newRange
            if let oldIndex = matching.newToOld[newIndex] { oldRanges[oldIndex] = window.oldRange }
        }
        let oldLocation = locations(of: old, rows: oldRanges)
        let newLocation = locations(of: new, rows: newRanges)

        for (element, path) in oldLocation where newLocation[element] == nil {
            changes.objectDeletes.append(.object(element, indexPath: path, type: .delete, newIndexPath: nil))
        }
        var candidates: [Int: [(element: Element, oldRow: Int, newRow: Int)]] = [:]
        for (element, newPath) in newLocation {
            guard let oldPath = oldLocation[element] else {
                changes.objectInserts.append(.object(element, indexPath: nil, type: .insert, newIndexPath: newPath))
                continue
            }
            if matching.newToOld[newPath.section] == oldPath.section {
                candidates[newPath.section, default: []].append((element, oldPath.row, newPath.row))
            } else {
                changes.moves.append(.object(element, indexPath: oldPath, type: .move, newIndexPath: newPath))
            }
        }
        for (newSection, sectionCandidates) in candidates {
            let ordered = sectionCandidates.sorted { $0.newRow < $1.newRow }
            let oldSection = matching.newToOld[newSection] ?? 0
            let stillWeight = ordered.count + 1
            let stable = HeaviestIncreasingSubsequence.stableItems(
                oldPositions: ordered.map(\.oldRow),
                weights: ordered.map { updated.contains($0.element) ? 1 : stillWeight },
                upperBound: old[oldSection].elements.count)
            for (candidate, isStable) in zip(ordered, stable) {
                let oldPath = IndexPath(row: candidate.oldRow, section: oldSection)
                let newPath = IndexPath(row: candidate.newRow, section: newSection)
                if !isStable {
                    changes.moves.append(
                        .object(candidate.element, indexPath: oldPath, type: .move, newIndexPath: newPath))
                } else if updated.contains(candidate.element) {
                    changes.updates.append(
                        .object(candidate.element, indexPath: oldPath, type: .update, newIndexPath: newPath))
                }
            }
        }
        if !updated.isEmpty {
            for (newIndex, window) in windows {
                let oldIndex = matching.newToOld[newIndex] ?? 0
                for (oldRow, newRow) in window.unchangedRows {
                    let element = new[newIndex].elements[newRow]
                    if updated.contains(element) {
                        changes.updates.append(
                            .object(
                                element, indexPath: IndexPath(row: oldRow, section: oldIndex), type: .update,
                                newIndexPath: IndexPath(row: newRow, section: newIndex)))
                    }
                }
            }
        }
        return changes.sorted()
    }

    /// The index path of every object in the given rows of each section.
    private static func locations<Element: Hashable>(
        of sections: [ResultsSection<Element>], rows: [Range<Int>]
    ) -> [Element: IndexPath] {
        var result: [Element: IndexPath] = [:]
        for (section, content) in sections.enumerated() {
            for row in rows[section] {
                result[content.elements[row]] = IndexPath(row: row, section: section)
            }
        }
        return result
    }
}

/// The rows of a kept section that differ between the old and the new result: everything
/// between the longest common prefix and the longest common suffix.
private struct SectionWindow {
    /// The differing rows of the old section.
    let oldRange: Range<Int>
    /// The differing rows of the new section.
    let newRange: Range<Int>
    /// How many rows the common prefix holds.
    private let prefix: Int
    /// How many rows the common suffix holds.
    private let suffix: Int

    init<Element: Equatable>(old: [Element], new: [Element]) {
        let limit = min(old.count, new.count)
        var prefix = 0
        while prefix < limit, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        self.prefix = prefix
        self.suffix = suffix
        oldRange = prefix..<(old.count - suffix)
        newRange = prefix..<(new.count - suffix)
    }

    /// The (old row, new row) pairs of the common prefix and suffix.
    var unchangedRows: [(Int, Int)] {
        (0..<prefix).map { ($0, $0) } + (0..<suffix).map { (oldRange.upperBound + $0, newRange.upperBound + $0) }
    }
}

/// Which old section each new section continues, matched by name.
private struct SectionMatching {
    /// For each old section, the new section it continues, or nil when it is deleted.
    var oldToNew: [Int?]
    /// For each new section, the old section it continues, or nil when it is inserted.
    var newToOld: [Int?]

    init<Element: Hashable>(old: [ResultsSection<Element>], new: [ResultsSection<Element>]) {
        var oldIndexByName: [String: Int] = [:]
        for (index, section) in old.enumerated() where oldIndexByName[section.name] == nil {
            oldIndexByName[section.name] = index
        }
        var pairs: [(new: Int, old: Int)] = []
        var claimed = Set<Int>()
        for (index, section) in new.enumerated() {
            if let oldIndex = oldIndexByName[section.name], claimed.insert(oldIndex).inserted {
                pairs.append((index, oldIndex))
            }
        }
        // Sections cannot move in a table view; keep the largest set still in order (larger
        // sections weigh more, since re-inserting them costs more rows).
        let stable = HeaviestIncreasingSubsequence.stableItems(
            oldPositions: pairs.map(\.old), weights: pairs.map { 1 + new[$0.new].elements.count },
            upperBound: old.count)
        oldToNew = [Int?](repeating: nil, count: old.count)
        newToOld = [Int?](repeating: nil, count: new.count)
        for (pair, isStable) in zip(pairs, stable) where isStable {
            oldToNew[pair.old] = pair.new
            newToOld[pair.new] = pair.old
        }
    }
}

/// The changes of one computation, gathered by kind and then put in reporting order.
private struct SectionDiffCollector<Element: Hashable> {
    var sectionDeletes: [ResultsChange<Element>] = []
    var sectionInserts: [ResultsChange<Element>] = []
    var objectDeletes: [ResultsChange<Element>] = []
    var objectInserts: [ResultsChange<Element>] = []
    var moves: [ResultsChange<Element>] = []
    var updates: [ResultsChange<Element>] = []

    func sorted() -> [ResultsChange<Element>] {
        sectionDeletes + sectionInserts
            + objectDeletes.sorted { Self.oldPath($0) < Self.oldPath($1) }
            + objectInserts.sorted { Self.newPath($0) < Self.newPath($1) }
            + moves.sorted { Self.newPath($0) < Self.newPath($1) }
            + updates.sorted { Self.oldPath($0) < Self.oldPath($1) }
    }

    private static func oldPath(_ change: ResultsChange<Element>) -> IndexPath {
        if case .object(_, let path?, _, _) = change { return path }
        return IndexPath(row: 0, section: 0)
    }

    private static func newPath(_ change: ResultsChange<Element>) -> IndexPath {
        if case .object(_, _, _, let path?) = change { return path }
        return IndexPath(row: 0, section: 0)
    }
}

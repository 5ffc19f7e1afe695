import Foundation

@testable import ObjectGraph

/// A model of a table view: sections of rows, each row showing one object's text.
///
/// `apply` follows `UITableView`'s batch-update rules strictly and refuses anything a table view
/// would raise an exception for (an index out of range, an index path touched twice, a row that
/// is not the object the change names, a deleted section that still has rows), so a test that
/// applies a controller's changes and then compares the table with a fresh fetch checks both
/// that the changes are valid and that they are complete.
struct TableModel<Element: Hashable>: Equatable {
    /// One visible row.
    struct Row: Equatable {
        var element: Element
        var text: String
    }

    /// One visible section.
    struct Section: Equatable {
        var name: String
        var rows: [Row]
    }

    /// What a table view would have raised an exception for.
    struct Inconsistency: Error, CustomStringConvertible {
        var description: String
    }

    var sections: [Section]

    /// A table showing `results`, each row with `text(element)`.
    init(_ results: [ResultsSection<Element>], text: (Element) -> String) {
        sections = results.map { Section(name: $0.name, rows: $0.elements.map { Row(element: $0, text: text($0)) }) }
    }

    /// Applies one batch of changes the way `endUpdates()` does; rows inserted, moved or reloaded
    /// show `text(element)` afterwards, every other row keeps the text it had.
    mutating func apply(_ changes: [ResultsChange<Element>], text: (Element) -> String) throws {
        var deletedSections = Set<Int>()
        var insertedSections: [Int: String] = [:]
        var removedPaths = Set<IndexPath>()
        var insertions: [(path: IndexPath, element: Element)] = []
        var reloads: [(old: IndexPath, new: IndexPath?, element: Element)] = []
        for change in changes {
            switch change {
            case .section(_, let index, .delete):
                guard sections.indices.contains(index), deletedSections.insert(index).inserted else {
                    throw Inconsistency(description: "bad section delete \(index) of \(sections.count)")
                }
            case .section(let name, let index, .insert):
                guard insertedSections.updateValue(name, forKey: index) == nil else {
                    throw Inconsistency(description: "section \(index) inserted twice")
                }
            case .section(_, _, let type):
                throw Inconsistency(description: "sections cannot \(type)")
            case .object(let element, let old, let type, let new):
                if type == .delete || type == .move || type == .update {
                    guard let old, try row(at: old) == element else {
                        throw Inconsistency(description: "\(type) names \(element) at \(String(describing: old))")
                    }
                    guard removedPaths.insert(old).inserted else {
                        throw Inconsistency(description: "old index path \(old) touched twice")
                    }
                }
                if type == .insert || type == .move {
                    guard let new else { throw Inconsistency(description: "\(type) without a new index path") }
                    insertions.append((new, element))
                }
                if type == .update, let old { reloads.append((old, new, element)) }
            }
        }
        let reloadedPaths = Set(reloads.map(\.old))
        // Deletes first, against the old table.
        var rebuilt: [Section?] = []
        for (index, section) in sections.enumerated() {
            var kept = section
            kept.rows = []
            for (row, content) in section.rows.enumerated() {
                let path = IndexPath(row: row, section: index)
                if !removedPaths.contains(path) || reloadedPaths.contains(path) {
                    kept.rows.append(content)
                }
            }
            if deletedSections.contains(index) {
                guard kept.rows.isEmpty else {
                    throw Inconsistency(description: "deleted section \(index) still has \(kept.rows.count) rows")
                }
                rebuilt.append(nil)
            } else {
                rebuilt.append(kept)
            }
        }
        sections = rebuilt.compactMap { $0 }
        // Then inserts, against the new table, in ascending order.
        for (index, name) in insertedSections.sorted(by: { $0.key < $1.key }) {
            guard index <= sections.count else {
                throw Inconsistency(description: "section insert \(index) beyond \(sections.count)")
            }
            sections.insert(Section(name: name, rows: []), at: index)
        }
        var insertedPaths = Set<IndexPath>()
        for insertion in insertions.sorted(by: { $0.path < $1.path }) {
            let path = insertion.path
            guard insertedPaths.insert(path).inserted else {
                throw Inconsistency(description: "new index path \(path) inserted twice")
            }
            guard sections.indices.contains(path.section), path.row <= sections[path.section].rows.count else {
                throw Inconsistency(description: "insert at \(path) out of range")
            }
            sections[path.section].rows.insert(
                Row(element: insertion.element, text: text(insertion.element)),
                at: path.row)
        }
        for reload in reloads {
            guard let new = reload.new, sections.indices.contains(new.section),
                sections[new.section].rows.indices.contains(new.row),
                sections[new.section].rows[new.row].element == reload.element
            else {
                throw Inconsistency(description: "update of \(reload.element) names the wrong new index path")
            }
            sections[new.section].rows[new.row].text = text(reload.element)
        }
    }

    private func row(at path: IndexPath) throws -> Element {
        guard sections.indices.contains(path.section), sections[path.section].rows.indices.contains(path.row) else {
            throw Inconsistency(description: "old index path \(path) out of range")
        }
        return sections[path.section].rows[path.row].element
    }
}

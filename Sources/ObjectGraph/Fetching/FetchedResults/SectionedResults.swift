/// A sorted result split into sections, kept up to date by merging changes instead of regrouping.
///
/// Sections appear in the order of their first object; with no section key there is always
/// exactly one section, named `""`, even when it is empty (as with Core Data's controller).
/// Merging removes the objects that left or changed, then places each new or changed object by
/// binary search, first among the sections (by their first objects) and then within its section,
/// so one insert into a large result costs a few comparisons, not a regrouping. The result equals
/// a fresh grouping whenever the sort order is total and sorts by the section key first, which is
/// what Core Data requires of a sectioned fetch.
struct SectionedResults<Element: Hashable> {
    /// The sections, in order.
    private(set) var sections: [ResultsSection<Element>]
    /// Whether sections come from a key (false: one unnamed section holds everything).
    let isSectioned: Bool
    /// The first element, by its position in the sorted input, whose section an earlier section
    /// had already closed (the sort did not keep the section's elements together); nil when none.
    private(set) var firstMisplaced: (position: Int, name: String)?

    /// Groups already sorted `elements` by `sectionName`, or into one section when it is nil.
    init(sorted elements: [Element], sectionName: ((Element) -> String)?) {
        guard let sectionName else {
            isSectioned = false
            sections = [ResultsSection(name: "", elements: elements)]
            return
        }
        isSectioned = true
        sections = []
        var indexByName: [String: Int] = [:]
        for (position, element) in elements.enumerated() {
            let name = sectionName(element)
            if let index = indexByName[name] {
                // Out-of-order section names (a sort that does not start with the section key):
                // one section per name is kept, and the first such element is remembered for the
                // controller, which refuses the fetch (Core Data's "out of order section name").
                if index != sections.count - 1, firstMisplaced == nil { firstMisplaced = (position, name) }
                sections[index].elements.append(element)
            } else {
                indexByName[name] = sections.count
                sections.append(ResultsSection(name: name, elements: [element]))
            }
        }
    }

    /// Takes sections already grouped (from a section cache).
    init(sections: [ResultsSection<Element>]) {
        self.sections = sections
        isSectioned = true
    }

    /// Every element, in section order.
    var elements: [Element] {
        sections.count == 1 ? sections[0].elements : sections.flatMap(\.elements)
    }

    /// Removes `removed` (absent ones are ignored), then inserts `inserted` in sorted position.
    ///
    /// - Parameters:
    ///   - sectionName: the section each inserted element belongs to (ignored when unsectioned).
    ///   - areInIncreasingOrder: the fetch's sort order.
    mutating func merge(
        removing removed: Set<Element>, inserting inserted: [Element], sectionName: (Element) -> String,
        areInIncreasingOrder: (Element, Element) -> Bool
    ) {
        remove(removed)
        for element in inserted {
            insert(element, into: isSectioned ? sectionName(element) : "", areInIncreasingOrder: areInIncreasingOrder)
        }
    }

    private mutating func remove(_ removed: Set<Element>) {
        guard !removed.isEmpty else { return }
        if removed.count <= 8 {
            // A few objects: find each one by scanning, which beats hashing every element.
            for element in removed {
                for index in sections.indices {
                    if let row = sections[index].elements.firstIndex(of: element) {
                        sections[index].elements.remove(at: row)
                        break
                    }
                }
            }
        } else {
            for index in sections.indices {
                sections[index].elements.removeAll { removed.contains($0) }
            }
        }
        if isSectioned { sections.removeAll { $0.elements.isEmpty } }
    }

    private mutating func insert(
        _ element: Element, into name: String, areInIncreasingOrder: (Element, Element) -> Bool
    ) {
        if let index = sections.firstIndex(where: { $0.name == name }) {
            let row = Self.insertionPoint(of: element, in: sections[index].elements, areInIncreasingOrder)
            sections[index].elements.insert(element, at: row)
            return
        }
        // A new section goes before the first section whose first object sorts after the element.
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if let first = sections[middle].elements.first, areInIncreasingOrder(element, first) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        sections.insert(ResultsSection(name: name, elements: [element]), at: low)
    }

    /// The index after every element that does not sort after `element` (keeps ties stable).
    private static func insertionPoint(
        of element: Element, in elements: [Element], _ areInIncreasingOrder: (Element, Element) -> Bool
    ) -> Int {
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if areInIncreasingOrder(element, elements[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}

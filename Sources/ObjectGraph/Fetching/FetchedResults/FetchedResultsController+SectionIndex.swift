extension FetchedResultsController {
    /// The section index title for a section name: the delegate's answer, or by default the
    /// capitalized first letter of the name (nil for an empty name).
    public func sectionIndexTitle(forSectionName sectionName: String) -> String? {
        if let delegate, let title = delegate.controller(self, sectionIndexTitleForSectionName: sectionName) {
            return title
        }
        return sectionName.first.map { String($0).uppercased() }
    }

    /// The titles of the section index (a table view's index along its edge): each section's
    /// index title once, in section order.
    public var sectionIndexTitles: [String] {
        var seen = Set<String>()
        return (sections ?? []).compactMap(\.indexTitle).filter { seen.insert($0).inserted }
    }

    /// The section a tap on the section index's `title` (at `sectionIndex` in
    /// ``sectionIndexTitles``) should scroll to: the first section with that index title, or, for
    /// a title no section has, the last section before where it would be. 0 when there is none.
    public func section(forSectionIndexTitle title: String, at sectionIndex: Int) -> Int {
        let all = sections ?? []
        if let match = all.firstIndex(where: { $0.indexTitle == title }) { return match }
        let before = all.lastIndex { ($0.indexTitle ?? "") < title }
        return before ?? 0
    }
}

import ObjectGraph

/// Prints a fetched results controller the way a plain table view shows it: section headers
/// (the author), the rows (the title), and the section index down the side.
enum TablePrinter {
    static func print(_ controller: FetchedResultsController) {
        let sections = controller.sections ?? []
        let rows = sections.reduce(0) { $0 + $1.numberOfObjects }
        let index = controller.sectionIndexTitles.joined(separator: " ")
        Swift.print("Table: \(rows) books in \(sections.count) sections, index \(index)")
        for (index, section) in sections.enumerated() {
            Swift.print("  [\(index)] \(section.name)")
            for (row, book) in section.objects.enumerated() {
                Swift.print("      \(row)  \((book as? Book)?.title ?? "")")
            }
        }
    }
}

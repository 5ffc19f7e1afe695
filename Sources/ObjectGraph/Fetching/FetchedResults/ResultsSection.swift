/// One section of a sorted, sectioned result: the section's name and its objects in order.
///
/// This is the plain value the change computation compares; the controller's public
/// ``FetchedResultsSectionInfo`` is built from it.
struct ResultsSection<Element: Hashable>: Equatable {
    /// The section's name (the string value of the section name key path).
    var name: String
    /// The section's objects, sorted by the fetch request's sort descriptors.
    var elements: [Element]
}

import Foundation

/// One change in the sequence a fetched results controller reports between
/// `willChangeContent` and `didChangeContent`.
///
/// Index paths follow a table view's batch-update rules: a delete names the *old* index path, an
/// insert the *new* one, a move both, and an update both (old first, as `reloadRows(at:)` wants it,
/// and the new one for configuring the cell).
enum ResultsChange<Element: Hashable>: Equatable {
    /// A section appeared (`index` in the new result) or disappeared (`index` in the old one).
    case section(name: String, index: Int, type: FetchedResultsChangeType)
    /// An object was inserted, deleted, moved or updated.
    case object(Element, indexPath: IndexPath?, type: FetchedResultsChangeType, newIndexPath: IndexPath?)
}

import Foundation

/// Told by a ``FetchedResultsController`` how its result changed, in the order a table view
/// applies changes between `beginUpdates()` and `endUpdates()`.
///
/// After each `processPendingChanges()` or `save()` of the context that changes the result, the
/// delegate receives ``controllerWillChangeContent(_:)``, then every section deletion and
/// insertion, then every object deletion, insertion, move and update, then
/// ``controllerDidChangeContent(_:)``. Deletions name index paths in the old result; insertions
/// in the new one; moves and updates give both. Every method has a default that does nothing.
///
/// ```swift
/// func controller(_ controller: FetchedResultsController, didChange object: ManagedObject,
///                 at indexPath: IndexPath?, for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
///     switch type {
///     case .insert: tableView.insertRows(at: [newIndexPath!], with: .fade)
///     …
///     }
/// }
/// ```
public protocol FetchedResultsControllerDelegate: AnyObject {
    /// The controller is about to report changes (a table view's `beginUpdates()`).
    func controllerWillChangeContent(_ controller: FetchedResultsController)

    /// A section was inserted (at `sectionIndex` in the new result) or deleted (at `sectionIndex`
    /// in the old result).
    func controller(
        _ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType)

    /// An object was inserted, deleted, moved or updated.
    ///
    /// - Parameters:
    ///   - controller: the controller reporting the change.
    ///   - object: the object that changed.
    ///   - type: whether it was inserted, deleted, moved or updated.
    ///   - indexPath: where the object was in the old result (nil for an insert).
    ///   - newIndexPath: where it is in the new result (nil for a delete).
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?)

    /// The controller has reported every change (a table view's `endUpdates()`).
    func controllerDidChangeContent(_ controller: FetchedResultsController)

    /// The section index title for the section named `sectionName`; nil means the default, the
    /// capitalized first letter of the name.
    func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String)
        -> String?
}

extension FetchedResultsControllerDelegate {
    /// Does nothing.
    public func controllerWillChangeContent(_ controller: FetchedResultsController) {}

    /// Does nothing.
    public func controller(
        _ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType
    ) {}

    /// Does nothing.
    public func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {}

    /// Does nothing.
    public func controllerDidChangeContent(_ controller: FetchedResultsController) {}

    /// Returns nil, so the controller uses the capitalized first letter of the name.
    public func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String)
        -> String?
    {
        nil
    }
}

import Foundation
import ObjectGraph

/// The controller's delegate: prints each event as it arrives, as a table view would apply it.
final class EventPrinter: FetchedResultsControllerDelegate {
    func controllerWillChangeContent(_ controller: FetchedResultsController) {
        print("    willChangeContent (beginUpdates)")
    }

    func controller(
        _ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType
    ) {
        print("    section \(type) at \(sectionIndex): \(sectionInfo.name)")
    }

    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        let title = (object as? Book)?.title ?? "(deleted)"
        print("    row \(type) \(Self.describe(indexPath)) -> \(Self.describe(newIndexPath)): \(title)")
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) {
        print("    didChangeContent (endUpdates)")
    }

    private static func describe(_ indexPath: IndexPath?) -> String {
        indexPath.map { "[\($0.section), \($0.row)]" } ?? "nil"
    }
}

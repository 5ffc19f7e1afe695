import Foundation

@testable import ObjectGraph

/// A small library model (books on shelves) in an in-memory store, for the tests of the
/// controller, notifications, observation and undo.
struct LibraryStack {
    /// Books have an author (the section key), a title, a rating and a shelf; shelves hold books.
    static let modelXML = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Book" representedClassName="Book" syncable="YES">
                <attribute name="author" attributeType="String"/>
                <attribute name="rating" optional="YES" attributeType="Integer 16"
                    defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="title" attributeType="String"/>
                <relationship name="shelf" optional="YES" maxCount="1" deletionRule="Nullify"
                    destinationEntity="Shelf" inverseName="books" inverseEntity="Shelf"/>
            </entity>
            <entity name="Shelf" representedClassName="Shelf" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade"
                    destinationEntity="Book" inverseName="shelf" inverseEntity="Book"/>
            </entity>
        </model>
        """

    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }

    init() throws {
        let model = try ManagedObjectModel(xcodeModelContents: Data(Self.modelXML.utf8))
        container = PersistentContainer(name: "Library", managedObjectModel: model)
        try container.loadInMemoryStore()
    }

    /// Inserts a book.
    @discardableResult
    func book(_ author: String, _ title: String, rating: Int = 0) throws -> ManagedObject {
        let book = try context.insertNewObject(forEntityName: "Book")
        book["author"] = author
        book["title"] = title
        book["rating"] = rating
        return book
    }

    /// A request for books sorted by author, then title.
    static func booksByAuthor() -> FetchRequest {
        let request = FetchRequest(entityName: "Book")
        request.sortDescriptors = [ObjectSortDescriptor(key: "author"), ObjectSortDescriptor(key: "title")]
        return request
    }
}

/// Records every delegate call as a line, and applies the changes to a table model.
final class RecordingDelegate: FetchedResultsControllerDelegate {
    var lines: [String] = []
    var changes: [ResultsChange<ManagedObject>] = []

    func controllerWillChangeContent(_ controller: FetchedResultsController) {
        lines.append("will change")
        changes = []
    }

    func controller(
        _ controller: FetchedResultsController, didChange sectionInfo: FetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType
    ) {
        lines.append("section \(type) \(sectionIndex) \(sectionInfo.name)")
        changes.append(.section(name: sectionInfo.name, index: sectionIndex, type: type))
    }

    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        let title = object.value(forKey: "title") as? String ?? "?"
        lines.append("\(type) \(title) \(Self.format(indexPath)) -> \(Self.format(newIndexPath))")
        changes.append(.object(object, indexPath: indexPath, type: type, newIndexPath: newIndexPath))
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) {
        lines.append("did change")
    }

    static func format(_ path: IndexPath?) -> String {
        path.map { "[\($0.section),\($0.row)]" } ?? "-"
    }
}

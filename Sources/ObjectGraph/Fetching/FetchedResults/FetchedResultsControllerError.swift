/// Why a ``FetchedResultsController`` cannot fetch.
public enum FetchedResultsControllerError: Error, Equatable, CustomStringConvertible {
    /// The fetch request has no sort descriptors; a controller needs a defined order.
    case missingSortDescriptors(entityName: String)
    /// The fetch request names an entity the context's model does not have.
    case unknownEntity(name: String)
    /// The section name key path does not lead to one value per object of the entity: it names
    /// no property, goes on past an attribute, or ends in a to-many relationship.
    case invalidSectionNameKeyPath(keyPath: String, entityName: String, reason: String)
    /// The sort order does not keep each section's objects together: the object at `index` of
    /// the sorted result belongs to the section `sectionName`, which an earlier section already
    /// closed (Core Data's "out of order section name").
    case sectionsOutOfOrder(index: Int, sectionName: String, keyPath: String)

    /// A sentence naming the request's entity and what to do.
    public var description: String {
        switch self {
        case .missingSortDescriptors(let entityName):
            "the fetch request for \(entityName) has no sort descriptors; "
                + "a fetched results controller needs at least one (the section key first, when sectioned)"
        case .unknownEntity(let name):
            "the fetch request names the entity \"\(name)\", which the context's model does not have"
        case .invalidSectionNameKeyPath(let keyPath, let entityName, let reason):
            "the section name key path \"\(keyPath)\" cannot name the sections of \(entityName): \(reason)"
        case .sectionsOutOfOrder(let index, let sectionName, let keyPath):
            "the fetched object at index \(index) has an out of order section name \"\(sectionName)\": "
                + "sort by \"\(keyPath)\" first, so that each section's objects come together"
        }
    }
}

/// Why a ``FetchedResultsController`` cannot fetch.
public enum FetchedResultsControllerError: Error, Equatable, CustomStringConvertible {
    /// The fetch request has no sort descriptors; a controller needs a defined order.
    case missingSortDescriptors(entityName: String)
    /// The fetch request names an entity the context's model does not have.
    case unknownEntity(name: String)

    /// A sentence naming the request's entity and what to do.
    public var description: String {
        switch self {
        case .missingSortDescriptors(let entityName):
            "the fetch request for \(entityName) has no sort descriptors; "
                + "a fetched results controller needs at least one (the section key first, when sectioned)"
        case .unknownEntity(let name):
            "the fetch request names the entity \"\(name)\", which the context's model does not have"
        }
    }
}

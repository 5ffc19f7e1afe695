/// Why `companion inspect STORE fetch ENTITY` could not run its fetch, in a sentence a student
/// understands. Every case is about the store being inspected; the CLI prints
/// `companion: <store>: <message>` and exits 1.
public enum FetchError: Error, Equatable, Sendable {
    /// The entity is not in the store's model; `known` lists the entities that are.
    case unknownEntity(name: String, known: [String])
    /// `--where` is not a predicate (ObjectPredicateError's text, which quotes it and names the column).
    case badPredicate(detail: String)
    /// `--sort` is empty or names no key.
    case badSortKey(text: String)
    /// The model the inspector knows disagrees with the store's version hashes (Core Data's 134100).
    case modelMismatch(detail: String, inferred: Bool)
    /// The store has no model at all, so nothing can be fetched.
    case noModel
    /// The private copy could not be copied again for ObjectGraph.
    case copyFailed(reason: String)
    /// ObjectGraph refused the request or the store failed while fetching (unknown sort key, …).
    case fetchFailed(detail: String)

    /// The message printed after the store's path.
    public var message: String {
        switch self {
        case .unknownEntity(let name, let known):
            return "fetch \(name): no such entity in this store's model (entities: \(InspectorError.entityList(known)))"
        case .badPredicate(let detail):
            return "--where: " + detail
        case .badSortKey(let text):
            return "--sort \"\(text)\": give one or more keys separated by commas, each KEY, -KEY or KEY:desc"
        case .modelMismatch(let detail, let inferred):
            let hint =
                inferred
                ? " (the model was inferred from the schema; pass the app's model with --model X.xcdatamodeld)"
                : " (pass the model the store was written with, --model X.xcdatamodeld)"
            return "model mismatch: " + detail + hint
        case .noModel:
            return "has no model cache and no model could be inferred; pass one with --model X.xcdatamodeld"
        case .copyFailed(let reason):
            return "cannot prepare a private copy for ObjectGraph: " + reason
        case .fetchFailed(let detail):
            return detail
        }
    }
}

/// The actions of `companion model`: what its dispatch and "did you mean …?" are made from.
enum ModelAction: String, CaseIterable, Sendable {
    /// The model's outline: entities, attributes, relationships and the rest.
    case show
    /// The SQL Core Data runs to create a store for the model.
    case sql
}

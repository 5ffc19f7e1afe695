/// One consistency problem in a store, naming the entity, the object and the key it concerns.
public struct Finding: Equatable, Sendable {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, CaseIterable {
        case primaryKeyAboveMaximum = "Z_MAX below highest Z_PK"
        case entityNumberOutsideFamily = "Z_ENT outside the entity's family"
        case danglingToOne = "dangling to-one reference"
        case danglingJoinRow = "dangling join-table row"
        case inverseDisagreement = "inverse relationships disagree"
        case missingRequiredValue = "required value is NULL"
        case relationshipCount = "relationship count outside min/max"
        case cascadeOrphan = "orphan a cascade rule would have deleted"
        case missingExternalFile = "external storage file missing"
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The entity (or table) concerned.
    public var entity: String
    /// The object, as `Entity/p3`, or a table name when the finding is about a whole table.
    public var object: String
    /// The attribute or relationship concerned (`-` when none).
    public var key: String
    /// What is wrong, in a sentence.
    public var message: String
}

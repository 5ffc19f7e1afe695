/// One column of an entity table, with what it stores.
public struct ColumnLayout: Sendable, Equatable {
    /// What a column holds.
    public enum Role: Sendable, Equatable {
        /// `Z_PK`: the row's primary key.
        case primaryKey
        /// `Z_ENT`: the number of the row's entity (sub-entities share their root's table).
        case entityNumber
        /// `Z_OPT`: the optimistic-locking version, 1 after insert, +1 on every update.
        case optimisticLock
        /// An attribute's value.
        case attribute(entity: String, attribute: String)
        /// A to-one relationship's foreign key (the destination's `Z_PK`).
        case foreignKey(entity: String, relationship: String)
        /// The destination's `Z_ENT` beside a to-one's foreign key, present when the destination
        /// entity has sub-entities.
        case foreignEntity(entity: String, relationship: String)
        /// The owner's `Z_PK` for a to-many relationship that has no inverse; it lives in the
        /// destination's table (`Z<sourceZ_ENT><RELATIONSHIP>`).
        case hiddenForeignKey(entity: String, relationship: String)
        /// `Z_FOK_…`: the position of this row in an ordered to-many relationship (`entity.relationship`).
        case orderKey(entity: String, relationship: String)
    }

    /// The column's name (`ZNAME`, `Z_FOK_PARENT`).
    public let name: String
    /// Its declared SQLite type (`INTEGER`, `VARCHAR`…).
    public let type: String
    /// What it holds.
    public let role: Role
}

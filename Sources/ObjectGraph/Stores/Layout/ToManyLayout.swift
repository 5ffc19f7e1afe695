/// How a to-many relationship is stored; it never has a column in its own entity's table.
public enum ToManyLayout: Sendable, Equatable {
    /// The inverse to-one's foreign key in the destination table points back at the owner.
    ///
    /// - `orderColumn`: for an ordered relationship, the destination table's `Z_FOK_…` column
    ///   giving each destination row's position (sparse keys 1024, 2048, …).
    case inverseForeignKey(table: String, column: String, orderColumn: String?)
    /// A many-to-many join table: one row per pair.
    ///
    /// - `ownerColumn`: the column holding this relationship's owner keys.
    /// - `destinationColumn`: the column holding the destination keys.
    /// - `orderColumn`: for an ordered relationship, the join table's `Z_FOK_…` column ordering
    ///   destinations within one owner.
    case joinTable(table: String, ownerColumn: String, destinationColumn: String, orderColumn: String?)
    /// No inverse: a hidden column `Z<ownerZ_ENT><RELATIONSHIP>` in the destination table holds
    /// the owner's key (so a destination object belongs to at most one owner).
    case hiddenForeignKey(table: String, column: String, orderColumn: String?)
}

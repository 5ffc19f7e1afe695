import Foundation
import SQLite

extension SQLiteStore {
    /// Core Data's sparse order keys for ordered to-manys: 1024, 2048, 3072, …
    static let orderKeyStep: Int64 = 1024

    /// Writes to-many changes that live outside the destination's own foreign key: join-table
    /// pairs, hidden keys of to-manys without inverse, and `Z_FOK_` order keys.
    ///
    /// Both sides of a many-to-many report the same pair; each pair is written once.
    func applyToManyChanges(_ changes: [ToManyChange], deleted: Set<ManagedObjectID>) throws {
        var insertedPairs: Set<JoinPair> = []
        var removedPairs: Set<JoinPair> = []
        var orderings: [(sql: String, bindings: [SQLiteValue])] = []
        for change in changes where !deleted.contains(change.objectID) {
            guard let owner = change.objectID.primaryKey,
                let entityLayout = layout.entity(named: change.objectID.entity.name),
                let storage = entityLayout.toManyRelationships[change.relationship.name]
            else { continue }
            switch storage {
            case .inverseForeignKey(let table, _, let order):
                if let order {
                    orderings += orderUpdates(table: table, orderColumn: order, destinations: change.destinations)
                }
            case .hiddenForeignKey(let table, let column, let order):
                for removed in change.removedDestinations where !deleted.contains(removed) {
                    guard let key = removed.primaryKey else { continue }
                    try run(
                        "UPDATE \(table) SET \(column) = NULL WHERE Z_PK = ? AND \(column) = ?",
                        [.integer(key), .integer(owner)])
                }
                for destination in change.destinations {
                    guard let key = destination.primaryKey else { continue }
                    try run("UPDATE \(table) SET \(column) = ? WHERE Z_PK = ?", [.integer(owner), .integer(key)])
                }
                if let order {
                    orderings += orderUpdates(table: table, orderColumn: order, destinations: change.destinations)
                }
            case .joinTable(let table, let ownerColumn, let destinationColumn, let order):
                for removed in change.removedDestinations {
                    guard let key = removed.primaryKey else { continue }
                    removedPairs.insert(JoinPair(table, ownerColumn, owner, destinationColumn, key))
                }
                for inserted in change.insertedDestinations {
                    guard let key = inserted.primaryKey else { continue }
                    insertedPairs.insert(JoinPair(table, ownerColumn, owner, destinationColumn, key))
                }
                if let order {
                    for (position, destination) in change.destinations.enumerated() {
                        guard let key = destination.primaryKey else { continue }
                        orderings.append(
                            (
                                "UPDATE \(table) SET \(order) = ? WHERE \(ownerColumn) = ? AND \(destinationColumn) = ?",
                                [.integer(Int64(position + 1) * Self.orderKeyStep), .integer(owner), .integer(key)]
                            ))
                    }
                }
            }
        }
        for pair in removedPairs.sorted() {
            try run(
                "DELETE FROM \(pair.table) WHERE \(pair.firstColumn) = ? AND \(pair.secondColumn) = ?",
                [.integer(pair.firstKey), .integer(pair.secondKey)])
        }
        for pair in insertedPairs.subtracting(removedPairs).sorted() {
            try run(
                "INSERT OR IGNORE INTO \(pair.table)(\(pair.firstColumn), \(pair.secondColumn)) VALUES(?, ?)",
                [.integer(pair.firstKey), .integer(pair.secondKey)])
        }
        for ordering in orderings {
            try run(ordering.sql, ordering.bindings)
        }
    }

    private func orderUpdates(table: String, orderColumn: String, destinations: [ManagedObjectID])
        -> [(sql: String, bindings: [SQLiteValue])]
    {
        destinations.enumerated().compactMap { position, destination in
            guard let key = destination.primaryKey else { return nil }
            return (
                "UPDATE \(table) SET \(orderColumn) = ? WHERE Z_PK = ?",
                [.integer(Int64(position + 1) * Self.orderKeyStep), .integer(key)]
            )
        }
    }
}

/// One row of a join table, with its columns in a fixed order so both sides of a
/// many-to-many describe the same pair identically.
struct JoinPair: Hashable, Comparable {
    var table: String
    var firstColumn: String
    var firstKey: Int64
    var secondColumn: String
    var secondKey: Int64

    init(_ table: String, _ columnA: String, _ keyA: Int64, _ columnB: String, _ keyB: Int64) {
        self.table = table
        if columnA <= columnB {
            (firstColumn, firstKey, secondColumn, secondKey) = (columnA, keyA, columnB, keyB)
        } else {
            (firstColumn, firstKey, secondColumn, secondKey) = (columnB, keyB, columnA, keyA)
        }
    }

    static func < (lhs: JoinPair, rhs: JoinPair) -> Bool {
        (lhs.table, lhs.firstKey, lhs.secondKey) < (rhs.table, rhs.firstKey, rhs.secondKey)
    }
}

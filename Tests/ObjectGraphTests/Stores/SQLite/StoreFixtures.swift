import Foundation
import SQLite

@testable import ObjectGraph

/// Models and scratch files for the SQLite store tests.
enum StoreFixtures {
    /// The lecture's Theater model, read from the sample's own `.xcdatamodeld`.
    static func theaterModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(
            contentsOf: ModelCorpus.packageRoot.appendingPathComponent("Samples/Theater/Theater.xcdatamodeld"))
    }

    /// One entity with an attribute of every stored type, a to-one and a many-to-many, plus a
    /// sub-entity, built in code.
    static func everyTypeModel() throws -> ManagedObjectModel {
        let sample = EntityDescription(
            name: "Sample",
            properties: [
                AttributeDescription(name: "small", type: .integer16),
                AttributeDescription(name: "medium", type: .integer32),
                AttributeDescription(name: "large", type: .integer64),
                AttributeDescription(name: "price", type: .decimal),
                AttributeDescription(name: "ratio", type: .double),
                AttributeDescription(name: "weight", type: .float),
                AttributeDescription(name: "title", type: .string),
                AttributeDescription(name: "flag", type: .boolean),
                AttributeDescription(name: "stamp", type: .date),
                AttributeDescription(name: "bytes", type: .binaryData),
                AttributeDescription(name: "identifier", type: .uuid),
                AttributeDescription(name: "link", type: .uri),
                AttributeDescription(name: "archived", type: .transformable),
                AttributeDescription(name: "scratch", type: .string, isTransient: true),
                RelationshipDescription(name: "tag", destinationEntityName: "Tag", inverseName: "samples"),
                RelationshipDescription(
                    name: "labels", destinationEntityName: "Tag", inverseName: "labelled", isToMany: true,
                    isOrdered: true),
            ])
        let special = EntityDescription(
            name: "SpecialSample", superentityName: "Sample",
            properties: [
                AttributeDescription(name: "note", type: .string)
            ])
        let tag = EntityDescription(
            name: "Tag",
            properties: [
                AttributeDescription(name: "name", type: .string),
                RelationshipDescription(
                    name: "samples", destinationEntityName: "Sample", inverseName: "tag", isToMany: true),
                RelationshipDescription(
                    name: "labelled", destinationEntityName: "Sample", inverseName: "labels", isToMany: true),
            ])
        return try ManagedObjectModel(entities: [sample, special, tag])
    }

    /// A fresh private directory, removed by ``remove(_:)``.
    static func scratch() throws -> URL {
        try ModelCorpus.scratchDirectory()
    }

    static func remove(_ directory: URL) {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Rows of `sql` as the `sqlite3` shell prints them (`|`-separated), on a fresh connection.
    static func shell(_ store: URL, _ sql: String) throws -> String {
        try ModelCorpus.sqlite3(store, sql).trimmingCharacters(in: .newlines)
    }
}

extension SQLiteStore {
    /// Inserts rows in one save, allocating permanent IDs first as the coordinator does.
    @discardableResult
    func insert(_ entity: EntityDescription, _ values: [[String: Any]]) throws -> [ManagedObjectID] {
        let identifiers = try newObjectIDs(for: entity, count: values.count)
        try save(
            StoreChanges(
                insertedRows: zip(identifiers, values).map {
                    StoreRow(objectID: $0, version: 1, values: $1)
                }))
        return identifiers
    }
}

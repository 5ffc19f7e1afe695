import Foundation
import SQLite
import TestSupport
import Testing

@testable import ObjectGraph

/// One test per change Apple documents for lightweight migration: the store is made with the
/// source model, migrated with the inferred mapping, and its values checked.
@Suite struct InferenceCoverageTests {
    private typealias Attribute = AttributeDescription
    private typealias Relationship = RelationshipDescription

    /// Makes a store of `source` filled by `fill`, migrates it to `destination` and returns its path.
    private func migrate(
        _ source: [EntityDescription], to destination: [EntityDescription], in scratch: ScratchDirectory,
        fill: (ManagedObjectContext) throws -> Void
    ) throws -> (path: String, model: ManagedObjectModel) {
        let url = scratch.url.appendingPathComponent("Store.sqlite")
        let sourceModel = try ManagedObjectModel(entities: source)
        let destinationModel = try ManagedObjectModel(entities: destination)
        try MigrationFixtures.makeStore(at: url, model: sourceModel, fill: fill)
        try MigrationManager(sourceModel: sourceModel, destinationModel: destinationModel, log: SQLDebugLog())
            .migrateStore(at: url)
        #expect(
            try MigrationFixtures.differencesFromFreshStore(url.path, model: destinationModel, in: scratch.url) == [])
        return (url.path, destinationModel)
    }

    /// An entity with a `name` attribute and `properties`.
    private func named(_ entity: String, _ properties: PropertyDescription...) -> EntityDescription {
        EntityDescription(name: entity, properties: [Attribute(name: "name", type: .string)] + properties)
    }

    private func rows(_ sql: String, _ path: String) throws -> [[String]] {
        try MigrationFixtures.rows(sql, inStoreAt: path)
    }

    private func insert(_ entity: String, _ values: [String: Any?], _ context: ManagedObjectContext) throws
        -> ManagedObject
    {
        try MigrationFixtures.insert(entity, values, into: context)
    }

    @Test func addedAttributeTakesItsDefaultValue() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [EntityDescription(name: "Car", properties: [Attribute(name: "name", type: .string)])],
            to: [
                EntityDescription(
                    name: "Car",
                    properties: [
                        Attribute(name: "name", type: .string),
                        Attribute(name: "wheels", type: .integer16, isOptional: false, defaultValue: 4),
                    ])
            ], in: scratch
        ) { context in _ = try insert("Car", ["name": "Mini"], context) }
        #expect(try rows("SELECT ZNAME, ZWHEELS FROM ZCAR", path) == [["Mini", "4"]])
    }

    @Test func removedAttributeLeavesTheOthers() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [
                EntityDescription(
                    name: "Car",
                    properties: [Attribute(name: "name", type: .string), Attribute(name: "color", type: .string)])
            ],
            to: [EntityDescription(name: "Car", properties: [Attribute(name: "name", type: .string)])], in: scratch
        ) { context in _ = try insert("Car", ["name": "Mini", "color": "red"], context) }
        #expect(try rows("SELECT ZNAME FROM ZCAR", path) == [["Mini"]])
    }

    @Test func attributeRenamedByItsRenamingIdentifierKeepsItsValues() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [EntityDescription(name: "Car", properties: [Attribute(name: "color", type: .string)])],
            to: [
                EntityDescription(
                    name: "Car", properties: [Attribute(name: "paintColor", type: .string, renamingIdentifier: "color")]
                )
            ], in: scratch
        ) { context in _ = try insert("Car", ["color": "red"], context) }
        #expect(try rows("SELECT ZPAINTCOLOR FROM ZCAR", path) == [["red"]])
    }

    @Test func entityRenamedByItsRenamingIdentifierKeepsItsRows() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [EntityDescription(name: "Car", properties: [Attribute(name: "name", type: .string)])],
            to: [
                EntityDescription(
                    name: "Automobile", properties: [Attribute(name: "name", type: .string)], renamingIdentifier: "Car")
            ], in: scratch
        ) { context in
            _ = try insert("Car", ["name": "Mini"], context)
            _ = try insert("Car", ["name": "Beetle"], context)
        }
        #expect(
            try rows("SELECT Z_PK, Z_ENT, ZNAME FROM ZAUTOMOBILE ORDER BY Z_PK", path) == [
                ["1", "1", "Mini"], ["2", "1", "Beetle"],
            ])
        // As Apple's migration leaves it: the renamed entity keeps its number and its old Z_NAME.
        #expect(try rows("SELECT Z_NAME, Z_MAX FROM Z_PRIMARYKEY", path) == [["Car", "2"]])
    }

    @Test func relationshipRenamedByItsRenamingIdentifierKeepsItsLinks() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [
                named("Car", Relationship(name: "driver", destinationEntityName: "Person", inverseName: "cars")),
                named(
                    "Person",
                    Relationship(name: "cars", destinationEntityName: "Car", inverseName: "driver", isToMany: true)),
            ],
            to: [
                named(
                    "Car",
                    Relationship(
                        name: "owner", destinationEntityName: "Person", inverseName: "cars",
                        renamingIdentifier: "driver")),
                named(
                    "Person",
                    Relationship(name: "cars", destinationEntityName: "Car", inverseName: "owner", isToMany: true)),
            ], in: scratch
        ) { context in
            let ann = try insert("Person", ["name": "Ann"], context)
            try insert("Car", ["name": "Mini"], context).setValue(ann, forKey: "driver")
        }
        #expect(
            try rows("SELECT c.ZNAME, p.ZNAME FROM ZCAR c JOIN ZPERSON p ON p.Z_PK = c.ZOWNER", path) == [
                ["Mini", "Ann"]
            ])
    }

    @Test func optionalAttributeBecomingNonOptionalWithADefaultFillsItsEmptyValues() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [EntityDescription(name: "Car", properties: [Attribute(name: "color", type: .string)])],
            to: [
                EntityDescription(
                    name: "Car",
                    properties: [Attribute(name: "color", type: .string, isOptional: false, defaultValue: "white")])
            ], in: scratch
        ) { context in
            _ = try insert("Car", ["color": "red"], context)
            _ = try insert("Car", ["color": nil], context)
        }
        #expect(try rows("SELECT ZCOLOR FROM ZCAR ORDER BY Z_PK", path) == [["red"], ["white"]])
    }

    @Test func nonOptionalAttributeWithoutDefaultFailsWith134110NamingItAndChangesNothing() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.url.appendingPathComponent("Store.sqlite")
        let source = try ManagedObjectModel(entities: [
            EntityDescription(name: "Car", properties: [Attribute(name: "name", type: .string)])
        ])
        let destination = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Car",
                properties: [
                    Attribute(name: "name", type: .string), Attribute(name: "plate", type: .string, isOptional: false),
                ])
        ])
        try MigrationFixtures.makeStore(at: url, model: source) { context in
            _ = try insert("Car", ["name": "Mini"], context)
        }
        let before = MigrationFixtures.bytes(ofStoreAt: url.path)
        #expect {
            try MigrationManager(sourceModel: source, destinationModel: destination, log: SQLDebugLog()).migrateStore(
                at: url)
        } throws: { error in
            guard let error = error as? CoreDataError else { return false }
            return error.code == .migration && error.message.contains("Car.plate (1 object)")
        }
        #expect(MigrationFixtures.bytes(ofStoreAt: url.path) == before)
    }

    @Test func toOneBecomingToManyMovesTheKeyToTheDestinationTable() throws {
        let scratch = try ScratchDirectory()
        let (path, model) = try migrate(
            [
                named("Person", Relationship(name: "car", destinationEntityName: "Car")),
                EntityDescription(name: "Car", properties: [Attribute(name: "name", type: .string)]),
            ],
            to: [
                named(
                    "Person",
                    Relationship(name: "cars", destinationEntityName: "Car", isToMany: true, renamingIdentifier: "car")),
                EntityDescription(name: "Car", properties: [Attribute(name: "name", type: .string)]),
            ], in: scratch
        ) { context in
            let mini = try insert("Car", ["name": "Mini"], context)
            _ = try insert("Car", ["name": "Spare"], context)
            try insert("Person", ["name": "Ann"], context).setValue(mini, forKey: "car")
        }
        let layout = SQLiteLayout(model: model)
        guard case .hiddenForeignKey(_, let column, _) = layout.entity(named: "Person")?.toManyRelationships["cars"]
        else {
            Issue.record("cars is not stored as a hidden key")
            return
        }
        #expect(
            try rows(
                "SELECT c.ZNAME, p.ZNAME FROM ZCAR c LEFT JOIN ZPERSON p ON p.Z_PK = c.\(column) ORDER BY c.Z_PK", path)
                == [["Mini", "Ann"], ["Spare", "nil"]])
    }

    @Test func toManyBecomingToOneKeepsTheFirstDestination() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [
                named(
                    "Person",
                    Relationship(name: "cars", destinationEntityName: "Car", inverseName: "owner", isToMany: true)),
                named("Car", Relationship(name: "owner", destinationEntityName: "Person", inverseName: "cars")),
            ],
            to: [
                named(
                    "Person",
                    Relationship(
                        name: "car", destinationEntityName: "Car", inverseName: "owner", renamingIdentifier: "cars")),
                named("Car", Relationship(name: "owner", destinationEntityName: "Person", inverseName: "car")),
            ], in: scratch
        ) { context in
            let ann = try insert("Person", ["name": "Ann"], context)
            try insert("Car", ["name": "Mini"], context).setValue(ann, forKey: "owner")
        }
        #expect(
            try rows("SELECT p.ZNAME, c.ZNAME FROM ZPERSON p JOIN ZCAR c ON c.Z_PK = p.ZCAR", path) == [
                ["Ann", "Mini"]
            ])
    }

    /// A List with items, ordered or not.
    private func lists(ordered: Bool) -> [EntityDescription] {
        [
            EntityDescription(
                name: "List",
                properties: [
                    Relationship(
                        name: "items", destinationEntityName: "Item", inverseName: "list", isToMany: true,
                        isOrdered: ordered)
                ]),
            named("Item", Relationship(name: "list", destinationEntityName: "List", inverseName: "items")),
        ]
    }

    @Test func orderedToManyBecomingUnorderedKeepsItsMembers() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(lists(ordered: true), to: lists(ordered: false), in: scratch) { context in
            let list = try insert("List", [:], context)
            for name in ["a", "b"] { try insert("Item", ["name": name], context).setValue(list, forKey: "list") }
        }
        #expect(try rows("SELECT ZNAME FROM ZITEM WHERE ZLIST = 1 ORDER BY ZNAME", path) == [["a"], ["b"]])
    }

    @Test func attributeMovedUpToTheParentKeepsItsValues() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [
                EntityDescription(name: "Vehicle"),
                EntityDescription(
                    name: "Car", superentityName: "Vehicle", properties: [Attribute(name: "name", type: .string)]),
            ],
            to: [
                EntityDescription(name: "Vehicle", properties: [Attribute(name: "name", type: .string)]),
                EntityDescription(name: "Car", superentityName: "Vehicle"),
            ], in: scratch
        ) { context in _ = try insert("Car", ["name": "Mini"], context) }
        #expect(try rows("SELECT Z_ENT, ZNAME FROM ZVEHICLE", path) == [["2", "Mini"]])
    }

    @Test func unorderedToManyBecomingOrderedKeepsTheKeyOrder() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(lists(ordered: false), to: lists(ordered: true), in: scratch) { context in
            let list = try insert("List", [:], context)
            for name in ["a", "b"] { try insert("Item", ["name": name], context).setValue(list, forKey: "list") }
        }
        #expect(try rows("SELECT ZNAME FROM ZITEM WHERE ZLIST = 1 ORDER BY Z_FOK_LIST", path) == [["a"], ["b"]])
    }

    @Test func entityGivenANewParentMovesIntoTheParentsTable() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [EntityDescription(name: "Car", properties: [Attribute(name: "name", type: .string)])],
            to: [
                EntityDescription(
                    name: "Vehicle", properties: [Attribute(name: "wheels", type: .integer16, defaultValue: 4)]),
                EntityDescription(
                    name: "Car", superentityName: "Vehicle", properties: [Attribute(name: "name", type: .string)]),
            ], in: scratch
        ) { context in _ = try insert("Car", ["name": "Mini"], context) }
        #expect(try rows("SELECT Z_PK, Z_ENT, ZNAME, ZWHEELS FROM ZVEHICLE", path) == [["1", "2", "Mini", "4"]])
        #expect(
            try rows("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT", path)
                == [["1", "Vehicle", "0", "1"], ["2", "Car", "1", "1"]])
    }

    @Test func entityMovedOutOfItsHierarchyGetsATableOfItsOwn() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [
                EntityDescription(name: "Vehicle", properties: [Attribute(name: "wheels", type: .integer16)]),
                EntityDescription(
                    name: "Car", superentityName: "Vehicle", properties: [Attribute(name: "name", type: .string)]),
                EntityDescription(name: "Bike", superentityName: "Vehicle"),
            ],
            to: [
                EntityDescription(name: "Vehicle", properties: [Attribute(name: "wheels", type: .integer16)]),
                EntityDescription(name: "Car", properties: [Attribute(name: "name", type: .string)]),
                EntityDescription(name: "Bike", superentityName: "Vehicle"),
            ], in: scratch
        ) { context in
            _ = try insert("Car", ["name": "Mini", "wheels": 4], context)
            _ = try insert("Bike", ["wheels": 2], context)
        }
        #expect(try rows("SELECT ZNAME FROM ZCAR", path) == [["Mini"]])
        #expect(try rows("SELECT ZWHEELS FROM ZVEHICLE", path) == [["2"]])
    }

    @Test func addedAndRemovedEntitiesAreMappedAsAddAndRemove() throws {
        let source = try ManagedObjectModel(entities: [EntityDescription(name: "Old"), EntityDescription(name: "Kept")])
        let destination = try ManagedObjectModel(entities: [
            EntityDescription(name: "Kept"), EntityDescription(name: "New"),
        ])
        let mapping = try MappingModel.inferredMappingModel(forSourceModel: source, destinationModel: destination)
        #expect(mapping.entityMappings.map(\.kind) == [.copy, .add, .remove])
        #expect(mapping.entityMappings.map(\.name) == ["KeptToKept", "ToNew", "OldTo"])
    }

    @Test func integerWideningIsInferredAndKeepsTheValues() throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try migrate(
            [EntityDescription(name: "Car", properties: [Attribute(name: "seats", type: .integer16)])],
            to: [EntityDescription(name: "Car", properties: [Attribute(name: "seats", type: .integer64)])], in: scratch
        ) { context in _ = try insert("Car", ["seats": 5], context) }
        #expect(try rows("SELECT ZSEATS FROM ZCAR", path) == [["5"]])
    }

    @Test func otherTypeChangesAreRefusedWith134140NamingTheAttribute() throws {
        let source = try ManagedObjectModel(entities: [
            EntityDescription(name: "Car", properties: [Attribute(name: "seats", type: .string)])
        ])
        let destination = try ManagedObjectModel(entities: [
            EntityDescription(name: "Car", properties: [Attribute(name: "seats", type: .integer32)])
        ])
        #expect {
            try MappingModel.inferredMappingModel(forSourceModel: source, destinationModel: destination)
        } throws: { error in
            guard let error = error as? CoreDataError else { return false }
            return error.code == .migrationMissingMappingModel
                && error.message.contains("Car.seats changed type from String to Integer 32")
        }
    }

    @Test func mergingTwoHierarchiesIsRefusedWith134140() throws {
        let source = try ManagedObjectModel(entities: [EntityDescription(name: "Car"), EntityDescription(name: "Bike")])
        let destination = try ManagedObjectModel(entities: [
            EntityDescription(name: "Vehicle"), EntityDescription(name: "Car", superentityName: "Vehicle"),
            EntityDescription(name: "Bike", superentityName: "Vehicle"),
        ])
        #expect {
            try MappingModel.inferredMappingModel(forSourceModel: source, destinationModel: destination)
        } throws: { error in
            guard let error = error as? CoreDataError else { return false }
            return error.code == .migrationMissingMappingModel && error.message.contains("Bike and Car")
        }
    }

    @Test func relationshipLeadingElsewhereIsRefusedWith134140() throws {
        let source = try ManagedObjectModel(entities: [
            EntityDescription(name: "Car", properties: [Relationship(name: "owner", destinationEntityName: "Person")]),
            EntityDescription(name: "Person"), EntityDescription(name: "Company"),
        ])
        let destination = try ManagedObjectModel(entities: [
            EntityDescription(name: "Car", properties: [Relationship(name: "owner", destinationEntityName: "Company")]),
            EntityDescription(name: "Person"), EntityDescription(name: "Company"),
        ])
        #expect {
            try MappingModel.inferredMappingModel(forSourceModel: source, destinationModel: destination)
        } throws: { error in
            guard let error = error as? CoreDataError else { return false }
            return error.code == .migrationMissingMappingModel
                && error.message.contains("Car.owner now leads to Company")
        }
    }
}

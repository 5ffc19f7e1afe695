import Foundation
import Testing

@testable import ObjectGraph

/// The layout rules of DESIGN.md §3.3 on small models built for one rule each.
@Suite struct SQLiteLayoutTests {
    @Test func entitiesAreNumberedDepthFirstInNameOrder() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "SyncFeatureEntity"),
            EntityDescription(name: "SyncableSettingsMetadata"),
            EntityDescription(name: "apple"),
            EntityDescription(name: "Zoo"),
            EntityDescription(name: "Bird", superentityName: "Zoo"),
            EntityDescription(name: "Ant", superentityName: "Zoo"),
        ])
        let layout = SQLiteLayout(model: model)
        #expect(
            layout.entities.map(\.entityName) == [
                "apple", "SyncableSettingsMetadata", "SyncFeatureEntity", "Zoo", "Ant", "Bird",
            ])
        #expect(layout.entities.map(\.entityNumber) == [1, 2, 3, 4, 5, 6])
        #expect(layout.entity(named: "Ant")?.superentityNumber == 4)
        #expect(layout.entity(named: "Ant")?.tableName == "ZZOO")
        #expect(layout.entity(named: "Zoo")?.entityNumbersIncludingSubentities == [4, 5, 6])
        #expect(layout.entity(number: 2)?.entityName == "SyncableSettingsMetadata")
        #expect(layout.createStatements.contains("CREATE INDEX ZZOO_Z_ENT_INDEX ON ZZOO (Z_ENT)"))
        #expect(!layout.createStatements.contains { $0.contains("ZAPPLE_Z_ENT_INDEX") })
    }

    @Test func anEntityNumberNoEntityHasIsNilEvenAtTheEndsOfInt() throws {
        let model = try ManagedObjectModel(entities: [EntityDescription(name: "Zoo"), EntityDescription(name: "Ant")])
        let layout = SQLiteLayout(model: model)
        for number in [Int.min, -1, 0, 3, Int.max] { #expect(layout.entity(number: number) == nil) }
        #expect(layout.entity(number: 1)?.entityName == "Ant")
    }

    @Test func siblingColumnsThatCollideAreNumbered() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Note"),
            EntityDescription(
                name: "TextNote", superentityName: "Note",
                properties: [AttributeDescription(name: "text", type: .string)]),
            EntityDescription(
                name: "RichNote", superentityName: "Note",
                properties: [AttributeDescription(name: "text", type: .binaryData)]),
        ])
        let layout = SQLiteLayout(model: model)
        // RichNote (Z_ENT 2) is named before TextNote (Z_ENT 3).
        #expect(layout.entity(named: "RichNote")?.column(forProperty: "text")?.column == "ZTEXT")
        #expect(layout.entity(named: "TextNote")?.column(forProperty: "text")?.column == "ZTEXT1")
        #expect(
            layout.createStatements.first
                == "CREATE TABLE ZNOTE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                + "ZTEXT1 VARCHAR, ZTEXT BLOB )"
        )
    }

    @Test func toOneToAnEntityWithSubentitiesGetsAnEntityColumn() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Book",
                properties: [
                    RelationshipDescription(
                        name: "pages", destinationEntityName: "Page", inverseName: "book", isToMany: true)
                ]),
            EntityDescription(name: "GraphicNovel", superentityName: "Book"),
            EntityDescription(
                name: "Page",
                properties: [
                    AttributeDescription(name: "number", type: .integer32),
                    RelationshipDescription(name: "book", destinationEntityName: "Book", inverseName: "pages"),
                ]),
        ])
        let layout = SQLiteLayout(model: model)
        let book = try #require(layout.entity(named: "Page")?.column(forProperty: "book"))
        #expect(book.column == "ZBOOK" && book.entityColumn == "Z1_BOOK" && book.isRelationship)
        let table = try #require(layout.table(named: "ZPAGE"))
        try #require(table.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZNUMBER", "ZBOOK", "Z1_BOOK"])
        #expect(table.columns[5].role == .foreignEntity(entity: "Page", relationship: "book"))
        #expect(
            layout.entity(named: "GraphicNovel")?.toManyRelationships["pages"]
                == .inverseForeignKey(table: "ZPAGE", column: "ZBOOK", orderColumn: nil))
        #expect(layout.createStatements.contains("CREATE INDEX ZPAGE_ZBOOK_INDEX ON ZPAGE (ZBOOK)"))
        #expect(!layout.createStatements.contains { $0.contains("Z1_BOOK_INDEX") })
    }

    @Test func manyToManyGetsAJoinTableNamedByTheFirstEntityInNameOrder() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Member",
                properties: [
                    RelationshipDescription(
                        name: "committees", destinationEntityName: "Committee", inverseName: "members", isToMany: true)
                ]),
            EntityDescription(
                name: "Committee",
                properties: [
                    RelationshipDescription(
                        name: "members", destinationEntityName: "Member", inverseName: "committees", isToMany: true,
                        isOrdered: true)
                ]),
        ])
        let layout = SQLiteLayout(model: model)
        let joinTable = try #require(layout.joinTables.first)
        #expect(joinTable.name == "Z_1MEMBERS")
        #expect(
            joinTable.createStatement
                == "CREATE TABLE Z_1MEMBERS ( Z_1COMMITTEES INTEGER, Z_2MEMBERS INTEGER, Z_FOK_2MEMBERS INTEGER, "
                + "PRIMARY KEY (Z_1COMMITTEES, Z_2MEMBERS) )"
        )
        #expect(
            joinTable.indexStatement
                == "CREATE INDEX Z_1MEMBERS_Z_2MEMBERS_INDEX ON Z_1MEMBERS (Z_2MEMBERS, Z_1COMMITTEES)")
        #expect(
            layout.entity(named: "Committee")?.toManyRelationships["members"]
                == .joinTable(
                    table: "Z_1MEMBERS", ownerColumn: "Z_1COMMITTEES", destinationColumn: "Z_2MEMBERS",
                    orderColumn: "Z_FOK_2MEMBERS"))
        #expect(
            layout.entity(named: "Member")?.toManyRelationships["committees"]
                == .joinTable(
                    table: "Z_1MEMBERS", ownerColumn: "Z_2MEMBERS", destinationColumn: "Z_1COMMITTEES", orderColumn: nil
                ))
        #expect(
            Array(layout.createStatements.prefix(3)) == [
                "CREATE TABLE ZCOMMITTEE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER )",
                joinTable.createStatement,
                "CREATE TABLE ZMEMBER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER )",
            ])
    }

    @Test func toManyWithoutInverseGetsAHiddenKeyInTheDestination() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Shelf",
                properties: [
                    RelationshipDescription(name: "books", destinationEntityName: "Book", isToMany: true)
                ]),
            EntityDescription(name: "Book", properties: [AttributeDescription(name: "title", type: .string)]),
        ])
        let layout = SQLiteLayout(model: model)
        #expect(
            layout.entity(named: "Shelf")?.toManyRelationships["books"]
                == .hiddenForeignKey(table: "ZBOOK", column: "Z2BOOKS", orderColumn: nil))
        #expect(layout.table(named: "ZBOOK")?.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "Z2BOOKS", "ZTITLE"])
        #expect(layout.createStatements.contains("CREATE INDEX ZBOOK_Z2BOOKS_INDEX ON ZBOOK (Z2BOOKS)"))
    }

    @Test func orderedToManyWithToOneInverseAddsAnOrderKeyToTheDestination() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Folder",
                properties: [
                    RelationshipDescription(
                        name: "items", destinationEntityName: "Item", inverseName: "folder", isToMany: true,
                        isOrdered: true)
                ]),
            EntityDescription(
                name: "Item",
                properties: [
                    AttributeDescription(name: "title", type: .string),
                    RelationshipDescription(name: "folder", destinationEntityName: "Folder", inverseName: "items"),
                ]),
        ])
        let layout = SQLiteLayout(model: model)
        #expect(
            layout.entity(named: "Folder")?.toManyRelationships["items"]
                == .inverseForeignKey(table: "ZITEM", column: "ZFOLDER", orderColumn: "Z_FOK_FOLDER"))
        let columns = try #require(layout.table(named: "ZITEM")?.columns)
        try #require(columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZFOLDER", "Z_FOK_FOLDER", "ZTITLE"])
        #expect(columns[4].role == .orderKey(entity: "Folder", relationship: "items"))
    }

    @Test func columnsAreCreatedByTypeRankButSelectedInModelOrder() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Thing",
                properties: [
                    AttributeDescription(name: "picture", type: .binaryData),
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "price", type: .decimal),
                    AttributeDescription(name: "created", type: .date),
                    AttributeDescription(name: "count", type: .integer16),
                    AttributeDescription(name: "id", type: .uuid),
                    AttributeDescription(name: "site", type: .uri),
                    AttributeDescription(name: "weight", type: .float),
                    AttributeDescription(name: "colour", type: .transformable),
                    AttributeDescription(name: "isNew", type: .boolean),
                    AttributeDescription(name: "scratch", type: .string, isTransient: true),
                    RelationshipDescription(name: "owner", destinationEntityName: "Thing"),
                    FetchedPropertyDescription(name: "similar", destinationEntityName: "Thing", predicateFormat: nil),
                ])
        ])
        let layout = SQLiteLayout(model: model)
        #expect(
            layout.createStatements.first
                == "CREATE TABLE ZTHING ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                + "ZCOUNT INTEGER, ZISNEW INTEGER, ZOWNER INTEGER, ZCREATED TIMESTAMP, ZWEIGHT FLOAT, ZPRICE DECIMAL, "
                + "ZNAME VARCHAR, ZSITE VARCHAR, ZID BLOB, ZCOLOUR BLOB, ZPICTURE BLOB )")
        #expect(
            layout.entity(named: "Thing")?.columns.map(\.propertyName) == [
                "picture", "name", "price", "created", "count", "id", "site", "weight", "colour", "isNew", "owner",
            ])
    }

    @Test func indexesFollowFetchIndexesAndUniquenessConstraints() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Car",
                properties: [
                    AttributeDescription(name: "maker", type: .string),
                    AttributeDescription(name: "plate", type: .string),
                    AttributeDescription(name: "year", type: .integer16),
                ],
                uniquenessConstraints: [["plate"], ["maker", "year"]],
                fetchIndexes: [
                    FetchIndexDescription(
                        name: "byMaker", elements: [.init(propertyName: "maker", isAscending: false)]),
                    FetchIndexDescription(
                        name: "byPlateYear", elements: [.init(propertyName: "plate"), .init(propertyName: "year")]),
                ])
        ])
        let layout = SQLiteLayout(model: model)
        #expect(
            Array(layout.createStatements.dropFirst().prefix(5)) == [
                "CREATE INDEX Z_Car_maker ON ZCAR (ZMAKER COLLATE BINARY ASC)",
                "CREATE INDEX Z_Car_byMaker ON ZCAR (ZMAKER COLLATE BINARY DESC)",
                "CREATE INDEX Z_Car_byPlateYear ON ZCAR (ZPLATE COLLATE BINARY ASC, ZYEAR COLLATE BINARY ASC)",
                "CREATE UNIQUE INDEX Z_Car_UNIQUE_plate ON ZCAR (ZPLATE COLLATE BINARY ASC)",
                "CREATE UNIQUE INDEX Z_Car_UNIQUE_maker_year ON ZCAR "
                    + "(ZMAKER COLLATE BINARY ASC, ZYEAR COLLATE BINARY ASC)",
            ])
        #expect(Array(layout.createStatements.suffix(3)) == SQLiteLayout.systemTableStatements)
    }

    @Test func theGeneratedSchemaCreatesARealDatabaseThatPrintsItBack() throws {
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let model = try ManagedObjectModel(
            contentsOf: ModelCorpus.modelFile("ChristianKienle__Core-Data-Editor__iOS_Example.contents"))
        let layout = SQLiteLayout(model: model)
        let database = scratch.appendingPathComponent("new.sqlite")
        _ = try ModelCorpus.sqlite3(database, layout.schema)
        #expect(try ModelCorpus.sqlite3(database, ".schema") == layout.schema)
    }
}

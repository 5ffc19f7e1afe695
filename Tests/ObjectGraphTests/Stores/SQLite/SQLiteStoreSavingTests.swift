import Foundation
import SQLite
import Testing

@testable import ObjectGraph

@Suite struct SQLiteStoreSavingTests {
    /// A Theater store in a scratch directory with a private log.
    private struct TheaterStore {
        let directory: URL
        let url: URL
        let model: ManagedObjectModel
        let store: SQLiteStore
        let lines = SQLDebugLog.Lines()

        init(level: Int = 0) throws {
            directory = try StoreFixtures.scratch()
            url = directory.appendingPathComponent("Theater.sqlite")
            model = try StoreFixtures.theaterModel()
            store = try SQLiteStore(
                url: url, model: model, options: .init(log: SQLDebugLog(level: level, sink: lines.append)))
        }

        var theater: EntityDescription { model.entitiesByName["Theater"]! }
        var movie: EntityDescription { model.entitiesByName["Movie"]! }

        func openAgain() throws -> SQLiteStore {
            try SQLiteStore(url: url, model: model, options: .init(log: SQLDebugLog()))
        }

        func remove() {
            store.close()
            StoreFixtures.remove(directory)
        }
    }

    @Test func insertAllocatesKeysAndWritesApplesStatements() throws {
        let fixture = try TheaterStore(level: 3)
        defer { fixture.remove() }
        fixture.lines.removeAll()
        let house = try #require(try fixture.store.insert(fixture.theater, [["name": "My House"]]).first)
        try fixture.store.insert(fixture.movie, [["name": "Up", "theater": house]])
        #expect(
            fixture.lines.all == [
                "CoreData: sql: BEGIN EXCLUSIVE",
                "CoreData: sql: SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?",
                "CoreData: details: SQLite bind[0] = (int64)2",
                "CoreData: sql: UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?",
                "CoreData: details: SQLite bind[0] = (int64)1",
                "CoreData: details: SQLite bind[1] = (int64)2",
                "CoreData: details: SQLite bind[2] = (int64)0",
                "CoreData: sql: COMMIT",
                "CoreData: sql: BEGIN EXCLUSIVE",
                "CoreData: sql: INSERT INTO ZTHEATER(Z_PK, Z_ENT, Z_OPT, ZNAME, ZOPENINGDATE) VALUES(?, ?, ?, ?, ?)",
                "CoreData: details: SQLite bind[0] = (int64)1",
                "CoreData: details: SQLite bind[1] = (int64)2",
                "CoreData: details: SQLite bind[2] = (int64)1",
                "CoreData: details: SQLite bind[3] = \"My House\"",
                "CoreData: details: SQLite bind[4] = nil",
                "CoreData: sql: COMMIT",
                "CoreData: sql: BEGIN EXCLUSIVE",
                "CoreData: sql: SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?",
                "CoreData: details: SQLite bind[0] = (int64)1",
                "CoreData: sql: UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?",
                "CoreData: details: SQLite bind[0] = (int64)1",
                "CoreData: details: SQLite bind[1] = (int64)1",
                "CoreData: details: SQLite bind[2] = (int64)0",
                "CoreData: sql: COMMIT",
                "CoreData: sql: BEGIN EXCLUSIVE",
                "CoreData: sql: INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZTHEATER, ZMOVIEDESCRIPTION, ZNAME) VALUES(?, ?, ?, ?, ?, ?)",
                "CoreData: details: SQLite bind[0] = (int64)1",
                "CoreData: details: SQLite bind[1] = (int64)1",
                "CoreData: details: SQLite bind[2] = (int64)1",
                "CoreData: details: SQLite bind[3] = (int64)1",
                "CoreData: details: SQLite bind[4] = nil",
                "CoreData: details: SQLite bind[5] = \"Up\"",
                "CoreData: sql: COMMIT",
            ])
        #expect(try StoreFixtures.shell(fixture.url, "SELECT * FROM ZMOVIE") == "1|1|1|1||Up")
        #expect(try StoreFixtures.shell(fixture.url, "SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY") == "1|1\n2|1")
    }

    @Test func aZMaxAtTheLargestIntegerIsAnErrorNotAnOverflowTrap() throws {
        let fixture = try TheaterStore()
        defer { fixture.remove() }
        _ = try fixture.store.newObjectIDs(for: fixture.movie, count: 1)
        _ = try StoreFixtures.shell(fixture.url, "UPDATE Z_PRIMARYKEY SET Z_MAX = 9223372036854775807")
        let error = #expect(throws: CoreDataError.self) { try fixture.store.newObjectIDs(for: fixture.movie, count: 2) }
        #expect(error?.code == .persistentStoreOperation)
        #expect(error?.message.contains("has no primary keys left for Movie") == true)
        let maxima = try StoreFixtures.shell(fixture.url, "SELECT DISTINCT Z_MAX FROM Z_PRIMARYKEY")
        #expect(maxima == "9223372036854775807")
    }

    @Test func keysContinueFromZMaxAcrossOpens() throws {
        let fixture = try TheaterStore()
        defer { fixture.remove() }
        let first = try fixture.store.newObjectIDs(for: fixture.movie, count: 3)
        #expect(first.compactMap(\.primaryKey) == [1, 2, 3])
        let other = try fixture.openAgain()
        defer { other.close() }
        #expect(try other.newObjectIDs(for: fixture.movie, count: 2).compactMap(\.primaryKey) == [4, 5])
        #expect(
            try fixture.store.newObjectIDs(for: fixture.movie, count: 1).first?.uriRepresentation().absoluteString
                == "x-coredata://\(fixture.store.identifier)/Movie/p6")
    }

    @Test func updateWritesChangedColumnsAndBumpsZOpt() throws {
        let fixture = try TheaterStore(level: 1)
        defer { fixture.remove() }
        let movie = try #require(
            try fixture.store.insert(fixture.movie, [["name": "Up", "movieDescription": "Balloons"]]).first)
        fixture.lines.removeAll()
        try fixture.store.save(
            StoreChanges(updatedRows: [
                StoreUpdate(
                    objectID: movie, version: 1, values: ["name": "Up!", "movieDescription": "Balloons"],
                    changedKeys: ["name"])
            ]))
        #expect(
            fixture.lines.all == [
                "CoreData: sql: BEGIN EXCLUSIVE",
                "CoreData: sql: UPDATE ZMOVIE SET ZNAME = ?, Z_OPT = ? WHERE Z_PK = ? AND Z_OPT = ?",
                "CoreData: sql: COMMIT",
            ])
        let row = try #require(try fixture.store.row(for: movie))
        #expect(row.version == 2)
        #expect(row.values["name"] as? String == "Up!")
        #expect(row.values["movieDescription"] as? String == "Balloons")
    }

    @Test func aRowChangedByAnotherConnectionIsAConflictAndNothingIsWritten() throws {
        let fixture = try TheaterStore()
        defer { fixture.remove() }
        let movie = try #require(try fixture.store.insert(fixture.movie, [["name": "Up"]]).first)
        let other = try fixture.openAgain()
        defer { other.close() }
        let otherMovie = other.objectID(fixture.movie, 1)
        try other.save(
            StoreChanges(updatedRows: [
                StoreUpdate(objectID: otherMovie, version: 1, values: ["name": "Up (2009)"], changedKeys: ["name"])
            ]))
        let newTheater = try #require(try fixture.store.newObjectIDs(for: fixture.theater, count: 1).first)
        let error = #expect(throws: CoreDataError.self) {
            try fixture.store.save(
                StoreChanges(
                    insertedRows: [StoreRow(objectID: newTheater, version: 1, values: ["name": "Odeon"])],
                    updatedRows: [
                        StoreUpdate(objectID: movie, version: 1, values: ["name": "Up!"], changedKeys: ["name"])
                    ]))
        }
        #expect(error?.code == .managedObjectMerge)
        #expect(error?.conflicts.count == 1)
        #expect(error?.conflicts.first?.oldVersion == 1)
        #expect(error?.conflicts.first?.newVersion == 2)
        #expect(error?.conflicts.first?.persistedRow?.values["name"] as? String == "Up (2009)")
        #expect(try StoreFixtures.shell(fixture.url, "SELECT ZNAME, Z_OPT FROM ZMOVIE") == "Up (2009)|2")
        #expect(try StoreFixtures.shell(fixture.url, "SELECT count(*) FROM ZTHEATER") == "0")
    }

    @Test func deletingARowDeletedElsewhereIsAConflict() throws {
        let fixture = try TheaterStore()
        defer { fixture.remove() }
        let movies = try fixture.store.insert(fixture.movie, [["name": "Up"], ["name": "Cars"]])
        let other = try fixture.openAgain()
        defer { other.close() }
        try other.save(
            StoreChanges(deletedObjects: [StoreDeletion(objectID: other.objectID(fixture.movie, 1), version: 1)]))
        let error = #expect(throws: CoreDataError.self) {
            try fixture.store.save(StoreChanges(deletedObjects: movies.map { StoreDeletion(objectID: $0, version: 1) }))
        }
        #expect(error?.code == .managedObjectMerge)
        #expect(error?.conflicts.first?.persistedRow == nil)
        #expect(error?.message.contains("now deleted") == true)
        #expect(try StoreFixtures.shell(fixture.url, "SELECT ZNAME FROM ZMOVIE") == "Cars")
    }

    @Test func everyAttributeTypeRoundTrips() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Every.sqlite")
        let model = try StoreFixtures.everyTypeModel()
        let store = try SQLiteStore(url: url, model: model, options: .init(log: SQLDebugLog()))
        defer { store.close() }
        let uuid = UUID(uuidString: "FEFE4176-912D-429F-9C83-662FFF641115")!
        let values: [String: Any] = [
            "small": Int16(-7), "medium": 70_000, "large": Int64.max, "price": Decimal(string: "19.99")!,
            "ratio": 0.1, "weight": Float(2.5), "title": "Grüße", "flag": true,
            "stamp": Date(timeIntervalSinceReferenceDate: 639503569.638733), "bytes": Data([0, 1, 2]),
            "identifier": uuid, "link": URL(string: "https://example.com/a?b=c")!, "archived": Data([9, 9]),
        ]
        let sample = try #require(try store.insert(model.entitiesByName["Sample"]!, [values]).first)
        let row = try #require(try store.row(for: sample))
        #expect(row.values["small"] as? Int == -7)
        #expect(row.values["medium"] as? Int == 70_000)
        #expect(row.values["large"] as? Int == Int.max)
        #expect(row.values["price"] as? Decimal == Decimal(string: "19.99"))
        #expect(row.values["ratio"] as? Double == 0.1)
        #expect(row.values["weight"] as? Float == 2.5)
        #expect(row.values["title"] as? String == "Grüße")
        #expect(row.values["flag"] as? Bool == true)
        #expect(row.values["stamp"] as? Date == Date(timeIntervalSinceReferenceDate: 639503569.638733))
        #expect(row.values["bytes"] as? Data == Data([0, 1, 2]))
        #expect(row.values["identifier"] as? UUID == uuid)
        #expect(row.values["link"] as? URL == URL(string: "https://example.com/a?b=c"))
        #expect(row.values["archived"] as? Data == Data([9, 9]))
        #expect(row.values["scratch"] == nil)
        // The file holds Apple's representations.
        #expect(
            try StoreFixtures.shell(url, "SELECT ZFLAG, ZSTAMP, hex(ZIDENTIFIER), ZLINK, typeof(ZPRICE) FROM ZSAMPLE")
                == "1|639503569.638733|FEFE4176912D429F9C83662FFF641115|https://example.com/a?b=c|real")
    }

    @Test func aValueOfTheWrongTypeFailsTheSaveNamingTheKey() throws {
        let fixture = try TheaterStore()
        defer { fixture.remove() }
        let error = #expect(throws: CoreDataError.self) {
            try fixture.store.insert(fixture.movie, [["name": 42]])
        }
        #expect(error?.code == .persistentStoreSave)
        #expect(error?.message.contains("Movie.name") == true)
        #expect(try StoreFixtures.shell(fixture.url, "SELECT count(*) FROM ZMOVIE") == "0")
    }

    @Test func manyToManyAndOrderedChangesWriteJoinRowsAndOrderKeys() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Every.sqlite")
        let model = try StoreFixtures.everyTypeModel()
        let store = try SQLiteStore(url: url, model: model, options: .init(log: SQLDebugLog()))
        defer { store.close() }
        let sampleEntity = model.entitiesByName["Sample"]!
        let tagEntity = model.entitiesByName["Tag"]!
        let sample = try #require(try store.insert(sampleEntity, [["title": "s"]]).first)
        let tags = try store.insert(tagEntity, [["name": "a"], ["name": "b"], ["name": "c"]])
        try #require(tags.count == 3)
        let labels = sampleEntity.relationshipsByName["labels"]!
        let labelled = tagEntity.relationshipsByName["labelled"]!
        // Both sides report the change, as the context does; each pair is written once.
        try store.save(
            StoreChanges(toManyChanges: [
                ToManyChange(
                    objectID: sample, relationship: labels, destinations: [tags[2], tags[0]],
                    insertedDestinations: [tags[2], tags[0]], removedDestinations: []),
                ToManyChange(
                    objectID: tags[2], relationship: labelled, destinations: [sample],
                    insertedDestinations: [sample], removedDestinations: []),
                ToManyChange(
                    objectID: tags[0], relationship: labelled, destinations: [sample],
                    insertedDestinations: [sample], removedDestinations: []),
            ]))
        #expect(try store.relatedObjectIDs(of: labels, for: sample) == [tags[2], tags[0]])
        #expect(try store.relatedObjectIDs(of: labelled, for: tags[0]) == [sample])
        try store.save(
            StoreChanges(toManyChanges: [
                ToManyChange(
                    objectID: sample, relationship: labels, destinations: [tags[0], tags[1]],
                    insertedDestinations: [tags[1]], removedDestinations: [tags[2]])
            ]))
        #expect(try store.relatedObjectIDs(of: labels, for: sample) == [tags[0], tags[1]])
        #expect(try store.relatedObjectIDs(of: labelled, for: tags[2]).isEmpty)
        let table = try #require(SQLiteLayout(model: model).joinTables.first)
        #expect(try StoreFixtures.shell(url, "SELECT count(*) FROM \(table.name)") == "2")
        try store.save(StoreChanges(deletedObjects: [StoreDeletion(objectID: sample, version: 1)]))
        #expect(try StoreFixtures.shell(url, "SELECT count(*) FROM \(table.name)") == "0")
    }

    @Test func subEntityRowsShareTheRootTableAndKeys() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let model = try StoreFixtures.everyTypeModel()
        let store = try SQLiteStore(
            url: directory.appendingPathComponent("E.sqlite"), model: model,
            options: .init(log: SQLDebugLog()))
        defer { store.close() }
        let sampleEntity = model.entitiesByName["Sample"]!
        let special = model.entitiesByName["SpecialSample"]!
        try store.insert(sampleEntity, [["title": "plain"]])
        let specialID = try #require(try store.insert(special, [["title": "fancy", "note": "n"]]).first)
        #expect(specialID.primaryKey == 2)
        let rows = try store.fetchRows(
            StoreFetchRequest(
                entity: sampleEntity, sortDescriptors: [ObjectSortDescriptor(key: "title")]))
        #expect(rows.map(\.objectID.entity.name) == ["SpecialSample", "Sample"])
        #expect(rows.first?.values["note"] as? String == "n")
        #expect(rows.last?.values["note"] == nil)
        #expect(try store.fetchRows(StoreFetchRequest(entity: sampleEntity, includesSubentities: false)).count == 1)
        #expect(try store.fetchRows(StoreFetchRequest(entity: special)).map(\.objectID) == [specialID])
    }
}

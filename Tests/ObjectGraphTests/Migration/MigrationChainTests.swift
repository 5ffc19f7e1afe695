import Foundation
import SQLite
import TestSupport
import Testing

@testable import ObjectGraph

/// The corpus chains migrated to their latest model: columns as a fresh store's, the target's
/// version hashes, and every kept row and value.
@Suite struct MigrationChainTests {
    /// Checks what every migrated store must satisfy against `model`.
    private func expectMigrated(_ path: String, to model: ManagedObjectModel, folder: URL) throws {
        #expect(try MigrationFixtures.differencesFromFreshStore(path, model: model, in: folder) == [])
        // The store opens with the target model (its hashes are checked on open).
        let store = try SQLiteStore(url: URL(fileURLWithPath: path), model: model, options: .init(log: SQLDebugLog()))
        store.close()
    }

    @Test func wiboscoVersion1To2DropsColorAndAddsAnEmptyHexColor() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.url.appendingPathComponent("Posts.sqlite")
        try MigrationFixtures.makeStore(at: url, model: try MigrationFixtures.wibosco(1)) { context in
            for index in 1...3 {
                try MigrationFixtures.insert(
                    "Post",
                    [
                        "postID": "p\(index)", "color": "#00000\(index)",
                        "date": Date(timeIntervalSinceReferenceDate: Double(index) + 0.5),
                    ],
                    into: context)
            }
        }
        let target = try MigrationFixtures.wibosco(2)
        try MigrationManager(
            sourceModel: try MigrationFixtures.wibosco(1), destinationModel: target, log: SQLDebugLog()
        )
        .migrateStore(at: url)
        try expectMigrated(url.path, to: target, folder: scratch.url)
        let rows = try MigrationFixtures.rows(
            "SELECT ZPOSTID, ZDATE, ZHEXCOLOR FROM ZPOST ORDER BY Z_PK", inStoreAt: url.path)
        #expect(rows == [["p1", "1.5", "nil"], ["p2", "2.5", "nil"], ["p3", "3.5", "nil"]])
    }

    @Test func wiboscoVersion1To2WithAnExplicitMappingKeepsTheColorAsHexColor() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.url.appendingPathComponent("Posts.sqlite")
        let source = try MigrationFixtures.wibosco(1)
        let target = try MigrationFixtures.wibosco(2)
        try MigrationFixtures.makeStore(at: url, model: source) { context in
            try MigrationFixtures.insert("Post", ["postID": "a", "color": "#ff0000"], into: context)
            try MigrationFixtures.insert("Post", ["postID": "b", "color": nil], into: context)
        }
        // What the example's Migration_1_to_2 mapping model does: hexColor = $source.color.
        var mapping = try MappingModel.inferredMappingModel(forSourceModel: source, destinationModel: target)
        mapping.replaceAttributeMapping(
            PropertyMapping(name: "hexColor", value: .sourceProperty("color")), ofEntity: "Post")
        try MigrationManager(sourceModel: source, destinationModel: target, log: SQLDebugLog())
            .migrateStore(at: url, mappingModel: mapping)
        try expectMigrated(url.path, to: target, folder: scratch.url)
        let rows = try MigrationFixtures.rows("SELECT ZPOSTID, ZHEXCOLOR FROM ZPOST ORDER BY Z_PK", inStoreAt: url.path)
        #expect(rows == [["a", "#ff0000"], ["b", "nil"]])
    }

    @Test func bookmarksVersion3To4TurnsTheFavoriteFolderIntoAManyToManyKeepingTheOrder() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.url.appendingPathComponent("Bookmarks.sqlite")
        let source = try MigrationFixtures.bookmarks(3)
        let target = try MigrationFixtures.bookmarks(4)
        try MigrationFixtures.makeStore(at: url, model: source) { context in
            let folder = try MigrationFixtures.insert(
                "BookmarkEntity", ["uuid": "favorites", "isFolder": true, "isFavorite": false], into: context)
            for name in ["c", "a", "b"] {
                let bookmark = try MigrationFixtures.insert(
                    "BookmarkEntity",
                    ["uuid": name, "title": name.uppercased(), "isFolder": false, "isFavorite": true],
                    into: context)
                bookmark.setValue(folder, forKey: "favoriteFolder")
            }
            try MigrationFixtures.insert(
                "BookmarkEntity", ["uuid": "loose", "isFolder": false, "isFavorite": false], into: context)
        }
        let before = try MigrationFixtures.rows(
            "SELECT Z_PK, ZUUID, ZTITLE FROM ZBOOKMARKENTITY ORDER BY Z_PK", inStoreAt: url.path)
        let order = try MigrationFixtures.rows(
            "SELECT Z_PK FROM ZBOOKMARKENTITY WHERE ZFAVORITEFOLDER IS NOT NULL ORDER BY Z_FOK_FAVORITEFOLDER",
            inStoreAt: url.path)
        try MigrationManager(sourceModel: source, destinationModel: target, log: SQLDebugLog()).migrateStore(at: url)
        try expectMigrated(url.path, to: target, folder: scratch.url)
        #expect(
            try MigrationFixtures.rows(
                "SELECT Z_PK, ZUUID, ZTITLE FROM ZBOOKMARKENTITY ORDER BY Z_PK", inStoreAt: url.path)
                == before)
        // The folder's favorites, in their order, now come from the join table.
        let layout = SQLiteLayout(model: target)
        let join = try #require(layout.joinTables.first)
        let favorites = try #require(layout.entity(named: "BookmarkEntity")?.toManyRelationships["favorites"])
        guard case .joinTable(let table, let owner, let destination, let orderColumn?) = favorites else {
            Issue.record("favorites is not stored in a join table: \(favorites)")
            return
        }
        #expect(table == join.name)
        let migrated = try MigrationFixtures.rows(
            "SELECT \(destination) FROM \(table) WHERE \(owner) = 1 ORDER BY \(orderColumn)", inStoreAt: url.path)
        #expect(migrated == order)
        // And the store reads back through the object graph with the target model.
        let container = PersistentContainer(name: "Bookmarks", managedObjectModel: target)
        try container.loadPersistentStore(at: url, options: [SQLiteStore.Options.debugLogKey: SQLDebugLog()])
        defer {
            for store in container.persistentStoreCoordinator.persistentStores { (store as? SQLiteStore)?.close() }
        }
        let request = FetchRequest(entityName: "BookmarkEntity")
        request.predicate = try ObjectPredicate(format: "uuid == 'favorites'")
        let folder = try #require(try container.viewContext.fetch(request).first)
        let uuids = (folder.value(forKey: "favorites") as? OrderedSet<ManagedObject>)?.compactMap {
            $0.value(forKey: "uuid") as? String
        }
        #expect(uuids == ["c", "a", "b"])
    }

    @Test func bookmarksStoreOfVersion4MigratesTo6AddingTwoEmptyAttributes() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore("duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite")
        let source = try MigrationFixtures.bookmarks(4)
        let target = try MigrationFixtures.bookmarks(6)
        let query = "SELECT * FROM ZBOOKMARKENTITY ORDER BY Z_PK"
        let before = try MigrationFixtures.rows(query, inStoreAt: path)
        let links = try MigrationFixtures.rows("SELECT * FROM Z_1FAVORITES ORDER BY 1, 2", inStoreAt: path)
        try #require(!before.isEmpty)
        try MigrationManager(sourceModel: source, destinationModel: target, log: SQLDebugLog())
            .migrateStore(at: URL(fileURLWithPath: path))
        try expectMigrated(path, to: target, folder: scratch.url)
        let after = try MigrationFixtures.rows(query, inStoreAt: path)
        // The two new columns come last (ADD COLUMN) and are empty; everything else is as it was.
        #expect(after.map { Array($0.dropLast(2)) } == before)
        #expect(after.allSatisfy { $0.suffix(2) == ["nil", "nil"] })
        #expect(try MigrationFixtures.rows("SELECT * FROM Z_1FAVORITES ORDER BY 1, 2", inStoreAt: path) == links)
    }

    @Test func alemarStoreMigratesToSampleModel2RenamingAnEntityInItsHierarchy() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore("alemar11__CoreDataPlus__SampleModel_V1.sqlite")
        let source = try ManagedObjectModel(contentsOf: Fixtures.model("alemar11__CoreDataPlus__SampleModel.contents"))
        let target = try ManagedObjectModel(contentsOf: Fixtures.model("alemar11__CoreDataPlus__SampleModel2.contents"))
        let cars = "SELECT Z_PK, Z_ENT, ZOWNER, ZMAKER, ZMODEL, ZNUMBERPLATE, ZISLIMITEDEDITION FROM ZCAR ORDER BY Z_PK"
        let people = "SELECT Z_PK, ZFIRSTNAME, ZLASTNAME FROM ZPERSON ORDER BY Z_PK"
        let before = try MigrationFixtures.rows(cars, inStoreAt: path)
        let peopleBefore = try MigrationFixtures.rows(people, inStoreAt: path)
        try #require(before.count == 125)
        try MigrationManager(sourceModel: source, destinationModel: target, log: SQLDebugLog())
            .migrateStore(at: URL(fileURLWithPath: path))
        try expectMigrated(path, to: target, folder: scratch.url)
        // ExpensiveSportCar (Z_ENT 3) is now LuxuryCar, with the same number; every value stays.
        #expect(try MigrationFixtures.rows(cars, inStoreAt: path) == before)
        #expect(try MigrationFixtures.rows(people, inStoreAt: path) == peopleBefore)
    }
}

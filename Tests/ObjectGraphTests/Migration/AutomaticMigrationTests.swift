import Foundation
import SQLite
import TestSupport
import Testing

@testable import ObjectGraph

/// Migration when a store is opened: the container's flags, the coordinator's options, version
/// chains and the models a store may come from.
@Suite struct AutomaticMigrationTests {
    /// A bookmarks store of version 1 with one favorite in a folder.
    private func bookmarksStore(in scratch: ScratchDirectory) throws -> URL {
        let url = scratch.url.appendingPathComponent("Bookmarks.sqlite")
        try MigrationFixtures.makeStore(at: url, model: try MigrationFixtures.bookmarks(1)) { context in
            let folder = try MigrationFixtures.insert(
                "BookmarkEntity", ["uuid": "folder", "isFolder": true, "isFavorite": false], into: context)
            let bookmark = try MigrationFixtures.insert(
                "BookmarkEntity",
                ["uuid": "site", "url": "https://example.org", "isFolder": false, "isFavorite": true],
                into: context)
            bookmark.setValue(folder, forKey: "favoriteFolder")
        }
        return url
    }

    @Test func containerMigratesAStoreOfAnEarlierVersionWhenLoadingIt() throws {
        let scratch = try ScratchDirectory()
        let url = try bookmarksStore(in: scratch)
        let versions = try [1, 3, 4, 5].map(MigrationFixtures.bookmarks)
        let container = PersistentContainer(name: "Bookmarks", managedObjectModel: try MigrationFixtures.bookmarks(6))
        container.modelVersions = versions
        let lines = SQLDebugLog.Lines()
        try container.loadPersistentStore(
            at: url, options: [SQLiteStore.Options.debugLogKey: SQLDebugLog(level: 1, sink: lines.append)])
        defer {
            for store in container.persistentStoreCoordinator.persistentStores { (store as? SQLiteStore)?.close() }
        }
        let request = FetchRequest(entityName: "BookmarkEntity")
        request.predicate = try ObjectPredicate(format: "uuid == 'site'")
        let site = try #require(try container.viewContext.fetch(request).first)
        #expect(site.value(forKey: "url") as? String == "https://example.org")
        let folders = (site.value(forKey: "favoriteFolders") as? Set<ManagedObject>)?.compactMap {
            $0.value(forKey: "uuid") as? String
        }
        #expect(folders == ["folder"])
        // The SQL trace shows the migration's statements, in one transaction.
        #expect(lines.all.contains("CoreData: sql: BEGIN IMMEDIATE"))
        #expect(lines.all.contains { $0.contains("INSERT OR IGNORE INTO Z_1FAVORITES") })
    }

    @Test func containerWithMigrationTurnedOffRefusesTheStoreWith134100AndLeavesItAlone() throws {
        let scratch = try ScratchDirectory()
        let url = try bookmarksStore(in: scratch)
        let before = MigrationFixtures.bytes(ofStoreAt: url.path)
        let container = PersistentContainer(name: "Bookmarks", managedObjectModel: try MigrationFixtures.bookmarks(6))
        container.modelVersions = [try MigrationFixtures.bookmarks(1)]
        container.shouldMigrateStoreAutomatically = false
        #expect {
            try container.loadPersistentStore(at: url, options: [SQLiteStore.Options.debugLogKey: SQLDebugLog()])
        } throws: { ($0 as? CoreDataError)?.code == .persistentStoreIncompatibleVersionHash }
        #expect(MigrationFixtures.bytes(ofStoreAt: url.path) == before)
    }

    @Test func coordinatorOptionsWithoutInferenceFailWith134140() throws {
        let scratch = try ScratchDirectory()
        let url = try bookmarksStore(in: scratch)
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try MigrationFixtures.bookmarks(4))
        let options: [String: Any] = [
            SQLiteStore.Options.migrateAutomaticallyKey: true,
            SQLiteStore.Options.sourceModelsKey: [try MigrationFixtures.bookmarks(1)],
            SQLiteStore.Options.debugLogKey: SQLDebugLog(),
        ]
        #expect {
            try coordinator.addPersistentStore(type: .sqlite, at: url, options: options)
        } throws: { ($0 as? CoreDataError)?.code == .migrationMissingMappingModel }
    }

    @Test func storeOfAModelNotAmongTheSourceModelsFailsWith134130() throws {
        let scratch = try ScratchDirectory()
        let url = try bookmarksStore(in: scratch)
        let container = PersistentContainer(name: "Bookmarks", managedObjectModel: try MigrationFixtures.bookmarks(6))
        container.modelVersions = [try MigrationFixtures.bookmarks(3)]
        #expect {
            try container.loadPersistentStore(at: url, options: [SQLiteStore.Options.debugLogKey: SQLDebugLog()])
        } throws: { ($0 as? CoreDataError)?.code == .migrationMissingSourceModel }
    }

    @Test func versionsOfABundleComeOldestFirst() throws {
        let scratch = try ScratchDirectory()
        let bundle = scratch.url.appendingPathComponent("Posts.xcdatamodeld")
        for (number, folder) in [(2, "Posts 2"), (1, "Posts"), (4, "Posts 4"), (3, "Posts 3")] {
            let suffix = number == 1 ? "" : "_\(number)"
            let contents = try Data(
                contentsOf: Fixtures.model(
                    "wibosco__CoreDataMigration-Example__CoreDataMigration_Example\(suffix).contents"))
            try scratch.write("Posts.xcdatamodeld/\(folder).xcdatamodel/contents", contents)
        }
        let versions = try ManagedObjectModel.versions(ofModelAt: bundle)
        let expected = try (1...4).map { try MigrationFixtures.wibosco($0).entityVersionHashesByName }
        #expect(versions.map(\.entityVersionHashesByName) == expected)
    }

    @Test func wiboscoChainGoesStepByStepAndRefusesPostsLeftWithoutTheirMandatoryColor() throws {
        let scratch = try ScratchDirectory()
        let versions = try (1...4).map(MigrationFixtures.wibosco)
        let empty = scratch.url.appendingPathComponent("Empty.sqlite")
        let posts = scratch.url.appendingPathComponent("Posts.sqlite")
        try MigrationFixtures.makeStore(at: empty, model: versions[0]) { _ in }
        try MigrationFixtures.makeStore(at: posts, model: versions[0]) { context in
            try MigrationFixtures.insert("Post", ["postID": "a", "color": "#ff0000"], into: context)
        }
        // No mapping infers from 1 to 4 directly (color was an attribute, it is a relationship now).
        #expect(MappingModel.inferenceProblems(forSourceModel: versions[0], destinationModel: versions[3]) != [])
        let before = MigrationFixtures.bytes(ofStoreAt: posts.path)
        for (url, succeeds) in [(empty, true), (posts, false)] {
            let container = PersistentContainer(name: "Posts", managedObjectModel: versions[3])
            container.modelVersions = versions
            let lines = SQLDebugLog.Lines()
            let options: [String: Any] = [SQLiteStore.Options.debugLogKey: SQLDebugLog(level: 1, sink: lines.append)]
            if succeeds {
                try container.loadPersistentStore(at: url, options: options)
                for store in container.persistentStoreCoordinator.persistentStores { (store as? SQLiteStore)?.close() }
                #expect(
                    try MigrationFixtures.differencesFromFreshStore(url.path, model: versions[3], in: scratch.url) == []
                )
                // Three steps, one transaction.
                #expect(lines.all.filter { $0 == "CoreData: sql: BEGIN IMMEDIATE" }.count == 1)
                #expect(lines.all.filter { $0 == "CoreData: sql: DELETE FROM Z_PRIMARYKEY" }.count == 3)
            } else {
                #expect {
                    try container.loadPersistentStore(at: url, options: options)
                } throws: { error in
                    guard let error = error as? CoreDataError else { return false }
                    return error.code == .migration && error.message.contains("Post.color (1 object)")
                }
                #expect(MigrationFixtures.bytes(ofStoreAt: url.path) == before)
            }
        }
    }
}

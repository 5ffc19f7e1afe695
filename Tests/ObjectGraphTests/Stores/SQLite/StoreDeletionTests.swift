import Foundation
import SQLite
import Testing

@testable import ObjectGraph

/// A deletion entry keeps its row's key and entity beside its ID (the SQLite store reads them
/// from there), in step with the ID whatever it is set to.
@Suite("Deletion entries")
struct StoreDeletionTests {
    @Test func anEntryKeepsItsRowsKeyAndEntityInStepWithItsID() throws {
        let model = try StoreFixtures.theaterModel()
        let theater = try #require(model.entitiesByName["Theater"])
        let movie = try #require(model.entitiesByName["Movie"])
        var deletion = StoreDeletion(
            objectID: ManagedObjectID(entity: movie, primaryKey: 7, persistentStoreIdentifier: "S"), version: 2)
        #expect(deletion.primaryKey == 7 && deletion.entity === movie)
        deletion.objectID = ManagedObjectID(entity: theater, primaryKey: 3, persistentStoreIdentifier: "S")
        #expect(deletion.primaryKey == 3 && deletion.entity === theater)
        deletion.objectID = ManagedObjectID(temporaryIDFor: movie)
        #expect(deletion.primaryKey == nil && deletion.entity === movie)
    }

    @Test func theStoreDeletesTheRowTheEntrysIDNamesNow() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let lines = SQLDebugLog.Lines()
        let model = try StoreFixtures.theaterModel()
        let store = try SQLiteStore(
            url: directory.appendingPathComponent("Theater.sqlite"), model: model,
            options: .init(log: SQLDebugLog(level: 3, sink: lines.append)))
        defer { store.close() }
        let movie = try #require(model.entitiesByName["Movie"])
        let movies = try store.insert(movie, [["name": "Up"], ["name": "Cars"], ["name": "Brave"]])
        try #require(movies.count == 3)
        // An entry made for one row and then pointed at another deletes the other.
        var deletion = StoreDeletion(objectID: movies[0], version: 1)
        deletion.objectID = movies[2]
        lines.removeAll()
        try store.save(StoreChanges(deletedObjects: [deletion]))
        #expect(lines.all.contains("CoreData: sql: DELETE FROM ZMOVIE WHERE Z_PK = ? AND Z_OPT = ?"))
        #expect(lines.all.contains("CoreData: details: SQLite bind[0] = (int64)\(movies[2].primaryKey ?? 0)"))
        let left = try store.fetchRows(StoreFetchRequest(entity: movie)).compactMap { $0.values["name"] as? String }
        #expect(left.sorted() == ["Cars", "Up"])
    }
}

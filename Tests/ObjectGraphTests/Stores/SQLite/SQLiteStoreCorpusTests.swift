import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// The bar: Apple's own stores open with their models and every value comes back right. The
/// expected values were read from the files with the `sqlite3` shell.
@Suite struct SQLiteStoreCorpusTests {
    @Test func sampleModelStoreOpensWithItsMetadata() throws {
        let corpus = try CorpusStore(CorpusStore.sampleModel)
        defer { corpus.remove() }
        #expect(corpus.store.metadata["NSStoreType"] as? String == "SQLite")
        #expect(corpus.store.metadata["NSPersistenceFrameworkVersion"] as? Int == 1044)
        #expect(corpus.store.identifier == corpus.store.metadata["NSStoreUUID"] as? String)
        #expect(UUID(uuidString: corpus.store.identifier) != nil)
    }

    @Test func subEntityRowsComeBackAsTheirOwnEntities() throws {
        let corpus = try CorpusStore(CorpusStore.sampleModel)
        defer { corpus.remove() }
        let cars = try corpus.fetch("Car")
        #expect(cars.count == 125)
        let counts = Dictionary(grouping: cars, by: { $0.objectID.entity.name }).mapValues(\.count)
        #expect(counts == ["Car": 115, "SportCar": 5, "ExpensiveSportCar": 5])
        #expect(try corpus.fetch("SportCar").count == 10)
        #expect(try corpus.fetch("SportCar", subentities: false).count == 5)
        #expect(try corpus.fetch("Car", subentities: false).count == 115)

        let mclaren = try #require(cars.first { $0.objectID.primaryKey == 14 })
        #expect(mclaren.objectID.entity.name == "ExpensiveSportCar")
        #expect(mclaren.values["maker"] as? String == "McLaren")
        #expect(mclaren.values["model"] as? String == "570GT")
        #expect(mclaren.values["numberPlate"] as? String == "303")
        #expect(mclaren.values["isLimitedEdition"] as? Bool == false)
        #expect(mclaren.values["owner"] == nil)
        #expect(mclaren.version == 1)

        let bmw = try #require(cars.first { $0.objectID.primaryKey == 21 })
        #expect(bmw.objectID.entity.name == "SportCar")
        #expect(bmw.values["model"] as? String == "M6 Coupe")
        #expect(bmw.key("owner") == 13)
        #expect((bmw.values["owner"] as? ManagedObjectID)?.entity.name == "Person")
        #expect(bmw.values["isLimitedEdition"] == nil)

        let limited = cars.filter { $0.values["isLimitedEdition"] as? Bool == true }
        #expect(limited.count == 2)
    }

    @Test func datesUUIDsAndStringsMatchTheFile() throws {
        let corpus = try CorpusStore(CorpusStore.sampleModel)
        defer { corpus.remove() }
        let victoria = try #require(try corpus.row("Person", 1))
        #expect(victoria.values["firstName"] as? String == "Victoria")
        #expect(victoria.values["lastName"] as? String == "Coster")
        #expect(victoria.values["updatedAt"] as? Date == Date(timeIntervalSinceReferenceDate: 639503569.638733))
        #expect(victoria.values["id"] as? UUID == UUID(uuidString: "FEFE4176-912D-429F-9C83-662FFF641115"))
        let theodora = try #require(try corpus.row("Person", 17))
        #expect(theodora.values["id"] as? UUID == UUID(uuidString: "1B650184-A237-47D0-A6C3-5A7605BABAD0"))
        #expect(try corpus.row("Person", 999) == nil)
    }

    @Test func toManyByInverseForeignKeyFindsEveryCar() throws {
        let corpus = try CorpusStore(CorpusStore.sampleModel)
        defer { corpus.remove() }
        let person = corpus.entity("Person")
        let cars = try #require(person.relationshipsByName["cars"])
        let owner13 = try corpus.store.relatedObjectIDs(of: cars, for: corpus.store.objectID(person, 13))
        #expect(owner13.compactMap(\.primaryKey).sorted() == [21, 112])
        #expect(owner13.first { $0.primaryKey == 21 }?.entity.name == "SportCar")
        #expect(try corpus.store.relatedObjectIDs(of: cars, for: corpus.store.objectID(person, 17)).count == 100)
    }

    @Test func orderedToManyComesBackInZFOKOrder() throws {
        let corpus = try CorpusStore(CorpusStore.bookmarks)
        defer { corpus.remove() }
        let bookmark = corpus.entity("BookmarkEntity")
        let children = try #require(bookmark.relationshipsByName["children"])
        let root = corpus.store.objectID(bookmark, 5)
        // ZPARENT = 5 ordered by Z_FOK_PARENT: 2 (2048), 9 (3072), 4 (4096), 1 (5120), 8 (6144).
        #expect(try corpus.store.relatedObjectIDs(of: children, for: root).compactMap(\.primaryKey) == [2, 9, 4, 1, 8])
        let folder = corpus.store.objectID(bookmark, 4)
        #expect(try corpus.store.relatedObjectIDs(of: children, for: folder).compactMap(\.primaryKey) == [6, 7, 10])
    }

    @Test func orderedManyToManyComesBackInJoinTableOrder() throws {
        let corpus = try CorpusStore(CorpusStore.bookmarks)
        defer { corpus.remove() }
        let bookmark = corpus.entity("BookmarkEntity")
        let favorites = try #require(bookmark.relationshipsByName["favorites"])
        let favoriteFolders = try #require(bookmark.relationshipsByName["favoriteFolders"])
        let root = corpus.store.objectID(bookmark, 3)
        #expect(
            try corpus.store.relatedObjectIDs(of: favorites, for: root).compactMap(\.primaryKey) == [8, 1, 10, 7, 9])
        let eight = corpus.store.objectID(bookmark, 8)
        #expect(try corpus.store.relatedObjectIDs(of: favoriteFolders, for: eight).compactMap(\.primaryKey) == [3])
        #expect(try corpus.store.relatedObjectIDs(of: favoriteFolders, for: root).isEmpty)
    }

    @Test func walRowsAndBooleansOfTheBookmarksStore() throws {
        let corpus = try CorpusStore(CorpusStore.bookmarks)
        defer { corpus.remove() }
        let rows = try corpus.fetch("BookmarkEntity")
        #expect(rows.count == 10)
        let first = try #require(rows.first)
        #expect(first.values["isFolder"] as? Bool == false)
        #expect(first.values["isPendingDeletion"] as? Bool == false)
        #expect(first.values["title"] as? String == "4")
        #expect(first.values["url"] as? String == "4")
        #expect(first.values["modifiedAt"] as? Date == Date(timeIntervalSinceReferenceDate: 723485158.135948))
        #expect(first.key("parent") == 5)
        let root = try #require(rows.first { $0.objectID.primaryKey == 3 })
        #expect(root.values["isFolder"] as? Bool == true)
        #expect(root.values["uuid"] as? String == "favorites_root")
        #expect(root.values["url"] == nil)
        #expect(root.values["parent"] == nil)
    }

    @Test func oneToOneRelationshipsOfTheMigrationExample() throws {
        let corpus = try CorpusStore(CorpusStore.migrationExample)
        defer { corpus.remove() }
        #expect(try corpus.fetch("Post").count == 84)
        #expect(try corpus.fetch("Color").count == 84)
        let post = try #require(try corpus.row("Post", 84))
        #expect(post.values["postID"] as? String == "21B9F571-11DC-404A-87E4-5D44D2E27489")
        #expect(post.values["date"] as? Date == Date(timeIntervalSinceReferenceDate: 526927601.347974))
        #expect(post.values["hide"] as? Bool == false)
        #expect(post.key("color") == 84)
        let color = try #require(try corpus.row("Color", 1))
        #expect(color.values["hex"] as? String == "BFEA01")
        #expect(color.values["colorID"] as? String == "FB950DD4-0CA3-4B3A-8956-DEDC8D75EF02")
        #expect(color.key("post") == 1)
    }

    @Test func sortingLimitAndOffsetRunInSQLite() throws {
        let corpus = try CorpusStore(CorpusStore.sampleModel)
        defer { corpus.remove() }
        var request = StoreFetchRequest(entity: corpus.entity("Person"))
        request.sortDescriptors = [ObjectSortDescriptor(key: "firstName", ascending: false)]
        request.fetchLimit = 3
        request.fetchOffset = 1
        let names = try corpus.store.fetchRows(request).compactMap { $0.values["firstName"] as? String }
        let all = try corpus.fetch("Person").compactMap { $0.values["firstName"] as? String }.sorted(by: >)
        #expect(names == all.elements(at: 1...3))
        #expect(try corpus.store.countRows(request) == 3)
        #expect(try corpus.store.countRows(StoreFetchRequest(entity: corpus.entity("Person"))) == 20)
    }

    @Test func sortingThroughAToOneJoinsTheDestinationTable() throws {
        let lines = SQLDebugLog.Lines()
        let corpus = try CorpusStore(CorpusStore.sampleModel, log: SQLDebugLog(level: 1, sink: lines.append))
        defer { corpus.remove() }
        var request = StoreFetchRequest(entity: corpus.entity("Car"))
        request.sortDescriptors = [
            ObjectSortDescriptor(key: "owner.lastName"), ObjectSortDescriptor(key: "numberPlate"),
        ]
        lines.removeAll()
        let rows = try corpus.store.fetchRows(request)
        #expect(rows.count == 125)
        #expect(
            lines.all.first == "CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZCOLOR, t0.ZMAKER, "
                + "t0.ZMARKEDFORDELETIONASOF, t0.ZMODEL, t0.ZNUMBERPLATE, t0.ZOWNER, t0.ZISLIMITEDEDITION FROM ZCAR t0 "
                + "LEFT OUTER JOIN ZPERSON t1 ON t0.ZOWNER = t1.Z_PK ORDER BY t1.ZLASTNAME, t0.ZNUMBERPLATE")
        // Cars without an owner sort first (NULL), then by the owner's last name.
        #expect(rows.first?.values["owner"] == nil)
    }
}

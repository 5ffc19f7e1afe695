import Foundation
import Testing

@testable import ObjectGraph

/// Predicates run inside SQLite on a real Apple store; the expected rows were counted with the
/// `sqlite3` shell.
@Suite struct SQLiteStorePredicateTests {
    @Test func predicateThroughAToOneJoinsAndFiltersInSQL() throws {
        let lines = SQLDebugLog.Lines()
        let corpus = try CorpusStore(CorpusStore.sampleModel, log: SQLDebugLog(level: 3, sink: lines.append))
        defer { corpus.remove() }
        var request = StoreFetchRequest(entity: corpus.entity("Car"))
        request.predicate = try ObjectPredicate(format: "owner.lastName == %@", "Stone")
        lines.removeAll()
        let rows = try corpus.store.fetchRows(request)
        #expect(rows.count == 100)
        #expect(rows.allSatisfy { $0.key("owner") == 17 })
        #expect(lines.all.first?.hasPrefix("CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, ") == true)
        #expect(
            lines.all.first?.hasSuffix(
                "FROM ZCAR t0 LEFT OUTER JOIN ZPERSON t1 ON t0.ZOWNER = t1.Z_PK WHERE  t1.ZLASTNAME = ?")
                == true)
        #expect(lines.all.contains("CoreData: details: SQLite bind[0] = \"Stone\""))
        #expect(try corpus.store.countRows(request) == 100)
    }

    @Test func predicateOnASubEntityKeepsTheEntityRestrictionAndSortsAfterTheJoins() throws {
        let lines = SQLDebugLog.Lines()
        let corpus = try CorpusStore(CorpusStore.sampleModel, log: SQLDebugLog(level: 1, sink: lines.append))
        defer { corpus.remove() }
        var request = StoreFetchRequest(entity: corpus.entity("SportCar"))
        request.predicate = try ObjectPredicate(format: "maker BEGINSWITH[c] %@", "m")
        request.sortDescriptors = [ObjectSortDescriptor(key: "numberPlate")]
        lines.removeAll()
        let plates = try corpus.store.fetchRows(request).compactMap { $0.values["numberPlate"] as? String }
        #expect(plates == ["201", "202", "203", "301", "302", "303"])
        let sql = try #require(lines.all.first)
        #expect(sql.contains(" WHERE  t0.Z_ENT IN (?, ?) AND ("))
        #expect(sql.hasSuffix(" ORDER BY t0.ZNUMBERPLATE"))
    }
}

import Foundation
import ObjectGraph
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// `rows --where` runs the predicate as SQL; on every corpus store the rows are exactly those the
/// in-memory evaluation (the reader's former way, still its fallback) selects.
@Suite struct RowReaderPredicateTests {
    /// Predicates over every kind of key an entity has, built from its model.
    static func predicates(for entity: EntityDescription, listed: Set<String>) -> [String] {
        var result: [String] = []
        for name in entity.propertiesByName.keys.sorted() where listed.contains(name) {
            guard let property = entity.propertiesByName[name], !property.isTransient else { continue }
            if let attribute = property as? AttributeDescription {
                result += ["\(name) == nil", "\(name) != nil"]
                switch attribute.attributeType {
                case .integer16, .integer32, .integer64, .double, .float, .decimal:
                    result += ["\(name) > 0", "\(name) <= 1", "\(name) BETWEEN {1, 3}"]
                case .boolean:
                    result += ["\(name) == YES", "\(name) != NO"]
                case .string:
                    result += [
                        "\(name) BEGINSWITH[c] 'a'", "\(name) CONTAINS[cd] 'e'", "\(name) < 'm'",
                        "\(name) LIKE '*a*'", "\(name) IN {'Bread', 'Snack'}",
                    ]
                case .date:
                    result += ["\(name) > CAST(600000000, 'NSDate')"]
                default:
                    break
                }
            } else if let relationship = property as? RelationshipDescription,
                let destination = relationship.destinationEntity
            {
                let text = destination.attributesByName.values
                    .filter { $0.attributeType == .string && !$0.isTransient }.map(\.name).sorted().first
                let any = destination.attributesByName.values.filter { !$0.isTransient }.map(\.name).sorted().first
                if relationship.isToMany {
                    result += ["\(name).@count > 0", "\(name).@count == 0"]
                    if let any { result.append("ANY \(name).\(any) != nil") }
                    if let text { result.append("SUBQUERY(\(name), $x, $x.\(text) CONTAINS 'e').@count > 0") }
                } else {
                    result += ["\(name) == nil", "\(name) != nil"]
                    if let text { result.append("\(name).\(text) BEGINSWITH[c] 'r'") }
                }
            }
        }
        if result.count >= 2 { result.append("(\(result[0])) AND NOT (\(result[1]))") }
        if result.count >= 4 { result.append("(\(result[2])) OR (\(result[3]))") }
        return result
    }

    private func rows(_ reader: RowReader, _ query: RowQuery) -> Result<[InspectedRow], InspectorError> {
        var rows: [InspectedRow] = []
        do throws(InspectorError) {
            try reader.read(query) { row in
                rows.append(row)
                return true
            }
        } catch {
            return .failure(error)
        }
        return .success(rows)
    }

    @Test(arguments: Corpus.storeNames)
    func sqlFilteringSelectsTheRowsTheInMemoryEvaluationSelects(name: String) throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try scratch.copyCorpusStore(name))
        defer { inspection.close() }
        let model = try #require(inspection.storeModel?.model)
        var compiled = 0
        var total = 0
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            let reader = try RowReader(inspection: inspection, entity: entity)
            let sortKey = reader.columns.first
            for text in Self.predicates(for: entity, listed: Set(reader.columns)) {
                let predicate = try ObjectPredicate(format: text)
                for (sort, limit) in [(nil, nil), (sortKey, 7)] as [(String?, Int?)] {
                    var query = RowQuery(
                        predicate: predicate, sortKeys: sort.map { [RowQuery.SortKey($0, ascending: false)] } ?? [],
                        limit: limit)
                    let inSQL = rows(reader, query)
                    let usedSQL = reader.lastEvaluation == .sql
                    query.evaluation = .inMemory
                    let inMemory = rows(reader, query)
                    total += 1
                    if usedSQL { compiled += 1 }
                    switch (inSQL, inMemory) {
                    case (.success(let sqlRows), .success(let memoryRows)):
                        if sqlRows != memoryRows {
                            Issue.record(
                                """
                                \(entity.name) where \(text) sort \(sort ?? "-") limit \(limit ?? 0): SQL gave \
                                \(sqlRows.prefix(5).map(\.objectID)) (\(sqlRows.count)), in memory \
                                \(memoryRows.prefix(5).map(\.objectID)) (\(memoryRows.count))
                                """)
                        }
                    case (.failure(let error), _):
                        Issue.record("\(entity.name) where \(text): SQL failed: \(error)")
                    case (.success, .failure(let error)):
                        Issue.record("\(entity.name) where \(text): in memory failed: \(error)")
                    }
                }
            }
        }
        #expect(total > 0)
        #expect(compiled == total, "\(total - compiled) of \(total) predicates fell back to in-memory evaluation")
    }

    @Test func aJoinTableNamedOtherwiseThanTheModelSaysIsStillFollowed() throws {
        let predicate = try ObjectPredicate(format: "favorites.@count > 0 OR ANY favoriteFolders.title != nil")
        func matching(renamed: Bool) throws -> ([String], RowQuery.Evaluation) {
            let scratch = try ScratchDirectory()
            let path = try scratch.copyCorpusStore(Corpus.bookmarks)
            if renamed {
                let database = try Database(path: path)
                try database.execute("ALTER TABLE Z_1FAVORITES RENAME TO Z_1FAVORITES_MIGRATED")
                database.close()
            }
            let inspection = try StoreInspection(path: path)
            defer { inspection.close() }
            let reader = try RowReader(inspection: inspection, entity: try inspection.entity(named: "BookmarkEntity"))
            var found: [String] = []
            try reader.read(RowQuery(predicate: predicate)) { row in
                found.append(row.objectID)
                return true
            }
            return (found, reader.lastEvaluation)
        }
        let (expected, direct) = try matching(renamed: false)
        let (found, fallback) = try matching(renamed: true)
        #expect(direct == .sql)
        #expect(fallback == .inMemory)
        #expect(!expected.isEmpty)
        #expect(found == expected)
    }

    @Test func anUnknownKeyIsAnErrorNamingTheClosestKey() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try scratch.copyCorpusStore(Corpus.recipes))
        defer { inspection.close() }
        let reader = try RowReader(inspection: inspection, entity: try inspection.entity(named: "Recipe"))
        let query = RowQuery(predicate: try ObjectPredicate(format: "nmae == 'Recipe 1'"))
        #expect {
            try reader.read(query) { _ in true }
        } throws: { error in
            guard case .invalidQuery(let option, let detail)? = error as? InspectorError else { return false }
            return option == "--where" && detail.contains("entity Recipe has no property 'nmae'; did you mean '")
        }
    }

    @Test func aLimitIsAppliedBySQLiteSoFewRowsAreRead() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try scratch.copyCorpusStore(Corpus.sampleModel2))
        defer { inspection.close() }
        let reader = try RowReader(inspection: inspection, entity: try inspection.entity(named: "Page"))
        let query = RowQuery(predicate: try ObjectPredicate(format: "number > 3"), limit: 2)
        let compiled = try ObjectPredicate(format: "number > 3").sql(
            for: reader.entity, layout: try #require(inspection.storeModel?.layout))
        let sql = try reader.selectStatement(query, filter: compiled)
        #expect(sql.hasSuffix(" LIMIT 2"))
        #expect(sql.contains("WHERE t0.Z_ENT IN ("))
        #expect(sql.contains(" AND (t0.ZNUMBER > ?)"))
        var seen: [InspectedRow] = []
        try reader.read(query) { row in
            seen.append(row)
            return true
        }
        #expect(seen.count == 2)
        #expect(reader.lastEvaluation == .sql)
    }
}

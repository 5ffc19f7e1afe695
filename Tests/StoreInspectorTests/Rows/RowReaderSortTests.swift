import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import StoreInspector

/// `rows --sort name,-year`: several comma-separated keys, sorted by SQLite in the order given.
@Suite struct RowReaderSortTests {
    private func read(_ reader: RowReader, _ query: RowQuery) throws -> [InspectedRow] {
        var rows: [InspectedRow] = []
        try reader.read(query) { row in
            rows.append(row)
            return true
        }
        return rows
    }

    @Test func sortTextWithSeveralKeysParsesEachKeyAndDirection() throws {
        let keys = try RowQuery.parseSortKeys("recipe, -displayOrder,name:desc,amount:asc")
        #expect(
            keys == [
                RowQuery.SortKey("recipe"), RowQuery.SortKey("displayOrder", ascending: false),
                RowQuery.SortKey("name", ascending: false), RowQuery.SortKey("amount"),
            ])
    }

    @Test(arguments: ["", "name,,year", "-", "name,", ",name", "name, :desc"])
    func sortTextWithAnEmptyKeyIsRejectedNamingTheOption(text: String) {
        #expect {
            _ = try RowQuery.parseSortKeys(text)
        } throws: { error in
            guard case .invalidQuery(let option, let detail)? = error as? InspectorError else { return false }
            return option == "--sort" && detail.contains("empty key")
        }
    }

    @Test func severalSortKeysOrderRowsByTheFirstKeyThenTheNextInSQL() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try scratch.copyCorpusStore(Corpus.recipes))
        defer { inspection.close() }
        let reader = try RowReader(inspection: inspection, entity: try inspection.entity(named: "Ingredient"))
        let query = RowQuery(sortKeys: try RowQuery.parseSortKeys("recipe,-displayOrder"))
        let sql = try reader.selectStatement(query)
        #expect(sql.hasSuffix(#"ORDER BY t0."ZRECIPE" ASC, t0."ZDISPLAYORDER" DESC, t0.Z_PK"#))

        let sorted = try read(reader, query)
        let recipeIndex = try #require(reader.columns.firstIndex(of: "recipe"))
        let orderIndex = try #require(reader.columns.firstIndex(of: "displayOrder"))
        func recipeKey(_ row: InspectedRow) -> Int64 {
            Int64(row.values.element(at: recipeIndex)?.text?.split(separator: "p").last ?? "") ?? -1
        }
        func order(_ row: InspectedRow) -> Int64 {
            if case .integer(let number) = row.values.element(at: orderIndex) { return number }
            return Int64.min
        }
        let expected = try read(reader, RowQuery()).sorted { lhs, rhs in
            if recipeKey(lhs) != recipeKey(rhs) { return recipeKey(lhs) < recipeKey(rhs) }
            if order(lhs) != order(rhs) { return order(lhs) > order(rhs) }
            return lhs.primaryKey < rhs.primaryKey
        }
        try #require(sorted.count == 19)
        #expect(sorted.map(\.objectID) == expected.map(\.objectID))
        // The second key matters: within the first recipe the display order descends.
        let firstRecipe = sorted.prefix { recipeKey($0) == recipeKey(sorted[0]) }.map(order)
        #expect(firstRecipe.count > 1 && firstRecipe == firstRecipe.sorted(by: >))
    }

    @Test func anUnknownKeyAmongSeveralSortKeysIsNamedWithTheEntitysKeys() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try scratch.copyCorpusStore(Corpus.recipes))
        defer { inspection.close() }
        let reader = try RowReader(inspection: inspection, entity: try inspection.entity(named: "Ingredient"))
        #expect {
            _ = try reader.selectStatement(RowQuery(sortKeys: try RowQuery.parseSortKeys("name,-yeer")))
        } throws: { error in
            guard case .invalidQuery(let option, let detail)? = error as? InspectorError else { return false }
            return option == "--sort" && detail.contains("'yeer'") && detail.contains("displayOrder")
        }
    }
}

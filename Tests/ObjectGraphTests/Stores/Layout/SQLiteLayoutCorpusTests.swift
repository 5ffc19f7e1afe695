import Foundation
import Testing

@testable import ObjectGraph

/// The bar: the DDL generated from each corpus model is byte-identical to the `.schema` of the
/// store Apple's Core Data wrote with it (derived-attribute triggers excepted; these stores have none).
@Suite struct SQLiteLayoutCorpusTests {
    @Test(arguments: ModelCorpus.pairs)
    func generatedSchemaIsByteIdenticalToTheStores(pair: ModelCorpus.Pair) throws {
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let model = try ModelCorpus.model(of: pair, scratch: scratch)
        let store = try ModelCorpus.copyOfStore(pair.store, in: scratch)
        let expected = ModelCorpus.removingTriggers(from: try ModelCorpus.sqlite3(store, ".schema"))
        let layout = SQLiteLayout(model: model)
        #expect(layout.schema == expected)
        let expectedLines = expected.split(separator: "\n").map(String.init)
        for (generated, real) in zip(layout.createStatements.map { $0 + ";" }, expectedLines) {
            #expect(generated == real)
        }
        #expect(layout.createStatements.count == expectedLines.count)
    }
}

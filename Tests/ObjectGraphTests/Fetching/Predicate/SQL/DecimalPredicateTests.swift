import Foundation
import Testing

@testable import ObjectGraph

/// A decimal in a predicate must meet a stored decimal as the same double: the SQLite store writes a
/// decimal as the nearest double (a REAL column), so the bound value and in-memory evaluation must
/// convert the same way, not through `NSDecimalNumber.doubleValue`, which is an ulp off on Linux.
@Suite struct DecimalPredicateTests {
    static let values = ["12345678901234567890.5", "19.99", "0.1"].map { Decimal(string: $0)! }

    @Test(arguments: [true, false])
    func decimalEqualityFindsTheStoredDecimalInEveryStore(sqlite: Bool) throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Company", properties: [AttributeDescription(name: "revenue", type: .decimal)])
        ])
        let container = PersistentContainer(name: "Decimals", managedObjectModel: model)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Decimals-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        if sqlite {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            _ = try container.loadPersistentStore(at: directory.appendingPathComponent("Decimals.sqlite"))
        } else {
            _ = try container.loadInMemoryStore()
        }
        for value in Self.values {
            try container.viewContext.insertNewObject(forEntityName: "Company").setValue(value, forKey: "revenue")
        }
        try container.viewContext.save()
        let all = try container.viewContext.fetch(FetchRequest(entityName: "Company"))
        for value in Self.values {
            for format in ["revenue == %@", "revenue IN {%@}", "revenue >= %@ AND revenue <= %@"] {
                let predicate = try ObjectPredicate(format: format, value, value)
                let request = FetchRequest(entityName: "Company")
                request.predicate = predicate
                #expect(try container.viewContext.count(for: request) == 1, "\(format) with \(value)")
                #expect(all.filter(predicate).count == 1, "\(format) with \(value) in memory")
            }
        }
    }
}

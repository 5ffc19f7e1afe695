import Foundation
import Testing

@testable import ObjectGraph

/// Out-of-range `fetchOffset` and `fetchLimit` values neither trap nor disagree: a negative offset
/// skips nothing and a negative limit is no limit, in every store and fetch path, and `Int.max`
/// (whose sum with an offset overflows) simply reaches past the end.
@Suite struct ExtremeFetchWindowTests {
    @Test(arguments: [true, false])
    func extremeOffsetsAndLimitsNeitherTrapNorDisagree(sqlite: Bool) throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Item", properties: [AttributeDescription(name: "rank", type: .integer32)])
        ])
        let container = PersistentContainer(name: "Window", managedObjectModel: model)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Window-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        if sqlite {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            _ = try container.loadPersistentStore(at: directory.appendingPathComponent("Window.sqlite"))
        } else {
            _ = try container.loadInMemoryStore()
        }
        let context = container.viewContext
        for rank in 0..<4 { try context.insertNewObject(forEntityName: "Item").setValue(rank, forKey: "rank") }
        try context.save()
        let cases: [(offset: Int, limit: Int, expected: Int)] = [
            (Int.max, Int.max, 0), (1, Int.max, 3), (-2, -3, 4), (Int.min, 0, 4), (Int.min, Int.max, 4), (2, 1, 1),
        ]
        for pending in [false, true] {
            if pending { try context.insertNewObject(forEntityName: "Item").setValue(9, forKey: "rank") }
            let total = pending ? 5 : 4
            for (offset, limit, expected) in cases {
                let request = FetchRequest(entityName: "Item")
                request.sortDescriptors = [ObjectSortDescriptor(key: "rank")]
                request.fetchOffset = offset
                request.fetchLimit = limit
                let want = expected == 4 ? total : (expected == 3 ? total - 1 : expected)
                let label = "offset \(offset) limit \(limit) pending \(pending)"
                #expect(try context.fetch(request).count == want, "\(label)")
                #expect(try context.count(for: request) == want, "\(label)")
                #expect(try context.fetchObjectIDs(request).count == want, "\(label)")
            }
        }
    }
}

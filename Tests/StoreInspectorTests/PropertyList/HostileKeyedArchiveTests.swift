import Foundation
import Testing

@testable import ObjectGraph
@testable import StoreInspector

/// Keyed archives built to loop or explode: a string holding itself, arrays listing the next twice.
@Suite struct HostileKeyedArchiveTests {
    private func archive(_ objects: [PropertyListItem], root: Int = 1) throws -> KeyedArchive {
        try KeyedArchive(
            data: BinaryPropertyListWriter.data(
                for: .dictionary([
                    "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100000),
                    "$top": .dictionary(["root": .uid(root)]), "$objects": .array(objects),
                ])))
    }

    private func classEntry(_ name: String) -> PropertyListItem {
        .dictionary(["$classname": .string(name), "$classes": .array([.string(name)])])
    }

    @Test func aStringHoldingItselfHasNoText() throws {
        let archive = try archive([
            .string("$null"), .dictionary(["$class": .uid(2), "NS.string": .uid(1)]), classEntry("NSMutableString"),
        ])
        #expect(archive.resolve(.uid(1)).string == nil)
        #expect(archive.readableRoot == .null)
    }

    @Test func arraysListingTheNextTwiceStopAtTheValueBudget() throws {
        var objects: [PropertyListItem] = [.string("$null"), classEntry("NSArray")]
        for level in 0..<50 {
            let next = PropertyListItem.uid(objects.count + 1)
            objects.append(.dictionary(["$class": .uid(1), "NS.objects": .array(level == 49 ? [] : [next, next])]))
        }
        let readable = try archive(objects, root: 2).readableRoot
        #expect(readable != .null)
    }

    @Test func aModelCacheWhoseEntityNameHoldsItselfIsRefused() throws {
        let archive = try archive([
            .string("$null"),
            .dictionary(["$class": .uid(2), "NSEntities": .uid(3)]), classEntry("NSManagedObjectModel"),
            .dictionary(["$class": .uid(4), "NS.keys": .array([.uid(5)]), "NS.objects": .array([.uid(7)])]),
            classEntry("NSDictionary"),
            .dictionary(["$class": .uid(6), "NS.string": .uid(5)]), classEntry("NSString"),
            .dictionary(["$class": .uid(8), "NSEntityName": .uid(5)]), classEntry("NSEntityDescription"),
        ])
        #expect(throws: PropertyListError.unreadable("an entity in the model cache has no name")) {
            try ModelCacheDecoder.decode(archive: archive)
        }
    }
}

import Foundation
import Testing

@testable import ObjectGraph

/// The `$objects` table the keyed-archive builder lays out, as NSKeyedArchiver lays it out.
@Suite struct KeyedArchiveBuilderTests {
    private func objects(of archive: PropertyListItem) throws -> [PropertyListItem] {
        guard case .dictionary(let entries) = archive,
            case .array(let objects)? = entries.first(where: { $0.key == "$objects" })?.value
        else {
            Issue.record("no $objects in \(archive)")
            return []
        }
        return objects
    }

    private func field(_ key: String, of item: PropertyListItem) -> PropertyListItem? {
        guard case .dictionary(let entries) = item else { return nil }
        return entries.first { $0.key == key }?.value
    }

    @Test func objectsGetTheirUIDBeforeTheirFieldsAndTheirClassAfter() throws {
        let builder = KeyedArchiveBuilder()
        let root = builder.object("root", classes: ["Root", "NSObject"]) {
            [("name", builder.reference(to: "Theater")), ("missing", nil), ("none", KeyedArchiveBuilder.null)]
        }
        let objects = try objects(of: builder.archive(root: root))
        #expect(root == .uid(1))
        try #require(objects.count == 4)
        #expect(objects[0] == .string("$null"))
        #expect(objects[2] == .string("Theater"))
        #expect(field("name", of: objects[1]) == .uid(2))
        #expect(field("$class", of: objects[1]) == .uid(3))
        #expect(field("missing", of: objects[1]) == nil)
        #expect(field("none", of: objects[1]) == .uid(0))
        #expect(field("$classname", of: objects[3]) == .string("Root"))
    }

    @Test func conditionalReferencesShareTheUIDFilledWhenTheObjectIsEncoded() throws {
        let builder = KeyedArchiveBuilder()
        let root = builder.object("root", classes: ["Root", "NSObject"]) {
            let early = builder.conditionalReference(to: "child")
            let child = builder.object("child", classes: ["Child", "NSObject"]) {
                [("parent", builder.conditionalReference(to: "root"))]
            }
            let again = builder.object("child", classes: ["Child", "NSObject"]) { [] }
            return [("early", early), ("child", child), ("again", again)]
        }
        let objects = try objects(of: builder.archive(root: root))
        try #require(objects.count > 2)
        #expect(field("early", of: objects[1]) == .uid(2))
        #expect(field("child", of: objects[1]) == .uid(2))
        #expect(field("again", of: objects[1]) == .uid(2))
        #expect(field("parent", of: objects[2]) == .uid(1))
    }

    @Test func conditionalReferenceToAnObjectNeverEncodedReadsAsNull() throws {
        let builder = KeyedArchiveBuilder()
        let root = builder.object("root", classes: ["Root", "NSObject"]) {
            [("ghost", builder.conditionalReference(to: "ghost"))]
        }
        let objects = try objects(of: builder.archive(root: root))
        try #require(objects.count > 2)
        #expect(field("ghost", of: objects[1]) == .uid(2))
        #expect(objects[2] == .string("$null"))
    }

    @Test func equalStringsNumbersAndClassesAreArchivedOnce() throws {
        let builder = KeyedArchiveBuilder()
        let root = builder.array {
            [
                builder.reference(to: "name"), builder.reference(to: "name"),
                builder.sharedReference(to: .integer(0)), builder.sharedReference(to: .boolean(false)),
                builder.sharedReference(to: .integer(0)), builder.array { [] },
            ]
        }
        let objects = try objects(of: builder.archive(root: root))
        try #require(objects.count == 7)
        #expect(field("NS.objects", of: objects[1]) == .array([.uid(2), .uid(2), .uid(3), .uid(4), .uid(3), .uid(5)]))
        // Both arrays share one NSArray class entry.
        #expect(field("$class", of: objects[1]) == field("$class", of: objects[5]))
    }
}

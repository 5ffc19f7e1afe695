import Foundation
import Testing

@testable import ObjectGraph

/// A colour the store cannot keep by itself: three bytes through `RGBTransformer`.
private struct RGB: Equatable {
    var red: UInt8, green: UInt8, blue: UInt8
}

/// RGB ⟷ three bytes, registered as "RGBTransformer" by the tests that use it.
private final class RGBTransformer: ObjectValueTransformer, @unchecked Sendable {
    override func transformedValue(_ value: Any?) -> Any? {
        (value as? RGB).map { Data([$0.red, $0.green, $0.blue]) }
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let data = value as? Data, data.count == 3 else { return nil }
        return RGB(red: data[data.startIndex], green: data[data.startIndex + 1], blue: data[data.startIndex + 2])
    }
}

@Suite(.serialized) struct ValueTransformerTests {
    /// A car with a transformable attribute naming `transformer` (nil: none).
    private static func model(transformer: String?) throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Car",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "paint", type: .transformable, valueTransformerName: transformer),
                ])
        ])
    }

    /// Saves one car whose paint is `paint` into a new store, and opens a second stack on it.
    private static func roundTrip(
        _ paint: Any, transformer: String?, in directory: URL
    ) throws -> (stored: String, reopened: ManagedObjectContext, container: PersistentContainer) {
        let url = directory.appendingPathComponent("Cars.sqlite")
        let model = try model(transformer: transformer)
        let writer = PersistentContainer(name: "Cars", managedObjectModel: model)
        try writer.loadPersistentStore(at: url)
        let car = try writer.viewContext.insertNewObject(forEntityName: "Car")
        car["name"] = "Mini"
        car["paint"] = paint
        try writer.viewContext.save()
        let stored = try StoreFixtures.shell(url, "SELECT hex(ZPAINT) FROM ZCAR")
        let reader = PersistentContainer(name: "Cars", managedObjectModel: model)
        try reader.loadPersistentStore(at: url)
        return (stored, reader.viewContext, reader)
    }

    @Test func aRegisteredTransformerWritesItsBytesAndReadsTheValueBack() throws {
        ObjectValueTransformer.setValueTransformer(RGBTransformer(), forName: "RGBTransformer")
        defer { ObjectValueTransformer.setValueTransformer(nil, forName: "RGBTransformer") }
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let paint = RGB(red: 0xC0, green: 0x10, blue: 0x2A)
        let (stored, context, _) = try Self.roundTrip(paint, transformer: "RGBTransformer", in: directory)
        #expect(stored == "C0102A")
        let car = try #require(try context.fetch(FetchRequest(entityName: "Car")).first)
        #expect(car["paint"] as? RGB == paint)
        let dictionaries = try context.fetchDictionaries(FetchRequest(entityName: "Car"))
        #expect(dictionaries.first?["paint"] as? RGB == paint)
    }

    @Test func withoutARegisteredTransformerTheValueIsKeptAsData() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let bytes = Data([1, 2, 3, 4])
        let (stored, context, _) = try Self.roundTrip(bytes, transformer: "NotRegisteredTransformer", in: directory)
        #expect(stored == "01020304")
        let car = try #require(try context.fetch(FetchRequest(entityName: "Car")).first)
        #expect(car["paint"] as? Data == bytes)
    }

    @Test func aValueNoTransformerTurnsIntoBytesFailsTheSaveNamingTheAttribute() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let container = PersistentContainer(name: "Cars", managedObjectModel: try Self.model(transformer: nil))
        try container.loadPersistentStore(at: directory.appendingPathComponent("Cars.sqlite"))
        let car = try container.viewContext.insertNewObject(forEntityName: "Car")
        car["paint"] = RGB(red: 1, green: 2, blue: 3)
        let error = #expect(throws: (any Error).self) { try container.viewContext.save() }
        #expect(String(describing: error ?? CocoaError(.featureUnsupported)).contains("paint"))
        #expect(container.viewContext.hasChanges)
    }

    @Test func theSecureArchivingTransformerRoundTripsPropertyListValues() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let paint: [Any] = ["red", 7, ["finish": "matte"]]
        let (stored, context, _) = try Self.roundTrip(
            paint, transformer: ObjectValueTransformer.secureUnarchiveFromDataName, in: directory)
        #expect(stored.hasPrefix("62706C6973743030"))  // "bplist00": an NSKeyedArchiver archive
        let car = try #require(try context.fetch(FetchRequest(entityName: "Car")).first)
        let value = try #require(car["paint"] as? [Any])
        try #require(value.count == 3)
        #expect(value[0] as? String == "red")
        #expect((value[1] as? NSNumber)?.intValue == 7)
        #expect((value[2] as? [String: Any])?["finish"] as? String == "matte")
    }

    @Test func bytesTheArchiverCannotReadComeBackAsData() throws {
        let transformer = try #require(
            ObjectValueTransformer.valueTransformer(forName: ObjectValueTransformer.keyedUnarchiveFromDataName))
        let foreign = Data("not an archive".utf8)
        #expect(transformer.reverseTransformedValue(foreign) as? Data == foreign)
        #expect(transformer.transformedValue(nil) == nil)
        #expect(
            ObjectValueTransformer.valueTransformerNames.contains(ObjectValueTransformer.secureUnarchiveFromDataName))
    }
}

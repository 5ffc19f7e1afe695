import Foundation
import ObjectGraph
import Testing

@Suite("Inserting objects")
struct InsertingTests {
    @Test(arguments: StoreKind.allCases)
    func insertedObjectHasTemporaryIDAndIsTracked(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.context.insertNewObject(forEntityName: "Theater")

        #expect(theater.objectID.isTemporaryID)
        #expect(theater.objectID.uriRepresentation().absoluteString.hasPrefix("x-coredata:///Theater/t"))
        #expect(theater.isInserted)
        #expect(!theater.isFault)
        #expect(theater.managedObjectContext === stack.context)
        #expect(stack.context.insertedObjects == [theater])
        #expect(stack.context.hasChanges)
        #expect(stack.context.registeredObject(for: theater.objectID) === theater)
    }

    @Test(arguments: StoreKind.allCases)
    func insertedObjectStartsWithModelDefaults(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let movie = try stack.movie("Up")
        let theater = try stack.theater("Odeon")

        #expect(movie["runtime"] as? Int == 90)
        #expect(theater["isOpen"] as? Bool == true)
        #expect(movie["summary"] == nil)
        #expect((theater["movies"] as? Set<ManagedObject>)?.isEmpty == true)
    }

    @Test func insertingUnknownEntityThrowsNamingIt() throws {
        let stack = try CinemaStack()
        #expect {
            try stack.context.insertNewObject(forEntityName: "Cinema")
        } throws: { error in
            (error as? CoreDataError)?.message.contains("\"Cinema\"") == true
        }
    }

    @Test func insertingAbstractEntityThrows() throws {
        let abstract = EntityDescription(
            name: "Shape", isAbstract: true, properties: [AttributeDescription(name: "area", type: .double)])
        let circle = EntityDescription(name: "Circle", superentityName: "Shape")
        let model = try ManagedObjectModel(entities: [abstract, circle])
        let container = PersistentContainer(name: "Shapes", managedObjectModel: model)
        try container.loadInMemoryStore()

        #expect(throws: CoreDataError.self) { try container.viewContext.insertNewObject(forEntityName: "Shape") }
        let shape = try container.viewContext.insertNewObject(forEntityName: "Circle")
        shape["area"] = 3.5
        #expect(shape["area"] as? Double == 3.5)
    }

    @Test func objectMadeWithoutContextCanBeInsertedLater() throws {
        let stack = try CinemaStack()
        let entity = try #require(stack.model.entitiesByName["Movie"])
        let movie = ManagedObject(entity: entity, insertInto: nil)
        #expect(movie.managedObjectContext == nil)
        #expect(!movie.isInserted)

        stack.context.insert(movie)
        movie["name"] = "Alien"
        #expect(movie.isInserted)
        try stack.context.save()
        #expect(try stack.fetch("Movie").map(\.nameValue) == ["Alien"])
    }
}

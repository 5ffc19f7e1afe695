import Foundation
import ObjectGraph
import Testing

@Suite("Validation at save")
struct ValidationTests {
    private func saveError(_ stack: CinemaStack) throws -> CoreDataError {
        try #require(throws: CoreDataError.self) { try stack.context.save() }
    }

    @Test func missingMandatoryAttributeIs1570() throws {
        let stack = try CinemaStack()
        let movie = try stack.context.insertNewObject(forEntityName: "Movie")
        let error = try saveError(stack)
        #expect(error.code == .validationMissingMandatoryProperty)
        #expect(error.code.rawValue == 1570)
        #expect(error.key == "name")
        #expect(error.objectID == movie.objectID)
        #expect(error.message.hasPrefix("Movie <x-coredata:///Movie/t"))
    }

    @Test func missingMandatoryToOneIs1570() throws {
        let owned = EntityDescription(
            name: "Ticket",
            properties: [RelationshipDescription(name: "movie", destinationEntityName: "Film", isOptional: false)])
        let film = EntityDescription(name: "Film")
        let container = PersistentContainer(
            name: "Tickets", managedObjectModel: try ManagedObjectModel(entities: [owned, film]))
        try container.loadInMemoryStore()
        try container.viewContext.insertNewObject(forEntityName: "Ticket")
        let error = try #require(throws: CoreDataError.self) { try container.viewContext.save() }
        #expect(error.code == .validationMissingMandatoryProperty)
        #expect(error.key == "movie")
    }

    @Test func toManyCountsAre1580And1590() throws {
        let stack = try CinemaStack()
        let playlist = try stack.context.insertNewObject(forEntityName: "Playlist")
        playlist["title"] = "Empty"
        #expect(try saveError(stack).code == .validationRelationshipLacksMinimumCount)

        let list = playlist.mutableOrderedSetValue(forKey: "movies")
        for name in ["A", "B", "C", "D"] { list.append(try stack.movie(name)) }
        let error = try saveError(stack)
        #expect(error.code == .validationRelationshipExceedsMaximumCount)
        #expect(error.code.rawValue == 1590)
        #expect(error.key == "movies")

        list.remove(at: 3)
        try stack.context.save()
    }

    @Test func numbersOutOfRangeAre1610And1620() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        theater["capacity"] = 9000
        #expect(try saveError(stack).code == .validationNumberTooLarge)
        theater["capacity"] = 0
        #expect(try saveError(stack).code == .validationNumberTooSmall)
        theater["capacity"] = 40_000
        let overflow = try saveError(stack)
        #expect(overflow.code == .validationNumberTooLarge)
        #expect(overflow.message.contains("Integer 16"))
        theater["capacity"] = 500
        try stack.context.save()
    }

    @Test func floatingPointBoundsAreChecked() throws {
        let stack = try CinemaStack()
        let movie = try stack.movie("Up")
        movie["rating"] = 10.5
        #expect(try saveError(stack).code == .validationNumberTooLarge)
        movie["rating"] = -0.1
        #expect(try saveError(stack).code == .validationNumberTooSmall)
    }

    @Test func datesBeforeTheMinimumAre1640() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        theater["opened"] = CinemaModel.earliestOpening.addingTimeInterval(-86_400)
        let error = try saveError(stack)
        #expect(error.code == .validationDateTooSoon)
        #expect(error.code.rawValue == 1640)
        theater["opened"] = CinemaModel.earliestOpening
        try stack.context.save()
    }

    @Test func datesAfterTheMaximumAre1630() throws {
        let latest = Date(timeIntervalSinceReferenceDate: 0)
        let entity = EntityDescription(
            name: "Event", properties: [AttributeDescription(name: "when", type: .date, maxValue: latest)])
        let container = PersistentContainer(
            name: "Events", managedObjectModel: try ManagedObjectModel(entities: [entity]))
        try container.loadInMemoryStore()
        let event = try container.viewContext.insertNewObject(forEntityName: "Event")
        event["when"] = latest.addingTimeInterval(1)
        let error = try #require(throws: CoreDataError.self) { try container.viewContext.save() }
        #expect(error.code == .validationDateTooLate)
    }

    @Test func stringLengthsAre1660And1670() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater(String(repeating: "x", count: 41))
        #expect(try saveError(stack).code == .validationStringTooLong)
        theater["name"] = ""
        #expect(try saveError(stack).code == .validationStringTooShort)
        theater["name"] = String(repeating: "x", count: 40)
        try stack.context.save()
    }

    @Test func patternMismatchIs1680() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        theater["code"] = "odn"
        #expect(try saveError(stack).code == .validationStringPatternMatching)
        theater["code"] = "ODNX"
        #expect(try saveError(stack).code == .validationStringPatternMatching)
        theater["code"] = "ODN"
        try stack.context.save()
    }

    @Test func everyRulesMessageNamesTheKeyAndTheValue() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        let movie = try stack.movie("Up")
        try stack.context.save()
        func message(_ change: () -> Void) throws -> String {
            change()
            defer { stack.context.rollback() }
            return try saveError(stack).message
        }
        #expect(try message { theater["capacity"] = 9000 }.contains("\"capacity\" is 9000, larger than the maximum"))
        #expect(try message { theater["capacity"] = 0 }.contains("\"capacity\" is 0, smaller than the minimum"))
        #expect(
            try message { theater["capacity"] = 40_000 }.contains(
                "\"capacity\" is 40000, which does not fit in an Integer 16"))
        #expect(try message { movie["rating"] = 10.5 }.contains("\"rating\" is 10.5, larger than the maximum"))
        let early = CinemaModel.earliestOpening.addingTimeInterval(-86_400)
        #expect(try message { theater["opened"] = early }.contains("\"opened\" is \(early), earlier than the earliest"))
        #expect(try message { theater["name"] = "" }.contains("\"name\" is \"\", 0 characters long; at least"))
        #expect(
            try message { theater["code"] = "odn" }.contains("\"code\" is \"odn\", which does not match the pattern"))
    }

    @Test func severalProblemsAre1560CarryingEachOne() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        theater["capacity"] = 0
        theater["code"] = "bad"
        try stack.context.insertNewObject(forEntityName: "Movie")

        let error = try saveError(stack)
        #expect(error.code == .validationMultipleErrors)
        let codes = Set(error.underlyingErrors.map(\.code))
        #expect(
            codes == [.validationNumberTooSmall, .validationStringPatternMatching, .validationMissingMandatoryProperty])
        #expect(error.message.hasPrefix("3 validation errors"))
    }

    @Test func validationOnlyConcernsChangedAndInsertedObjects() throws {
        let stack = try CinemaStack()
        try stack.theater("Odeon")
        try stack.context.save()
        let movie = try stack.movie("Up")
        movie["rating"] = 5.0
        try stack.context.save()
        #expect(!stack.context.hasChanges)
    }

    @Test func unknownKeyOnAFaultReportsOnlyTheUnknownKey() throws {
        let stack = try CinemaStack(.sqlite)
        let movie = try stack.movie("Up")
        try stack.context.save()
        stack.context.refresh(movie, mergeChanges: false)
        #expect(movie.isFault)

        movie.setValue(5, forKey: "ratting")
        let error = try saveError(stack)
        // Only the refused key: the fault's unloaded values are not "required but has no value".
        #expect(error.code == .managedObjectValidation)
        #expect(error.underlyingErrors.isEmpty)
        #expect(error.key == "ratting")
        stack.context.rollback()
        #expect(movie.nameValue == "Up")
    }
}

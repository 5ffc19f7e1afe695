import Foundation
import ObjectGraph
import Testing

/// Subclasses overriding the life-cycle and validation methods, as Apple's guides show them.
enum HookCinema {
    /// A theater stamped when inserted, refusing deletion while it is the flagship.
    final class Theater: ManagedObject, @unchecked Sendable {
        static let openingDay = Date(timeIntervalSinceReferenceDate: 0)
        var awakenings = 0
        var updateValidations = 0
        var willSaves = 0
        var didSaves = 0
        var moviesAtDeletion: [String]?

        override func willSave() {
            super.willSave()
            willSaves += 1
            // Apple's advice: set a value only when it differs, or each set asks for another save.
            if !isDeleted, value(forKey: "capacity") == nil { setValue(100, forKey: "capacity") }
        }

        override func didSave() {
            super.didSave()
            didSaves += 1
        }

        override func prepareForDeletion() {
            super.prepareForDeletion()
            moviesAtDeletion = names("movies")
        }

        override func awakeFromInsert() {
            super.awakeFromInsert()
            awakenings += 1
            setValue(Self.openingDay, forKey: "opened")
        }

        override func validateForUpdate() throws {
            try super.validateForUpdate()
            updateValidations += 1
        }

        override func validateForDelete() throws {
            try super.validateForDelete()
            if value(forKey: "name") as? String == "Flagship" {
                throw CoreDataError(code: .managedObjectValidation, message: "the flagship stays", objectID: objectID)
            }
        }
    }

    /// A movie whose summary must not just repeat its name (a rule across two properties).
    final class Movie: ManagedObject, @unchecked Sendable {
        struct SummaryRepeatsName: Error {}
        var preparations = 0

        override func prepareForDeletion() {
            super.prepareForDeletion()
            preparations += 1
        }

        override func validateForInsert() throws {
            try super.validateForInsert()
            if let summary = value(forKey: "summary") as? String, summary == value(forKey: "name") as? String {
                throw SummaryRepeatsName()
            }
        }
    }
}

@Suite("Life-cycle and validation methods of subclasses")
struct LifecycleHookTests {
    typealias Theater = HookCinema.Theater
    typealias Movie = HookCinema.Movie

    private func hookStack(_ kind: StoreKind = .inMemory) throws -> CinemaStack {
        ManagedObjectClassRegistry.shared.register(Theater.self, forClassName: "HookCinema.Theater")
        ManagedObjectClassRegistry.shared.register(Movie.self, forClassName: "HookCinema.Movie")
        return try CinemaStack(
            kind, model: CinemaModel.make(theaterClassName: "HookCinema.Theater", movieClassName: "HookCinema.Movie"))
    }

    @Test(arguments: StoreKind.allCases)
    func awakeFromInsertRunsOnceForANewObjectAndNeverForAFetchedOne(_ kind: StoreKind) throws {
        let stack = try hookStack(kind)
        let theater = try stack.context.insertNewObject(of: Theater.self)
        theater["name"] = "Odeon"
        #expect(theater.awakenings == 1)
        #expect(theater["opened"] as? Date == Theater.openingDay)
        #expect(theater.changedValues()["opened"] as? Date == Theater.openingDay)

        let entity = try #require(stack.model.entitiesByName["Theater"])
        let made = Theater(entity: entity, insertInto: stack.context)
        #expect(made.awakenings == 1)
        let detached = Theater(entity: entity, insertInto: nil)
        #expect(detached.awakenings == 0)
        stack.context.insert(detached)
        #expect(detached.awakenings == 1)
        stack.context.delete(made)
        stack.context.delete(detached)
        try stack.context.save()

        let other = stack.otherContext()
        try other.performAndWait { () throws in
            let fetched = try other.fetch(FetchRequest(entityName: "Theater"), as: Theater.self)
            #expect(fetched.map(\.awakenings) == [0])
        }
    }

    @Test func anUndoneInsertBroughtBackByRedoIsNotAwakenedAgain() throws {
        let stack = try hookStack()
        stack.context.undoManager = UndoManager()
        let theater = try stack.context.insertNewObject(of: Theater.self)
        stack.context.processPendingChanges()
        stack.context.undo()
        #expect(theater.managedObjectContext == nil)
        stack.context.redo()
        #expect(theater.isInserted)
        #expect(theater.awakenings == 1)
    }

    @Test func validateForInsertAddsItsRuleAfterTheModelsAndTheSaveReportsIt() throws {
        let stack = try hookStack()
        let movie = try stack.context.insertNewObject(of: Movie.self)
        movie["name"] = "Up"
        movie["summary"] = "Up"
        movie["rating"] = 11.0
        let other = try stack.context.insertNewObject(of: Movie.self)

        // Called directly, as a form would before saving: `super` reports the model's rule first.
        let direct = try #require(throws: CoreDataError.self) { try movie.validateForInsert() }
        #expect(direct.code == .validationNumberTooLarge)
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .validationMultipleErrors)
        let codes = Set(error.underlyingErrors.map(\.code))
        #expect(codes == [.validationNumberTooLarge, .validationMissingMandatoryProperty])

        stack.context.delete(other)
        movie["rating"] = 8.0
        let single = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(single.code == .managedObjectValidation)
        #expect(single.objectID == movie.objectID)
        #expect(single.underlyingError is Movie.SummaryRepeatsName)
        movie["summary"] = "A house flies."
        try stack.context.save()
    }

    @Test(arguments: StoreKind.allCases)
    func validateForUpdateRunsForChangedObjectsOnly(_ kind: StoreKind) throws {
        let stack = try hookStack(kind)
        let odeon = try stack.context.insertNewObject(of: Theater.self)
        odeon["name"] = "Odeon"
        let rex = try stack.context.insertNewObject(of: Theater.self)
        rex["name"] = "Rex"
        try stack.context.save()
        #expect(odeon.updateValidations == 0)

        odeon["capacity"] = 120
        try stack.context.save()
        #expect(odeon.updateValidations == 1)
        #expect(rex.updateValidations == 0)

        // The default implementation still applies the model's rules.
        odeon["capacity"] = 0
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .validationNumberTooSmall)
    }

    @Test(arguments: StoreKind.allCases)
    func validateForDeleteCanRefuseADeletionAndKeepsTheDenyRule(_ kind: StoreKind) throws {
        let stack = try hookStack(kind)
        let flagship = try stack.context.insertNewObject(of: Theater.self)
        flagship["name"] = "Flagship"
        let staffed = try stack.context.insertNewObject(of: Theater.self)
        staffed["name"] = "Rex"
        let employee = try stack.context.insertNewObject(forEntityName: "Employee")
        employee["name"] = "Ann"
        employee["theater"] = staffed
        try stack.context.save()

        stack.context.delete(flagship)
        stack.context.delete(staffed)
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .validationMultipleErrors)
        let codes = Set(error.underlyingErrors.map(\.code))
        #expect(codes == [.managedObjectValidation, .validationRelationshipDeniedDelete])

        stack.context.rollback()
        stack.context.delete(staffed)
        stack.context.delete(employee)
        try stack.context.save()
        #expect(try stack.fetch("Theater").map(\.nameValue) == ["Flagship"])
    }

    @Test(arguments: StoreKind.allCases)
    func willSaveChangesAreSavedWithTheRestAndDidSaveFollowsEachWrite(_ kind: StoreKind) throws {
        let stack = try hookStack(kind)
        let odeon = try stack.context.insertNewObject(of: Theater.self)
        odeon["name"] = "Odeon"
        let rex = try stack.context.insertNewObject(of: Theater.self)
        rex["name"] = "Rex"
        try stack.context.save()
        #expect(odeon.willSaves == 1 && odeon.didSaves == 1)
        #expect(!stack.context.hasChanges)
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            let capacities = try stack.fetch("Theater", sortedBy: "name", in: other).map { $0["capacity"] as? Int }
            #expect(capacities == [100, 100])
        }

        odeon["name"] = "Odeon Grand"
        try stack.context.save()
        #expect(odeon.willSaves == 2 && odeon.didSaves == 2)
        #expect(rex.willSaves == 1 && rex.didSaves == 1)

        stack.context.delete(odeon)
        try stack.context.save()
        #expect(odeon.willSaves == 3 && odeon.didSaves == 3)
    }

    @Test(arguments: StoreKind.allCases)
    func prepareForDeletionSeesTheRelationshipsBeforeTheDeleteRulesApply(_ kind: StoreKind) throws {
        let stack = try hookStack(kind)
        let theater = try stack.context.insertNewObject(of: Theater.self)
        theater["name"] = "Odeon"
        var movies: [Movie] = []
        for name in ["Up", "Coco"] {
            let movie = try stack.context.insertNewObject(of: Movie.self)
            movie["name"] = name
            movie["theater"] = theater
            movies.append(movie)
        }
        try stack.context.save()

        stack.context.delete(theater)
        #expect(theater.moviesAtDeletion == ["Coco", "Up"])
        #expect(theater.names("movies") == [])
        #expect(movies.map(\.preparations) == [Int](repeating: 1, count: 2))
        #expect(movies.allSatisfy { $0.isDeleted })
        try stack.context.save()
        #expect(movies.map(\.preparations) == [Int](repeating: 1, count: 2))
    }
}

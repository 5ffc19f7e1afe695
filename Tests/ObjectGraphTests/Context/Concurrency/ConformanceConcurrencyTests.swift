import Foundation
import ObjectGraph
import Testing

/// The conformance round's API (permanent IDs, refreshAllObjects, hasPersistentChangedValues,
/// the life-cycle methods) used from several private-queue contexts at once, the way a
/// background import runs beside the interface. Run under `--sanitize=thread` these are the
/// tests that make Thread Sanitizer look at that code.
@Suite("Conformance API across queues")
struct ConformanceConcurrencyTests {
    private static let contexts = 4
    private static let theatersPerContext = 20

    @Test(arguments: StoreKind.allCases)
    func contextsObtainingPermanentIDsAtOnceGetDistinctIDsAndSaveUnderThem(_ kind: StoreKind) async throws {
        let stack = try CinemaStack(kind)
        let contexts = (0..<Self.contexts).map { _ in stack.otherContext() }
        let ids = try await withThrowingTaskGroup(of: [ManagedObjectID].self) { group in
            for (index, context) in contexts.enumerated() {
                group.addTask {
                    try await context.perform { () throws -> [ManagedObjectID] in
                        var theaters: [ManagedObject] = []
                        for number in 0..<Self.theatersPerContext {
                            theaters.append(try stack.theater("Context \(index) theater \(number)", in: context))
                        }
                        try context.obtainPermanentIDs(for: theaters)
                        let permanent = theaters.map(\.objectID)
                        try context.save()
                        #expect(theaters.map(\.objectID) == permanent)
                        return permanent
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(ids.allSatisfy { !$0.isTemporaryID })
        #expect(Set(ids).count == Self.contexts * Self.theatersPerContext)
        let check = stack.otherContext()
        let names = try await check.perform { () throws -> Set<String> in
            Set(try ids.map { try check.existingObject(with: $0).nameValue ?? "" })
        }
        #expect(names.count == ids.count)
    }

    @Test(arguments: StoreKind.allCases)
    func childContextsOnTheirOwnQueuesObtainIDsFromABusyParent(_ kind: StoreKind) async throws {
        let stack = try CinemaStack(kind)
        let parent = stack.otherContext()
        let children = (0..<Self.contexts).map { _ in
            ManagedObjectContext(concurrencyType: .privateQueue, parent: parent)
        }
        let ids = try await withThrowingTaskGroup(of: [ManagedObjectID].self) { group in
            for (index, child) in children.enumerated() {
                group.addTask {
                    try await child.perform { () throws -> [ManagedObjectID] in
                        let theaters = try (0..<Self.theatersPerContext).map { number in
                            try stack.theater("Child \(index) theater \(number)", in: child)
                        }
                        try child.obtainPermanentIDs(for: theaters)
                        try child.save()
                        return theaters.map(\.objectID)
                    }
                }
            }
            // The parent keeps working on its own queue meanwhile.
            group.addTask {
                try await parent.perform { () throws -> [ManagedObjectID] in
                    parent.refreshAllObjects()
                    return []
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(ids).count == Self.contexts * Self.theatersPerContext)
        try await parent.perform { try parent.save() }
        let check = stack.otherContext()
        let count = try await check.perform { try check.count(for: FetchRequest(entityName: "Theater")) }
        #expect(count == ids.count)
    }

    @Test(arguments: StoreKind.allCases)
    func refreshingEveryObjectWhileAnotherContextSavesKeepsUnsavedChanges(_ kind: StoreKind) async throws {
        let stack = try CinemaStack(kind)
        let reader = stack.otherContext()
        let writer = stack.otherContext()
        let ids = try await writer.perform { () throws -> [ManagedObjectID] in
            let theaters = try (0..<Self.theatersPerContext).map { try stack.theater("Theater \($0)", in: writer) }
            try writer.save()
            return theaters.map(\.objectID)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await writer.perform {
                    for round in 1...10 {
                        for id in ids { try writer.existingObject(with: id)["capacity"] = round }
                        try writer.save()
                    }
                }
            }
            group.addTask {
                try await reader.perform {
                    let theaters = try ids.map { try reader.existingObject(with: $0) }
                    theaters[0]["name"] = "Renamed"
                    for _ in 0..<10 {
                        reader.refreshAllObjects()
                        #expect(theaters[0].hasPersistentChangedValues)
                        #expect(theaters[0].nameValue == "Renamed")
                        #expect(!theaters[1].hasPersistentChangedValues)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test(arguments: StoreKind.allCases)
    func subclassesSavedFromSeveralQueuesHearWillSaveAndDidSaveOncePerSave(_ kind: StoreKind) async throws {
        ManagedObjectClassRegistry.shared.register(HookCinema.Theater.self, forClassName: "HookCinema.Theater")
        ManagedObjectClassRegistry.shared.register(HookCinema.Movie.self, forClassName: "HookCinema.Movie")
        let model = try CinemaModel.make(theaterClassName: "HookCinema.Theater", movieClassName: "HookCinema.Movie")
        let stack = try CinemaStack(kind, model: model)
        let contexts = (0..<Self.contexts).map { _ in stack.otherContext() }
        let counts = try await withThrowingTaskGroup(of: [Int].self) { group in
            for (index, context) in contexts.enumerated() {
                group.addTask {
                    try await context.perform { () throws -> [Int] in
                        let theaters = try (0..<Self.theatersPerContext).map { number in
                            let theater = try context.insertNewObject(of: HookCinema.Theater.self)
                            theater["name"] = "Context \(index) theater \(number)"
                            return theater
                        }
                        try context.save()
                        return theaters.flatMap { [$0.awakenings, $0.willSaves, $0.didSaves] }
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(counts.count == 3 * Self.contexts * Self.theatersPerContext)
        #expect(counts.allSatisfy { $0 == 1 })
    }
}

import Foundation
import ObjectGraph
import Testing

@Suite("Queue confinement")
struct ConcurrencyTests {
    @Test func backgroundContextWorksOnItsOwnQueue() async throws {
        let stack = try CinemaStack()
        let background = stack.otherContext()
        #expect(background.concurrencyType == .privateQueue)
        #expect(stack.context.concurrencyType == .mainQueue)

        let id = try await background.perform {
            let theater = try background.insertNewObject(forEntityName: "Theater")
            theater["name"] = "Odeon"
            try background.save()
            return theater.objectID
        }
        let name = try await background.perform { try background.existingObject(with: id)["name"] as? String }
        #expect(name == "Odeon")
    }

    @Test func performAndWaitIsReentrant() throws {
        let stack = try CinemaStack()
        let background = stack.otherContext()
        let count = try background.performAndWait { () throws -> Int in
            try stack.theater("Odeon", in: background)
            return try background.performAndWait { try background.count(for: FetchRequest(entityName: "Theater")) }
        }
        #expect(count == 1)
    }

    @Test func performRunsBlocksInOrder() throws {
        let stack = try CinemaStack()
        let background = stack.otherContext()
        for index in 0..<10 {
            background.perform {
                let movie = try? background.insertNewObject(forEntityName: "Movie")
                movie?["name"] = "Movie \(index)"
                movie?["runtime"] = index
            }
        }
        // performAndWait queues behind the blocks above, so they have all run.
        let runtimes = try background.performAndWait { () throws -> [Int] in
            let request = FetchRequest(entityName: "Movie")
            return try background.fetch(request).compactMap { $0["runtime"] as? Int }
        }
        #expect(runtimes == Array(0..<10))
    }

    @Test func contextsOnDifferentQueuesShareOneCoordinator() async throws {
        let stack = try CinemaStack()
        let contexts = (0..<4).map { _ in stack.otherContext() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, context) in contexts.enumerated() {
                group.addTask {
                    try await context.perform {
                        for number in 0..<25 {
                            let movie = try context.insertNewObject(forEntityName: "Movie")
                            movie["name"] = "Context \(index) movie \(number)"
                        }
                        try context.save()
                    }
                }
            }
            try await group.waitForAll()
        }
        let check = stack.otherContext()
        let total = try await check.perform { try check.count(for: FetchRequest(entityName: "Movie")) }
        #expect(total == 100)
    }
}

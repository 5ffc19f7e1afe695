import Foundation
import ObjectGraph
import Testing

/// Two real processes incrementing one counter in one store, under each merge policy: copies of
/// this test binary that run only ``incrementerIncrementsTheCounter()``. Each reads the counter
/// fresh (a refresh), adds one and saves, ``increments`` times.
///
/// What each policy promises (Core Data's, and ours):
/// - `.error`, retrying after 133020: nothing is lost, the counter ends at exactly 2 × increments.
/// - `.overwrite` and `.mergeByPropertyObjectTrump`: every save succeeds, but a save that raced the
///   other process writes a value computed from a stale read, so that increment of the other is lost.
/// - `.rollback` and `.mergeByPropertyStoreTrump`: the racing save keeps the store's value, so its
///   own increment is lost instead.
/// Under the last four the loss depends on how the two interleave: anything from none to most.
/// What always holds: no increment is invented (at most 2 × increments), the counter moves (at
/// least 1), and no save fails for the other process's lock (the busy timeout waits for it).
@Suite("Two processes, one counter")
struct TwoProcessIncrementTests {
    static let storeVariable = "OBJECTGRAPH_INCREMENTER_STORE"
    static let policyVariable = "OBJECTGRAPH_INCREMENTER_POLICY"
    static let reportVariable = "OBJECTGRAPH_INCREMENTER_REPORT"
    static let increments = 40

    static let modelXML = """
        <model>
          <entity name="Counter" representedClassName="Counter">
            <attribute name="value" attributeType="Integer 64" defaultValueString="0"/>
          </entity>
        </model>
        """

    static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(xcodeModelContents: Data(modelXML.utf8))
    }

    @Test func retryingAfterAConflictLosesNoIncrement() throws {
        let outcome = try runTwoIncrementers(policy: .error)
        #expect(outcome.value == 2 * Self.increments)
        #expect(outcome.failedSaves == 0)
    }

    @Test(arguments: [MergePolicy.overwrite, .mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump, .rollback])
    func otherPoliciesLoseIncrementsWithinBounds(policy: MergePolicy) throws {
        let outcome = try runTwoIncrementers(policy: policy)
        #expect(outcome.value >= 1)
        #expect(outcome.value <= 2 * Self.increments)
        #expect(outcome.failedSaves == 0, "a save failed instead of waiting for the other process's lock")
        #expect(outcome.conflicts == 0, "only .error reports conflicts")
    }

    /// The second processes' part; runs only when started by the tests above.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[storeVariable] != nil))
    func incrementerIncrementsTheCounter() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = try #require(environment[Self.storeVariable])
        let policy = try #require(MergePolicy.allCases.first { "\($0)" == environment[Self.policyVariable] })
        let container = PersistentContainer(name: "Incrementer", managedObjectModel: try Self.model())
        try container.loadPersistentStore(at: URL(fileURLWithPath: path))
        let context = container.viewContext
        context.mergePolicy = policy
        let counter = try #require(try context.fetch(FetchRequest(entityName: "Counter")).first)
        var conflicts = 0
        var failedSaves = 0
        for _ in 0..<Self.increments {
            while true {
                context.refresh(counter, mergeChanges: false)
                counter["value"] = ((counter["value"] as? Int) ?? 0) + 1
                do {
                    try context.save()
                    break
                } catch let error as CoreDataError where error.code == .managedObjectMerge && policy == .error {
                    conflicts += 1
                    context.rollback()
                } catch {
                    failedSaves += 1
                    context.rollback()
                    break
                }
            }
        }
        let report = try #require(environment[Self.reportVariable])
        try Data("\(conflicts) \(failedSaves)".utf8).write(to: URL(fileURLWithPath: report))
    }

    // MARK: - Running the two

    struct Outcome {
        var value: Int
        var conflicts: Int
        var failedSaves: Int
    }

    /// Makes a store holding a counter at 0, runs two incrementers at once, and reads the result.
    private func runTwoIncrementers(policy: MergePolicy) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("increments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("counter.sqlite")
        do {
            let container = PersistentContainer(name: "Counter", managedObjectModel: try Self.model())
            try container.loadPersistentStore(at: store)
            _ = try container.viewContext.insertNewObject(forEntityName: "Counter")
            try container.viewContext.save()
        }
        let reports = (0..<2).map { folder.appendingPathComponent("report-\($0)").path }
        let processes = try reports.map { report in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
            process.arguments = ["--testing-library", "swift-testing", "--filter", "incrementerIncrementsTheCounter"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.storeVariable] = store.path
            environment[Self.policyVariable] = "\(policy)"
            environment[Self.reportVariable] = report
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "an incrementer failed")
        }
        var outcome = Outcome(value: 0, conflicts: 0, failedSaves: 0)
        for report in reports {
            let numbers = try String(contentsOfFile: report, encoding: .utf8).split(separator: " ").compactMap {
                Int($0)
            }
            try #require(numbers.count == 2)
            outcome.conflicts += numbers[0]
            outcome.failedSaves += numbers[1]
        }
        let reader = PersistentContainer(name: "Reader", managedObjectModel: try Self.model())
        try reader.loadPersistentStore(at: store)
        let counter = try #require(try reader.viewContext.fetch(FetchRequest(entityName: "Counter")).first)
        outcome.value = (counter["value"] as? Int) ?? -1
        // Shown in the test log: the figures the reliability note quotes.
        print(
            "two-process increments, \(policy): \(outcome.value) of \(2 * Self.increments), "
                + "\(outcome.conflicts) conflicts retried, \(outcome.failedSaves) failed saves")
        return outcome
    }
}

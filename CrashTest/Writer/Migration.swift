// `companion-crash-writer migrate STORE SOURCE_MODEL DESTINATION_MODEL` migrates the store in
// place from one model file to the other, printing each statement of the SQL trace as it runs
// and `migrated` at the end: the kill -9 migration test
// (Tests/EndToEndTests/Reliability/MigrationKillTests.swift) kills it after a random statement.
import Foundation
import ObjectGraph

/// Runs `migrate`; false for any other mode.
func runMigrationMode(_ arguments: [String]) -> Bool {
    guard arguments.first == "migrate", arguments.count == 4 else { return false }
    do {
        let source = try ManagedObjectModel(contentsOf: URL(fileURLWithPath: arguments[2]))
        let destination = try ManagedObjectModel(contentsOf: URL(fileURLWithPath: arguments[3]))
        let log = SQLDebugLog(level: 1, sink: { emit($0) })
        try MigrationManager(sourceModel: source, destinationModel: destination, log: log)
            .migrateStore(at: URL(fileURLWithPath: arguments[1]))
        emit("migrated")
    } catch {
        fail("\(arguments[1]): \(error)")
    }
    return true
}

// The writer `make crashtest` kills with SIGKILL at random moments (CrashTest/run.sh).
//
// `companion-crash-writer write STORE` saves forever: save n inserts 1 to 5 Entry objects, each
// knowing its save number, its part and the save's size, and prints `ack n` once save() returned.
// `companion-crash-writer verify STORE` reopens the store through ObjectGraph and checks that the
// saves present are exactly 1…m, each whole, then prints `saves m`; any breach is one line on
// stderr and exit status 1. `migrate` serves the kill -9 migration test (Migration.swift). (Nothing here is a test: it is a program the harness drives.)
import Foundation
import ObjectGraph
import SQLite

/// The one entity the writer saves.
let modelXML = """
    <model>
      <entity name="Entry" representedClassName="Entry">
        <attribute name="save" attributeType="Integer 64" defaultValueString="0"/>
        <attribute name="part" attributeType="Integer 16" defaultValueString="0"/>
        <attribute name="size" attributeType="Integer 16" defaultValueString="0"/>
        <attribute name="note" optional="YES" attributeType="String"/>
      </entity>
    </model>
    """

/// Writes `line` and a newline straight to standard output (no buffer a kill would lose).
func emit(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

/// Says what is wrong on stderr and exits with status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("companion-crash-writer: \(message)\n".utf8))
    exit(1)
}

/// A context on the store at `path`, created when missing.
func openContext(_ path: String) throws -> ManagedObjectContext {
    let model = try ManagedObjectModel(xcodeModelContents: Data(modelXML.utf8))
    let container = PersistentContainer(name: "CrashTest", managedObjectModel: model)
    _ = try container.loadPersistentStore(at: URL(fileURLWithPath: path))
    return container.viewContext
}

/// A number attribute's value, whichever integer type it comes back as.
func number(_ value: Any?) -> Int64 {
    switch value {
    case let number as Int64: number
    case let number as Int: Int64(number)
    case let number as Int32: Int64(number)
    case let number as Int16: Int64(number)
    default: -1
    }
}

/// The last whole save, after checking that saves 1…m are present and whole, and no other.
///
/// The store has just been reopened through ObjectGraph (`context`, whose count must agree); the
/// saves are then checked with one grouped query, so a store of a million rows checks in a moment.
func verifiedLastSave(_ context: ManagedObjectContext, path: String) throws -> Int64 {
    let database = try Database(path: path, flags: .readOnly)
    defer { database.close() }
    let groups = try database.rows(
        """
        SELECT ZSAVE, COUNT(*), MIN(ZSIZE), MAX(ZSIZE), COUNT(DISTINCT ZPART), MIN(ZPART), MAX(ZPART)
        FROM ZENTRY GROUP BY ZSAVE ORDER BY ZSAVE
        """)
    var expected: Int64 = 1
    var rows: Int64 = 0
    for group in groups {
        let numbers = (0..<7).map { group[$0].int64Value ?? -1 }
        let (save, count, size) = (numbers[0], numbers[1], numbers[2])
        guard save == expected else { fail("save \(expected) is missing, save \(save) is present") }
        guard size >= 1, numbers[3] == size, count == size, numbers[4] == size, numbers[5] == 0, numbers[6] == size - 1
        else { fail("save \(save) is partial: \(count) entries of \(size)") }
        expected += 1
        rows += count
    }
    let counted = try context.count(for: FetchRequest(entityName: "Entry"))
    guard counted == rows else { fail("ObjectGraph counts \(counted) entries, SQLite \(rows)") }
    return expected - 1
}

let arguments = Array(CommandLine.arguments.dropFirst())
if runMigrationMode(arguments) { exit(0) }
guard arguments.count == 2, ["write", "verify"].contains(arguments[0]) else {
    FileHandle.standardError.write(
        Data("usage: companion-crash-writer write|verify STORE | migrate STORE SOURCE_MODEL DESTINATION_MODEL\n".utf8))
    exit(2)
}
do {
    let context = try openContext(arguments[1])
    if arguments[0] == "verify" {
        emit("saves \(try verifiedLastSave(context, path: arguments[1]))")
        exit(0)
    }
    let latest = FetchRequest(entityName: "Entry")
    latest.sortDescriptors = [ObjectSortDescriptor(key: "save", ascending: false)]
    latest.fetchLimit = 1
    var save = max(0, try context.fetch(latest).first.map { number($0.value(forKey: "save")) } ?? 0) + 1
    while true {
        let size = 1 + save % 5
        for part in 0..<size {
            let entry = try context.insertNewObject(forEntityName: "Entry")
            entry.setValue(Int(save), forKey: "save")
            entry.setValue(Int(part), forKey: "part")
            entry.setValue(Int(size), forKey: "size")
            entry.setValue(String(repeating: "x", count: Int(save % 200)), forKey: "note")
        }
        try context.save()
        emit("ack \(save)")
        save += 1
    }
} catch {
    fail("\(arguments[1]): \(error)")
}

// The writer `make crashtest` kills with SIGKILL at random moments (CrashTest/run.sh).
//
// `companion-crash-writer write STORE` saves forever: save n inserts 1 to 5 Entry objects, each
// knowing its save number, its part and the save's size, and prints `ack n` once save() returned.
// `companion-crash-writer verify STORE` reopens the store through ObjectGraph and checks that the
// saves present are exactly 1…m, each whole, then prints `saves m`; any breach is one line on
// stderr and exit status 1.
import Foundation
import ObjectGraph

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

/// The saves' entries grouped by save number.
func entriesBySave(_ context: ManagedObjectContext) throws -> [Int64: [(part: Int64, size: Int64)]] {
    var groups: [Int64: [(part: Int64, size: Int64)]] = [:]
    for entry in try context.fetch(FetchRequest(entityName: "Entry")) {
        let save = number(entry.value(forKey: "save"))
        let part = number(entry.value(forKey: "part"))
        let size = number(entry.value(forKey: "size"))
        groups[save, default: []].append((part, size))
    }
    return groups
}

/// The last whole save, after checking that saves 1…m are present and whole, and no other.
func verifiedLastSave(_ context: ManagedObjectContext) throws -> Int64 {
    let groups = try entriesBySave(context)
    let last = groups.keys.max() ?? 0
    for save in stride(from: Int64(1), through: last, by: 1) {
        guard let entries = groups[save] else { fail("save \(save) is missing though save \(last) is present") }
        let size = entries.first?.size ?? 0
        let parts = Set(entries.map(\.part))
        guard size >= 1, entries.allSatisfy({ $0.size == size }), entries.count == size,
            parts == Set(0..<size)
        else { fail("save \(save) is partial: \(entries.count) of its entries are present") }
    }
    if let stray = groups.keys.first(where: { $0 < 1 }) { fail("an entry has save number \(stray)") }
    return last
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, ["write", "verify"].contains(arguments[0]) else {
    FileHandle.standardError.write(Data("usage: companion-crash-writer write|verify STORE\n".utf8))
    exit(2)
}
do {
    let context = try openContext(arguments[1])
    if arguments[0] == "verify" {
        emit("saves \(try verifiedLastSave(context))")
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

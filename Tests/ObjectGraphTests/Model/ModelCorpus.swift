import Foundation
import ObjectGraph
import TestSupport

/// The real models and stores of `Tests/Fixtures/coredata` the model and layout tests use.
enum ModelCorpus {
    /// The package root.
    static var packageRoot: URL { PackagePaths.root }

    /// `Tests/Fixtures/coredata`.
    static var directory: URL { Fixtures.coreData }

    /// A model file of the fixtures, by file name.
    static func modelFile(_ name: String) -> URL { Fixtures.model(name) }

    /// A real store paired with the model it was written with.
    struct Pair: CustomStringConvertible, Sendable {
        var store: String
        var model: String

        var description: String { store }
    }

    /// Every corpus store whose model is in the corpus. The wibosco store was written with
    /// version 4 of its versioned model, read here through a rebuilt `.xcdatamodeld` bundle.
    static let pairs: [Pair] = [
        Pair(
            store: "alemar11__CoreDataPlus__SampleModel_V1.sqlite",
            model: "alemar11__CoreDataPlus__SampleModel.contents"),
        Pair(
            store: "duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite",
            model: "duckduckgo__BrowserServicesKit__BookmarksModel_4.contents"),
        Pair(
            store: "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite", model: "wibosco bundle"),
    ]

    /// Reads a pair's model (building the wibosco `.xcdatamodeld` bundle in `scratch`).
    static func model(of pair: Pair, scratch: URL) throws -> ManagedObjectModel {
        if pair.model == "wibosco bundle" { return try ManagedObjectModel(contentsOf: try wiboscoBundle(in: scratch)) }
        return try ManagedObjectModel(contentsOf: modelFile(pair.model))
    }

    /// The wibosco model's four versions and `.xccurrentversion`, laid out as Xcode keeps them.
    static func wiboscoBundle(in scratch: URL) throws -> URL {
        let bundle = scratch.appendingPathComponent("CoreDataMigration_Example.xcdatamodeld")
        let prefix = "wibosco__CoreDataMigration-Example__"
        let versions = [
            ("CoreDataMigration_Example.contents", "CoreDataMigration_Example.xcdatamodel"),
            ("CoreDataMigration_Example_2.contents", "CoreDataMigration_Example 2.xcdatamodel"),
            ("CoreDataMigration_Example_3.contents", "CoreDataMigration_Example 3.xcdatamodel"),
            ("CoreDataMigration_Example_4.contents", "CoreDataMigration_Example 4.xcdatamodel"),
        ]
        for (file, directory) in versions {
            let target = bundle.appendingPathComponent(directory)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: modelFile(prefix + file), to: target.appendingPathComponent("contents"))
        }
        try FileManager.default.copyItem(
            at: modelFile(prefix + ".xccurrentversion"), to: bundle.appendingPathComponent(".xccurrentversion"))
        return bundle
    }

    /// A fresh private directory for one test, removed by the caller.
    static func scratchDirectory() throws -> URL { try ScratchDirectory.makeFolder(prefix: "model-tests") }

    /// Copies a store with its `-wal`/`-shm` into `scratch` (the corpus is read-only, and opening a
    /// store in place rewrites its siblings) and returns the copy.
    static func copyOfStore(_ name: String, in scratch: URL) throws -> URL {
        try Fixtures.copyStore(name, into: scratch)
    }

    /// Runs the `sqlite3` shell on `store` and returns what it printed.
    static func sqlite3(_ store: URL, _ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", store.path, command]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    /// The store's `Z_METADATA` plist, decoded.
    static func metadata(of store: URL) throws -> [String: Any] {
        let hex = try sqlite3(store, "SELECT hex(Z_PLIST) FROM Z_METADATA").trimmingCharacters(
            in: .whitespacesAndNewlines)
        var bytes = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            if let byte = UInt8(hex[index..<next], radix: 16) { bytes.append(byte) }
            index = next
        }
        return try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any] ?? [:]
    }

    /// `.schema` text without `CREATE TRIGGER … END;` statements (Core Data's derived-attribute
    /// triggers, which the layout does not produce).
    static func removingTriggers(from schema: String) -> String {
        var kept: [Substring] = []
        var inTrigger = false
        for line in schema.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("CREATE TRIGGER") { inTrigger = true }
            if !inTrigger { kept.append(line) }
            if inTrigger && line.hasSuffix("END;") { inTrigger = false }
        }
        return kept.joined(separator: "\n")
    }
}

import Foundation
import ObjectGraph

/// The real models and stores of `../shared/corpus/coredata` the model and layout tests use.
enum ModelCorpus {
    /// The package root (where `Package.swift` is), found from this source file.
    static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// `shared/corpus/coredata` beside the repository (`<packageRoot>/../shared/corpus`); for a git
    /// worktree kept one level deeper, the nearest such directory further up.
    static var directory: URL {
        var parent = packageRoot.deletingLastPathComponent()
        while parent.path != "/" {
            let candidate = parent.appendingPathComponent("shared/corpus/coredata")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            parent.deleteLastPathComponent()
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/coredata")
    }

    /// A model file of the corpus, by file name.
    static func modelFile(_ name: String) -> URL {
        directory.appendingPathComponent("models").appendingPathComponent(name)
    }

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

    /// A fresh private directory for one test.
    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("model-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies a store with its `-wal`/`-shm` into `scratch` (the corpus is read-only, and opening a
    /// store in place rewrites its siblings) and returns the copy.
    static func copyOfStore(_ name: String, in scratch: URL) throws -> URL {
        let copy = scratch.appendingPathComponent(name)
        for suffix in ["", "-wal", "-shm"] {
            let source = directory.appendingPathComponent(name + suffix)
            if FileManager.default.fileExists(atPath: source.path) {
                try FileManager.default.copyItem(at: source, to: URL(fileURLWithPath: copy.path + suffix))
            }
        }
        return copy
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

import Foundation

/// The models the `companion model` end-to-end tests run on, and their golden files.
enum ModelFixtures {
    /// `shared/corpus/coredata` beside the repository; for a git worktree kept one level deeper, the
    /// nearest such directory further up.
    static var corpus: URL {
        var parent = ProductRunner.packageRoot.deletingLastPathComponent()
        while parent.path != "/" {
            let candidate = parent.appendingPathComponent("shared/corpus/coredata")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            parent.deleteLastPathComponent()
        }
        return ProductRunner.corpus.appendingPathComponent("coredata")
    }

    /// A model given to `companion`: its golden-file name and its path relative to the package
    /// root (samples) or to the corpus (`models/…`).
    struct Model: CustomStringConvertible, Sendable {
        var name: String
        var path: String
        var inCorpus: Bool

        var url: URL {
            inCorpus
                ? ModelFixtures.corpus.appendingPathComponent(path)
                : ProductRunner.packageRoot.appendingPathComponent(path)
        }

        var description: String { name }
    }

    /// The lecture samples' bundles and every model file of the corpus.
    static let models: [Model] =
        [
            Model(name: "Theater", path: "Samples/Theater/Theater.xcdatamodeld", inCorpus: false),
            Model(name: "Books", path: "Samples/Books/Books.xcdatamodeld", inCorpus: false),
            Model(name: "SuperDB", path: "Samples/SuperDB/SuperDB.xcdatamodeld", inCorpus: false),
        ]
        + [
            "ChristianKienle__Core-Data-Editor__iOS_Example",
            "alemar11__CoreDataPlus__SampleModel",
            "alemar11__CoreDataPlus__SampleModel2",
            "duckduckgo__BrowserServicesKit__BookmarksModel_4",
            "wibosco__CoreDataMigration-Example__CoreDataMigration_Example",
            "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_2",
            "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_3",
            "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_4",
        ].map { Model(name: $0, path: "models/\($0).contents", inCorpus: true) }

    /// `Tests/Golden/Model`: outside the test target's folder, so SwiftPM does not ask to declare
    /// the files as resources.
    static var goldenDirectory: URL {
        ProductRunner.packageRoot.appendingPathComponent("Tests/Golden/Model")
    }

    /// Compares `actual` with the golden file `name` byte for byte; with `UPDATE_GOLDEN=1` in the
    /// environment, writes it instead (review the diff before committing).
    static func matchesGolden(_ actual: String, named name: String) throws -> Bool {
        let file = goldenDirectory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return true
        }
        return try Data(contentsOf: file) == Data(actual.utf8)
    }

    /// A fresh private directory.
    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("model-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// What `sqlite3 <copy of store> .schema` prints; the store is copied with its `-wal`/`-shm`
    /// first (the corpus is read-only, and opening a store in place rewrites its siblings).
    static func schemaOfStore(_ name: String, in scratch: URL) throws -> String {
        for suffix in ["", "-wal", "-shm"] {
            let source = corpus.appendingPathComponent(name + suffix)
            if FileManager.default.fileExists(atPath: source.path) {
                try FileManager.default.copyItem(at: source, to: scratch.appendingPathComponent(name + suffix))
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", scratch.appendingPathComponent(name).path, ".schema"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}

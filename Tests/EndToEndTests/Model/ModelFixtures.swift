import Foundation
import TestSupport

/// The models the `companion model` end-to-end tests run on, and their golden files.
enum ModelFixtures {
    /// `Tests/Fixtures/coredata`.
    static var corpus: URL { Fixtures.coreData }

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

    /// The samples' models and every model file of the corpus's `models` folder, found on disk
    /// when the tests start: a model added to the corpus is covered with no change here.
    static let everyModel: [Model] = {
        let folder = corpus.appendingPathComponent("models")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let names = files.filter { $0.hasSuffix(".contents") }.map { String($0.dropLast(".contents".count)) }
        return models.filter { !$0.inCorpus }
            + names.sorted().map { Model(name: $0, path: "models/\($0).contents", inCorpus: true) }
    }()

    /// A fresh private directory, removed by the caller.
    static func scratchDirectory() throws -> URL { try ScratchDirectory.makeFolder(prefix: "model-e2e") }

    /// What `sqlite3 <copy of store> .schema` prints; the store is copied with its `-wal`/`-shm`
    /// first (the corpus is read-only, and opening a store in place rewrites its siblings).
    static func schemaOfStore(_ name: String, in scratch: URL) throws -> String {
        try Fixtures.copyStore(name, into: scratch)
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

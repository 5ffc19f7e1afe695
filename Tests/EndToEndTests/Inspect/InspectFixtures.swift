import Foundation
import SQLite
import TestSupport

/// Stores for the inspector's end-to-end tests: corpus copies and synthetic bad inputs, each in
/// its own temporary directory that disappears with the value.
final class InspectFixtures {
    /// The scratch directory.
    let url: URL
    var path: String { url.path }
    /// A private TMPDIR handed to `companion`, so the test can prove its copies are removed.
    let temporary: URL

    init() throws {
        url = try ScratchDirectory.makeFolder(prefix: "inspect-e2e")
        temporary = url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// `Tests/Fixtures/coredata`.
    static var corpus: URL { Fixtures.coreData }

    /// The fixtures' store files (without siblings).
    static var storeNames: [String] { Fixtures.storeNames }

    static let recipes = "alhoqbani__AppleSample-iPhoneCoreDataRecipes__Recipes.sqlite"
    static let sampleModel2 = "alemar11__CoreDataPlus__SampleModel2_V1.sqlite"
    static let books = "thoughtcroft__coredatabooks__CoreDataBooks.CDBStore"
    static let bookmarks = "duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite"

    /// Copies a corpus store and its siblings into `directory` (a sub-folder of the scratch
    /// directory when given) and returns the copy's path.
    @discardableResult
    func copyCorpusStore(_ name: String, into directory: String? = nil, as newName: String? = nil) throws -> String {
        let folder = directory.map { url.appendingPathComponent($0) } ?? url
        return try Fixtures.copyStore(name, into: folder, as: newName).path
    }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
        return target.path
    }

    /// Creates an SQLite database by running `statements`, and returns its path.
    @discardableResult
    func makeDatabase(_ name: String, _ statements: [String]) throws -> String {
        let target = url.appendingPathComponent(name).path
        let database = try Database(path: target)
        for statement in statements { try database.execute(statement) }
        database.close()
        return target
    }

    /// Every file below `directory` (relative path → contents), excluding the private TMPDIR.
    func snapshot(_ directory: String? = nil) throws -> [String: Data] {
        let root = directory.map { url.appendingPathComponent($0) } ?? url
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return result }
        while let relative = walker.nextObject() as? String {
            if relative == "tmp" || relative.hasPrefix("tmp/") { continue }
            let full = root.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: full) ?? Data()
            }
        }
        return result
    }

    /// What `companion` left in its private TMPDIR (should be nothing).
    func leftoversInTemporaryDirectory() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    }

    /// Runs `companion inspect …` in the scratch directory with the private TMPDIR.
    func inspect(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws
        -> ProcessOutcome
    {
        var env = ["TMPDIR": temporary.path, "COLUMNS": "100"]
        for (key, value) in environment { env[key] = value }
        return try ProductRunner.run(
            "companion", ["inspect"] + arguments, input: input, environment: env, directory: url)
    }
}

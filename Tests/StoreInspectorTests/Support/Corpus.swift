import Foundation

/// The real Core Data stores of `<packageRoot>/../shared/corpus/coredata`, copied before use.
enum Corpus {
    /// The package root (where `Package.swift` is), found from this source file.
    static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// `<packageRoot>/../shared/corpus/coredata`; from a git worktree nested one level deeper,
    /// the nearest ancestor's `shared/corpus`.
    static var directory: URL {
        var base = packageRoot.deletingLastPathComponent()
        while base.path != "/" {
            let candidate = base.appendingPathComponent("shared/corpus/coredata")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            base.deleteLastPathComponent()
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/coredata")
    }

    /// Every store file of the corpus (not the siblings or models), by file name.
    static var storeNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".sqlite") || $0.hasSuffix(".CDBStore") }.sorted()
    }

    static let recipes = "alhoqbani__AppleSample-iPhoneCoreDataRecipes__Recipes.sqlite"
    static let books = "thoughtcroft__coredatabooks__CoreDataBooks.CDBStore"
    static let sampleModel = "alemar11__CoreDataPlus__SampleModel_V1.sqlite"
    static let sampleModel2 = "alemar11__CoreDataPlus__SampleModel2_V1.sqlite"
    static let bookmarks = "duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite"
    static let migration = "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite"
}

/// A temporary directory for one test, removed when the value goes away.
final class ScratchDirectory {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-test-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Copies a corpus store with its siblings into the directory (writable) and returns its path.
    @discardableResult
    func copyCorpusStore(_ name: String) throws -> String {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let source = Corpus.directory.appendingPathComponent(name + suffix)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            let target = url.appendingPathComponent(name + suffix)
            try FileManager.default.copyItem(at: source, to: target)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        }
        return url.appendingPathComponent(name).path
    }

    /// Writes `bytes` to a new file and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: Data) throws -> String {
        let target = url.appendingPathComponent(name)
        try bytes.write(to: target)
        return target.path
    }

    /// Every file in the directory with its contents, for before/after comparisons.
    func snapshot() throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            result[name] = FileManager.default.contents(atPath: url.appendingPathComponent(name).path)
        }
        return result
    }
}

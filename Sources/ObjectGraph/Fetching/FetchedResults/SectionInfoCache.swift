import Foundation

/// The section information a ``FetchedResultsController`` keeps between runs under its cache name:
/// which request it belongs to, and each section's name and size.
///
/// With a valid cache, `performFetch()` sections the fetched objects by the cached sizes and only
/// reads the section key of each section's first and last object, instead of every object's
/// (which, for objects that are faults, means loading every row). The cache is valid when it was
/// written for the same request (entity, predicate, sort descriptors, section key path, limit and
/// offset), the sizes add up to the number of objects fetched, and every section's first and
/// last objects still carry its name: since a sectioned request sorts by the section key first,
/// everything between two objects of one section belongs to that section too.
struct SectionInfoCache: Codable, Equatable {
    /// One cached section.
    struct Section: Codable, Equatable {
        var name: String
        var count: Int
    }

    /// Describes the request the sections belong to.
    var requestFingerprint: String
    /// The sections in order.
    var sections: [Section]

    /// `$XDG_CACHE_HOME/CoreDataCompanion/SectionInfoCaches`, or `~/.cache/…` without the variable.
    static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        }
        return base.appendingPathComponent("CoreDataCompanion/SectionInfoCaches")
    }

    /// The file holding the cache `name` in `directory` (the name is percent-encoded, so any
    /// name is a single, safe file name).
    static func fileURL(forName name: String, in directory: URL) -> URL {
        let safe = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "cache"
        return directory.appendingPathComponent(safe + ".json")
    }

    /// Reads the cache `name`; nil when there is none or it cannot be read.
    static func read(name: String, in directory: URL) -> SectionInfoCache? {
        guard let data = try? Data(contentsOf: fileURL(forName: name, in: directory)) else { return nil }
        return try? JSONDecoder().decode(SectionInfoCache.self, from: data)
    }

    /// Writes the cache `name`, creating the directory; a cache that cannot be written is simply
    /// not kept (the next run recomputes the sections).
    func write(name: String, in directory: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: Self.fileURL(forName: name, in: directory), options: .atomic)
    }
}

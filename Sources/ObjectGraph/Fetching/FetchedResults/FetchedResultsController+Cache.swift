import Foundation

extension FetchedResultsController {
    /// Deletes the section cache `name` (every cache when nil) from the default cache directory.
    ///
    /// Call it before changing the fetch request of a controller that uses a cache, as with Core
    /// Data; a cache written for another request is ignored anyway.
    public static func deleteCache(withName name: String?) {
        deleteCache(withName: name, in: SectionInfoCache.defaultDirectory)
    }

    /// Deletes the section cache `name` (every cache when nil) from `directory`.
    public static func deleteCache(withName name: String?, in directory: URL) {
        if let name {
            try? FileManager.default.removeItem(at: SectionInfoCache.fileURL(forName: name, in: directory))
        } else {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// What identifies the request a cache belongs to.
    var requestFingerprint: String {
        [
            fetchRequest.entityName, fetchRequest.predicate?.predicateFormat ?? "",
            fetchRequest.sortDescriptors.map(\.description).joined(separator: ","), sectionNameKeyPath ?? "",
            "\(fetchRequest.fetchLimit)", "\(fetchRequest.fetchOffset)", fetchRequest.includesSubentities ? "sub" : "",
        ].joined(separator: "|")
    }

    /// Sections `objects` by the cache when it is valid for them (see ``SectionInfoCache``).
    func resultsFromCache(sorted objects: [ManagedObject]) -> SectionedResults<ManagedObject>? {
        guard let cacheName, let keyPath = sectionNameKeyPath,
            let cache = SectionInfoCache.read(name: cacheName, in: cacheDirectory),
            cache.requestFingerprint == requestFingerprint,
            cache.sections.reduce(0, { $0 + $1.count }) == objects.count,
            cache.sections.allSatisfy({ $0.count > 0 })
        else { return nil }
        var sections: [ResultsSection<ManagedObject>] = []
        var start = 0
        for section in cache.sections {
            let end = start + section.count
            guard Self.sectionName(of: objects[start], keyPath: keyPath) == section.name,
                Self.sectionName(of: objects[end - 1], keyPath: keyPath) == section.name
            else { return nil }
            sections.append(ResultsSection(name: section.name, elements: Array(objects[start..<end])))
            start = end
        }
        return SectionedResults(sections: sections)
    }

    /// Writes the current sections under the cache name, if the controller has one.
    func writeCache() {
        guard let cacheName, sectionNameKeyPath != nil, let results else { return }
        let cache = SectionInfoCache(
            requestFingerprint: requestFingerprint,
            sections: results.sections.map { SectionInfoCache.Section(name: $0.name, count: $0.elements.count) })
        cache.write(name: cacheName, in: cacheDirectory)
    }
}

import Foundation

/// Keeps the result of a fetch request in sections and tells a delegate, change by change, how
/// the result moves as the context changes: the object behind a table view.
///
/// ```swift
/// let request = FetchRequest(entityName: "Book")
/// request.sortDescriptors = [ObjectSortDescriptor(key: "author"), ObjectSortDescriptor(key: "title")]
/// let controller = FetchedResultsController(
///     fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "author", cacheName: "Root")
/// controller.delegate = self
/// try controller.performFetch()
/// for section in controller.sections ?? [] { print(section.name, section.numberOfObjects) }
/// ```
///
/// The request must have sort descriptors, and with a section name key path the first sort
/// descriptor must order by that key (as Core Data requires), so that each section's objects are
/// contiguous: ``performFetch()`` throws when they are not, and when the key path does not give
/// one value per object. While a delegate is set, the controller follows the context: after each
/// `processPendingChanges()` or `save()` it merges the inserted, updated, deleted and refreshed
/// objects of the request's entity into its result (testing the predicate in memory and placing
/// objects by the sort descriptors, without fetching again) and reports the changes. With no
/// delegate it keeps the result of the last ``performFetch()``, as Core Data's does.
///
/// As with Core Data's controller, only changes of the fetched entity's own objects are followed:
/// a section name or predicate that reads through a relationship (`"shelf.name"`) is evaluated
/// again when the object itself changes, not when the related object does; and `fetchLimit`
/// limits the fetch, not the objects that changes add later.
///
/// Like its context, a controller belongs to the context's queue.
public final class FetchedResultsController {
    /// The request whose result the controller presents; do not change it after ``performFetch()``
    /// unless you fetch again.
    public let fetchRequest: FetchRequest
    /// The context the controller fetches from and follows.
    public let managedObjectContext: ManagedObjectContext
    /// The key path whose string value names each object's section; nil for a single section.
    public let sectionNameKeyPath: String?
    /// The name of the cache that keeps section information between runs; nil for no cache.
    public let cacheName: String?
    /// Where section caches are kept.
    let cacheDirectory: URL

    /// Receives the changes; while nil, the controller does not follow its context.
    public weak var delegate: FetchedResultsControllerDelegate? {
        didSet { updateChangeTracking() }
    }

    /// The current result; nil before the first ``performFetch()``.
    var results: SectionedResults<ManagedObject>?
    /// The public section values, built on first use after each change.
    var sectionInfoCache: [FetchedResultsSectionInfo]?
    /// Whether the controller is registered with its context for changes.
    var isTrackingChanges = false

    /// Makes a controller; nothing is fetched until ``performFetch()``.
    ///
    /// - Parameters:
    ///   - fetchRequest: the request to present; it needs at least one sort descriptor.
    ///   - context: the context to fetch from and follow.
    ///   - sectionNameKeyPath: the key path naming each object's section (`"author"`), or nil.
    ///   - cacheName: a name for the section cache kept between runs (see ``deleteCache(withName:)``).
    ///   - cacheDirectory: where section caches live; by default
    ///     `$XDG_CACHE_HOME/CoreDataCompanion/SectionInfoCaches` (or `~/.cache/…`).
    public init(
        fetchRequest: FetchRequest, managedObjectContext context: ManagedObjectContext, sectionNameKeyPath: String?,
        cacheName: String?, cacheDirectory: URL? = nil
    ) {
        self.fetchRequest = fetchRequest
        self.managedObjectContext = context
        self.sectionNameKeyPath = sectionNameKeyPath
        self.cacheName = cacheName
        self.cacheDirectory = cacheDirectory ?? SectionInfoCache.defaultDirectory
    }

    /// Makes a controller with the short labels the course uses
    /// (`FetchedResultsController(fetchRequest:context:sectionNameKeyPath:cacheName:)`); the same as
    /// ``init(fetchRequest:managedObjectContext:sectionNameKeyPath:cacheName:cacheDirectory:)``.
    public convenience init(
        fetchRequest: FetchRequest, context: ManagedObjectContext, sectionNameKeyPath: String?,
        cacheName: String?, cacheDirectory: URL? = nil
    ) {
        self.init(
            fetchRequest: fetchRequest, managedObjectContext: context, sectionNameKeyPath: sectionNameKeyPath,
            cacheName: cacheName, cacheDirectory: cacheDirectory)
    }

    deinit {
        if isTrackingChanges { managedObjectContext.removeChangeObserver(self) }
    }

    /// Fetches the request and sections the result (or takes the sections from a valid cache).
    ///
    /// - Throws: ``FetchedResultsControllerError`` when the request has no sort descriptors, names
    ///   no entity of the model, has a section name key path that does not give one value per
    ///   object, or sorts so that a section's objects are not together; whatever the fetch throws.
    ///   A failed fetch keeps the previous result.
    public func performFetch() throws {
        guard !fetchRequest.sortDescriptors.isEmpty else {
            throw FetchedResultsControllerError.missingSortDescriptors(entityName: fetchRequest.entityName)
        }
        guard let entity = managedObjectContext.managedObjectModel.entitiesByName[fetchRequest.entityName] else {
            throw FetchedResultsControllerError.unknownEntity(name: fetchRequest.entityName)
        }
        if let sectionNameKeyPath { try Self.checkSectionNameKeyPath(sectionNameKeyPath, of: entity) }
        let objects = try managedObjectContext.fetch(fetchRequest)
        if let cached = resultsFromCache(sorted: objects) {
            results = cached
        } else {
            let sectioned = makeResults(sorted: objects)
            if let sectionNameKeyPath, let misplaced = sectioned.firstMisplaced {
                throw FetchedResultsControllerError.sectionsOutOfOrder(
                    index: misplaced.position, sectionName: misplaced.name, keyPath: sectionNameKeyPath)
            }
            results = sectioned
            writeCache()
        }
        sectionInfoCache = nil
        updateChangeTracking()
    }

    /// The fetched objects in section order; nil before the first ``performFetch()``.
    public var fetchedObjects: [ManagedObject]? {
        results?.elements
    }

    /// The sections of the result; nil before the first ``performFetch()``.
    public var sections: [FetchedResultsSectionInfo]? {
        guard let results else { return nil }
        if let sectionInfoCache { return sectionInfoCache }
        let built = results.sections.map { section in
            FetchedResultsSectionInfo(
                name: section.name, indexTitle: sectionIndexTitle(forSectionName: section.name),
                objects: section.elements)
        }
        sectionInfoCache = built
        return built
    }

    /// The object at `indexPath` (`section`, `row`), or nil when the result has no such row.
    public func object(at indexPath: IndexPath) -> ManagedObject? {
        guard indexPath.count == 2, let sections = results?.sections, sections.indices.contains(indexPath.section),
            sections[indexPath.section].elements.indices.contains(indexPath.row)
        else { return nil }
        return sections[indexPath.section].elements[indexPath.row]
    }

    /// Where `object` is in the result, or nil when it is not part of it.
    public func indexPath(forObject object: ManagedObject) -> IndexPath? {
        guard let sections = results?.sections else { return nil }
        if sections.count > 1, let keyPath = sectionNameKeyPath {
            // Look in the object's own section first: one scan of a section, not of everything.
            let name = Self.sectionName(of: object, keyPath: keyPath)
            if let section = sections.firstIndex(where: { $0.name == name }),
                let row = sections[section].elements.firstIndex(of: object)
            {
                return IndexPath(row: row, section: section)
            }
        }
        for (section, content) in sections.enumerated() {
            if let row = content.elements.firstIndex(of: object) { return IndexPath(row: row, section: section) }
        }
        return nil
    }

    // MARK: - Building the result

    /// Sections a sorted fetch result.
    func makeResults(sorted objects: [ManagedObject]) -> SectionedResults<ManagedObject> {
        guard let keyPath = sectionNameKeyPath else { return SectionedResults(sorted: objects, sectionName: nil) }
        return SectionedResults(sorted: objects) { Self.sectionName(of: $0, keyPath: keyPath) }
    }

    /// The section name of `object`: the string form of its value at `keyPath`, `""` for nil.
    static func sectionName(of object: ManagedObject, keyPath: String) -> String {
        switch object.value(forKeyPath: keyPath) {
        case nil: ""
        case let text as String: text
        case let value?: String(describing: value)
        }
    }
}

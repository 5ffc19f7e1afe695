import Foundation

extension ManagedObjectModel {
    /// Every version of the model at `url`, oldest first: each `.xcdatamodel` of an `.xcdatamodeld`
    /// bundle in version order (`Model`, `Model 2`, … `Model 10`), or the one model of anything
    /// else. What lightweight migration looks through for the model a store was made with
    /// (``SQLiteStore/Options/sourceModels``).
    ///
    /// - Throws: ``ModelError`` for a version that cannot be read.
    public static func versions(ofModelAt url: URL) throws(ModelError) -> [ManagedObjectModel] {
        guard url.pathExtension == "xcdatamodeld" else { return [try ManagedObjectModel(contentsOf: url)] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasSuffix(".xcdatamodel") }
                .sorted { versionName($0).compare(versionName($1), options: [.numeric]) == .orderedAscending }
        } catch {
            throw .unreadable(path: url.path, reason: ModelFileLocator.reason(for: error))
        }
        var models: [ManagedObjectModel] = []
        for name in names { models.append(try ManagedObjectModel(contentsOf: url.appendingPathComponent(name))) }
        return models
    }

    /// A version's name without `.xcdatamodel`, so `Model` sorts before `Model 2`.
    private static func versionName(_ file: String) -> String {
        String(file.dropLast(".xcdatamodel".count))
    }
}

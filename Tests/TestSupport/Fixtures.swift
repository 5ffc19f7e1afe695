import Foundation

/// The real-world data files the tests read, kept in the repository under `Tests/Fixtures`
/// (their origins and licences are in `Tests/Fixtures/README.md`), so a clone tests on its own.
public enum Fixtures {
    /// `Tests/Fixtures`.
    public static var directory: URL { PackagePaths.file("Tests/Fixtures") }

    /// The stores Apple's Core Data wrote (`Tests/Fixtures/coredata`); their models are in
    /// ``models``.
    public static var coreData: URL { directory.appendingPathComponent("coredata") }

    /// The `.xcdatamodel` `contents` files and `.xccurrentversion` of the real models.
    public static var models: URL { coreData.appendingPathComponent("models") }

    /// Linux IIO captures and libiio XML contexts (`Tests/Fixtures/iio`).
    public static var iio: URL { directory.appendingPathComponent("iio") }

    /// A store of ``coreData``, by file name.
    public static func store(_ name: String) -> URL { coreData.appendingPathComponent(name) }

    /// A model file of ``models``, by file name.
    public static func model(_ name: String) -> URL { models.appendingPathComponent(name) }

    /// A file of ``iio``, by file name.
    public static func iio(_ name: String) -> URL { iio.appendingPathComponent(name) }

    /// Every store file of ``coreData`` (not the `-wal`/`-shm` siblings), sorted by name.
    public static var storeNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: coreData.path)) ?? []
        return names.filter { $0.hasSuffix(".sqlite") || $0.hasSuffix(".CDBStore") }.sorted()
    }

    /// The suffixes of the files SQLite keeps beside a store.
    public static let siblingSuffixes = ["-wal", "-shm", "-journal"]

    /// Copies the store `name` with its siblings into `folder` (as `newName` when given), each copy
    /// writable, and returns the copy's URL. Tests never open a fixture in place: opening a store
    /// rewrites its `-wal` and `-shm`.
    @discardableResult
    public static func copyStore(_ name: String, into folder: URL, as newName: String? = nil) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent(newName ?? name)
        for suffix in [""] + siblingSuffixes {
            let source = URL(fileURLWithPath: store(name).path + suffix)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            let copy = URL(fileURLWithPath: target.path + suffix)
            try FileManager.default.copyItem(at: source, to: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path)
        }
        return target
    }
}

import Foundation

/// The `Z_METADATA` row of a Core Data SQLite store: the store UUID and a binary property list.
///
/// Keys Core Data writes (DESIGN.md §3.3): `NSStoreType` ("SQLite"), `NSStoreUUID`,
/// `NSPersistenceFrameworkVersion`, `NSStoreModelVersionHashes` {entity: 32-byte SHA-256},
/// `NSStoreModelVersionHashesVersion` (3), `NSStoreModelVersionIdentifiers`,
/// `NSStoreModelVersionHashesDigest`, `_NSAutoVacuumLevel` ("2"), plus the app's own keys.
struct SQLiteStoreMetadata {
    /// Every key of the property list.
    var dictionary: [String: Any]

    /// The framework version we write: that of the Core Data generation whose layout and hashes
    /// we reproduce (the newest store in the corpus says 1344).
    static let frameworkVersion = 1344

    /// The metadata of a new store for `model`, with the caller's own keys added.
    init(newStoreFor model: ManagedObjectModel, uuid: String, userMetadata: [String: Any]) {
        var dictionary = userMetadata
        dictionary["NSStoreType"] = "SQLite"
        dictionary["NSStoreUUID"] = uuid
        dictionary["NSPersistenceFrameworkVersion"] = Self.frameworkVersion
        dictionary["NSStoreModelVersionHashes"] = model.entityVersionHashesByName
        dictionary["NSStoreModelVersionHashesVersion"] = 3
        // Core Data writes [""] for a model without a version identifier (seen in real stores).
        let identifiers = model.versionIdentifiers.sorted()
        dictionary["NSStoreModelVersionIdentifiers"] = identifiers.isEmpty ? [""] : identifiers
        dictionary["NSStoreModelVersionHashesDigest"] = model.versionHashesDigest
        dictionary["NSStoreModelVersionChecksumKey"] = model.versionChecksum
        dictionary["_NSAutoVacuumLevel"] = "2"
        self.dictionary = dictionary
    }

    /// Reads the property list stored in `Z_PLIST`.
    init(propertyList data: Data) throws {
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let dictionary = object as? [String: Any] else {
            throw CocoaPropertyListError.notADictionary
        }
        self.dictionary = dictionary
    }

    /// The binary property list to store in `Z_PLIST`.
    func propertyListData() throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
    }

    /// The store's UUID (`NSStoreUUID`).
    var storeUUID: String? { dictionary["NSStoreUUID"] as? String }

    /// The entity version hashes the store was written with.
    var versionHashes: [String: Data] {
        (dictionary["NSStoreModelVersionHashes"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Data }
    }

    /// Why a `Z_PLIST` could not be read.
    enum CocoaPropertyListError: Error, CustomStringConvertible {
        case notADictionary

        var description: String { "the metadata property list is not a dictionary" }
    }
}

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

    /// This metadata after a migration to `model`: the model's version hashes and identifiers
    /// replace the old ones; the store UUID and the app's own keys stay.
    func migrated(to model: ManagedObjectModel) -> SQLiteStoreMetadata {
        var migrated = self
        let fresh = SQLiteStoreMetadata(newStoreFor: model, uuid: storeUUID ?? "", userMetadata: [:])
        for key in [
            "NSStoreModelVersionHashes", "NSStoreModelVersionIdentifiers", "NSStoreModelVersionHashesDigest",
            "NSStoreModelVersionChecksumKey", "NSStoreModelVersionHashesVersion",
        ] {
            migrated.dictionary[key] = fresh.dictionary[key]
        }
        return migrated
    }

    /// Reads the property list stored in `Z_PLIST`, with our own reader: a store is untrusted, and
    /// Foundation's reader on Linux crashes on some binary property lists (any set).
    init(propertyList data: Data) throws {
        guard case .dictionary(let entries) = try BinaryPropertyListReader.read(data) else {
            throw CocoaPropertyListError.notADictionary
        }
        var dictionary: [String: Any] = [:]
        for entry in entries { dictionary[entry.key] = Self.foundationValue(entry.value) }
        self.dictionary = dictionary
    }

    /// A read value as the Foundation type `PropertyListSerialization` would have given.
    private static func foundationValue(_ item: PropertyListItem) -> Any {
        switch item {
        case .string(let text): return text
        case .integer(let number): return Int(number)
        case .real(let number): return number
        case .boolean(let flag): return flag
        case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .data(let bytes): return bytes
        case .uid(let index): return index
        case .array(let members): return members.map(foundationValue)
        case .dictionary(let entries):
            var dictionary: [String: Any] = [:]
            for entry in entries { dictionary[entry.key] = foundationValue(entry.value) }
            return dictionary
        case .null: return NSNull()
        }
    }

    /// The binary property list to store in `Z_PLIST`, written by our own writer (Foundation's
    /// serializer cost about as much as everything else in creating a store's tables); metadata
    /// holding a value the writer does not take (an `NSNumber`, say) goes to Foundation's.
    func propertyListData() throws -> Data {
        if let item = PropertyListItem(foundationValue: dictionary) { return BinaryPropertyListWriter.data(for: item) }
        return try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
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

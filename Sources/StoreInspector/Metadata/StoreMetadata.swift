import Foundation

/// The decoded `Z_METADATA` row: the store's UUID and its metadata property list.
///
/// Apple's keys (DESIGN.md §3.3) are pulled out by name; everything else is app-defined metadata
/// (`setMetadata(_:for:)`), kept in key order. Values that are themselves archived or plist data
/// are decoded for display by ``readableValue(_:)``.
public struct StoreMetadata: Sendable {
    /// `Z_METADATA.Z_VERSION` (1 in every store seen).
    public var version: Int64
    /// The store UUID (`Z_UUID`, also `NSStoreUUID` in the plist).
    public var storeUUID: String?
    /// The whole plist, keys sorted.
    public var plist: PropertyListValue
    /// Why the plist could not be read, when it could not.
    public var plistProblem: String?

    /// `NSPersistenceFrameworkVersion`: Core Data's build number (230 for iPhone OS 3, 754 for iOS 9, …).
    public var frameworkVersion: Int64? { plist["NSPersistenceFrameworkVersion"]?.integerValue }

    /// `NSStoreType`, `SQLite` for these stores.
    public var storeType: String? { plist["NSStoreType"]?.stringValue }

    /// `NSStoreModelVersionHashes`: entity name → 32-byte version hash, sorted by name.
    public var versionHashes: [(entity: String, hash: Data)] {
        guard case .dictionary(let entries)? = plist["NSStoreModelVersionHashes"] else { return [] }
        return entries.compactMap { entry in entry.value.dataValue.map { (entry.key, $0) } }
    }

    /// `NSStoreModelVersionIdentifiers`, as strings.
    public var versionIdentifiers: [String] {
        plist["NSStoreModelVersionIdentifiers"]?.arrayValue?.map { value in
            switch value {
            case .string(let text): return text
            case .integer(let number): return String(number)
            case .real(let number): return String(number)
            default: return String(describing: value)
            }
        } ?? []
    }

    /// The keys Core Data itself writes; any other key is the app's own.
    public static let systemKeys: Set<String> = [
        "NSPersistenceFrameworkVersion", "NSStoreModelVersionHashes", "NSStoreModelVersionHashesVersion",
        "NSStoreModelVersionIdentifiers", "NSStoreType", "NSStoreUUID", "_NSAutoVacuumLevel",
        "NSStoreModelVersionHashesDigest", "NSStoreModelVersionChecksumKey",
        "NSPersistentStoreRemoteChangeNotificationOptionKey",
    ]

    /// The app-defined keys with their values.
    public var applicationEntries: [(key: String, value: PropertyListValue)] {
        guard case .dictionary(let entries) = plist else { return [] }
        return entries.filter { !Self.systemKeys.contains($0.key) }
    }

    /// Reads `Z_METADATA` from an opened store.
    ///
    /// - Returns: nil when the store has no `Z_METADATA` table or no row (not a Core Data store).
    public static func read(from store: InspectedStore) throws(InspectorError) -> StoreMetadata? {
        let exists =
            try store.scalar(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'Z_METADATA'")?.int64Value ?? 0
        guard exists > 0 else { return nil }
        guard
            let row = try store.rows("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION LIMIT 1")
                .first
        else { return nil }
        var metadata = StoreMetadata(
            version: row[0].int64Value ?? 0, storeUUID: row[1].stringValue, plist: .dictionary([]), plistProblem: nil)
        switch row[2] {
        case .null:
            metadata.plistProblem =
                "Z_METADATA.Z_PLIST is NULL: the store's metadata (framework version, version hashes) is missing"
        case .blob(let bytes) where bytes.isEmpty:
            metadata.plistProblem = "Z_METADATA.Z_PLIST is empty (0 bytes): the store's metadata is missing"
        default:
            let bytes = row[2].dataValue ?? Data()
            do {
                let plist = try PropertyListValue(data: bytes)
                guard case .dictionary = plist else {
                    metadata.plistProblem =
                        "Z_METADATA.Z_PLIST holds \(Self.kind(of: plist)), "
                        + "not the dictionary of metadata Core Data writes"
                    return metadata
                }
                metadata.plist = plist
                metadata.plistProblem = versionHashesProblem(in: plist)
            } catch {
                // Foundation's own error text is an NSError dump; what matters is that this is no plist.
                metadata.plistProblem =
                    "Z_METADATA.Z_PLIST is not a property list (\(Self.describe(bytes))), "
                    + "so the store's metadata cannot be read"
            }
        }
        return metadata
    }

    /// Why a metadata dictionary's `NSStoreModelVersionHashes` cannot say which model wrote the
    /// store (Core Data compares it with the model on every open, DESIGN.md §3.3), or nil when it can.
    /// Each hash is a SHA-256, 32 bytes.
    static func versionHashesProblem(in plist: PropertyListValue) -> String? {
        guard let hashes = plist["NSStoreModelVersionHashes"] else {
            return "Z_METADATA.Z_PLIST has no NSStoreModelVersionHashes, so the store does not say which model wrote it"
        }
        guard case .dictionary(let entries) = hashes else {
            return "NSStoreModelVersionHashes in Z_METADATA.Z_PLIST is \(kind(of: hashes)), "
                + "not the dictionary of entity version hashes Core Data writes"
        }
        if let entry = entries.first(where: { $0.value.dataValue?.count != 32 }) {
            let found = entry.value.dataValue.map { "\($0.count) bytes" } ?? kind(of: entry.value)
            return "NSStoreModelVersionHashes in Z_METADATA.Z_PLIST gives entity \(entry.key) \(found), "
                + "not a 32-byte version hash"
        }
        return nil
    }

    /// Said when `Z_METADATA` exists but holds no row (Core Data writes exactly one).
    public static let missingRowProblem =
        "Z_METADATA has no row: the store's UUID and metadata (framework version, version hashes) are missing"

    /// A property list's kind in words ("a string", "an array").
    private static func kind(of value: PropertyListValue) -> String {
        switch value {
        case .string: return "a string"
        case .integer, .real: return "a number"
        case .boolean: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        case .uid, .object: return "an archived object"
        case .null: return "nothing"
        }
    }

    /// `5 bytes starting 68 65 6c 6c 6f`: enough to recognise text or another format.
    private static func describe(_ bytes: Data) -> String {
        let head = bytes.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")
        return "\(bytes.count) byte\(bytes.count == 1 ? "" : "s") starting \(head)"
    }

    /// A value made readable: data holding a keyed archive or a plist is decoded; other data stays bytes.
    ///
    /// Work is bounded for hostile metadata: archives nested in plists in archives stop after a few
    /// levels, all archives together produce at most `KeyedArchive.maximumValues` values, and at most
    /// 64 MiB of data is decoded (a data object shared a million times is decoded until then).
    public static func readableValue(_ value: PropertyListValue) -> PropertyListValue {
        var budget = ReadableBudget()
        return readableValue(value, depth: 0, budget: &budget)
    }

    /// What is left of ``readableValue(_:)``'s work.
    private struct ReadableBudget {
        var values = KeyedArchive.maximumValues
        var decodedBytes = 64 << 20
    }

    private static func readableValue(_ value: PropertyListValue, depth: Int, budget: inout ReadableBudget)
        -> PropertyListValue
    {
        guard depth < 8, budget.values > 0 else { return value }
        budget.values -= 1
        switch value {
        case .data(let bytes):
            guard budget.decodedBytes >= bytes.count else { return value }
            budget.decodedBytes -= bytes.count
            if let archive = try? KeyedArchive(data: bytes) { return archive.readableRoot(budget: &budget.values) }
            if bytes.starts(with: Array("bplist".utf8)), let plist = try? PropertyListValue(data: bytes) {
                return readableValue(plist, depth: depth + 1, budget: &budget)
            }
            return value
        case .array(let items):
            return .array(items.map { readableValue($0, depth: depth + 1, budget: &budget) })
        case .dictionary(let entries):
            return .dictionary(entries.map { ($0.key, readableValue($0.value, depth: depth + 1, budget: &budget)) })
        default:
            return value
        }
    }
}

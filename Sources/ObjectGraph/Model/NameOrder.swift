/// The two orders Core Data sorts names in.
enum NameOrder {
    /// "Name order" of the SQLite layout (DESIGN.md §3.3): case-insensitive, the case-sensitive
    /// comparison breaking ties (`SyncableSettingsMetadata` before `SyncFeatureEntity`).
    static func entityName(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.lowercased()
        let right = rhs.lowercased()
        if left != right { return codePoint(left, right) }
        return codePoint(lhs, rhs)
    }

    /// Plain code-point order (case-sensitive), used for version hashes.
    static func codePoint(_ lhs: String, _ rhs: String) -> Bool {
        lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
    }
}

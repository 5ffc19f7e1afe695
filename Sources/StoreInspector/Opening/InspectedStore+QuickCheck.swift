import Foundation

/// `PRAGMA quick_check` on open, bounded for large stores (``OpenOptions/QuickCheck``), and whole on demand.
extension InspectedStore {
    /// Runs the whole `quick_check` if opening checked only part of the store (`check` needs it all).
    public func completeQuickCheck() throws(InspectorError) {
        guard quickCheckCoverage != .wholeStore else { return }
        quickCheckProblems = try quickCheck(table: nil)
        quickCheckCoverage = .wholeStore
    }

    /// Runs `quick_check` as `policy` says: on the whole file when it is small enough, else on
    /// Core Data's own tables only (what every subcommand reads first), with the coverage recorded.
    func runQuickCheck(_ policy: OpenOptions.QuickCheck, tables: [String]) throws(InspectorError) {
        let storeBytes = fileSize + (copy?.copiedSiblings.first { $0.suffix == "-wal" }?.size ?? 0)
        switch policy {
        case .never:
            return
        case .wholeStore:
            break
        case .wholeStoreUpTo(let bytes) where storeBytes > bytes:
            let bookkeeping = Set(["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"])
            let checked = tables.filter { bookkeeping.contains($0.uppercased()) }
            var problems: [String] = []
            for table in checked { problems += try quickCheck(table: table) }
            quickCheckProblems = problems
            quickCheckCoverage = .tables(checked)
            return
        case .wholeStoreUpTo:
            break
        }
        quickCheckProblems = try quickCheck(table: nil)
        quickCheckCoverage = .wholeStore
    }

    /// `PRAGMA quick_check` of the whole file (nil) or of one table and its indexes; the messages
    /// when it did not say `ok`, at most 20.
    private func quickCheck(table: String?) throws(InspectorError) -> [String] {
        let argument = table.map { "(" + SQLIdentifier.quoted($0) + ")" } ?? "(20)"
        let rows = try self.rows("PRAGMA quick_check" + argument)
        let messages = rows.prefix(20).compactMap { $0[0].stringValue }
        return messages == ["ok"] ? [] : messages
    }
}

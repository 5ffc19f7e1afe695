import SQLite

extension SQLiteStore {
    /// The store's `Z_PRIMARYKEY` rows as entity number by stored name; empty when the table
    /// cannot be read (opening then fails on its own terms, or the model's numbering is used).
    ///
    /// Read as part of working out the layout, not as one of Core Data's statements, so it is not
    /// written to the SQL trace.
    static func storedEntityNumbers(of database: Database) -> [String: Int] {
        guard let rows = try? database.rows("SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY") else { return [:] }
        var numbers: [String: Int] = [:]
        for row in rows {
            guard case .integer(let number) = row[0], let name = row[1].stringValue, number > 0,
                number <= Int64(Int32.max)
            else { continue }
            numbers[name] = Int(number)
        }
        return numbers
    }
}

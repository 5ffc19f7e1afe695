import Foundation
import SQLite

extension SQLiteStore {
    /// Turns any failure into the ``CoreDataError`` a caller sees, naming the file.
    ///
    /// SQLite's codes map onto Apple's Cocoa codes where one fits: a full disk is 640, a
    /// read-only file 513, a file that is not a database 259, a row breaking one of the model's
    /// uniqueness constraints 133021 (Core Data's `NSManagedObjectConstraintMergeError`, what its
    /// save reports for such a row under the default merge policy); the rest are 134180 (SQLite error).
    static func storeError(_ error: any Error, path: String, doing action: String) -> CoreDataError {
        if let error = error as? CoreDataError { return error }
        guard let error = error as? SQLiteError else {
            return CoreDataError(
                code: .persistentStoreOperation, message: "Could not \(action) the store \"\(path)\": \(error)",
                underlyingError: error)
        }
        let code: CoreDataError.Code
        switch error.code {
        case .full: code = .fileWriteOutOfSpace
        case .readOnly, .permission: code = .fileWriteNoPermission
        case .notADatabase, .corrupt: code = .fileReadCorruptFile
        case .cannotOpen: code = .fileReadNoSuchFile
        case .busy, .locked: code = .persistentStoreTimeout
        // SQLITE_CONSTRAINT_UNIQUE: only the model's uniqueness constraints make unique indexes.
        case .constraint where error.extendedCode == ResultCode(rawValue: 2067): code = .managedObjectConstraintMerge
        default: code = .sqlite
        }
        // SQLite's generic text for the code says less than the explanation: only a message of
        // the connection's own ("no such table: ZMOVIE") is added.
        let generic = error.message == error.code.description || error.message == error.extendedCode.description
        let detail = generic ? "" : " (\(error.message))"
        return CoreDataError(
            code: code, message: "Could not \(action) the store \"\(path)\": \(error.explanation)\(detail)",
            underlyingError: error)
    }

    /// ``storeError(_:path:doing:)`` for this store's file.
    func storeError(_ error: any Error, doing action: String) -> CoreDataError {
        Self.storeError(error, path: url?.path ?? database.path, doing: action)
    }
}

import Foundation
import ObjectGraph
import SQLite

extension ObjectFetch {
    /// Lets ObjectGraph open a store with a model the inspector inferred from its schema.
    ///
    /// An inferred model cannot reproduce the app's version hashes (it does not know every
    /// attribute's exact type or option), so ObjectGraph would refuse it with 134100. Only in that
    /// case, and only in ObjectGraph's own throw-away copy, `Z_METADATA`'s version hashes are
    /// replaced by the inferred model's, as Core Data's `NSIgnorePersistentStoreVersioningOption`
    /// would skip the comparison. The user's file and the inspector's first copy are untouched.
    static func adoptHashes(of model: ManagedObjectModel, inCopyAt path: String) throws(FetchError) {
        do {
            let database = try Database(path: path, flags: .readWrite)
            defer { database.close() }
            guard let plist = try database.scalar("SELECT Z_PLIST FROM Z_METADATA LIMIT 1")?.dataValue,
                var metadata = try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any]
            else {
                throw FetchError.copyFailed(reason: "the store's Z_METADATA has no readable property list")
            }
            metadata["NSStoreModelVersionHashes"] = model.entityVersionHashesByName
            let data = try PropertyListSerialization.data(fromPropertyList: metadata, format: .binary, options: 0)
            try database.execute("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob(data)])
        } catch let error as FetchError {
            throw error
        } catch {
            throw .copyFailed(reason: "cannot adopt the inferred model's version hashes: \(error)")
        }
    }
}

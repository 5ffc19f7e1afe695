import Foundation
import SQLite

extension SQLiteStore {
    /// Writes the one `Z_MODELCACHE` row Core Data keeps in every store it creates: the model,
    /// archived and raw-deflated (``ModelCacheEncoder``), so tools that read the store without
    /// the app's model (Apple's framework, `companion inspect`) see the real model.
    ///
    /// Called right after the schema is created. The statement is not written to the SQL debug
    /// log, so the traced creation reads as before.
    static func insertModelCache(for model: ManagedObjectModel, into database: Database) throws {
        let content = try ModelCacheEncoder.compressedArchive(of: model)
        try database.execute("INSERT INTO Z_MODELCACHE(Z_CONTENT) VALUES(?)", [.blob(content)])
    }
}

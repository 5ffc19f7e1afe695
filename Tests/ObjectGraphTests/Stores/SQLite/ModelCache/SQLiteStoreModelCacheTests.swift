import Foundation
import SQLite
import Testing

@testable import ObjectGraph

/// A store ObjectGraph creates carries Core Data's one `Z_MODELCACHE` row.
@Suite struct SQLiteStoreModelCacheTests {
    private func scratchPath() throws -> (URL, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelcache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, directory.appendingPathComponent("Theater.sqlite").path)
    }

    private func cacheRows(at path: String) throws -> [Data] {
        let database = try Database(path: path, flags: .readOnly)
        defer { database.close() }
        let statement = try database.prepare("SELECT Z_CONTENT FROM Z_MODELCACHE")
        var rows: [Data] = []
        while try statement.step() {
            if case .blob(let bytes) = statement.value(at: 0) { rows.append(bytes) }
        }
        return rows
    }

    @Test func newStoreHoldsTheCompressedArchiveOfItsModel() throws {
        let (directory, path) = try scratchPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try StoreFixtures.theaterModel()
        let store = try SQLiteStore(url: URL(fileURLWithPath: path), model: model)
        store.close()
        let rows = try cacheRows(at: path)
        #expect(rows == [try ModelCacheEncoder.compressedArchive(of: model)])
    }

    @Test func reopeningAStoreDoesNotAddASecondRow() throws {
        let (directory, path) = try scratchPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try StoreFixtures.everyTypeModel()
        try SQLiteStore(url: URL(fileURLWithPath: path), model: model).close()
        try SQLiteStore(url: URL(fileURLWithPath: path), model: model).close()
        #expect(try cacheRows(at: path).count == 1)
    }
}

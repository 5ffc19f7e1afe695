import Foundation
import Testing

@testable import ObjectGraph

@Suite struct VersionHashTests {
    @Test(arguments: ModelCorpus.pairs)
    func entityHashesEqualTheStoresRecordedHashes(pair: ModelCorpus.Pair) throws {
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let model = try ModelCorpus.model(of: pair, scratch: scratch)
        let store = try ModelCorpus.copyOfStore(pair.store, in: scratch)
        let metadata = try ModelCorpus.metadata(of: store)
        let storeHashes = try #require(metadata["NSStoreModelVersionHashes"] as? [String: Data])
        #expect(Set(storeHashes.keys) == Set(model.entitiesByName.keys))
        for (name, hash) in storeHashes {
            #expect(model.entityVersionHashesByName[name] == hash, "entity \(name)")
        }
        #expect(model.entitiesDiffering(fromVersionHashes: storeHashes).isEmpty)
    }

    @Test(arguments: ModelCorpus.pairs)
    func digestAndChecksumEqualTheStoresWhenRecorded(pair: ModelCorpus.Pair) throws {
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let model = try ModelCorpus.model(of: pair, scratch: scratch)
        let metadata = try ModelCorpus.metadata(of: try ModelCorpus.copyOfStore(pair.store, in: scratch))
        if let digest = metadata["NSStoreModelVersionHashesDigest"] as? String {
            #expect(model.versionHashesDigest == digest)
        }
        if let checksum = metadata["NSStoreModelVersionChecksumKey"] as? String {
            #expect(model.versionChecksum == checksum)
        }
        let identifiers = try #require(metadata["NSStoreModelVersionIdentifiers"] as? [String])
        #expect(model.versionIdentifiers == Set(identifiers))
    }
}

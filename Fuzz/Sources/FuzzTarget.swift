import Accelerometer
import Foundation
import ObjectGraph
import StoreInspector
import TerminalMarkdown

/// The fuzz targets: each takes arbitrary bytes through one family of readers a student's file
/// reaches, and must return (any error is fine) without a crash, a hang or unbounded memory.
///
/// `make fuzz` builds this executable with libFuzzer (`-sanitize=fuzzer,address`) and runs each
/// target in turn; built normally, it replays files through a target (`companion-fuzz store FILE…`),
/// which is how the regression tests run the inputs fuzzing found.
enum FuzzTarget: String, CaseIterable {
    /// The predicate parser and its SQL compiler, against a small model.
    case predicate
    /// The Xcode model reader, then the SQLite layout, the version hashes and the model cache.
    case model
    /// Binary property lists, keyed archives, `Z_METADATA` values and `Z_MODELCACHE` contents.
    case plist
    /// The terminal Markdown renderer and outline.
    case markdown
    /// IIO scan types, `iio_info` text, libiio XML contexts and recordings.
    case iio
    /// A store file as the inspector opens it: summary, model, metadata and check.
    case store

    /// Runs the target on one input.
    func run(_ data: Data) {
        switch self {
        case .predicate: Self.predicate(data)
        case .model: Self.model(data)
        case .plist: Self.plist(data)
        case .markdown: Self.markdown(data)
        case .iio: Self.iio(data)
        case .store: Self.store(data)
        }
    }

    // MARK: - Targets

    private static func predicate(_ data: Data) {
        let format = String(decoding: data, as: UTF8.self)
        guard let predicate = try? ObjectPredicate(format: format, argumentArray: [1, "text", nil]) else { return }
        _ = predicate.predicateFormat
        for entity in predicateModel.model.entities {
            _ = try? predicate.sql(for: entity, layout: predicateModel.layout)
        }
    }

    private static func model(_ data: Data) {
        guard let model = try? ManagedObjectModel(xcodeModelContents: data) else { return }
        let layout = SQLiteLayout(model: model)
        _ = layout.createStatements
        _ = model.entityVersionHashesByName
        _ = model.versionHashesDigest
        guard let cache = try? ModelCacheEncoder.compressedArchive(of: model) else { return }
        _ = try? ModelCacheDecoder.decode(compressed: cache)
    }

    private static func plist(_ data: Data) {
        // Model caches are stored compressed; anything that is no property list is tried as one.
        let bytes =
            BinaryPropertyListReader.isBinaryPropertyList(data) ? data : ((try? RawInflate.inflate(data)) ?? data)
        _ = try? BinaryPropertyListReader.read(bytes)
        if let value = try? PropertyListValue(data: bytes) {
            _ = StoreMetadata.readableValue(value)
        }
        _ = StoreMetadata.readableValue(.data(bytes))
        if let archive = try? KeyedArchive(data: bytes) {
            _ = archive.readableRoot
            _ = try? ModelCacheDecoder.decode(archive: archive)
        }
    }

    private static func markdown(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        let colors = data.count % 2 == 0
        let renderer = MarkdownRenderer(options: RenderOptions(width: 20 + data.count % 60, colors: colors))
        _ = renderer.render(text)
        _ = MarkdownOutline.headings(in: text)
    }

    private static func iio(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        _ = try? ScanType(parsing: text)
        _ = try? MountMatrix(parsing: text)
        _ = try? IIOInfoReader.devices(fromText: text, source: "fuzz")
        _ = try? LibiioContextReader.devices(fromXML: data, source: "fuzz")
        if let recording = try? Recording(bytes: [UInt8](data)) {
            _ = recording.encoded()
            _ = recording.scanCount
            _ = recording.effectiveSamplingFrequency
        }
    }

    private static func store(_ data: Data) {
        let path = storeFolder + "/store.sqlite"
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        guard FileManager.default.createFile(atPath: path, contents: data) else { return }
        guard let inspection = try? StoreInspection(path: path, options: OpenOptions(timeLimit: 5)) else { return }
        defer { inspection.close() }
        _ = try? StoreSummary(inspection)
        _ = inspection.storeModel?.model.entities.count
        if let metadata = inspection.metadata {
            for entry in metadata.applicationEntries { _ = StoreMetadata.readableValue(entry.value) }
        }
        _ = try? ConsistencyChecker.check(inspection)
    }

    // MARK: - Fixed inputs

    /// A model with every kind of attribute and relationship for predicates to name.
    private static let predicateModel: (model: ManagedObjectModel, layout: SQLiteLayout) = {
        let xml = """
            <model>
              <entity name="Author" representedClassName="Author">
                <attribute name="name" attributeType="String"/>
                <attribute name="born" optional="YES" attributeType="Date"/>
                <attribute name="rating" optional="YES" attributeType="Double"/>
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" \
            destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
              </entity>
              <entity name="Book" representedClassName="Book">
                <attribute name="title" attributeType="String"/>
                <attribute name="pages" optional="YES" attributeType="Integer 32" defaultValueString="0"/>
                <attribute name="isbn" optional="YES" attributeType="UUID"/>
                <attribute name="cover" optional="YES" attributeType="Binary"/>
                <attribute name="price" optional="YES" attributeType="Decimal"/>
                <attribute name="inPrint" optional="YES" attributeType="Boolean"/>
                <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" \
            destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
                <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" \
            destinationEntity="Tag" inverseName="books" inverseEntity="Tag"/>
              </entity>
              <entity name="Tag" representedClassName="Tag">
                <attribute name="label" attributeType="String"/>
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Nullify" \
            destinationEntity="Book" inverseName="tags" inverseEntity="Book"/>
              </entity>
            </model>
            """
        do {
            let model = try ManagedObjectModel(xcodeModelContents: Data(xml.utf8))
            return (model, SQLiteLayout(model: model))
        } catch {
            fatalError("the fuzz model does not read: \(error)")
        }
    }()

    /// A private folder for the store target's file.
    private static let storeFolder: String = {
        let folder = NSTemporaryDirectory() + "/companion-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()
}

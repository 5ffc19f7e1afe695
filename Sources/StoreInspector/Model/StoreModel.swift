import Foundation
import ObjectGraph

/// The model the inspector reads a store with, and where it came from.
public struct StoreModel: Sendable {
    /// Where the model came from.
    public enum Source: Equatable, Sendable {
        /// Decoded from the store's own `Z_MODELCACHE`.
        case modelCache
        /// Inferred from `Z_PRIMARYKEY` and the schema; the strings name what could not be known.
        case inferred(ambiguities: [String])
        /// Read from a model file the user named (`--model`).
        case file(path: String)

        /// A one-line label for listings.
        public var label: String {
            switch self {
            case .modelCache: return "decoded from Z_MODELCACHE"
            case .inferred:
                return
                    "INFERRED from Z_PRIMARYKEY and the schema (no readable model cache in the store; property names "
                    + "lower-cased, to-many names guessed)"
            case .file(let path): return "read from \(path)"
            }
        }
    }

    /// The model.
    public let model: ManagedObjectModel
    /// Where it came from.
    public let source: Source
    /// Apple's table layout for the model (tables, columns, join tables).
    public let layout: SQLiteLayout

    /// Wraps a model and computes its layout.
    ///
    /// - Parameters:
    ///   - model: the model to inspect the store against.
    ///   - source: where the model came from.
    ///   - storedEntityNumbers: the store's `Z_PRIMARYKEY` numbers by the names it keeps, which
    ///     the layout follows where a migration renamed an entity (see ObjectGraph's `SQLiteLayout`).
    public init(model: ManagedObjectModel, source: Source, storedEntityNumbers: [String: Int] = [:]) {
        self.model = model
        self.source = source
        layout = SQLiteLayout(model: model, storedEntityNumbers: storedEntityNumbers)
    }

    /// Reads a model file (`.xcdatamodeld`, `.xcdatamodel` or its `contents`) for `--model`/`--expected`.
    public static func load(path: String) throws(InspectorError) -> ManagedObjectModel {
        guard FileKind(path: path) != .missing else { throw .missing(path: path) }
        do {
            return try ManagedObjectModel(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .badModel(path: path, detail: error.description)
        }
    }
}

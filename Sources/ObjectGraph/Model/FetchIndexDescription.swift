/// A fetch index of an entity: the properties an SQLite index is built over, in order.
public struct FetchIndexDescription: Sendable, Equatable {
    /// The index's name as the model gives it (`byUUID`).
    public let name: String
    /// The indexed properties, in index order.
    public let elements: [FetchIndexElementDescription]

    /// Describes an index named `name` over `elements`.
    public init(name: String, elements: [FetchIndexElementDescription]) {
        self.name = name
        self.elements = elements
    }
}

/// One property of a ``FetchIndexDescription``.
public struct FetchIndexElementDescription: Sendable, Equatable {
    /// How the index compares values.
    public enum CollationType: String, Sendable {
        /// Byte-wise comparison (the default; `COLLATE BINARY`).
        case binary = "Binary"
        /// A spatial R-tree index.
        case rTree = "RTree"
    }

    /// The name of the indexed property.
    public let propertyName: String
    /// How values are compared.
    public let collationType: CollationType
    /// Whether the index sorts ascending (`ASC`) rather than descending.
    public let isAscending: Bool

    /// Describes one indexed property.
    public init(propertyName: String, collationType: CollationType = .binary, isAscending: Bool = true) {
        self.propertyName = propertyName
        self.collationType = collationType
        self.isAscending = isAscending
    }
}
